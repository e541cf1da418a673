"""One interval of a chase or a race: every side's roll against the lap's Difficulty, with
the interval's options (Storypath, "Action-Adventure", "Laps" and "General Chase Options")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_core.explain import Explanation
from rules_core.question import AtLeast, Question
from rules_core.storypath.action import Action
from rules_core.storypath.chase_options import Hazard, hazard, head_start, snatch_and_grab
from rules_core.storypath.errors import ChaseError
from rules_core.storypath.result import ActionResult, spending_lines, tally, task_odds
from rules_core.storypath.terms import PlannedAction
from rules_core.words import count

Hazards = Hazard | Mapping[str, Hazard] | None
"""A hazard for every side of an interval, or one per side by name."""


@dataclass(frozen=True, repr=False)
class Interval:
    """One interval of a chase or race: each side's roll, and everyone's laps after it."""

    number: int
    results: tuple[ActionResult, ...]
    laps: tuple[tuple[str, int], ...]

    def lap_of(self, who: str) -> bool:
        """Whether ``who`` completed a lap this interval."""
        return next(r.succeeded for r in self.results if r.who == who)

    def odds(self) -> tuple[Question, ...]:
        """Each side's chance of a lap in an interval like this one."""
        return tuple(lap_odds(r.action) for r in self.results)

    def explain(self) -> Explanation:
        """Every side's dice, the lap or not, what threshold successes bought, the laps;
        the odds of each side's roll (this many successes, a lap, buying everything)."""
        lines: list[str] = []
        for result in self.results:
            lap = "a lap" if result.succeeded else "no lap"
            lines.append(f"{result.who}: {tally(result.action, result.dice)[:-1]}: {lap}.")
            lines += [f"{result.who}: {note}" for note in result.dice.notes()]
            lines += [f"{result.who}: {line}" for line in spending_lines(result.outcome_of_task)]
        lines.append("Laps: " + ", ".join(f"{who} {n}" for who, n in self.laps) + ".")
        odds = tuple(q for r in self.results for q in task_odds(r.action, r.total))
        return Explanation(title=f"Interval {self.number}",
                           rolls=tuple(r.dice.view() for r in self.results),
                           lines=tuple(lines), odds=odds)

    def __repr__(self) -> str:
        sides = ", ".join(f"{r.who} {count(r.total, 'success')} "
                          f"({'lap' if r.succeeded else 'no lap'})" for r in self.results)
        return f"Interval {self.number}: {sides}"


def lap_odds(action: PlannedAction) -> AtLeast:
    """The chance ``action`` completes a lap (reaches its Difficulty), each interval."""
    return AtLeast(action.procedure(), max(action.difficulty, 1), who=action.who,
                   per="interval", event="a lap")


def stage(action: Action, using: Mapping[str, Action]) -> Action:
    """The pool ``action``'s side rolls this interval: its own, or the one ``using`` gives
    it (a journey's stages call for varied pools; Scion 2nd Edition, "Other Chases")."""
    other = using.get(action.who)
    if other is None:
        return action
    if not isinstance(other, Action) or other.who != action.who:
        raise ChaseError(f"using gives {action.who} a pool of their own for the interval, "
                         f"not {other!r}")
    return other


def with_options(action: Action, *, head_starts: Mapping[str, int], hazards: Hazards,
                 grabs: Mapping[str, str]) -> Action:
    """``action`` with this interval's Head Start, Hazard and Snatch and Grab, if it has
    any."""
    who = action.who
    if who in head_starts:
        action = head_start(action, head_starts[who])
    found = hazards.get(who) if isinstance(hazards, Mapping) else hazards
    if found is not None:
        action = hazard(action, found)
    if who in grabs:
        action = snatch_and_grab(action, grabs[who])
    return action


def check_sides(names: tuple[str, ...], **given: Mapping[str, object] | Hazards) -> None:
    """A clear error if an option names someone not in the chase."""
    for option, value in given.items():
        if isinstance(value, Mapping):
            strangers = sorted(set(value) - set(names))
            if strangers:
                raise ChaseError(f"{option} names {', '.join(strangers)}, who is not in this "
                                 f"chase ({', '.join(names)})")

"""Chases: a single opposed roll, or a complex action whose milestones are laps (Storypath,
"Action-Adventure", "Chases" and "Laps").

- A short chase is **one opposed roll**: flight or failure. The one fleeing acts; the
  pursuer resists, and a tie goes to the pursuer (the contest default: ties to the
  defender; "Chases" names no tie rule).
- A longer chase is a **complex action**: each **interval**, every side rolls its chase pool
  against the lap's Difficulty, and a success completes a **lap**. The first to the laps the
  distance needs catches the quarry or gets away; if both get there in the same interval,
  more successes that interval wins, a tie going to the pursuer.
- The **interval limit** ends it. For a character in flight it is where the pursuit
  overwhelms them (a dead end, the disaster arriving); for a pursuer, it is the quarry's
  place of safety. Either way the side the limit works against has not finished: by default
  that is the player characters' side. A chase the limit ends says so in its verdict
  (``at_limit``, and the quarry safe or overwhelmed as its ``outcome``).

Each interval may bring a Head Start, a Hazard or a Snatch and Grab
([`Hazard`][rules_core.storypath.Hazard], [`head_start`][rules_core.storypath.head_start],
[`snatch_and_grab`][rules_core.storypath.snatch_and_grab]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rules_core.contest import Side
from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation
from rules_core.limits import MAX_ROUNDS
from rules_core.marks import Tone
from rules_core.names import running_text
from rules_core.outcome import Outcome
from rules_core.play import PlayLoop
from rules_core.question import AtLeast, NoOdds, Question, Repeated
from rules_core.storypath.action import Action
from rules_core.storypath.chase_options import SNATCH_AND_GRAB
from rules_core.storypath.contested import Contested, contest
from rules_core.storypath.errors import ChaseError
from rules_core.storypath.interval import Hazards, Interval, check_sides, stage, with_options
from rules_core.storypath.terms import Item
from rules_core.words import count, whole


def chase_roll(quarry: Action, pursuer: Action, *, dice: DiceSource, defence: DiceSource,
               ties_to: str = "") -> Contested:
    """A chase as one opposed roll: ``quarry`` flees (``dice``), ``pursuer`` chases
    (``defence``); ties go to the pursuer unless ``ties_to`` names the quarry."""
    side = Side.ACTOR if ties_to == quarry.who else Side.OPPONENT
    if ties_to not in ("", quarry.who, pursuer.who):
        raise ChaseError(f"ties go to {quarry.who} or {pursuer.who}, not {ties_to!r}")
    why = (f"Ties go to {quarry.who}, as asked." if side is Side.ACTOR else
           f"Ties go to {pursuer.who}: the pursuer resists the flight, and ties go to the "
           "defender.")
    return contest(quarry, pursuer, dice=dice, defence=defence, ties_to=side, task="Flight",
                   why=why)


class Chase(PlayLoop[Interval]):
    """A chase as a complex action: ``quarry`` flees and ``pursuer`` follows (or nobody,
    against the clock: ``pursuer=None``), each needing ``laps`` laps, within
    ``interval_limit`` intervals.

    ``limit_favours`` names who the interval limit works for: by default the side that is
    not the player characters' (the pursuer of fleeing PCs; the quarry of pursuing PCs).
    ``ties_to``: who wins when both finish in the same interval with as many successes (by
    default the pursuer). Play it an [`interval`][rules_core.storypath.Chase.interval] at a
    time, or ``play`` it out. ``items`` holds what each side picked up by Snatch and Grab
    (by name; an empty list for a side that has picked up nothing):
    [`Item`][rules_core.storypath.Item]s a later roll takes with
    [`Action.using`][rules_core.storypath.Action.using].

    Once it is over, ``winner`` names who won, ``ending`` says how in words, ``at_limit``
    whether the interval limit ended it, and ``outcome`` is its verdict for the quarry:
    ``GOT_AWAY`` or ``CAUGHT`` when a side finishes the laps, ``SAFE_AT_LIMIT`` or
    ``OVERWHELMED_AT_LIMIT`` when the limit ends it (a lone side: success or failure).
    """

    GOT_AWAY: ClassVar[Outcome] = Outcome("got away", True, Tone.SUCCESS)
    """The quarry finished the laps first (or won the tie of finishing together)."""
    CAUGHT: ClassVar[Outcome] = Outcome("caught", False, Tone.FAILURE)
    """The pursuer finished the laps first (or won the tie of finishing together)."""
    SAFE_AT_LIMIT: ClassVar[Outcome] = Outcome("safe at the interval limit", True,
                                               Tone.SUCCESS)
    """Nobody finished in time, and the limit favours the quarry: a place of safety."""
    OVERWHELMED_AT_LIMIT: ClassVar[Outcome] = Outcome("overwhelmed at the interval limit",
                                                      False, Tone.FAILURE)
    """Nobody finished in time, and the limit works against the quarry: a dead end, the
    disaster arriving, the pursuit closing over them."""

    def __init__(self, quarry: Action, pursuer: Action | None = None, *, laps: int,
                 interval_limit: int, limit_favours: str | None = None,
                 ties_to: str | None = None) -> None:
        self.needed = whole(laps, "laps", 1, ChaseError)
        self.limit = whole(interval_limit, "interval_limit", 1, ChaseError)
        if self.limit < self.needed:
            raise ChaseError(f"an interval limit of {self.limit} leaves no time for "
                             f"{count(self.needed, 'lap')}: give at least {self.needed}")
        if self.limit > MAX_ROUNDS:
            raise ChaseError(f"an interval limit of {self.limit} is over the engine's limit of "
                             f"{MAX_ROUNDS} rounds")
        super().__init__(self.limit)
        self.quarry, self.pursuer = quarry, pursuer
        self.sides = (quarry,) if pursuer is None else (quarry, pursuer)
        if pursuer is not None and pursuer.who == quarry.who:
            raise ChaseError(f"{quarry.who} cannot chase themself")
        self.favours = self._favours(limit_favours)
        self.ties_to = self._side(ties_to) if ties_to else (
            pursuer.who if pursuer is not None else quarry.who)
        self.items: dict[str, list[Item]] = {side.who: [] for side in self.sides}
        self.decided: tuple[str | None, str] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The sides, the quarry first."""
        return tuple(a.who for a in self.sides)

    def laps(self, who: str) -> int:
        """The laps ``who`` has completed."""
        self._side(who)
        return sum(1 for interval in self.log if interval.lap_of(who))

    @property
    def done(self) -> bool:
        """Whether the chase is over."""
        return self.decided is not None

    @property
    def winner(self) -> str | None:
        """Who won (``None`` while it goes on, or when a lone side ran out of intervals)."""
        return self.decided[0] if self.decided else None

    @property
    def at_limit(self) -> bool:
        """Whether the interval limit ended the chase: its last interval was played and no
        side had finished the laps ("Laps": the limit means safety for a pursued quarry, a
        dead end or the disaster for one in flight)."""
        return self.done and all(self.laps(who) < self.needed for who in self.names)

    @property
    def ending(self) -> str:
        """How the chase ended, in words ("" while it goes on): ``Ana gets away clean``,
        ``Frost giant catches Ana``, ``the pursuit overwhelms Ana, a dead end``."""
        return self.decided[1] if self.decided else ""

    @property
    def outcome(self) -> Outcome:
        """The verdict, for the quarry: ``Outcome.NONE`` while the chase goes on; a lone
        side's success or failure; else ``GOT_AWAY`` or ``CAUGHT``, or, when the interval
        limit ends it, ``SAFE_AT_LIMIT`` or ``OVERWHELMED_AT_LIMIT``."""
        if not self.done:
            return Outcome.NONE
        won = self.winner == self.quarry.who
        if self.pursuer is None:
            return Outcome.of(won)
        if self.at_limit:
            return self.SAFE_AT_LIMIT if won else self.OVERWHELMED_AT_LIMIT
        return self.GOT_AWAY if won else self.CAUGHT

    def interval(self, dice: DiceSource, other: DiceSource | None = None, *,
                 head_start: Mapping[str, int] | None = None, hazard: Hazards = None,
                 grab: Mapping[str, str] | None = None,
                 using: Mapping[str, Action] | None = None) -> Interval:
        """Play one interval: the quarry rolls ``dice``, the pursuer ``other`` (or
        ``dice``). ``head_start`` gives sides a Head Start (by name, 1 to 3); ``hazard`` is
        a [`Hazard`][rules_core.storypath.Hazard] for every side, or one per side by name;
        ``grab`` names what a side tries to Snatch and Grab. ``using`` gives a side another
        pool for this interval only (by name: a journey's varied stages, a maze after a
        sprint)."""
        number = self.begin_round()
        head_start, grab, using = dict(head_start or {}), dict(grab or {}), dict(using or {})
        check_sides(self.names, head_start=head_start, hazard=hazard, grab=grab, using=using)
        results = []
        for action, source in zip(self.sides, (dice, other or dice), strict=False):
            action = stage(action, using)
            with rolling_for(f"{action.who}'s roll in interval {number}"):
                rolled = with_options(action, head_starts=head_start, hazards=hazard,
                                      grabs=grab).roll(source)
            if any(s.name == SNATCH_AND_GRAB for s in rolled.stunts):
                self.items.setdefault(action.who, []).append(Item(grab[action.who]))
            results.append(rolled)
        laps = tuple((a.who, self.laps(a.who) + results[i].succeeded)
                     for i, a in enumerate(self.sides))
        played = self.record(Interval(number, tuple(results), laps))
        self._settle(played)
        return played

    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> Interval:
        """One interval with no options (see ``interval``)."""
        return self.interval(dice, other)

    def over(self) -> str:
        """Why no interval can be played: the chase is over."""
        return f"the chase is over: {self._verdict()}"

    def stalled(self) -> str:
        """The interval limit is the chase's end, so this is never reached."""
        return f"{len(self.log)} intervals played: the interval limit ends the chase"

    def odds(self) -> tuple[Question, ...]:
        """Each side's chance of a lap in each kind of interval played; the whole chase's
        chance for a lone side whose every interval is the same roll, else none."""
        per = tuple(dict.fromkeys(q for interval in self.log for q in interval.odds()))
        if self.pursuer is None and len(per) == 1 and isinstance(per[0], AtLeast):
            return (*per, Repeated(per[0], self.needed, self.limit, "completing the chase",
                                   "the interval limit"))
        whole_ = NoOdds("the chase as a whole", "only the odds of each interval are worked "
                        "out") if per else None
        return (*per, *((whole_,) if whole_ else ()))

    def explain(self) -> Explanation:
        """One row per interval, the laps so far, the rule and the verdict."""
        def row(n: int, played: Interval) -> tuple[str, ...]:
            cells = tuple(f"{r.total}{' ✓ lap' if r.succeeded else ''}"
                          for r in played.results)
            return (str(n), *cells, " – ".join(str(laps) for _, laps in played.laps))

        header = ("Interval", *(f"{who} (successes)" for who in self.names),
                  "Laps (" + " – ".join(self.names) + ")")
        items = [f"{who} picked up: {', '.join(map(str, got))}."
                 for who, got in self.items.items() if got]
        return Explanation(title=self._title(), lines=(self._rule(), *items,
                                                       self._verdict() + "."),
                           tables=(self.table("Intervals", header, row),),
                           outcome=self.outcome, odds=self.odds())

    def _settle(self, played: Interval) -> None:
        finished = [r for r in played.results if self.laps(r.who) >= self.needed]
        if len(finished) == 2:
            a, b = finished
            best = a if a.total > b.total else b if b.total > a.total else None
            if best is None:
                both = count(a.total, "success")
                self.decided = (self.ties_to, f"both finish with {both}; the tie goes to "
                                              f"{self.ties_to}")
            else:
                self.decided = (best.who, f"both finish; {best.who} has more successes")
        elif finished:
            self.decided = (finished[0].who, self._finish_words(finished[0].who))
        elif played.number >= self.limit:
            self.decided = (self.favours, self._limit_words())

    def _finish_words(self, who: str) -> str:
        if self.pursuer is None:
            return f"{who} completes the {count(self.needed, 'lap')}"
        if who == self.quarry.who:
            return f"{who} gets away clean"
        return f"{who} catches {self.quarry.who}"

    def _limit_words(self) -> str:
        if self.pursuer is None:
            return f"the interval limit comes before {self.quarry.who} completes the laps"
        if self.favours == self.quarry.who:
            return f"{self.quarry.who} reaches a place of safety"
        return f"the pursuit overwhelms {self.quarry.who}, a dead end"

    def _favours(self, named: str | None) -> str | None:
        if self.pursuer is None:
            if named:
                raise ChaseError("a lone side has nobody for the interval limit to favour")
            return None
        if named:
            return self._side(named)
        if self.quarry.player != self.pursuer.player:
            return self.quarry.who if self.pursuer.player else self.pursuer.who
        raise ChaseError(f"{self.quarry.who} and {self.pursuer.who} are on the same footing: "
                         "say who the interval limit favours with limit_favours=")

    def _side(self, who: str) -> str:
        if who not in self.names:
            raise ChaseError(f"{who!r} is not in this chase ({', '.join(self.names)})")
        return who

    def _title(self) -> str:
        if self.pursuer is None:
            return f"Chase: {self.quarry.who} against the interval limit"
        return f"Chase: {self.quarry.who} fleeing {self.pursuer.who}"

    def _rule(self) -> str:
        laps = f"{count(self.needed, 'lap')} within {count(self.limit, 'interval')}"
        if self.pursuer is None:
            return f"{self.quarry.who} needs {laps}."
        return (f"First to {laps}; a tie in the same interval goes to {self.ties_to}; the "
                f"interval limit favours {self.favours}.")

    def _verdict(self) -> str:
        laps = ", ".join(f"{who} {count(self.laps(who), 'lap')}" for who in self.names)
        if self.decided is None:
            return f"{laps} after {count(len(self.log), 'interval')}"
        winner, how = self.decided
        limit = "the interval limit: " if self.at_limit and self.pursuer else ""
        return f"{laps}: {limit}{how}" + (f"; {winner} wins" if winner and self.pursuer else "")

    def copy(self) -> Chase:
        """An independent copy (for trying an interval)."""
        twin = super().copy()
        twin.items = {who: list(got) for who, got in self.items.items()}
        return twin

    def __repr__(self) -> str:
        return running_text(f"<{self._title()}: {self._verdict()}>")


"""Extended tasks (Kruhl 3e, "Extended Tasks").

The GM sets a DV, the successes needed and, optionally, the most attempts allowed; each
attempt is an unopposed roll. With no attempt limit and random dice nothing guarantees an
end, so a task stops at ``max_rounds`` attempts with a
[`ContestLimitError`][rules_core.kruhl.ContestLimitError] (the core's play loop). Extended
contests are [`Race`][rules_core.kruhl.Race] and [`Chase`][rules_core.kruhl.Chase].
"""

from __future__ import annotations

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.contest import Contest, unopposed
from rules_core.kruhl.difficulties import Difficulty, difficulty
from rules_core.kruhl.errors import ContestLimitError
from rules_core.limits import MAX_ROUNDS
from rules_core.outcome import Outcome
from rules_core.play import PlayLoop
from rules_core.question import AtLeast, Question, Repeated, Wins, each
from rules_core.words import noun, whole

__all__ = ["MAX_ROUNDS", "ExtendedTask"]


class ExtendedTask(PlayLoop[Contest]):
    """An unopposed task needing several successes, perhaps in limited attempts.

    ``check`` is rolled against ``dv`` at every attempt (the GM's 2d6 + DV, or the DV alone
    if ``fixed``); ``successes`` are needed within ``attempts`` (no limit if None). Each
    [`attempt`][rules_core.kruhl.ExtendedTask.attempt] is a
    [`Contest`][rules_core.kruhl.Contest]; ``play`` makes attempts until the task is decided.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> climber = Character("Ana", {"Agility": 2}, skills={"Athletics": "skilled"})
        >>> climb = ExtendedTask(climber.check("Athletics"), 3, successes=2, attempts=3)
        >>> climb.attempt(ScriptedDice("6 6"), gm=ScriptedDice("1 1")).succeeded
        True
        >>> climb.attempt(ScriptedDice("5 5"), gm=ScriptedDice("2 2")).succeeded
        True
        >>> climb.succeeded, climb.done
        (True, True)
    """

    limit_error = ContestLimitError

    def __init__(self, check: SkillCheck, dv: int | str | Difficulty, *, successes: int,
                 attempts: int | None = None, fixed: bool = False,
                 max_rounds: int | None = None) -> None:
        super().__init__(max_rounds)
        self.needed = whole(successes, "successes needed", 1)
        self.allowed = None if attempts is None else whole(attempts, "attempts", 1)
        self.check = check
        self.difficulty = difficulty(dv)
        self.fixed = fixed

    @property
    def attempts(self) -> list[Contest]:
        """Every attempt so far."""
        return self.log

    @property
    def successes(self) -> int:
        """Successful attempts so far."""
        return sum(1 for attempt in self.log if attempt.succeeded)

    @property
    def succeeded(self) -> bool:
        """Whether the required successes are reached."""
        return self.successes >= self.needed

    @property
    def out_of_attempts(self) -> bool:
        """Whether the attempt limit ran out first."""
        return (not self.succeeded and self.allowed is not None
                and len(self.log) >= self.allowed)

    @property
    def done(self) -> bool:
        """Whether the task is decided."""
        return self.succeeded or self.out_of_attempts

    def attempt(self, dice: DiceSource, gm: DiceSource | None = None,
                check: SkillCheck | None = None) -> Contest:
        """One attempt: the actor's roll, then the GM's 2d6 + DV (from ``gm`` or ``dice``)."""
        self.begin_round()
        return self.record(unopposed(check or self.check, self.difficulty, dice=dice, gm=gm,
                                     fixed=self.fixed))

    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> Contest:
        """One attempt (the GM rolls with ``other``, or ``dice``)."""
        return self.attempt(dice, other)

    def over(self) -> str:
        """Why no attempt can be made: the task is decided (its tally in words)."""
        return (f"the extended task is already over ({self._state()}): start a new "
                "ExtendedTask to try again")

    def stalled(self) -> str:
        """Why the round limit stopped the task, and how to give it an end."""
        return (f"{len(self.log)} attempts made, the limit of this task: raise max_rounds or "
                "set attempts= to give the task an end")

    def explain(self) -> Explanation:
        """One row per attempt, and the odds of each attempt."""
        def row(n: int, attempt: Contest) -> tuple[str, ...]:
            so_far = sum(1 for a in self.log[:n] if a.succeeded)
            return (str(n), str(attempt.roll.total), str(attempt.target.total),
                    str(Outcome.of(attempt.succeeded)), str(so_far))

        table = self.table(f"Attempts against {self.difficulty}",
                           ("Attempt", self.check.who, "GM", "Outcome", "Successes"), row)
        outcome = Outcome.of(self.succeeded) if self.done else Outcome.NONE
        return Explanation(title=f"{self.check.who}: extended {self.check.label}",
                           lines=(self._state().capitalize() + ".",), outcome=outcome,
                           tables=(table,), odds=self.odds())

    def odds(self) -> tuple[Question, ...]:
        """The odds of each attempt and, when every attempt is the same roll, of the whole
        task: so many successes within the attempts allowed (or the round limit)."""
        attempts = tuple(dict.fromkeys(each(a.odds(), "attempt") for a in self.log))
        if len(attempts) != 1 or not isinstance(attempts[0], AtLeast | Wins):
            return attempts
        tries = self.allowed if self.allowed is not None else self.max_rounds
        note = "" if self.allowed is not None else "the most an extended task runs here"
        return (*attempts, Repeated(attempts[0], self.needed, tries, "finishing the task", note))

    def _state(self) -> str:
        limit = f" of {self.allowed}" if self.allowed is not None else ""
        tally = (f"{self.successes} of {self.needed} successes after {len(self.log)}"
                 f"{limit} {noun(len(self.log), 'attempt')}")
        verdict = ("success" if self.succeeded else "out of attempts" if self.out_of_attempts
                   else "under way")
        return f"{tally}, {verdict}"

    def __repr__(self) -> str:
        return (f"<Extended {self.check.label} by {self.check.who} vs {self.difficulty}: "
                f"{self._state()}>")

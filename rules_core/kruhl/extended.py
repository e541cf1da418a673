"""Extended tasks (Kruhl 3e, "Extended Tasks").

The GM sets a DV, the successes needed and, optionally, the most attempts allowed; each
attempt is an unopposed roll. With no attempt limit and random dice nothing guarantees an
end, so a task stops at ``max_rounds`` attempts with a
:class:`~rules_core.kruhl.errors.ContestLimitError`. Extended contests are in
:mod:`~rules_core.kruhl.extended_contests`.
"""

from __future__ import annotations

import copy
from typing import Self

from rules_core.dice import DiceSource
from rules_core.errors import RulesError
from rules_core.explain import Explanation, TableView
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.contest import Contest, unopposed
from rules_core.kruhl.difficulty import Difficulty, difficulty
from rules_core.kruhl.errors import ContestLimitError

#: Most rounds (or attempts) an extended task or contest may run by default.
MAX_ROUNDS = 100


class ExtendedTask:
    """An unopposed task needing several successes, perhaps in limited attempts."""

    def __init__(self, check: SkillCheck, dv: int | str | Difficulty, *, successes: int,
                 attempts: int | None = None, fixed: bool = False,
                 max_rounds: int = MAX_ROUNDS) -> None:
        positive("successes needed", successes)
        if attempts is not None:
            positive("attempts", attempts)
        self.check = check
        self.difficulty = difficulty(dv)
        self.needed = successes
        self.allowed = attempts
        self.fixed = fixed
        self.max_rounds = max_rounds
        self.attempts: list[Contest] = []

    @property
    def successes(self) -> int:
        """Successful attempts so far."""
        return sum(1 for attempt in self.attempts if attempt.succeeded)

    @property
    def succeeded(self) -> bool:
        """Whether the required successes are reached."""
        return self.successes >= self.needed

    @property
    def out_of_attempts(self) -> bool:
        """Whether the attempt limit ran out first."""
        return (not self.succeeded and self.allowed is not None
                and len(self.attempts) >= self.allowed)

    @property
    def done(self) -> bool:
        """Whether the task is decided."""
        return self.succeeded or self.out_of_attempts

    def attempt(self, dice: DiceSource, gm: DiceSource | None = None,
                check: SkillCheck | None = None) -> Contest:
        """One attempt: the actor's roll, then the GM's 2d6 + DV (from ``gm`` or ``dice``)."""
        if self.done:
            raise RulesError(f"the extended task is already over ({self._state()}): "
                             "start a new ExtendedTask to try again")
        if len(self.attempts) >= self.max_rounds:
            raise ContestLimitError(
                f"{len(self.attempts)} attempts made, the limit of this task: raise "
                "max_rounds or set attempts= to give the task an end"
            )
        result = unopposed(check or self.check, self.difficulty, dice=dice, gm=gm,
                           fixed=self.fixed)
        self.attempts.append(result)
        return result

    def play(self, dice: DiceSource, gm: DiceSource | None = None) -> Self:
        """Attempt until the task is decided (or the round limit stops it)."""
        while not self.done:
            self.attempt(dice, gm)
        return self

    def copy(self) -> Self:
        """An independent copy."""
        twin = copy.copy(self)
        twin.attempts = list(self.attempts)
        return twin

    def explain(self) -> Explanation:
        """One row per attempt."""
        rows, count = [], 0
        for n, attempt in enumerate(self.attempts, 1):
            count += attempt.succeeded
            rows.append((str(n), str(attempt.roll.total), str(attempt.target.total),
                         "success" if attempt.succeeded else "failure", str(count)))
        table = TableView(f"Attempts against {self.difficulty}",
                          ("Attempt", self.check.who, "GM", "Outcome", "Successes"), tuple(rows))
        outcome = "success" if self.succeeded else "failure" if self.done else ""
        return Explanation(title=f"{self.check.who}: extended {self.check.label}",
                           lines=(self._state().capitalize() + ".",), outcome=outcome,
                           tables=(table,))

    def _state(self) -> str:
        limit = f" of {self.allowed}" if self.allowed is not None else ""
        tally = (f"{self.successes} of {self.needed} successes after {len(self.attempts)}"
                 f"{limit} attempt{'' if len(self.attempts) == 1 else 's'}")
        verdict = ("success" if self.succeeded else "out of attempts" if self.out_of_attempts
                   else "under way")
        return f"{tally}, {verdict}"

    def __repr__(self) -> str:
        return (f"<Extended {self.check.label} by {self.check.who} vs {self.difficulty}: "
                f"{self._state()}>")


def positive(what: str, n: int) -> None:
    if not isinstance(n, int) or n < 1:
        raise RulesError(f"{what} must be a whole number, 1 or more, not {n!r}")

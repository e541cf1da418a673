"""Degrees of success and of failure.

A Song of Ice and Fire Roleplaying, core rules: a test that reaches its Difficulty succeeds
with **1 degree of success (DoS)** if it beat it by 0–4, **2** by 5–9, **3** by 10–14 and
**4** by 15 or more. A test that misses by 1–4 is a **marginal failure**; by 5 or more a
**critical failure**. "Critical Failures (Fumbles)" also calls a fumble (every die a 1) a
"critical failure": [`Readings`][rules_core.chronicle.Readings] says which a rule means.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.tables import RulesTable
from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.words import count

MOST_DEGREES = 4
"""Four degrees of success at most (a margin of 15 or more)."""

DEGREE_STEP = 5
"""Each 5 points of margin past the Difficulty is one more degree."""

CRITICAL_MISS = 5
"""A miss by 5 or more is a critical failure (core SIFRP)."""


def degrees_of_success(result: int, target: int) -> int:
    """The degrees of success of ``result`` against ``target`` (0 on a failure).

    Examples:
        >>> [degrees_of_success(r, 9) for r in (8, 9, 13, 14, 23, 24, 40)]
        [0, 1, 1, 2, 3, 4, 4]
    """
    if result < target:
        return 0
    return min(1 + (result - target) // DEGREE_STEP, MOST_DEGREES)


@dataclass(frozen=True)
class Grade:
    """A result against a target: success and its degrees, or the kind of failure.

    Examples:
        >>> Grade(17, 9)
        <17 against 9: success, 2 degrees>
        >>> Grade(3, 9).failure
        'critical'
    """

    result: int
    target: int

    @property
    def succeeded(self) -> bool:
        """Whether the result reaches the target."""
        return self.result >= self.target

    @property
    def margin(self) -> int:
        """By how much the result beats (positive) or misses (negative) the target."""
        return self.result - self.target

    @property
    def degrees(self) -> int:
        """Degrees of success, 1 to 4 (0 on a failure)."""
        return degrees_of_success(self.result, self.target)

    @property
    def failure(self) -> str:
        """``""`` on a success, ``"marginal"`` for a miss by 1–4, ``"critical"`` for 5+."""
        if self.succeeded:
            return ""
        return "critical" if -self.margin >= CRITICAL_MISS else "marginal"

    def text(self) -> str:
        """``success by 8, 2 degrees of success`` or ``missed by 6, a critical failure``."""
        if self.succeeded:
            by = f" by {self.margin}" if self.margin else ", met exactly"
            return f"success{by}, {count(self.degrees, 'degree')} of success"
        return f"missed by {-self.margin}, a {self.failure} failure"

    def explain(self) -> Explanation:
        """The result against the target, in words."""
        return Explanation(title=f"{self.result} against {self.target}",
                           lines=(self.text().capitalize() + ".",),
                           outcome=Outcome.of(self.succeeded))

    def __repr__(self) -> str:
        if self.succeeded:
            return f"<{self.result} against {self.target}: success, " \
                   f"{count(self.degrees, 'degree')}>"
        return f"<{self.result} against {self.target}: {self.failure} failure>"


def degrees_table() -> RulesTable:
    """The bands of degrees, and the two kinds of failure, as a table."""
    return RulesTable("Degrees of success", ("Result against the Difficulty", "Outcome"), (
        ("missed by 5 or more", "critical failure"),
        ("missed by 1 to 4", "marginal failure"),
        ("reached, or beat by up to 4", "success, 1 degree"),
        ("beat by 5 to 9", "success, 2 degrees"),
        ("beat by 10 to 14", "success, 3 degrees"),
        ("beat by 15 or more", "success, 4 degrees"),
    ))

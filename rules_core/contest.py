"""One shape for every contest: two rolls, who wins ties, and a rule the system supplies.

Systems decide contests differently (Kruhl compares totals; 'Verses cancels successes with
successes), but every contest has the same parts: the actor's roll and the opponent's, the
side a tie goes to, whether the actor succeeded and by how much, a verdict in words, an
explanation showing both rolls, and the chance the actor had to win. The comparison itself
is a [`ContestRule`][rules_core.contest.ContestRule] supplied by the system; the core names no
rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Generic, Protocol, TypeVar

from rules_core.explain import Explanation, RollView
from rules_core.outcome import Outcome
from rules_core.question import Question


class Side(StrEnum):
    """A side of a contest: who a tie goes to (``Contest.ties_to``)."""

    ACTOR = "actor"
    """The side that acts (attacks, tries the task)."""
    OPPONENT = "opponent"
    """The side that resists (defends, or the GM's roll against a difficulty)."""


@dataclass(frozen=True)
class Comparison:
    """What a contest rule made of two rolls: success, margin, and the verdict in words."""

    succeeded: bool
    margin: int
    verdict: str


class Contestant(Protocol):
    """A roll that can take part in a contest: it knows whose it is and how it looks."""

    @property
    def who(self) -> str:
        """Whose roll it is."""
        ...

    def view(self) -> RollView:
        """The dice as a card shows them."""
        ...


R = TypeVar("R", bound=Contestant)
"""The kind of roll a contest compares (a system's own roll: a skill roll, a pool roll)."""

R_contra = TypeVar("R_contra", bound=Contestant, contravariant=True)
"""The kind of roll a contest rule accepts."""


class ContestRule(Protocol[R_contra]):
    """How a system decides a contest (compare totals, cancel successes…)."""

    def compare(self, actor: R_contra, opponent: R_contra, ties_to: Side) -> Comparison:
        """Decide the contest."""
        ...

    def question(self, actor: R_contra, opponent: R_contra, ties_to: Side) -> Question:
        """The odds question: how likely the actor was to win with these pools."""
        ...


@dataclass(frozen=True, repr=False)
class Contest(Generic[R]):
    """The actor's roll against the opponent's, decided by ``rule``; ties go to ``ties_to``."""

    actor: R
    opponent: R
    rule: ContestRule[R]
    ties_to: Side = Side.ACTOR

    @cached_property
    def comparison(self) -> Comparison:
        """The rule's decision (worked out once)."""
        return self.rule.compare(self.actor, self.opponent, self.ties_to)

    @property
    def who(self) -> str:
        """The actor."""
        return self.actor.who

    @property
    def succeeded(self) -> bool:
        """Whether the actor succeeds."""
        return self.comparison.succeeded

    @property
    def margin(self) -> int:
        """By how much, as the rule measures it."""
        return self.comparison.margin

    @property
    def winner(self) -> str:
        """Who won: the actor or the opponent."""
        return self.actor.who if self.succeeded else self.opponent.who

    def verdict(self) -> str:
        """The comparison in words."""
        return self.comparison.verdict

    def odds(self) -> Question:
        """The chance the actor had to win, as a question for [`odds`][rules_core.odds]."""
        return self.rule.question(self.actor, self.opponent, self.ties_to)

    def explain_as(self, title: str, pool: str = "", lines: tuple[str, ...] = ()
                   ) -> Explanation:
        """Both rolls, ``lines`` then the verdict, the outcome and the odds."""
        return Explanation(title=title, pool=pool,
                           rolls=(self.actor.view(), self.opponent.view()),
                           lines=(*lines, self.verdict()),
                           outcome=Outcome.of(self.succeeded), odds=(self.odds(),))

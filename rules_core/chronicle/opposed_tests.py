"""Opposed tests: both sides roll, the higher result wins.

Chronicle System (SIFRP core): in an opposed test each side rolls its test and the higher
result wins. "Combat Actions" uses one (Pin: opposed Athletics) without saying who wins a tie;
here a tie goes to the side that resists (the pin needs more), unless ``ties_to`` says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.result import TestResult
from rules_core.chronicle.rolling import AbilityTest
from rules_core.contest import Comparison, Contest, ContestRule, Side
from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.question import Question, Settled, Wins


class CompareResults:
    """The Chronicle rule for an opposed test: the higher result wins; a tie goes to
    ``ties_to``."""

    def compare(self, actor: TestResult, opponent: TestResult, ties_to: Side) -> Comparison:
        """Compare the results."""
        a, b = actor.result, opponent.result
        won = a > b or (a == b and ties_to is Side.ACTOR)
        sign = ">" if a > b else "=" if a == b else "<"
        tie = ""
        if a == b:
            tie = f" (a tie goes to {actor.who if ties_to is Side.ACTOR else opponent.who})"
        winner = actor.who if won else opponent.who
        return Comparison(won, a - b, f"{a} {sign} {b}: {winner} wins{tie}.")

    def question(self, actor: TestResult, opponent: TestResult, ties_to: Side) -> Question:
        """The chance the actor's result beats (or, with ties to the actor, meets) the other."""
        won = f"winning the opposed {actor.test.ability} test"
        if actor.test.automatic or opponent.test.automatic:
            return Settled(actor.who, won, actor.test.automatic,
                           "a burned Destiny Point decides it")
        margin, note = ((0, f"ties go to {actor.who}") if ties_to is Side.ACTOR
                        else (1, f"ties go to {opponent.who}"))
        return Wins(actor.who, actor.procedure, opponent.who, opponent.procedure, margin, note,
                    event=won)


RESULTS = CompareResults()
"""The opposed-test rule."""


@dataclass(frozen=True, repr=False)
class OpposedTest(Contest[TestResult]):
    """Two tests against each other: the actor's and the opponent's, decided by
    [`RESULTS`][rules_core.chronicle.opposed_tests.RESULTS] (ties to the opponent by default)."""

    rule: ContestRule[TestResult] = RESULTS
    ties_to: Side = Side.OPPONENT

    def explain(self) -> Explanation:
        """Both tests' dice, how each adds up, the verdict and the chance the actor had."""
        lines = (*(f"{t.who}: {t.dice_line()}" for t in (self.actor, self.opponent)),)
        ability = self.actor.test.ability
        title = f"{self.actor.who} against {self.opponent.who}: opposed {ability}"
        return self.explain_as(title, lines=lines)

    def __repr__(self) -> str:
        a, b = self.actor, self.opponent
        return (f"<{a.who} vs {b.who}, {a.test.ability}: {a.result} vs {b.result}, "
                f"{self.winner} wins>")


def opposed(actor: AbilityTest, opponent: AbilityTest, *, dice: DiceSource,
            defence: DiceSource, ties_to: Side = Side.OPPONENT) -> OpposedTest:
    """Roll ``actor`` (with ``dice``) against ``opponent`` (with ``defence``).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> pin = opposed(AbilityTest("Edric", "Athletics", 4),
        ...               AbilityTest("Rorik", "Athletics", 3),
        ...               dice=ScriptedDice("5 4 3 2"), defence=ScriptedDice("6 6 2"))
        >>> pin
        <Edric vs Rorik, Athletics: 14 vs 14, Rorik wins>
        >>> pin.verdict()
        '14 = 14: Rorik wins (a tie goes to Rorik).'
    """
    return OpposedTest(actor.roll(dice), opponent.roll(defence), RESULTS, ties_to)

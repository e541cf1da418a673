"""Oracle tests: every face sequence through the engine's test, against rules_core.odds.

A Chronicle test rolls its test and bonus dice (and, under the house reading, an extra die
per penalty die) and keeps some of them; the odds on its card come from
``AbilityTest.procedure()``. Here every sequence of faces is rolled through the engine and
the exact distribution of results is compared with ``odds.distribution`` of that procedure,
as ``Fraction``s.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from rules_core import odds
from rules_core.chronicle import DEFAULT_READINGS, AbilityTest, Readings
from rules_core.chronicle.opposed_tests import opposed
from rules_core.contest import Side
from rules_core.dice import ScriptedDice
from rules_core.question import Wins

HOUSE = Readings(penalty_dice="drop highest")


def engine_distribution(test: AbilityTest) -> dict[int, Fraction]:
    """The result of ``test`` over every sequence of faces it can roll."""
    n = test.count().rolled
    found: dict[int, Fraction] = defaultdict(Fraction)
    for faces in itertools.product(range(1, 7), repeat=n):
        found[test.roll(ScriptedDice(faces)).result] += Fraction(1, 6 ** n)
    return dict(found)


def build(rank: int, bonus: int, penalty: int, plus: int = 0,
          readings: Readings = DEFAULT_READINGS) -> AbilityTest:
    test = AbilityTest("Edric", "Fighting", rank, ("Long Blades",) * bonus, ("wound",) * penalty,
                       readings=readings)
    return test.plus("injuries", plus)


CASES = [
    (2, 1, 0, 0, Readings()),
    (3, 2, 0, -1, Readings()),
    (3, 2, 1, 0, Readings()),
    (2, 0, 1, 0, Readings()),
    (2, 2, 3, -2, Readings()),
    (1, 1, 0, 3, Readings()),
    (2, 0, 2, 0, HOUSE),
    (3, 1, 2, -1, HOUSE),
    (2, 2, 1, 0, HOUSE),
]


@pytest.mark.parametrize(("rank", "bonus", "penalty", "plus", "readings"), CASES)
def test_the_engine_rolls_what_the_odds_describe(rank: int, bonus: int, penalty: int,
                                                 plus: int, readings: Readings) -> None:
    test = build(rank, bonus, penalty, plus, readings)
    assert engine_distribution(test) == odds.distribution(test.procedure())


def test_the_fumble_odds_are_every_die_a_one() -> None:
    test = build(3, 2, 0)
    rolled = test.roll(ScriptedDice("1 1 1 1 1"))
    answer = odds.answer(rolled.fumble_odds())
    assert answer is not None and answer.low == Fraction(1, 6 ** 5)


def test_an_opposed_test_wins_as_often_as_the_odds_say() -> None:
    mine, theirs = build(2, 1, 0), build(2, 0, 0)
    won = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=5):
        contest = opposed(mine, theirs, dice=ScriptedDice(faces[:3]),
                          defence=ScriptedDice(faces[3:]))
        won += Fraction(1, 6 ** 5) if contest.succeeded else 0
    question = contest.odds()
    assert isinstance(question, Wins) and contest.ties_to is Side.OPPONENT
    answer = odds.answer(question)
    assert answer is not None and answer.low == won

"""Counts with successes added or taken away whatever the dice show (``CountAtLeast.plus``)
and a guaranteed minimum (``CountAtLeast.minimum``): the reading, and its exact odds against
the oracle (every face sequence through the engine)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import odds
from rules_core.dice import ScriptedDice
from rules_core.odds import LIMIT
from rules_core.procedure import CountAtLeast, Explode, Procedure
from rules_core.question import AtLeast, Wins
from tests.rules_core.oracle import (
    enumerate_engine,
    face_classes,
    margin_at_least,
    mass_above,
    reading,
    set_limits,
)

TENS = (Explode(frozenset({10})),)


def count(size: int, *, plus: int = 0, minimum: int = 0, bonus: int = 0,
          explode: bool = True) -> Procedure:
    return Procedure(size, 10, TENS if explode else (),
                     CountAtLeast(8, bonus=bonus, plus=plus, minimum=minimum))


def read(procedure: Procedure, faces: str) -> int:
    return procedure.read(procedure.roll(ScriptedDice(faces)))


# -- the reading ----------------------------------------------------------------------------


def test_without_plus_or_minimum_a_count_reads_as_before() -> None:
    assert read(count(3), "9 8 1") == 2


def test_plus_adds_successes_to_a_roll_with_none() -> None:
    assert read(count(3, plus=2), "7 5 1") == 2


def test_a_negative_plus_takes_successes_away_but_never_below_zero() -> None:
    assert (read(count(3, plus=-2), "9 8 8"), read(count(3, plus=-2), "9 5 1")) == (1, 0)


def test_the_minimum_lifts_a_roll_with_fewer_successes() -> None:
    assert read(count(3, minimum=2), "9 5 1") == 2


def test_the_minimum_leaves_a_better_roll_alone() -> None:
    assert read(count(3, minimum=2), "9 8 8") == 3


def test_plus_comes_after_the_bonus_and_before_the_minimum() -> None:
    assert read(count(3, bonus=2, plus=-1, minimum=1), "9 5 1") == 2


# -- the odds against the oracle -------------------------------------------------------------

SHAPES = {
    "minimum, exploding": count(3, minimum=2),
    "plus, exploding": count(3, plus=2),
    "taken away, exploding": count(3, plus=-2),
    "taken away with a minimum": count(3, plus=-1, minimum=1),
    "bonus, plus and minimum": count(2, bonus=1, plus=-1, minimum=1),
    "minimum, no explosion": count(3, minimum=2, explode=False),
    "taken away, no explosion": count(3, plus=-1, explode=False),
}


@pytest.mark.parametrize("name", SHAPES)
def test_each_adjusted_count_matches_its_distribution_exactly(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    procedure = SHAPES[name]
    set_limits(monkeypatch, 1)
    found = enumerate_engine(reading(procedure), face_classes([procedure]))
    assert found == odds.distribution(procedure, limit=1)


@pytest.mark.parametrize("name", SHAPES)
def test_the_unlimited_odds_of_an_adjusted_count_lie_within_the_oracle_bounds(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    procedure = SHAPES[name]
    set_limits(monkeypatch, 1)
    found = enumerate_engine(reading(procedure), face_classes([procedure]))
    for value in sorted(o for o in found if isinstance(o, int)):
        answered = odds.answer(AtLeast(procedure, value))
        assert answered is not None
        done = mass_above(found, value)
        chance = answered.low + (mass_above(found, value, inclusive=False)
                                 if answered.exactly else 0)
        assert done <= chance <= done + found.get(LIMIT, Fraction(0))


def test_a_minimum_reading_shown_at_its_floor_gives_the_chance_of_the_floor_itself() -> None:
    answered = odds.answer(AtLeast(count(2, minimum=1, explode=False), 1, shown=True))
    assert answered is not None and answered.exactly
    assert answered.low == Fraction(49, 100) + Fraction(42, 100)  # 0 or 1 success, of 0.3


@pytest.mark.parametrize("name", ["minimum, no explosion", "taken away, no explosion"])
def test_the_mean_of_an_adjusted_count_is_its_distributions_mean(name: str) -> None:
    procedure = SHAPES[name]
    found = odds.answer(AtLeast(procedure, 1))
    spread = odds.distribution(procedure)
    assert found is not None and found.mean == sum(
        (Fraction(o) * p for o, p in spread.items() if isinstance(o, int)), Fraction(0))


def test_the_mean_of_an_exploding_count_with_a_minimum_adds_what_the_floor_lifts() -> None:
    # 1d10, 10-again, never below 1: the floor lifts the 7 faces in 10 that read 0 to 1.
    found = odds.answer(AtLeast(count(1, minimum=1), 1))
    plain = odds.answer(AtLeast(count(1), 1))
    assert found is not None and plain is not None and plain.mean is not None
    assert found.mean == plain.mean + Fraction(7, 10)


def test_the_mean_of_an_exploding_count_with_successes_taken_away() -> None:
    # 1d10, 10-again, one success taken away: only the chain's second success and beyond
    # count; E[max(Y - 1, 0)] = E[Y] - 1 + P(Y = 0).
    found = odds.answer(AtLeast(count(1, plus=-1), 1))
    plain = odds.answer(AtLeast(count(1), 1))
    assert found is not None and plain is not None and plain.mean is not None
    assert found.mean == plain.mean - 1 + Fraction(7, 10)


@pytest.mark.parametrize("margin", [1, 2])
def test_a_contest_against_a_guaranteed_minimum_matches_the_oracle(
        margin: int, monkeypatch: pytest.MonkeyPatch) -> None:
    attack, defence = count(2), count(2, minimum=1)
    set_limits(monkeypatch, 1)
    found = enumerate_engine(margin_at_least(attack, defence, margin),
                             face_classes([attack, defence]))
    a = odds.distribution(attack, limit=1)
    b = odds.distribution(defence, limit=1)
    win = sum((pa * pb for x, pa in a.items() for y, pb in b.items()
               if LIMIT not in (x, y) and x - y >= margin), Fraction(0))
    limit = 1 - (1 - a.get(LIMIT, Fraction(0))) * (1 - b.get(LIMIT, Fraction(0)))
    assert found.get(True, Fraction(0)) == win
    answered = odds.answer(Wins("A", attack, "D", defence, margin))
    assert answered is not None and win <= answered.low <= answered.high <= win + limit

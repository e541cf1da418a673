"""Success-counting pools (rules_core.success_pool): the rule, the roll, its marks and odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import odds
from rules_core.dice import RandomDice, ScriptedDice
from rules_core.errors import DiceError
from rules_core.marks import ADDED, EXPLODES, SUCCESS
from rules_core.odds_text import describe
from rules_core.pool import Pool
from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
from rules_core.success_pool import COUNTS_DOUBLE, DRAMATIC, STANDARD, SuccessRoll, SuccessRule
from tests.rules_core.oracle import (
    enumerate_engine,
    face_classes,
    mass_above,
    reading,
    runs_needed,
    set_limits,
)


def pool(n: int) -> Pool:
    return Pool(sides=10).plus(n, "Athletics")


def rolled(faces: str, n: int | None = None, rule: SuccessRule = STANDARD,
           bonus: int = 0) -> SuccessRoll:
    size = len(faces.split()) if n is None else n
    return SuccessRoll.of("Ana", pool(size), rule, ScriptedDice(faces), bonus=bonus)


# -- the rule -------------------------------------------------------------------------------


def test_the_standard_rule_is_eight_or_more_with_ten_again() -> None:
    assert (STANDARD.target, STANDARD.again, STANDARD.doubles, STANDARD.sides) == (8, 10, None, 10)


def test_a_face_is_worth_nothing_below_the_target() -> None:
    assert [STANDARD.value(f) for f in (1, 7, 8, 10)] == [0, 0, 1, 1]


def test_tens_count_double_when_the_rule_says_so() -> None:
    assert SuccessRule(again=None, doubles=10).value(10) == 2


def test_the_procedure_explodes_from_the_again_number_up() -> None:
    steps = SuccessRule(again=8).procedure(3).steps
    assert [sorted(s.faces) for s in steps] == [[8, 9, 10]]  # type: ignore[union-attr]


def test_no_again_rolls_nothing_again() -> None:
    assert SuccessRule(again=None).procedure(3).steps == ()


def test_the_procedure_is_labelled_with_its_rule_and_bonus() -> None:
    assert STANDARD.procedure(5, bonus=2, bonus_name="Enhancement").describe() == (
        "5d10 (8+, 10-again), +2 Enhancement on a success")


@pytest.mark.parametrize(("field", "value"), [("target", 11), ("target", 0), ("again", 1),
                                              ("doubles", 7), ("sides", 1)])
def test_a_rule_the_dice_cannot_follow_is_a_clear_error(field: str, value: int) -> None:
    with pytest.raises(DiceError, match=field.rstrip("s") if field != "sides" else "faces"):
        SuccessRule(**{field: value})  # type: ignore[arg-type]


def test_a_pool_of_other_dice_is_refused() -> None:
    with pytest.raises(DiceError, match=r"Pool\(sides=10\)"):
        SuccessRoll.of("Ana", Pool(sides=6).plus(2, "x"), STANDARD, ScriptedDice("1 2"))


# -- rolling and reading --------------------------------------------------------------------


def test_a_ten_is_one_success_and_adds_a_die() -> None:
    roll = rolled("10 3 9", n=2)
    assert (roll.successes, roll.rolled_again, roll.roll.text()) == (2, 1, "10 3 9")


def test_a_chain_of_tens_keeps_adding_dice() -> None:
    assert rolled("10 10 10 2", n=1).successes == 3


def test_nine_again_rolls_nines_again() -> None:
    assert rolled("9 1 8", n=2, rule=SuccessRule(again=9)).successes == 2


def test_doubles_count_two_and_roll_nothing_again() -> None:
    assert rolled("10 8 2", rule=SuccessRule(again=None, doubles=10)).successes == 3


def test_the_bonus_is_added_to_a_roll_with_a_success() -> None:
    assert rolled("8 1", bonus=2).total == 3


def test_the_bonus_is_not_added_to_a_roll_without_one() -> None:
    roll = rolled("7 1", bonus=2)
    assert (roll.total, roll.bonus_applied) == (0, 0)


def test_a_lower_target_counts_sevens() -> None:
    assert rolled("7 7 6", rule=SuccessRule(target=7)).successes == 2


def test_an_empty_pool_rolls_nothing_without_a_chance_die() -> None:
    roll = SuccessRoll.of("Ana", Pool(sides=10), STANDARD, ScriptedDice(""))
    assert (roll.roll.text(), roll.total, roll.chance) == ("", 0, False)


CHANCE = SuccessRule(chance_die=True)


def test_a_pool_below_zero_rolls_a_chance_die() -> None:
    roll = SuccessRoll.of("Ana", pool(1).plus(-2, "wounds"), CHANCE, ScriptedDice("9"))
    assert (roll.chance, roll.total, roll.procedure.size) == (True, 0, 1)


def test_a_chance_die_succeeds_on_ten_and_rolls_it_again() -> None:
    roll = SuccessRoll.of("Ana", Pool(sides=10), CHANCE, ScriptedDice("10 10 3"))
    assert roll.total == 2


def test_the_dice_a_chance_die_adds_need_a_ten_too() -> None:
    roll = SuccessRoll.of("Ana", Pool(sides=10), CHANCE, ScriptedDice("10 8"))
    assert roll.total == 1


def test_a_one_on_the_chance_die_is_a_dramatic_failure() -> None:
    roll = SuccessRoll.of("Ana", Pool(sides=10), CHANCE, ScriptedDice("1"))
    assert roll.dramatic and DRAMATIC in roll.view().dice[0].marks


def test_a_one_on_a_plain_pool_is_not_dramatic() -> None:
    assert not rolled("1 1").dramatic


# -- how it explains itself -----------------------------------------------------------------


def test_the_ten_is_marked_and_the_die_it_added_too() -> None:
    dice = rolled("10 3 9", n=2).view().dice
    assert [d.marks for d in dice] == [(SUCCESS, EXPLODES), (), (SUCCESS, ADDED)]


def test_a_double_is_marked() -> None:
    dice = rolled("10", rule=SuccessRule(again=None, doubles=10)).view().dice
    assert dice[0].marks == (SUCCESS, COUNTS_DOUBLE)


def test_the_tally_names_the_successes_and_the_bonus() -> None:
    roll = rolled("10 3 9", n=2).with_bonus(2, "Enhancement")
    assert roll.tally() == "2 successes (10, 9) + 2 Enhancement = 4"


def test_the_tally_says_a_failed_roll_gets_no_bonus() -> None:
    assert rolled("3 4", bonus=1).tally() == "no successes; no bonus without a success"


def test_the_explanation_says_which_dice_were_rolled_again() -> None:
    lines = rolled("10 3 9", n=2).explain().lines
    assert lines == ("2 successes (10, 9).", "Rolled again: 10, adding 1 die.")


def test_the_repr_shows_the_dice_and_the_total() -> None:
    assert repr(rolled("10 3 9", n=2)) == "<Ana, 2d10 (8+, 10-again): [10 3 9] 2 successes>"


def test_the_odds_line_reads_as_a_player_would() -> None:
    assert describe(rolled("8 3").odds()) == (
        "Ana's chance of 1 or more successes on 2d10 (8+, 10-again), this result or better: "
        "51.0% (51/100); on average 0.7 successes")


# -- exact odds -----------------------------------------------------------------------------


def test_one_die_succeeds_three_times_in_ten() -> None:
    found = odds.answer(AtLeast(STANDARD.procedure(1), 1))
    assert found is not None and found.low == Fraction(3, 10)


def test_two_successes_from_one_die_need_a_ten_then_an_eight_or_more() -> None:
    found = odds.answer(AtLeast(STANDARD.procedure(1), 2))
    assert found is not None and found.low == Fraction(1, 10) * Fraction(3, 10)


def test_the_mean_of_a_ten_again_die_is_a_third() -> None:
    found = odds.answer(AtLeast(STANDARD.procedure(1), 1))
    assert found is not None and found.mean == Fraction(1, 3)


def test_the_bonus_adds_its_share_to_the_mean() -> None:
    found = odds.answer(AtLeast(STANDARD.procedure(1, bonus=3), 1))
    assert found is not None and found.mean == Fraction(1, 3) + 3 * Fraction(3, 10)


def test_a_bonus_makes_low_totals_impossible() -> None:
    distribution = odds.distribution(SuccessRule(again=None).procedure(2, bonus=2))
    assert sorted(distribution) == [0, 3, 4]


RULES = {
    "10-again": (SuccessRule(), 3, 0),
    "10-again with a bonus": (SuccessRule(), 3, 2),
    "9-again": (SuccessRule(again=9), 3, 0),
    "8-again, 7+": (SuccessRule(target=7, again=8), 2, 1),
    "doubles": (SuccessRule(again=None, doubles=10), 3, 0),
    "doubles and 10-again": (SuccessRule(doubles=10), 2, 1),
    "no again": (SuccessRule(again=None), 4, 1),
}


@pytest.mark.parametrize("name", RULES)
def test_each_rule_matches_its_odds_exactly(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rule, size, bonus = RULES[name]
    procedure = rule.procedure(size, bonus=bonus)
    set_limits(monkeypatch, 1)
    found = enumerate_engine(reading(procedure), face_classes([procedure]))
    assert found == odds.distribution(procedure, limit=1)


def test_the_chance_die_matches_its_odds_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    procedure = CHANCE.chance_procedure(bonus=1)
    set_limits(monkeypatch, 2)
    assert enumerate_engine(reading(procedure)) == odds.distribution(procedure, limit=2)


def test_grouping_faces_gives_the_oracle_the_same_answer(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    procedure = SuccessRule(doubles=10).procedure(2, bonus=1)
    set_limits(monkeypatch, 1)
    grouped = face_classes([procedure])
    assert runs_needed([procedure], 1, grouped) < runs_needed([procedure], 1)
    assert enumerate_engine(reading(procedure), grouped) == enumerate_engine(reading(procedure))


@pytest.mark.parametrize("name", RULES)
def test_the_unlimited_odds_lie_within_the_oracles_bounds(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rule, size, bonus = RULES[name]
    procedure = rule.procedure(size, bonus=bonus)
    set_limits(monkeypatch, 1)
    found = enumerate_engine(reading(procedure), face_classes([procedure]))
    monkeypatch.undo()
    for value in sorted(o for o in found if isinstance(o, int)):
        answered = odds.answer(AtLeast(procedure, value))
        assert answered is not None
        done = mass_above(found, value)
        chance = answered.low + (mass_above(found, value, inclusive=False)
                                 if answered.exactly else 0)
        assert done <= chance <= done + found.get("limit", Fraction(0))


# -- properties -----------------------------------------------------------------------------

rules = st.builds(SuccessRule, target=st.integers(6, 9), again=st.sampled_from([None, 8, 9, 10]),
                  doubles=st.sampled_from([None, 10]))


@settings(max_examples=80)
@given(st.integers(0, 2**32), st.integers(0, 12), rules, st.integers(0, 3))
def test_successes_never_exceed_the_dice_rolled_with_the_dice_added(
        seed: int, size: int, rule: SuccessRule, bonus: int) -> None:
    roll = SuccessRoll.of("Ana", pool(size), rule, RandomDice(seed), bonus=bonus)
    per_die = 2 if rule.doubles is not None else 1
    assert roll.successes <= per_die * len(roll.roll.dice)
    assert len(roll.roll.dice) == size + roll.rolled_again


@settings(max_examples=80)
@given(st.integers(0, 2**32), st.integers(0, 8), rules, st.integers(1, 3))
def test_the_bonus_never_applies_to_a_roll_without_a_success(
        seed: int, size: int, rule: SuccessRule, bonus: int) -> None:
    roll = SuccessRoll.of("Ana", pool(size), rule, RandomDice(seed), bonus=bonus)
    assert roll.total == (roll.successes + bonus if roll.successes else 0)


def test_count_at_least_reads_a_bonus_only_on_a_success() -> None:
    reading_ = CountAtLeast(8, bonus=2)
    procedure = Procedure(2, 10, (), reading_)
    assert [procedure.read(procedure.roll(ScriptedDice(f))) for f in ("1 2", "8 2")] == [0, 3]

"""Tests: test dice, bonus dice kept best, the limit, penalty dice (both readings), modifiers,
Destiny on a test."""

from __future__ import annotations

import pytest

from rules_core.chronicle import AbilityTest, Character, Readings, TestError
from rules_core.dice import ScriptedDice as rolled

HOUSE = Readings(penalty_dice="drop highest")


def fighting(rank: int = 5, bonus: int = 0, penalty: int = 0) -> AbilityTest:
    return AbilityTest("Edric", "Fighting", rank).with_bonus("Long Blades", bonus).with_penalty(
        "wound", penalty)


def test_a_test_adds_up_its_test_dice() -> None:
    assert AbilityTest("Edric", "Athletics", 4).roll(rolled("4 3 2 5")).result == 14


def test_bonus_dice_are_rolled_and_only_the_best_count() -> None:
    result = fighting(5, 2).roll(rolled("6 2 3 5 1 6 4"))
    assert (result.result, result.roll.text()) == (24, "6 (2) 3 5 (1) 6 4")


def test_a_bonus_die_tied_with_a_test_die_is_the_one_dropped() -> None:
    result = fighting(2, 1).roll(rolled("3 5 3"))
    assert [die.kept for die in result.roll.dice] == [True, True, False]


def test_bonus_dice_past_the_rank_are_lost() -> None:
    test = fighting(3, 5)
    assert (test.count().bonus, test.count().lost, test.count().rolled) == (3, 2, 6)


def test_the_lost_bonus_dice_are_named() -> None:
    assert fighting(3, 4).notes() == ("1B over the limit is lost: at most 3B on a rank-3 test.",)


def test_a_penalty_die_keeps_one_die_fewer() -> None:
    result = fighting(5, 2, 1).roll(rolled("6 2 3 5 1 6 4"))
    assert (result.test.count().kept, result.result) == (4, 21)


def test_as_many_penalty_dice_as_test_dice_keep_none() -> None:
    result = AbilityTest("Wyl", "Fighting", 2).with_penalty("wound", 3).roll(rolled("6 6"))
    assert (result.test.count().kept, result.result) == (0, 0)


def test_the_house_reading_rolls_an_extra_die_per_penalty_and_keeps_the_lowest() -> None:
    result = fighting(3, 0, 2).reading(HOUSE).roll(rolled("6 5 4 3 2"))
    assert (result.roll.text(), result.result) == ("(6) (5) 4 3 2", 9)


def test_the_house_reading_cancels_bonus_and_penalty_dice_first() -> None:
    count = fighting(5, 2, 1).reading(HOUSE).count()
    assert (count.rolled, count.kept, count.keep_lowest) == (6, 5, False)


def test_modifiers_are_added_to_the_result() -> None:
    test = AbilityTest("Edric", "Agility", 3).plus("armor penalty", -2).plus("injury", -1)
    assert test.roll(rolled("5 4 3")).result == 9


def test_an_agility_test_takes_the_armor_penalty(edric: Character) -> None:
    assert edric.test("Agility").modifier == -2


def test_a_spent_destiny_point_adds_a_bonus_die_past_the_limit() -> None:
    count = fighting(3, 3).spend("bonus die").count()
    assert (count.bonus, count.rolled) == (4, 7)


def test_a_spent_destiny_point_makes_a_bonus_die_a_test_die() -> None:
    count = fighting(5, 2).spend("convert").count()
    assert (count.test, count.bonus, count.kept) == (6, 1, 6)


def test_converting_a_bonus_die_that_is_not_there_is_refused() -> None:
    with pytest.raises(TestError, match="has 0B to convert, not 1"):
        fighting(5).spend("convert")


def test_a_spent_destiny_point_removes_a_penalty_die() -> None:
    assert fighting(5, 0, 2).spend("remove penalty").count().kept == 4


def test_a_burned_destiny_point_makes_every_bonus_die_a_test_die() -> None:
    count = fighting(6, 3).burn("all bonus dice").count()
    assert (count.test, count.bonus, count.kept) == (9, 0, 9)


def test_a_burned_destiny_point_adds_five() -> None:
    assert fighting(3).burn("+5").roll(rolled("1 1 1")).result == 8


def test_an_automatic_success_rolls_nothing_and_reaches_the_difficulty() -> None:
    result = fighting(3).burn("automatic success").against(21, rolled(""))
    assert (result.result, result.degrees, len(result.roll.dice)) == (21, 1, 0)


def test_the_same_burn_twice_is_refused() -> None:
    with pytest.raises(TestError, match="does not stack"):
        fighting(3).burn("+5").burn("+5")


def test_an_unknown_destiny_use_on_a_test_is_refused() -> None:
    with pytest.raises(TestError, match="spent on a test is one of"):
        fighting(3).spend("minor detail")


def test_a_rank_below_one_is_refused() -> None:
    with pytest.raises(TestError, match="must be a whole number, 1 or more"):
        AbilityTest("Edric", "Fighting", 0)


def test_a_specialty_adds_its_bonus_dice(edric: Character) -> None:
    assert edric.test("Fighting", "Long Blades").count().bonus == 2


def test_the_pool_text_reads_in_the_book_s_notation() -> None:
    assert fighting(5, 2, 1).plus("injuries", -1).pool_text() == (
        "Fighting 5D + 2B (Long Blades ×2) − 1D (wound) − 1 (injuries)")

"""A rolled test: fumbles, sixes, criticals and the rows they read, its odds and its card."""

from __future__ import annotations

from fractions import Fraction

from rules_core.chronicle import DEFAULT_READINGS, AbilityTest, Difficulty, Readings, TestResult
from rules_core.chronicle.marks import BONUS_DIE, CRITICAL_SIX, FUMBLE_ONE
from rules_core.dice import ScriptedDice as rolled
from rules_core.marks import DROPPED
from rules_core.odds import answer
from rules_core.odds_text import describe
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Settled

CD = Difficulty(9, "Rorik's Combat Defense")


def attack(faces: str, rank: int = 5, bonus: int = 2, readings: Readings = DEFAULT_READINGS
           ) -> TestResult:
    test = AbilityTest("Edric", "Fighting", rank, ("Long Blades",) * bonus, readings=readings)
    return TestResult(test, test.roll_dice(rolled(faces)), CD, attack=True)


def test_every_die_a_one_is_a_fumble() -> None:
    assert attack("1 1 1 1 1 1 1").is_fumble


def test_one_die_above_one_is_no_fumble() -> None:
    assert not attack("1 1 1 1 1 1 2").is_fumble


def test_a_fumble_counts_every_one_bonus_dice_included() -> None:
    result = attack("1 1 1 1 1 1 1")
    assert (result.ones, result.fumble_row_number) == (7, 7)


def test_more_than_eight_ones_read_the_eighth_row() -> None:
    assert attack("1 1 1 1 1 1 1 1 1", rank=6, bonus=3).fumble_row_number == 8


def test_a_critical_needs_twice_the_combat_defense() -> None:
    assert (attack("6 4 4 2 1 1 1").is_critical, attack("6 4 4 2 2 1 1").is_critical) == (
        False, True)


def test_a_critical_counts_the_sixes_kept() -> None:
    result = attack("6 6 6 6 5 6 1", rank=4)
    assert (result.sixes, result.critical_row_number) == (4, 4)


def test_under_the_other_reading_a_critical_counts_every_six_rolled() -> None:
    result = attack("6 6 6 6 5 6 1", rank=4, readings=Readings(critical_sixes="rolled"))
    assert result.critical_row_number == 5


def test_a_critical_with_no_six_reads_no_row() -> None:
    result = attack("5 5 4 4 4 1 1")
    assert (result.is_critical, result.critical_row_number) == (True, 0)


def test_a_test_that_is_not_an_attack_is_never_critical() -> None:
    test = AbilityTest("Edric", "Fighting", 5)
    assert not test.against(9, rolled("6 6 6 6 6")).is_critical


def test_a_miss_by_five_is_a_critical_failure_by_default() -> None:
    assert attack("1 1 2", rank=3, bonus=0).critical_failure


def test_under_the_other_reading_only_a_fumble_is_a_critical_failure() -> None:
    assert not attack("1 1 2", rank=3, bonus=0, readings=Readings(critical_failure="all ones")
                      ).critical_failure


def test_the_odds_ask_to_hit_and_to_crit() -> None:
    odds = attack("4 3 2 5 1 3 2").odds()
    assert [(q.value, q.event) for q in odds if isinstance(q, AtLeast)] == [
        (9, "enough to hit Rorik's Combat Defense (9)"), (18, "a critical hit (twice 9)"),
        (14, "2 degrees of success or more")]


def test_a_target_no_roll_can_reach_is_settled_as_no_chance() -> None:
    question = attack("4 3 2", rank=3, bonus=0).chance_of(19)
    assert isinstance(question, Settled) and not question.succeeded


def test_a_target_every_total_reaches_is_missed_only_by_a_fumble() -> None:
    question = attack("4 3 2", rank=3, bonus=0).chance_of(3)
    assert isinstance(question, AtLeast)
    found = answer(question)
    assert found is not None and found.low == found.high == 1 - Fraction(1, 6 ** 3)


def test_a_burned_automatic_success_is_settled_as_certain() -> None:
    burned = AbilityTest("Edric", "Athletics", 4).burn("automatic success")
    rolled_none = TestResult(burned, burned.roll_dice(rolled("")), Difficulty(9, "Challenging"))
    question = rolled_none.chance_of(9)
    assert isinstance(question, Settled) and question.succeeded


def test_a_fumble_asks_its_own_odds_as_a_highest_die_of_one() -> None:
    question = attack("1 1 1 1 1 1 1").fumble_odds()
    assert describe(question) == (
        "Edric's chance of a highest die of exactly 1 (the lowest possible) on 7d6, a fumble "
        "(every die shows 1): under 0.1% (about 1 in 279,936)")


def test_a_kept_six_of_a_critical_is_marked() -> None:
    view = attack("6 4 4 3 2 1 1").view()
    assert view.dice[0].marks == (CRITICAL_SIX,)


def test_a_dropped_bonus_die_is_marked_bonus_and_dropped() -> None:
    view = attack("6 4 4 3 2 1 1").view()
    assert view.dice[6].marks == (BONUS_DIE, DROPPED)


def test_every_die_of_a_fumble_is_marked() -> None:
    view = attack("1 1 1 1 1 1 1").view()
    assert all(FUMBLE_ONE in die.marks for die in view.dice)


def test_the_outcome_of_a_critical_and_of_a_fumble() -> None:
    assert (attack("6 6 5 4 2 1 1").outcome(), attack("1 1 1 1 1 1 1").outcome()) == (
        Outcome.CRITICAL_SUCCESS, Outcome.FUMBLE)


def test_a_foiled_success_fails() -> None:
    result = attack("4 3 2 5 1 3 2")
    foiled = TestResult(result.test, result.roll, CD, attack=True, foiled_by="Wyl")
    assert (result.succeeded, foiled.succeeded, foiled.degrees) == (True, False, 0)


def test_the_dice_line_shows_the_kept_dice_and_the_modifiers() -> None:
    test = AbilityTest("Edric", "Fighting", 2, ("aim",)).plus("injuries", -1)
    assert test.roll(rolled("5 2 4")).dice_line() == (
        "3 dice (2 test + 1 bonus), the best 2 count: 5 + 4 = 9; 9 − 1 (injuries) = 8.")

"""Opposed and unopposed rolls, ties, the DV ladder, routine tasks and plot-point dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.errors import RulesError
from rules_core.kruhl import (
    DV_LADDER,
    ROUNDS_PER_MINUTE,
    Character,
    difficulty,
    opposed,
    routine,
    unopposed,
)
from rules_core.kruhl.contest import gm_check, versus
from rules_core.kruhl.difficulties import MODERATE, difficulty_table


def test_the_actor_wins_a_tie(soraya: Character, virek: Character) -> None:
    contest = opposed(soraya.attack(), virek.defend(), dice=rolled("3 4"), defence=rolled("3 3"))
    assert (contest.roll.total, contest.target.total, contest.succeeded) == (9, 9, True)
    assert contest.verdict() == "9 = 9: success (ties go to the actor)."


def test_a_strict_contest_fails_on_a_tie(soraya: Character, virek: Character) -> None:
    contest = opposed(soraya.check("Deception"), virek.check("Deception"), dice=rolled("4 4"),
                      defence=rolled("3 4"), strict=True)
    assert (contest.roll.total, contest.target.total, contest.succeeded) == (10, 10, False)


def test_the_lower_total_fails(soraya: Character, virek: Character) -> None:
    contest = opposed(soraya.attack(), virek.defend(), dice=rolled("3 3"), defence=rolled("4 4"))
    assert (contest.succeeded, contest.margin) == (False, -3)


def test_a_contest_reads_as_both_totals(soraya: Character, virek: Character) -> None:
    contest = opposed(soraya.attack(using="sword"), virek.defend(), dice=rolled("1 4 5"),
                      defence=rolled("3 3"))
    assert repr(contest) == (
        "<Soraya vs Virek-Kohl, Hand-to-hand Combat (Brawn): 12 vs 9, success>"
    )
    view = contest.explain()
    assert (str(view.outcome), view.lines[-1]) == ("success", "12 > 9: success.")
    assert [r.label for r in view.rolls] == [
        "Soraya rolls Hand-to-hand Combat (Brawn): 2 expert = 2d6",
        "Virek-Kohl rolls Hand-to-hand Combat (Brawn): 2 skilled = 2d6",
    ]


def test_dice_below_zero_become_the_opponents_bonus_dice(issvisk: Character,
                                                          virek: Character) -> None:
    check = issvisk.attack("Ranged Combat").under("restrained", "running")
    contest = opposed(check, virek.defend("Ranged Combat"), dice=rolled(""),
                      defence=rolled("2 2 6"))
    assert len(contest.target.dice) == 3
    assert contest.target.check.bonus == ("Issvisk's dice below zero",)


def test_unopposed_rolls_against_the_gms_2d6_plus_dv(soraya: Character) -> None:
    task = unopposed(soraya.check("Lockpicking", using="lockpick"), 3, dice=rolled("4"),
                     gm=rolled("2 3"))
    assert (task.roll.total, task.target.total, task.succeeded) == (8, 8, True)
    assert repr(task) == "<Soraya vs DV 3, Lockpicking (Agility): 8 vs 8, success>"
    assert str(task.target) == "2d6 [2 3] + 3 DV = 8"


def test_the_gm_rolls_from_the_same_dice_after_the_actor(soraya: Character) -> None:
    task = unopposed(soraya.check("Athletics"), "remarkable", dice=rolled("5 5 6 6"))
    assert (task.roll.total, task.target.total, task.succeeded) == (13, 18, False)


def test_the_fixed_dv_reading_uses_the_dv_alone(soraya: Character) -> None:
    task = unopposed(soraya.check("Lockpicking"), 6, dice=rolled("2"), fixed=True)
    assert (task.target.total, task.target.dice, task.succeeded) == (6, (), False)


def test_the_actors_missing_dice_go_to_the_gm(soraya: Character) -> None:
    task = unopposed(soraya.check("Lockpicking").under("restrained", "running"), 3,
                     dice=rolled(""), gm=rolled("1 1 1"))
    assert (len(task.target.dice), task.target.total) == (3, 6)


def test_routine_tasks_succeed_without_a_roll() -> None:
    task = routine("Soraya", "pick a familiar lock")
    assert task.succeeded and str(task.explain().outcome) == "success"
    assert repr(task) == "<Soraya, pick a familiar lock: routine, success without a roll>"


def test_a_routine_dv_cannot_be_rolled_against() -> None:
    with pytest.raises(RulesError, match="use routine"):
        gm_check("routine")


def test_the_dv_ladder_has_its_names() -> None:
    assert [repr(d) for d in DV_LADDER] == [
        "Routine", "DV 3 (Moderately difficult)", "DV 6 (Remarkably difficult)",
        "DV 9 (Extremely difficult)", "DV 12 (Inconceivable!)"]


def test_blindings_challenging_is_the_tables_moderately_difficult() -> None:
    assert difficulty("challenging") is MODERATE is difficulty(3)


def test_a_dv_off_the_ladder_is_the_gms() -> None:
    assert repr(difficulty(4)) == "DV 4 (set by the GM)"


def test_the_difficulty_table_matches_the_source() -> None:
    assert difficulty_table().rows[1][:2] == ("3", "Moderately difficult")


def test_ten_rounds_make_a_minute() -> None:
    assert ROUNDS_PER_MINUTE == 10


def test_a_plot_point_die_after_the_roll_can_turn_a_failure(soraya: Character,
                                                            virek: Character) -> None:
    contest = opposed(soraya.attack(), virek.defend(), dice=rolled("3 3"), defence=rolled("5 4"))
    bought = contest.with_plot_point(rolled("5"))
    assert (contest.succeeded, bought.succeeded, bought.roll.total) == (False, True, 13)


def test_after_a_plot_point_the_odds_are_those_of_the_die_bought(soraya: Character,
                                                                  virek: Character) -> None:
    from rules_core.odds import answer

    contest = opposed(soraya.attack(), virek.defend(), dice=rolled("3 3"), defence=rolled("5 4"))
    bought = contest.with_plot_point(rolled("5"))
    found = answer(bought.odds())
    # 3 + 3 + 2 Brawn = 8 against 5 + 4 + 3 Brawn = 12: the expert's die needs 4 or more
    assert found is not None and found.low == Fraction(3, 4)


def test_a_die_taken_back_by_a_plot_point_leaves_settled_odds(issvisk: Character,
                                                              virek: Character) -> None:
    from rules_core.odds import answer

    check = issvisk.attack("Ranged Combat").under("restrained", "running")
    contest = opposed(check, virek.defend("Ranged Combat"), dice=rolled(""),
                      defence=rolled("2 2 6"))
    found = answer(contest.with_plot_point(rolled("")).odds())
    assert found is not None and found.low in (0, 1)


def test_the_defender_may_buy_the_die_too(soraya: Character, virek: Character) -> None:
    contest = opposed(soraya.attack(), virek.defend(), dice=rolled("4 4"), defence=rolled("2 2"))
    assert not contest.with_plot_point(rolled("6"), side="target").succeeded


def test_below_zero_a_plot_point_takes_back_a_gifted_die(issvisk: Character,
                                                          virek: Character) -> None:
    check = issvisk.attack("Ranged Combat").under("restrained", "running")
    contest = opposed(check, virek.defend("Ranged Combat"), dice=rolled(""),
                      defence=rolled("2 2 6"))
    bought = contest.with_plot_point(rolled(""))
    assert bought.target.total == contest.target.total - 6
    assert str(bought.target) == "2d6 [2 2 (6)] + 2 Agility = 6"
    assert bought.roll.notes() == ("A plot point takes back 1 bonus die from the opponent.",)


def test_versus_compares_rolls_already_made(soraya: Character, virek: Character) -> None:
    mine, theirs = soraya.attack().roll(rolled("3 3")), virek.defend().roll(rolled("1 2"))
    assert versus(mine, theirs).succeeded

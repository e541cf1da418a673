"""Storypath mixed actions, teamwork and contests (ties by action)."""

from __future__ import annotations

import pytest

from rules_core.contest import Side
from rules_core.dice import ScriptedDice
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Wins
from rules_core.storypath import (
    MAX_TEAMWORK,
    Action,
    ActionError,
    Character,
    contest,
    mixed,
    teamwork,
)


def vault(who: Character, difficulty: int = 1) -> Action:
    return who.action("Athletics", "Dexterity", difficulty=difficulty, task="Vault")


def strike(who: Character, difficulty: int = 1) -> Action:
    return who.action("Close Combat", "Might", difficulty=difficulty, task="Strike")


# -- mixed actions --------------------------------------------------------------------------


def test_a_mixed_action_rolls_the_smaller_pool(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana), dice=ScriptedDice("9 8 3 1"))
    assert result.dice.pool.breakdown() == "2 Close Combat + 2 Might = 4d10"


def test_on_equal_pools_the_first_is_rolled(bo: Character) -> None:
    first = bo.action("Athletics", "Might", task="Climb")
    result = mixed(first, strike(bo), dice=ScriptedDice("1 1 1 1 1"))
    assert result.dice.label.startswith("Climb and Strike")


def test_the_successes_pay_both_difficulties(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana), dice=ScriptedDice("9 8 3 1"))
    assert (result.each_succeeded, result.spare) == ((True, True), 0)
    assert result.succeeded is True


def test_one_task_can_succeed_while_the_other_fails(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana, 2), dice=ScriptedDice("9 8 3 1"))
    assert (result.each_succeeded, result.outcome) == ((True, False), Outcome.NONE)
    assert result.succeeded is False  # a mixed action succeeds only if both tasks do


def test_the_first_task_is_paid_first(ana: Character) -> None:
    result = mixed(strike(ana, 2), vault(ana), dice=ScriptedDice("9 8 3 1"))
    assert result.each_succeeded == (True, False)


def test_a_task_the_successes_cannot_pay_takes_none(ana: Character) -> None:
    result = mixed(strike(ana, 3), vault(ana), dice=ScriptedDice("9 8 3 1"))
    assert (result.each_succeeded, result.spare) == ((False, True), 1)


def test_each_enhancement_counts_only_for_its_own_task(ana: Character) -> None:
    result = mixed(vault(ana, 2), strike(ana, 2).enhanced(2, "a good blade"),
                   dice=ScriptedDice("9 1 1 1"))
    assert result.each_succeeded == (False, True)


def test_no_enhancement_without_a_success(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana).enhanced(3, "a good blade"),
                   dice=ScriptedDice("1 1 1 1"))
    assert result.each_succeeded == (False, False)
    assert result.succeeded is False


def test_leftover_successes_buy_off_either_tasks_complications(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana).complicated(1, "a dropped blade"),
                   dice=ScriptedDice("9 8 8 1"))
    assert (result.happens, result.spare) == ((), 0)


def test_a_mixed_action_is_one_characters(ana: Character, bo: Character) -> None:
    with pytest.raises(ActionError, match="each roll their own action"):
        mixed(vault(ana), strike(bo), dice=ScriptedDice(""))


def test_the_mixed_odds_ask_for_both_and_the_first_alone(ana: Character) -> None:
    result = mixed(vault(ana), strike(ana, 2), dice=ScriptedDice("9 3 3 1"))
    asked = [(q.value, q.event) for q in result.odds() if isinstance(q, AtLeast)]
    assert asked == [(1, "enough for Vault alone"), (3, "enough for both tasks")]


def test_the_mixed_repr_gives_each_verdict(ana: Character) -> None:
    assert repr(mixed(vault(ana), strike(ana, 2), dice=ScriptedDice("9 8 3 1"))) == (
        "<Ana, mixed action: [9 8 3 1] 2 successes: Vault success, Strike failure>")


# -- teamwork -------------------------------------------------------------------------------


def test_a_helpers_successes_become_enhancement(ana: Character, bo: Character) -> None:
    help_ = teamwork(bo.action("Athletics", "Might"), strike(ana), dice=ScriptedDice("9 8 1 1 1"))
    assert help_.enhancement == 2
    assert strike(ana).helped_by(help_).enhancement == 2


def test_teamwork_gives_at_most_three(ana: Character, bo: Character) -> None:
    help_ = teamwork(bo.action("Athletics", "Might"), strike(ana),
                     dice=ScriptedDice("9 9 9 9 9"))
    assert (help_.successes, help_.enhancement, MAX_TEAMWORK) == (5, 3, 3)


def test_several_helpers_together_give_at_most_three(ana: Character, bo: Character,
                                                     giant: Character) -> None:
    one = teamwork(bo.action("Athletics", "Might"), strike(ana), dice=ScriptedDice("9 9 1 1 1"))
    two = teamwork(giant.action("Athletics", "Might"), strike(ana),
                   dice=ScriptedDice("9 9 1 1 1 1 1"))
    assert strike(ana).helped_by(one, two).enhancement == 3


def test_help_for_someone_else_is_refused(ana: Character, bo: Character,
                                          giant: Character) -> None:
    help_ = teamwork(bo.action("Athletics", "Might"), strike(giant),
                     dice=ScriptedDice("9 1 1 1 1"))
    with pytest.raises(ActionError, match="Bo rolled to help someone else"):
        strike(ana).helped_by(help_)


def test_the_help_explains_what_it_gives(ana: Character, bo: Character) -> None:
    shown = teamwork(bo.action("Athletics", "Might"), strike(ana),
                     dice=ScriptedDice("9 9 9 9 1")).explain()
    assert shown.lines[-1] == "Ana gets +3 Enhancement (teamwork gives at most +3)."


# -- contests -------------------------------------------------------------------------------


def test_more_successes_win_a_contest(ana: Character, giant: Character) -> None:
    result = contest(vault(ana), strike(giant), dice=ScriptedDice("9 9 1 1 1 1"),
                     defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert result.winner == "Ana"


def test_a_tie_goes_to_the_defender_by_default(ana: Character, giant: Character) -> None:
    result = contest(vault(ana), strike(giant), dice=ScriptedDice("9 1 1 1 1 1"),
                     defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert (result.winner, result.why) == ("Frost giant", "Ties go to the defender.")


def test_a_tie_goes_to_the_actor_where_the_action_says(ana: Character, giant: Character) -> None:
    result = contest(vault(ana), strike(giant), dice=ScriptedDice("9 1 1 1 1 1"),
                     defence=ScriptedDice("9 1 1 1 1 1 1 1 1"), ties_to=Side.ACTOR)
    assert result.winner == "Ana"


def test_enhancement_counts_in_a_contest(ana: Character, giant: Character) -> None:
    result = contest(vault(ana).enhanced(1, "a head start"), strike(giant),
                     dice=ScriptedDice("9 1 1 1 1 1"), defence=ScriptedDice("9 9 1 1 1 1 1 1 1"))
    assert result.winner == "Frost giant" and result.actor.total == 2


def test_a_contest_against_oneself_is_refused(ana: Character) -> None:
    with pytest.raises(ActionError, match="against themself"):
        contest(vault(ana), strike(ana), dice=ScriptedDice(""), defence=ScriptedDice(""))


def test_the_contest_odds_say_who_wins_ties(ana: Character, giant: Character) -> None:
    question = contest(vault(ana), strike(giant), dice=ScriptedDice("9 1 1 1 1 1"),
                       defence=ScriptedDice("9 1 1 1 1 1 1 1 1")).odds()
    assert isinstance(question, Wins) and question.note == "ties go to Frost giant"


def test_the_contest_repr(ana: Character, giant: Character) -> None:
    assert repr(contest(vault(ana), strike(giant), dice=ScriptedDice("9 1 1 1 1 1"),
                        defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))) == (
        "<Ana vs Frost giant, Vault: 1 vs 1 successes, failure (ties go to Frost giant)>")

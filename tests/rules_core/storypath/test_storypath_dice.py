"""Storypath dice: characters, pools, 10-again, Difficulty, Enhancement, threshold successes,
Complications and stunts."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.marks import ADDED, EXPLODES, SUCCESS
from rules_core.odds_text import describe
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Settled
from rules_core.storypath import (
    Action,
    ActionError,
    Character,
    CharacterError,
    StorypathError,
)
from rules_core.success_pool import SuccessRule


def leap(ana: Character, difficulty: int = 2) -> Action:
    return ana.action("Athletics", "Dexterity", difficulty=difficulty, task="Leap")


# -- characters -----------------------------------------------------------------------------


def test_a_pool_is_skill_plus_attribute(ana: Character) -> None:
    assert ana.pool("Athletics", "Dexterity").breakdown() == "3 Athletics + 3 Dexterity = 6d10"


def test_an_unlisted_skill_has_no_dots(ana: Character) -> None:
    assert ana.pool("Pilot", "Dexterity").size == 3


def test_a_misspelt_skill_is_a_clear_error(ana: Character) -> None:
    with pytest.raises(CharacterError, match="Athletic is not a Skill: the Skills are"):
        ana.action("Athletic", "Dexterity")


def test_a_misspelt_attribute_on_the_sheet_is_a_clear_error() -> None:
    with pytest.raises(CharacterError, match="Dex is not an Attribute"):
        Character("Ana", {"Dex": 3})


def test_a_missing_attribute_says_how_to_add_it(ana: Character) -> None:
    with pytest.raises(CharacterError, match=r"Ana has no Intellect rating: add it"):
        ana.pool("Academics", "Intellect")


def test_a_rating_must_be_a_whole_number() -> None:
    with pytest.raises(CharacterError, match="whole number of dots"):
        Character("Ana", {"Might": 2.5})  # type: ignore[dict-item]


def test_a_player_character_cannot_be_an_extra() -> None:
    with pytest.raises(CharacterError, match="Extras are Storyguide characters"):
        Character("Ana", player=True, extra=True)


def test_the_target_number_is_eight_or_seven() -> None:
    with pytest.raises(CharacterError, match=r"is 8 \(mortals and Heroes\) or 7"):
        Character("Ana", target=6)


def test_the_best_physical_attribute_is_the_highest(giant: Character) -> None:
    assert giant.best_physical() == "Might"


def test_initiative_is_a_skill_plus_cunning(ana: Character) -> None:
    assert repr(ana.initiative("Close Combat")) == "<Ana, Initiative: 4d10, Difficulty 1>"


def test_the_repr_is_one_short_line(ana: Character) -> None:
    assert repr(ana) == ("<Ana (PC): Might 2, Dexterity 3, Stamina 2, Cunning 2; Athletics 3, "
                         "Close Combat 2>")


def test_the_stat_line_lists_the_dots_and_the_side(wolves: Character) -> None:
    assert wolves.stat_line().text() == ("Wolves: Might 2, Dexterity 3, Cunning 2, Athletics 3, "
                                         "Close Combat 2; Extra (SGC)")


def test_every_refusal_is_a_storypath_error() -> None:
    assert issubclass(CharacterError, StorypathError)


# -- actions --------------------------------------------------------------------------------


def test_a_difficulty_below_zero_is_refused(ana: Character) -> None:
    with pytest.raises(ActionError, match="0 or more"):
        ana.action("Athletics", "Dexterity", difficulty=-1)


def test_a_complication_of_zero_is_refused(ana: Character) -> None:
    with pytest.raises(ActionError, match="1 or more"):
        leap(ana).complicated(0, "nothing")


def test_a_raised_difficulty_says_why(ana: Character) -> None:
    assert leap(ana).harder(1, "difficult terrain").difficulty_text() == (
        "Difficulty 3 (2 + 1 for difficult terrain)")


def test_an_enhancement_of_zero_adds_nothing(ana: Character) -> None:
    assert leap(ana).enhanced(0, "nothing").enhancements == ()


# -- rolling --------------------------------------------------------------------------------


def test_a_ten_is_one_success_and_rolled_again(ana: Character) -> None:
    result = leap(ana).roll(ScriptedDice("10 9 4 3 2 1 8"))
    assert (result.successes, result.faces) == (3, (10, 9, 4, 3, 2, 1, 8))


def test_a_chain_of_tens_adds_a_die_each(ana: Character) -> None:
    result = leap(ana).roll(ScriptedDice("10 4 3 2 1 1 10 10 3"))
    assert (result.successes, len(result.faces)) == (3, 9)


def test_the_rolled_again_dice_are_marked(ana: Character) -> None:
    dice = leap(ana).roll(ScriptedDice("10 4 3 2 1 1 8")).explain().rolls[0].dice
    assert (dice[0].marks, dice[-1].marks) == ((SUCCESS, EXPLODES), (SUCCESS, ADDED))


def test_meeting_the_difficulty_succeeds(ana: Character) -> None:
    result = leap(ana).roll(ScriptedDice("9 8 1 1 1 1"))
    assert (result.succeeded, result.threshold) == (True, 0)


def test_falling_short_fails(ana: Character) -> None:
    result = leap(ana).roll(ScriptedDice("9 1 1 1 1 1"))
    assert (result.succeeded, result.threshold, result.outcome) == (False, 0, Outcome.FAILURE)


def test_threshold_successes_are_the_total_beyond_the_difficulty(ana: Character) -> None:
    assert leap(ana).roll(ScriptedDice("9 9 9 9 1 1")).threshold == 2


def test_enhancement_adds_to_a_roll_with_a_success(ana: Character) -> None:
    result = leap(ana).enhanced(2, "a rope").roll(ScriptedDice("9 1 1 1 1 1"))
    assert (result.enhancement, result.total, result.threshold) == (2, 3, 1)


def test_enhancement_does_not_rescue_a_roll_without_a_success(ana: Character) -> None:
    result = leap(ana, 1).enhanced(3, "a rope").roll(ScriptedDice("7 1 1 1 1 1"))
    assert (result.enhancement, result.total, result.succeeded) == (0, 0, False)


def test_a_complication_is_bought_off_with_threshold_successes(ana: Character) -> None:
    result = leap(ana).complicated(1, "a fall").roll(ScriptedDice("9 9 9 1 1 1"))
    assert (result.bought, result.happens, result.spare) == (
        leap(ana).complicated(1, "a fall").complications, (), 0)


def test_an_unbought_complication_happens_and_the_task_still_succeeds(ana: Character) -> None:
    result = leap(ana).complicated(2, "a fall").roll(ScriptedDice("9 9 9 1 1 1"))
    assert (result.succeeded, result.happens) == (True, ("a fall",))


def test_a_complication_happens_on_a_failure_too(ana: Character) -> None:
    result = leap(ana).complicated(1, "a fall").roll(ScriptedDice("1 1 1 1 1 1"))
    assert (result.succeeded, result.happens) == (False, ("a fall",))


def test_complications_are_bought_in_the_order_listed(ana: Character) -> None:
    action = leap(ana, 1).complicated(2, "first").complicated(1, "second")
    result = action.roll(ScriptedDice("9 9 1 1 1 1"))
    assert result.happens == ("first",)


def test_a_stunt_is_paid_after_the_complications(ana: Character) -> None:
    action = leap(ana, 1).complicated(1, "a fall").with_stunt("Snatch and Grab", 1, "a branch")
    assert leap(ana, 1).roll(ScriptedDice("9 1 1 1 1 1")).stunts == ()
    result = action.roll(ScriptedDice("9 9 1 1 1 1"))
    assert (result.happens, result.stunts) == ((), ())
    assert action.roll(ScriptedDice("9 9 9 1 1 1")).stunts == action.stunts


def test_difficulty_zero_succeeds_whatever_the_dice(ana: Character) -> None:
    result = leap(ana, 0).complicated(1, "an Injury").roll(ScriptedDice("1 1 1 1 1 1"))
    assert (result.succeeded, result.happens) == (True, ("an Injury",))


def test_a_target_of_seven_counts_sevens(ana: Character) -> None:
    tier = leap(ana).counting(SuccessRule(target=7))
    assert tier.roll(ScriptedDice("7 7 1 1 1 1")).succeeded


def test_double_tens_read_the_same_dice_differently(ana: Character) -> None:
    doubles = leap(ana).counting(SuccessRule(again=None, doubles=10))
    assert doubles.roll(ScriptedDice("10 1 1 1 1 1")).successes == 2


# -- explaining -----------------------------------------------------------------------------


def test_the_repr_names_the_dice_and_the_verdict(ana: Character) -> None:
    assert repr(leap(ana).enhanced(1, "a rope").roll(ScriptedDice("9 9 1 1 1 1"))) == (
        "<Ana, Leap: [9 9 1 1 1 1] 2 successes + 1 Enhancement vs Difficulty 2: success, "
        "1 threshold success>")


def test_the_explanation_tallies_and_judges(ana: Character) -> None:
    shown = leap(ana).enhanced(1, "a rope").complicated(2, "a fall").roll(
        ScriptedDice("10 9 1 1 1 1 3")).explain()
    assert shown.lines == (
        "2 successes (10, 9) + 1 Enhancement (a rope) = 3 against Difficulty 2.",
        "Rolled again: 10, adding 1 die.",
        "Leap: success, 1 threshold success.",
        "Complication 2 (a fall): not bought off, so it happens; the task still succeeds.",
        "Threshold successes left: 1.")
    assert (shown.title, shown.pool, shown.outcome) == (
        "Ana: Leap", "3 Athletics + 3 Dexterity = 6d10", Outcome.SUCCESS)


def test_a_failed_roll_says_its_enhancement_did_not_apply(ana: Character) -> None:
    line = leap(ana).enhanced(2, "a rope").roll(ScriptedDice("1 1 1 1 1 1")).explain().lines[0]
    assert line == "No successes, so no Enhancement (a rope, +2) applies, against Difficulty 2."


def test_a_failure_asks_the_difficulty_and_buying_everything(ana: Character) -> None:
    questions = leap(ana).complicated(1, "a fall").roll(ScriptedDice("9 1 1 1 1 1")).odds()
    assert [q.value for q in questions if isinstance(q, AtLeast)] == [2, 3]


def test_a_total_past_the_difficulty_asks_its_threshold_successes(ana: Character) -> None:
    questions = leap(ana).roll(ScriptedDice("9 9 9 9 1 1")).odds()
    assert [(q.value, q.event) for q in questions if isinstance(q, AtLeast)] == [
        (2, "enough for Difficulty 2"),
        (4, "enough for Difficulty 2 and 2 threshold successes")]


def test_the_difficulty_question_replaces_the_same_total(ana: Character) -> None:
    questions = leap(ana).roll(ScriptedDice("9 9 1 1 1 1")).odds()
    assert [q.event for q in questions if isinstance(q, AtLeast)] == ["enough for Difficulty 2"]


def test_difficulty_zero_is_certain(ana: Character) -> None:
    questions = leap(ana, 0).roll(ScriptedDice("1 1 1 1 1 1")).odds()
    assert isinstance(questions[-1], Settled) and questions[-1].succeeded


def test_the_odds_include_the_enhancement(ana: Character) -> None:
    question = leap(ana).enhanced(1, "a rope").roll(ScriptedDice("9 1 1 1 1 1")).odds()[-1]
    assert describe(question).startswith(
        "Ana's chance of 2 or more successes on 6d10 (8+, 10-again), +1 Enhancement on a "
        "success, enough for Difficulty 2: ")

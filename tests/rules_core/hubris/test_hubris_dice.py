"""The dice of the Act of Hubris: 8+, 10-again, exceptional successes, the chance die, Edge,
Difficulty (both readings), Willpower, and obstacles worth many successes."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.errors import DiceScriptError
from rules_core.hubris import (
    ActionResult,
    Character,
    HubrisError,
    Obstacle,
    Options,
    PoolError,
)
from rules_core.outcome import Outcome
from rules_core.question import AtLeast


def roll(who: Character, faces: str, *, edge: int = 0, difficulty: int = 0,
         options: Options | None = None) -> ActionResult:
    action = who.action("Dexterity", "Athletics").with_edge(edge, "help").with_difficulty(
        difficulty, "trouble")
    if options is not None:
        action = action.under(options)
    return action.roll(ScriptedDice(faces))


def test_eight_nine_and_ten_are_successes(mara: Character) -> None:
    assert roll(mara, "8 9 7 1 2").successes == 2


def test_a_ten_is_rolled_again_and_its_new_die_counts(mara: Character) -> None:
    assert roll(mara, "10 7 4 2 1 8").successes == 2


def test_five_successes_are_an_exceptional_success(hana: Character) -> None:
    done = hana.action("Dexterity", "Firearms").roll(ScriptedDice("10 9 9 8 5 2 8"))
    assert done.outcome is Outcome.EXCEPTIONAL_SUCCESS


def test_four_successes_are_a_plain_success(hana: Character) -> None:
    done = hana.action("Dexterity", "Firearms").roll(ScriptedDice("9 9 8 8 5 2"))
    assert done.outcome is Outcome.SUCCESS


def test_no_success_is_a_failure(mara: Character) -> None:
    assert roll(mara, "7 6 5 2 1").outcome is Outcome.FAILURE


def test_an_edge_adds_dice(mara: Character) -> None:
    assert mara.action("Dexterity", "Athletics").with_edge(2, "a rope").size == 7


def test_a_difficulty_takes_dice_away_by_default(mara: Character) -> None:
    assert mara.action("Dexterity", "Athletics").with_difficulty(2, "rain").size == 3


def test_under_the_other_reading_a_difficulty_takes_successes_away(mara: Character) -> None:
    done = roll(mara, "9 8 8 2 1", difficulty=2, options=Options(difficulty="successes"))
    assert (done.action.size, done.successes) == (5, 1)


def test_successes_taken_away_never_go_below_zero(mara: Character) -> None:
    done = roll(mara, "9 7 3 2 1", difficulty=3, options=Options(difficulty="successes"))
    assert done.successes == 0


def test_a_pool_cut_to_zero_rolls_one_chance_die(mara: Character) -> None:
    done = roll(mara, "7", difficulty=5)
    assert (done.dice.chance, done.dice.procedure.size, done.successes) == (True, 1, 0)


def test_a_pool_cut_below_zero_still_rolls_one_chance_die(mara: Character) -> None:
    assert roll(mara, "9", difficulty=8).dice.chance


def test_a_chance_die_succeeds_only_on_ten(mara: Character) -> None:
    assert roll(mara, "9", difficulty=5).successes == 0


def test_a_chance_die_ten_is_a_success_rolled_again(mara: Character) -> None:
    assert roll(mara, "10 10 3", difficulty=5).successes == 2


def test_the_die_a_chance_die_adds_needs_a_ten_too(mara: Character) -> None:
    assert roll(mara, "10 8", difficulty=5).successes == 1


def test_a_one_on_the_chance_die_is_a_dramatic_failure(mara: Character) -> None:
    assert roll(mara, "1", difficulty=5).outcome is Outcome.DRAMATIC_FAILURE


def test_a_one_on_a_normal_pool_is_no_dramatic_failure(mara: Character) -> None:
    assert roll(mara, "1 1 1 1 1").outcome is Outcome.FAILURE


def test_one_die_left_is_a_normal_die_not_a_chance_die(mara: Character) -> None:
    done = roll(mara, "8", difficulty=4)
    assert (done.dice.chance, done.successes) == (False, 1)


def test_the_pool_words_say_a_chance_die(mara: Character) -> None:
    text = mara.action("Dexterity", "Athletics").with_difficulty(6, "dark").pool_text()
    assert text.endswith("= -1: a chance die")


def test_willpower_adds_three_dice(rook: Character) -> None:
    assert rook.action("Strength", "Athletics").with_willpower().size == 8


def test_willpower_dice_are_an_option(rook: Character) -> None:
    push = rook.action("Strength", "Athletics").with_willpower()
    assert push.under(Options(willpower_dice=2)).size == 7


def test_willpower_is_spent_once_a_roll(rook: Character) -> None:
    with pytest.raises(PoolError, match="one point a roll"):
        rook.action("Strength", "Athletics").with_willpower().with_willpower()


def test_an_edge_must_be_a_whole_number(mara: Character) -> None:
    with pytest.raises(PoolError, match="whole number"):
        mara.action("Dexterity", "Athletics").with_edge(-1, "bad")


def test_the_odds_ask_for_a_success_and_an_exceptional_success(mara: Character) -> None:
    asked = roll(mara, "9 8 5 3 1").odds()
    assert [(q.value, q.event) for q in asked if isinstance(q, AtLeast)] == [
        (1, "a success"), (5, "an exceptional success")]


def test_an_obstacle_adds_up_successes_over_turns(rook: Character) -> None:
    door = Obstacle("the door", 5)
    bash = rook.action("Strength", "Athletics")
    door = door.work(bash.roll(ScriptedDice("9 8 8 2 1"))).work(
        bash.roll(ScriptedDice("9 8 3 2 1")))
    assert (door.gathered, door.overcome) == (5, True)


def test_an_overcome_obstacle_takes_no_more_rolls(rook: Character) -> None:
    bash = rook.action("Strength", "Athletics")
    door = Obstacle("the door", 1).work(bash.roll(ScriptedDice("9 1 1 1 1")))
    with pytest.raises(HubrisError, match="already overcome"):
        door.work(bash.roll(ScriptedDice("9 1 1 1 1")))


def test_options_refuse_an_unknown_reading() -> None:
    with pytest.raises(HubrisError, match="difficulty is 'dice'"):
        Options(difficulty="penalty")


def test_a_chance_die_s_ten_needs_one_more_face_and_says_so(mara: Character) -> None:
    wall = mara.action("Dexterity", "Athletics").with_difficulty(5, "sheer")
    with pytest.raises(DiceScriptError, match=r"Mara's chance die shows 10, a success that "
                       r"is rolled again .*the roll needs 2 faces, not the 1 listed \(10\): "
                       r"add 1 face after the last 10"):
        wall.roll(ScriptedDice("10"))


def test_a_pool_s_ten_needs_one_more_face_and_says_so(mara: Character) -> None:
    with pytest.raises(DiceScriptError, match=r"Mara's 5d10 roll shows 1 ten, and each 10 is "
                       r"rolled again \(10-again\), adding a die: the roll needs 6 faces"):
        mara.action("Dexterity", "Athletics").roll(ScriptedDice("10 9 8 7 6"))


def test_a_later_roll_on_the_same_faces_counts_only_its_own(mara: Character) -> None:
    faces = ScriptedDice("9 8 7 6 5  10")
    mara.action("Dexterity", "Athletics").roll(faces)
    with pytest.raises(DiceScriptError, match="needs 2 faces, not the 1 listed"):
        mara.action("Dexterity", "Athletics").with_difficulty(5, "sheer").roll(faces)


def test_other_script_errors_are_left_as_they_are(mara: Character) -> None:
    with pytest.raises(DiceScriptError, match="11 cannot come up on a d10"):
        mara.action("Dexterity", "Athletics").roll(ScriptedDice("10 9 8 7 6 11"))

"""Dice sources: scripted faces from the text, seeded random faces, and their limits."""

from __future__ import annotations

import random

import pytest

from rules_core.dice import RandomDice, ScriptedDice, format_faces, parse_faces
from rules_core.errors import DiceError, DiceScriptError
from rules_core.limits import MAX_DICE_PER_ROLL


def test_scripted_dice_hand_out_the_written_faces() -> None:
    assert ScriptedDice("6 6 5 4 2 1").roll(6, 6) == (6, 6, 5, 4, 2, 1)


def test_scripted_dice_accept_commas() -> None:
    assert parse_faces("6, 5,4") == (6, 5, 4)


def test_too_few_faces_name_the_pool_and_the_fix() -> None:
    with pytest.raises(DiceScriptError) as error:
        ScriptedDice("6 5 5 5 4 3 3 3 2 2 1").roll(12, 6)
    assert str(error.value) == (
        "the pool is 12d6 but 11 faces are listed (6 5 5 5 4 3 3 3 2 2 1): add 1 face"
    )


def test_leftover_faces_are_reported_with_how_many_to_remove() -> None:
    dice = ScriptedDice("6 6 5 4 2 1 3")
    dice.roll(6, 6)
    with pytest.raises(DiceScriptError) as error:
        dice.check_used_up()
    assert str(error.value) == (
        "7 faces are listed (6 6 5 4 2 1 3) but only 6 were rolled: remove 1 face"
    )


def test_faces_never_rolled_are_reported() -> None:
    with pytest.raises(DiceScriptError, match="were never rolled"):
        ScriptedDice("6 5").check_used_up()


def test_a_face_the_die_does_not_have_is_refused() -> None:
    with pytest.raises(DiceScriptError) as error:
        ScriptedDice("6 7 5").roll(3, 6)
    assert str(error.value) == "7 cannot come up on a d6 (faces 1 to 6), in 6 7 5"


def test_a_zero_face_is_refused() -> None:
    with pytest.raises(DiceScriptError, match="0 cannot come up on a d6"):
        ScriptedDice("0").roll(1, 6)


def test_words_that_are_not_faces_are_refused() -> None:
    with pytest.raises(DiceScriptError, match="'six' in 'six 5' is not a die face"):
        ScriptedDice("six 5")


def test_scripted_dice_can_be_drawn_in_several_rolls() -> None:
    dice = ScriptedDice("1 5 4")
    assert (dice.roll(2, 6), dice.roll(1, 6)) == ((1, 5), (4,))


def test_used_up_scripted_dice_refuse_another_roll() -> None:
    dice = ScriptedDice("5 2")
    dice.roll(2, 6)
    with pytest.raises(DiceScriptError, match=r"every face written \(5 2\) is used up and "
                                              r"2d6 more are rolled: add 2 faces"):
        dice.roll(2, 6)


@pytest.mark.parametrize("faces", ["\u0666 5", "6 \u00b2", "6 \uff16"])
def test_faces_are_written_in_ascii_digits(faces: str) -> None:
    with pytest.raises(DiceScriptError, match="in the digits 0 to 9"):
        ScriptedDice(faces)


@pytest.mark.parametrize("faces", [[6.0, 5], [True, 5], ["6"]])
def test_faces_given_as_values_are_whole_numbers(faces: list[object]) -> None:
    with pytest.raises(DiceScriptError, match="is not a die face"):
        ScriptedDice(faces)  # type: ignore[arg-type]


def test_random_dice_with_the_same_seed_roll_the_same() -> None:
    assert RandomDice(seed=7).roll(10, 6) == RandomDice(seed=7).roll(10, 6)


def test_random_dice_remember_what_they_rolled() -> None:
    dice = RandomDice(seed=1)
    first, second = dice.roll(3, 6), dice.roll(2, 6)
    assert tuple(dice.rolled) == first + second


def test_random_dice_leave_the_global_random_state_alone() -> None:
    before = random.getstate()
    RandomDice().roll(20, 6)
    RandomDice(seed=3).roll(20, 10)
    assert random.getstate() == before


def test_a_pool_over_the_limit_is_refused() -> None:
    with pytest.raises(DiceError, match=f"over the limit of {MAX_DICE_PER_ROLL} dice"):
        RandomDice(seed=1).roll(MAX_DICE_PER_ROLL + 1, 6)


def test_a_die_with_one_side_is_refused() -> None:
    with pytest.raises(DiceError, match="a die must have a whole number of faces, 2 to 1000"):
        RandomDice(seed=1).roll(1, 1)


def test_a_negative_number_of_dice_is_refused() -> None:
    with pytest.raises(DiceError, match="must be a whole number, 0 or more"):
        ScriptedDice("").roll(-1, 6)


def test_faces_are_written_as_in_the_text() -> None:
    assert format_faces((6, 6, 5)) == "6 6 5"


@pytest.mark.parametrize("count", [2.5, "3"])
def test_a_number_of_dice_that_is_not_whole_says_so(count: object) -> None:
    with pytest.raises(DiceError, match=r"cannot roll .* dice: the number of dice must be a "
                                        "whole number, 0 or more"):
        RandomDice(seed=1).roll(count, 6)  # type: ignore[arg-type]


@pytest.mark.parametrize("faces", ["6 " + "9" * 5001, [6, 10**5000]])
def test_a_face_of_5001_digits_is_refused_before_it_is_read(faces: str | list[int]) -> None:
    with pytest.raises(DiceScriptError, match="a face of 5,001 digits cannot come up on any "
                                              "die: a die has at most 1,000 faces"):
        ScriptedDice(faces)


@pytest.mark.parametrize("faces", ["6 2000", [6, 2000], [-2000]])
def test_a_face_past_every_die_is_named(faces: str | list[int]) -> None:
    with pytest.raises(DiceScriptError, match=r"the face -?2000 cannot come up on any die"):
        ScriptedDice(faces)

"""Rerolling in waves until no die shows a face the rule rerolls."""

from __future__ import annotations

import pytest

from rules_core.dice import RandomDice, ScriptedDice
from rules_core.errors import DiceScriptError, RerollLimitError
from rules_core.reroll import reroll_while


def low(face: int) -> bool:
    return face <= 2


def test_dice_that_need_no_reroll_keep_their_face() -> None:
    assert reroll_while(ScriptedDice(""), (3, 6), 6, low) == ((3,), (6,))


def test_rerolls_come_in_waves_and_keep_every_face() -> None:
    dice = ScriptedDice("2 5  3")
    assert reroll_while(dice, (1, 4, 2), 6, low) == ((1, 2, 3), (4,), (2, 5))
    assert dice.leftover == ()


def test_a_short_script_says_how_many_faces_to_add() -> None:
    with pytest.raises(DiceScriptError) as error:
        reroll_while(ScriptedDice("3"), (1, 2), 6, low, rule="expertise")
    assert str(error.value) == (
        "expertise rerolls 2 dice (showing 1 2) but the faces 3 run out: add 1 face for the "
        "reroll (rerolls come after the first roll, in waves)")


def test_a_rule_that_rerolls_every_face_stops_at_the_limit() -> None:
    with pytest.raises(RerollLimitError, match="rerolled 5 times"):
        reroll_while(RandomDice(1), (3,), 6, lambda face: True, limit=5)


def test_random_dice_end_on_kept_faces() -> None:
    histories = reroll_while(RandomDice(7), (1, 2, 1, 2), 6, low)
    assert all(h[-1] > 2 and all(f <= 2 for f in h[:-1]) for h in histories)

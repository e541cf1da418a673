"""What a page session copies for a check: immutables shared, the rest independent."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.copying import Copyable, independent_copy, is_immutable
from rules_core.dice import ScriptedDice
from rules_core.pool import Pool
from rules_core.verses import PUNCH, Actor, Scene


@dataclass(frozen=True)
class Frozen:
    value: int


def test_immutable_values_are_shared() -> None:
    for value in (Frozen(1), Pool().plus(2, "PRW"), (1, "a"), PUNCH, len):
        assert is_immutable(value) and independent_copy(value) is value


def test_a_copyable_result_makes_its_own_copy() -> None:
    tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
    scene = Scene(tam)
    assert isinstance(scene, Copyable)
    twin = independent_copy(scene)
    twin.act(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 4 2 1"))
    assert (scene.ad_left(tam), twin.ad_left(tam), scene.log) == (6, 5, [])


def test_anything_else_is_deep_copied() -> None:
    stash = {"faces": [1, 2]}
    twin = independent_copy(stash)
    twin["faces"].append(3)
    assert stash == {"faces": [1, 2]} and not is_immutable(stash)

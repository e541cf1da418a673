"""A fumble fails, always: "a critical failure, or fumble, occurs when you roll all 1s on a
test" (A Song of Ice and Fire Roleplaying, "Combat Actions"), whatever the total reached."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.chronicle import AbilityTest, Combat, DestinyError
from rules_core.dice import ScriptedDice as rolled
from rules_core.outcome import Outcome


def test_all_ones_fail_a_test_whose_total_reaches_the_difficulty() -> None:
    fumbled = AbilityTest("Edric", "Athletics", 4).against("Easy", rolled("1 1 1 1"))
    assert (fumbled.result, fumbled.is_fumble, fumbled.succeeded, fumbled.degrees) == (
        4, True, False, 0)
    assert fumbled.explain().outcome == Outcome.FUMBLE
    assert repr(fumbled).endswith(": failure, fumble>")
    assert "a fumble fails whatever the total" in fumbled.verdict()


def test_an_attack_of_all_ones_misses_whatever_its_bonuses(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", burn=["+5"], dice=rolled("1 1 1 1 1 1 1"))
    assert hit.is_fumble and hit.test.grade.succeeded
    assert (hit.hit, hit.dealt, combat.harm("Rorik").damage) == (False, 0, 0)


def test_catching_one_s_breath_with_all_ones_removes_no_damage(combat: Combat) -> None:
    combat.set_harm("Edric", replace(combat.harm("Edric"), damage=3))
    combat.catch_breath("Edric", dice=rolled("1 1 1 1"))
    assert combat.harm("Edric").damage == 3


def test_lowering_a_fumble_with_no_destiny_point_left_is_refused_before_rolling(
        combat: Combat) -> None:
    left = combat.destiny("Edric").left
    spent = ["bonus die"] * left
    with pytest.raises(DestinyError, match="no Destiny Point left to lower a fumble"):
        combat.attack("Edric", "Rorik", spend=spent, lower_fumble=True, dice=rolled(""))
    assert combat.destiny("Edric").left == left

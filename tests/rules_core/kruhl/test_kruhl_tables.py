"""The modifier tables, exhaustion, range bands and movement."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.errors import RulesError
from rules_core.kruhl import (
    Character,
    SituationError,
    exhaustion,
    range_band,
    range_circumstances,
    unopposed,
)
from rules_core.kruhl.economy import move_through_obstacle
from rules_core.kruhl.ranges import range_table
from rules_core.kruhl.situations import (
    ATTACK_SITUATIONS,
    BONUS,
    DEFENSE_SITUATIONS,
    FAILS,
    PENALTY,
    SKILL_SITUATIONS,
    situation,
    situation_table,
)


@pytest.mark.parametrize(("name", "effect"), [
    ("impossible", FAILS), ("sprinting", FAILS), ("can't perceive (ranged)", FAILS),
    ("can't perceive (hand-to-hand)", PENALTY), ("disarming", PENALTY),
    ("distracted", PENALTY), ("restrained", PENALTY), ("running", PENALTY),
    ("surprised", PENALTY), ("sweeping", PENALTY), ("two-handed weapon in one hand", PENALTY),
    ("beyond effective range", PENALTY), ("underwater", PENALTY), ("charging", BONUS),
])
def test_the_attack_table(name: str, effect: str) -> None:
    assert ATTACK_SITUATIONS[name].effect == effect


@pytest.mark.parametrize(("name", "effect"), [
    ("distracted", PENALTY), ("prone (hand-to-hand)", PENALTY), ("restrained", PENALTY),
    ("surprised", PENALTY), ("can't perceive", PENALTY), ("cover", BONUS),
    ("prone (ranged)", BONUS), ("running", BONUS), ("sprinting", BONUS),
])
def test_the_defense_table(name: str, effect: str) -> None:
    assert DEFENSE_SITUATIONS[name].effect == effect


def test_running_hampers_other_rolls_and_sprinting_fails_them() -> None:
    assert (SKILL_SITUATIONS["running"].effect, SKILL_SITUATIONS["sprinting"].effect) == (
        PENALTY, FAILS)


def test_a_table_is_asked_for_by_roll_kind() -> None:
    with pytest.raises(SituationError, match="not 'parry'"):
        situation("parry", "cover")


def test_a_circumstance_missing_from_the_table_lists_the_table() -> None:
    with pytest.raises(SituationError, match="'cover' is not in the attack table"):
        situation("attack", "cover")


def test_the_attack_table_view_has_every_row() -> None:
    table = situation_table("attack")
    assert table.rows[0] == ("GM deems attempt impossible", FAILS)
    assert len(table.rows) == len(ATTACK_SITUATIONS)


def test_eight_hours_of_strenuous_activity_give_a_penalty_die() -> None:
    assert exhaustion(hours_strenuous=8) == ("exhausted",)


def test_a_day_without_sleep_gives_another() -> None:
    assert exhaustion(hours_strenuous=10, hours_without_sleep=25) == ("exhausted", "sleepless")


def test_rested_and_slept_means_no_penalty() -> None:
    assert exhaustion(hours_strenuous=7, hours_without_sleep=24) == ()


@pytest.mark.parametrize(("metres", "band"), [
    (0.5, "Hand-to-hand"), (1, "Hand-to-hand"), (10, "Short"), (50, "Medium"),
    (1000, "Long"),
])
def test_range_bands(metres: float, band: str) -> None:
    assert range_band(metres).name == band


def test_beyond_long_range_is_refused() -> None:
    with pytest.raises(RulesError, match="beyond long range"):
        range_band(1001)


def test_a_target_past_effective_range_gives_a_penalty_die() -> None:
    assert range_circumstances(120, effective_range=100) == ("beyond effective range",)
    assert range_circumstances(80, effective_range=100) == ()


def test_the_range_table_matches_the_source() -> None:
    assert range_table().rows[2] == ("Medium (100 m)", "Bow, crossbow, sling")


def test_failing_an_obstacle_roll_halves_movement(soraya: Character) -> None:
    failed = unopposed(soraya.check("Athletics"), 3, dice=rolled("1 1 6 6"))
    assert move_through_obstacle(10, failed) == 5

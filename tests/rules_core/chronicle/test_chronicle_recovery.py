"""Recovering from injuries and wounds, alone or in a healer's care."""

from __future__ import annotations

import pytest

from rules_core.chronicle import (
    Character,
    Harm,
    HarmError,
    Readings,
    recover_injuries,
    recover_wounds,
    recovery_table,
    wounds_removed,
)
from rules_core.dice import ScriptedDice as rolled


@pytest.mark.parametrize(("activity", "target"), [("light", 6), ("moderate", 9),
                                                   ("strenuous", 12)])
def test_an_injury_s_difficulty_follows_the_activity(edric: Character, activity: str,
                                                     target: int) -> None:
    result = recover_injuries(edric, Harm("Edric", 4, injuries=1), activity,
                              dice=rolled("1 1 1 1"))
    assert result.test.difficulty is not None and result.test.difficulty.value == target


@pytest.mark.parametrize(("activity", "target"), [("light", 9), ("moderate", 15),
                                                   ("strenuous", 21)])
def test_a_wound_s_difficulty_follows_the_activity(edric: Character, activity: str,
                                                   target: int) -> None:
    result = recover_wounds(edric, Harm("Edric", 4, wounds=1), activity, dice=rolled("1 1 1 1"))
    assert result.test.difficulty is not None and result.test.difficulty.value == target


def test_each_degree_removes_an_injury(edric: Character) -> None:
    result = recover_injuries(edric, Harm("Edric", 4, injuries=3), "moderate",
                              dice=rolled("5 4 4 3"))
    assert (result.test.result, result.removed, result.after.injuries) == (16 - 3, 1, 2)


def test_the_injured_test_carries_its_own_penalties(edric: Character) -> None:
    result = recover_injuries(edric, Harm("Edric", 4, injuries=1, wounds=1), "light",
                              dice=rolled("6 5 4 1"))
    assert (result.test.count().kept, result.test.result) == (3, 14)


def test_a_critical_failure_adds_an_injury(edric: Character) -> None:
    after = recover_injuries(edric, Harm("Edric", 4, injuries=2), "strenuous",
                             dice=rolled("2 1 2 1")).after
    assert after.injuries == 3


def test_a_critical_failure_with_injuries_full_adds_a_wound(edric: Character) -> None:
    after = recover_injuries(edric, Harm("Edric", 4, injuries=4), "strenuous",
                             dice=rolled("2 1 2 1")).after
    assert (after.injuries, after.wounds) == (4, 1)


def test_a_marginal_failure_changes_nothing(edric: Character) -> None:
    harm = Harm("Edric", 4, injuries=1)
    assert recover_injuries(edric, harm, "moderate", dice=rolled("2 2 2 1")).after == harm


def test_under_the_other_reading_only_a_fumble_worsens_an_injury(edric: Character) -> None:
    after = recover_injuries(edric, Harm("Edric", 4, injuries=2), "strenuous",
                             dice=rolled("2 1 2 1"),
                             readings=Readings(critical_failure="all ones")).after
    assert after.injuries == 2


@pytest.mark.parametrize(("degrees", "literal", "other"), [(0, 0, 0), (1, 1, 1), (2, 2, 1),
                                                           (3, 2, 2), (4, 3, 2)])
def test_wounds_removed_by_degrees(degrees: int, literal: int, other: int) -> None:
    assert (wounds_removed(degrees),
            wounds_removed(degrees, Readings(wound_recovery="after the first"))) == (
        literal, other)


def test_a_critical_failure_on_the_last_wound_kills(wyl: Character) -> None:
    assert recover_wounds(wyl, Harm("Wyl", 2, wounds=1), "moderate",
                          dice=rolled("1 2")).after.dead


def test_a_healer_rolls_healing_instead(cast: dict[str, Character], edric: Character) -> None:
    result = recover_wounds(edric, Harm("Edric", 4, wounds=2), "light",
                            healer=cast["Maester Beck"], dice=rolled("6 5 5 4"))
    assert (result.test.ability, result.removed) == ("Healing", 2)


def test_a_failed_healing_test_never_worsens(cast: dict[str, Character], wyl: Character) -> None:
    harm = Harm("Wyl", 2, wounds=1)
    assert recover_wounds(wyl, harm, "moderate", healer=cast["Maester Beck"],
                          dice=rolled("1 1 2 1")).after == harm


def test_injuries_wait_a_day(edric: Character) -> None:
    with pytest.raises(HarmError, match="1 day after"):
        recover_injuries(edric, Harm("Edric", 4, injuries=1), days=0, dice=rolled(""))


def test_wounds_wait_a_week(edric: Character) -> None:
    with pytest.raises(HarmError, match="7 days after"):
        recover_wounds(edric, Harm("Edric", 4, wounds=1), days=6, dice=rolled(""))


def test_nothing_to_recover_is_refused(edric: Character) -> None:
    with pytest.raises(HarmError, match="no injuries to recover"):
        recover_injuries(edric, Harm("Edric", 4), dice=rolled(""))


def test_the_table_says_fighting_where_the_seed_says_righting() -> None:
    assert recovery_table().rows[2][1].startswith("fighting")


def test_a_healer_who_gives_less_than_four_hours_a_day_is_refused(
        cast: dict[str, Character]) -> None:
    with pytest.raises(HarmError, match=r"Maester Beck tends Edric 2 hours a day: .* at least 4"):
        recover_injuries(cast["Edric"], Harm("Edric", 4, injuries=1),
                         healer=cast["Maester Beck"], hours=2, dice=rolled(""))

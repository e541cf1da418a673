"""Destiny Points: the uses, the count, and what each use does in a combat."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Combat, CombatError, DestinyError, DestinyPoints, destiny_table
from rules_core.dice import ScriptedDice as rolled


def test_each_use_takes_a_point() -> None:
    assert DestinyPoints("Edric", 3).spend("minor detail").burn("+5").left == 1


def test_no_point_left_is_refused() -> None:
    with pytest.raises(DestinyError, match="no Destiny Point left"):
        DestinyPoints("Wyl", 0).spend("bonus die")


def test_an_unknown_use_is_refused() -> None:
    with pytest.raises(DestinyError, match="is not a use of a spent Destiny Point"):
        DestinyPoints("Edric", 1).spend("a pony")


def test_the_table_lists_eleven_spends_and_nine_burns() -> None:
    kinds = [row[0] for row in destiny_table().rows]
    assert (kinds.count("spend"), kinds.count("burn")) == (11, 9)


def test_an_attack_s_destiny_uses_are_charged_when_it_is_rolled(combat: Combat) -> None:
    combat.attack("Edric", "Rorik", spend=["bonus die"], burn=["+5"],
                  dice=rolled("1 1 1 1 1 1 1 1"))
    assert combat.destiny("Edric").left == 1


def test_more_uses_than_points_are_refused_before_rolling(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="has 1 Destiny Points, not 2"):
        combat.attack("Rorik", "Edric", spend=["bonus die", "bonus die"], dice=rolled(""))


def test_ignoring_the_armor_penalty_raises_combat_defense(combat: Combat) -> None:
    combat.spend_destiny("Edric", "ignore armor penalty")
    assert combat.combat_defense("Edric") == 12


def test_a_bestowed_penalty_hampers_the_opponent_s_next_test_only(combat: Combat) -> None:
    combat.spend_destiny("Edric", "bestow penalty", on="Rorik")
    combat.attack("Rorik", "Edric", dice=rolled("1 1 1 1 1"))
    assert combat.test_of("Rorik", "Fighting").penalty == ()


def test_a_penalty_is_bestowed_on_an_opponent_only(combat: Combat) -> None:
    with pytest.raises(CombatError, match="goes on an opponent of Edric"):
        combat.spend_destiny("Edric", "bestow penalty", on="Wyl")


def test_a_test_s_own_use_goes_on_the_test(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="goes on a test"):
        combat.spend_destiny("Edric", "bonus die")


def test_burning_removes_damage_and_injuries_not_wounds(combat: Combat) -> None:
    combat.set_harm("Edric", combat.harm("Edric").take(10, "injury").after.with_wound())
    combat.burn_destiny("Edric", "remove damage and injuries")
    harm = combat.harm("Edric")
    assert (harm.damage, harm.injuries, harm.wounds) == (0, 0, 1)


def test_burning_to_foil_a_success_makes_it_fail(combat: Combat) -> None:
    hit = combat.attack("Rorik", "Edric", foiled_by="Edric", dice=rolled("6 6 5 3 2"))
    assert (hit.hit, combat.harm("Edric").damage, combat.destiny("Edric").left) == (False, 0, 2)


def test_a_failure_is_not_foiled_and_costs_nothing(combat: Combat) -> None:
    combat.attack("Rorik", "Edric", foiled_by="Edric", dice=rolled("1 1 1 1 2"))
    assert combat.destiny("Edric").left == 3


def test_burning_avoids_certain_death(combat: Combat) -> None:
    combat.attack("Edric", "Rorik", dice=rolled("6 6 6 6 6 2 1"))
    combat.burn_destiny("Rorik", "avoid death")
    harm = combat.harm("Rorik")
    assert (harm.dead, harm.defeated) == (False, True)


def test_avoiding_death_needs_a_death_to_avoid(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="not facing death"):
        combat.burn_destiny("Rorik", "avoid death")


def test_a_story_use_says_what_it_does_and_what_changes(combat: Combat) -> None:
    used = combat.spend_destiny("Edric", "activate environment", detail="the ford's mud")
    assert used.lines == ("Edric spends a Destiny Point to bring an environmental quality "
                          "into play: the ford's mud.",)


def test_a_burned_story_use_takes_a_point(combat: Combat) -> None:
    combat.burn_destiny("Edric", "significant detail", detail="a postern gate stands open")
    assert combat.destiny("Edric").used == (("burn", "significant detail"),)

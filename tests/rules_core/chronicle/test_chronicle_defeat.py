"""Defeat and its consequences, Vicious weapons, Destiny and yielding."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Character, Combat, CombatError, consequence_table
from rules_core.dice import ScriptedDice as rolled


def defeated(cast: dict[str, Character]) -> Combat:
    """Rorik defeated by Edric's longsword."""
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.attack("Edric", "Rorik", soak="none", dice=rolled("6 5 5 4 3 1 1"))
    return combat


def test_the_five_consequences() -> None:
    assert [row[0] for row in consequence_table().rows] == [
        "Death", "Maimed", "Ransom", "Take the black", "Unconscious"]


def test_unconsciousness_lasts_2d6_hours(cast: dict[str, Character]) -> None:
    assert defeated(cast).defeat("Rorik", "unconscious", dice=rolled("4 5")).hours_out == 9


def test_maiming_lowers_an_ability_for_good(cast: dict[str, Character]) -> None:
    combat = defeated(cast)
    combat.defeat("Rorik", "maimed", ability="Agility")
    assert combat.character("Rorik").rank("Agility") == 2


def test_death_kills(cast: dict[str, Character]) -> None:
    combat = defeated(cast)
    combat.defeat("Rorik", "death")
    assert combat.harm("Rorik").dead


def test_only_the_defeated_have_their_fate_decided(cast: dict[str, Character]) -> None:
    with pytest.raises(CombatError, match="not defeated"):
        Combat(cast["Edric"], cast["Rorik"]).defeat("Rorik", "ransom")


def test_a_vicious_weapon_s_defeat_is_death(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Wyl"], cast["Rorik"])
    combat.attack("Rorik", "Wyl", soak="none", dice=rolled("4 4 3 3 2"))
    with pytest.raises(CombatError, match="Vicious weapon"):
        combat.defeat("Wyl", "ransom")


def test_burning_destiny_chooses_one_s_own_fate(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.attack("Rorik", "Edric", soak="none", dice=rolled("6 6 6 5 5"))
    combat.attack("Rorik", "Edric", soak="none", dice=rolled("6 6 6 5 5"))
    defeat = combat.defeat("Edric", "ransom", burn=True)
    assert (defeat.outcome, combat.destiny("Edric").left) == ("ransom", 2)


def test_agreed_terms_settle_the_defeat(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.offer_terms("Rorik", "ransom", to="Edric", narrator="accepts")
    assert combat.defeats["Rorik"].outcome == "ransom"


def test_a_counter_offer_refused_means_no_yield(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.offer_terms("Rorik", "ransom", to="Edric", narrator="death", agree=False)
    assert combat.defeats == {}


def test_an_agreed_counter_offer_is_the_outcome(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.offer_terms("Rorik", "ransom", to="Edric", narrator="take the black")
    assert combat.defeats["Rorik"].outcome == "take the black"


def test_health_comes_back_when_the_combat_ends(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.attack("Rorik", "Edric", dice=rolled("6 5 5 2 1"))
    combat.attack("Rorik", "Edric", soak="injury", dice=rolled("6 5 4 2 1"))
    combat.end()
    assert (combat.harm("Edric").damage, combat.harm("Edric").injuries) == (0, 1)

"""The cast of the Act of Hubris chapter's examples, as character sheets for the tests."""

from __future__ import annotations

import pytest

from rules_core.hubris import Character, Mob, Weapon


def sheets() -> dict[str, Character]:
    """Mara and Hana (player characters), Rook, Ike and Voss."""
    return {c.name: c for c in (
        Character("Mara", {"Strength": 3, "Dexterity": 3, "Stamina": 2, "Wits": 2,
                           "Composure": 2, "Resolve": 2},
                  {"Weaponry": 3, "Athletics": 2, "Brawl": 2, "Firearms": 2}),
        Character("Rook", {"Strength": 4, "Dexterity": 2, "Stamina": 3, "Wits": 2,
                           "Composure": 2, "Resolve": 2},
                  {"Brawl": 3, "Weaponry": 2, "Athletics": 1}, armor=1, size_edge=1),
        Character("Hana", {"Strength": 2, "Dexterity": 3, "Stamina": 2, "Wits": 3,
                           "Composure": 3, "Resolve": 3},
                  {"Weaponry": 2, "Athletics": 2, "Firearms": 3}),
        Character("Ike", {"Strength": 2, "Dexterity": 2, "Stamina": 2, "Wits": 2,
                          "Composure": 2, "Resolve": 2}, {"Firearms": 1}),
        Character("Voss", {"Strength": 3, "Dexterity": 3, "Stamina": 3, "Wits": 3,
                           "Composure": 3, "Resolve": 4, "Manipulation": 4},
                  {"Brawl": 2, "Persuasion": 3}, power=("Blood Potency", 2)),
    )}


@pytest.fixture
def machete() -> Weapon:
    return Weapon("a machete", 2)


@pytest.fixture
def smg() -> Weapon:
    return Weapon("a submachine gun", 3, "Firearms", autofire=True)


@pytest.fixture
def cast() -> dict[str, Character]:
    return sheets()


@pytest.fixture
def mara(cast: dict[str, Character]) -> Character:
    return cast["Mara"]


@pytest.fixture
def rook(cast: dict[str, Character]) -> Character:
    return cast["Rook"]


@pytest.fixture
def hana(cast: dict[str, Character]) -> Character:
    return cast["Hana"]


@pytest.fixture
def ike(cast: dict[str, Character]) -> Character:
    return cast["Ike"]


@pytest.fixture
def voss(cast: dict[str, Character]) -> Character:
    return cast["Voss"]


@pytest.fixture
def pack() -> Mob:
    return Mob("The ghoul pack", initiative=3, attack_dice=7, defense_dice=3, health=10)

"""The cast of the Chronicle System chapter, as character sheets for the tests."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Armor, Character, Combat, Mount, Weapon

LONGSWORD = Weapon("longsword", specialty="Long Blades", damage="Athletics", modifier=1,
                   make="castle-forged")
SHIELD = Weapon("shield", specialty="Shields", damage="Athletics", modifier=-2,
                qualities=("Defensive +2", "Off-Hand +1"))
BATTLEAXE = Weapon("battleaxe", specialty="Axes", damage="Athletics", qualities=("Vicious",))
HAND_AXE = Weapon("hand axe", specialty="Axes", damage="Athletics", qualities=("Off-Hand +1",))
BOW = Weapon("hunting bow", ability="Marksmanship", specialty="Bows", damage="Agility")
KNIFE = Weapon("knife", specialty="Short Blades", damage="Athletics", modifier=-1)
SPEAR = Weapon("spear", specialty="Spears", damage="Athletics", qualities=("Polearm",))
BLADE = Weapon("Valyrian blade", specialty="Long Blades", damage="Athletics", modifier=1,
               make="Valyrian steel")
DESTRIER = Mount("destrier", movement=8, war_trained=True)


def sheets() -> dict[str, Character]:
    """Edric and Wyl against Rorik and Gorm; Ser Hollis; Maester Beck; Pate."""
    return {c.name: c for c in (
        Character("Edric", {"Agility": 3, "Athletics": 4, "Awareness": 3, "Cunning": 2,
                            "Endurance": 4, "Fighting": 5, "Will": 3, "Animal Handling": 3,
                            "Persuasion": 3},
                  {"Fighting": {"Long Blades": 2, "Shields": 1}, "Animal Handling": {"Ride": 1}},
                  weapons=(LONGSWORD, SHIELD), armor=Armor("ringmail", 4, 2), destiny=3),
        Character("Rorik", {"Agility": 3, "Athletics": 4, "Awareness": 3, "Cunning": 2,
                            "Endurance": 3, "Fighting": 4, "Will": 2}, {"Fighting": {"Axes": 1}},
                  weapons=(BATTLEAXE, HAND_AXE), armor=Armor("boiled leather", 3, 1),
                  destiny=1),
        Character("Wyl", {"Agility": 3, "Athletics": 2, "Awareness": 3, "Cunning": 3,
                          "Endurance": 2, "Fighting": 2, "Marksmanship": 3, "Will": 2},
                  {"Marksmanship": {"Bows": 1}}, weapons=(BOW, KNIFE)),
        Character("Gorm", {"Agility": 2, "Athletics": 3, "Awareness": 2, "Endurance": 3,
                           "Fighting": 3, "Will": 2, "Animal Handling": 2, "Persuasion": 2},
                  {"Animal Handling": {"Ride": 1}}, weapons=(SPEAR,)),
        Character("Ser Hollis", {"Agility": 4, "Athletics": 5, "Awareness": 4, "Endurance": 5,
                                 "Fighting": 6, "Will": 4}, {"Fighting": {"Long Blades": 3}},
                  weapons=(BLADE,), armor=Armor("plate", 10, 6), destiny=4),
        Character("Maester Beck", {"Endurance": 2, "Healing": 4, "Will": 4}),
    )}


@pytest.fixture
def cast() -> dict[str, Character]:
    return sheets()


@pytest.fixture
def edric(cast: dict[str, Character]) -> Character:
    return cast["Edric"]


@pytest.fixture
def wyl(cast: dict[str, Character]) -> Character:
    return cast["Wyl"]


@pytest.fixture
def combat(cast: dict[str, Character]) -> Combat:
    """Edric and Wyl against Rorik and Gorm."""
    return Combat([cast["Edric"], cast["Wyl"]], [cast["Rorik"], cast["Gorm"]])

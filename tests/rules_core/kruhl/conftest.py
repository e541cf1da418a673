"""The cast of the Kruhl 3e "Actions" examples, as character sheets for the tests."""

from __future__ import annotations

import pytest

from rules_core.kruhl import Character, Fight


def sheets() -> dict[str, Character]:
    """Soraya, Virek-Kohl, Issvisk and the lackeys (order of play), Kestrel and the guard."""
    return {c.name: c for c in (
        Character("Soraya", {"Agility": 3, "Brawn": 2, "Presence": 2, "Reason": 2,
                             "Endurance": 5},
                  skills={"Hand-to-hand Combat": "expert", "Athletics": "skilled",
                          "Deception": "skilled", "Perception": "skilled"},
                  equipment={"sword": 1, "lockpick": 1}, power_level=1, player=True),
        Character("Virek-Kohl", {"Agility": 2, "Brawn": 3, "Presence": 3, "Reason": 2,
                                 "Endurance": 6},
                  skills={"Hand-to-hand Combat": "skilled", "Ranged Combat": "skilled",
                          "Deception": "expert", "Perception": "skilled"},
                  equipment={"crossbow": 2, "axe": 1}),
        Character("Issvisk", {"Agility": 1, "Brawn": 5, "Presence": 1, "Reason": 1,
                              "Endurance": 8},
                  skills={"Hand-to-hand Combat": "skilled", "Survival": "skilled"}, player=True),
        Character("Virek-Kohl's lackeys", {"Agility": 1, "Brawn": 2, "Reason": 1},
                  skills={"Hand-to-hand Combat": "skilled"}, rabble=True),
        Character("Kestrel", {"Agility": 3}, skills={"Athletics": "skilled"}, player=True),
        Character("City guard", {"Agility": 2}, skills={"Athletics": "skilled"}),
    )}


@pytest.fixture
def cast() -> dict[str, Character]:
    return sheets()


@pytest.fixture
def soraya(cast: dict[str, Character]) -> Character:
    return cast["Soraya"]


@pytest.fixture
def virek(cast: dict[str, Character]) -> Character:
    return cast["Virek-Kohl"]


@pytest.fixture
def issvisk(cast: dict[str, Character]) -> Character:
    return cast["Issvisk"]


@pytest.fixture
def fight(cast: dict[str, Character]) -> Fight:
    names = ("Soraya", "Virek-Kohl", "Issvisk", "Virek-Kohl's lackeys")
    return Fight(*(cast[n] for n in names))

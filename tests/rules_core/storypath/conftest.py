"""The cast of the Storypath chapter's examples, as character sheets for the tests."""

from __future__ import annotations

import pytest

from rules_core.storypath import Character


def sheets() -> dict[str, Character]:
    """Ana and Bo (player characters), the frost giant, the wolves and Rook (SGCs)."""
    return {c.name: c for c in (
        Character("Ana", {"Might": 2, "Dexterity": 3, "Stamina": 2, "Cunning": 2},
                  {"Athletics": 3, "Close Combat": 2}, player=True),
        Character("Bo", {"Might": 3, "Dexterity": 2, "Stamina": 3, "Cunning": 3},
                  {"Athletics": 2, "Close Combat": 3, "Firearms": 2}, player=True),
        Character("Frost giant", {"Might": 5, "Dexterity": 1, "Stamina": 4, "Cunning": 1},
                  {"Athletics": 2, "Close Combat": 4}),
        Character("Wolves", {"Might": 2, "Dexterity": 3, "Cunning": 2},
                  {"Athletics": 3, "Close Combat": 2}, extra=True),
        Character("Rook", {"Might": 2, "Dexterity": 3, "Cunning": 3},
                  {"Athletics": 3, "Close Combat": 1}),
    )}


@pytest.fixture
def cast() -> dict[str, Character]:
    return sheets()


@pytest.fixture
def ana(cast: dict[str, Character]) -> Character:
    return cast["Ana"]


@pytest.fixture
def bo(cast: dict[str, Character]) -> Character:
    return cast["Bo"]


@pytest.fixture
def giant(cast: dict[str, Character]) -> Character:
    return cast["Frost giant"]


@pytest.fixture
def wolves(cast: dict[str, Character]) -> Character:
    return cast["Wolves"]

"""Difficulties: the ladder from Automatic (0) to Heroic (21), and targets set by a
character (a Combat Defense, a passive value).

A Song of Ice and Fire Roleplaying, core rules: Automatic 0, Easy 3, Routine 6, Challenging
9 (the usual one), Formidable 12, Hard 15, Very Hard 18, Heroic 21. The tables of "Recovery"
spell Formidable "Formidible"; the engine reads both.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.errors import ChronicleError
from rules_core.chronicle.tables import RulesTable
from rules_core.words import whole


@dataclass(frozen=True)
class Difficulty:
    """What a test must reach: ``value`` and its ``name`` (a rung of the ladder, or what set
    it: ``"Rorik's Combat Defense"``)."""

    value: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} ({self.value})"

    def __repr__(self) -> str:
        return str(self)


AUTOMATIC = Difficulty(0, "Automatic")
"""Difficulty 0: only a negative result fails."""

EASY = Difficulty(3, "Easy")
"""Difficulty 3."""

ROUTINE = Difficulty(6, "Routine")
"""Difficulty 6."""

CHALLENGING = Difficulty(9, "Challenging")
"""Difficulty 9, the usual difficulty of a test."""

FORMIDABLE = Difficulty(12, "Formidable")
"""Difficulty 12."""

HARD = Difficulty(15, "Hard")
"""Difficulty 15."""

VERY_HARD = Difficulty(18, "Very Hard")
"""Difficulty 18."""

HEROIC = Difficulty(21, "Heroic")
"""Difficulty 21."""

LADDER = (AUTOMATIC, EASY, ROUTINE, CHALLENGING, FORMIDABLE, HARD, VERY_HARD, HEROIC)
"""The difficulty ladder, easiest first."""

_NAMES = {rung.name.lower(): rung for rung in LADDER} | {"formidible": FORMIDABLE}


def difficulty(value: int | str | Difficulty) -> Difficulty:
    """The difficulty for a number (9 → Challenging) or a name ("Formidable", or
    "Formidible" as "Recovery" spells it); a number off the ladder is a difficulty the Narrator set.

    Examples:
        >>> difficulty(9), difficulty("hard"), difficulty("Formidible"), difficulty(11)
        (Challenging (9), Hard (15), Formidable (12), set by the Narrator (11))
    """
    if isinstance(value, Difficulty):
        return value
    if isinstance(value, str):
        if value.lower() not in _NAMES:
            raise ChronicleError(f"{value!r} is not a difficulty: use a number or one of "
                                 + ", ".join(rung.name for rung in LADDER))
        return _NAMES[value.lower()]
    whole(value, "a difficulty", error=ChronicleError)
    for rung in LADDER:
        if rung.value == value:
            return rung
    return Difficulty(value, "set by the Narrator")


def difficulty_table() -> RulesTable:
    """The ladder as a table."""
    return RulesTable("Difficulties", ("Difficulty", "Target"),
                      tuple((rung.name, str(rung.value)) for rung in LADDER))

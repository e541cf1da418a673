"""Range bands (Kruhl 3e, "Range", table "Range bands").

Hand-to-hand reaches about 1 m, short 10 m, medium 100 m, long 1,000 m. A target beyond a
weapon's effective range gives the attacker a penalty die (attack table).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.errors import RulesError
from rules_core.explain import TableView


@dataclass(frozen=True)
class RangeBand:
    """A range band: its name, its reach in metres and typical weapons."""

    name: str
    metres: int
    weapons: str

    def __repr__(self) -> str:
        return f"{self.name} ({self.metres:,} m)"


HAND_TO_HAND = RangeBand("Hand-to-hand", 1, "Fist, sword, club")
"""About 1 m."""

SHORT = RangeBand("Short", 10, "Javelin, thrown axe, thrown knife")
"""About 10 m."""

MEDIUM = RangeBand("Medium", 100, "Bow, crossbow, sling")
"""About 100 m."""

LONG = RangeBand("Long", 1000, "Ballista, catapult, trebuchet")
"""About 1,000 m."""

RANGE_BANDS = (HAND_TO_HAND, SHORT, MEDIUM, LONG)
"""Kruhl 3e, table "Range bands", nearest first."""


def range_band(metres: float) -> RangeBand:
    """The closest band that reaches ``metres``.

    Examples:
        >>> range_band(30)
        Medium (100 m)
    """
    if metres < 0:
        raise RulesError(f"a distance is 0 m or more, not {metres!r}")
    for band in RANGE_BANDS:
        if metres <= band.metres:
            return band
    raise RulesError(f"{metres:,} m is beyond long range (1,000 m): no band reaches it")


def range_circumstances(metres: float, effective_range: float) -> tuple[str, ...]:
    """Attack circumstances for a target at ``metres`` with a weapon of that effective range."""
    return ("beyond effective range",) if metres > effective_range else ()


def range_table() -> TableView:
    """The range bands as in the source."""
    rows = tuple((f"{b.name} ({b.metres:,} m)", b.weapons) for b in RANGE_BANDS)
    return TableView("Range bands", ("Range", "Typical weapons"), rows)

"""Difficulty values: the DV ladder and its names (Kruhl 3e, "Difficulty", "Unopposed Tasks").

Routine tasks need no roll. A task the GM makes the player roll is usually moderately
difficult (DV 3); harder ones have a higher DV. The GM may set any DV; the ladder names
3, 6, 9 and 12.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.errors import RulesError
from rules_core.explain import TableView
from rules_core.words import whole


@dataclass(frozen=True)
class Difficulty:
    """A difficulty value with its name and the source's examples (``dv`` None: routine)."""

    dv: int | None
    name: str
    examples: str = ""

    def __repr__(self) -> str:
        return self.name if self.dv is None else f"DV {self.dv} ({self.name})"

    __str__ = __repr__


ROUTINE = Difficulty(None, "Routine", "Perform a familiar task under ordinary conditions")
"""No roll: the task succeeds ([`routine`][rules_core.kruhl.routine])."""

MODERATE = Difficulty(3, "Moderately difficult", "Perform a familiar task under hostile "
                      "conditions, or an unfamiliar task under ordinary conditions")
"""DV 3, the usual difficulty of a task the GM makes a player roll for."""

REMARKABLE = Difficulty(6, "Remarkably difficult",
                        "Perform an unfamiliar task under hostile conditions")
"""DV 6."""

EXTREME = Difficulty(9, "Extremely difficult", "Perform an esoteric task under ordinary "
                     "conditions")
"""DV 9."""

INCONCEIVABLE = Difficulty(12, "Inconceivable!", "Perform an esoteric task under hostile "
                           "conditions")
"""DV 12."""

DV_LADDER = (ROUTINE, MODERATE, REMARKABLE, EXTREME, INCONCEIVABLE)
"""Kruhl 3e, table "Difficulty value examples", in order."""

#: Names a text may use for a rung. Blinding calls DV 3 "challenging" (an alias here; the
#: table's own name for DV 3 is "Moderately difficult").
_NAMES = {
    "routine": ROUTINE, "moderate": MODERATE, "moderately difficult": MODERATE,
    "challenging": MODERATE, "remarkable": REMARKABLE, "remarkably difficult": REMARKABLE,
    "extreme": EXTREME, "extremely difficult": EXTREME, "inconceivable": INCONCEIVABLE,
    "inconceivable!": INCONCEIVABLE,
}


def difficulty(dv: int | str | Difficulty) -> Difficulty:
    """The difficulty for a DV (3 → Moderately difficult) or a name ("remarkable" → DV 6).

    A DV off the ladder is one the GM set. A name may be the table's (``"Remarkably
    difficult"``), short (``"remarkable"``) or the text's alias ``"challenging"`` (DV 3).

    Examples:
        >>> difficulty("remarkable"), difficulty(3), difficulty(7)
        (DV 6 (Remarkably difficult), DV 3 (Moderately difficult), DV 7 (set by the GM))
    """
    if isinstance(dv, Difficulty):
        return dv
    if isinstance(dv, str):
        if dv.lower() not in _NAMES:
            raise RulesError(
                f"{dv!r} is not a difficulty: use a DV number or one of "
                + ", ".join(repr(n) for n in _NAMES)
            )
        return _NAMES[dv.lower()]
    whole(dv, "a DV")
    for rung in DV_LADDER:
        if rung.dv == dv:
            return rung
    return Difficulty(dv, "set by the GM")


def difficulty_table() -> TableView:
    """The DV ladder as a table, as in the source."""
    rows = tuple(("--" if d.dv is None else str(d.dv), d.name, d.examples) for d in DV_LADDER)
    return TableView("Difficulty value examples", ("Difficulty Value", "", "Examples"), rows)

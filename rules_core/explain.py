"""What a result says about itself: the view an example card draws.

Results of every game system describe themselves with these plain values (no HTML), so
the site can draw any system's dice, marks and outcome the same way, and so the words on
a card always come from the same result as its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

#: The marks a die can carry, with the words a reader (or a screen reader) is given.
DIE_MARKS: dict[str, str] = {
    "success": "success",
    "six": "a six",
    "chains": "chains to the next action",
    "cancelled": "cancelled by the defence",
    "dropped": "not counted",
    "rerolled": "rerolled",
    "kept": "kept",
}


@dataclass(frozen=True)
class DieView:
    """One die as rolled, with the marks that say what it did."""

    face: int
    sides: int
    marks: tuple[str, ...] = ()

    def describe(self) -> str:
        """Words for this die, e.g. ``6, success, chains to the next action``."""
        return ", ".join([str(self.face), *(DIE_MARKS.get(m, m) for m in self.marks)])


@dataclass(frozen=True)
class RollView:
    """A set of dice rolled together, with whose roll it was."""

    label: str
    dice: tuple[DieView, ...]


@dataclass(frozen=True)
class TableView:
    """A small table (a ledger of actions, a turn order)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Explanation:
    """Everything a card shows about one result.

    ``outcome`` is ``"success"``, ``"failure"`` or ``""`` (neither applies); ``lines`` are
    sentences in the order a reader needs them.
    """

    title: str
    pool: str = ""
    rolls: tuple[RollView, ...] = ()
    lines: tuple[str, ...] = ()
    outcome: str = ""
    tables: tuple[TableView, ...] = field(default=())


@runtime_checkable
class Explained(Protocol):
    """A result that can explain itself."""

    def explain(self) -> Explanation:
        """Return the view of this result."""
        ...

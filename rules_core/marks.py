"""Marks on dice (a success, a six that chains, a die rerolled) and the registry of them.

A mark carries everything a card needs to show it without knowing the system: the words a
reader (or a screen reader) is given, a glyph, a line for the legend, and a **tone**. The
site draws tones, never system marks, so a new system shows its dice by registering its
own marks from its own package. Names are unique across systems: registering a different
mark under a name already taken is an error, so two systems cannot silently redefine one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum


class Tone(StrEnum):
    """How a marked die is drawn. Every tone also has a glyph and words: never colour alone."""

    SUCCESS = "success"
    """The die counts for its roller."""
    FAILURE = "failure"
    """The die counts against its roller (a botch, a one)."""
    ACCENT = "accent"
    """The die carries on (a six that chains)."""
    EXTRA = "extra"
    """The die was added to the roll (bought, rolled again)."""
    STRUCK = "struck"
    """The other side took the die away."""
    FADED = "faded"
    """The die was replaced or is not counted."""


@dataclass(frozen=True)
class Mark:
    """What a die did, e.g. ``Mark("chains", "chains to the next action", "↪", …)``.

    ``name`` is unique across systems; ``words`` are what a reader (or a screen reader) is
    told about the die; ``glyph`` is drawn on it; ``legend`` explains the glyph under the
    card; ``tone`` says how the die is drawn. A system registers its marks with
    [`register`][rules_core.marks.register] in its own ``marks`` module, e.g.
    ``CHAINS = register(Mark("chains", "chains to the next action", "↪", "six that chains",
    Tone.ACCENT))``.
    """

    name: str
    words: str
    glyph: str
    legend: str
    tone: Tone

    def __repr__(self) -> str:
        return f"Mark({self.name!r})"


class MarkRegistry:
    """Every mark known, in the order registered (the order of a card's legend).

    Examples:
        >>> registry = MarkRegistry()
        >>> botch = registry.register(Mark("botch", "a botch", "!", "a botch", Tone.FAILURE))
        >>> registry.named("botch") is botch
        True
        >>> other = Mark("botch", "a one", "1", "a one", Tone.FAILURE)
        >>> registry.register(other)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: a different mark named 'botch' is already registered: ...
    """

    def __init__(self) -> None:
        self._marks: dict[str, Mark] = {}

    def register(self, mark: Mark) -> Mark:
        """Add ``mark``; registering the same mark again is harmless."""
        known = self._marks.get(mark.name)
        if known is not None and known != mark:
            raise ValueError(f"a different mark named {mark.name!r} is already registered: "
                             f"{known} (pick another name)")
        self._marks[mark.name] = mark
        return mark

    def named(self, name: str) -> Mark:
        """The mark registered as ``name``."""
        try:
            return self._marks[name]
        except KeyError:
            raise KeyError(f"no mark is named {name!r}; known: {', '.join(self._marks)}") from None

    def in_order(self, marks: set[Mark] | frozenset[Mark]) -> tuple[Mark, ...]:
        """``marks`` in registration order (unregistered ones last, by name)."""
        order = {name: i for i, name in enumerate(self._marks)}
        return tuple(sorted(marks, key=lambda m: (order.get(m.name, len(order)), m.name)))

    def __iter__(self) -> Iterator[Mark]:
        return iter(tuple(self._marks.values()))


MARKS = MarkRegistry()
"""The registry every system registers its marks in."""

register = MARKS.register
"""Register a mark in [`MARKS`][rules_core.marks.MARKS] and return it (see
[`MarkRegistry.register`][rules_core.marks.MarkRegistry.register])."""

SUCCESS = register(Mark("success", "success", "✓", "success", Tone.SUCCESS))
"""A die that counts as a success."""

REROLLED = register(Mark("rerolled", "rerolled", "↻", "rerolled: the die after it replaces it",
                         Tone.FADED))
"""A face replaced by a reroll: the die after it shows the new face."""

DROPPED = register(Mark("dropped", "not counted", "–", "not counted", Tone.FADED))
"""A die that was rolled but does not count (dropped, given back, not kept)."""

EXPLODES = register(Mark("explodes", "rolled again, adding a die", "✸",
                         "rolled again: adds a die, at the end of the roll", Tone.ACCENT))
"""A die whose face made it roll again, adding a die."""

ADDED = register(Mark("added", "added by a die rolled again", "+", "a die added by the roll",
                      Tone.EXTRA))
"""A die added because the one before it exploded."""

CANCELLED = register(Mark("cancelled", "cancelled", "✗", "cancelled", Tone.STRUCK))
"""A die the other side cancelled."""

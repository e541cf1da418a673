"""Marks on dice (a success, a six that chains, a die rerolled) and the tones they are drawn in.

A mark carries everything a card needs to show it without knowing the system: the words a
reader (or a screen reader) is given, a glyph, a line for the legend, and a **tone**. A tone
says how a die (or a verdict) is drawn: its colour in the light and the dark scheme, its
outline, whether it is faded or struck through, and the glyph a verdict in that tone starts
with. The site draws tones, never system marks, and builds its stylesheet from the tones the
systems declare, so a system with a new kind of die (or of outcome) declares its own tone
and marks in its own package: nothing here lists them.

The core's ready-made tones (``Tone.SUCCESS``, ``Tone.FAILURE``, ``Tone.ACCENT``,
``Tone.EXTRA``, ``Tone.STRUCK``, ``Tone.FADED``) and marks (``SUCCESS``, ``REROLLED``,
``DROPPED``, ``EXPLODES``, ``ADDED``, ``CANCELLED``, ``READ``) are examples of both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_DASHES = re.compile(r"(\d+(\.\d+)? ?){0,6}")


@dataclass(frozen=True)
class Tone:
    """How a marked die, or a verdict, is drawn. Every tone also has a glyph and words:
    never colour alone.

    ``name`` names it in the page (``rx-tone-<name>``: lowercase letters, digits and
    hyphens); ``colour`` and ``dark`` are its colour in the light and the dark scheme
    (``#rrggbb``; empty: the text's colour); ``outlined`` draws the die's outline thick in
    that colour; ``dashes`` dashes the outline (an SVG dash pattern such as ``"1.5 1.5"``);
    ``faded`` draws the die faint, ``struck`` faint and struck through; ``glyph`` starts a
    verdict drawn in this tone (``✓``, ``✗``).

    Examples:
        A system whose rolls can partly succeed declares a tone for it:

        >>> PARTIAL = Tone("partial", "#8a5a00", "#f0b75a", outlined=True, dashes="4 1.5",
        ...                glyph="◐")
        >>> PARTIAL.name, PARTIAL.glyph
        ('partial', '◐')
        >>> Tone("Partial Success")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: a tone's name is lowercase letters, digits and hyphens ...
    """

    name: str
    colour: str = ""
    dark: str = ""
    outlined: bool = False
    dashes: str = ""
    faded: bool = False
    struck: bool = False
    glyph: str = ""

    SUCCESS: ClassVar[Tone]
    """The die counts for its roller; a verdict that succeeded."""
    FAILURE: ClassVar[Tone]
    """The die counts against its roller (a botch, a one); a verdict that failed."""
    ACCENT: ClassVar[Tone]
    """The die carries on (a six that chains)."""
    EXTRA: ClassVar[Tone]
    """The die was added to the roll (bought, rolled again)."""
    STRUCK: ClassVar[Tone]
    """The other side took the die away."""
    FADED: ClassVar[Tone]
    """The die was replaced or is not counted."""

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"a tone's name is lowercase letters, digits and hyphens (it "
                             f"names a class in the page), not {self.name!r}")
        for colour in (self.colour, self.dark):
            if colour and not _COLOUR.fullmatch(colour):
                raise ValueError(f"tone {self.name!r}: a colour is written #rrggbb, not "
                                 f"{colour!r}")
        if not _DASHES.fullmatch(self.dashes):
            raise ValueError(f"tone {self.name!r}: dashes are a few numbers (an SVG dash "
                             f"pattern such as '1.5 1.5'), not {self.dashes!r}")
        if len(self.glyph) > 2:
            raise ValueError(f"tone {self.name!r}: a glyph is one or two characters, not "
                             f"{self.glyph!r}")

    def __str__(self) -> str:
        return self.name


Tone.SUCCESS = Tone("success", "#1b7f3b", "#5fd38a", outlined=True, glyph="✓")
Tone.FAILURE = Tone("failure", "#b3261e", "#ff8a80", outlined=True, dashes="1.5 1.5",
                    glyph="✗")
Tone.ACCENT = Tone("accent", "#6a3fb5", "#c6a7ff", outlined=True, dashes="3 1.5")
Tone.EXTRA = Tone("extra", "#6a3fb5", "#c6a7ff", outlined=True)
Tone.STRUCK = Tone("struck", "#b3261e", "#ff8a80", struck=True)
Tone.FADED = Tone("faded", dashes="2 2", faded=True)

CORE_TONES = (Tone.SUCCESS, Tone.FAILURE, Tone.ACCENT, Tone.EXTRA, Tone.STRUCK, Tone.FADED)
"""The core's ready-made tones, which every site draws."""


@dataclass(frozen=True)
class Mark:
    """What a die did, e.g. ``Mark("chains", "chains to the next action", "↪", …)``.

    ``name`` names the mark in the page (a die's ``data-marks``); ``words`` are what a
    reader (or a screen reader) is told about the die; ``glyph`` is drawn on it; ``legend``
    explains the glyph under the card; ``tone`` says how the die is drawn. A system declares
    its marks in its own ``marks`` module, e.g. ``CHAINS = Mark("chains", "chains to the
    next action", "↪", "six that chains", Tone.ACCENT)``, and lists them (with any tone of
    its own) in its [`System`][rules_core.system.System]. Two systems may use the same
    name: a mark is its words, glyph and tone, not its name.
    """

    name: str
    words: str
    glyph: str
    legend: str
    tone: Tone

    def __repr__(self) -> str:
        return f"Mark({self.name!r})"


SUCCESS = Mark("success", "success", "✓", "success", Tone.SUCCESS)
"""A die that counts as a success."""

REROLLED = Mark("rerolled", "rerolled", "↻", "rerolled: the die after it replaces it",
                Tone.FADED)
"""A face replaced by a reroll: the die after it shows the new face."""

DROPPED = Mark("dropped", "not counted", "–", "not counted", Tone.FADED)
"""A die that was rolled but does not count (dropped, given back, not kept)."""

EXPLODES = Mark("explodes", "rolled again, adding a die", "✸",
                "rolled again: adds a die, at the end of the roll", Tone.ACCENT)
"""A die whose face made it roll again, adding a die."""

ADDED = Mark("added", "added by a die rolled again", "+", "a die added by the roll",
             Tone.EXTRA)
"""A die added because the one before it exploded."""

CANCELLED = Mark("cancelled", "cancelled", "✗", "cancelled", Tone.STRUCK)
"""A die the other side cancelled."""

READ = Mark("read", "the die that is read", "▲", "the die the roll is read from", Tone.ACCENT)
"""The die a roll read by one die (its highest, its lowest) is read from."""

CORE_MARKS = (SUCCESS, REROLLED, DROPPED, EXPLODES, ADDED, CANCELLED, READ)
"""The core's ready-made marks."""

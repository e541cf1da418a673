"""What a result says about itself: the view an example card draws.

Results of every game system describe themselves with these plain values (no HTML), so
the site can draw any system's dice, marks and outcome the same way, and so the words on
a card always come from the same result as its numbers. Marks carry their own words,
glyph and tone ([`marks`][rules_core.marks]); odds are questions
([`question`][rules_core.question]) that [`odds`][rules_core.odds] answers when the card is
drawn.

A system's result needs one method, ``explain()``, returning an
[`Explanation`][rules_core.explain.Explanation]; [`roll_view`][rules_core.explain.roll_view]
turns a [`Roll`][rules_core.roll.Roll] into the dice a card shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from rules_core.marks import ADDED, DROPPED, EXPLODES, REROLLED, Mark
from rules_core.names import running_text, sentence_start
from rules_core.outcome import Outcome
from rules_core.question import Question
from rules_core.roll import Die, Roll


@dataclass(frozen=True)
class DieView:
    """One face as shown, with the marks that say what the die did."""

    face: int
    sides: int
    marks: tuple[Mark, ...] = ()

    def describe(self) -> str:
        """Words for this die, e.g. ``6, success, chains to the next action``."""
        return ", ".join([str(self.face), *(mark.words for mark in self.marks)])

    @property
    def mark_names(self) -> tuple[str, ...]:
        """The names of the marks, e.g. ``("success", "chains")``."""
        return tuple(mark.name for mark in self.marks)


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

    ``lines`` are sentences in the order a reader needs them; ``odds`` the questions whose
    exact answers are shown beside the roll.
    """

    title: str
    pool: str = ""
    rolls: tuple[RollView, ...] = ()
    lines: tuple[str, ...] = ()
    outcome: Outcome = Outcome.NONE
    tables: tuple[TableView, ...] = field(default=())
    odds: tuple[Question, ...] = ()

    def __post_init__(self) -> None:
        """Every sentence reads names as running text does
        ([`running_text`][rules_core.names.running_text]): "attacks the ghoul pack", and a
        title or line starts with a capital ("The storeroom fire: 2 successes"). What is not
        text is left as given, for the card's drawing to refuse in words."""
        try:
            running = (sentence_start(running_text(self.title)), running_text(self.pool),
                       tuple(sentence_start(running_text(line)) for line in self.lines),
                       tuple(RollView(sentence_start(running_text(roll.label)), roll.dice)
                             for roll in self.rolls),
                       tuple(TableView(running_text(table.caption), table.header,
                                       tuple(tuple(running_text(cell) for cell in row)
                                             for row in table.rows))
                             for table in self.tables))
        except (TypeError, AttributeError):
            return
        for name, value in zip(("title", "pool", "lines", "rolls", "tables"), running,
                               strict=True):
            object.__setattr__(self, name, value)


@dataclass(frozen=True)
class StatLine:
    """A character in one line: the name, then the numbers they roll with, in the order a
    character sheet lists them (``("PRW", "3")``, ``("Unarmed Combat", "2")``), and short
    notes (``player character``, ``rabble``). A card shows it where an example sets the
    character up, instead of the code that built them.

    Examples:
        >>> line = StatLine("Tam", (("PRW", "3"), ("Unarmed Combat", "2")), ("6 AD",))
        >>> line.text()
        'Tam: PRW 3, Unarmed Combat 2; 6 AD'
    """

    name: str
    stats: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        """The line as plain words (for screen readers and announcements)."""
        stats = ", ".join(f"{label} {value}" for label, value in self.stats)
        parts = [part for part in (stats, "; ".join(self.notes)) if part]
        return f"{self.name}: {'; '.join(parts)}" if parts else self.name


@runtime_checkable
class Described(Protocol):
    """A character (or anything with a sheet) that can say who it is in one line."""

    def stat_line(self) -> StatLine:
        """Return this character's [`StatLine`][rules_core.explain.StatLine]."""
        ...


@runtime_checkable
class Explained(Protocol):
    """A result that can explain itself."""

    def explain(self) -> Explanation:
        """Return the view of this result."""
        ...


DieMarks = Callable[[int, Die], Iterable[Mark]]
"""What a system says about one die that counts: the marks of its final face, given the
die's position in the roll and the die (e.g. ``SUCCESS`` for a face of 5 or more)."""


def die_views(die: Die, marks: Iterable[Mark] = (), origin: Mark | None = None
              ) -> tuple[DieView, ...]:
    """One die as faces: every rerolled face marked ``rerolled``, then the face that counts
    with ``marks`` (and ``origin``'s mark if it was added, ``not counted`` if dropped)."""
    earlier = tuple(DieView(face, die.sides, (REROLLED,)) for face in die.faces[:-1])
    final: list[Mark] = list(marks)
    if die.exploded:
        final.append(EXPLODES)
    if origin is not None:
        final.append(origin)
    if not die.kept:
        final.append(DROPPED)
    return (*earlier, DieView(die.face, die.sides, tuple(final)))


def roll_view(label: str, roll: Roll, marks: DieMarks = lambda i, die: (),
              origins: Callable[[str], Mark | None] = lambda origin: None) -> RollView:
    """A roll as a view: each die through [`die_views`][rules_core.explain.die_views], with
    the system's ``marks`` for die ``i`` (kept dice only) and, for a die with an origin, the
    system's mark for that origin (``origins``), by default
    [`ADDED`][rules_core.marks.ADDED]."""
    views: list[DieView] = []
    for i, die in enumerate(roll.dice):
        origin = (origins(die.origin) or ADDED) if die.origin else None
        views.extend(die_views(die, marks(i, die) if die.kept else (), origin))
    return RollView(label, tuple(views))

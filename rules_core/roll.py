"""What happened when dice were rolled: a result tree that keeps every die.

Each [`Die`][rules_core.roll.Die] keeps its whole story: every face it showed (a reroll adds
a face, the last one counts), its number of sides, where it came from (the pool itself, a
bonus die, a die bought with a plot point, a die added by an explosion) and whether it still
counts.
A [`Roll`][rules_core.roll.Roll] is the dice rolled together. Both are immutable: the verbs
in [`procedure`][rules_core.procedure] return new rolls, so an explanation drawn from a roll
can never disagree with the numbers read from it (the d20 library's "what happened" tree).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property


@dataclass(frozen=True)
class Die:
    """One die: the faces it showed in order (the last one counts) and what became of it.

    ``origin`` is ``""`` for the pool's own dice, otherwise why the die was added (``"bonus
    die"``, ``"plot point"``, ``"rolled again"``). A die that is not ``kept`` counts nothing
    (dropped, given back); a ``cancelled`` die was taken away by the other side; an
    ``exploded`` die's face added another die.
    """

    sides: int
    faces: tuple[int, ...]
    origin: str = ""
    kept: bool = True
    cancelled: bool = False
    exploded: bool = False

    @property
    def face(self) -> int:
        """The face that counts: the last one shown."""
        return self.faces[-1]

    @property
    def rerolled(self) -> bool:
        """Whether the die was rerolled at least once."""
        return len(self.faces) > 1

    @property
    def counts(self) -> bool:
        """Whether the die still counts: kept and not cancelled."""
        return self.kept and not self.cancelled

    @property
    def value(self) -> int:
        """What the die adds to a total: its face, or 0 if it is not kept."""
        return self.face if self.kept else 0

    def text(self) -> str:
        """``5``, or ``1→5`` for a die rerolled from 1 to 5; a die not kept is in brackets."""
        text = "→".join(str(face) for face in self.faces)
        return text if self.kept else f"({text})"


@dataclass(frozen=True)
class Roll:
    """Dice of one kind rolled together, in the order they were rolled."""

    sides: int
    dice: tuple[Die, ...] = ()

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The faces of the kept dice, in order."""
        return tuple(die.face for die in self.dice if die.kept)

    @property
    def kept(self) -> tuple[Die, ...]:
        """The dice that are kept."""
        return tuple(die for die in self.dice if die.kept)

    def with_die(self, index: int, **changes: bool) -> Roll:
        """This roll with die ``index`` changed (``kept=False``, ``cancelled=True``…)."""
        return self.with_dice([index], **changes)

    def with_dice(self, indexes: list[int], **changes: bool) -> Roll:
        """This roll with the dice at ``indexes`` changed alike, in one new roll."""
        if not indexes:
            return self
        picked = set(indexes)
        return Roll(self.sides, tuple(
            replace(die, **changes) if i in picked else die  # type: ignore[arg-type]  # only Die's flags (kept, cancelled, exploded) are bools
            for i, die in enumerate(self.dice)))

    def __add__(self, other: Roll) -> Roll:
        """Both rolls' dice, this roll's first (e.g. a bonus die bought afterwards)."""
        return Roll(self.sides, self.dice + other.dice)

    def text(self) -> str:
        """The dice as a rules text writes them: ``6 6 5 1→4 (2)``."""
        return " ".join(die.text() for die in self.dice)

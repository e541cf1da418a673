"""Dice pools built from named parts, so every pool can say where its dice came from."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource


@dataclass(frozen=True)
class PoolTerm:
    """Some dice in a pool and where they come from, e.g. ``2 Unarmed Combat``.

    ``dice`` may be negative (a penalty taking dice away).
    """

    dice: int
    source: str

    def __str__(self) -> str:
        return f"{self.dice} {self.source}"


@dataclass(frozen=True, repr=False)
class Pool:
    """A pool of same-sided dice as a sum of terms."""

    terms: tuple[PoolTerm, ...]
    sides: int = 6

    @property
    def size(self) -> int:
        """How many dice the pool rolls (never below zero)."""
        return max(0, sum(term.dice for term in self.terms))

    def plus(self, dice: int, source: str) -> Pool:
        """This pool with one more term; terms of zero dice are left out."""
        if dice == 0:
            return self
        return Pool((*self.terms, PoolTerm(dice, source)), self.sides)

    def roll(self, dice: DiceSource) -> tuple[int, ...]:
        """Roll the pool with the given dice source."""
        return dice.roll(self.size, self.sides)

    def breakdown(self) -> str:
        """The pool in words, e.g. ``2 Unarmed Combat + 3 PRW + 1 AD = 6d6``."""
        parts = ""
        for index, term in enumerate(self.terms):
            if index == 0:
                parts = str(term)
            elif term.dice < 0:
                parts += f" − {-term.dice} {term.source}"
            else:
                parts += f" + {term}"
        return f"{parts or 'no dice'} = {self.size}d{self.sides}"

    def __str__(self) -> str:
        return f"{self.size}d{self.sides}: " + self.breakdown().rsplit(" = ", 1)[0]

    __repr__ = __str__

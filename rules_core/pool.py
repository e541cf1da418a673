"""A dice pool built from named parts, so every pool can say where its dice came from.

One shape serves every system: **terms** (``2 Unarmed Combat``, ``3 PRW``, ``2 expert``;
a term may be negative), **bonus** and **penalty** dice each with its reason, and the
**shortfall** when penalties take the count below zero. What a bonus die or a shortfall
*does* is a rule of the system (Kruhl rolls bonus dice and sums them and gives a shortfall
to the opponent; the Chronicle System keeps the highest); the pool only counts, and the
words it uses are parameters ([`PoolWords`][rules_core.pool.PoolWords]), so the core names no
system.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from rules_core.procedure import PoolStep, Procedure, Reading, Total
from rules_core.words import noun, whole


@dataclass(frozen=True)
class PoolTerm:
    """Some dice in a pool and where they come from, e.g. ``2 Unarmed Combat``.

    ``dice`` may be negative (a penalty taking dice away).
    """

    dice: int
    source: str

    def __str__(self) -> str:
        return f"{self.dice} {self.source}"


@dataclass(frozen=True)
class PoolWords:
    """How a pool names its bonus and penalty dice and its shortfall.

    ``plain_bonus`` and ``plain_penalty`` are the reasons given to dice added without one
    (they are counted, not named). ``shortfall`` is a template for the dice below zero, with
    ``{n}`` and ``{dice}`` (``die``/``dice``), e.g. ``"{n} bonus {dice} to the opponent"``;
    empty: the shortfall is not mentioned. ``reasons``: how a reason reads after "for", where
    its name does not, as pairs (a condition's name: ``(("restrained", "being restrained"),)``).
    """

    bonus: str = "bonus"
    penalty: str = "penalty"
    plain_bonus: str = "bonus die"
    plain_penalty: str = "penalty die"
    shortfall: str = ""
    reasons: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, repr=False)
class Pool:
    """A pool of same-sided dice: terms, bonus dice and penalty dice (each with a reason).

    Pools are immutable: [`plus`][rules_core.pool.Pool.plus],
    [`with_bonus`][rules_core.pool.Pool.with_bonus] and
    [`with_penalty`][rules_core.pool.Pool.with_penalty] return new pools.

    Examples:
        >>> pool = Pool().plus(2, "Unarmed Combat").plus(3, "PRW").with_bonus("charging")
        >>> pool.breakdown()
        '2 Unarmed Combat + 3 PRW + 1 bonus die for charging = 6d6'
        >>> short = Pool((PoolTerm(1, "untrained"),), words=PoolWords(
        ...     shortfall="{n} bonus {dice} to the opponent")).with_penalty("running", 3)
        >>> short.size, short.shortfall, short.shortfall_text()
        (0, 2, '2 bonus dice to the opponent')
    """

    terms: tuple[PoolTerm, ...] = ()
    sides: int = 6
    bonus: tuple[str, ...] = ()
    penalty: tuple[str, ...] = ()
    words: PoolWords = field(default_factory=PoolWords)

    @cached_property
    def base(self) -> int:
        """The dice the terms give (may be below zero)."""
        return sum(term.dice for term in self.terms)

    @property
    def net(self) -> int:
        """Terms + bonus dice − penalty dice (may be below zero)."""
        return self.base + len(self.bonus) - len(self.penalty)

    @property
    def size(self) -> int:
        """How many dice the pool rolls (never below zero)."""
        return max(self.net, 0)

    @property
    def shortfall(self) -> int:
        """How far below zero the count went (0 if it did not)."""
        return max(-self.net, 0)

    def plus(self, dice: int, source: str) -> Pool:
        """This pool with one more term; terms of zero dice are left out."""
        if dice == 0:
            return self
        return Pool((*self.terms, PoolTerm(dice, source)), self.sides, self.bonus, self.penalty,
                    self.words)

    def with_bonus(self, reason: str = "", n: int = 1) -> Pool:
        """This pool with ``n`` more bonus dice for ``reason``."""
        reason = reason or self.words.plain_bonus
        n = whole(n, "a number of bonus dice")
        return replace(self, bonus=self.bonus + (reason,) * n)

    def with_penalty(self, reason: str = "", n: int = 1) -> Pool:
        """This pool with ``n`` more penalty dice for ``reason``."""
        reason = reason or self.words.plain_penalty
        n = whole(n, "a number of penalty dice")
        return replace(self, penalty=self.penalty + (reason,) * n)

    def procedure(self, steps: tuple[PoolStep, ...] = (), reading: Reading | None = None,
                  label: str = "") -> Procedure:
        """How this pool is rolled: [`size`][rules_core.pool.Pool.size] dice, then ``steps``,
        read by ``reading`` (a total by default)."""
        return Procedure(self.size, self.sides, steps, reading or Total(), label)

    def terms_text(self) -> str:
        """The count in words: ``2 Unarmed Combat + 3 PRW``, ``2 expert − 1 penalty die for
        running``."""
        text = ""
        for index, term in enumerate(self.terms):
            if index == 0:
                text = str(term)
            elif term.dice < 0:
                text += f" − {-term.dice} {term.source}"
            else:
                text += f" + {term}"
        text = text or "no dice"
        if self.bonus:
            text += " + " + _reasons(self.bonus, self.words.bonus, self.words.plain_bonus,
                                     dict(self.words.reasons))
        if self.penalty:
            text += " − " + _reasons(self.penalty, self.words.penalty, self.words.plain_penalty,
                                     dict(self.words.reasons))
        return text

    def shortfall_text(self) -> str:
        """The dice below zero in the pool's words (empty if none, or not worded)."""
        if not (self.shortfall and self.words.shortfall):
            return ""
        return self.words.shortfall.format(n=self.shortfall, dice=noun(self.shortfall, "die"))

    def breakdown(self) -> str:
        """The pool and its result: ``2 Unarmed Combat + 3 PRW + 1 AD = 6d6``."""
        text = f"{self.terms_text()} = {self.size}d{self.sides}"
        shortfall = self.shortfall_text()
        return f"{text}; {shortfall}" if shortfall else text

    def __str__(self) -> str:
        return f"{self.size}d{self.sides}: " + self.breakdown().rsplit(" = ", 1)[0]

    __repr__ = __str__


def _reasons(reasons: Iterable[str], kind: str, plain: str, words: Mapping[str, str]) -> str:
    """``2 bonus dice for charging, dodging ×2``: the count, then every named reason."""
    reasons = tuple(reasons)
    named = [r for r in dict.fromkeys(reasons) if r != plain]
    counted = [f"{words.get(r, r)} ×{reasons.count(r)}" if reasons.count(r) > 1 else
               words.get(r, r) for r in named]
    text = f"{len(reasons)} {kind} {noun(len(reasons), 'die')}"
    return f"{text} for {', '.join(counted)}" if counted else text


__all__ = ["Pool", "PoolTerm", "PoolWords"]

"""What every roll of the Act of Hubris is set up with before the dice fall: the traits
whose dots make the pool, **Edge** (dice added), **Difficulty** (dice taken away, or
successes under the other reading) and **Willpower** (one point a roll, 3 dice).

The section ("Turn by turn action and combat") uses Edge and Difficulty throughout without
defining them; the chapter reads Edge *n* as *n* dice added and Difficulty *n* as *n* dice taken
away ([`Options`][rules_core.hubris.Options] holds the other reading). A pool left with 0
dice or fewer rolls a chance die. Methods return a new, changed setup.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from rules_core.dice import DiceSource
from rules_core.hubris.errors import PoolError
from rules_core.hubris.options import DICE, STANDARD_OPTIONS, Options
from rules_core.hubris.rolls import HubrisRoll
from rules_core.pool import Pool, PoolTerm
from rules_core.words import is_whole

WILLPOWER = "Willpower"
"""What a spent Willpower point's dice are called in a pool."""


@dataclass(frozen=True, repr=False)
class Setup:
    """``who`` rolls the dots of ``traits`` (name, dots) for ``task``, with ``edges`` and
    ``difficulties`` (each a reason and a rating), ``willpower`` if a point is spent, read
    under ``options``."""

    who: str
    traits: tuple[tuple[str, int], ...]
    task: str
    edges: tuple[tuple[str, int], ...] = ()
    difficulties: tuple[tuple[str, int], ...] = ()
    willpower: bool = False
    options: Options = STANDARD_OPTIONS

    def with_edge(self, rating: int, why: str, *, persistent: bool = True) -> Self:
        """This setup with an Edge of ``rating`` dice for ``why`` (0 adds nothing).
        ``persistent``: whether it comes from equipment or another persistent state of
        affairs (a weapon, a shield, cover, size: the default); ``False`` for an Edge of the
        moment (a warning shout, a sudden opening), the only kind Defense and supernatural
        resistance take ("Resisting Attack", "Resisting Supernatural Powers")."""
        if not is_whole(rating):
            raise PoolError(f"an Edge is a whole number of dice, 0 or more, not {rating!r}")
        self.check_edge(rating, why, persistent=persistent)
        return self if rating == 0 else replace(self, edges=(*self.edges, (why, rating)))

    def check_edge(self, rating: int, why: str, *, persistent: bool = True) -> None:
        """Refuse an Edge this roll cannot take (every roll can, unless it says otherwise)."""

    def with_difficulty(self, rating: int, why: str) -> Self:
        """This setup with a Difficulty of ``rating`` for ``why`` (0 takes nothing)."""
        if not is_whole(rating):
            raise PoolError(f"a Difficulty is a whole number, 0 or more, not {rating!r}")
        return self if rating == 0 else replace(
            self, difficulties=(*self.difficulties, (why, rating)))

    def with_willpower(self) -> Self:
        """This setup with a Willpower point spent on it (once a roll)."""
        if self.willpower:
            raise PoolError(f"{self.who} has already spent Willpower on this roll: one point "
                            "a roll")
        return replace(self, willpower=True)

    def under(self, options: Options) -> Self:
        """The same setup read under other ``options``."""
        return replace(self, options=options)

    def named(self, task: str) -> Self:
        """The same setup under another name."""
        return replace(self, task=task)

    @property
    def edge(self) -> int:
        """The Edge in all."""
        return sum(n for _, n in self.edges)

    @property
    def difficulty(self) -> int:
        """The Difficulty in all."""
        return sum(n for _, n in self.difficulties)

    @property
    def taken(self) -> int:
        """The successes the Difficulty takes away (under the ``successes`` reading)."""
        return 0 if self.options.difficulty == DICE else self.difficulty

    @property
    def pool(self) -> Pool:
        """The dice: the traits, each Edge, Willpower, less each Difficulty (under the
        ``dice`` reading)."""
        terms = [PoolTerm(dots, name) for name, dots in self.traits]
        terms += [PoolTerm(n, f"Edge ({why})") for why, n in self.edges]
        if self.willpower:
            terms.append(PoolTerm(self.options.willpower_dice, WILLPOWER))
        if self.options.difficulty == DICE:
            terms += [PoolTerm(-n, f"Difficulty ({why})") for why, n in self.difficulties]
        return Pool(tuple(terms), sides=10)

    @property
    def size(self) -> int:
        """The dice in the pool (may be 0 or fewer: a chance die)."""
        return self.pool.net

    def pool_text(self) -> str:
        """``3 Strength + 2 Weaponry + 2 Edge (a machete) = 7d10``, or ``… = 0: a chance
        die``; a Difficulty read as successes is named after it."""
        pool = self.pool
        net = pool.net
        text = f"{pool.terms_text()} = " + (f"{net}d10" if net > 0 else f"{net}: a chance die")
        if self.taken:
            text += f"; Difficulty {self.difficulty} takes {self.taken} successes away"
        return text

    def setup_text(self) -> str:
        """Everything but the traits: ``Edge 2 (a machete), Difficulty 1 (darkness),
        Willpower``."""
        parts = [f"Edge {n} ({why})" for why, n in self.edges]
        parts += [f"Difficulty {n} ({why})" for why, n in self.difficulties]
        parts += [WILLPOWER] if self.willpower else []
        return ", ".join(parts)

    def roll_dice(self, dice: DiceSource, *, floor: int = 0, floor_why: str = "",
                  added: int = 0, added_why: str = "") -> HubrisRoll:
        """Roll the pool with ``dice``: a Difficulty read as successes takes them away;
        ``added`` successes and a ``floor`` come from armor or a guard."""
        return HubrisRoll.make(self.who, self.pool, dice, label=self.task, taken=self.taken,
                               taken_why=f"Difficulty {self.difficulty}", added=added,
                               added_why=added_why, floor=floor, floor_why=floor_why)

    def __repr__(self) -> str:
        extra = self.setup_text()
        size = self.size
        dice = f"{size}d10" if size > 0 else "a chance die"
        return f"<{self.who}, {self.task}: {dice}{', ' + extra if extra else ''}>"

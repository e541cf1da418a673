"""How a test's dice work out, what its dice are called, and what a rolled test's result
reads from the test (A Song of Ice and Fire RPG, "Combat Actions"; the Chronicle System's
tests).

An [`AbilityTest`][rules_core.chronicle.AbilityTest] rolls itself into a
[`TestResult`][rules_core.chronicle.TestResult]; the result reads the test through
``RolledTest``, so the result's module never
imports the test's.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from rules_core.chronicle.readings import Readings
from rules_core.procedure import Procedure
from rules_core.roll import Roll
from rules_core.words import count

BONUS = "bonus die"
"""The origin of a bonus die in a roll."""


PENALTY = "penalty die"
"""The origin of an extra die rolled for a penalty die (house reading)."""


class DiceCount(NamedTuple):
    """How a test's dice work out: ``test`` and ``bonus`` dice after Destiny, ``penalty``
    dice, the bonus dice ``lost`` past the limit, dice ``rolled`` and ``kept``, and whether
    the lowest are kept (the house reading with more penalty than bonus dice)."""

    test: int
    bonus: int
    penalty: int
    lost: int
    rolled: int
    kept: int
    keep_lowest: bool


class RolledTest(Protocol):
    """What a result reads from the test it rolled (an
    [`AbilityTest`][rules_core.chronicle.AbilityTest])."""

    @property
    def who(self) -> str:
        """Who tests."""
        ...

    @property
    def ability(self) -> str:
        """The ability tested."""
        ...

    @property
    def readings(self) -> Readings:
        """How the rules the source leaves open are read for this test."""
        ...

    @property
    def modifier(self) -> int:
        """Everything added to the dice."""
        ...

    @property
    def automatic(self) -> bool:
        """Whether the test succeeds without a roll."""
        ...

    def count(self) -> DiceCount:
        """How the test's dice work out."""
        ...

    def procedure(self) -> Procedure:
        """How the dice are rolled and read."""
        ...

    def dice_text(self) -> str:
        """The dice in the book's notation: ``4D + 2B``."""
        ...

    def pool_text(self) -> str:
        """The whole test in words."""
        ...

    def notes(self) -> tuple[str, ...]:
        """Sentences on the limit and Destiny, where they apply."""
        ...

    def all_modifiers(self) -> tuple[tuple[str, int], ...]:
        """Each amount added to the dice, and why (Destiny's +5 included)."""
        ...


def dice_line(test: RolledTest, roll: Roll, result: int) -> str:
    """How ``test``'s dice add up to ``result``: ``6 dice (4 test + 2 bonus), the best 4
    count: 6 + 5 + 4 + 3 = 18; − 1 (injury) = 17.`` (the kept dice, then the modifiers)."""
    if test.automatic:
        return (f"No roll: a burned Destiny Point makes it succeed as if it rolled "
                f"exactly {result}.")
    c = test.count()
    kept = [die.face for die in roll.dice if die.kept]
    total = sum(kept)
    rolled = f"{count(c.rolled, 'die')}"
    parts = [f"{c.test} test"] + ([f"{c.bonus} bonus"] if c.bonus else [])
    if c.rolled > c.test and not c.keep_lowest:
        rolled += f" ({' + '.join(parts)})"
    elif c.keep_lowest:
        rolled += f" ({c.test} test + {c.rolled - c.test} for penalty dice)"
    if not kept:
        text = f"{rolled}; the penalty dice leave none to keep, so the dice add nothing"
    elif c.kept < c.rolled:
        best = "lowest" if c.keep_lowest else "best"
        text = f"{rolled}, the {best} {c.kept} count: " + " + ".join(map(str, kept))
        text += f" = {total}" if len(kept) > 1 else ""
    else:
        text = f"{rolled}: " + " + ".join(map(str, kept))
        text += f" = {total}" if len(kept) > 1 else ""
    mods = test.all_modifiers()
    if mods:
        text += "; " + str(total) + "".join(
            f" {'+' if a > 0 else '−'} {abs(a)} ({r})" for r, a in mods)
        text += f" = {result}"
    return text + "."

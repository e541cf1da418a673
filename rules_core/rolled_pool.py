"""The simplest result there is: someone's procedure, rolled, read and explained.

A system's own results (an action, a contest, a round) explain themselves in their own
words; for a plain roll, [`RolledPool`][rules_core.rolled_pool.RolledPool] shows the dice
(successes marked when the roll counts them), the reading, and the exact odds of that reading
or better.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, RollView, roll_view
from rules_core.marks import SUCCESS, Mark
from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
from rules_core.roll import Die, Roll
from rules_core.words import count


@dataclass(frozen=True, repr=False)
class RolledPool:
    """``who`` rolled ``procedure`` and got ``roll``.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.procedure import CountAtLeast, Procedure
        >>> six_dice = Procedure(6, 6, reading=CountAtLeast(5))
        >>> RolledPool.of("Tam", six_dice, ScriptedDice("6 6 5 4 2 1"))
        <Tam, 6d6: [6 6 5 4 2 1] 3 successes>
    """

    who: str
    procedure: Procedure
    roll: Roll

    @classmethod
    def of(cls, who: str, procedure: Procedure, dice: DiceSource) -> RolledPool:
        """Roll ``procedure`` for ``who`` with ``dice``."""
        return cls(who, procedure, procedure.roll(dice))

    @property
    def result(self) -> int:
        """What the roll reads: its successes, or its total."""
        return self.procedure.read(self.roll)

    def view(self) -> RollView:
        """The dice, successes marked when the roll counts them."""
        return roll_view(f"{self.who} rolls {self.procedure.describe()}", self.roll, self._marks)

    def explain(self) -> Explanation:
        """The dice, the reading and its odds."""
        return Explanation(title=f"{self.who}: {self.procedure.describe()}", rolls=(self.view(),),
                           lines=(f"{self._reading().capitalize()}.",),
                           odds=(AtLeast(self.procedure, self.result, who=self.who,
                                         shown=True),))

    def _marks(self, index: int, die: Die) -> tuple[Mark, ...]:
        reading = self.procedure.reading
        counted = isinstance(reading, CountAtLeast) and die.counts and die.face >= reading.target
        return (SUCCESS,) if counted else ()

    def _reading(self) -> str:
        reading = self.procedure.reading
        if isinstance(reading, CountAtLeast):
            return count(self.result, reading.noun)
        return f"a total of {self.result}"

    def __repr__(self) -> str:
        return f"<{self.who}, {self.procedure.describe()}: [{self.roll.text()}] {self._reading()}>"

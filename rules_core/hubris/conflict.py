"""Everyone's initiative at the start of a conflict, and the order of play it starts (the
Act of Hubris, "Initiative").

[`roll_initiative`][rules_core.hubris.roll_initiative] rolls for everyone in the order
listed and settles ties (``initiative``); the
[`Initiative`][rules_core.hubris.Initiative] it returns starts a
[`TurnOrder`][rules_core.hubris.TurnOrder]. Characters keep their initiative for the whole
conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation, TableView, roll_view
from rules_core.hubris.errors import InitiativeError
from rules_core.hubris.initiative import (
    Combatant,
    InitiativeRoll,
    initiative_procedure,
    rank,
)
from rules_core.hubris.order import TurnOrder
from rules_core.question import AtLeast, Question
from rules_core.roll import Die, Roll


@dataclass(frozen=True, repr=False)
class Initiative:
    """Everyone's initiative roll (``rolls``), the d10s of any roll-offs (``roll_offs``),
    and the ``order`` they make, first to act first."""

    rolls: tuple[InitiativeRoll, ...]
    roll_offs: tuple[tuple[str, tuple[int, ...]], ...]
    order: tuple[str, ...]

    def roll_of(self, name: str) -> InitiativeRoll:
        """``name``'s roll."""
        for roll in self.rolls:
            if roll.who == name:
                return roll
        raise InitiativeError(f"{name} rolled no initiative here: they join with "
                              "TurnOrder.join")

    def turn_order(self) -> TurnOrder:
        """The order of play for the conflict, starting at round 1."""
        return TurnOrder(self.rolls, self.order)

    def table(self) -> TableView:
        """The order, with each roll and how ties were broken."""
        offs = dict(self.roll_offs)
        rows = []
        for place, name in enumerate(self.order, 1):
            roll = self.roll_of(name)
            tie = (f"roll-off {' '.join(map(str, offs[name]))}" if name in offs else
                   "modifier" if self._tied(roll) else "")
            rows.append((str(place), name, str(roll.face), f"{roll.modifier:+d}",
                         str(roll.total), tie))
        return TableView("Initiative", ("Place", "Character", "d10", "Modifier", "Total",
                                        "Tie broken by"), tuple(rows))

    def _tied(self, roll: InitiativeRoll) -> bool:
        return any(r.total == roll.total for r in self.rolls if r is not roll)

    def odds(self) -> tuple[Question, ...]:
        """Each roll's chance of its total or more, and each roll-off die's."""
        offs = tuple(AtLeast(initiative_procedure(0), face, who=name, event="in the roll-off",
                             shown=True)
                     for name, faces in self.roll_offs for face in faces)
        return (*(roll.odds() for roll in self.rolls), *offs)

    def explain(self) -> Explanation:
        """The rolls, the ties broken, and the order (no odds: initiative asks who acts
        first, not whether a total is met)."""
        lines = [f"{r.who}: {r.face} + {r.modifier} = {r.total}." for r in self.rolls]
        offs = dict(self.roll_offs)
        if offs:
            lines.append("Tied on total and modifier: "
                         + "; ".join(f"{n} rolls off {' '.join(map(str, f))}"
                                     for n, f in self.roll_offs) + ".")
        lines.append(f"Order: {', '.join(self.order)}; kept for the whole conflict.")
        rolled_off = tuple(roll_view(f"{name}'s roll-off (d10)",
                                     Roll(10, tuple(Die(10, (f,)) for f in faces)))
                           for name, faces in self.roll_offs)
        return Explanation(title="Initiative: 1d10 + Initiative modifier",
                           rolls=(*(r.view() for r in self.rolls), *rolled_off),
                           lines=tuple(lines), tables=(self.table(),))

    def __repr__(self) -> str:
        return "<Initiative: " + ", ".join(f"{n} {self.roll_of(n).total}"
                                           for n in self.order) + ">"


def roll_initiative(*combatants: Combatant, dice: DiceSource) -> Initiative:
    """Everyone's initiative, in the order listed, from ``dice`` (then any roll-offs).

    Examples:
        Ana and Bo tie at 9; Bo's higher modifier puts him first:

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character
        >>> ana = Character("Ana", {"Dexterity": 2, "Composure": 2})
        >>> bo = Character("Bo", {"Dexterity": 3, "Composure": 3})
        >>> roll_initiative(ana, bo, dice=ScriptedDice("5 3"))
        <Initiative: Bo 9, Ana 9>
    """
    if not combatants:
        raise InitiativeError("initiative needs one or more characters")
    names = [c.name for c in combatants]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InitiativeError(f"{', '.join(twice)} would roll twice: every character rolls "
                              "once a conflict")
    rolls = []
    for combatant in combatants:
        with rolling_for(f"{combatant.name}'s initiative"):
            rolls.append(InitiativeRoll.of(combatant, dice))
    log: dict[str, list[int]] = {}
    order = rank(rolls, dice, log)
    return Initiative(tuple(rolls), tuple((n, tuple(f)) for n, f in log.items()),
                      tuple(order))

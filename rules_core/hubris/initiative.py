"""Initiative: who acts first when characters try to act before one another (the Act of
Hubris, "Initiative").

Each character rolls **1d10 + their Initiative modifier** (in Chronicles of Darkness,
Dexterity + Composure). Higher totals act sooner; a tie goes to the higher modifier, and
failing that is settled at random (here: the tied characters roll a d10 each, higher first,
again while still tied). Characters keep their initiative for the whole conflict, however
long its pauses; a new conflict or scene means new rolls. The order itself, with delays,
interruptions and late arrivals, is a [`TurnOrder`][rules_core.hubris.TurnOrder].
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, RollView, TableView, roll_view
from rules_core.hubris.errors import InitiativeError
from rules_core.play import rounds
from rules_core.procedure import Procedure, Total
from rules_core.question import AtLeast, Question
from rules_core.roll import Die, Roll

if TYPE_CHECKING:
    from rules_core.hubris.order import TurnOrder


class Combatant(Protocol):
    """Anyone who rolls initiative: a character or a mob."""

    @property
    def name(self) -> str:
        """Who they are."""
        ...

    @property
    def initiative_modifier(self) -> int:
        """What they add to the d10."""
        ...


@dataclass(frozen=True)
class InitiativeRoll:
    """``who`` rolled 1d10 (``roll``) and adds ``modifier``."""

    who: str
    modifier: int
    roll: Roll

    @classmethod
    def of(cls, who: Combatant, dice: DiceSource) -> InitiativeRoll:
        """Roll ``who``'s initiative with ``dice``."""
        modifier = who.initiative_modifier
        return cls(who.name, modifier, _procedure(modifier).roll(dice))

    @property
    def face(self) -> int:
        """The d10."""
        return self.roll.dice[0].face

    @property
    def total(self) -> int:
        """The d10 + the modifier."""
        return self.face + self.modifier

    def odds(self) -> AtLeast:
        """The chance of this total or more."""
        return AtLeast(_procedure(self.modifier), self.total, who=self.who)

    def view(self) -> RollView:
        """The die as a card shows it."""
        return roll_view(f"{self.who} rolls initiative: {_procedure(self.modifier).describe()}",
                         self.roll)


def _procedure(modifier: int) -> Procedure:
    return Procedure(1, 10, (), Total(modifier))


def _roll_off(names: list[str], dice: DiceSource, log: dict[str, list[int]]) -> list[str]:
    """``names`` (fully tied) in the order a roll-off of d10s puts them, again while tied."""
    order: list[str] = []
    pending = [names]
    while pending:
        group = pending.pop(0)
        if len(group) == 1:
            order.append(group[0])
            continue
        stuck = f"{', '.join(group)} are still tied after every roll-off"
        for _ in rounds(functools.partial(str, stuck), error=InitiativeError):
            faces = dict(zip(group, dice.roll(len(group), 10), strict=True))
            for name, face in faces.items():
                log.setdefault(name, []).append(face)
            if len(set(faces.values())) > 1:
                break
        ranked = sorted(set(faces.values()), reverse=True)
        pending[:0] = [[n for n in group if faces[n] == face] for face in ranked]
    return order


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
        from rules_core.hubris.order import TurnOrder  # order.py imports this module

        return TurnOrder(self)

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
        offs = tuple(AtLeast(_procedure(0), face, who=f"{name}'s roll-off")
                     for name, faces in self.roll_offs for face in faces)
        return (*(roll.odds() for roll in self.rolls), *offs)

    def explain(self) -> Explanation:
        """The rolls, the ties broken, and the order."""
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
                           lines=tuple(lines), tables=(self.table(),), odds=self.odds())

    def __repr__(self) -> str:
        return "<Initiative: " + ", ".join(f"{n} {self.roll_of(n).total}"
                                           for n in self.order) + ">"


def rank(rolls: list[InitiativeRoll], dice: DiceSource,
         log: dict[str, list[int]]) -> list[str]:
    """The names of ``rolls`` in initiative order: total, then modifier, then roll-offs."""
    keys: dict[tuple[int, int], list[str]] = {}
    for roll in rolls:
        keys.setdefault((roll.total, roll.modifier), []).append(roll.who)
    order: list[str] = []
    for key in sorted(keys, reverse=True):
        order += _roll_off(keys[key], dice, log) if len(keys[key]) > 1 else keys[key]
    return order


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
    rolls = [InitiativeRoll.of(c, dice) for c in combatants]
    log: dict[str, list[int]] = {}
    order = rank(rolls, dice, log)
    return Initiative(tuple(rolls), tuple((n, tuple(f)) for n, f in log.items()),
                      tuple(order))

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
from typing import Protocol

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import RollView, roll_view
from rules_core.hubris.errors import InitiativeError
from rules_core.play import rounds
from rules_core.procedure import Procedure, Total
from rules_core.question import AtLeast
from rules_core.roll import Roll


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
        return cls(who.name, modifier, initiative_procedure(modifier).roll(dice))

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
        return AtLeast(initiative_procedure(self.modifier), self.total, who=self.who,
                       event="for initiative", shown=True)

    def view(self) -> RollView:
        """The die as a card shows it."""
        rolled = initiative_procedure(self.modifier).describe()
        return roll_view(f"{self.who} rolls initiative: {rolled}", self.roll)


def initiative_procedure(modifier: int) -> Procedure:
    """1d10 + the Initiative modifier."""
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
            with rolling_for(f"the roll-off of {' and '.join(group)}"):
                faces = dict(zip(group, dice.roll(len(group), 10), strict=True))
            for name, face in faces.items():
                log.setdefault(name, []).append(face)
            if len(set(faces.values())) > 1:
                break
        ranked = sorted(set(faces.values()), reverse=True)
        pending[:0] = [[n for n in group if faces[n] == face] for face in ranked]
    return order


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

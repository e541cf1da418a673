"""Environmental hazards and ongoing damage (the Act of Hubris, "Environmental Hazards",
"Ongoing Damage").

- A **hazard** (an explosion, a fire, a collapsing floor) either attacks with a pool of
  its own, like a character, or deals a set amount of damage with no roll. In both cases
  every character in its way rolls Defense (or another fitting pool) to reduce it. A character
  who sets a hazard off on purpose (throws the grenade, sparks the gas leak) rolls only to
  place it: their successes do not add to its damage.
- A **guard** protecting a character helps against a hazard as against any incoming attack:
  the best roll of the group applies.
- **Ongoing damage** (poison, burning) is an [`Ongoing`][rules_core.hubris.Ongoing]
  (``ongoing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.hubris.action import Block
from rules_core.hubris.attack import Attack
from rules_core.hubris.damage import LETHAL, check_kind
from rules_core.hubris.errors import AttackError
from rules_core.hubris.exchange import AttackResult, resolve
from rules_core.hubris.guarding import check_guards, defend
from rules_core.hubris.ongoing import check_amount
from rules_core.hubris.resistance import Resistance


@dataclass(frozen=True)
class Hazard:
    """An environmental hazard dealing ``damage``: ``automatic`` wounds, or an attack of
    ``dice`` dice.

    Examples:
        >>> Hazard("the grenade", automatic=3)
        Hazard(the grenade: 3 lethal, automatic)
    """

    name: str
    damage: str = LETHAL
    automatic: int = 0
    dice: int = 0

    def __post_init__(self) -> None:
        check_kind(self.damage)
        check_amount(self.name, self.automatic, self.dice, "damage")

    @property
    def attack(self) -> Attack:
        """The hazard as an attack (its pool, or no dice at all for automatic damage)."""
        traits = (("hazard dice", self.dice),) if self.dice else ()
        return Attack(self.name, traits, "its attack", means="hazard", damage=self.damage)

    def strike(self, resistance: Resistance, *, dice: DiceSource | None = None,
               defence: DiceSource | None = None,
               shields: Sequence[Block] = ()) -> AttackResult:
        """Strike the character resisting with ``resistance`` (``defence``): the hazard's
        own roll (``dice``), or its automatic damage. ``shields``: guards' standing
        successes protecting that character (the best of the group applies). The faces are
        taken in this order: the hazard's roll, then the resistance roll."""
        if self.dice:
            if dice is None:
                raise AttackError(f"{self.name} attacks with {self.dice} dice: pass dice=")
            return resolve(self.attack, resistance, dice=dice, defence=defence,
                           shields=tuple(shields))
        check_guards(shields, (resistance.who,))
        return AttackResult(self.attack, resistance, None,
                            defend(resistance, defence, shields), tuple(shields),
                            self.automatic, "automatic damage")

    def __repr__(self) -> str:
        amount = (f"{self.automatic} {self.damage}, automatic" if self.automatic else
                  f"{self.dice} dice of {self.damage}")
        return f"Hazard({self.name}: {amount})"

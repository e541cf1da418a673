"""Environmental hazards and ongoing damage (the Act of Hubris, "Environmental Hazards",
"Ongoing Damage").

- A **hazard** (an explosion, a fire, a collapsing floor) either attacks with a pool of
  its own, like a character, or deals a set amount of damage with no roll. In both cases
  every character in its way rolls Defense (or another fitting pool) to reduce it. A character
  who sets a hazard off on purpose (throws the grenade, sparks the gas leak) rolls only to
  place it: their successes do not add to its damage.
- **Ongoing damage** (poison, burning) strikes at the end of each of the afflicted
  character's turns, in dice or in automatic wounds. Defense cannot cancel it as it
  strikes; it opposes the attack that inflicts it in the first place.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.hubris.attack import Attack
from rules_core.hubris.damage import LETHAL, Wounds, check_kind
from rules_core.hubris.errors import AttackError, DamageError
from rules_core.hubris.exchange import AttackResult, resolve
from rules_core.hubris.resistance import Resistance
from rules_core.hubris.rolls import HubrisRoll
from rules_core.question import AtLeast, Settled
from rules_core.words import count, is_whole, verb_s


def _one_of(name: str, automatic: int, dice: int, what: str) -> None:
    if not (is_whole(automatic) and is_whole(dice)) or (automatic > 0) == (dice > 0):
        raise DamageError(f"{name} deals {what}: give automatic=N wounds or dice=N, one of "
                          f"them, a whole number above 0 (not automatic={automatic!r}, "
                          f"dice={dice!r})")


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
        _one_of(self.name, self.automatic, self.dice, "damage")

    @property
    def attack(self) -> Attack:
        """The hazard as an attack (its pool, or no dice at all for automatic damage)."""
        traits = (("hazard dice", self.dice),) if self.dice else ()
        return Attack(self.name, traits, "its attack", means="hazard", damage=self.damage)

    def strike(self, resistance: Resistance, *, dice: DiceSource | None = None,
               defence: DiceSource | None = None) -> AttackResult:
        """Strike the character resisting with ``resistance`` (``defence``): the hazard's
        own roll (``dice``), or its automatic damage."""
        if self.dice:
            if dice is None:
                raise AttackError(f"{self.name} attacks with {self.dice} dice: pass dice=")
            return resolve(self.attack, resistance, dice=dice, defence=defence)
        defended = None
        if not resistance.denied:
            if defence is None:
                raise AttackError(f"{resistance.who} rolls {resistance.kind}: pass defence=")
            defended = resistance.roll_against(defence)
        return AttackResult(self.attack, resistance, None, defended, (), self.automatic,
                            "automatic damage")

    def __repr__(self) -> str:
        amount = (f"{self.automatic} {self.damage}, automatic" if self.automatic else
                  f"{self.dice} dice of {self.damage}")
        return f"Hazard({self.name}: {amount})"


@dataclass(frozen=True)
class Ongoing:
    """Ongoing harm (``name``: ``burning``) dealing ``damage`` at the end of each of the
    afflicted character's turns: ``levels`` automatic wounds, or ``dice`` dice of them.

    Examples:
        >>> Ongoing("burning", levels=1).words()
        'burning, 1 lethal at the end of each of their turns'
    """

    name: str
    damage: str = LETHAL
    levels: int = 0
    dice: int = 0

    def __post_init__(self) -> None:
        check_kind(self.damage)
        _one_of(self.name, self.levels, self.dice, "ongoing damage")

    def words(self) -> str:
        """What it does, in words."""
        amount = (f"{self.levels} {self.damage}" if self.levels else
                  f"{self.dice} dice of {self.damage}")
        return f"{self.name}, {amount} at the end of each of their turns"

    def tick(self, who: str, dice: DiceSource | None = None) -> Tick:
        """The end of ``who``'s turn: the damage strikes (``dice`` for dice of damage), and
        no Defense cancels it."""
        if self.dice and dice is None:
            raise DamageError(f"{self.name} deals {self.dice} dice of damage: pass dice=")
        rolled = None
        if self.dice and dice is not None:
            traits = ((self.name, self.dice),)
            rolled = Attack(self.name, traits, "damage").roll_dice(dice)
        return Tick(self, who, rolled)


@dataclass(frozen=True, repr=False)
class Tick:
    """One strike of ``ongoing`` harm on ``who``, at the end of their turn (``rolled``: the
    dice of damage, if it deals dice)."""

    ongoing: Ongoing
    who: str
    rolled: HubrisRoll | None = None

    @property
    def wounds(self) -> Wounds:
        """The wounds it deals: its levels, or its dice's successes."""
        amount = self.rolled.total if self.rolled is not None else self.ongoing.levels
        return Wounds(self.ongoing.damage, amount)

    @property
    def source(self) -> str:
        """What dealt the wounds."""
        return self.ongoing.name

    def explain(self) -> Explanation:
        """The damage, and why no Defense is rolled."""
        lines = []
        if self.rolled is not None:
            lines.append(f"{self.ongoing.name.capitalize()}: {self.rolled.tally()}.")
        lines += [f"At the end of {self.who}'s turn, {self.ongoing.name} deals "
                  f"{self.wounds}.",
                  "Defense cannot cancel ongoing damage as it strikes; it only opposed the "
                  "attack that caused it."]
        odds = ((AtLeast(self.rolled.procedure, self.rolled.total, who=self.ongoing.name),)
                if self.rolled is not None else
                (Settled(f"{self.ongoing.name.capitalize()} on {self.who}", True,
                         f"{count(self.ongoing.levels, 'wound')} "
                         f"{verb_s(self.ongoing.levels, 'strike')} with no roll"),))
        return Explanation(title=f"{self.ongoing.name.capitalize()}: the end of {self.who}'s "
                                 "turn",
                           rolls=(self.rolled.view(),) if self.rolled is not None else (),
                           lines=tuple(lines), odds=odds)

    def __repr__(self) -> str:
        return f"<{self.ongoing.name} on {self.who}: {self.wounds}>"

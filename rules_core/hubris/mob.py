"""Groups, mobs and swarms: many enemies played as one character (the Act of Hubris,
"Groups, Mobs, and Swarms").

The Storyteller gives the group an initiative, an attack pool, a defense pool and a health
track. Its attack is one roll against every character it is engaged with, up to its reach;
each target resists on their own. It defends and takes damage as a single character would.
As it takes damage (its members scatter, lose heart), the Storyteller may cut its attack
pool, its reach, or both.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.explain import StatLine
from rules_core.hubris.attack import Attack
from rules_core.hubris.damage import BASHING, check_kind
from rules_core.hubris.errors import CharacterError
from rules_core.hubris.resistance import DEFENSE, Resistance
from rules_core.words import is_whole


@dataclass(frozen=True, repr=False)
class Mob:
    """A group played as one character: its ``initiative`` modifier, ``attack_dice`` and
    ``defense_dice``, ``health``, the ``damage`` its attacks deal and its ``reach`` (how
    many characters it can attack at once).

    Examples:
        >>> Mob("The ghouls", initiative=3, attack_dice=7, defense_dice=3, health=12)
        <The ghouls (mob): initiative +3, attack 7, defense 3, health 12, reach 3, bashing>
    """

    name: str
    initiative: int
    attack_dice: int
    defense_dice: int
    health: int
    damage: str = BASHING
    reach: int = 3

    def __post_init__(self) -> None:
        for what in ("initiative", "attack_dice", "defense_dice", "health", "reach"):
            value = getattr(self, what)
            if not is_whole(value, 1 if what in ("health", "reach") else 0):
                raise CharacterError(f"{self.name}'s {what} must be a whole number, "
                                     f"{'1' if what in ('health', 'reach') else '0'} or "
                                     f"more, not {value!r}")
        check_kind(self.damage)

    @property
    def initiative_modifier(self) -> int:
        """The modifier its initiative roll adds to the d10."""
        return self.initiative

    def attack(self, task: str = "") -> Attack:
        """Its attack: one roll against every engaged target (``against_all``)."""
        return Attack(self.name, (("attack dice", self.attack_dice),), task or "attack",
                      means="mob", damage=self.damage, reach=self.reach)

    def defense(self) -> Resistance:
        """Its defense pool, resisting like a character's Defense."""
        return Resistance(self.name, (("defense dice", self.defense_dice),), DEFENSE,
                          kind=DEFENSE, no_edge=True)

    def weakened(self, *, attack: int = 0, reach: int = 0) -> Mob:
        """The mob after losses: ``attack`` dice fewer, ``reach`` fewer targets at once."""
        return replace(self, attack_dice=max(self.attack_dice - attack, 0),
                       reach=max(self.reach - reach, 1))

    def stat_line(self) -> StatLine:
        """The mob as a card shows it."""
        return StatLine(self.name, (("Initiative", f"+{self.initiative}"),
                                    ("Attack", f"{self.attack_dice} dice"),
                                    ("Defense", f"{self.defense_dice} dice"),
                                    ("Health", str(self.health))),
                        (f"mob: strikes up to {self.reach} at once, {self.damage}",))

    def __repr__(self) -> str:
        return (f"<{self.name} (mob): initiative +{self.initiative}, attack "
                f"{self.attack_dice}, defense {self.defense_dice}, health {self.health}, "
                f"reach {self.reach}, {self.damage}>")

"""Weapons, armor and mounts, with the numbers the combat rules read.

A Song of Ice and Fire Roleplaying, core rules: a weapon is used with an ability (Fighting or
Marksmanship) and a specialty; its **base damage** is the wielder's rank in another ability
(often Athletics or Agility) plus the weapon's modifier. **Armor** has an Armor Rating (AR),
taken off every hit's damage, and an armor penalty (AP), taken off Agility tests and Combat
Defense. "Combat Actions" uses these qualities: Defensive +N (added to Combat Defense and to a
Dodge), Off-Hand +N (added to damage in a two-weapon attack), Vicious (its defeats always
kill), Grab and Polearm (pull a rider from the saddle), Two-Handed (no free hand); and two
makes better than common: castle-forged and Valyrian steel (fumble rows 4 and 5).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_core.chronicle.errors import CharacterError
from rules_core.words import whole

FIGHTING = "Fighting"
"""The ability of hand-to-hand weapons."""

MARKSMANSHIP = "Marksmanship"
"""The ability of ranged weapons."""

COMMON = "common"
"""An ordinary weapon."""

CASTLE_FORGED = "castle-forged"
"""A weapon of a castle's smithy: a fumble's minor break drops it instead, a major break
only nicks it."""

VALYRIAN = "Valyrian steel"
"""Valyrian steel: a fumble's breaks only make the wielder drop it."""

MAKES = (COMMON, CASTLE_FORGED, VALYRIAN)
"""The makes of weapon, from common to the best."""

FLAG_QUALITIES = ("Vicious", "Grab", "Polearm", "Two-Handed")
"""Qualities without a number."""

NUMBERED_QUALITIES = ("Defensive", "Off-Hand")
"""Qualities with a number: ``Defensive +2``, ``Off-Hand +1``."""

_QUALITY = re.compile(r"(Defensive|Off-Hand) \+(\d+)")


@dataclass(frozen=True, repr=False)
class Weapon:
    """A weapon: the ability and specialty it is used with, its base damage (``damage``, the
    wielder's ability, plus ``modifier``), its ``qualities`` and its ``make``.

    ``nicks`` is the damage lost to minor breaks (fumble row 4).

    Examples:
        >>> Weapon("longsword", specialty="Long Blades", damage="Athletics", modifier=1,
        ...        qualities=("Defensive +1",), make="castle-forged")
        <longsword: Fighting (Long Blades), damage Athletics + 1, Defensive +1, castle-forged>
        >>> Weapon("buckler", specialty="Shields", damage="Athletics", modifier=-2,
        ...        qualities=("Defensive +2", "Off-Hand +1")).defensive
        2
    """

    name: str
    ability: str = FIGHTING
    specialty: str = ""
    damage: str = "Athletics"
    modifier: int = 0
    qualities: tuple[str, ...] = ()
    make: str = COMMON
    nicks: int = 0

    def __post_init__(self) -> None:
        if self.ability not in (FIGHTING, MARKSMANSHIP):
            raise CharacterError(f"the {self.name} is used with Fighting or Marksmanship, "
                                 f"not {self.ability!r}")
        if self.make not in MAKES:
            raise CharacterError(f"the {self.name}'s make is one of {', '.join(MAKES)}, "
                                 f"not {self.make!r}")
        if isinstance(self.qualities, str):
            object.__setattr__(self, "qualities", (self.qualities,))
        for quality in self.qualities:
            if quality not in FLAG_QUALITIES and not _QUALITY.fullmatch(quality):
                raise CharacterError(
                    f"{quality!r} is not a quality these rules use: "
                    f"{', '.join(FLAG_QUALITIES)}, Defensive +N or Off-Hand +N")

    @property
    def defensive(self) -> int:
        """The Defensive bonus (0 without the quality)."""
        return self._number("Defensive")

    @property
    def off_hand(self) -> int:
        """The Off-Hand bonus to damage (0 without the quality)."""
        return self._number("Off-Hand")

    def has(self, quality: str) -> bool:
        """Whether the weapon has ``quality`` (``"Vicious"``, ``"Defensive"``…)."""
        if quality in NUMBERED_QUALITIES:
            return self._number(quality) > 0
        return quality in self.qualities

    def _number(self, name: str) -> int:
        for quality in self.qualities:
            found = _QUALITY.fullmatch(quality)
            if found and found[1] == name:
                return int(found[2])
        return 0

    @property
    def shield(self) -> bool:
        """Whether it is a shield (used with the Shields specialty)."""
        return self.specialty == "Shields"

    def describe(self) -> str:
        """``Fighting (Long Blades), damage Athletics + 1, Defensive +1``."""
        used = f"{self.ability} ({self.specialty})" if self.specialty else self.ability
        mod = self.modifier - self.nicks
        damage = f"damage {self.damage}" + (f" {'+' if mod > 0 else '−'} {abs(mod)}"
                                           if mod else "")
        if self.nicks:
            damage += f" (nicked {'once' if self.nicks == 1 else f'{self.nicks} times'})"
        parts = [used, damage, *self.qualities]
        if self.make != COMMON:
            parts.append(self.make)
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<{self.name}: {self.describe()}>"


@dataclass(frozen=True, repr=False)
class Armor:
    """Armor: its Armor Rating (AR, off every hit's damage) and armor penalty (AP, off Agility
    tests and Combat Defense), both written as positive numbers.

    Examples:
        >>> Armor("ringmail", rating=4, penalty=2)
        <ringmail: AR 4, AP −2>
    """

    name: str
    rating: int
    penalty: int = 0

    def __post_init__(self) -> None:
        whole(self.rating, f"the {self.name}'s Armor Rating", error=CharacterError)
        whole(self.penalty, f"the {self.name}'s armor penalty (a positive number)",
              error=CharacterError)

    def __repr__(self) -> str:
        return f"<{self.name}: AR {self.rating}, AP −{self.penalty}>"


NO_ARMOR = Armor("no armor", 0, 0)
"""AR 0, no penalty."""


@dataclass(frozen=True, repr=False)
class Mount:
    """A steed: its ``movement`` in yards, whether it is ``war_trained`` and ``injured``.

    Examples:
        >>> Mount("destrier", movement=8, war_trained=True)
        <destrier: Movement 8, trained for war>
    """

    name: str
    movement: int = 8
    war_trained: bool = False
    injured: bool = False

    def __post_init__(self) -> None:
        whole(self.movement, f"the {self.name}'s Movement", error=CharacterError)

    def __repr__(self) -> str:
        notes = ["trained for war"] if self.war_trained else ["untrained"]
        if self.injured:
            notes.append("injured")
        return f"<{self.name}: Movement {self.movement}, {', '.join(notes)}>"

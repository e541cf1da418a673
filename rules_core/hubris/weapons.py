"""Weapons, and the serious consequences an attack can aim for instead of wounds (the Act
of Hubris, "Attacking Other Characters").

A **weapon** gives its attack an Edge (equipment), names the Skill it is used with and the
damage it deals; a huge one may need Strength, a precise one Dexterity; some guns can fire
automatically (autofire). Unless its sheet says otherwise, a weapon deals what attacks of its
Skill usually deal: a thrown rock or bottle (Athletics) **bashing**, since a throw either
bruises or sets off a hazard of its own (a grenade: [`Hazard`][rules_core.hubris.Hazard]);
a blade (Weaponry) or a bullet (Firearms) **lethal**; a gun never deals bashing.

A **consequence** (disarming, blinding, throwing someone out of a window) needs net
successes at least equal to the target's relevant Attribute, the highest if several fit.
Fewer net successes still inconvenience the target: a Difficulty on their next turn (our
reading: a Difficulty of the net successes). A complete consequence usually lasts, until the
target undoes it with an instant action of their own; no attack cripples or maims for good
unless its net successes would have incapacitated or killed the target anyway.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_core.hubris.damage import BASHING, LETHAL, check_kind
from rules_core.hubris.errors import AttackError, PoolError
from rules_core.words import is_whole

WEAPON_SKILLS = ("Athletics", "Weaponry", "Firearms")
"""The Skills a weapon is used with (Brawl takes no Edge from equipment)."""

USUAL_DAMAGE = {"Athletics": BASHING, "Weaponry": LETHAL, "Firearms": LETHAL}
"""The damage a weapon deals when its sheet gives none: what its Skill's attacks usually
deal (a thrown weapon bashes; blades and guns are lethal)."""


@dataclass(frozen=True)
class Weapon:
    """A weapon: its ``name``, its ``edge``, the ``skill`` it is used with, the ``damage``
    it deals (by default what its Skill's attacks usually deal: bashing for Athletics,
    lethal for Weaponry and Firearms), the Attribute it ``requires`` (if the Storyteller
    says so) and whether it can fire ``autofire``.

    Examples:
        >>> Weapon("a machete", 2)
        Weapon(a machete, Edge 2, Weaponry, lethal)
        >>> Weapon("a rock", 1, "Athletics")
        Weapon(a rock, Edge 1, Athletics, bashing)
        >>> Weapon("a molotov cocktail", 1, "Athletics", damage="lethal")
        Weapon(a molotov cocktail, Edge 1, Athletics, lethal)
        >>> Weapon("a shotgun", 4, "Firearms", damage="bashing")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.hubris.errors.PoolError: a shotgun: Firearms attacks deal lethal damage ...
    """

    name: str
    edge: int
    skill: str = "Weaponry"
    damage: str = ""
    requires: str = ""
    autofire: bool = False

    def __post_init__(self) -> None:
        if not is_whole(self.edge):
            raise PoolError(f"{self.name}'s Edge must be a whole number, 0 or more, not "
                            f"{self.edge!r}")
        if self.skill not in WEAPON_SKILLS:
            raise PoolError(f"{self.name} is used with {', '.join(WEAPON_SKILLS)}, not "
                            f"{self.skill!r} (Brawl takes no Edge from equipment)")
        if not self.damage:
            object.__setattr__(self, "damage", USUAL_DAMAGE[self.skill])
        check_kind(self.damage)
        if self.skill == "Firearms" and self.damage == "bashing":
            raise PoolError(f"{self.name}: Firearms attacks deal lethal damage (or worse), "
                            "with no option of bashing")
        if self.requires not in ("", "Strength", "Dexterity"):
            raise PoolError(f"a weapon may require Strength or Dexterity, not "
                            f"{self.requires!r}")
        if self.autofire and self.skill != "Firearms":
            raise PoolError(f"{self.name}: only a firearm can use autofire")

    def __repr__(self) -> str:
        extra = [f"needs {self.requires}"] if self.requires else []
        extra += ["autofire"] if self.autofire else []
        more = "".join(f", {e}" for e in extra)
        return f"Weapon({self.name}, Edge {self.edge}, {self.skill}, {self.damage}{more})"


@dataclass(frozen=True)
class Consequence:
    """A serious consequence (``what``: ``disarm``, ``blind``): net successes at least the
    target's highest of ``attributes`` make it complete, and it lasts until the target
    undoes it with an instant action of their own; fewer become a Difficulty on the
    target's next turn. ``health_left``, for harm meant to cripple or maim for the long
    term: the wounds that would incapacitate or kill the target; no attack does such harm
    for good with fewer net successes than that.

    Examples:
        >>> Consequence("disarm", ("Strength",)).needed({"Strength": 3, "Dexterity": 2})
        ('Strength', 3)
    """

    what: str
    attributes: tuple[str, ...]
    health_left: int = 0

    def __post_init__(self) -> None:
        if not is_whole(self.health_left):
            raise AttackError(f"health_left is the wounds that would take the target out, "
                              f"a whole number, not {self.health_left!r}")
        if not self.attributes:
            raise AttackError(f"name the Attribute that resists {self.what!r}, e.g. "
                              "('Strength',) to wrest something away")

    def needed(self, target: Mapping[str, int]) -> tuple[str, int]:
        """The target's relevant Attribute and its dots (the highest of several)."""
        missing = [a for a in self.attributes if a not in target]
        if missing:
            raise AttackError(f"to {self.what} the target needs a {missing[0]} rating: the "
                              "consequence is measured against it")
        return max(((a, target[a]) for a in self.attributes), key=lambda pair: pair[1])

    def for_good(self, net: int) -> bool:
        """Whether ``net`` successes, completing it, do harm that may last for good: only
        harm meant for the long term, with enough to take the target out."""
        return 0 < self.health_left <= net

    def lasting(self, target: str, net: int) -> str:
        """How long the complete consequence lasts, in a sentence."""
        undone = f"it lasts until {target} undoes it with an instant action of their own"
        if self.for_good(net):
            return (f"{net} net ≥ the {self.health_left} wounds that would take {target} "
                    "out: the harm may last for good.")
        if self.health_left:
            return (f"Not for good: that takes {self.health_left} net successes, enough to "
                    f"take {target} out; {undone}.")
        return undone[0].upper() + undone[1:] + "."

    def __str__(self) -> str:
        return self.what

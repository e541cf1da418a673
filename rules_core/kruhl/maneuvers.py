"""Special actions and special attack types as data (Kruhl 3e, "Special Actions",
"Special Attack Types").

A [`Maneuver`][rules_core.kruhl.Maneuver] says which skill and attribute each side rolls,
what circumstance the attacker's table adds, who wins ties, whether a success costs the
target Endurance and what condition it leaves. [`AttackTraits`][rules_core.kruhl.AttackTraits]
are the special attack types an attack may have.
"""

from __future__ import annotations

from dataclasses import dataclass

HTH = "Hand-to-hand Combat"
"""The skill of hand-to-hand attacks and defenses."""

RANGED = "Ranged Combat"
"""The skill of ranged attacks and defenses."""


@dataclass(frozen=True)
class Maneuver:
    """A kind of attack or contested action.

    ``attributes``/``defense_attributes``: the attribute each side adds (the higher, if
    several; empty for the skill's usual one). ``circumstances``: entries of the attacker's
    table that always apply. ``effect``: the condition a success leaves on the target.
    ``role``/``defense_role``: which table of circumstances each side's roll uses.
    ``escape``: a roll to escape a grapple (the restrained penalty does not apply).
    ``preposition``: how a result names its target ("Attack on", "Break free from").
    ``footing``: the target defends with a bonus die if stationary and unrestrained, a
    penalty die if moving (a slam).
    """

    name: str
    skill: str = HTH
    attributes: tuple[str, ...] = ()
    defense_skill: str = ""
    defense_attributes: tuple[str, ...] = ()
    circumstances: tuple[str, ...] = ()
    role: str = "attack"
    defense_role: str = "defense"
    strict: bool = False
    damaging: bool = True
    effect: str = ""
    uses_move: bool = False
    powers_apply: bool = True
    escape: bool = False
    footing: bool = False
    preposition: str = "on"
    source: str = ""

    @property
    def defended_with(self) -> str:
        """The skill the target rolls."""
        return self.defense_skill or self.skill

    def __repr__(self) -> str:
        return self.name


ATTACK = Maneuver("Attack", source="Opposed Tasks")
"""An ordinary hand-to-hand attack: HtH (Brawn) vs HtH (Brawn)."""

RANGED_ATTACK = Maneuver("Ranged attack", RANGED, source="Opposed Tasks")
"""An ordinary ranged attack: Ranged Combat (Agility) vs Ranged Combat (Agility)."""

SPELL = Maneuver("Spell", "Thaumaturgy", defense_skill="Magic Resistance",
                 source="table Opposed rolls")
"""An attack spell: Thaumaturgy (Presence) vs Magic Resistance (Presence)."""

CHARGE = Maneuver("Charge", circumstances=("charging",), uses_move=True, source="Charging")
"""Charging: a move straight at the target, then HtH with a bonus die."""

DISARM = Maneuver("Disarm", attributes=("Brawn",), defense_attributes=("Brawn",),
                  circumstances=("disarming",), damaging=False, effect="disarmed",
                  source="Disarming")
"""Disarming: HtH (Brawn) vs HtH (Brawn) with a penalty die; takes or knocks away an item."""

DISTRACT = Maneuver("Distract", "Deception", role="skill", defense_role="skill", strict=True,
                    damaging=False, effect="distracted", source="Distracting")
"""Distracting: Deception (Presence) vs Deception (Presence); needs strictly more; the target has a
penalty die on its next attack or defense roll."""

GRAPPLE = Maneuver("Grapple", attributes=("Brawn",), defense_attributes=("Agility", "Brawn"),
                   damaging=False, effect="restrained", powers_apply=False,
                   source="Grappling")
"""Grappling: HtH (Brawn) vs HtH (the target's Agility or Brawn); restrains. Powers such as Strike
do not apply."""

BREAK_FREE = Maneuver("Break free", attributes=("Agility", "Brawn"),
                      defense_attributes=("Brawn",), role="skill", damaging=False,
                      effect="free", powers_apply=False, escape=True, preposition="from",
                      source="Breaking Free Of A Grapple")
"""Breaking free: HtH (the higher of Agility or Brawn) vs the holder's HtH (Brawn)."""

HURT = Maneuver("Hurt", attributes=("Brawn",), defense_attributes=("Agility", "Brawn"),
                powers_apply=False, source="Hurting A Grappled Target")
"""Hurting a grappled target: HtH (Brawn) vs HtH (the target's Agility or Brawn)."""

SLAM = Maneuver("Slam", attributes=("Brawn",), defense_attributes=("Brawn",),
                damaging=False, effect="prone", footing=True, source="Slamming")
"""Slamming: HtH (Brawn) vs HtH (Brawn); the target falls prone. A stationary, unrestrained target
defends with a bonus die, a moving one with a penalty die."""

SWEEP = Maneuver("Sweep", circumstances=("sweeping",), source="Sweep Attack")
"""Sweep attack: HtH against everyone in reach, a penalty die on each roll."""

MANEUVERS = (ATTACK, RANGED_ATTACK, SPELL, CHARGE, DISARM, DISTRACT, GRAPPLE, BREAK_FREE, HURT,
             SLAM, SWEEP)
"""Every maneuver above, in order."""


@dataclass(frozen=True)
class AttackTraits:
    """Special attack types (Kruhl 3e, "Special Attack Types").

    ``burst``: a bonus die, resolved once. ``penetrating``: the defender rerolls 5s and 6s
    until each die shows less than 5. ``stunning``: the damage is temporary, recorded apart.
    ``blinding``/``terrifying``: a success also blinds or terrifies the target.
    ``damaging=False``: the attack does no Endurance damage (only its effect).
    """

    burst: bool = False
    penetrating: bool = False
    stunning: bool = False
    blinding: bool = False
    terrifying: bool = False
    damaging: bool = True

    def names(self) -> tuple[str, ...]:
        """The traits that are on, in words."""
        flags = (("burst fire", self.burst), ("penetrating", self.penetrating),
                 ("stunning", self.stunning), ("blinding", self.blinding),
                 ("terrifying", self.terrifying))
        return tuple(name for name, on in flags if on)


PLAIN = AttackTraits()
"""An attack with no special type (the default of every attack)."""

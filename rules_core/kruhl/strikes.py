"""Setting up the two rolls of an attack from the fighters' sheets and conditions.

The attacker's roll takes the maneuver's skill and attribute (the higher, when it offers a
choice), the circumstances the maneuver always has, those the attacker's conditions bring
and any the caller names. The target's roll likewise, plus the slam footing rule and the
penetrating reroll (Kruhl 3e, "Special Actions", "Special Attack Types").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules_core.kruhl.character import Character
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.conditions import Conditions
from rules_core.kruhl.errors import FightError
from rules_core.kruhl.maneuvers import AttackTraits, Maneuver

_MOVING = ("moving", "running", "sprinting")


@dataclass(frozen=True)
class Strike:
    """An attack about to be rolled: the maneuver, its traits and both checks."""

    maneuver: Maneuver
    traits: AttackTraits
    attack: SkillCheck
    defense: SkillCheck

    @property
    def attacker(self) -> str:
        """Who attacks."""
        return self.attack.who

    @property
    def target(self) -> str:
        """Who defends."""
        return self.defense.who


def attack_check(character: Character, conditions: Conditions, maneuver: Maneuver,
                 traits: AttackTraits, *, using: str | Iterable[str] = (),
                 powers: str | Iterable[str] = (), circumstances: Iterable[str] = (),
                 located: bool = False) -> SkillCheck:
    """The attacker's roll."""
    named = (powers,) if isinstance(powers, str) else tuple(powers)
    if named and not maneuver.powers_apply:
        raise FightError(f"powers such as {', '.join(named)} do not apply to "
                         f"{maneuver.name} rolls ({maneuver.source}): leave powers= out")
    attribute = character.best_of(*maneuver.attributes) if maneuver.attributes else None
    check = character.check(maneuver.skill, attribute, role=maneuver.role, using=using,
                            powers=named)
    states = conditions.attack_circumstances(character.name, maneuver.skill, located=located,
                                             escape=maneuver.escape, role=maneuver.role)
    burst = ("burst fire",) if traits.burst else ()
    return check.under(*maneuver.circumstances, *burst, *states, *circumstances)


def defense_check(character: Character, conditions: Conditions, maneuver: Maneuver,
                  traits: AttackTraits, *, using: str | Iterable[str] = (),
                  circumstances: Iterable[str] = ()) -> SkillCheck:
    """The target's roll."""
    attributes = maneuver.defense_attributes
    attribute = character.best_of(*attributes) if attributes else None
    check = character.check(maneuver.defended_with, attribute, role=maneuver.defense_role,
                            using=using)
    name = character.name
    if maneuver.defense_role == "defense":
        states = conditions.defense_circumstances(name, maneuver.skill)
    else:
        states = conditions.attack_circumstances(name, maneuver.defended_with, role="skill")
    if maneuver.footing and not conditions.has(name, "restrained"):
        moving = any(conditions.has(name, state) for state in _MOVING)
        states = (*states, "moving (slam)" if moving else "stationary (slam)")
    check = check.under(*states, *circumstances)
    return check.penetrating() if traits.penetrating else check

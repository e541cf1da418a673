"""What a rolled attack does to the fight (Kruhl 3e, "Consequences", "Special Actions",
"Special Attack Types").

A success costs the target 1 END if the attack is damaging (stunning damage is recorded
apart), and leaves the maneuver's condition: a grapple restrains (two characters grappling
each other are both restrained), a slam knocks prone, a disarm takes an item, a distraction
distracts, breaking free ends a grapple; blinding and terrifying attacks blind the target
or make it cower (or flee, the defender's choice). A distraction is spent by the next attack
or defense roll it hampers, whatever the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_core.kruhl.attack_results import AttackResult
from rules_core.kruhl.contest import Contest
from rules_core.kruhl.strikes import Strike

if TYPE_CHECKING:
    from rules_core.kruhl.fight_state import FightState


@dataclass(frozen=True)
class Aftermath:
    """Choices that shape what a success does: a terrified target ``flee``s (else cowers);
    ``item`` is what a disarm takes; a slam that ``injures`` also costs 1 END."""

    flee: bool = False
    item: str = ""
    injures: bool = False


def apply_strike(fight: FightState, strike: Strike, contest: Contest,
                 aftermath: Aftermath | None = None) -> AttackResult:
    """Apply ``contest``'s outcome to ``fight`` and say what happened."""
    after = aftermath or Aftermath()
    notes = list(_spend_distractions(fight, strike))
    maneuver, traits, target = strike.maneuver, strike.traits, strike.target
    if not contest.succeeded:
        return AttackResult(maneuver, traits, contest, target, 0, (), fight.endurance(target),
                            tuple(notes))
    damage = 1 if (maneuver.damaging and traits.damaging) or after.injures else 0
    if damage:
        fight.damage(target, stunning=traits.stunning)
    effects = list(_maneuver_effect(fight, strike, after.item, notes))
    if traits.blinding:
        fight.conditions.add(target, "blinded")
        effects.append("blinded")
    if traits.terrifying:
        fear = "fleeing" if after.flee else "cowering"
        fight.conditions.add(target, fear)
        effects.append(fear)
    return AttackResult(maneuver, traits, contest, target, damage, tuple(effects),
                        fight.endurance(target), tuple(notes))


def _maneuver_effect(fight: FightState, strike: Strike, item: str,
                     notes: list[str]) -> tuple[str, ...]:
    effect, attacker, target = strike.maneuver.effect, strike.attacker, strike.target
    if effect == "restrained":
        fight.conditions.grapples.add((attacker, target))
        if (target, attacker) in fight.conditions.grapples:
            notes.append(f"{attacker} and {target} grapple each other: both are restrained.")
        return ("restrained",)
    if effect in ("prone", "distracted"):
        fight.conditions.add(target, effect)
        return (effect,)
    if effect == "disarmed":
        fight.take_item(target, item)
        return (f"disarmed of the {item}",)
    if effect == "free":
        fight.conditions.grapples.discard((target, attacker))
        notes.append(f"{attacker} breaks free of {target}'s grapple.")
    return ()


def _spend_distractions(fight: FightState, strike: Strike) -> tuple[str, ...]:
    spent = []
    for check in (strike.attack, strike.defense):
        if "distracted" in check.penalty and fight.conditions.has(check.who, "distracted"):
            fight.conditions.remove(check.who, "distracted")
            spent.append(f"{check.who}'s distraction is spent on this roll.")
    return tuple(spent)

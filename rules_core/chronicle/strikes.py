"""Rolling an attack and applying it: the hit, its damage, a critical's row, a fumble's row.

A Song of Ice and Fire Roleplaying, "Combat Actions", "Damage", "Critical Successes",
"Critical Failures": an attack tests the weapon's ability (with its specialty's bonus dice)
against the target's Combat Defense; a hit deals base damage × degrees − Armor Rating, which the
target may soak with an injury or a wound; a result of twice the Combat Defense reads the
critical table by its sixes; dice all showing 1 read the fumble table by the ones. A mounted
attacker gains +1B on Fighting against a foe on foot, and +2 damage if a war-trained mount has
not moved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict

from rules_core.chronicle.action_results import AttackResult
from rules_core.chronicle.actions import MOUNTED_BONUS, MOUNTED_DAMAGE, Action
from rules_core.chronicle.combat_tests import CombatTests, PoolParts
from rules_core.chronicle.criticals import critical_row, fumble_reading
from rules_core.chronicle.damage import Damage
from rules_core.chronicle.difficulties import CHALLENGING, Difficulty
from rules_core.chronicle.effects import COMBAT, END, NEXT_TEST, START, THIS_TURN, Effect
from rules_core.chronicle.equipment import FIGHTING, Weapon
from rules_core.chronicle.errors import CharacterError, CombatError, DestinyError
from rules_core.chronicle.harm import AUTO, Harm
from rules_core.chronicle.negation import charge_negations, negated_uses, negation_lines
from rules_core.chronicle.readings import BASE
from rules_core.chronicle.result import TestResult
from rules_core.dice import DiceSource
from rules_core.procedure import roll_pool
from rules_core.words import count


class StrikeOptions(TypedDict, total=False):
    """What every attack takes besides the attacker and the target: ``weapon`` (by name; the
    main-hand weapon by default), ``soak`` (how the target takes the blow: auto, none,
    injury, wound), Destiny uses to ``spend`` and ``burn`` on the test, ``lower_fumble``
    (spend a point to read a fumble one row lower), ``adjacent`` (the foes next to the target,
    for a Terrible Blow), ``foiled_by`` (who burns a point to turn a hit into a miss),
    ``negated_by`` (a use of ``spend`` or ``burn`` → who spends, or burns, a point to negate
    it: the attacker's point is gone and does nothing)."""

    weapon: str
    soak: str
    spend: Sequence[str]
    burn: Sequence[str]
    lower_fumble: bool
    adjacent: Sequence[str]
    foiled_by: str
    negated_by: Mapping[str, str]


@dataclass(frozen=True)
class StrikePlan:
    """An attack about to be rolled: the action, who, which weapon, the dice and damage its
    kind adds, and what it is tested against (None: the target's Combat Defense).
    ``backfire`` marks an action with a critical failure of its own (Disarm: the attacker is
    disarmed), which takes the place of the fumble table when a fumble is also a critical
    failure."""

    action: Action
    attacker: str
    target: str
    weapon: Weapon
    bonus: tuple[str, ...] = ()
    penalty: tuple[str, ...] = ()
    base_bonus: tuple[tuple[str, int], ...] = ()
    damage_bonus: tuple[tuple[str, int], ...] = ()
    against: Difficulty | None = None
    damaging: bool = True
    backfire: bool = False


def wielded(state: CombatTests, name: str, weapon: str = "") -> Weapon:
    """The weapon ``name`` attacks with: the one named, or the main-hand one."""
    held = state.held(name)
    for item in held:
        if item.name == weapon or not weapon:
            return item
    carried = ", ".join(w.name for w in held) or "nothing"
    raise CombatError(f"{name} holds no {weapon or 'weapon'} (holding: {carried}): draw one "
                      "with draw()")


def mounted_parts(state: CombatTests, plan: StrikePlan) -> StrikePlan:
    """The plan with a mounted attacker's +1B and +2 damage, where they apply."""
    mount = state.mounts.get(plan.attacker)
    if mount is None:
        return plan
    bonus, damage = plan.bonus, plan.damage_bonus
    if plan.weapon.ability == FIGHTING and plan.target not in state.mounts:
        bonus = (*bonus, *["mounted"] * MOUNTED_BONUS)
    if mount.war_trained and plan.attacker not in state.mount_moved:
        damage = (*damage, ("mounted", MOUNTED_DAMAGE))
    return replace(plan, bonus=bonus, damage_bonus=damage)


def strike_parts(state: CombatTests, plan: StrikePlan) -> PoolParts:
    """The attacker's test parts, with the plan's own dice added (a weapon whose specialty is
    no specialty of its ability is refused, naming the attacker's)."""
    try:
        parts = state.test_parts(plan.attacker, plan.weapon.ability, plan.weapon.specialty)
    except CharacterError as error:
        raise CharacterError(f"the {plan.weapon.name}'s specialty: {error}") from error
    return parts._replace(bonus=parts.bonus + plan.bonus, penalty=parts.penalty + plan.penalty)


def roll_strike(state: CombatTests, plan: StrikePlan, parts: PoolParts, dice: DiceSource,
                options: StrikeOptions, rank: int | None = None) -> TestResult:
    """Roll the attack test (``rank``: a share of the test dice) and settle its costs."""
    spend, burn = tuple(options.get("spend", ())), tuple(options.get("burn", ()))
    negated = options.get("negated_by", {})
    working = negated_uses(state, plan.attacker, spend, burn, negated)
    test = state.make_test(plan.attacker, parts, plan.weapon.ability, rank=rank,
                           spend=working[0], burn=working[1])
    left = state.destiny(plan.attacker).left - len(spend) - len(burn)
    if options.get("lower_fumble") and left < 1:
        raise DestinyError(f"{plan.attacker} has no Destiny Point left to lower a fumble "
                           f"with (lower_fumble=True): {left + len(spend) + len(burn)} left, "
                           f"{len(spend) + len(burn)} used on this test")
    against = plan.against or state.defense_of(plan.target)
    foiler = options.get("foiled_by", "")
    if foiler:
        state.character(foiler)
    rolled = TestResult(test, test.roll_dice(dice), against, attack=plan.against is None)
    state.charge_destiny(plan.attacker, spend, burn)
    charge_negations(state, negated)
    state.effects.discard(parts.spent)
    state.effects.remove(plan.target, "distracted")
    if foiler and rolled.succeeded:
        state.charge_destiny(foiler, burn=("foil success",))
        rolled = replace(rolled, foiled_by=foiler)
    return rolled


def land(state: CombatTests, plan: StrikePlan, rolled: TestResult, dice: DiceSource,
         options: StrikeOptions) -> AttackResult:
    """Apply a rolled attack: a hit's damage and critical, or a fumble (unless the action's
    own backfire answers it: see ``StrikePlan``)."""
    result = AttackResult(plan.action, plan.target, rolled, plan.weapon.name,
                          harm=state.harm(plan.target), damaging=plan.damaging,
                          lines=negation_lines(plan.attacker, options.get("negated_by", {})))
    if rolled.is_fumble and not (plan.backfire and rolled.critical_failure):
        result = _fumble(state, plan, rolled, dice, options, result)
    if rolled.succeeded and plan.damaging:
        result = _hit(state, plan, rolled, options, result)
    state.log.append(result)
    return result


def _hit(state: CombatTests, plan: StrikePlan, rolled: TestResult, options: StrikeOptions,
         result: AttackResult) -> AttackResult:
    attacker, target, weapon = plan.attacker, plan.target, plan.weapon
    person = state.character(attacker)
    row = critical_row(rolled.critical_row_number)
    base = [(weapon.damage, person.rank(weapon.damage))]
    if weapon.modifier:
        base.append((weapon.name, weapon.modifier))
    if weapon.nicks:
        base.append(("nicked", -weapon.nicks))
    if row is not None and row.number <= 2:
        base.append((row.name, 2 * row.number))
    base += plan.base_bonus
    added = list(plan.damage_bonus)
    if state.readings.damage_bonus == BASE:
        base, added = base + added, []
    damage = Damage(tuple(base), rolled.degrees, tuple(added),
                    state.character(target).armor.rating)
    lines = list(result.lines)
    harm, blow = state.harm(target), None
    if row is not None and row.number >= 5:
        harm = harm.killed()
        lines.append(f"{row.name}: {target} dies.")
        lines += _after_kill(state, plan, row.number, damage, options)
    else:
        blow = harm.take(damage.total, options.get("soak", AUTO))
        harm = blow.after
        if row is not None and row.number == 3:
            harm = harm.with_injury()
            lines.append(f"Bloody Wound: {target} also gains an injury that soaks nothing: "
                         f"{harm.text()}.")
        elif row is not None and row.number == 4:
            harm = harm.with_wound()
            lines.append(f"Crippling Wound: {target} also gains a wound that soaks nothing: "
                         f"{harm.text()}.")
    _set_harm(state, target, harm, attacker, weapon)
    if harm.defeated and not harm.dead:
        lines.append(f"{target} is defeated: {attacker} decides what becomes of them.")
    return replace(result, damage=damage, blow=blow, critical_row=row, harm=harm,
                   lines=tuple(lines))


def _after_kill(state: CombatTests, plan: StrikePlan, row: int, damage: Damage,
                options: StrikeOptions) -> list[str]:
    attacker, target = plan.attacker, plan.target
    lines = []
    if row == 6:
        for name in options.get("adjacent", ()):
            if name not in state.opponents(attacker) or name == target:
                raise CombatError(f"{name} is not a foe of {attacker} next to {target}: "
                                  "adjacent= names the attacker's foes beside the victim")
            if state.harm(name).defeated:
                continue
            splash = Damage(damage.base, 1, (), state.character(name).armor.rating)
            blow = state.harm(name).take(splash.total, AUTO)
            _set_harm(state, name, blow.after, attacker, plan.weapon)
            lines.append(f"Terrible Blow on {name}: {splash.text()}. {blow.text()}")
        if not options.get("adjacent"):
            lines.append("Terrible Blow: no foe stands next to the victim (adjacent= names "
                         "them).")
    if row == 7:
        for ally in state.allies(attacker):
            state.effects.add(Effect(ally, "impressive death", COMBAT, 1))
        lines.append(f"Impressive Death: {attacker}'s allies gain +1B on every test for the "
                     "rest of the combat.")
    if row == 8:
        witnesses = [n for n in state.opponents(attacker) + state.allies(attacker)
                     if n != target and not state.harm(n).defeated]
        for name in witnesses:
            state.effects.add(Effect(name, "must resist horror", NEXT_TEST, 0,
                                     str(CHALLENGING)))
        state.effects.add(Effect(attacker, "horrible death", COMBAT, 1))
        lines.append(f"Horrible Death: {attacker} gains +1B on every test for the rest of the "
                     f"combat; {', '.join(witnesses) or 'no one else'} must test Will against "
                     "Challenging (9).")
    return lines


def _fumble(state: CombatTests, plan: StrikePlan, rolled: TestResult, dice: DiceSource,
            options: StrikeOptions, result: AttackResult) -> AttackResult:
    attacker, weapon = plan.attacker, plan.weapon
    lowered = bool(options.get("lower_fumble")) and rolled.fumble_row_number > 1
    if lowered:
        state.charge_destiny(attacker, spend=("lower fumble",))
    reading = fumble_reading(rolled.ones, weapon, lowered=lowered)
    number, lines = reading.row.number, list(result.lines)
    held = weapon in state.held(attacker)
    if number == 1:
        person = state.character(attacker)
        own = Damage(((weapon.damage, person.rank(weapon.damage)),
                      *(((weapon.name, weapon.modifier),) if weapon.modifier else ())), 1, (),
                     person.armor.rating)
        blow = state.harm(attacker).take(own.total, AUTO)
        _set_harm(state, attacker, blow.after, attacker, weapon)
        lines.append(f"{attacker}'s own blow: {own.text()}. {blow.text()}")
    elif number == 2:
        state.effects.add(Effect(attacker, "must strike an ally", THIS_TURN, 0, weapon.name))
        lines.append(f"{attacker} must now test against an ally in reach, if "
                     "there is one.")
    elif number == 3 and held:
        yards = sum(roll_pool(dice, 1, 6).faces)
        _lose(state, attacker, weapon, f"{count(yards, 'yard')} away")
        lines.append(f"The {weapon.name} lands {count(yards, 'yard')} away (1d6).")
    elif number == 4 and held:
        state.swap(attacker, weapon, replace(weapon, nicks=weapon.nicks + 1))
        lines.append(f"The {weapon.name} is nicked: its damage is 1 lower from now on.")
    elif number == 5 and held:
        _lose(state, attacker, weapon, "broken")
        lines.append(f"The {weapon.name} is ruined.")
    elif number in (3, 4, 5):
        lines.append(f"The {weapon.name} is no longer in {attacker}'s hand.")
    elif number == 6:
        state.effects.add(Effect(attacker, "slippery grip", END, -1))
    elif number == 7:
        state.effects.add(Effect(attacker, "blood in the eyes", END, -1))
    else:
        state.effects.add(Effect(attacker, "overbalanced", START, -5))
    return replace(result, fumble_reading=reading, lines=tuple(lines))


def _lose(state: CombatTests, name: str, weapon: Weapon, where: str) -> None:
    state.swap(name, weapon, None)
    state.ground.append(f"{name}'s {weapon.name} ({where})")


def _set_harm(state: CombatTests, name: str, harm: Harm, by: str,
              weapon: Weapon | None) -> None:
    was = state.harm(name).defeated
    state.set_harm(name, harm)
    if harm.defeated and not was:
        state.defeated_by[name] = (by, weapon)


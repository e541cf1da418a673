"""A fight: every attack and special action of Kruhl 3e, resolved against the fighters'
state ([`FightState`][rules_core.kruhl.FightState]).

Each action builds both rolls from the sheets and conditions (``rules_core.kruhl.strikes``),
rolls them as an opposed roll (ties to the attacker, Distract needs more), and applies what a
success does (``rules_core.kruhl.effects``).
Sweep attacks roll once per target with a penalty die; area attacks roll once for all
("Sweep Attack", "Area Attacks"). A plot-point bonus die bought after the last attack's
roll redoes that attack's outcome ("Bonus Die").
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Required, TypedDict, Unpack

from rules_core.dice import DiceSource
from rules_core.kruhl.attack_results import AttackGroup, AttackResult
from rules_core.kruhl.character import Character
from rules_core.kruhl.contest import Contest, opposed, unopposed, versus
from rules_core.kruhl.economy import MOVE
from rules_core.kruhl.effects import Aftermath, apply_strike
from rules_core.kruhl.errors import ActionEconomyError, FightError, PlotPointError
from rules_core.kruhl.fight_state import FightState, Snapshot
from rules_core.kruhl.maneuvers import (
    ATTACK,
    BREAK_FREE,
    CHARGE,
    DISARM,
    DISTRACT,
    GRAPPLE,
    HURT,
    PLAIN,
    RANGED_ATTACK,
    SLAM,
    SWEEP,
    AttackTraits,
    Maneuver,
)
from rules_core.kruhl.strikes import Strike, attack_check, defense_check
from rules_core.kruhl.turns import TurnOrder

RECOVERY = {"blinded": ("Perception", "Reason", 3, True),
            "cowering": ("Survival", "Presence", 6, False),
            "fleeing": ("Survival", "Presence", 6, False)}
"""Recovery rolls: condition → (skill, attribute, DV, takes the standard action) (Kruhl 3e,
"Blinding", "Terrifying")."""


class StrikeOptions(TypedDict, total=False):
    """The options every attack takes (see [`Fight.attack`][rules_core.kruhl.Fight.attack])."""

    dice: Required[DiceSource]
    defence: Required[DiceSource]
    traits: AttackTraits
    using: str | Iterable[str]
    powers: str | Iterable[str]
    target_using: str | Iterable[str]
    circumstances: Iterable[str]
    defense_circumstances: Iterable[str]
    located: bool
    flee: bool
    item: str
    injures: bool


class Fight(FightState):
    """Fighters, their state, and the actions they take on each other.

    What a fight needs: one or more [`Character`][rules_core.kruhl.Character] sheets with
    different names, each with an ``Endurance`` attribute (the attacker's too: the fight
    keeps everyone's), unless the character is ``rabble``. Every attack names the attacker
    and the target by name and takes ``dice=`` (the attacker's faces) and ``defence=`` (the
    target's). Player characters start with one plot point. With an ``order``
    ([`TurnOrder`][rules_core.kruhl.TurnOrder]), turns follow it once
    [`begin_turn`][rules_core.kruhl.FightState.begin_turn] is called; until a turn begins,
    actions are not checked against the turn's move and standard action. Every action is
    logged in ``log``; the state of the fighters is
    [`FightState`][rules_core.kruhl.FightState]'s.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character, Fight
        >>> soraya = Character("Soraya", {"Brawn": 2, "Agility": 3, "Endurance": 5},
        ...                    skills={"Hand-to-hand Combat": "expert"}, equipment={"sword": 1})
        >>> virek = Character("Virek-Kohl", {"Brawn": 3, "Agility": 2, "Endurance": 6},
        ...                   skills={"Hand-to-hand Combat": "skilled"})
        >>> fight = Fight(soraya, virek)
        >>> fight.attack("Soraya", "Virek-Kohl", using="sword",
        ...              dice=ScriptedDice("1 4 5"), defence=ScriptedDice("3 3"))
        <Soraya's Attack on Virek-Kohl: 12 vs 9, success, 1 END: END 5 of 6>
        >>> fight.grapple("Virek-Kohl", "Soraya", dice=ScriptedDice("6 6"),
        ...               defence=ScriptedDice("3 4"))
        <Virek-Kohl's Grapple on Soraya: 15 vs 10, success, restrained>
        >>> fight.status("Soraya")
        ('restrained',)
    """

    def __init__(self, *characters: Character, order: TurnOrder | None = None) -> None:
        super().__init__(*characters, order=order)
        self.log: list[AttackResult | AttackGroup | Contest] = []
        self._last: tuple[Snapshot, Strike, Contest, Aftermath] | None = None

    def attack(self, attacker: str, target: str, *, maneuver: Maneuver = ATTACK,
               **options: Unpack[StrikeOptions]) -> AttackResult:
        """``attacker`` attacks ``target`` with ``maneuver`` (an ordinary attack by default).

        Options: ``dice``/``defence`` (each side's dice); ``traits`` (penetrating, burst…);
        ``using``/``target_using`` (items each side brings to bear); ``powers`` (abilities
        adding Power Level); ``circumstances``/``defense_circumstances`` (extra entries of
        each side's table); ``located`` (a blinded ranged attacker knows where the target
        is); ``flee`` (a terrified target flees rather than cowers); ``item`` (what a
        disarm takes); ``injures`` (a slam also costs 1 END).
        """
        strike = self._strike(attacker, target, maneuver, options)
        after = Aftermath(options.get("flee", False), options.get("item", ""),
                          options.get("injures", False))
        if maneuver.effect == "disarmed" and after.item not in self.character(target).equipment:
            raise FightError(f"say which of {target}'s items the disarm takes: item= one of "
                             f"{', '.join(self.character(target).equipment) or 'none held'}")
        self._spend_actions(attacker, maneuver)
        contest = opposed(strike.attack, strike.defense, dice=options["dice"],
                          defence=options["defence"], action=maneuver.name,
                          strict=maneuver.strict)
        self._last = (self._snapshot(), strike, contest, after)
        result = apply_strike(self, strike, contest, after)
        self.log.append(result)
        return result

    def charge(self, attacker: str, target: str, **options: Unpack[StrikeOptions]
               ) -> AttackResult:
        """Charge: the move action straight at the target, then an attack with a bonus die."""
        return self.attack(attacker, target, maneuver=CHARGE, **options)

    def disarm(self, attacker: str, target: str, **options: Unpack[StrikeOptions]
               ) -> AttackResult:
        """Disarm (a penalty die): on a success the attacker takes ``item=``."""
        return self.attack(attacker, target, maneuver=DISARM, **options)

    def distract(self, actor: str, target: str, **options: Unpack[StrikeOptions]
                 ) -> AttackResult:
        """Distract: Deception vs Deception; more than the target distracts them."""
        return self.attack(actor, target, maneuver=DISTRACT, **options)

    def grapple(self, attacker: str, target: str, **options: Unpack[StrikeOptions]
                ) -> AttackResult:
        """Grapple: on a success the target is restrained."""
        return self.attack(attacker, target, maneuver=GRAPPLE, **options)

    def hurt(self, attacker: str, target: str, **options: Unpack[StrikeOptions]
             ) -> AttackResult:
        """Hurt a target the attacker is grappling."""
        if (attacker, target) not in self.conditions.grapples:
            raise FightError(f"{attacker} is not grappling {target}: grapple first")
        return self.attack(attacker, target, maneuver=HURT, **options)

    def slam(self, attacker: str, target: str, **options: Unpack[StrikeOptions]
             ) -> AttackResult:
        """Slam: on a success the target falls prone."""
        return self.attack(attacker, target, maneuver=SLAM, **options)

    def break_free(self, name: str, holder: str | None = None,
                   **options: Unpack[StrikeOptions]) -> AttackResult:
        """Break free of ``holder``'s grapple (the standard action)."""
        holders = self.conditions.holders_of(name)
        if holder is None and len(holders) == 1:
            holder = holders[0]
        if holder is None or holder not in holders:
            raise FightError(f"{name} is held by {', '.join(holders) or 'nobody'}: "
                             "say whose grapple to break with holder=")
        return self.attack(name, holder, maneuver=BREAK_FREE, **options)

    def release(self, holder: str, held: str) -> None:
        """The holder lets go, without using an action."""
        self.conditions.grapples.discard((holder, held))

    def sweep(self, attacker: str, targets: Sequence[str], *, dice: DiceSource,
              defence: DiceSource, using: str | Iterable[str] = ()) -> AttackGroup:
        """A sweep: one attack roll per target in reach, each with a penalty die. The
        attacker's rolls come from ``dice`` and the targets' from ``defence``, in order."""
        self._spend_actions(attacker, SWEEP)
        options: StrikeOptions = {"dice": dice, "defence": defence, "using": using}
        results = []
        for target in targets:
            strike = self._strike(attacker, target, SWEEP, options)
            contest = opposed(strike.attack, strike.defense, dice=dice, defence=defence,
                              action=SWEEP.name)
            results.append(apply_strike(self, strike, contest))
        return self._group(SWEEP.name, results)

    def area_attack(self, attacker: str, targets: Sequence[str], *, dice: DiceSource,
                    defence: DiceSource, maneuver: Maneuver = RANGED_ATTACK,
                    traits: AttackTraits = PLAIN, using: str | Iterable[str] = (),
                    group: bool = False) -> AttackGroup:
        """An area attack: one attack roll; each target defends in turn (``group``: the GM
        rolls once for them all). Whoever ran for cover is clear of it."""
        self._spend_actions(attacker, maneuver)
        options: StrikeOptions = {"dice": dice, "defence": defence, "traits": traits,
                                  "using": using}
        strikes = [self._strike(attacker, t, maneuver, options) for t in targets
                   if not self.conditions.has(t, "clear of the area")]
        if not strikes:
            return self._group("Area attack", [])
        attack = strikes[0].attack.roll(dice)
        gift = f"{attacker}'s dice below zero"
        shared_check = strikes[0].defense.with_bonus(gift, attack.owed)
        shared = shared_check.roll(defence) if group else None
        results = []
        for strike in strikes:
            if shared is None:
                defended = strike.defense.with_bonus(gift, attack.owed).roll(defence)
            else:
                defended = replace(shared, check=replace(shared_check, who=strike.target))
            contest = versus(attack, defended, action="Area attack")
            results.append(apply_strike(self, strike, contest))
        return self._group("Area attack", results)

    def recover(self, name: str, condition: str, *, dice: DiceSource,
                gm: DiceSource | None = None) -> Contest:
        """Roll to recover from being blinded (Perception (Reason) against DV 3, the
        standard action) or terrified (Survival (Presence) against DV 6)."""
        if condition not in RECOVERY or not self.conditions.has(name, condition):
            able = [c for c in RECOVERY if self.conditions.has(name, c)]
            raise FightError(f"{name} is not {condition}: they can recover from "
                             f"{', '.join(able) or 'nothing'}")
        skill, attribute, dv, standard = RECOVERY[condition]
        if standard:
            self._own_turn(name).standard(f"recover from being {condition}")
        check = self.character(name).check(skill, attribute).under(
            *self.conditions.attack_circumstances(name, skill, role="skill"))
        result = unopposed(check, dv, dice=dice, gm=gm, action=f"Recovery ({condition})")
        if result.succeeded:
            self.conditions.remove(name, condition)
        self.log.append(result)
        return result

    def plot_point_die(self, name: str, *, dice: DiceSource) -> AttackResult:
        """``name`` spends a plot point on a bonus die for the last attack, after its roll;
        the attack's outcome is worked out again."""
        if self._last is None or not self.log or not isinstance(self.log[-1], AttackResult):
            raise PlotPointError("a plot-point bonus die goes on the last single attack's "
                                 "roll, and there is none")
        state, strike, contest, after = self._last
        if name not in (strike.attacker, strike.target):
            raise PlotPointError(f"{name} rolled nothing in the last attack")
        self._plot[name] = self.plot_points(name).spend("bonus die")
        amended = contest.with_plot_point(
            dice, side="actor" if name == strike.attacker else "target")
        self._restore(state)
        self._last = (state, strike, amended, after)
        result = apply_strike(self, strike, amended, after)
        self.log[-1] = result
        return result

    def copy(self) -> Fight:
        """An independent copy."""
        return copy.deepcopy(self)

    def _strike(self, attacker: str, target: str, maneuver: Maneuver,
                options: StrikeOptions) -> Strike:
        self._able(attacker)
        if attacker == target:
            raise FightError(f"{attacker} cannot attack themself")
        if self.endurance(target).defeated:
            raise FightError(f"{target} is already defeated")
        traits = options.get("traits", PLAIN)
        attack = attack_check(self.character(attacker), self.conditions, maneuver, traits,
                              using=options.get("using", ()), powers=options.get("powers", ()),
                              circumstances=options.get("circumstances", ()),
                              located=options.get("located", False))
        defense = defense_check(self.character(target), self.conditions, maneuver, traits,
                                using=options.get("target_using", ()),
                                circumstances=options.get("defense_circumstances", ()))
        return Strike(maneuver, traits, attack, defense)

    def _spend_actions(self, name: str, maneuver: Maneuver) -> None:
        if self.turn is None:
            return
        turn = self._own_turn(name)
        if maneuver.uses_move:
            if self.conditions.has(name, "restrained"):
                raise ActionEconomyError(f"{name} is restrained and cannot charge: "
                                         "a charge needs the move action")
            if turn.move_action:
                raise ActionEconomyError(f"{name} already used the move action this turn "
                                         f"({turn.move_action}), and a charge needs it")
            turn.standard(maneuver.name)
            self.conditions.add(name, turn.move(MOVE, f"{maneuver.name.lower()} move"))
            return
        turn.standard(maneuver.name)

    def _group(self, name: str, results: list[AttackResult]) -> AttackGroup:
        group = AttackGroup(name, tuple(results))
        self._last = None
        self.log.append(group)
        return group

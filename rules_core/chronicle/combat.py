"""A combat: every attack action of the "Combat Actions" table.

A Song of Ice and Fire Roleplaying, "Combat Actions". Each attack builds its test from the
sheets and the effects in play and resolves it (``rules_core.chronicle.strikes``). A combat's
other parts are its bases, one job each: the state and turns
([`CombatState`][rules_core.chronicle.CombatState]), Combat Defense and tests
([`CombatTests`][rules_core.chronicle.combat_tests.CombatTests]), the other actions
([`CombatMoves`][rules_core.chronicle.combat_moves.CombatMoves]), grabs and pins
([`CombatHolds`][rules_core.chronicle.holds.CombatHolds]), and defeat, Destiny and the end
of the combat ([`CombatAftermath`][rules_core.chronicle.aftermath.CombatAftermath]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Unpack

from rules_core.chronicle.action_results import ActionResult, AttackGroup, AttackResult
from rules_core.chronicle.actions import (
    CATCH_RANK,
    CAUTIOUS_ATTACK,
    CAUTIOUS_DEFENSE,
    CHARGE,
    CHARGE_DAMAGE,
    CHARGE_DISTANCE,
    COMBINING_ATTACKS,
    COUNTERATTACK,
    DISARM,
    DISARM_DEGREES,
    DIVIDED_ATTACK,
    PULL_FROM_MOUNT,
    SET_FOR_CHARGE,
    STANDARD_ATTACK,
    TWO_WEAPON_ATTACK,
    Action,
)
from rules_core.chronicle.aftermath import CombatAftermath
from rules_core.chronicle.difficulties import Difficulty
from rules_core.chronicle.effects import START, Effect
from rules_core.chronicle.equipment import FIGHTING, Weapon
from rules_core.chronicle.errors import ActionError, CombatError
from rules_core.chronicle.strikes import (
    StrikeOptions,
    StrikePlan,
    land,
    mounted_parts,
    roll_strike,
    strike_parts,
    wielded,
)
from rules_core.dice import DiceSource, rolling_for
from rules_core.procedure import roll_pool
from rules_core.words import count


class Combat(CombatAftermath):
    """Fighters in sides, and every action of the "Combat Actions" table.

    Each argument is a side: a [`Character`][rules_core.chronicle.Character] or a sequence
    of them. Every fighter needs an Endurance rank (Health is 3 × Endurance). An attack takes
    the attacker's and the target's names and ``dice=``; the other options are
    [`StrikeOptions`][rules_core.chronicle.strikes.StrikeOptions]. Until
    [`begin_turn`][rules_core.chronicle.CombatState.begin_turn] is called, actions are not
    checked against a turn; after it, each must fit the turn (two Lesser or one Greater, one
    attack).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.chronicle import Character, Weapon
        >>> sword = Weapon("longsword", specialty="Long Blades", damage="Athletics")
        >>> edric = Character("Edric", {"Agility": 3, "Athletics": 3, "Awareness": 3,
        ...                             "Endurance": 3, "Fighting": 4}, weapons=(sword,))
        >>> raider = Character("Raider", {"Agility": 2, "Athletics": 3, "Awareness": 2,
        ...                               "Endurance": 2, "Fighting": 3}, weapons=(sword,))
        >>> combat = Combat(edric, raider)
        >>> hit = combat.attack("Edric", "Raider", dice=ScriptedDice("4 3 3 2"))
        >>> hit.summary()
        '12 vs 7, hit, 2 degrees, 6 damage: Health 2 of 6, 1 injury (−1)'
    """

    # -- attacks --------------------------------------------------------------------------
    def attack(self, attacker: str, target: str, *, dice: DiceSource,
               **options: Unpack[StrikeOptions]) -> AttackResult:
        """A Standard Attack (Lesser): a test against the target's Combat Defense."""
        return self._single(STANDARD_ATTACK, attacker, target, dice, options)

    def cautious_attack(self, attacker: str, target: str, *, dice: DiceSource,
                        **options: Unpack[StrikeOptions]) -> AttackResult:
        """A Cautious Attack (Lesser): −1D to hit, +3 Combat Defense until the next turn."""
        result = self._single(CAUTIOUS_ATTACK, attacker, target, dice, options,
                              penalty=("cautious",))
        self.effects.add(Effect(attacker, "cautious", START, CAUTIOUS_DEFENSE))
        return result

    def charge(self, attacker: str, target: str, *, dice: DiceSource, yards: int = 0,
               **options: Unpack[StrikeOptions]) -> AttackResult:
        """A Charge (Greater): up to twice Movement, −1D to hit, +2 damage on a hit."""
        most = CHARGE_DISTANCE * self._movement(attacker)
        self._check_yards(attacker, yards, most, "a Charge covers")
        result = self._single(CHARGE, attacker, target, dice, options, penalty=("charge",),
                              damage_bonus=(("charge", CHARGE_DAMAGE),))
        self.moved[attacker] = self.moved.get(attacker, 0) + yards
        return result

    def two_weapon_attack(self, attacker: str, target: str, *, dice: DiceSource,
                          **options: Unpack[StrikeOptions]) -> AttackResult:
        """A Two-Weapon Attack (Greater): the main-hand weapon's test; a hit adds the off-hand
        weapon's Off-Hand bonus to damage; the off-hand weapon's Defensive bonus is lost until
        the next turn."""
        off = self._off_hand(attacker)
        result = self._single(TWO_WEAPON_ATTACK, attacker, target, dice, options,
                              damage_bonus=((f"off-hand {off.name}", off.off_hand),))
        return result

    def divided_attack(self, attacker: str, shares: Mapping[str, int], *, dice: DiceSource,
                       **options: Unpack[StrikeOptions]) -> AttackGroup:
        """A Divided Attack (Greater): the test dice split among two or more targets
        (``shares``: target → test dice), one test each. Bonus dice are shared out in order,
        each share at most its test dice; penalty dice and modifiers apply to every share;
        Destiny uses go on the first share's test."""
        return self._divided(DIVIDED_ATTACK, attacker, shares, dice, options)

    def combining_attacks(self, attacker: str, shares: Mapping[str, int], *,
                          dice: DiceSource, **options: Unpack[StrikeOptions]) -> AttackGroup:
        """Combining Attacks (Greater): a Divided Attack with two weapons; every hit adds the
        off-hand weapon's Off-Hand bonus to damage."""
        off = self._off_hand(attacker)
        return self._divided(COMBINING_ATTACKS, attacker, shares, dice, options,
                             damage_bonus=((f"off-hand {off.name}", off.off_hand),))

    def disarm(self, attacker: str, target: str, *, dice: DiceSource,
               **options: Unpack[StrikeOptions]) -> AttackResult:
        """Disarm (Greater): a test against the target's passive Fighting; 2+ degrees knock
        the target's weapon loose; a critical failure loses the attacker theirs. A loose
        weapon lands 1d6 yards away, unless the winner has Fighting 4+ and a free hand, and
        catches it. A fumble that is also a critical failure is answered by the Disarm's own
        backfire, not the fumble table (our reading: the source names the disarm's critical
        failure a consequence of its own, and one roll loses one weapon)."""
        self.target_of(attacker, target)
        held = self.held(target)
        if not held:
            raise CombatError(f"{target} holds no weapon to disarm")
        specialty = held[0].specialty
        passive = Difficulty(self.character(target).passive(FIGHTING, specialty),
                             f"{target}'s passive Fighting")
        result = self._single(DISARM, attacker, target, dice, options, against=passive,
                              damaging=False, backfire=True)
        lines = []
        if result.test.succeeded and result.degrees >= DISARM_DEGREES:
            lines.append(self._knock_loose(target, held[0], attacker, dice))
        elif result.test.succeeded:
            lines.append(f"{result.degrees} degree is not enough: a disarm needs "
                         f"{DISARM_DEGREES}.")
        elif result.test.critical_failure and self.held(attacker):
            why = ("A fumble and a critical failure: the Disarm's backfire, not the fumble "
                   "table: " if result.is_fumble else "A critical failure: ")
            lines.append(why + self._knock_loose(attacker, self.held(attacker)[0], target,
                                                 dice))
        return self._relog(replace(result, lines=(*result.lines, *lines)))

    def pull_from_mount(self, attacker: str, target: str, *, dice: DiceSource,
                        **options: Unpack[StrikeOptions]) -> AttackResult:
        """Pull from Mount (Greater): with a Grab weapon or a polearm, Fighting against the
        rider's passive Animal Handling (with Ride); the rider lands prone."""
        weapon = wielded(self, attacker, options.get("weapon", ""))
        if not (weapon.has("Grab") or weapon.has("Polearm")):
            raise ActionError(f"pulling a rider down needs a Grab weapon or a polearm, not the "
                              f"{weapon.name}")
        if target not in self.mounts:
            raise ActionError(f"{target} is not mounted")
        ride = self.character(target).passive("Animal Handling", "Ride")
        result = self._single(PULL_FROM_MOUNT, attacker, target, dice, options,
                              against=Difficulty(ride, f"{target}'s passive Animal Handling"),
                              damaging=False)
        if result.test.succeeded:
            steed = self.mounts.pop(target)
            self.prone.add(target)
            result = replace(result, lines=(*result.lines, f"{target} is pulled from the "
                                            f"{steed.name} and lands prone."))
        return self._relog(result)

    def counterattack(self, attacker: str, target: str, trigger: str = "") -> ActionResult:
        """Counterattack (Greater): the turn ends at once with a strike held for ``target``,
        which interrupts the target's action when ``trigger`` happens (strike_back)."""
        self.target_of(attacker, target)
        self.take_action(attacker, COUNTERATTACK)
        self.effects.add(Effect(attacker, "counterattack", START, 0, target))
        if self.turn is not None and self.turn.who == attacker:
            self.end_turn()
        when = f" if {trigger}" if trigger else ""
        return self._done(COUNTERATTACK, attacker, f"{attacker} holds a strike for "
                          f"{target}{when}; the turn ends.", target=target)

    def strike_back(self, attacker: str, *, dice: DiceSource, charging: bool = False,
                    **options: Unpack[StrikeOptions]) -> AttackResult:
        """The held counterattack strikes, interrupting its target; against a charge
        (``charging``) with a Fighting weapon, Set for Charge adds +2 base damage."""
        held = self.effects.remove(attacker, "counterattack")
        if not held:
            raise ActionError(f"{attacker} holds no counterattack: counterattack() first")
        target = held[-1].detail
        weapon = wielded(self, attacker, options.get("weapon", ""))
        base = (("Set for Charge", SET_FOR_CHARGE),) if charging and (
            weapon.ability == FIGHTING) else ()
        return self._single(COUNTERATTACK, attacker, target, dice, options, base_bonus=base,
                            free=True)

    def strike_ally(self, attacker: str, ally: str, *, dice: DiceSource,
                    **options: Unpack[StrikeOptions]) -> AttackResult:
        """Fumble row 2: the attack goes at ``ally`` instead, tested as normal."""
        pending = self.effects.remove(attacker, "must strike an ally")
        if not pending:
            raise ActionError(f"{attacker} has no Strike Ally fumble to resolve")
        if ally not in self.allies(attacker):
            raise CombatError(f"{ally} is not {attacker}'s ally")
        options = {**options, "weapon": pending[-1].detail}
        return self._single(STANDARD_ATTACK, attacker, ally, dice, options, free=True)

    # -- helpers ---------------------------------------------------------------------------
    def _single(self, action: Action, attacker: str, target: str, dice: DiceSource,
                options: StrikeOptions, *, penalty: tuple[str, ...] = (),
                damage_bonus: tuple[tuple[str, int], ...] = (),
                base_bonus: tuple[tuple[str, int], ...] = (), against: Difficulty | None = None,
                damaging: bool = True, free: bool = False,
                backfire: bool = False) -> AttackResult:
        self.target_of(attacker, target)
        weapon = wielded(self, attacker, options.get("weapon", ""))
        if not free:
            self.take_action(attacker, action)
        plan = mounted_parts(self, StrikePlan(action, attacker, target, weapon, (), penalty,
                                              base_bonus, damage_bonus, against, damaging,
                                              backfire))
        rolled = roll_strike(self, plan, strike_parts(self, plan), dice, options)
        self._guard_down(attacker, action)
        return land(self, plan, rolled, dice, options)

    def _divided(self, action: Action, attacker: str, shares: Mapping[str, int],
                 dice: DiceSource, options: StrikeOptions,
                 damage_bonus: tuple[tuple[str, int], ...] = ()) -> AttackGroup:
        weapon = wielded(self, attacker, options.get("weapon", ""))
        rank = self.character(attacker).rank(weapon.ability)
        if len(shares) < 2 or sum(shares.values()) != rank or min(shares.values()) < 1:
            raise ActionError(f"a {action.name} shares {attacker}'s {rank} test dice among two "
                              f"or more targets, at least one each: not {dict(shares)}")
        for target in shares:
            self.target_of(attacker, target)
        self.take_action(attacker, action)
        plans = [mounted_parts(self, StrikePlan(action, attacker, t, weapon,
                                                damage_bonus=damage_bonus)) for t in shares]
        pool = [b for b in strike_parts(self, plans[0]).bonus if b != "mounted"][:rank]
        results = []
        for index, (plan, share) in enumerate(zip(plans, shares.values(), strict=True)):
            parts = strike_parts(self, plan)
            own = [b for b in parts.bonus if b == "mounted"]
            mine = tuple(pool[:share - len(own)]) + tuple(own[:share])
            del pool[:share - len(own)]
            parts = parts._replace(bonus=mine)
            shared = options if index == 0 else {**options, "spend": (), "burn": (),
                                                 "negated_by": {}}
            rolled = roll_strike(self, plan, parts, dice, shared, rank=share)
            results.append(land(self, plan, rolled, dice, shared))
        self._guard_down(attacker, action)
        group = AttackGroup(action, tuple(results))
        self.log.append(group)
        return group

    def _off_hand(self, attacker: str) -> Weapon:
        held = self.held(attacker)
        if len(held) < 2:
            raise ActionError(f"{attacker} needs a weapon in each hand (holding: "
                              f"{', '.join(w.name for w in held) or 'nothing'})")
        return held[1]

    def _guard_down(self, attacker: str, action: Action) -> None:
        if action in (TWO_WEAPON_ATTACK, COMBINING_ATTACKS):
            off = self.held(attacker)[1] if len(self.held(attacker)) > 1 else None
            if off is not None and off.defensive:
                self.effects.add(Effect(attacker, "guard down", START, -off.defensive,
                                        off.name))

    def _knock_loose(self, loser: str, weapon: Weapon, winner: str, dice: DiceSource) -> str:
        self.swap(loser, weapon, None)
        if self.character(winner).rank(FIGHTING) >= CATCH_RANK and self.free_hand(winner):
            self.hold(winner, weapon)
            return f"{loser} loses the {weapon.name}, and {winner} catches it."
        with rolling_for(f"the yards die of {loser}'s {weapon.name}"):
            yards = sum(roll_pool(dice, 1, 6).faces)
        self.ground.append(f"{loser}'s {weapon.name} ({count(yards, 'yard')} away)")
        return f"{loser} loses the {weapon.name}: it lands {count(yards, 'yard')} away (1d6)."

    def _relog(self, result: AttackResult) -> AttackResult:
        self.log[-1] = result
        return result

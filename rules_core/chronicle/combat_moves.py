"""The combat actions that are not attacks: Aim, Assist, Catch Your Breath, Distract, Dodge,
Interact, Move, Sprint, Stand/Drop, Ride or Drive, Pass, Use Ability, Yield.

A Song of Ice and Fire Roleplaying, "Combat Actions" (the numbers are the constants of
``rules_core.chronicle.actions``). Assist adds half the helper's rank (rounded
down, at least 1: SIFRP core rules) to the ally's next test of that ability. Dodge's "bonus
dice from a shield" are read as the bonus dice of the wielder's Shields specialty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules_core.chronicle.action_results import ActionResult
from rules_core.chronicle.actions import (
    AIM,
    ASSIST,
    CATCH_YOUR_BREATH,
    DISTRACT,
    DODGE,
    GREATER,
    HEAVY_ARMOR,
    INTERACT,
    LESSER,
    MOVE,
    PASS,
    RIDE_OR_DRIVE,
    SPRINT,
    STAND_DROP,
    USE_ABILITY,
    YIELD,
    Action,
)
from rules_core.chronicle.combat_tests import ATTACK_ABILITIES, CombatTests, PoolParts
from rules_core.chronicle.difficulties import AUTOMATIC, Difficulty, difficulty
from rules_core.chronicle.effects import END, NEXT_TEST, START, THIS_TURN, Effect
from rules_core.chronicle.equipment import FIGHTING, Mount
from rules_core.chronicle.errors import ActionError, CombatError
from rules_core.chronicle.negation import charge_negations, negated_uses, negation_lines
from rules_core.chronicle.result import TestResult
from rules_core.chronicle.rolling import SPENT_ON_TESTS
from rules_core.dice import DiceSource
from rules_core.words import count


class CombatMoves(CombatTests):
    """A combat's state and the actions that are not attacks."""

    def aim(self, name: str) -> ActionResult:
        """Aim (Lesser): +1B on the next Fighting or Marksmanship test; aims do not stack."""
        if self.effects.has(name, "aiming"):
            raise ActionError(f"{name} is already aiming: aims do not stack")
        self.take_action(name, AIM)
        self.effects.add(Effect(name, "aiming", NEXT_TEST, 1))
        return self._done(AIM, name, "+1B on the next Fighting or Marksmanship test.")

    def pass_turn(self, name: str) -> ActionResult:
        """Pass (Greater): +2B on the next test, within the limit; passes do not stack."""
        if self.effects.has(name, "passing"):
            raise ActionError(f"{name} has passed already: passes are not cumulative")
        self.take_action(name, PASS)
        self.effects.add(Effect(name, "passing", NEXT_TEST, 2))
        return self._done(PASS, name, "+2B on the next test (within the limit of bonus dice).")

    def assist(self, helper: str, ally: str, ability: str, *,
               adjacent: bool = True) -> ActionResult:
        """Assist (Lesser): half the helper's rank in ``ability`` (at least 1) is added to the
        ally's next test of it; an assist on Fighting or Marksmanship is the helper's attack.
        The helper must be ``adjacent`` to the ally (and to the ally's target, for a Fighting
        test): the combat keeps no map, so the table says whether they are."""
        if ally not in self.allies(helper):
            raise CombatError(f"{ally} is not on {helper}'s side: one assists an ally")
        if not adjacent:
            beside = f"{ally} and {ally}'s target" if ability == FIGHTING else ally
            raise ActionError(f"{helper} is not next to {beside}: only a helper beside "
                              f"{'them' if ability == FIGHTING else ally} can assist "
                              f"{'a Fighting' if ability == FIGHTING else 'the'} test")
        bonus = max(self.character(helper).rank(ability) // 2, 1)
        self.take_action(helper, ASSIST, counts_as_attack=ability in ATTACK_ABILITIES)
        self.effects.add(Effect(ally, "assisted", NEXT_TEST, bonus, ability))
        return self._done(ASSIST, helper, f"+{bonus} to {ally}'s next {ability} test (half "
                          f"of {helper}'s {ability} {self.character(helper).rank(ability)}).",
                          target=ally)

    def catch_breath(self, name: str, *, dice: DiceSource) -> ActionResult:
        """Catch Your Breath (Greater): Endurance against Automatic (0); each degree of
        success removes 1 damage."""
        self.take_action(name, CATCH_YOUR_BREATH)
        rolled = self._roll(name, "Endurance", AUTOMATIC, dice)
        removed = min(rolled.degrees, self.harm(name).damage)
        self.set_harm(name, self.harm(name).recovered(damage=removed))
        line = (f"{count(removed, 'point')} of damage removed" if removed else
                "No damage removed") + f": {self.harm(name).text()}."
        return self._done(CATCH_YOUR_BREATH, name, line, test=rolled)

    def distract(self, name: str, target: str, *, dice: DiceSource) -> ActionResult:
        """Distract (Lesser): Cunning against the target's passive Will; on a success the
        target loses its Awareness from Combat Defense until the end of its next turn, or
        until it is attacked."""
        self.target_of(name, target)
        self.take_action(name, DISTRACT)
        will = Difficulty(self.character(target).passive("Will"), f"{target}'s passive Will")
        rolled = self._roll(name, "Cunning", will, dice)
        line = f"{target} keeps their guard."
        if rolled.succeeded:
            self.effects.add(Effect(target, "distracted", END))
            line = (f"{target} loses Awareness from Combat Defense until the end of their "
                    f"next turn, or until attacked: {self.combat_defense(target)}.")
        return self._done(DISTRACT, name, line, test=rolled, target=target)

    def dodge(self, name: str, *, dice: DiceSource, yards: int = 0) -> ActionResult:
        """Dodge (Greater): an Agility test, with a shield's bonus dice (the Shields
        specialty) and the held weapons' Defensive bonuses added, is Combat Defense until the
        next turn, even if lower; move up to half Movement."""
        self._check_yards(name, yards, self._movement(name) // 2, "a Dodge moves")
        self.take_action(name, DODGE)
        parts = self.test_parts(name, "Agility")
        held = self.held(name)
        if any(w.shield for w in held):
            parts = parts._replace(bonus=parts.bonus + ("Shields",) * self.character(name)
                                   .specialty(FIGHTING, "Shields"))
        parts = parts._replace(modifiers=parts.modifiers + tuple(
            (w.name, w.defensive) for w in held if w.defensive))
        rolled = self._roll_parts(name, "Agility", parts, None, dice)
        self.effects.remove(name, "dodging")
        self.effects.add(Effect(name, "dodging", START, rolled.result))
        self.moved[name] = self.moved.get(name, 0) + yards
        line = f"{name}'s Combat Defense is {rolled.result} until their next turn"
        return self._done(DODGE, name, line + (f"; {name} moves {yards} yards." if yards
                                               else "."), test=rolled)

    def draw(self, name: str, weapon: str, *, while_moving: bool = False,
             yards: int = 0) -> ActionResult:
        """Draw a carried weapon: an Interact (Lesser), or done during a Move
        (``while_moving``), which costs −1D on attacks this round."""
        carried = [w for w in self.character(name).weapons if w.name == weapon]
        if not carried:
            raise CombatError(f"{name} carries no {weapon}")
        if carried[0] in self.held(name) or not self.free_hand(name):
            raise ActionError(f"{name} cannot draw the {weapon}: "
                              + ("it is in hand" if carried[0] in self.held(name)
                                 else "no hand is free"))
        if while_moving:
            self.move(name, yards)
            self.effects.add(Effect(name, "drew while moving", THIS_TURN, -1))
            line = f"{name} draws the {weapon} while moving: −1D on attacks this round."
        else:
            self.take_action(name, INTERACT, what=f"Interact (draw the {weapon})")
            line = f"{name} draws the {weapon}."
        self.hold(name, carried[0])
        return self._done(INTERACT, name, line)

    def stow(self, name: str, weapon: str) -> ActionResult:
        """Put a held weapon or shield away (Interact, Lesser), freeing a hand."""
        held = [w for w in self.held(name) if w.name == weapon]
        if not held:
            raise ActionError(f"{name} does not hold a {weapon}")
        self.take_action(name, INTERACT, what=f"Interact (stow the {weapon})")
        self.swap(name, held[0], None)
        return self._done(INTERACT, name, f"{name} puts the {weapon} away.")

    def retrieve(self, name: str, item: str, *, stored: bool = False) -> ActionResult:
        """Interact to fetch ``item``: a Lesser action, but an item ``stored`` in a bag takes
        longer ("may take longer than a Lesser action"): here a Greater action, the whole
        turn (the Narrator may ask for more)."""
        kind = GREATER if stored else LESSER
        self.take_action(name, INTERACT, kind, f"Interact (fetch the {item})")
        where = " out of a bag (a Greater action: longer than a Lesser one)" if stored else ""
        return self._done(INTERACT, name, f"{name} fetches the {item}{where}.")

    def mount(self, name: str, steed: Mount) -> ActionResult:
        """Climb a mount (Interact, Lesser)."""
        if name in self.mounts:
            raise ActionError(f"{name} is already mounted on the {self.mounts[name].name}")
        self.take_action(name, INTERACT, what="Interact (climb a mount)")
        self.mounts[name] = steed
        self.prone.discard(name)
        return self._done(INTERACT, name, f"{name} climbs onto the {steed.name}.")

    def move(self, name: str, yards: int) -> ActionResult:
        """Move (Lesser): up to Movement in yards; two Moves in a turn cover up to twice it
        (a mounted character uses the mount's Movement)."""
        self._check_yards(name, yards, self._movement(name), "a Move covers")
        self.take_action(name, MOVE)
        self.moved[name] = self.moved.get(name, 0) + yards
        return self._done(MOVE, name, f"{name} moves {yards} yards.")

    def sprint(self, name: str, yards: int) -> ActionResult:
        """Sprint (Greater): up to the Sprint distance in yards."""
        self._check_yards(name, yards, self.character(name).sprint or 0, "a Sprint covers")
        self.take_action(name, SPRINT)
        self.moved[name] = self.moved.get(name, 0) + yards
        return self._done(SPRINT, name, f"{name} sprints {yards} yards.")

    def stand(self, name: str) -> ActionResult:
        """Stand up (Lesser; Greater at Armor Rating 6 or more)."""
        if name not in self.prone:
            raise ActionError(f"{name} is not prone")
        heavy = self.character(name).armor.rating >= HEAVY_ARMOR
        self.take_action(name, STAND_DROP, GREATER if heavy else LESSER, "Stand up")
        self.prone.discard(name)
        note = f" (a Greater action in AR {self.character(name).armor.rating} armor)" if heavy \
            else ""
        return self._done(STAND_DROP, name, f"{name} stands up{note}.")

    def drop_prone(self, name: str) -> ActionResult:
        """Drop prone (Lesser)."""
        self.take_action(name, STAND_DROP, LESSER, "Drop prone")
        self.prone.add(name)
        return self._done(STAND_DROP, name, f"{name} drops prone.")

    def ride(self, name: str, yards: int) -> ActionResult:
        """Ride or Drive: the mount moves up to its Movement; a Lesser action for a
        war-trained mount, Greater for an untrained or injured one."""
        steed = self.mounts.get(name)
        if steed is None:
            raise ActionError(f"{name} is not mounted: climb on with mount()")
        kind = LESSER if steed.war_trained and not steed.injured else GREATER
        self._check_yards(name, yards, steed.movement, f"the {steed.name} covers")
        self.take_action(name, RIDE_OR_DRIVE, kind)
        self.mount_moved.add(name)
        why = "war-trained" if kind == LESSER else "injured" if steed.injured else "untrained"
        return self._done(RIDE_OR_DRIVE, name, f"The {steed.name} moves {yards} yards "
                          f"({kind}: {why}).")

    def use_ability(self, name: str, ability: str, target: int | str | Difficulty, *,
                    dice: DiceSource, specialty: str = "", kind: str = LESSER,
                    toward: str = "", spend: Sequence[str] = (), burn: Sequence[str] = (),
                    negated_by: Mapping[str, str] | None = None) -> ActionResult:
        """Use Ability (Lesser or Greater, as ``kind`` says): any other test, with everything
        the combat adds (``toward`` names whom a Persuasion or Status test addresses);
        ``negated_by`` (a use of ``spend`` or ``burn`` → who negates it) as on an attack."""
        negated = dict(negated_by or {})
        working = negated_uses(self, name, spend, burn, negated)
        self.take_action(name, USE_ABILITY, kind, f"Use Ability ({ability})")
        parts = self.test_parts(name, ability, specialty, toward=toward)
        rolled = self._roll_parts(name, ability, parts, difficulty(target), dice, *working)
        self.charge_destiny(name, [u for u in negated if u in SPENT_ON_TESTS],
                            [u for u in negated if u not in SPENT_ON_TESTS])
        charge_negations(self, negated)
        return self._done(USE_ABILITY, name, " ".join(negation_lines(name, negated)),
                          test=rolled, succeeded=rolled.succeeded)

    def yield_turn(self, name: str) -> ActionResult:
        """Yield (Greater): the whole turn given up, at the foes' mercy."""
        self.take_action(name, YIELD)
        self.yielded.add(name)
        return self._done(YIELD, name, f"{name} yields and is at the mercy of their foes.")

    def re_enter(self, name: str) -> ActionResult:
        """A yielded character comes back into the fight: dishonorable, so −1D on Persuasion
        and Status tests with everyone who saw it, until they are won back to Friendly."""
        if name not in self.yielded:
            raise ActionError(f"{name} has not yielded")
        self.yielded.discard(name)
        witnesses = tuple(n for n in self._people if n != name and not self.harm(n).dead)
        self.dishonored[name] = witnesses
        return self._done(YIELD, name, f"{name} re-enters the fight dishonorably: −1D on "
                          f"Persuasion and Status with {', '.join(witnesses)}.")

    def win_back(self, name: str, witness: str) -> ActionResult:
        """``witness`` is Friendly (or better) toward ``name`` again: the −1D of ``name``'s
        dishonorable return ends on Persuasion and Status tests with ``witness`` (it lasts
        until then, with each witness apart)."""
        if witness not in self.dishonored.get(name, ()):
            raise ActionError(f"{name} has no dishonor in {witness}'s eyes: only a witness of "
                              f"{name}'s return to the fight is won back")
        self.dishonored[name] = tuple(w for w in self.dishonored[name] if w != witness)
        return self._done(YIELD, name, f"{witness} is Friendly toward {name} again: no more "
                          f"−1D on Persuasion and Status with {witness}.", target=witness)

    # -- helpers ---------------------------------------------------------------------------
    def _roll(self, name: str, ability: str, target: Difficulty, dice: DiceSource,
              specialty: str = "") -> TestResult:
        parts = self.test_parts(name, ability, specialty)
        return self._roll_parts(name, ability, parts, target, dice)

    def _roll_parts(self, name: str, ability: str, parts: PoolParts, target: Difficulty | None,
                    dice: DiceSource, spend: Sequence[str] = (),
                    burn: Sequence[str] = ()) -> TestResult:
        test = self.make_test(name, parts, ability, spend=spend, burn=burn)
        rolled = test.roll(dice) if target is None else test.against(target, dice)
        self.charge_destiny(name, spend, burn)
        self.effects.discard(parts.spent)
        return rolled

    def _movement(self, name: str) -> int:
        steed = self.mounts.get(name)
        return steed.movement if steed else self.character(name).movement

    def _check_yards(self, name: str, yards: int, most: int, what: str) -> None:
        if not isinstance(yards, int) or isinstance(yards, bool) or not 0 <= yards <= most:
            raise ActionError(f"{what} 0 to {most} yards for {name}, not {yards!r}")

    def _done(self, action: Action, name: str, line: str, *, test: TestResult | None = None,
              target: str = "", succeeded: bool | None = None) -> ActionResult:
        if succeeded is None and test is not None and test.difficulty is not None:
            succeeded = test.succeeded
        result = ActionResult(action, name, (line,) if line else (), test, target=target,
                              succeeded=succeeded)
        self.log.append(result)
        return result


"""What follows the blows: a Horrible Death's witnesses, defeat and yielding, Destiny Points
used outside a test, and the end of the combat.

A Song of Ice and Fire Roleplaying, "Critical Successes" (row 8), "Defeat", "Yielding",
"Destiny & Defeat", "Combat Actions" (Use Destiny Point).
"""

from __future__ import annotations

from dataclasses import replace

from rules_core.chronicle.action_results import ActionResult
from rules_core.chronicle.actions import RESIST_HORROR, USE_DESTINY, YIELD
from rules_core.chronicle.defeat import (
    CONSEQUENCES,
    DEATH,
    MAIMED,
    UNCONSCIOUS,
    UNCONSCIOUS_HOURS,
    Defeat,
)
from rules_core.chronicle.destiny import BURN, NEGATIONS, SPEND, StandingUse, destiny_use
from rules_core.chronicle.difficulties import CHALLENGING
from rules_core.chronicle.effects import END, NEXT_TEST, START, Effect
from rules_core.chronicle.errors import ActionError, CombatError, DestinyError
from rules_core.chronicle.holds import CombatHolds
from rules_core.chronicle.negation import last_in_play, undo
from rules_core.dice import DiceSource


class CombatAftermath(CombatHolds):
    """A combat's actions so far, and what follows the blows."""

    def resist_horror(self, name: str, *, dice: DiceSource) -> ActionResult:
        """A witness of a Horrible Death tests Will against Challenging (9), or takes −1D on
        tests for a round."""
        if not self.effects.remove(name, "must resist horror"):
            raise ActionError(f"{name} has no horror to resist")
        rolled = self._roll(name, "Will", CHALLENGING, dice)
        line = f"{name} keeps their nerve."
        if not rolled.succeeded:
            self.effects.add(Effect(name, "horror", END, -1))
            line = f"{name} is sickened: −1D on tests until the end of their next turn."
        return self._done(RESIST_HORROR, name, line, test=rolled)

    # -- after the blows ---------------------------------------------------------------------
    def defeat(self, loser: str, outcome: str = DEATH, *, dice: DiceSource | None = None,
               ability: str = "", burn: bool = False) -> Defeat:
        """The victor (whoever defeated ``loser``) decides: death, maimed (``ability`` one
        rank lower), ransom, take the black, or unconscious (2d6 hours, from ``dice``). A
        Vicious weapon's defeat is death; with ``burn`` the loser burns a Destiny Point and
        chooses the outcome."""
        harm = self.harm(loser)
        if not harm.defeated or harm.dead or loser in self.defeats:
            state = ("dead" if harm.dead else "already decided" if loser in self.defeats
                     else "not defeated")
            raise CombatError(f"{loser} is {state}: only a defeated character's fate is "
                              "decided, once")
        victor, weapon = self.defeated_by.get(loser, ("", None))
        notes = []
        if burn:
            self.charge_destiny(loser, burn=("decide defeat",))
            notes.append(f"{loser} burns a Destiny Point and chooses their own fate.")
        elif weapon is not None and weapon.has("Vicious") and outcome != DEATH:
            raise CombatError(f"{loser} was defeated by a Vicious weapon (the {weapon.name}): "
                              "that defeat is death, unless they burn a Destiny Point "
                              "(burn=True)")
        return self._settle(loser, victor, outcome, dice, ability, tuple(notes))

    def offer_terms(self, name: str, outcome: str, *, to: str, narrator: str = "accepts",
                    agree: bool = True, dice: DiceSource | None = None,
                    ability: str = "") -> ActionResult:
        """Yielding on one's turn (a Yield, Greater) with terms: ``name`` offers to go down
        to ``outcome`` before ``to``. The Narrator ``"accepts"``, ``"rejects"``, or answers
        with another outcome (a counter-offer), which ``name`` may refuse (``agree=False``):
        then there is no yield. An agreed defeat is settled at once."""
        if narrator not in ("accepts", "rejects") and narrator not in CONSEQUENCES:
            raise CombatError(f"the Narrator accepts, rejects, or counters with one of "
                              f"{', '.join(CONSEQUENCES)}, not {narrator!r}")
        self.target_of(name, to)
        self.take_action(name, YIELD, what="Yield (offering terms)")
        offer = f"{name} offers {to} terms: {outcome}."
        if narrator == "rejects" or (narrator != "accepts" and not agree):
            why = ("the Narrator rejects them" if narrator == "rejects" else
                   f"{name} refuses the counter-offer ({narrator})")
            return self._done(YIELD, name, f"{offer} No yield: {why}.", target=to)
        agreed = outcome if narrator == "accepts" else narrator
        note = "The Narrator accepts." if narrator == "accepts" else \
            f"The Narrator counters with {agreed}, and {name} agrees."
        self.yielded.add(name)
        defeat = self._settle(name, to, agreed, dice, ability, (offer, note))
        return self._done(YIELD, name, f"{offer} {note} {defeat.line()}", target=to)

    def spend_destiny(self, name: str, use: str, *, on: str = "",
                      detail: str = "") -> ActionResult:
        """Spend a Destiny Point (a Free action) on a use outside a test: an extra Lesser
        action, no armor penalty for a round, −1D on opponent ``on``'s next test, or a story
        use (a minor detail, an environmental quality activated or ignored), whose ``detail``
        says what changes in the scene; or ``"negate spent point"``: the last point ``on``
        spent outside a test whose effect is still in play is undone (refused, and nothing
        spent, when there is none). A test's own uses go on the test (``spend=``), and are
        negated with it (``negated_by=``)."""
        return self._destiny_use(SPEND, name, use, on, detail)

    def burn_destiny(self, name: str, use: str, *, on: str = "",
                     detail: str = "") -> ActionResult:
        """Burn a Destiny Point on a use outside a test: all damage and injuries gone,
        certain death avoided, or a story use (a significant detail), ``detail`` saying what
        changes; or ``"negate burned point"``, which undoes the last point ``on`` burned
        outside a test whose effect is still in play (as ``spend_destiny`` negates)."""
        return self._destiny_use(BURN, name, use, on, detail)

    def end(self) -> CombatAftermath:
        """The combat ends: Health comes back, effects end; injuries and wounds stay."""
        for name in self._people:
            self.set_harm(name, self.harm(name).after_combat())
        self.effects.clear()
        self.standing.clear()
        self.turn = None
        return self

    # -- helpers ---------------------------------------------------------------------------
    def _settle(self, loser: str, victor: str, outcome: str, dice: DiceSource | None,
                ability: str, notes: tuple[str, ...]) -> Defeat:
        if outcome not in CONSEQUENCES:
            raise CombatError(f"a defeat ends in one of {', '.join(CONSEQUENCES)}, "
                              f"not {outcome!r}")
        hours = None
        if outcome == UNCONSCIOUS:
            if dice is None:
                raise CombatError("unconsciousness lasts 2d6 hours: give dice=")
            hours = UNCONSCIOUS_HOURS.roll(dice)
        elif outcome == MAIMED:
            if not ability:
                raise CombatError("a maiming lowers one ability: name it, ability=...")
            self._people[loser] = self.character(loser).lowered(ability)
            endurance = self._people[loser].abilities.get("Endurance")
            if endurance is not None and endurance != self.harm(loser).endurance:
                self.set_harm(loser, replace(self.harm(loser), endurance=endurance))
        elif outcome == DEATH:
            self.set_harm(loser, self.harm(loser).killed())
        result = Defeat(loser, victor, outcome, hours, ability, notes)
        self.defeats[loser] = result
        self.log.append(result)
        return result

    def _destiny_use(self, kind: str, name: str, use: str, on: str,
                     detail: str = "") -> ActionResult:
        told = destiny_use(kind, use)
        if use in ("bonus die", "convert", "remove penalty", "all bonus dice", "+5",
                   "automatic success"):
            raise DestinyError(f"{use!r} goes on a test: pass {kind}=({use!r},) to the action")
        if use in ("lower fumble", "foil success", "decide defeat"):
            raise DestinyError(f"{use!r} is chosen with the roll it changes: "
                               + {"lower fumble": "lower_fumble=True on the attack",
                                  "foil success": "foiled_by= on the attack",
                                  "decide defeat": "defeat(..., burn=True)"}[use])
        self.character(name)
        harm = self.harm(name)
        if use == "avoid death":
            if not harm.dead:
                raise DestinyError(f"{name} is not facing death")
        elif harm.defeated:
            raise CombatError(f"{name} is defeated and out of the combat: a defeated "
                              "character's Destiny goes on their fate (defeat(..., burn=True))")
        points = self.destiny(name).spend(use) if kind == SPEND else \
            self.destiny(name).burn(use)  # refused here, before anything changes
        if use in NEGATIONS.values():
            negated = last_in_play(self, name, kind, on)
            line = (f"{name} {'spends' if kind == SPEND else 'burns'} a Destiny Point to "
                    f"negate {on}'s ({negated.use}): {undo(self, negated)}")
        else:
            line = self._apply_destiny(name, use, on) or (
                f"{name} {'spends' if kind == SPEND else 'burns'} a Destiny Point to "
                f"{told.effect}{f' ({on})' if on else ''}{f': {detail}' if detail else ''}.")
            healing = use in ("remove damage and injuries", "avoid death")
            self.standing.append(StandingUse(name, kind, use, on, detail,
                                             harm if healing else None,
                                             self.harm(name) if healing else None))
        self._destiny[name] = points
        return self._done(USE_DESTINY, name, line, target=on)

    def _apply_destiny(self, name: str, use: str, on: str) -> str:
        if use == "extra lesser action":
            if self.turn is None or self.turn.who != name:
                raise ActionError(f"an extra Lesser action is taken on {name}'s own turn")
            self.turn.grant_lesser()
            return f"{name} gains a Lesser action this turn."
        if use == "ignore armor penalty":
            self.effects.add(Effect(name, "ignore armor penalty", START))
            return f"{name} ignores the armor penalty until their next turn."
        if use == "bestow penalty":
            if on not in self.opponents(name):
                raise CombatError(f"−1D goes on an opponent of {name}: on= one of "
                                  f"{', '.join(self.opponents(name))}")
            self.effects.add(Effect(on, "bestowed penalty", NEXT_TEST, -1))
            return f"{on} takes −1D on their next test."
        if use == "remove damage and injuries":
            harm = self.harm(name)
            self.set_harm(name, harm.recovered(damage=harm.damage, injuries=harm.injuries))
            return f"{name}'s damage and injuries are gone: {self.harm(name).text()}."
        if use == "avoid death":
            harm = self.harm(name)
            self.set_harm(name, replace(harm, dead=False, wounds=min(harm.wounds,
                                                                     harm.endurance - 1),
                                        damage=max(harm.damage, harm.most_health)))
            return f"{name} escapes death, defeated: {self.harm(name).text()}."
        return ""  # a story use: the table decides what it does

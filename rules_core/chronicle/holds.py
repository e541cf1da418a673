"""Grabs and pins: holding a foe down, and breaking free.

A Song of Ice and Fire Roleplaying, "Combat Actions" (Pin): a character who starts the turn
**grabbing** a foe may pin them with an **opposed Athletics** test (a Greater attack action);
the pin lasts while its holder spends a Greater action on it each round; a pinned character
may only try to break free with a **Fighting** test. How a grab starts, and what breaking free
is against, "Pin" does not say: a grab is recorded (``grab``), and breaking free is opposed by
the pinner's Athletics.
"""

from __future__ import annotations

from rules_core.chronicle.action_results import ActionResult
from rules_core.chronicle.actions import BREAK_FREE, PIN
from rules_core.chronicle.combat_moves import CombatMoves
from rules_core.chronicle.equipment import FIGHTING
from rules_core.chronicle.errors import ActionError
from rules_core.chronicle.opposed_tests import OpposedTest
from rules_core.dice import DiceSource


class CombatHolds(CombatMoves):
    """A combat's actions so far, and grabs and pins."""

    def pin(self, attacker: str, target: str, *, dice: DiceSource,
            defence: DiceSource) -> ActionResult:
        """Pin (Greater): while grabbing the target, an opposed Athletics test; on a win the
        target is pinned (a tie goes to the target)."""
        if (attacker, target) not in self.grabbing:
            raise ActionError(f"{attacker} is not grabbing {target} (grab() records a grab)")
        self.take_action(attacker, PIN)
        contest = OpposedTest(self.test_of(attacker, "Athletics").roll(dice),
                              self.test_of(target, "Athletics").roll(defence))
        line = f"{target} is not pinned."
        if contest.succeeded:
            self.pins[(attacker, target)] = True
            line = f"{target} is pinned: they can only try to break free."
        result = ActionResult(PIN, attacker, (line,), contest=contest, target=target,
                              succeeded=contest.succeeded)
        self.log.append(result)
        return result

    def grab(self, attacker: str, target: str) -> None:
        """Record that ``attacker`` is grabbing ``target`` (how a grab starts is outside
        "Combat Actions")."""
        self.target_of(attacker, target)
        self.grabbing.add((attacker, target))

    def keep_pin(self, attacker: str, target: str) -> ActionResult:
        """Keep a pin up (Greater), once each round; a pin not kept ends with the turn."""
        if (attacker, target) not in self.pins:
            raise ActionError(f"{attacker} is not pinning {target}")
        self.take_action(attacker, PIN, what="Pin (kept up)")
        self.pins[(attacker, target)] = True
        return self._done(PIN, attacker, f"{attacker} keeps {target} pinned.", target=target)

    def break_free(self, name: str, *, dice: DiceSource, defence: DiceSource) -> ActionResult:
        """A pinned character's one action (Greater): a Fighting test opposed by the pinner's
        Athletics ("Pin" names no Difficulty); a tie keeps the pin."""
        pinners = [a for a, b in self.pins if b == name]
        if not pinners:
            raise ActionError(f"{name} is not pinned")
        pinner = pinners[0]
        self.able(name, acting=False)
        if self.turn is not None:
            if self.turn.who != name:
                raise ActionError(f"it is {self.turn.who}'s turn: {name} acts on their own "
                                  "turn (begin_turn)")
            self.turn.take(BREAK_FREE)
        contest = OpposedTest(self.test_of(name, FIGHTING).roll(dice),
                              self.test_of(pinner, "Athletics").roll(defence))
        line = f"{name} stays pinned."
        if contest.succeeded:
            del self.pins[(pinner, name)]
            self.grabbing.discard((pinner, name))
            line = f"{name} breaks free of {pinner}'s pin."
        result = ActionResult(BREAK_FREE, name, (line,), contest=contest, target=pinner,
                              succeeded=contest.succeeded)
        self.log.append(result)
        return result

"""How a combat works out a fighter's Combat Defense and tests from everything in play.

A Song of Ice and Fire Roleplaying, "Combat Actions", "Damage", "Injuries", "Wounds": every
test a fighter makes carries −1 per injury and −1D per wound, and whatever the effects in play
add (Aim, Pass, assists, a fumble's penalty dice, a critical's +1B); Combat Defense is Agility +
Athletics + Awareness + Defensive bonuses − armor penalty, changed by a Cautious Attack, a
Dodge, a distraction or an Overbalanced fumble.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules_core.chronicle.actions import AIM_BONUS, CAUTIOUS_DEFENSE, PASS_BONUS
from rules_core.chronicle.combat_state import CombatState
from rules_core.chronicle.difficulties import Difficulty
from rules_core.chronicle.effects import Effect
from rules_core.chronicle.equipment import FIGHTING, MARKSMANSHIP
from rules_core.chronicle.errors import DestinyError
from rules_core.chronicle.rolling import AbilityTest
from rules_core.explain import Explanation, TableView

OVERBALANCED_DEFENSE = -5
"""Fumble row 8: −5 Combat Defense."""

ATTACK_ABILITIES = (FIGHTING, MARKSMANSHIP)
"""The abilities of attack tests."""

SOCIAL_ABILITIES = ("Persuasion", "Status")
"""The tests a dishonorable return to a combat hampers with its witnesses."""

#: Effects that add bonus dice: name → (dice, applies to attacks only).
_BONUS_EFFECTS = {"aiming": (AIM_BONUS, True), "passing": (PASS_BONUS, False),
                  "impressive death": (1, False), "horrible death": (1, False)}
#: Effects that take a die away: name → applies to attacks only.
_PENALTY_EFFECTS = {"slippery grip": True, "blood in the eyes": False, "horror": False,
                    "drew while moving": True, "bestowed penalty": False}
#: Effects spent by the test they help.
_ONE_TEST = ("aiming", "passing", "bestowed penalty")


class PoolParts(NamedTuple):
    """What a fighter's test is made of before it is cut to a share: bonus and penalty dice
    (reasons), modifiers and the effects the test spends."""

    bonus: tuple[str, ...]
    penalty: tuple[str, ...]
    modifiers: tuple[tuple[str, int], ...]
    spent: tuple[Effect, ...]


class CombatTests(CombatState):
    """A combat's state, and the Combat Defense and tests of its fighters."""

    # -- Combat Defense ----------------------------------------------------------------------
    def defense_parts(self, name: str) -> tuple[tuple[str, int], ...]:
        """``name``'s Combat Defense, part by part (a Dodge replaces the sum)."""
        person = self.character(name)
        dodge = self.effects.of(name, "dodging")
        if dodge:
            parts = [("Dodge result", dodge[-1].amount)]
        else:
            parts = [(ability, person.rank(ability)) for ability in
                     ("Agility", "Athletics", "Awareness")]
            lost = {e.detail for e in self.effects.of(name, "guard down")}
            parts += [(w.name, w.defensive) for w in self.held(name)
                      if w.defensive and w.name not in lost]
            if person.armor.penalty and not self.effects.has(name, "ignore armor penalty"):
                parts.append(("armor penalty", -person.armor.penalty))
            if self.effects.has(name, "distracted"):
                parts.append(("distracted", -person.rank("Awareness")))
        if self.effects.has(name, "cautious"):
            parts.append(("Cautious Attack", CAUTIOUS_DEFENSE))
        if self.effects.has(name, "overbalanced"):
            parts.append(("Overbalanced", OVERBALANCED_DEFENSE))
        return tuple(parts)

    def combat_defense(self, name: str) -> int:
        """``name``'s Combat Defense now."""
        return sum(amount for _, amount in self.defense_parts(name))

    def defense_of(self, name: str) -> Difficulty:
        """``name``'s Combat Defense as the Difficulty of an attack."""
        return Difficulty(self.combat_defense(name), f"{name}'s Combat Defense")

    # -- tests -------------------------------------------------------------------------------
    def test_parts(self, name: str, ability: str, specialty: str = "", *,
                   toward: str = "") -> PoolParts:
        """The bonus and penalty dice, modifiers and spent effects of ``name``'s test of
        ``ability``, from the sheet, the harm and the effects in play."""
        person, harm = self.character(name), self.harm(name)
        bonus = [specialty] * (person.specialty(ability, specialty) if specialty else 0)
        penalty = ["wound"] * harm.wounds
        modifiers = [("injuries", -harm.injuries)] if harm.injuries else []
        attack = ability in ATTACK_ABILITIES
        spent = []
        for effect in self.effects.of(name):
            if effect.name in _BONUS_EFFECTS:
                dice, attacks_only = _BONUS_EFFECTS[effect.name]
                if attacks_only and not attack:
                    continue
                bonus += [effect.name.replace("aiming", "aim").replace("passing", "pass")] * dice
            elif effect.name in _PENALTY_EFFECTS:
                if _PENALTY_EFFECTS[effect.name] and not attack:
                    continue
                penalty.append(effect.name)
            elif effect.name == "assisted" and effect.detail == ability:
                modifiers.append(("assist", effect.amount))
                spent.append(effect)
                continue
            else:
                continue
            if effect.name in _ONE_TEST:
                spent.append(effect)
        if ability == "Agility" and person.armor.penalty and not self.effects.has(
                name, "ignore armor penalty"):
            modifiers.append(("armor penalty", -person.armor.penalty))
        if ability in SOCIAL_ABILITIES and toward in self.dishonored.get(name, ()):
            penalty.append("dishonored")
        return PoolParts(tuple(bonus), tuple(penalty), tuple(modifiers), tuple(spent))

    def make_test(self, name: str, parts: PoolParts, ability: str, *, rank: int | None = None,
                  spend: Sequence[str] = (), burn: Sequence[str] = ()) -> AbilityTest:
        """An [`AbilityTest`][rules_core.chronicle.AbilityTest] of ``parts`` (``rank``: a
        share of the test dice), with ``spend`` and ``burn`` Destiny uses, checked against the
        points ``name`` has."""
        rank = self.character(name).rank(ability) if rank is None else rank
        test = AbilityTest(name, ability, rank, parts.bonus, parts.penalty, parts.modifiers,
                           readings=self.readings)
        if len(spend) + len(burn) > self.destiny(name).left:
            raise DestinyError(f"{name} has {self.destiny(name).left} Destiny Points, not "
                               f"{len(spend) + len(burn)} to use on this test")
        for use in spend:
            test = test.spend(use)
        for use in burn:
            test = test.burn(use)
        return test

    def test_of(self, name: str, ability: str, specialty: str = "", *, toward: str = "",
                spend: Sequence[str] = (), burn: Sequence[str] = ()) -> AbilityTest:
        """``name``'s test of ``ability`` as the combat makes it (without rolling)."""
        parts = self.test_parts(name, ability, specialty, toward=toward)
        return self.make_test(name, parts, ability, spend=spend, burn=burn)

    def charge_destiny(self, name: str, spend: Sequence[str] = (),
                       burn: Sequence[str] = ()) -> None:
        """Take the points of ``spend`` and ``burn`` uses from ``name``."""
        for use in spend:
            self._destiny[name] = self._destiny[name].spend(use)
        for use in burn:
            self._destiny[name] = self._destiny[name].burn(use)

    # -- words -------------------------------------------------------------------------------
    def rows(self) -> tuple[tuple[str, ...], ...]:
        """One row per fighter: Health, injuries, wounds, Combat Defense, Destiny, state."""
        return tuple((name, f"{h.health} of {h.most_health}", str(h.injuries), str(h.wounds),
                      str(self.combat_defense(name)), str(self._destiny[name].left),
                      ", ".join(self.status(name)) or "–")
                     for name, h in self._harm.items())

    def explain(self) -> Explanation:
        """The fighters as a table."""
        table = TableView("Fighters", ("Who", "Health", "Injuries", "Wounds", "Combat Defense",
                                       "Destiny", "State"), self.rows())
        return Explanation(title="The combat so far", tables=(table,))

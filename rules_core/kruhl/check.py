"""A skill roll as set up before the dice fall: how many dice, and what is added to them.

Kruhl 3e, "Skill Roll": dice by training (1d6 untrained, 2d6 skilled or expert), plus the
relevant attribute, plus the rating of the best single piece of equipment, plus Power Level
once if any ability grants it. "Bonuses And Penalties": each bonus die adds a die, each
penalty die takes one away; below zero dice, the opponent (or the GM) gains the difference
as bonus dice. Bonus dice are rolled and **summed** with the rest (mechanics notes, seed 001).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules_core.dice import DiceSource
from rules_core.errors import RulesError
from rules_core.kruhl.situations import BONUS, FAILS, PENALTY, situation
from rules_core.kruhl.training import EXPERT_REROLLS, PENETRATION_REROLLS, Training

if TYPE_CHECKING:
    from rules_core.kruhl.roll import SkillRoll

#: The reason given to bonus and penalty dice added without one.
PLAIN_BONUS = "bonus die"
PLAIN_PENALTY = "penalty die"


@dataclass(frozen=True)
class DiceCount:
    """How many dice a roll has and why: base dice (by training), bonus and penalty dice."""

    base: int
    basis: str
    bonus: tuple[str, ...] = ()
    penalty: tuple[str, ...] = ()

    @property
    def net(self) -> int:
        """Base dice + bonus dice − penalty dice (may be below zero)."""
        return self.base + len(self.bonus) - len(self.penalty)

    @property
    def rolled(self) -> int:
        """Dice actually rolled (never below zero)."""
        return max(self.net, 0)

    @property
    def owed(self) -> int:
        """Bonus dice the opponent gains because the count went below zero."""
        return max(-self.net, 0)

    def terms(self) -> str:
        """The count in words, e.g. ``2 expert + 1 bonus die for charging``."""
        text = f"{self.base} {self.basis}"
        if self.bonus:
            text += " + " + _dice_term(self.bonus, "bonus", PLAIN_BONUS)
        if self.penalty:
            text += " − " + _dice_term(self.penalty, "penalty", PLAIN_PENALTY)
        return text

    def breakdown(self) -> str:
        """The count and its result, e.g. ``2 expert − 1 penalty die for running = 1d6``."""
        text = f"{self.terms()} = {self.rolled}d6"
        if self.owed:
            text += f"; {_n_dice(self.owed, 'bonus')} to the opponent"
        return text


@dataclass(frozen=True, repr=False)
class SkillCheck:
    """A roll someone is about to make. Methods return a new, changed check.

    ``role`` picks the table of circumstances (``attack``, ``defense`` or ``skill``);
    ``equipment`` lists the items brought to bear (only the best counts); ``powers`` the
    abilities granting Power Level (added once); ``flat`` other fixed additions (a DV).
    ``base`` and ``basis`` replace the training's dice, for the GM's roll against a DV.
    """

    who: str
    skill: str
    attribute: str
    attribute_value: int
    training: Training
    role: str = "skill"
    equipment: tuple[tuple[str, int], ...] = ()
    powers: tuple[str, ...] = ()
    power_level: int = 0
    bonus: tuple[str, ...] = ()
    penalty: tuple[str, ...] = ()
    fails: tuple[str, ...] = ()
    penetrated: bool = False
    flat: tuple[tuple[str, int], ...] = ()
    base: int | None = None
    basis: str = ""

    @property
    def label(self) -> str:
        """The roll's name, e.g. ``Hand-to-hand Combat (Brawn)``."""
        return f"{self.skill} ({self.attribute})" if self.attribute else self.skill

    @property
    def count(self) -> DiceCount:
        """How many dice and why."""
        base = self.training.dice if self.base is None else self.base
        return DiceCount(base, self.basis or self.training.value, self.bonus, self.penalty)

    @property
    def best_item(self) -> tuple[str, int] | None:
        """The highest-rated item brought to bear (the first listed on a tie)."""
        if not self.equipment:
            return None
        return max(self.equipment, key=lambda item: (item[1], -self.equipment.index(item)))

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        """What is added to the dice: attribute, best item, Power Level once, the rest."""
        parts = [(self.attribute, self.attribute_value)] if self.attribute else []
        if self.best_item is not None:
            parts.append(self.best_item)
        if self.powers:
            parts.append(("PL", self.power_level))
        return (*parts, *self.flat)

    @property
    def rerolls(self) -> frozenset[int]:
        """Faces rerolled until they stop showing: 1–2 for expertise, 5–6 if penetrated."""
        faces = EXPERT_REROLLS if self.training.rerolls else frozenset()
        return faces | PENETRATION_REROLLS if self.penetrated else faces

    @property
    def reroll_rule(self) -> str:
        """The rule behind :attr:`rerolls`, in words."""
        rules = ["expertise"] if self.training.rerolls else []
        return " and ".join([*rules, *(["penetration"] if self.penetrated else [])])

    def with_bonus(self, reason: str = PLAIN_BONUS, count: int = 1) -> SkillCheck:
        """This check with ``count`` more bonus dice."""
        return replace(self, bonus=self.bonus + (reason,) * _count(count))

    def with_penalty(self, reason: str = PLAIN_PENALTY, count: int = 1) -> SkillCheck:
        """This check with ``count`` more penalty dice."""
        return replace(self, penalty=self.penalty + (reason,) * _count(count))

    def failing(self, reason: str) -> SkillCheck:
        """This check failing automatically, whatever the dice say."""
        return replace(self, fails=(*self.fails, reason))

    def under(self, *circumstances: str) -> SkillCheck:
        """This check under circumstances from its role's table (running, cover, …)."""
        check = self
        for name in circumstances:
            effect = situation(self.role, name).effect
            if effect == BONUS:
                check = check.with_bonus(name)
            elif effect == PENALTY:
                check = check.with_penalty(name)
            elif effect == FAILS:
                check = check.failing(name)
        return check

    def penetrating(self) -> SkillCheck:
        """This (defense) check against a penetrating attack: 5s and 6s are rerolled."""
        return replace(self, penetrated=True)

    def plus(self, name: str, value: int) -> SkillCheck:
        """This check with a fixed amount added."""
        return replace(self, flat=(*self.flat, (name, value)))

    def as_role(self, role: str) -> SkillCheck:
        """The same roll read as an attack, defense or skill roll."""
        return replace(self, role=role)

    def roll(self, dice: DiceSource) -> SkillRoll:
        """Roll it."""
        from rules_core.kruhl.roll import roll_check  # roll.py imports this module

        return roll_check(self, dice)

    def dice_text(self) -> str:
        """The dice part in words: ``2d6 expert`` or ``3d6 (2 expert + 1 bonus die …)``."""
        count = self.count
        if not (count.bonus or count.penalty):
            return f"{count.rolled}d6 {count.basis}"
        owed = f"; {_n_dice(count.owed, 'bonus')} to the opponent" if count.owed else ""
        return f"{count.rolled}d6 ({count.terms()}{owed})"

    def __repr__(self) -> str:
        adds = "".join(f" + {value} {name}" for name, value in self.modifiers)
        notes = ""
        if self.fails:
            notes += f", fails ({', '.join(self.fails)})"
        if self.penetrated:
            notes += ", rerolling 5s and 6s (penetrating)"
        return f"<{self.who}, {self.label}: {self.dice_text()}{adds}{notes}>"


def _count(count: int) -> int:
    if not isinstance(count, int) or count < 0:
        raise RulesError(f"a number of bonus or penalty dice is 0 or more, not {count!r}")
    return count


def _n_dice(n: int, kind: str) -> str:
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


def _dice_term(reasons: Iterable[str], kind: str, plain: str) -> str:
    reasons = tuple(reasons)
    named = [r for r in dict.fromkeys(reasons) if r != plain]
    counted = [f"{r} ×{reasons.count(r)}" if reasons.count(r) > 1 else r for r in named]
    text = _n_dice(len(reasons), kind)
    return f"{text} for {', '.join(counted)}" if counted else text

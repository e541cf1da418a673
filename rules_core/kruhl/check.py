"""A skill roll as set up before the dice fall: how many dice, and what is added to them.

Kruhl 3e, "Skill Roll": dice by training (1d6 untrained, 2d6 skilled or expert), plus the
relevant attribute, plus the rating of the best single piece of equipment, plus Power Level
once if any ability grants it. "Bonuses And Penalties": each bonus die adds a die, each
penalty die takes one away; below zero dice, the opponent (or the GM) gains the difference
as bonus dice. Bonus dice are rolled and **summed** with the rest (our reading).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.dice import DiceSource
from rules_core.kruhl.roll import SkillRoll, roll_check
from rules_core.kruhl.situations import BONUS, FAILS, PENALTY, situation
from rules_core.kruhl.training import EXPERT_REROLLS, PENETRATION_REROLLS, Training
from rules_core.pool import Pool, PoolTerm, PoolWords
from rules_core.renames import renamed_attribute
from rules_core.words import whole

PLAIN_BONUS = "bonus die"
"""The reason given to bonus dice added without one."""

PLAIN_PENALTY = "penalty die"
"""The reason given to penalty dice added without one."""

REASON_WORDS = (
    ("restrained", "being restrained"), ("surprised", "being surprised"),
    ("distracted", "being distracted"), ("exhausted", "exhaustion"),
    ("sleepless", "lack of sleep"), ("can't perceive", "not perceiving the attacker"),
    ("can't perceive (hand-to-hand)", "not perceiving the defender"),
    ("blinded, target located (ranged)", "blindness (target located)"),
    ("prone (hand-to-hand)", "lying prone (hand-to-hand)"),
    ("prone (ranged)", "lying prone (ranged)"),
    ("prone (magic resistance)", "lying prone (magic resistance)"),
    ("stationary (slam)", "standing still (slam)"), ("underwater", "fighting underwater"),
    ("two-handed weapon in one hand", "a two-handed weapon in one hand"),
    ("beyond effective range", "shooting beyond effective range"),
)
"""How a situation's name reads as the reason for a bonus or penalty die ("1 penalty die for
being restrained", not "for restrained"); a name that reads already ("charging", "cover") is
not listed."""

POOL_WORDS = PoolWords(plain_bonus=PLAIN_BONUS, plain_penalty=PLAIN_PENALTY,
                       shortfall="{n} bonus {dice} to the opponent", reasons=REASON_WORDS)
"""How Kruhl words a pool: bonus and penalty dice by their reasons, and a count below zero as bonus
dice for the opponent ("Bonuses And Penalties")."""


@dataclass(frozen=True, repr=False)
class SkillCheck:
    """A roll someone is about to make. Methods return a new, changed check.

    Made by [`Character.check`][rules_core.kruhl.Character.check] (or ``attack``,
    ``defend``), rolled by [`roll`][rules_core.kruhl.SkillCheck.roll] or by
    [`opposed`][rules_core.kruhl.opposed] and [`unopposed`][rules_core.kruhl.unopposed].
    ``role`` picks the table of circumstances (``attack``, ``defense`` or ``skill``);
    ``equipment`` lists the items brought to bear (only the best counts); ``powers`` the
    abilities granting Power Level (added once); ``flat`` other fixed additions (a DV).
    ``base`` and ``basis`` replace the training's dice, for the GM's roll against a DV.

    Examples:
        >>> from rules_core.kruhl import Character
        >>> soraya = Character("Soraya", {"Brawn": 2}, skills={"Hand-to-hand Combat": "expert"})
        >>> soraya.attack().under("charging")
        <Soraya, Hand-to-hand Combat (Brawn): 3d6 (2 expert + 1 bonus die for charging) + 2 Brawn>
        >>> soraya.attack().with_penalty("running", 3).pool.shortfall
        1
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
    def pool(self) -> Pool:
        """How many dice and why: the training's dice (or the GM's), bonus and penalty dice.

        [`size`][rules_core.kruhl.SkillCheck.size] dice are rolled; ``pool.shortfall`` is
        how far the count went below zero, the bonus dice the opponent gains.
        """
        base = self.training.dice if self.base is None else self.base
        return Pool((PoolTerm(base, self.basis or self.training.value),), 6, self.bonus,
                    self.penalty, POOL_WORDS)

    @property
    def size(self) -> int:
        """How many dice the check rolls (none below zero)."""
        return self.pool.size

    count = renamed_attribute("SkillCheck", "count", "pool")
    """The old name of ``pool``, until 0.5.0 (it warns)."""

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
        """The rule behind [`rerolls`][rules_core.kruhl.SkillCheck.rerolls], in words."""
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

    def roll(self, dice: DiceSource) -> SkillRoll:
        """Roll it."""
        return roll_check(self, dice)

    def dice_text(self) -> str:
        """The dice part in words: ``2d6 expert`` or ``3d6 (2 expert + 1 bonus die …)``."""
        count = self.pool
        if not (count.bonus or count.penalty):
            return f"{count.size}d6 {count.terms[0].source}"
        owed = f"; {count.shortfall_text()}" if count.shortfall else ""
        return f"{count.size}d6 ({count.terms_text()}{owed})"

    def __repr__(self) -> str:
        adds = "".join(f" + {value} {name}" for name, value in self.modifiers)
        notes = ""
        if self.fails:
            notes += f", fails ({', '.join(self.fails)})"
        if self.penetrated:
            notes += ", rerolling 5s and 6s (penetrating)"
        return f"<{self.who}, {self.label}: {self.dice_text()}{adds}{notes}>"


def _count(count: int) -> int:
    return whole(count, "a number of bonus or penalty dice")

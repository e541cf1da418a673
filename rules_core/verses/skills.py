"""'Verses Core actors: attributes, skills, skill defaults and skill dice.

Rules ('Verses Core v1, "Skills"): a skill refines its *default* (an attribute or a broader
skill). An actor's skill dice are the dice allocated to the skill plus all the skill dice
of its default, followed up the chain to an attribute. An actor who has allocated no dice
to a skill rolls its default's dice, less the skill's difficulty.

The Action Chaining text never names Grappling's default; only Unarmed Combat makes Tam's
"eight skill dice" add up, so that is the default used here (see the chapter's note).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from rules_core.errors import RulesError
from rules_core.explain import StatLine
from rules_core.pool import Pool
from rules_core.words import is_whole

ACTION_CHAINING_DEFAULTS: Mapping[str, str] = MappingProxyType(
    {"Unarmed Combat": "PRW", "Grappling": "Unarmed Combat"}
)
"""Skill → its default, as far as the Action Chaining text needs them."""


@dataclass(frozen=True)
class SkillCatalog:
    """Which default each skill refines, and how hard each skill is untrained.

    ``defaults`` maps a skill to the skill or attribute it refines (by default
    [`ACTION_CHAINING_DEFAULTS`][rules_core.verses.ACTION_CHAINING_DEFAULTS]); ``difficulty``
    maps a skill to the dice an actor loses rolling it untrained (none if not listed). Give
    an [`Actor`][rules_core.verses.Actor] a catalog to read the skills another way.

    Examples:
        Grappling refining PRW directly, one die harder untrained:

        >>> catalog = SkillCatalog(defaults={"Grappling": "PRW"}, difficulty={"Grappling": 1})
        >>> Actor("Guard", attributes={"PRW": 3}, catalog=catalog).skill_dice("Grappling")
        2d6: 3 PRW − 1 untrained Grappling
    """

    defaults: Mapping[str, str] = field(default_factory=lambda: ACTION_CHAINING_DEFAULTS)
    difficulty: Mapping[str, int] = field(default_factory=dict)

    def default_of(self, skill: str) -> str | None:
        """The skill or attribute ``skill`` defaults to (``None`` for an attribute)."""
        return self.defaults.get(skill)

    def with_default(self, skill: str, default: str) -> SkillCatalog:
        """A catalog where ``skill`` defaults to ``default`` instead."""
        return replace(self, defaults={**self.defaults, skill: default})


@dataclass(frozen=True)
class Actor:
    """Someone who acts: attribute ratings, allocated skill dice and Action Dice per round.

    ``attributes`` and ``skills`` map names to allocated dice; ``action_dice`` is the AD
    the actor can spend in a round; ``catalog`` says which default each skill refines.

    Examples:
        >>> tam = Actor("Tam", attributes={"PRW": 3},
        ...             skills={"Unarmed Combat": 2, "Grappling": 3}, action_dice=6)
        >>> tam.skill_dice("Grappling")
        8d6: 3 Grappling + 2 Unarmed Combat + 3 PRW
    """

    name: str
    attributes: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    action_dice: int = 0
    catalog: SkillCatalog = field(default_factory=SkillCatalog)

    def __post_init__(self) -> None:
        for kind, ratings in (("attribute", self.attributes), ("skill", self.skills)):
            for name, dice in ratings.items():
                if not is_whole(dice):
                    raise RulesError(
                        f"{self.name}'s {kind} {name} must be a whole number of dice, 0 or more, "
                        f"not {dice!r}"
                    )
        if not is_whole(self.action_dice):
            raise RulesError(f"{self.name}'s AD must be a whole number, 0 or more, "
                             f"not {self.action_dice!r}")

    def allocated(self, capability: str) -> int:
        """Dice allocated to a skill or attribute (0 if none)."""
        return self.skills.get(capability, self.attributes.get(capability, 0))

    def skill_dice(self, skill: str) -> Pool:
        """The skill dice for ``skill``: its own dice plus its default's, up to an attribute."""
        pool = Pool()
        penalties: list[tuple[int, str]] = []
        seen: list[str] = []
        name = skill
        while True:
            if name in seen:
                circle = " → ".join([*seen, name])
                raise RulesError(f"skill defaults go round in a circle: {circle}")
            seen.append(name)
            pool = pool.plus(self.allocated(name), name)
            default = self.catalog.default_of(name)
            if default is None:
                break
            if not self.allocated(name):
                penalties.append((-self.catalog.difficulty.get(name, 0), f"untrained {name}"))
            name = default
        if name not in self.attributes and name not in self.skills:
            raise RulesError(
                f"{self.name} has no {name} and nothing says what {name} defaults to: "
                f"give {self.name} a rating in {name}"
            )
        for dice, source in penalties:
            pool = pool.plus(dice, source)
        return pool

    def with_default(self, skill: str, default: str) -> Actor:
        """This actor under a reading where ``skill`` defaults to ``default``."""
        return replace(self, catalog=self.catalog.with_default(skill, default))

    def stat_line(self) -> StatLine:
        """The actor as a card shows them: attributes, then skills, then their AD.

        Examples:
            >>> Actor("Tam", {"PRW": 3}, {"Unarmed Combat": 2}, action_dice=6).stat_line().text()
            'Tam: PRW 3, Unarmed Combat 2; 6 AD'
        """
        stats = tuple((name, str(dice)) for name, dice in [*self.attributes.items(),
                                                           *self.skills.items()])
        notes = (f"{self.action_dice} AD",) if self.action_dice else ()
        return StatLine(self.name, stats, notes)

"""Storypath characters: Attributes and Skills rated in dots, and whose they are.

A character rolls a pool of **Skill + Attribute** d10s (Scion 2nd Edition, "Rolling Dice";
the pools of "Action-Adventure": Athletics + Might or Dexterity, Close Combat + Might, Skill +
Cunning for initiative).
A player character (PC) is played by a player; every other character is a Storyguide
character (SGC), the nameless ones among them **Extras**. Mortals and Heroes succeed on 8 or
more; characters of higher tiers on 7 (``target``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules_core.explain import StatLine
from rules_core.pool import Pool
from rules_core.storypath.action import Action
from rules_core.storypath.errors import CharacterError
from rules_core.success_pool import SuccessRule
from rules_core.words import is_whole

ATTRIBUTES = ("Might", "Dexterity", "Stamina", "Intellect", "Cunning", "Resolve", "Presence",
              "Manipulation", "Composure")
"""The nine Attributes of Scion 2e; "Action-Adventure" names Might, Dexterity, Stamina,
Intellect and Cunning."""

PHYSICAL = ("Might", "Dexterity", "Stamina")
"""The Physical Attributes (the speed rule adds the highest of them)."""

SKILLS = ("Academics", "Athletics", "Close Combat", "Culture", "Empathy", "Firearms",
          "Integrity", "Leadership", "Medicine", "Occult", "Persuasion", "Pilot", "Science",
          "Subterfuge", "Survival", "Technology")
"""The Skills of Scion 2e (Origin); "Action-Adventure" names Athletics, Close Combat and
Pilot."""


@dataclass(frozen=True, repr=False)
class Character:
    """A character sheet: ``attributes`` and ``skills`` in dots.

    A Skill not listed has 0 dots; an Attribute a roll needs must be listed. ``player``
    marks a player character (PC); ``extra`` a nameless Storyguide character (an Extra).
    ``target`` is the lowest face that succeeds (8; 7 at higher tiers).

    Examples:
        >>> ana = Character("Ana", {"Might": 2, "Dexterity": 3, "Cunning": 2},
        ...                 {"Athletics": 3, "Close Combat": 2}, player=True)
        >>> ana
        <Ana (PC): Might 2, Dexterity 3, Cunning 2; Athletics 3, Close Combat 2>
        >>> ana.action("Athletics", "Dexterity")
        <Ana, Athletics + Dexterity: 6d10, Difficulty 1>
        >>> ana.action("Athletic", "Dexterity")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.storypath.errors.CharacterError: Athletic is not a Skill: ...
    """

    name: str
    attributes: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    player: bool = False
    extra: bool = False
    target: int = 8

    def __post_init__(self) -> None:
        for kind, known, ratings in (("Attribute", ATTRIBUTES, self.attributes),
                                     ("Skill", SKILLS, self.skills)):
            for trait, dots in ratings.items():
                _known(trait, kind, known)
                if not is_whole(dots):
                    raise CharacterError(f"{self.name}'s {trait} must be a whole number of "
                                         f"dots, 0 or more, not {dots!r}")
        if self.player and self.extra:
            raise CharacterError(f"{self.name} cannot be both a player character and an Extra "
                                 "(Extras are Storyguide characters)")
        if self.target not in (7, 8):
            raise CharacterError(f"{self.name}'s target number is 8 (mortals and Heroes) or 7 "
                                 f"(higher tiers), not {self.target!r}")
        object.__setattr__(self, "attributes", MappingProxyType(dict(self.attributes)))
        object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))

    def __deepcopy__(self, memo: dict[int, object]) -> Character:
        return self  # immutable: a copy of a scene shares its sheets

    @property
    def kind(self) -> str:
        """``PC`` or ``SGC``."""
        return "PC" if self.player else "SGC"

    @property
    def rule(self) -> SuccessRule:
        """How the character's dice are read: their target number, 10-again."""
        return SuccessRule(target=self.target)

    def attribute(self, name: str) -> int:
        """The dots in Attribute ``name``."""
        _known(name, "Attribute", ATTRIBUTES)
        if name not in self.attributes:
            raise CharacterError(f"{self.name} has no {name} rating: add it, e.g. "
                                 f"attributes={{{name!r}: 2}}")
        return self.attributes[name]

    def skill(self, name: str) -> int:
        """The dots in Skill ``name`` (0 if not listed)."""
        _known(name, "Skill", SKILLS)
        return self.skills.get(name, 0)

    def best_physical(self) -> str:
        """The highest Physical Attribute listed (the first on a tie)."""
        listed = [a for a in PHYSICAL if a in self.attributes]
        if not listed:
            raise CharacterError(f"{self.name} has no Physical Attribute: add Might, Dexterity "
                                 "or Stamina")
        return max(listed, key=lambda a: (self.attributes[a], -listed.index(a)))

    def pool(self, skill: str, attribute: str) -> Pool:
        """``skill`` + ``attribute`` as a pool of d10s."""
        return Pool(sides=10).plus(self.skill(skill), skill).plus(self.attribute(attribute),
                                                                   attribute)

    def action(self, skill: str, attribute: str, *, difficulty: int = 1,
               task: str = "") -> Action:
        """Set up a roll of ``skill`` + ``attribute`` against ``difficulty`` (1 unless the
        Storyguide says otherwise); ``task`` names it (by default the pool)."""
        return Action(self.name, self.pool(skill, attribute), self.rule,
                      task or f"{skill} + {attribute}", difficulty, self.player)

    def initiative(self, skill: str) -> Action:
        """The initiative pool: ``skill`` (the best fitting one: a combat Skill in a fight,
        Athletics in a footrace) + Cunning."""
        return self.action(skill, "Cunning", task="Initiative")

    def stat_line(self) -> StatLine:
        """The character as a card shows them: Attributes, Skills, then PC or SGC.

        Examples:
            >>> Character("Ana", {"Dexterity": 3}, {"Athletics": 3}, player=True
            ...           ).stat_line().text()
            'Ana: Dexterity 3, Athletics 3; player character (PC)'
        """
        stats = [(name, str(dots)) for name, dots in self.attributes.items()]
        stats += [(name, str(dots)) for name, dots in self.skills.items()]
        notes = ["player character (PC)" if self.player else
                 "Extra (SGC)" if self.extra else "Storyguide character (SGC)"]
        if self.target != 8:
            notes.append(f"succeeds on {self.target}+")
        return StatLine(self.name, tuple(stats), tuple(notes))

    def __repr__(self) -> str:
        traits = [", ".join(f"{k} {v}" for k, v in ratings.items())
                  for ratings in (self.attributes, self.skills)]
        kind = "Extra" if self.extra else self.kind
        tn = f", {self.target}+" if self.target != 8 else ""
        return f"<{self.name} ({kind}{tn}): {'; '.join(t for t in traits if t)}>"


def _known(name: str, kind: str, known: tuple[str, ...]) -> None:
    if name not in known:
        raise CharacterError(f"{name} is not {'an' if kind == 'Attribute' else 'a'} {kind}: "
                             f"the {kind}s are {', '.join(known)}")

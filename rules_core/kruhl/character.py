"""Kruhl 3e characters: attributes, skills with their training, equipment and Power Level.

Kruhl 3e, "Skill Roll": a character rolls **1d6** in a skill they lack, **2d6** in a skill
they have, and 2d6 rerolling 1s and 2s with **expertise**; they add the relevant attribute.
"Opposed Tasks" and the opposed-rolls table name the usual attribute of each skill.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from rules_core.explain import StatLine
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.errors import CharacterError
from rules_core.kruhl.training import UNTRAINED, Training
from rules_core.words import whole

SKILL_ATTRIBUTES: Mapping[str, str] = MappingProxyType({
    "Hand-to-hand Combat": "Brawn",
    "Ranged Combat": "Agility",
    "Thaumaturgy": "Presence",
    "Theology": "Presence",
    "Magic Resistance": "Presence",
    "Culture": "Reason",
    "Lockpicking": "Agility",
    "Performance": "Presence",
    "Perception": "Reason",
    "Athletics": "Agility",
    "Deception": "Presence",
    "Survival": "Presence",
})
"""The attribute each skill usually adds (Kruhl 3e, tables "Opposed rolls" and "Unopposed rolls",
"Initiating Conflict", "Blinding", "Terrifying", "Distracting")."""


@dataclass(frozen=True, repr=False)
class Character:
    """A character sheet.

    ``attributes`` maps attributes (Brawn, Agility, Reason, Presence, Endurance…) to their
    ratings. ``skills`` maps skills to ``"skilled"`` or ``"expert"`` (a
    [`Training`][rules_core.kruhl.Training]); a skill not listed is untrained. ``equipment``
    maps items to their rating (1 simple, 2 ordinary, 3 special-purpose). ``Endurance`` is an
    attribute (Kruhl 3e, "Endurance And Recovery"): every fighter in a
    [`Fight`][rules_core.kruhl.Fight] needs it, unless ``rabble``. ``power_level`` is added
    once to a roll that names ``powers``. ``player`` marks a player character (who starts
    with a plot point); ``rabble`` a nameless foe who falls to any hit.

    Examples:
        >>> soraya = Character("Soraya", {"Brawn": 2, "Agility": 3, "Endurance": 5},
        ...                    skills={"Hand-to-hand Combat": "expert"}, equipment={"sword": 1})
        >>> soraya.attack(using="sword")
        <Soraya, Hand-to-hand Combat (Brawn): 2d6 expert + 2 Brawn + 1 sword>
        >>> soraya.check("Lockpicking")
        <Soraya, Lockpicking (Agility): 1d6 untrained + 3 Agility>
    """

    name: str
    attributes: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, Training | str] = field(default_factory=dict)
    equipment: Mapping[str, int] = field(default_factory=dict)
    power_level: int = 0
    player: bool = False
    rabble: bool = False

    def __post_init__(self) -> None:
        for label, values in (("attribute", self.attributes), ("equipment", self.equipment)):
            for key, value in values.items():
                whole(value, f"{self.name}'s {label} {key}", error=CharacterError)
        whole(self.power_level, f"{self.name}'s power level", error=CharacterError)
        object.__setattr__(self, "attributes", MappingProxyType(dict(self.attributes)))
        object.__setattr__(self, "equipment", MappingProxyType(dict(self.equipment)))
        object.__setattr__(self, "skills", MappingProxyType(
            {skill: self._training(skill, t) for skill, t in self.skills.items()}))

    def __deepcopy__(self, memo: dict[int, object]) -> Character:
        return self  # immutable: a copy of a fight shares its sheets

    def _training(self, skill: str, training: Training | str) -> Training:
        if isinstance(training, Training):
            return training
        try:
            return Training(training)
        except ValueError:
            raise CharacterError(
                f"{self.name}'s {skill} is {training!r}: say 'skilled' or 'expert' "
                "(leave an untrained skill out)"
            ) from None

    def training(self, skill: str) -> Training:
        """The character's training in ``skill`` (untrained if not listed)."""
        return self._training(skill, self.skills.get(skill, UNTRAINED))

    def attribute(self, name: str) -> int:
        """The rating of attribute ``name``."""
        if name not in self.attributes:
            raise CharacterError(
                f"{self.name} has no {name} rating: add it, e.g. attributes={{{name!r}: 2}}"
            )
        return self.attributes[name]

    @property
    def endurance(self) -> int:
        """Maximum Endurance: the Endurance attribute (rabble need none)."""
        if self.rabble and "Endurance" not in self.attributes:
            return 1
        if "Endurance" not in self.attributes:
            raise CharacterError(
                f"{self.name} has no Endurance rating, and a fight keeps every fighter's "
                f"Endurance, the attacker's too: add it, e.g. attributes={{'Endurance': 5}}, "
                "or make a nameless foe rabble=True"
            )
        return self.attribute("Endurance")

    def check(self, skill: str, attribute: str | None = None, *, role: str = "skill",
              using: str | Iterable[str] = (), powers: str | Iterable[str] = ()) -> SkillCheck:
        """Set up a roll of ``skill`` (with its usual attribute unless one is named).

        ``role`` is ``"attack"``, ``"defense"`` or ``"skill"``: which table of circumstances
        applies. ``using`` names the items brought to bear (the best one counts); ``powers``
        names abilities that add Power Level (it is added once, however many).
        """
        attribute = attribute or self._usual_attribute(skill)
        names = (using,) if isinstance(using, str) else tuple(using)
        return SkillCheck(
            who=self.name, skill=skill, attribute=attribute,
            attribute_value=self.attribute(attribute), training=self.training(skill), role=role,
            equipment=tuple((item, self._item(item)) for item in names),
            powers=(powers,) if isinstance(powers, str) else tuple(powers),
            power_level=self.power_level,
        )

    def attack(self, skill: str = "Hand-to-hand Combat", attribute: str | None = None, *,
               using: str | Iterable[str] = (), powers: str | Iterable[str] = ()) -> SkillCheck:
        """Set up an attack roll (the attack table of circumstances applies)."""
        return self.check(skill, attribute, role="attack", using=using, powers=powers)

    def defend(self, skill: str = "Hand-to-hand Combat", attribute: str | None = None, *,
               using: str | Iterable[str] = (), powers: str | Iterable[str] = ()) -> SkillCheck:
        """Set up a defense roll (the defense table of circumstances applies)."""
        return self.check(skill, attribute, role="defense", using=using, powers=powers)

    def best_of(self, *attributes: str) -> str:
        """The highest of ``attributes`` (the first named on a tie), e.g. Agility or Brawn."""
        return max(attributes, key=lambda name: (self.attribute(name), -attributes.index(name)))

    def surged(self, attribute: str) -> Character:
        """This character with ``attribute`` one higher (Kruhl 3e, "Surge")."""
        raised = {**self.attributes, attribute: self.attribute(attribute) + 1}
        return replace(self, attributes=raised)

    def _usual_attribute(self, skill: str) -> str:
        if skill not in SKILL_ATTRIBUTES:
            raise CharacterError(
                f"{skill} has no usual attribute: name one, e.g. check({skill!r}, 'Agility')"
            )
        return SKILL_ATTRIBUTES[skill]

    def _item(self, item: str) -> int:
        if item not in self.equipment:
            raise CharacterError(
                f"{self.name} has no {item}: add it to equipment={{{item!r}: 1}} "
                "with its rating (1 simple, 2 ordinary, 3 special-purpose)"
            )
        return self.equipment[item]

    def stat_line(self) -> StatLine:
        """The character as a card shows them: attributes, skills with their training,
        equipment with its rating, Power Level; then whether a player plays them or they
        are rabble.

        Examples:
            >>> Character("Issvisk", {"Brawn": 5, "Endurance": 8},
            ...           skills={"Survival": "skilled"}, player=True).stat_line().text()
            'Issvisk: Brawn 5, Endurance 8, Survival skilled; player character'
        """
        stats = [(name, str(value)) for name, value in self.attributes.items()]
        stats += [(skill, self.training(skill).value) for skill in self.skills]
        stats += [(item, f"+{rating}") for item, rating in self.equipment.items()]
        if self.power_level:
            stats.append(("PL", str(self.power_level)))
        notes = [note for note, true in (("player character", self.player),
                                         ("rabble", self.rabble)) if true]
        return StatLine(self.name, tuple(stats), tuple(notes))

    def __repr__(self) -> str:
        stats = ", ".join(f"{k} {v}" for k, v in self.attributes.items())
        skills = ", ".join(f"{k} ({self.training(k).value})" for k in self.skills)
        return f"<{self.name}: {'; '.join(p for p in (stats, skills) if p)}>"

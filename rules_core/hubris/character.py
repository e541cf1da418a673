"""Characters of the Act of Hubris: the nine Attributes and the Skills of Chronicles of
Darkness, rated in dots, and what they roll.

Every pool is two traits' dots (an Attribute + a Skill, or two Attributes), one d10 each.
A Skill not listed has 0 dots; an Attribute a roll needs must be listed. The Initiative
modifier is Dexterity + Composure (Chronicles of Darkness) unless given. ``armor`` (1 to 3)
guarantees Defense successes; ``size_edge`` is the Edge (negative: the Difficulty) a big (or
small) body gives Strength + Stamina; ``power`` is a supernatural creature's Power Trait.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules_core.explain import StatLine
from rules_core.hubris.action import Action
from rules_core.hubris.attack import Attack, make_attack
from rules_core.hubris.errors import CharacterError, PoolError, TurnError
from rules_core.hubris.resistance import (
    MAX_PROTECTION,
    POWER_RESISTANCES,
    Resistance,
    defense,
)
from rules_core.hubris.weapons import Weapon
from rules_core.words import is_whole

ATTRIBUTES = ("Intelligence", "Wits", "Resolve", "Strength", "Dexterity", "Stamina",
              "Presence", "Manipulation", "Composure")
"""The nine Attributes of Chronicles of Darkness."""

SKILLS = ("Academics", "Computer", "Crafts", "Investigation", "Medicine", "Occult",
          "Politics", "Science", "Athletics", "Brawl", "Drive", "Firearms", "Larceny",
          "Stealth", "Survival", "Weaponry", "Animal Ken", "Empathy", "Expression",
          "Intimidation", "Persuasion", "Socialize", "Streetwise", "Subterfuge")
"""The Skills of Chronicles of Darkness (Mental, Physical, Social)."""


@dataclass(frozen=True, repr=False)
class Character:
    """A character sheet (see the module's introduction).

    Examples:
        >>> mara = Character("Mara", {"Strength": 2, "Dexterity": 3, "Wits": 3,
        ...                           "Composure": 2}, {"Weaponry": 3}, armor=1)
        >>> mara
        <Mara: Strength 2, Dexterity 3, Wits 3, Composure 2; Weaponry 3; armor 1>
        >>> mara.defense()
        <Mara, Defense: 5d10, armor 1>
        >>> mara.initiative_modifier
        5
    """

    name: str
    attributes: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    armor: int = 0
    size_edge: int = 0
    power: tuple[str, int] | None = None
    initiative: int | None = None

    def __post_init__(self) -> None:
        for kind, known, ratings in (("Attribute", ATTRIBUTES, self.attributes),
                                     ("Skill", SKILLS, self.skills)):
            for trait, dots in ratings.items():
                _known(trait, kind, known)
                if not is_whole(dots):
                    raise CharacterError(f"{self.name}'s {trait} must be a whole number of "
                                         f"dots, 0 or more, not {dots!r}")
        if not (is_whole(self.armor) and self.armor <= MAX_PROTECTION):
            raise CharacterError(f"{self.name}'s armor gives 0 to {MAX_PROTECTION} "
                                 f"guaranteed successes, not {self.armor!r}")
        if not isinstance(self.size_edge, int) or isinstance(self.size_edge, bool):
            raise CharacterError(f"{self.name}'s size_edge is a whole number (negative for a "
                                 f"Difficulty), not {self.size_edge!r}")
        if self.power is not None and not (len(self.power) == 2
                                           and is_whole(self.power[1])):
            raise CharacterError(f"{self.name}'s power is a Power Trait and its dots, e.g. "
                                 f"('Blood Potency', 2), not {self.power!r}")
        object.__setattr__(self, "attributes", MappingProxyType(dict(self.attributes)))
        object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))

    def __deepcopy__(self, memo: dict[int, object]) -> Character:
        return self  # immutable: a copy of a scene shares its sheets

    def attribute(self, name: str) -> int:
        """The dots in Attribute ``name``."""
        _known(name, "Attribute", ATTRIBUTES)
        if name not in self.attributes:
            raise CharacterError(f"{self.name} has no {name} rating: add it, e.g. "
                                 f"attributes={{{name!r}: 2}}")
        return self.attributes[name]

    def dots(self, trait: str) -> int:
        """The dots in ``trait``, an Attribute or a Skill (a Skill not listed: 0)."""
        if trait in ATTRIBUTES:
            return self.attribute(trait)
        _known(trait, "Skill", SKILLS)
        return self.skills.get(trait, 0)

    @property
    def initiative_modifier(self) -> int:
        """Dexterity + Composure, unless the sheet gives another."""
        if self.initiative is not None:
            return self.initiative
        return self.attribute("Dexterity") + self.attribute("Composure")

    def action(self, first: str, second: str, *, task: str = "") -> Action:
        """A roll of ``first`` + ``second`` for ``task`` (by default the pool)."""
        return Action(self.name, ((first, self.dots(first)), (second, self.dots(second))),
                      task or f"{first} + {second}")

    def attack(self, attribute: str, trait: str, *, weapon: Weapon | None = None,
               damage: str | None = "", task: str = "") -> Attack:
        """An attack of ``attribute`` (Strength or Dexterity) + ``trait`` (Stamina,
        Athletics, Brawl, Weaponry or Firearms), with a ``weapon``'s Edge and damage;
        ``damage`` overrides the usual kind (``None``: no damage)."""
        if attribute not in ("Strength", "Dexterity"):
            raise PoolError(f"an attack pool uses Strength or Dexterity, not {attribute}")
        return make_attack(self.name, (attribute, self.attribute(attribute)),
                           (trait, self.dots(trait)), weapon=weapon, damage=damage,
                           size_edge=self.size_edge, task=task)

    def supernatural_attack(self, first: str, second: str, *, power: str,
                            damage: str | None = None) -> Attack:
        """A supernatural power used on someone (``power``: its name), rolled as ``first`` +
        ``second`` and resisted with Composure, Resolve or Stamina + Power Trait; by default
        it deals no damage, its net successes are its effect."""
        made = Attack(self.name, ((first, self.dots(first)), (second, self.dots(second))),
                      power, means="power")
        return made.dealing(damage)

    def push_past(self, attribute: str, trait: str, *, task: str = "") -> Attack:
        """Get past a character blocking the way: an attack of ``attribute`` + Stamina,
        Athletics or Brawl that deals no damage."""
        if trait not in ("Stamina", "Athletics", "Brawl"):
            raise PoolError(f"getting past someone pairs {attribute} with Stamina, Athletics "
                            f"or Brawl, not {trait}")
        return self.attack(attribute, trait, damage=None, task=task or "Push past")

    def defense(self) -> Resistance:
        """Defense: Wits + the lower of Strength and Dexterity, with the character's
        armor."""
        return defense(self.name, self.attribute("Wits"), self.attribute("Strength"),
                       self.attribute("Dexterity"), armor=self.armor, target=self.attributes)

    def resist(self, first: str, second: str, *, special: str = "") -> Resistance:
        """Another resistance pool: ``first`` + ``second`` (Strength + Dexterity against a
        disarm, Strength + Stamina against a shove, where size adds an Edge).

        ``special``: the special trait (a merit, a supernatural power) that lets the
        character mitigate harm with this pool instead of Defense. Like Defense, such a
        pool takes no Edge from equipment or other persistent states of affairs, only one
        of the moment ("Resisting Attack").

        Examples:
            >>> mara = Character("Mara", {"Dexterity": 3}, {"Athletics": 2})
            >>> mara.resist("Dexterity", "Athletics", special="Acrobatic Dodge")
            <Mara, Dexterity + Athletics (Acrobatic Dodge): 5d10>
        """
        task = f"{first} + {second}" + (f" ({special})" if special else "")
        made = Resistance(self.name, ((first, self.dots(first)), (second, self.dots(second))),
                          task, kind=f"{first} + {second}", no_edge=bool(special),
                          target=self.attributes)
        if {first, second} == {"Strength", "Stamina"} and self.size_edge:
            return (made.with_edge(self.size_edge, "size") if self.size_edge > 0 else
                    made.with_difficulty(-self.size_edge, "size"))
        return made

    def bulwark(self, trait: str, *, blocking: str) -> Resistance:
        """Stand in the way of ``blocking`` (a doorway, a hallway): Strength + ``trait``
        (Stamina or Brawl) resists anyone pushing past. Open ground cannot be blocked so."""
        if trait not in ("Stamina", "Brawl"):
            raise PoolError(f"a bulwark resists with Strength + Stamina or Brawl, not {trait}")
        if not blocking:
            raise TurnError(f"{self.name} cannot stop anyone crossing open ground by standing "
                            "there: name the passage they block (blocking='the doorway'), or "
                            "spend an instant action to hinder them")
        return self.resist("Strength", trait).named(f"Bulwark in {blocking}")

    def resist_power(self, attribute: str) -> Resistance:
        """Resist a supernatural power: ``attribute`` (Composure, Resolve or Stamina) + the
        Power Trait, never with an Edge, usable even unconscious."""
        if attribute not in POWER_RESISTANCES:
            raise PoolError(f"powers are resisted with {', '.join(POWER_RESISTANCES)}, not "
                            f"{attribute}")
        traits = [(attribute, self.attribute(attribute))]
        if self.power is not None:
            traits.append(self.power)
        kind = " + ".join(name for name, _ in traits)
        return Resistance(self.name, tuple(traits), kind, kind=kind, no_edge=True,
                          supernatural=True, target=self.attributes)

    def stat_line(self) -> StatLine:
        """The character as a card shows them: Attributes, Skills, then armor, size and
        power."""
        stats = [(name, str(dots)) for name, dots in self.attributes.items()]
        stats += [(name, str(dots)) for name, dots in self.skills.items()]
        if self.power is not None:
            stats.append((self.power[0], str(self.power[1])))
        notes = [f"armor {self.armor}"] if self.armor else []
        if self.size_edge:
            notes.append(f"size: {'Edge' if self.size_edge > 0 else 'Difficulty'} "
                         f"{abs(self.size_edge)} on Strength + Stamina")
        if self.initiative is not None:
            notes.append(f"Initiative {self.initiative:+d}")
        return StatLine(self.name, tuple(stats), tuple(notes))

    def __repr__(self) -> str:
        parts = [", ".join(f"{k} {v}" for k, v in ratings.items())
                 for ratings in (self.attributes, self.skills)]
        extra = [f"armor {self.armor}"] if self.armor else []
        extra += [f"size Edge {self.size_edge}"] if self.size_edge else []
        extra += [f"{self.power[0]} {self.power[1]}"] if self.power else []
        return f"<{self.name}: {'; '.join(p for p in [*parts, *extra] if p)}>"


def _known(name: str, kind: str, known: tuple[str, ...]) -> None:
    if name not in known:
        raise CharacterError(f"{name} is not {'an' if kind == 'Attribute' else 'a'} {kind}: "
                             f"the {kind}s are {', '.join(known)}")

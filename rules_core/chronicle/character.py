"""Characters: abilities with their specialties, weapons, armor, Destiny Points, Movement.

A Song of Ice and Fire Roleplaying, core rules: an ability's **rank** is the number of test
dice; a **specialty** of the ability adds its bonus dice. From the sheet come **Health** (3 ×
Endurance), **Combat Defense** (Agility + Athletics + Awareness + Defensive bonuses − armor
penalty), **passive values** (4 × rank, + a specialty's bonus dice), and each weapon's **base
damage** (the rank of its damage ability + its modifier). "Combat Actions" states none of
these formulas; it uses them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from rules_core.chronicle.equipment import NO_ARMOR, Armor, Weapon
from rules_core.chronicle.errors import CharacterError
from rules_core.chronicle.readings import DEFAULT_READINGS, Readings
from rules_core.chronicle.rolling import AbilityTest
from rules_core.chronicle.specialties import check_specialty
from rules_core.words import whole

HEALTH_PER_ENDURANCE = 3
"""Health is 3 × Endurance (SIFRP core rules)."""

PASSIVE_PER_RANK = 4
"""A passive value is 4 × rank (SIFRP core rules)."""

SPRINT_PER_MOVEMENT = 4
"""Sprint is four times Movement, unless the sheet says otherwise (SIFRP core rules; "Combat
Actions" gives no figure)."""

DEFENSE_ABILITIES = ("Agility", "Athletics", "Awareness")
"""The abilities that add up to Combat Defense (SIFRP core rules)."""


@dataclass(frozen=True, repr=False)
class Character:
    """A character sheet.

    ``abilities`` maps abilities to ranks; ``specialties`` maps an ability to its specialties
    and their bonus dice, e.g. ``{"Fighting": {"Long Blades": 2}}``. ``weapons`` are held at
    the start of a fight, main hand first; ``armor`` is worn; ``destiny`` counts Destiny
    Points; ``movement`` is in yards (``sprint`` four times that unless given).

    Examples:
        >>> from rules_core.chronicle import Weapon, Armor
        >>> edric = Character("Edric", {"Agility": 3, "Athletics": 4, "Awareness": 3,
        ...     "Endurance": 4, "Fighting": 5}, {"Fighting": {"Long Blades": 2}},
        ...     weapons=(Weapon("longsword", specialty="Long Blades", damage="Athletics",
        ...                     modifier=1),), armor=Armor("ringmail", 4, 2))
        >>> edric  # doctest: +ELLIPSIS
        <Edric: Agility 3, ..., Fighting 5 (Long Blades 2B); longsword; ringmail>
        >>> edric.health, edric.combat_defense, edric.passive("Fighting", "Long Blades")
        (12, 8, 22)
        >>> edric.test("Fighting", "Long Blades")
        <Edric, Fighting 5D + 2B (Long Blades ×2)>
        >>> edric.test("Agility")
        <Edric, Agility 3D − 2 (armor penalty)>
    """

    name: str
    abilities: Mapping[str, int] = field(default_factory=dict)
    specialties: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    armor: Armor = NO_ARMOR
    destiny: int = 0
    movement: int = 4
    sprint: int | None = None

    def __post_init__(self) -> None:
        for ability, rank in self.abilities.items():
            whole(rank, f"{self.name}'s {ability} rank", minimum=1, error=CharacterError)
        specialties = {}
        for ability, named in self.specialties.items():
            if ability not in self.abilities:
                raise CharacterError(f"{self.name} has a {ability} specialty but no {ability} "
                                     f"rank: add it, e.g. abilities={{{ability!r}: 3}}")
            for specialty, dice in named.items():
                whole(dice, f"{self.name}'s {specialty} bonus dice", minimum=1,
                      error=CharacterError)
            specialties[ability] = MappingProxyType(dict(named))
        if isinstance(self.weapons, Weapon):
            object.__setattr__(self, "weapons", (self.weapons,))
        whole(self.destiny, f"{self.name}'s Destiny Points", error=CharacterError)
        whole(self.movement, f"{self.name}'s Movement", error=CharacterError)
        sprint = SPRINT_PER_MOVEMENT * self.movement if self.sprint is None else self.sprint
        whole(sprint, f"{self.name}'s Sprint", error=CharacterError)
        object.__setattr__(self, "sprint", sprint)
        object.__setattr__(self, "abilities", MappingProxyType(dict(self.abilities)))
        object.__setattr__(self, "specialties", MappingProxyType(specialties))

    def __deepcopy__(self, memo: dict[int, object]) -> Character:
        return self  # immutable: a copy of a combat shares its sheets

    def rank(self, ability: str) -> int:
        """The rank of ``ability``."""
        if ability not in self.abilities:
            raise CharacterError(f"{self.name} has no {ability} rank: add it, e.g. "
                                 f"abilities={{{ability!r}: 2}}")
        return self.abilities[ability]

    def specialty(self, ability: str, name: str) -> int:
        """The bonus dice of specialty ``name`` of ``ability`` (0 if the character lacks it);
        a name that is neither the character's nor one the rules list for the ability (a
        misspelling) is refused, naming the character's specialties."""
        self.rank(ability)
        own = self.specialties.get(ability, {})
        check_specialty(self.name, ability, name, own)
        return own.get(name, 0)

    def test(self, ability: str, specialty: str = "", *, readings: Readings = DEFAULT_READINGS,
             armor_penalty: bool = True) -> AbilityTest:
        """A test of ``ability`` (with ``specialty``'s bonus dice); an Agility test takes the
        armor penalty (unless ``armor_penalty`` is False: a spent Destiny Point)."""
        test = AbilityTest(self.name, ability, self.rank(ability), readings=readings)
        if specialty:
            test = test.with_bonus(specialty, self.specialty(ability, specialty))
        if ability == "Agility" and self.armor.penalty and armor_penalty:
            test = test.plus("armor penalty", -self.armor.penalty)
        return test

    @property
    def health(self) -> int:
        """Health: 3 × Endurance."""
        return HEALTH_PER_ENDURANCE * self.rank("Endurance")

    @property
    def combat_defense(self) -> int:
        """Agility + Athletics + Awareness + the Defensive bonuses of the weapons held −
        the armor penalty."""
        return self.defense_from(self.weapons)

    def defense_from(self, held: tuple[Weapon, ...], *, armor_penalty: bool = True) -> int:
        """Combat Defense with the weapons ``held`` (and without the armor penalty, if
        ``armor_penalty`` is False)."""
        total = sum(self.rank(ability) for ability in DEFENSE_ABILITIES)
        total += sum(weapon.defensive for weapon in held)
        return total - (self.armor.penalty if armor_penalty else 0)

    def passive(self, ability: str, specialty: str = "") -> int:
        """The passive value of ``ability``: 4 × rank, + the bonus dice of ``specialty``."""
        extra = self.specialty(ability, specialty) if specialty else 0
        return PASSIVE_PER_RANK * self.rank(ability) + extra

    def weapon(self, name: str = "") -> Weapon:
        """The weapon called ``name`` (the first one, without a name)."""
        for weapon in self.weapons:
            if weapon.name == name or not name:
                return weapon
        carried = ", ".join(w.name for w in self.weapons) or "none"
        raise CharacterError(f"{self.name} carries no {name or 'weapon'} (carried: {carried})")

    def base_damage(self, weapon: Weapon) -> int:
        """The weapon's base damage in these hands: the damage ability's rank + modifier."""
        return self.rank(weapon.damage) + weapon.modifier - weapon.nicks

    def lowered(self, ability: str) -> Character:
        """This character with ``ability`` one rank lower (maimed), at least rank 1."""
        ranks = {**self.abilities, ability: max(self.rank(ability) - 1, 1)}
        return replace(self, abilities=ranks)

    def __repr__(self) -> str:
        ranks = []
        for ability, rank in self.abilities.items():
            named = self.specialties.get(ability, {})
            extra = ", ".join(f"{s} {b}B" for s, b in named.items())
            ranks.append(f"{ability} {rank}" + (f" ({extra})" if extra else ""))
        parts = [", ".join(ranks)]
        if self.weapons:
            parts.append(", ".join(w.name for w in self.weapons))
        if self.armor is not NO_ARMOR:
            parts.append(self.armor.name)
        if self.destiny:
            parts.append(f"Destiny {self.destiny}")
        return f"<{self.name}: {'; '.join(parts)}>"

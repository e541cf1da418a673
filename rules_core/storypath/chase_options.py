"""What a chase rolls, and the modifiers made for chases (Storypath, "Action-Adventure",
"Chases" and "General Chase Options").

**Pools.** On foot, Athletics; in a vehicle, Pilot. The Attribute follows the course: Might
for a flat-out sprint, Dexterity through obstacles or on unstable ground, Stamina for
endurance, Intellect in a maze or puzzle, Cunning for split-second moments. Driving always
uses Cunning or Dexterity.

**Options**, each rated 1 to 3 where it has a rating:

- **Head Start** (1–3 Enhancement): on any interval where a side starts before the other can
  react; the longer the lead against the interval's length, the higher;
- **Hazard** (1–3 Complication): ice, mines, acid; unless bought off, it inflicts an Injury
  Condition of the same rating;
- **Snatch and Grab** (costs 1 threshold success): something useful picked up on the way,
  worth +1 Enhancement on rolls where it is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules_core.storypath.action import Action
from rules_core.storypath.character import Character
from rules_core.storypath.errors import ChaseError
from rules_core.storypath.terms import Item
from rules_core.words import is_whole

CHASE_SKILLS: Mapping[str, str] = MappingProxyType({"foot": "Athletics", "vehicle": "Pilot"})
"""The Skill of a chase: Athletics on foot, Pilot in a vehicle."""

COURSES: Mapping[str, str] = MappingProxyType({
    "sprint": "Might", "obstacles": "Dexterity", "endurance": "Stamina", "maze": "Intellect",
    "split-second": "Cunning"})
"""The Attribute of a chase, by the kind of course."""

DRIVING = ("Cunning", "Dexterity")
"""The Attributes a driver may roll: always Cunning or Dexterity."""

SNATCH_COST = 1
"""Threshold successes a Snatch and Grab costs (Scion 2nd Edition, "General Chase
Options"); the item it picks up lends [`ITEM_ENHANCEMENT`][rules_core.storypath.ITEM_ENHANCEMENT]
where used."""

SNATCH_AND_GRAB = "Snatch and Grab"
"""The name of the stunt that picks up an item on the way."""


def chase_pool(character: Character, course: str, *, on: str = "foot",
               difficulty: int = 1) -> Action:
    """``character``'s chase roll over ``course`` (a key of
    [`COURSES`][rules_core.storypath.COURSES]), ``on`` foot or in a vehicle,
    against ``difficulty`` for each lap.

    Examples:
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Might": 2, "Dexterity": 3}, {"Athletics": 3})
        >>> chase_pool(ana, "sprint")
        <Ana, Chase (sprint): 5d10, Difficulty 1>
        >>> chase_pool(ana, "sprint", on="vehicle")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.storypath.errors.ChaseError: driving always uses Cunning or Dexterity, ...
    """
    if on not in CHASE_SKILLS:
        raise ChaseError(f"a chase is on {' or in a '.join(CHASE_SKILLS)}, not {on!r}")
    if course not in COURSES:
        raise ChaseError(f"{course!r} is not a kind of course: the kinds are "
                         f"{', '.join(COURSES)}")
    attribute = COURSES[course]
    if on == "vehicle" and attribute not in DRIVING:
        raise ChaseError(f"driving always uses Cunning or Dexterity, not {attribute} (a "
                         f"{course}): pick the obstacles or split-second course")
    return character.action(CHASE_SKILLS[on], attribute, difficulty=difficulty,
                            task=f"Chase ({course})")


def check_rating(rating: int, what: str) -> int:
    """``rating`` if it is 1, 2 or 3; else a clear error naming ``what``."""
    if not (is_whole(rating, 1) and rating <= 3):
        raise ChaseError(f"a {what} is rated 1 to 3, not {rating!r}")
    return rating


@dataclass(frozen=True)
class Hazard:
    """A hazard on an interval's course: a Complication of ``rating`` (1 to 3) that inflicts
    an Injury Condition of the same rating unless bought off; ``what`` it is."""

    rating: int
    what: str

    def __post_init__(self) -> None:
        check_rating(self.rating, "Hazard")

    @property
    def harm(self) -> str:
        """What happens if it is not bought off."""
        return f"{self.what}: an Injury Condition of rating {self.rating}"


def head_start(action: Action, rating: int) -> Action:
    """``action`` with a Head Start: +``rating`` Enhancement (1 to 3)."""
    return action.enhanced(check_rating(rating, "Head Start"), "Head Start")


def hazard(action: Action, found: Hazard) -> Action:
    """``action`` facing ``found``: its Complication, an Injury Condition if not bought
    off."""
    return action.complicated(found.rating, found.harm)


def snatch_and_grab(action: Action, item: str) -> Action:
    """``action`` trying to pick up ``item`` on the way, for 1 threshold success (after any
    Complication is bought off); the item, once picked up, is an
    [`Item`][rules_core.storypath.Item] worth +1 Enhancement where used."""
    return action.with_stunt(SNATCH_AND_GRAB, SNATCH_COST, str(Item(item)))

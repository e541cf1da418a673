"""Movement: the rolls of the movement actions, terrain, and speed in feet (Storypath,
"Action-Adventure", "Movement"; "Difficult and Dangerous Terrain").

- **Barrier**: Athletics + Might or Dexterity against the Difficulty the Storyguide sets.
- **Disengage**: Athletics + Might or Dexterity against the opponent's Close Combat + Might;
  **ties go to the one disengaging**. An opponent who relents, or an Extra, cannot stop it.
- **Rush**: Athletics + Dexterity or Might on both sides, if the target resists; **ties go
  to the one rushing**.
- **Utilize Cover**: Athletics + Dexterity.
- **Withdraw**: Athletics + Dexterity or Might for each range band; if someone pursues, it is
  contested as more disengaging.
- **Difficult terrain**: the Move becomes an Athletics + Dexterity roll, and every other
  movement action is at **+1 Difficulty** (in a contest: the mover must win by one more).
- **Dangerous terrain**: crossing it brings a Complication; an Athletics roll can buy it off.
  That roll counts among the other movement actions: on ground that is also difficult it is
  at +1 Difficulty (our reading; the source does not say).

The turn that spends these actions is [`Turn`][rules_core.storypath.Turn].
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.contest import Side
from rules_core.dice import DiceSource
from rules_core.explain import Explanation, TableView
from rules_core.storypath.action import Action
from rules_core.storypath.character import Character
from rules_core.storypath.contested import Contested, contest
from rules_core.storypath.errors import ActionError

OPEN = "open"
"""Terrain that does not hinder movement."""

DIFFICULT = "difficult"
"""Terrain that hinders movement (mud, loose stones, a rotten floor)."""

TERRAINS = (OPEN, DIFFICULT)
"""The kinds of terrain a turn can be on (dangerous terrain is a Complication to cross)."""

MOVE_ATTRIBUTES = ("Might", "Dexterity")
"""The Attributes a movement roll may add to Athletics."""

TWICE_ATHLETICS = "twice Athletics, plus"
"""Speed read as 2 × Athletics + highest Physical Attribute (the words' order; our default)."""

TWICE_BOTH = "twice both"
"""Speed read as 2 × (Athletics + highest Physical Attribute)."""


def movement(character: Character, task: str, attribute: str = "Dexterity", *,
             difficulty: int = 1, terrain: str = OPEN) -> Action:
    """A movement roll: Athletics + ``attribute`` against ``difficulty``, one harder on
    difficult terrain."""
    if attribute not in MOVE_ATTRIBUTES:
        raise ActionError(f"a movement roll adds Might or Dexterity to Athletics, not "
                          f"{attribute}")
    action = character.action("Athletics", attribute, difficulty=difficulty, task=task)
    return action.harder(1, "difficult terrain") if check_terrain(terrain) == DIFFICULT else action


def difficult_move(character: Character) -> Action:
    """The Move on difficult terrain: Athletics + Dexterity for one range band (Difficulty 1:
    the +1 is for the other movement actions)."""
    return character.action("Athletics", "Dexterity", task="Move (difficult terrain)")


def disengaging(character: Character, opponent: Character, dice: DiceSource,
                defence: DiceSource, *, attribute: str = "Dexterity", terrain: str = OPEN,
                task: str = "Disengage") -> Contested:
    """``character`` pulls away from ``opponent``: Athletics + ``attribute`` against Close
    Combat + Might; ties go to the one disengaging."""
    mover = movement(character, task, attribute)
    why = (f"Ties favour the character disengaging, {character.name}." if task == "Disengage"
           else f"Ties favour {character.name}: a pursued {task} is treated as more "
           "disengaging.")
    return contest(mover, opponent.action("Close Combat", "Might", task="Hold on"), dice=dice,
                   defence=defence, ties_to=Side.ACTOR, task=task, why=why, by=_by(terrain))


def rushing(character: Character, opponent: Character, dice: DiceSource, defence: DiceSource,
            *, attribute: str = "Dexterity", resisting: str = "Dexterity",
            terrain: str = OPEN) -> Contested:
    """``character`` charges ``opponent``, who resists: Athletics + ``attribute`` against
    Athletics + ``resisting``; ties go to the one rushing."""
    mover = movement(character, "Rush", attribute)
    return contest(mover, movement(opponent, "Keep away", resisting), dice=dice,
                   defence=defence, ties_to=Side.ACTOR, task="Rush",
                   why=f"Ties favour the character rushing, {character.name}.",
                   by=_by(terrain))


def _by(terrain: str) -> int:
    return 1 if check_terrain(terrain) == DIFFICULT else 0


def check_terrain(terrain: str) -> str:
    """``terrain`` if it is a kind of terrain; else a clear error."""
    if terrain not in TERRAINS:
        raise ActionError(f"terrain is {' or '.join(map(repr, TERRAINS))}, not {terrain!r} "
                          "(dangerous terrain is a Complication: Turn.cross_dangerous)")
    return terrain


@dataclass(frozen=True, repr=False)
class Speed:
    """How far ``who`` moves in a turn, in feet, when it matters: twice Athletics plus the
    highest Physical Attribute. The words do not say whether "twice" covers both, so both
    readings are kept: ``feet`` under ``grouping``, ``other`` under the other one."""

    who: str
    athletics: int
    attribute: str
    dots: int
    grouping: str = TWICE_ATHLETICS

    @property
    def feet(self) -> int:
        """Feet per turn under ``grouping``."""
        return self.reading(self.grouping)

    @property
    def other(self) -> int:
        """Feet per turn under the other reading."""
        return self.reading(TWICE_BOTH if self.grouping == TWICE_ATHLETICS else
                            TWICE_ATHLETICS)

    def reading(self, grouping: str) -> int:
        """Feet per turn under ``grouping`` (``TWICE_ATHLETICS`` or ``TWICE_BOTH``)."""
        if grouping == TWICE_ATHLETICS:
            return 2 * self.athletics + self.dots
        if grouping == TWICE_BOTH:
            return 2 * (self.athletics + self.dots)
        raise ActionError(f"speed is read as {TWICE_ATHLETICS!r} or {TWICE_BOTH!r}, not "
                          f"{grouping!r}")

    def formula(self, grouping: str) -> str:
        """The sum in numbers: ``2 × 3 + 2``."""
        a, p = self.athletics, self.dots
        return f"2 × {a} + {p}" if grouping == TWICE_ATHLETICS else f"2 × ({a} + {p})"

    def explain(self) -> Explanation:
        """Both readings side by side."""
        rows = tuple((g, self.formula(g), f"{self.reading(g)} ft")
                     for g in (TWICE_ATHLETICS, TWICE_BOTH))
        return Explanation(
            title=f"{self.who}: speed on foot",
            lines=(f"Athletics {self.athletics}; highest Physical Attribute: {self.attribute} "
                   f"{self.dots}.", f"{self.feet} feet per turn ({self.grouping}); the other "
                   f"reading gives {self.other}."),
            tables=(TableView("Feet per turn", ("Reading", "Sum", "Speed"), rows),))

    def __repr__(self) -> str:
        return (f"<{self.who}: {self.feet} ft per turn ({self.formula(self.grouping)}); "
                f"read the other way, {self.other} ft>")


def speed(character: Character, grouping: str = TWICE_ATHLETICS) -> Speed:
    """``character``'s speed on foot, unimpeded: twice Athletics + highest Physical
    Attribute, read as ``grouping`` (the other reading is kept beside it).

    Examples:
        >>> from rules_core.storypath import Character
        >>> speed(Character("Ana", {"Might": 2, "Dexterity": 3}, {"Athletics": 3}))
        <Ana: 9 ft per turn (2 × 3 + 3); read the other way, 12 ft>
    """
    best = character.best_physical()
    found = Speed(character.name, character.skill("Athletics"), best,
                  character.attribute(best), grouping)
    found.reading(grouping)  # a clear error for an unknown grouping
    return found

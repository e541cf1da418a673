"""The roll a reader can make on the Kruhl pages: a skill roll against a difficulty.

The reader sets the character's training in the skill, the attribute and the gear it adds,
bonus and penalty dice, and a difficulty value; the GM rolls 2d6 + DV against it, and ties
go to the actor (Kruhl 3e, "Skill Roll", "Unopposed Tasks", "Bonuses And Penalties").
"""

from __future__ import annotations

from rules_core.dice import DiceSource
from rules_core.kruhl.character import Character
from rules_core.kruhl.contest import Contest, unopposed
from rules_core.kruhl.difficulties import DV_LADDER
from rules_core.kruhl.training import Training
from rules_core.roll_form import ChoiceField, NumberField, RollForm, Values

SKILL = "Skill"
"""The skill the roller rolls: only its training matters, so it is called what it is."""

ATTRIBUTE = "Attribute"
"""The attribute the roll adds, as the form calls it."""


def roll_skill(values: Values, dice: DiceSource) -> Contest:
    """Roll the form's skill check, then the GM's 2d6 + DV, both from ``dice``."""
    equipment = {"gear": int(values["gear"])} if int(values["gear"]) else {}
    training = str(values["training"])
    skills = {} if training == Training.UNTRAINED.value else {SKILL: training}
    you = Character("Hero", {ATTRIBUTE: int(values["attribute"])}, skills=skills,
                    equipment=equipment)
    check = you.check(SKILL, ATTRIBUTE, using=tuple(equipment))
    bonus, penalty = int(values["bonus"]), int(values["penalty"])
    check = check.with_bonus(count=bonus) if bonus else check
    check = check.with_penalty(count=penalty) if penalty else check
    return unopposed(check, int(values["dv"]), dice=dice)


ROLL_FORM = RollForm(
    title="Roll a Kruhl skill check",
    intro=("Set your training, attribute and gear, any bonus or penalty dice, and the "
           "difficulty. You roll and add; the GM rolls 2d6 and adds the DV; you succeed on a "
           "tie or better."),
    fields=(
        ChoiceField("training", "Training", "skilled",
                    tuple((t.value, f"{t.value.capitalize()} ({_dice})") for t, _dice in (
                        (Training.UNTRAINED, "1d6"), (Training.SKILLED, "2d6"),
                        (Training.EXPERT, "2d6, 1s and 2s rerolled")))),
        NumberField("attribute", "Attribute", 3, 0, 10),
        NumberField("gear", "Gear rating", 0, 0, 3, "1 simple, 2 ordinary, 3 special-purpose"),
        NumberField("bonus", "Bonus dice", 0, 0, 5),
        NumberField("penalty", "Penalty dice", 0, 0, 5),
        ChoiceField("dv", "Difficulty value", "3",
                    tuple((str(rung.dv), f"DV {rung.dv}: {rung.name}") for rung in DV_LADDER
                          if rung.dv is not None)),
    ),
    roll=roll_skill,
)
"""The Kruhl roller: a skill check against 2d6 + DV."""

"""The roll a reader can make on the Storypath pages: one action against a Difficulty.

The reader sets the Skill and the Attribute (the pool, in d10s), the Difficulty, an
Enhancement and a Complication, and the target number (8, or 7 at higher tiers). Every die
showing the target number or more is a success and a 10 is rolled again; the Enhancement
counts only with a success of the dice's own; threshold successes buy off the Complication
(Storypath, "Action-Adventure"; Scion 2e's dice rules).
"""

from __future__ import annotations

from rules_core.dice import DiceSource
from rules_core.roll_form import ChoiceField, NumberField, RollForm, Values
from rules_core.storypath.character import ATTRIBUTES, SKILLS, Character
from rules_core.storypath.result import ActionResult


def roll_action(values: Values, dice: DiceSource) -> ActionResult:
    """Roll the form's action with ``dice``."""
    skill, attribute = str(values["skill_name"]), str(values["attribute_name"])
    hero = Character("Hero", {attribute: int(values["attribute"])},
                     {skill: int(values["skill"])}, target=int(values["target"]))
    action = hero.action(skill, attribute, difficulty=int(values["difficulty"]),
                         task=f"{skill} + {attribute}").enhanced(int(values["enhancement"]),
                                                                 "your edge")
    complication = int(values["complication"])
    if complication:
        action = action.complicated(complication, "the trouble you risk")
    return action.roll(dice)


ROLL_FORM = RollForm(
    title="Roll a Storypath action",
    intro=("Choose the Skill and Attribute and set their dots (one d10 each), the Difficulty, "
           "any Enhancement "
           "and Complication. Each die showing the target number or more is a success, and a "
           "10 is rolled again; successes beyond the Difficulty buy off the Complication."),
    fields=(
        ChoiceField("skill_name", "Skill", "Athletics", tuple((s, s) for s in SKILLS)),
        NumberField("skill", "Skill dots", 3, 0, 10),
        ChoiceField("attribute_name", "Attribute", "Dexterity",
                    tuple((a, a) for a in ATTRIBUTES)),
        NumberField("attribute", "Attribute dots", 3, 0, 10),
        NumberField("difficulty", "Difficulty", 1, 0, 10),
        NumberField("enhancement", "Enhancement", 0, 0, 5,
                    "added only if your dice show at least one success"),
        NumberField("complication", "Complication", 0, 0, 5, "0: none"),
        ChoiceField("target", "Target number", "8",
                    (("8", "8 or more (mortals and heroes)"), ("7", "7 or more (higher tiers)"))),
    ),
    roll=roll_action,
)
"""The Storypath roller: one action with its pool against a Difficulty."""

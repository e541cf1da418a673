"""The roll a reader can make on the Act of Hubris pages: an attack against a resistance.

The reader sets the attack pool (Attribute + Skill), its Edge and Difficulty, whether a
Willpower point is spent, the damage, and the defender's Defense pool and armor (with its
reading: a minimum, or added). Both sides roll d10s, 8 or more a success, 10s rolled again;
each of the defender's successes cancels one of the attacker's, and what is left is wounds,
5 at most (the Act of Hubris, "Attacking Other Characters", "Resisting Attack").
"""

from __future__ import annotations

from rules_core.dice import DiceSource
from rules_core.hubris.attack import Attack
from rules_core.hubris.damage import AGGRAVATED, BASHING, LETHAL
from rules_core.hubris.exchange import AttackResult
from rules_core.hubris.options import ADDED, MINIMUM, Options
from rules_core.hubris.resistance import DEFENSE, Resistance
from rules_core.roll_form import ChoiceField, NumberField, RollForm, Values


def roll_attack(values: Values, dice: DiceSource) -> AttackResult:
    """Roll the form's attack against the form's defender, both from ``dice``."""
    options = Options(armor=str(values["reading"]))
    attack = Attack("Hero", (("Attribute + Skill", int(values["attack"])),), "Attack",
                    means="form", damage=str(values["damage"]), options=options)
    attack = attack.with_edge(int(values["edge"]), "your weapon").with_difficulty(
        int(values["difficulty"]), "the situation")
    if values["willpower"] == "yes":
        attack = attack.with_willpower()
    foe = Resistance("Foe", (("Defense", int(values["defense"])),), DEFENSE,
                     kind=DEFENSE, no_edge=True, options=options)
    armor = int(values["armor"])
    if armor:
        foe = foe.protected(armor, "armor")
    return attack.against(foe, dice=dice, defence=dice)


ROLL_FORM = RollForm(
    title="Roll an Act of Hubris attack",
    intro=("Set your attack pool, its Edge and Difficulty, and your foe's Defense and armor. "
           "Each die showing 8 or more is a success and a 10 is rolled again; each of your "
           "foe's successes cancels one of yours, and what is left becomes wounds (5 at "
           "most). A pool cut to 0 dice rolls a chance die: only a 10 succeeds."),
    fields=(
        NumberField("attack", "Attack dice (Attribute + Skill)", 5, 0, 12),
        NumberField("edge", "Edge (dice added)", 2, 0, 5, "from the weapon or the situation"),
        NumberField("difficulty", "Difficulty (dice taken away)", 0, 0, 5),
        ChoiceField("willpower", "Spend Willpower", "no", (("no", "No"),
                                                           ("yes", "Yes: +3 dice"))),
        ChoiceField("damage", "Damage", LETHAL, ((BASHING, "Bashing"), (LETHAL, "Lethal"),
                                                 (AGGRAVATED, "Aggravated"))),
        NumberField("defense", "Foe's Defense dice (Wits + lower of Strength, Dexterity)", 4,
                    0, 10),
        NumberField("armor", "Foe's armor", 1, 0, 3, "guaranteed successes"),
        ChoiceField("reading", "Armor reading", MINIMUM,
                    ((MINIMUM, "A minimum (the chapter's reading)"),
                     (ADDED, "Added to the roll"))),
    ),
    roll=roll_attack,
)
"""The Act of Hubris roller: an attack pool against a Defense pool with armor."""

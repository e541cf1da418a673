"""The roll a reader can make on the Chronicle pages: one test against a Difficulty.

The reader sets the ability's rank (the test dice), bonus dice (rolled too, the best dice
kept), penalty dice, a flat modifier (injuries, armor) and the Difficulty; the result shows
its degrees of success, or how badly it failed, and the chance of doing as well (A Song of
Ice and Fire Roleplaying, "Combat Actions": tests, bonus and penalty dice, the Difficulty
ladder, degrees of success).
"""

from __future__ import annotations

from rules_core.chronicle.difficulties import LADDER
from rules_core.chronicle.result import TestResult
from rules_core.chronicle.rolling import AbilityTest
from rules_core.dice import DiceSource
from rules_core.roll_form import ChoiceField, NumberField, RollForm, Values


def roll_test(values: Values, dice: DiceSource) -> TestResult:
    """Roll the form's test: the test dice and the bonus dice together, from ``dice``."""
    test = AbilityTest("Hero", "Ability", int(values["rank"]))
    bonus, penalty = int(values["bonus"]), int(values["penalty"])
    test = test.with_bonus(n=bonus) if bonus else test
    test = test.with_penalty(n=penalty) if penalty else test
    test = test.plus("modifier", int(values["modifier"]))
    return test.against(int(values["difficulty"]), dice)


ROLL_FORM = RollForm(
    title="Roll a Chronicle test",
    intro=("Set the ability's rank and any bonus or penalty dice, a modifier and the "
           "Difficulty. You roll a die per rank, plus the bonus dice, keep as many of the "
           "best as your rank and add them up; every 5 over the Difficulty is one more degree "
           "of success."),
    fields=(
        NumberField("rank", "Ability rank (test dice)", 3, 1, 10),
        NumberField("bonus", "Bonus dice (B)", 0, 0, 10, "at most as many as the rank"),
        NumberField("penalty", "Penalty dice (−D)", 0, 0, 10),
        NumberField("modifier", "Modifier", 0, -10, 10, "−1 for each injury, armor penalty"),
        ChoiceField("difficulty", "Difficulty", "9",
                    tuple((str(rung.value), f"{rung.name} ({rung.value})") for rung in LADDER
                          if rung.value)),
    ),
    roll=roll_test,
)
"""The Chronicle roller: one test against a Difficulty."""

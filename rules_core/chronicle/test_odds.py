"""The odds a test's card shows: to reach its Difficulty, a critical hit, its degrees, a
fumble.

A Song of Ice and Fire Roleplaying, "Combat Actions", "Critical Successes", "Critical
Failures (Fumbles)": a test reaches its Difficulty unless every die shows 1 (a fumble fails,
whatever the total); an attack that reaches twice the Combat Defense is a critical hit. Each
question is asked of the procedure the test actually rolled, so a card's odds are the odds
of its own roll; where the dice cannot change the outcome, the question is settled.
"""

from __future__ import annotations

from rules_core.chronicle.test_dice import RolledTest
from rules_core.procedure import Highest, Procedure
from rules_core.question import AtLeast, AtMost, Question, Settled

SIDES = 6
"""The Chronicle System rolls six-sided dice."""


def chance_of(test: RolledTest, value: int, note: str = "") -> Question:
    """The question "``test`` reaches ``value``", settled where the dice cannot change it;
    ``note`` says what reaching it is (``"enough to hit Rorik's Combat Defense (9)"``).

    A value every total reaches is still missed when all the dice show 1 (a fumble), so its
    question is "a highest die of 2 or more".

    Examples:
        >>> from rules_core.chronicle import AbilityTest
        >>> chance_of(AbilityTest("Edric", "Athletics", 2), 13).why
        'the highest result possible, 12, falls short'
        >>> chance_of(AbilityTest("Edric", "Athletics", 2), 2).value  # a highest die of
        2
    """
    c = test.count()
    low, high = c.kept + test.modifier, SIDES * c.kept + test.modifier
    what = f"a result of {value} or more" + (f", {note}" if note else "")
    if test.automatic:
        return Settled(test.who, what, True, "a burned Destiny Point makes the test succeed")
    if value <= low and c.rolled:  # every result reaches it, but all ones fumble
        return AtLeast(Procedure(c.rolled, SIDES, reading=Highest()), 2, who=test.who,
                       event=f"{note or f'a result of {value} or more'}, since every result "
                       f"reaches {value} unless every die shows 1 (a fumble)")
    if value <= low:
        return Settled(test.who, what, True, f"the lowest result possible, {low}, reaches it")
    if value > high:
        return Settled(test.who, what, False,
                       f"the highest result possible, {high}, falls short")
    return AtLeast(test.procedure(), value, who=test.who, event=note)


def fumble_odds(who: str, dice: int) -> Question:
    """The chance that all ``dice`` show 1: a highest die of 1 or less (1 itself).

    Examples:
        >>> from rules_core.odds_text import describe
        >>> for part in describe(fumble_odds("Edric", 4)).split(" on 4d6, "):
        ...     print(part)
        Edric's chance of a highest die of exactly 1 (the lowest possible)
        a fumble (every die shows 1): 0.1% (1/1296)
    """
    if dice == 0:
        return Settled(who, "a fumble", False, "no die is rolled")
    return AtMost(Procedure(dice, SIDES, reading=Highest()), 1, who=who,
                  event="a fumble (every die shows 1)")

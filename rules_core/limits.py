"""Every limit the engine enforces, in one place, each with the check that enforces it.

Real rolls stay far below these; they exist so that a typo ("100d6"), a rule that can never
be satisfied (reroll every face) or a stuck dice source ends in a clear error instead of a
frozen build or browser tab. Checks read the limits when they run, so a test may lower one.
"""

from __future__ import annotations

from rules_core.errors import DiceError, DiceLimitError, NumberLimitError

MAX_DICE_PER_ROLL = 100
"""Most dice one roll may ask for."""

MAX_SIDES = 1000
"""Most faces a die may have."""

MAX_REROLLS_PER_DIE = 100
"""Most times one die may be rerolled ("reroll 1s and 2s until…"). With random dice a rule that
rerolls a third of the faces passes 100 rerolls of one die with odds near 10^-48."""

MAX_EXPLOSIONS_PER_DIE = 100
"""Most dice one die may add by exploding (a 10 rolled again, and again…)."""

MAX_ROUNDS = 100
"""Most rounds (or attempts) a play loop may run: an extended task, a chase, a roll-off."""

MAX_RULE_NUMBER = 1000
"""Largest number a rule may be given: a rating, a bonus, a Difficulty, a weapon's damage, an
Enhancement. The five games' numbers stay under 100; a number past this one is a typo
(``10**6``), and would make odds, tables and cards that no reader can use."""


def check_rule_number(value: int, what: str = "the number") -> None:
    """Raise [`NumberLimitError`][rules_core.errors.NumberLimitError] if ``value`` is past
    :data:`MAX_RULE_NUMBER` (either way)."""
    if abs(value) > MAX_RULE_NUMBER:
        raise NumberLimitError(
            f"{what} is {value:,}, past the engine's limit of {MAX_RULE_NUMBER:,} for any "
            "number of a rule (rules_core.limits.MAX_RULE_NUMBER)")


def check_roll_size(count: int, sides: int) -> None:
    """Raise unless ``count`` dice of ``sides`` faces is a roll the engine accepts."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise DiceError(
            f"cannot roll {count!r} dice: the number of dice must be a whole number, 0 or more")
    if count > MAX_DICE_PER_ROLL:
        raise DiceLimitError(
            f"a pool of {count}d{sides} is over the limit of {MAX_DICE_PER_ROLL} dice per roll"
        )
    check_sides(sides)


def check_sides(sides: int) -> None:
    """Raise unless a die of ``sides`` faces is one the engine accepts."""
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die must have a whole number of faces, 2 to {MAX_SIDES}, not {sides!r}")

"""Errors the engine raises on purpose, shared by every system.

Every message says what was wrong and what to do instead, because authors read them in
build output and readers read them on example cards. Each system adds its own refusals as
subclasses of [`RulesError`][rules_core.errors.RulesError] in its own package.
"""

from __future__ import annotations

from rules_core.names import running_text


class RulesCoreError(Exception):
    """Base class of every error the engine raises on purpose.

    An example may claim one of these as its outcome, written ``ErrorName: message`` (or
    the class alone, or any class it is a kind of); any other exception is a bug in the
    example or the engine. Its message reads names as running text does
    ([`running_text`][rules_core.names.running_text]).
    """

    def __str__(self) -> str:
        return running_text(super().__str__())


class RulesError(RulesCoreError):
    """A move the rules do not allow."""


class DiceError(RulesCoreError):
    """Dice input that cannot be rolled: a face outside the die, a pool too big."""


class DiceScriptError(DiceError):
    """Scripted faces that do not fit the roll: too few, too many, or used twice.

    ``rolled_for`` is what the roll was for, when the rule said so with
    [`rolling_for`][rules_core.dice.rolling_for] (the message then begins with it)."""

    rolled_for: str = ""


class LimitError(RulesCoreError):
    """One of the engine's limits ([`limits`][rules_core.limits]) was reached."""


class NumberLimitError(LimitError, RulesError):
    """A number given to a rule is past [`MAX_RULE_NUMBER`][rules_core.limits.MAX_RULE_NUMBER]."""


class DiceLimitError(LimitError, DiceError):
    """A roll asks for more dice than one roll may have."""


class RerollLimitError(LimitError, DiceError):
    """A die was rerolled more times than the engine allows (a runaway reroll rule)."""


class ExplosionLimitError(LimitError, DiceError):
    """A die added more dice by exploding than the engine allows."""


class RoundLimitError(LimitError, RulesError):
    """A play loop (an extended task, a chase, a roll-off) ran to its round limit."""

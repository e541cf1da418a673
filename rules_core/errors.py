"""Errors the engine raises when a move or an input is not allowed.

Every message says what was wrong and what to do instead, because authors read them in
build output and readers read them on example cards.
"""

from __future__ import annotations


class RulesCoreError(Exception):
    """Base class of every error the engine raises on purpose.

    An example may state one of these as its expected outcome; any other exception is a
    bug in the example or the engine.
    """


class RulesError(RulesCoreError):
    """A move the rules do not allow (a chain past its limit, AD that is not there)."""


class ChainError(RulesError):
    """An action cannot be chained to the one before it."""


class ChainLimitError(ChainError):
    """A chain would pass the actor's chain limit for that action type."""


class ActionDiceError(RulesError):
    """An actor spends Action Dice (AD) they do not have, or too few for a chained action."""


class DiceError(RulesCoreError):
    """Dice input that cannot be rolled: a face outside the die, a pool too big."""


class DiceScriptError(DiceError):
    """Scripted faces that do not fit the roll: too few, too many, or used twice."""


class RerollLimitError(DiceError):
    """A die was rerolled more times than the engine allows (a runaway reroll rule)."""

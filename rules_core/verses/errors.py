"""Moves the 'Verses Action Chaining rules refuse, each a kind of
[`RulesError`][rules_core.errors.RulesError].

Every message says what was wrong and what to do instead.
"""

from __future__ import annotations

from rules_core.errors import RulesError


class ChainError(RulesError):
    """An action cannot be chained to the one before it."""


class ChainLimitError(ChainError):
    """A chain would pass the actor's chain limit for that action type."""


class ActionDiceError(RulesError):
    """An actor spends Action Dice (AD) they do not have, or too few for a chained action."""

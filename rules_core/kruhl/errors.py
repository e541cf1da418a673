"""Moves the Warlords of Kruhl 3e rules refuse, each a kind of
[`RulesError`][rules_core.errors.RulesError].

Every message says what was wrong and what to do instead.
"""

from __future__ import annotations

from rules_core.errors import RoundLimitError, RulesError


class CharacterError(RulesError):
    """A character sheet the rules cannot use: a missing attribute, an unknown training."""


class SituationError(RulesError):
    """A circumstance that is not in the attack, defense or skill table for that roll."""


class ActionEconomyError(RulesError):
    """An action the turn has no room for: a second standard action, a move while restrained.

    Kruhl 3e, "Types Of Actions": one move action and one standard action per turn.
    """


class TurnOrderError(RulesError):
    """A turn out of order: a second turn in a round, a delayed turn nobody is holding."""


class ForcedActionError(TurnOrderError):
    """A forced action the rules do not allow: an attack, or a second one in a round."""


class ContestLimitError(RoundLimitError):
    """An extended task or contest ran to its round limit without an outcome."""


class FightError(RulesError):
    """A move in a fight that its state does not allow: a defeated attacker, no grapple."""


class PlotPointError(RulesError):
    """A plot point spent that is not there, or on a use the engine does not know."""

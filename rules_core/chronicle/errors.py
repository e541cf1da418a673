"""Moves the Chronicle System refuses, each a kind of
[`RulesError`][rules_core.errors.RulesError].

Every message says what was wrong and what to do instead.
"""

from __future__ import annotations

from rules_core.errors import RulesError


class ChronicleError(RulesError):
    """Base class of every move the Chronicle System refuses."""


class CharacterError(ChronicleError):
    """A sheet the rules cannot use: a missing ability, a rank that is not a whole number,
    a weapon the character does not carry."""


class TestError(ChronicleError):
    """A test that cannot be made as asked: a Destiny use that has nothing to act on, a
    bonus die converted that is not there."""

    __test__ = False  # not a pytest test class


class ActionError(ChronicleError):
    """An action the turn has no room for (a second attack, a Greater action after a Lesser
    one), or that the situation does not allow (a pinned character charging).

    Chronicle System, "Combat Actions": two Lesser actions or one Greater action a turn, and
    at most one attack action.
    """


class CombatError(ChronicleError):
    """A move in a combat that its state does not allow: a defeated fighter acting, a
    target who is not in the combat."""


class HarmError(ChronicleError):
    """Damage, injuries or wounds the rules do not allow: an injury past the Endurance
    rank, a recovery before its time."""


class DestinyError(ChronicleError):
    """A Destiny Point spent that is not there, or on a use the rules do not list."""

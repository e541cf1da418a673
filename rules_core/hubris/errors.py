"""Moves the Act of Hubris refuses, each a kind of
[`HubrisError`][rules_core.hubris.HubrisError] (itself a
[`RulesError`][rules_core.errors.RulesError]).

Every message says what was wrong and what to do instead.
"""

from __future__ import annotations

from rules_core.errors import RulesError


class HubrisError(RulesError):
    """Any move the Act of Hubris rules refuse."""


class CharacterError(HubrisError):
    """A character sheet the rules cannot use: a misspelt Attribute or Skill, a missing
    rating, armor outside 0 to 3, a mob with no dice."""


class PoolError(HubrisError):
    """A dice pool the rules do not allow: an Edge on Defense, a weapon's Edge on a Brawl
    attack, a firearm dealing bashing damage, Willpower spent twice on one roll."""


class AttackError(HubrisError):
    """An attack or defence set up against the rules: a guard protecting someone else,
    more targets than a mob can reach, autofire from a gun without it, a helpless target
    who could still defend."""


class InitiativeError(HubrisError):
    """An initiative order the rules do not allow: delaying to a higher value, interrupting
    without delaying, a new round before everyone has acted."""


class TurnError(HubrisError):
    """A turn with no room for a move: a second instant action, anything after the instant
    action, blocking open ground by standing on it."""


class DamageError(HubrisError):
    """Damage the rules cannot record: an unknown damage kind, a negative number of
    wounds."""

"""Moves the Storypath "Action-Adventure" rules refuse, each a kind of
[`StorypathError`][rules_core.storypath.StorypathError] (itself a
[`RulesError`][rules_core.errors.RulesError]).

Every message says what was wrong and what to do instead.
"""

from __future__ import annotations

from rules_core.errors import RulesError


class StorypathError(RulesError):
    """Any move the Storypath rules refuse."""


class CharacterError(StorypathError):
    """A character sheet the rules cannot use: a misspelt Attribute or Skill, a missing
    rating, a rating that is not a whole number."""


class ActionError(StorypathError):
    """A roll set up against the rules: a Difficulty below 0, a mixed action of two
    characters, an Enhancement that is not a whole number."""


class InitiativeError(StorypathError):
    """An initiative roll or roster the rules do not allow: a player character sharing a
    Storyguide character's roll, a slot taken twice."""


class TurnError(StorypathError):
    """A turn with no room for a move: a second simple action, a second Move in a round,
    moving after standing up, withdrawing while still engaged."""


class CoverError(StorypathError):
    """A hit the cover cannot take: on someone not behind it, or a ranged attack at someone
    behind full cover."""


class ChaseError(StorypathError):
    """A chase set up against the rules: a Head Start or Hazard rated outside 1 to 3, an
    interval limit below the laps needed, driving with Might."""

"""How a roll or an action turned out, in the kinds every system needs.

Most results are a plain success or failure; some systems grade them further (an
exceptional success and a dramatic failure, a critical success and a fumble). The card
draws the word and the tone (success or failure) from the outcome, whatever the system.
"""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """The outcome of a result; ``NONE`` where neither success nor failure applies."""

    NONE = ""
    """Neither: a table, a state, a roll with nothing to beat."""
    SUCCESS = "success"
    """A plain success."""
    FAILURE = "failure"
    """A plain failure."""
    EXCEPTIONAL_SUCCESS = "exceptional success"
    """A success graded above a plain one (a success, for its tone)."""
    DRAMATIC_FAILURE = "dramatic failure"
    """A failure graded below a plain one (a failure, for its tone)."""
    CRITICAL_SUCCESS = "critical success"
    """A critical success (a success, for its tone)."""
    FUMBLE = "fumble"
    """A fumble (a failure, for its tone)."""

    @property
    def succeeded(self) -> bool | None:
        """True for any success, False for any failure, None for ``NONE``."""
        if self is Outcome.NONE:
            return None
        return self in _SUCCESSES

    @property
    def tone(self) -> str:
        """``success``, ``failure`` or ``""``: how a card colours the verdict."""
        succeeded = self.succeeded
        return "" if succeeded is None else "success" if succeeded else "failure"

    @property
    def label(self) -> str:
        """The verdict as a card shows it: ``Success``, ``Dramatic failure``."""
        return self.value.capitalize()

    @classmethod
    def of(cls, succeeded: bool) -> Outcome:
        """``SUCCESS`` or ``FAILURE``."""
        return cls.SUCCESS if succeeded else cls.FAILURE


_SUCCESSES = frozenset({Outcome.SUCCESS, Outcome.EXCEPTIONAL_SUCCESS, Outcome.CRITICAL_SUCCESS})

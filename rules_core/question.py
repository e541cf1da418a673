"""The questions a card asks about a roll, answered exactly by :mod:`rules_core.odds`.

A result states its questions as plain values built from the :class:`~rules_core.procedure.
Procedure` it actually rolled, so the odds shown beside a roll are the odds of that roll:

- :class:`AtLeast`: how likely is this result or better, and what is the average?
- :class:`Wins`: how likely is the actor to win this contest?
- :class:`Settled`: the dice cannot change the outcome (an automatic failure);
- :class:`NoOdds`: there is no exact answer for the whole (a chase over many rounds); the
  card says so instead of showing an estimate.

Nothing here imports icepool; answering is :mod:`rules_core.odds`' job.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.procedure import Procedure


@dataclass(frozen=True)
class AtLeast:
    """The chance that ``procedure`` reads ``value`` or more, and its mean."""

    procedure: Procedure
    value: int


@dataclass(frozen=True)
class Wins:
    """The chance that the actor's reading minus the opponent's is ``margin`` or more.

    ``margin`` is what the contest rule needs: 0 when ties go to the actor, 1 when the actor
    needs more, the Success Target when successes cancel successes.
    """

    actor: str
    procedure: Procedure
    opponent: str
    against: Procedure
    margin: int


@dataclass(frozen=True)
class Settled:
    """A result the dice cannot change: ``what`` is certain (or impossible), ``why``."""

    what: str
    succeeded: bool
    why: str


@dataclass(frozen=True)
class NoOdds:
    """No exact odds for ``what``; ``why`` says why (shown instead of an estimate)."""

    what: str
    why: str


Question = AtLeast | Wins | Settled | NoOdds

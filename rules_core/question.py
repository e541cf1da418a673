"""The questions a card asks about a roll, answered exactly by [`odds`][rules_core.odds].

A result states its questions as plain values built from the
[`Procedure`][rules_core.procedure.Procedure] it actually rolled, so the odds shown beside a
roll are the odds of that roll:

- [`AtLeast`][rules_core.question.AtLeast]: how likely is this result or better, and what is the
  average?
- [`Wins`][rules_core.question.Wins]: how likely is the actor to win this contest?
- [`Repeated`][rules_core.question.Repeated]: how likely are so many successes in so many tries?
- [`Settled`][rules_core.question.Settled]: the dice cannot change the outcome (an automatic
  failure);
- [`NoOdds`][rules_core.question.NoOdds]: there is no exact answer for the whole (a chase over many
  rounds); the card says so instead of showing an estimate.

A result's ``explain()`` puts its questions in ``Explanation.odds``. Nothing here imports
icepool; answering is the job of [`odds`][rules_core.odds].
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.procedure import Procedure


@dataclass(frozen=True)
class AtLeast:
    """The chance that ``who``'s ``procedure`` reads ``value`` or more, and its mean.

    ``per`` names what the chance is of when a card repeats it (``"round"``, ``"attempt"``);
    ``note`` says what the roll is, if the card needs it (``"the plot-point die alone"``).
    """

    procedure: Procedure
    value: int
    who: str = ""
    per: str = ""
    note: str = ""


@dataclass(frozen=True)
class Wins:
    """The chance that the actor's reading minus the opponent's is ``margin`` or more.

    ``margin`` is what the contest rule needs: 0 when ties go to the actor, 1 when the actor
    needs more, the Success Target when successes cancel successes; ``note`` says it in the
    rule's words (``"ties go to Soraya"``). ``per`` as for [`AtLeast`][rules_core.question.AtLeast].
    """

    actor: str
    procedure: Procedure
    opponent: str
    against: Procedure
    margin: int
    note: str = ""
    per: str = ""


@dataclass(frozen=True)
class Repeated:
    """The chance of ``needed`` or more successes in ``tries`` independent tries of ``each``
    (an extended task: so many successes within so many attempts). ``what`` names the whole,
    ``tries_note`` says where the number of tries comes from, if not from the rules."""

    each: AtLeast | Wins
    needed: int
    tries: int
    what: str
    tries_note: str = ""


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


Question = AtLeast | Wins | Repeated | Settled | NoOdds
"""Any question a card may ask."""


def each(question: Question, per: str) -> Question:
    """``question`` as the chance of each ``per`` (``"round"``, ``"attempt"``) of a loop."""
    return replace(question, per=per) if isinstance(question, AtLeast | Wins) else question

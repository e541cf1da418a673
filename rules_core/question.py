"""The questions a card asks about a roll, answered exactly by [`odds`][rules_core.odds].

A result states its questions as plain values built from the
[`Procedure`][rules_core.procedure.Procedure] it actually rolled, so the odds shown beside a
roll are the odds of that roll. Each question carries its ``event``: what the dice doing so
means in the rules' words (``"enough for 3 damage"``, ``"a critical hit (twice 9)"``,
``"a hit"``), which the card prints with the chance
([`odds_text`][rules_core.odds_text]):

- [`AtLeast`][rules_core.question.AtLeast]: how likely is a reading of so much or more: a
  number the rules set (a Difficulty, twice a defence), or the result shown (``shown``);
- [`AtMost`][rules_core.question.AtMost]: how likely is a reading of so much or less (a
  fumble: every die shows 1);
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

from dataclasses import InitVar, dataclass, replace

from rules_core.procedure import Procedure
from rules_core.renames import warn_renamed


@dataclass(frozen=True)
class AtLeast:
    """The chance that ``who``'s ``procedure`` reads ``value`` or more, and its mean.

    ``event`` says what that reading is in the rules' words (``"enough to hit Rorik's Combat
    Defense (9)"``). A ``value`` the rules set is asked as it is: where every reading reaches
    it, the chance is certain. With ``shown``, ``value`` is the result the card shows and the
    question is "this result or better"; asked of the lowest result possible, whose "or
    more" is certain and says nothing, the chance is of that result itself (``event`` then
    names that result: ``"a failure"``). ``per`` names what the chance is of when a card
    repeats it (``"round"``, ``"attempt"``). ``note=`` is the old name of ``event=``
    (deprecated, gone in 0.5.0).
    """

    procedure: Procedure
    value: int
    who: str = ""
    event: str = ""
    per: str = ""
    shown: bool = False
    note: InitVar[str | None] = None

    def __post_init__(self, note: str | None) -> None:
        if note is not None:
            warn_renamed("AtLeast(note=...)", "AtLeast(event=...)")
            object.__setattr__(self, "event", note)


@dataclass(frozen=True)
class AtMost:
    """The chance that ``who``'s ``procedure`` reads ``value`` or less (``event``, ``per`` as
    for [`AtLeast`][rules_core.question.AtLeast]): a fumble is a highest die of 1 or less."""

    procedure: Procedure
    value: int
    who: str = ""
    event: str = ""
    per: str = ""


@dataclass(frozen=True)
class Wins:
    """The chance that the actor's reading minus the opponent's is ``margin`` or more.

    ``margin`` is what the contest rule needs: 0 when ties go to the actor, 1 when the actor
    needs more, the Success Target when successes cancel successes; ``note`` says how the
    rule compares in its own words (``"ties go to Soraya"``), ``event`` what winning is
    (``"a hit"``). ``per`` as for [`AtLeast`][rules_core.question.AtLeast].
    """

    actor: str
    procedure: Procedure
    opponent: str
    against: Procedure
    margin: int
    note: str = ""
    per: str = ""
    event: str = ""


@dataclass(frozen=True)
class Repeated:
    """The chance of ``needed`` or more successes in ``tries`` independent tries of ``each``
    (an extended task: so many successes within so many attempts). ``event`` says what that
    is in the rules' words (``"the whole task done"``), ``tries_note`` where the number of
    tries comes from, if not from the rules. ``what=`` is the old name of ``event=``
    (deprecated, gone in 0.5.0)."""

    each: AtLeast | Wins
    needed: int
    tries: int
    event: str = ""
    tries_note: str = ""
    what: InitVar[str | None] = None

    def __post_init__(self, what: str | None) -> None:
        if what is not None:
            warn_renamed("Repeated(what=...)", "Repeated(event=...)")
            object.__setattr__(self, "event", what)


@dataclass(frozen=True)
class Settled:
    """A result the dice cannot change: ``who``'s ``event`` is certain (``succeeded``) or
    impossible, ``why``. The old form, ``Settled(what, succeeded, why)`` or ``what=``, still
    works (deprecated, gone in 0.5.0): ``what`` becomes the ``event`` of nobody named."""

    who: str = ""
    event: str = ""
    succeeded: bool = False
    why: str = ""
    what: InitVar[str | None] = None

    def __post_init__(self, what: str | None) -> None:
        if isinstance(self.event, bool):  # Settled(what, succeeded, why), positionally
            warn_renamed("Settled(what, succeeded, why)", "Settled(who, event, succeeded, why)")
            old_what, succeeded, why = self.who, self.event, self.succeeded
            object.__setattr__(self, "who", "")
            object.__setattr__(self, "event", old_what)
            object.__setattr__(self, "succeeded", succeeded)
            object.__setattr__(self, "why", str(why))
        elif what is not None:
            warn_renamed("Settled(what=...)", "Settled(event=...)")
            object.__setattr__(self, "event", what)


@dataclass(frozen=True)
class NoOdds:
    """No exact odds for ``what``; ``why`` says why (shown instead of an estimate)."""

    what: str
    why: str


Question = AtLeast | AtMost | Wins | Repeated | Settled | NoOdds
"""Any question a card may ask."""


def each(question: Question, per: str) -> Question:
    """``question`` as the chance of each ``per`` (``"round"``, ``"attempt"``) of a loop."""
    if isinstance(question, AtLeast | AtMost | Wins):
        return replace(question, per=per)
    return question


def naming(question: Question, event: str) -> Question:
    """``question`` with ``event`` as its words, where it has any: a contest rule asks the
    question, and the result that holds the contest knows what winning it does."""
    if isinstance(question, AtLeast | AtMost | Wins | Repeated | Settled):
        return replace(question, event=event)
    return question


def merged(questions: tuple[Question, ...] | list[Question]) -> tuple[Question, ...]:
    """``questions`` with each question asked more than once under other words made one,
    its events joined (``"a critical hit (twice 10) and 3 degrees of success or more"``):
    two lines with the same chance of the same reading would say it twice. Order kept.

    Examples:
        >>> from rules_core.procedure import Total
        >>> pool = Procedure(2, 6, reading=Total())
        >>> merged([AtLeast(pool, 9, event="a hit"), AtLeast(pool, 9, event="a critical")])
        ... # doctest: +ELLIPSIS
        (AtLeast(procedure=..., value=9, who='', event='a hit and a critical', ...),)
    """
    kept: dict[Question, Question] = {}
    for question in questions:
        if not isinstance(question, AtLeast | AtMost | Wins) or not question.event:
            kept.setdefault(question, question)
            continue
        key = replace(question, event="")
        held = kept.get(key)
        if held is None:
            kept[key] = question
        elif isinstance(held, AtLeast | AtMost | Wins) and question.event not in held.event:
            kept[key] = replace(held, event=f"{held.event} and {question.event}")
    return tuple(kept.values())


"""The odds in the words a player uses: what a card prints beside a roll.

[`describe`][rules_core.odds_text.describe] turns a question
([`question`][rules_core.question]) and its exact answer ([`odds`][rules_core.odds]) into one
sentence that names its event: whose chance it is, of what the dice must do, and what that
is in the rules' words (the question's ``event``), e.g. ``Tam's chance of 3 or more
successes on 6d6, enough for 3 damage: 32.0% (233/729); on average 2 successes``. Each kind
of question has its form:

- one roll (``AtLeast``, ``AtMost``): ``Edric's chance of a total of 9 or more on 2d6,
  enough to hit Rorik's Combat Defense (9): …``; a shown result at the lowest possible reads
  ``Tam's chance of no successes on 6d6, a failure: …``;
- a contest (``Wins``): ``Hana's chance of more successes than Voss (Voss's successes cancel
  Hana's), a hit: …``;
- so many successes in so many tries (``Repeated``): ``Soraya's chance of 2 or more
  successful attempts out of 3, the whole task done: …``;
- a settled outcome (``Settled``): ``Rorik's chance of a result of 26 or more, a critical
  hit: 0% (never); the highest result possible, 18, falls short.``;
- no exact answer (``NoOdds``): ``No odds for the chase as a whole: …``.

A repeated chance starts ``Each round, …``. A percentage is rounded to one decimal; a certain
chance reads ``100% (always)``, an impossible one ``0% (never)``; the exact fraction follows
it when its denominator has at most four digits, and a long shot whose fraction is too long
to read says "about 1 in 40" instead. A question whose answer would take more than the
budget of exact odds ([`BUDGET`][rules_core.odds.BUDGET]) says there are no exact odds for
the roll, and why: ``…: no exact odds for this roll (too large).``
"""

from __future__ import annotations

from fractions import Fraction

from rules_core.names import running_text
from rules_core.odds import Answer, answer, too_large
from rules_core.question import AtLeast, AtMost, NoOdds, Question, Repeated, Settled, Wins
from rules_core.words import noun

MAX_SHOWN_DENOMINATOR = 9999
"""Largest denominator shown as a fraction beside a percentage: four digits, what a reader
takes in at a glance (``(233/729)``, not ``(9176457/10000000)``)."""

TOO_LARGE = "(too large)"
"""What follows "no exact odds for this roll" where working them out would take more than
[`BUDGET`][rules_core.odds.BUDGET] steps."""

LONG_SHOT = Fraction(1, 10)
"""At or below this chance, a percentage whose fraction is not shown is followed by "about 1
in N", the way players say a long shot."""

SHOWN = "this result or better"
"""What a shown result's chance is of, where the rules read nothing more into it (a plain
roll); at the lowest result possible, whose own chance is given, :data:`SHOWN_ITSELF`."""

SHOWN_ITSELF = "this result"
"""What the chance of the lowest result possible, shown, is of, where the rules read nothing
more into it."""

ALWAYS = "100% (always)"
"""A certain chance, as a card says it."""

NEVER = "0% (never)"
"""An impossible chance, as a card says it."""


def describe(question: Question) -> str:
    """The question and its answer in one sentence; for a question with no answer, why.

    Examples:
        >>> from rules_core.procedure import CountAtLeast, Procedure
        >>> from rules_core.question import AtLeast
        >>> line = describe(AtLeast(Procedure(6, 6, reading=CountAtLeast(5)), 3, who="Tam",
        ...                         event="enough for 3 damage"))
        >>> line[:line.index(":")]
        "Tam's chance of 3 or more successes on 6d6, enough for 3 damage"
        >>> line[line.index(":") + 2:]
        '32.0% (233/729); on average 2 successes'
    """
    return running_text(_described(question))


def _described(question: Question) -> str:
    if isinstance(question, NoOdds):
        return f"No odds for {question.what}: {question.why}."
    if isinstance(question, Settled):
        verdict = ALWAYS if question.succeeded else NEVER
        return f"{_whose(question.who)} of {question.event}: {verdict}; {question.why}."
    found = answer(question)
    why = f" {TOO_LARGE}" if found is None and too_large(question) else ""
    if isinstance(question, AtLeast | AtMost):
        return _one_roll(question, found, why)
    if isinstance(question, Wins):
        return _wins(question, found, why)
    return _repeated(question, found, why)


def says_too_large(line: str) -> bool:
    """Whether an odds line (from :func:`describe`) says its roll is too large for exact
    odds."""
    return line.endswith(f"{TOO_LARGE}.")


def chance(found: Answer) -> str:
    """``32.0% (233/729)``; ``2.1% (about 1 in 48)`` for a long shot whose fraction is too
    long to read; ``100% (always)``, ``0% (never)``; bounds that round alike as one figure;
    else a range."""
    low, high = _percent(found.low), _percent(found.high)
    if not found.exact:
        return low if low == high else f"between {low} and {high}"
    p = found.low
    if p in (0, 1):
        return ALWAYS if p == 1 else NEVER
    if p.denominator <= MAX_SHOWN_DENOMINATOR:
        return f"{low} ({p.numerator}/{p.denominator})"
    if p <= LONG_SHOT:
        return f"{low} (about 1 in {round(1 / p):,})"
    return low


def number(value: Fraction) -> str:
    """A mean as a reader reads it: ``2``, ``10.5``, ``2.3``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}".rstrip("0").rstrip(".")


def _whose(who: str, per: str = "") -> str:
    """``Tam's chance``, ``Each round, Tam's chance``, ``The chance`` (no one named)."""
    head = f"{who}'s chance" if who else "the chance"
    head = f"each {per}, {head}" if per else head
    return head[0].upper() + head[1:]


def _event(event: str) -> str:
    return f", {event}" if event else ""


def _one_roll(question: AtLeast | AtMost, found: Answer | None, why: str) -> str:
    reading = question.procedure.reading
    value = question.value
    if found is not None and found.exactly:  # the lowest reading: its own chance
        dice = reading.fewest_words(value)
    elif isinstance(question, AtMost):
        dice = reading.at_most_words(value)
    else:
        dice = reading.at_least_words(value)
    event = question.event
    if not event and isinstance(question, AtLeast) and question.shown:
        event = SHOWN_ITSELF if found is not None and found.exactly else SHOWN
    head = (f"{_whose(question.who, question.per)} of {dice} on "
            f"{question.procedure.describe()}{_event(event)}")
    if found is None:
        return f"{head}: no exact odds for this roll{why}."
    text = f"{head}: {chance(found)}"
    if found.mean is not None:
        text += f"; on average {number(found.mean)}{reading.mean_unit(found.mean == 1)}"
    return text


def _wins(question: Wins, found: Answer | None, why: str) -> str:
    beats = question.procedure.reading.beats_words(question.margin, question.opponent)
    note = f" ({question.note})" if question.note else ""
    head = (f"{_whose(question.actor, question.per)} of {beats}{note}"
            f"{_event(question.event)}")
    return f"{head}: {chance(found)}" if found else f"{head}: no exact odds for this contest{why}."


def _repeated(question: Repeated, found: Answer | None, why: str) -> str:
    each = question.each
    who = each.who if isinstance(each, AtLeast) else each.actor
    per, needed, tries = each.per or "try", question.needed, question.tries
    done = (f"{needed} successful {noun(needed, per)}" if needed == tries else
            f"{needed} or more successful {noun(2, per)}")
    note = f" ({question.tries_note})" if question.tries_note else ""
    head = f"{_whose(who)} of {done} out of {tries}{note}{_event(question.event)}"
    return f"{head}: {chance(found)}" if found else f"{head}: no exact odds{why}."


def _percent(p: Fraction) -> str:
    if p in (0, 1):
        return f"{p * 100}%"
    shown = f"{float(p * 100):.1f}"
    if shown == "0.0":
        return "under 0.1%"
    if shown == "100.0":
        return "over 99.9%"
    return f"{shown}%"

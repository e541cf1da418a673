"""The odds in the words a player uses: what a card prints beside a roll.

[`describe`][rules_core.odds_text.describe] turns a question
([`question`][rules_core.question]) and its exact answer ([`odds`][rules_core.odds]) into one
sentence, e.g. ``Tam: 3 or more successes on 6d6: 32.0% (233/729); on average 2
successes``. A percentage is rounded to one decimal; the exact fraction follows it when its
denominator has at most four digits, and a long shot whose fraction is too long to read
says "about 1 in 40" instead. A question whose answer would take more than the budget of
exact odds ([`BUDGET`][rules_core.odds.BUDGET]) says there are no exact odds for the roll,
and why: ``…: no exact odds for this roll (too large).``
"""

from __future__ import annotations

from fractions import Fraction

from rules_core.odds import Answer, answer, too_large
from rules_core.question import AtLeast, NoOdds, Question, Repeated, Settled, Wins
from rules_core.words import count

MAX_SHOWN_DENOMINATOR = 9999
"""Largest denominator shown as a fraction beside a percentage: four digits, what a reader
takes in at a glance (``(233/729)``, not ``(9176457/10000000)``)."""

TOO_LARGE = "(too large)"
"""What follows "no exact odds for this roll" where working them out would take more than
[`BUDGET`][rules_core.odds.BUDGET] steps."""

LONG_SHOT = Fraction(1, 10)
"""At or below this chance, a percentage whose fraction is not shown is followed by "about 1
in N", the way players say a long shot."""


def describe(question: Question) -> str:
    """The question and its answer in one sentence; for a question with no answer, why.

    Examples:
        >>> from rules_core.procedure import CountAtLeast, Procedure
        >>> from rules_core.question import AtLeast
        >>> describe(AtLeast(Procedure(6, 6, reading=CountAtLeast(5)), 3, who="Tam"))
        'Tam: 3 or more successes on 6d6: 32.0% (233/729); on average 2 successes'
    """
    if isinstance(question, NoOdds):
        return f"No odds for {question.what}: {question.why}."
    if isinstance(question, Settled):
        verdict = "certain" if question.succeeded else "no chance"
        return f"{question.what}: {verdict}, {question.why}."
    found = answer(question)
    why = f" {TOO_LARGE}" if found is None and too_large(question) else ""
    if isinstance(question, AtLeast):
        return _at_least(question, found, why)
    if isinstance(question, Wins):
        return _wins(question, found, why)
    return _repeated(question, found, why)


def says_too_large(line: str) -> bool:
    """Whether an odds line (from :func:`describe`) says its roll is too large for exact
    odds."""
    return line.endswith(f"{TOO_LARGE}.")


def chance(found: Answer) -> str:
    """``32.0% (233/729)``; ``2.1% (about 1 in 48)`` for a long shot whose fraction is too
    long to read; bounds that round alike as one figure; else a range."""
    low, high = _percent(found.low), _percent(found.high)
    if not found.exact:
        return low if low == high else f"between {low} and {high}"
    p = found.low
    if p in (0, 1):
        return low
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


def _at_least(question: AtLeast, found: Answer | None, why: str) -> str:
    reading = question.procedure.reading
    what = question.procedure.describe() + (f" ({question.note})" if question.note else "")
    value = question.value
    if found is not None and found.exactly:  # the lowest result: its own chance
        head = reading.fewest_words(value)
    else:
        head = reading.at_least_words(value)
    each = f"each {question.per}, " if question.per else ""
    head = f"{each}{question.who}: {head}" if question.who else f"{each}{head}"
    head = head[0].upper() + head[1:]
    if found is None:
        return f"{head} on {what}: no exact odds for this roll{why}."
    text = f"{head} on {what}: {chance(found)}"
    if found.mean is not None:
        text += f"; on average {number(found.mean)}{reading.mean_unit(found.mean == 1)}"
    return text


def _wins(question: Wins, found: Answer | None, why: str) -> str:
    note = f" ({question.note})" if question.note else ""
    each = f"Each {question.per}, the chance" if question.per else "Chance"
    head = f"{each} {question.actor} wins against {question.opponent}{note}"
    return f"{head}: {chance(found)}" if found else f"{head}: no exact odds for this contest{why}."


def _repeated(question: Repeated, found: Answer | None, why: str) -> str:
    tries = count(question.tries, question.each.per or "try")
    note = f" ({question.tries_note})" if question.tries_note else ""
    head = (f"{question.what}: {count(question.needed, 'success')} within {tries}{note}")
    return f"{head}: {chance(found)}" if found else f"{head}: no exact odds{why}."


def _percent(p: Fraction) -> str:
    if p == 0:
        return "0% (it cannot happen)"
    if p == 1:
        return "100% (certain)"
    shown = f"{float(p * 100):.1f}"
    if shown == "0.0":
        return "under 0.1%"
    if shown == "100.0":
        return "over 99.9%"
    return f"{shown}%"

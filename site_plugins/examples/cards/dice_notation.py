"""Dice written in the prose that a reader rolls in place: the engine's answer to a click.

In the browser a click sends the marked expression to the engine, which reads it again
(:func:`~site_plugins.examples.cards.dice_grammar.read_dice`: the page's text is never
trusted), rolls it with the engine's dice and answers with the dice drawn as the cards draw
them, each number added, taken away or multiplied, and the total (:func:`dice_answer`). What
is marked, and what is left as text, is the grammar's
(:mod:`~site_plugins.examples.cards.dice_grammar`).

Runs in the browser too, so it imports only the standard library, the engine and the cards'
modules; the browser's snapshot imports it by name (``reroll.LATER_MODULES``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_core.dice import RandomDice
from rules_core.explain import roll_view
from rules_core.procedure import Procedure
from site_plugins.examples.cards.dice_grammar import (
    Dice,
    DiceExpression,
    DiceNotationError,
    Group,
    Term,
    read_dice,
)
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.render_views import render_roll

if TYPE_CHECKING:
    from rules_core.dice import DiceSource


@dataclass(frozen=True)
class _Rolled:
    """A part of an expression once rolled: its value, drawn (HTML) and in words."""

    value: int
    html: str
    words: str


def _shown(text: str) -> str:
    """A number, a sign or a bracket of the answer, as drawn beside the dice."""
    return f'<span class="rx-dice-term">{_e(text)}</span>'


def _roll_factor(factor: Dice | int | Group, dice: DiceSource, bracket: bool) -> _Rolled:
    """A number as it is; a group rolled inside its brackets; dice rolled by the engine and
    drawn, their faces in words (bracketed, where ``bracket``, if more than one)."""
    if isinstance(factor, int):
        return _Rolled(factor, _shown(str(factor)), str(factor))
    if isinstance(factor, Group):
        inner = _roll_terms(factor.terms, dice, bracket)
        return _Rolled(inner.value, _shown("(") + inner.html + _shown(")"), f"({inner.words})")
    roll = Procedure(factor.count, factor.sides).roll(dice)
    faces = [die.face for die in roll.dice]
    words = " + ".join(map(str, faces))
    return _Rolled(sum(faces), render_roll(roll_view(factor.text, roll)),
                   f"({words})" if bracket and len(faces) > 1 else words)


def _roll_term(term: Term, dice: DiceSource, bracket: bool) -> _Rolled:
    """A product of factors, rolled left to right; the faces of dice multiplied or taken
    away are bracketed."""
    bracket = bracket or term.sign < 0 or len(term.factors) > 1
    parts = [_roll_factor(factor, dice, bracket) for factor in term.factors]
    value = 1
    for part in parts:
        value *= part.value
    return _Rolled(value, _shown("×").join(p.html for p in parts),
                   " × ".join(p.words for p in parts))


def _roll_terms(terms: tuple[Term, ...], dice: DiceSource, bracket: bool) -> _Rolled:
    """A sum of terms, each added or taken away; ``bracket``: the faces of each dice term
    in brackets (``(4 + 2) + 3 + 1``, where there are several)."""
    value, html, words = 0, "", ""
    for i, term in enumerate(terms):
        part = _roll_term(term, dice, bracket)
        value += term.sign * part.value
        sign = "" if i == 0 else "+" if term.sign > 0 else "−"
        html += (_shown(sign) if sign else "") + part.html
        words += (f" {sign} " if sign else "") + part.words
    return _Rolled(value, html, words)


def _average(expression: DiceExpression) -> str:
    """The expression's average in a few digits: ``7``, ``3.5``, ``30.25``."""
    mean = expression.mean
    if mean.denominator == 1:
        return str(mean.numerator)
    return f"{float(mean):.2f}".rstrip("0").rstrip(".")


def dice_answer(request_json: str, seed: int | None = None) -> str:
    """Answer ``{"dice": "2d6 + 3"}``: the dice drawn with each number added, taken away or
    multiplied (HTML, escaped), the total, and a sentence for screen readers (``1d4 + 1: 3 +
    1 = 4 (on average 3.5).``); ``{"error"}`` for text that is not dice this site rolls."""
    request = json.loads(request_json)
    text = request.get("dice") if isinstance(request, dict) else None
    try:
        expression = read_dice(str(text or ""))
    except DiceNotationError as error:
        return json.dumps({"error": str(error)})
    rolled = _roll_terms(expression.terms, RandomDice(seed=seed), len(expression.dice) > 1)
    sentence = f"{expression.text}: {rolled.value}" if expression.one_die \
        else f"{expression.text}: {rolled.words} = {rolled.value}"
    return json.dumps({
        "html": rolled.html,
        "total": rolled.value,
        "announcement": f"{sentence} (on average {_average(expression)}).",
    })


__all__ = ["dice_answer"]

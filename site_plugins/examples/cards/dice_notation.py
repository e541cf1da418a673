"""Dice written in the prose ("2d6", "1d10 + 4") that a reader can roll in place.

The build marks each such expression of a page's prose
(:mod:`~site_plugins.examples.site.dice_markdown`); in the browser a click sends its text to
the engine, which reads it again here (the page's text is never trusted), rolls it with the
standard library's dice and answers with the faces and the sum, drawn as the cards draw
dice. The same reading finds the expressions at build time and rolls them in the browser.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_core.dice import RandomDice
from rules_core.explain import roll_view
from rules_core.procedure import Procedure
from site_plugins.examples.cards.render_views import render_roll

if TYPE_CHECKING:
    from fractions import Fraction

#: ``2d6``, ``1d10 + 4``, ``3d6 − 1``: a count, a ``d``, the sides, and a bare number added
#: or taken away (a number followed by a word, ``+ 3 Agility``, is a named bonus the prose
#: explains, and is left out).
DICE_NOTATION = re.compile(
    r"(?<![\w/.])(?P<count>[1-9]\d?)d(?P<sides>\d{1,3})(?![\w])"
    r"(?:\s?(?P<sign>[+−-])\s?(?P<plus>\d{1,3})(?![\w]|\.\d|\s[A-Za-z(]))?")

#: The dice a reader can roll in place, and the most of them at once.
SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20, 100})
MAX_DICE = 30


class DiceNotationError(ValueError):
    """Text that is not dice this site rolls in place."""


@dataclass(frozen=True)
class DiceExpression:
    """``count`` dice of ``sides`` sides, plus ``plus`` (negative: taken away)."""

    count: int
    sides: int
    plus: int = 0

    @property
    def text(self) -> str:
        """``2d6 + 3``: as a rules text writes it."""
        sign = " + " if self.plus > 0 else " − " if self.plus < 0 else ""
        return f"{self.count}d{self.sides}{sign}{abs(self.plus) if self.plus else ''}"

    @property
    def mean(self) -> Fraction:
        """The average sum (:mod:`fractions` is imported here, not before a first reroll: 50 ms
        in the browser)."""
        from fractions import Fraction

        return Fraction(self.count * (self.sides + 1), 2) + self.plus


def read_dice(text: str) -> DiceExpression:
    """``text`` as dice to roll, or a :class:`DiceNotationError` saying why not.

    Examples:
        >>> read_dice("2d6 + 3")
        DiceExpression(count=2, sides=6, plus=3)
        >>> read_dice("1d7")
        Traceback (most recent call last):
        ...
        site_plugins.examples.cards.dice_notation.DiceNotationError: a d7 is not a die this...
    """
    found = DICE_NOTATION.fullmatch(text.strip())
    if found is None:
        raise DiceNotationError(f"{text[:20]!r} is not dice written as 2d6 or 1d10 + 4")
    return expression_of(found)


def expression_of(found: re.Match[str]) -> DiceExpression:
    """The expression a match of :data:`DICE_NOTATION` writes, checked."""
    count, sides = int(found["count"]), int(found["sides"])
    if sides not in SIDES:
        raise DiceNotationError(f"a d{sides} is not a die this site rolls: "
                                + ", ".join(f"d{s}" for s in sorted(SIDES)))
    if count > MAX_DICE:
        raise DiceNotationError(f"{count} dice are more than the {MAX_DICE} rolled at once")
    plus = int(found["plus"] or 0) * (-1 if found["sign"] in ("−", "-") else 1)
    return DiceExpression(count, sides, plus)


def dice_answer(request_json: str, seed: int | None = None) -> str:
    """Answer ``{"dice": "2d6 + 3"}``: the dice drawn (HTML, escaped), the sum and a sentence
    for screen readers; ``{"error"}`` for text that is not dice this site rolls."""
    request = json.loads(request_json)
    text = request.get("dice") if isinstance(request, dict) else None
    try:
        expression = read_dice(str(text or ""))
    except DiceNotationError as error:
        return json.dumps({"error": str(error)})
    dice = RandomDice(seed=seed)
    roll = Procedure(expression.count, expression.sides).roll(dice)
    faces = [die.face for die in roll.dice]
    total = sum(faces) + expression.plus
    adds = " + ".join(map(str, faces))
    if expression.plus:
        adds += f" {'+' if expression.plus > 0 else '−'} {abs(expression.plus)}"
    sentence = f"{expression.text}: {adds} = {total}" if len(faces) > 1 or expression.plus \
        else f"{expression.text}: {total}"
    mean = float(expression.mean)
    return json.dumps({
        "html": render_roll(roll_view(expression.text, roll)),
        "total": total,
        "announcement": f"{sentence} (on average {mean:g}).",
    })


__all__ = ["DICE_NOTATION", "MAX_DICE", "SIDES", "DiceExpression", "DiceNotationError",
           "dice_answer", "expression_of", "read_dice"]

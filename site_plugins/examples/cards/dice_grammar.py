"""The grammar of dice written in the prose ("2d6", "1d10 + 4", "1d4 × 10"): text read into
an expression that rolls exactly what the sentence means, or refused.

The build marks each such expression of a page's prose
(:mod:`~site_plugins.examples.site.dice_markdown`, with :func:`dice_at`); in the browser the
engine reads a clicked expression again (:func:`read_dice`: the page's text is never
trusted, and the same grammar and limits apply) and rolls it
(:mod:`~site_plugins.examples.cards.dice_notation`).

An expression is a sum of terms, each added or taken away; a term is dice, a number, or
dice (or a bracketed sum) multiplied by numbers or dice:

- dice: ``2d6``, ``3D6``, a bare die ``d20`` (one of them) and ``d%`` (a d100);
- added or taken away: ``1d10 + 4``, ``2d6-1``, ``2d6 − 1``, ``1d8 + 2d6 + 3``; a number followed
  by a word is still added (``2d6 + 3 Agility`` is 2d6 + 3, ``1d4 + 1 force damage`` is
  1d4 + 1), and one such word may stand between two terms (``2d6 + 3 Agility + 2 Brawn``);
- multiplied: ``1d4 × 10``, ``2d4 x 10 gp``, ``1d4×10``, ``1d10 x 1d10``, ``(1d4 + 1) × 10``,
  ``2d6 × 1,000``.

Refused, and left as text, is anything a click could not roll whole:

- what the text around it goes on computing: ``2d6 + DV``, ``1d6 × your level``, ``2d6 ÷ 2``,
  ``(1d6 + 2) / 2``, ``5 + 1d6``, ``2d6 plus your Strength``, ``2d6 expert + 2 Brawn``, ``roll
  2d6 and add the DV`` (but ``roll a d4 and add the number rolled to the attack roll`` is a
  d4), and a number multiplied (``1d4 + 1 × 10`` could mean either);
- dice the sentence reads another way than their sum: ``roll 4d6 and drop the lowest``,
  ``2d6, rerolling 1s and 2s``;
- a die inside a word or a number (``d20s``, ``1d6s``, ``d20-based``, ``v1.2d6``,
  ``#3d6b8a``), and bare capitals (``D20``: product codes);
- a bare die that names a kind of die rather than one to roll: ``a number of d6``, ``as many
  d6``, ``two d6``, ``6 d10``, ``d10 pools``, ``a d20 roll`` (a bare die is one die only where
  no noun follows it).

Past a limit (:data:`MAX_DICE` dice, :data:`MAX_SIDES` sides, numbers over
:data:`MAX_NUMBER`, :data:`MAX_TERMS` dice and numbers, brackets one deep) an expression is
refused with a :class:`DiceLimitError` that says which.

Runs in the browser too, so it imports only the standard library and the engine; the
browser's snapshot imports it by name (``reroll.LATER_MODULES``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_core.limits import MAX_DICE_PER_ROLL, MAX_RULE_NUMBER
from rules_core.limits import MAX_SIDES as _ENGINE_MAX_SIDES

if TYPE_CHECKING:
    from fractions import Fraction


#: Most dice one expression rolls, all its terms together (the engine's limit for a roll).
MAX_DICE = MAX_DICE_PER_ROLL
#: Most sides a die may have (the engine's); a d1 or d0 is no die.
MAX_SIDES = _ENGINE_MAX_SIDES
#: Largest number an expression adds, takes away or multiplies by (the engine's limit for a
#: number of a rule).
MAX_NUMBER = MAX_RULE_NUMBER
#: Most dice terms and numbers in one expression.
MAX_TERMS = 10
#: Longest text :func:`read_dice` reads (a click's text in the browser).
MAX_TEXT = 200

_SPACE = "[ \t\u00a0\u2009\u202f]"
#: Space between two tokens: on one line, or across one line break of a paragraph.
_GAP = re.compile(f"{_SPACE}*(?:\n{_SPACE}*)?")
_DICE = re.compile(r"(?:(?P<count>[1-9]\d*)[dD]|d)(?P<sides>\d+|%)")
#: A number: ``4``, ``330``, ``1,000``.
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?![\d,])|\d+")
#: What may not follow dice or a number at once: a letter or digit (``d20s``, ``2nd``) but an
#: ``x`` that multiplies (``1d4x10``), a decimal or a thousands separator, a hyphen or an
#: apostrophe that joins a word (``d20-based``, ``d20's``), a percentage.
_JOINED = re.compile(r"(?![xX](?:\d|\(|d\d))(?:[^\W_]|[.,]\d|[-'’][^\W\d_]|%)")
_ADD = re.compile("[+\\-−]")
#: Multiplied: ``×``, a ``*`` before a number, dice or a bracket (not emphasis: ``**``), and
#: an ``x`` that is not the start of a word.
_MUL = re.compile(r"×|\*(?=[ \t]*[\d(d])|[xX](?![^\W\d_])")
_LABEL = re.compile(f"{_SPACE}+[A-Za-z][A-Za-z'’]*")
_OPEN, _CLOSE = re.compile(r"\("), re.compile(r"\)")
#: A term's first characters, looked for after a label word.
_TERM_START = re.compile(r"\(|(?:[1-9]\d*[dD]|d)(?:\d|%)|\d")

#: Where an expression may begin: dice with a count (``2d6``, ``3D6``), a bare die (``d20``,
#: ``d%``), or a bracket opening on them (``(1d4 + 1) × 10``); never inside a word or a
#: number. What is found is then read whole (:func:`dice_at`), or refused.
DICE_NOTATION = re.compile(
    r"(?<![^\W_])(?<![.,/\\&@#$'’–-])(?<![^\W_)]\*)(?:\((?=[ \t]?(?:[1-9]\d*[dD]|d)(?:\d|%)))?"
    r"(?:[1-9]\d*[dD]|d)(?:\d|%)")

#: Operations the grammar does not take, found right after an expression (an en dash
#: before a number may be a minus or a range).
_OPERATION_AFTER = re.compile(
    f"{_SPACE}*(?:[÷/^]|–{_SPACE}*\\d|(?i:plus|minus|times|divided|multiplied)\\b)")
#: One to three words, then an operation: the sentence goes on computing (``2d6 expert + 2
#: Brawn``, ``2d6 + 3 Agility + DV``).
_WORDS_THEN_OPERATION = re.compile(
    f"(?:\\s+(?:[A-Za-z][A-Za-z'’-]*|\\[[^\\]\n]{{0,20}}\\])){{1,3}}{_SPACE}*"
    f"(?:[+−×÷/^]|-(?=[\\s\\d])|\\*(?={_SPACE}*\\d))")
#: An operation just before dice: binary where something precedes it (``5 + 1d6``,
#: ``DV+2d6``, ``10 x 1d6``); a spaced en dash or an em dash before dice is punctuation.
_OPERATION_BEFORE = re.compile(
    f"(?:(?P<left>[^\\W_]|[)\\]%]){_SPACE}*)?(?P<op>[+\\-−×÷/^]|(?<![^\\W_])[xX]"
    f"|(?i:\\b(?:plus|minus|times)))$")
#: Words before a bare die that make it a kind of die, not one die to roll ("a number of d6",
#: "as many d6 as", "two d6").
_KIND_BEFORE = frozenset({
    "of", "many", "more", "fewer", "several", "some", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty", "hundred", "dozen"})
#: The words that may follow a bare die that is one die to roll ("roll a d4 and add", "roll
#: a d20 to determine", "a d10 each"); any other word makes it a kind of die, or more than a
#: die ("d6 tests", "d10 pools", "the d20 system", "a d20 roll", "d100 Race").
_ROLL_AFTER = frozenset({
    "and", "or", "to", "at", "for", "per", "each", "on", "in", "if", "then", "with", "until",
    "instead", "again", "when", "as", "but", "by", "from", "into", "than", "once", "twice",
    "while", "before", "after", "is", "was", "shows", "showing"})
_WORD_AFTER = re.compile(r"\s+([A-Za-z]+)")
#: The rest of the sentence after dice.
_SENTENCE_REST = re.compile(r"[^.;!?]{0,200}")
#: Words of the rest of the sentence that read the dice another way than their sum: the
#: highest or lowest kept (``roll 4d6 and drop the lowest``), or dice rolled again
#: (``2d6, rerolling 1s and 2s``, ``any die showing 1 or 2 is rolled again``) where the
#: sentence speaks of dice (``the DM rerolls on the table`` does not).
_KEPT_DICE = re.compile(r"(?i)\b(?:highest|lowest|higher|lower)(?![\w-])")
_ROLLED_AGAIN = re.compile(r"(?i)\b(?:re-?roll\w*|roll(?:s|ed)? again|explod\w*|keep\w*|"
                           r"drop\w*|discard\w*)")
_DIE_WORD = re.compile(r"(?i)\b(?:die|dice|\d+s?)\b")
#: Words right after dice that add to, take from or multiply them (``roll 2d6 and add the
#: DV``, ``rolled 1d10 (roll) and adds modifier``), not the dice to something else (``roll a
#: d4 and add the number rolled to the attack roll``).
_COMPUTED_AFTER = re.compile(
    r"(?i)(?:\s*\([^()]{0,24}\))?[\s,;:]{0,3}(?:(?:and|then)\s+){0,2}"
    r"(?:add(?:s|ed|ing)?|subtract\w*|multipl\w*|halve\w*|double\w*|divide\w*)\b"
    r"(?!\s+(?:the\s+)?(?:number|result|total|roll)\b|\s+(?:it|them)\b)")
#: What an error quotes after the text read: the next word.
_NEXT_WORD = re.compile(r"\s*\S*")


class DiceNotationError(ValueError):
    """Text that is not dice this site rolls in place."""


class DiceLimitError(DiceNotationError):
    """Dice past one of this site's limits: the message names the text and the limit."""


class _Unclosed(DiceNotationError):
    """A bracket before dice that no bracket closes ("(1d8 + 3 piercing)")."""


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` sides, added up."""

    count: int
    sides: int

    @property
    def text(self) -> str:
        """``2d6``."""
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class Group:
    """A bracketed sum, ``(1d4 + 1)``."""

    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Term:
    """Factors multiplied together (one factor: just that), added (``sign`` 1) or taken
    away (-1)."""

    factors: tuple[Dice | int | Group, ...]
    sign: int = 1


def _factor_text(factor: Dice | int | Group) -> str:
    if isinstance(factor, Group):
        return f"({_sum_text(factor.terms)})"
    return factor.text if isinstance(factor, Dice) else str(factor)


def _sum_text(terms: tuple[Term, ...]) -> str:
    text = ""
    for i, term in enumerate(terms):
        sign = "" if i == 0 else " + " if term.sign > 0 else " − "
        text += sign + " × ".join(_factor_text(f) for f in term.factors)
    return text


def _factors(terms: tuple[Term, ...]) -> list[Dice | int]:
    """Every die and number of ``terms``, in order, through brackets."""
    found: list[Dice | int] = []
    for term in terms:
        for factor in term.factors:
            found.extend(_factors(factor.terms) if isinstance(factor, Group) else [factor])
    return found


@dataclass(frozen=True)
class DiceExpression:
    """What a rules text wrote, as terms to roll and add: ``2d6 + 3``, ``1d4 × 10``."""

    terms: tuple[Term, ...]

    @property
    def text(self) -> str:
        """``2d6 + 3``, ``(1d4 + 1) × 10``: as a rules text writes it, and as
        :func:`read_dice` reads it back."""
        return _sum_text(self.terms)

    @property
    def dice(self) -> tuple[Dice, ...]:
        """Every dice term, in the order they are rolled."""
        return tuple(f for f in _factors(self.terms) if isinstance(f, Dice))

    @property
    def one_die(self) -> bool:
        """Whether it is a single die and nothing else (``1d20``): its total is its face."""
        dice = self.dice
        return len(dice) == 1 and self.terms == (Term((Dice(1, dice[0].sides),)),)

    @property
    def mean(self) -> Fraction:
        """The average total (:mod:`fractions` is imported here, not before a first reroll:
        50 ms in the browser)."""
        from fractions import Fraction

        def of(factor: Dice | int | Group) -> Fraction:
            if isinstance(factor, Group):
                return sum_of(factor.terms)
            if isinstance(factor, Dice):
                return Fraction(factor.count * (factor.sides + 1), 2)
            return Fraction(factor)

        def sum_of(terms: tuple[Term, ...]) -> Fraction:
            total = Fraction(0)
            for term in terms:
                product = Fraction(term.sign)
                for factor in term.factors:
                    product *= of(factor)
                total += product
            return total

        return sum_of(self.terms)


class _Reader:
    """Reads one expression of ``text`` from ``pos``, token by token."""

    def __init__(self, text: str, pos: int) -> None:
        self.text, self.pos, self.start = text, pos, pos
        self.counted = 0
        #: Where the inside of the last bracket read begins and ends.
        self.inside = (pos, pos)

    def at(self) -> int:
        """Where the next token begins, past any space."""
        return _past_gap(self.text, self.pos)

    def take(self, pattern: re.Pattern[str], *, whole: bool = False) -> re.Match[str] | None:
        """The next token if it is ``pattern`` (a whole one: not joined to what follows)."""
        found = pattern.match(self.text, self.at())
        if found is None or (whole and _JOINED.match(self.text, found.end())):
            return None
        self.pos = found.end()
        return found

    def refuse(self, why: str, error: type[DiceNotationError] = DiceNotationError
               ) -> DiceNotationError:
        """An error naming what was read and the word that stopped it, and ``why``."""
        stop = _NEXT_WORD.match(self.text, self.at())
        written = self.text[self.start:stop.end() if stop else self.pos]
        return error(f"{written!r} {why}")

    def expression(self, depth: int = 0) -> tuple[Term, ...]:
        terms = [self.term(1, depth)]
        while True:
            self.skip_label(terms[-1])
            sign = self.take(_ADD)
            if sign is None:
                return tuple(terms)
            terms.append(self.term(1 if sign.group() == "+" else -1, depth))

    def skip_label(self, last: Term) -> None:
        """Past one word after a number when another term follows (``+ 3 Agility + 2``)."""
        if not isinstance(last.factors[-1], int) or len(last.factors) > 1:
            return
        word = _LABEL.match(self.text, self.pos)
        if word is None:
            return
        sign = _ADD.match(self.text, _past_gap(self.text, word.end()))
        if sign and _TERM_START.match(self.text, _past_gap(self.text, sign.end())):
            self.pos = word.end()

    def term(self, sign: int, depth: int) -> Term:
        factors = [self.factor(depth)]
        while self.take(_MUL):
            if isinstance(factors[0], int):
                raise self.refuse("multiplies a number: write the dice first, or brackets")
            factors.append(self.factor(depth))
        return Term(tuple(factors), sign)

    def factor(self, depth: int) -> Dice | int | Group:
        self.counted += 1
        if self.counted > MAX_TERMS:
            raise self.refuse(f"has more than {MAX_TERMS} dice and numbers", DiceLimitError)
        if self.take(_OPEN):
            if depth:
                raise self.refuse("has brackets inside brackets: this site reads one pair",
                                  DiceLimitError)
            begins = self.at()
            terms = self.expression(depth + 1)
            self.inside = (begins, self.pos)
            if self.take(_CLOSE) is None:
                raise self.refuse("opens a bracket that does not close", _Unclosed)
            return Group(terms)
        dice = self.take(_DICE, whole=True)
        if dice is not None:
            sides = 100 if dice["sides"] == "%" else _number(dice["sides"])
            return Dice(_number(dice["count"] or "1"), sides)
        number = self.take(_NUMBER, whole=True)
        if number is not None:
            return _number(number.group().replace(",", ""))
        raise self.refuse("goes on with what is not dice or a number")


def _past_gap(text: str, pos: int) -> int:
    """Where the space at ``pos`` of ``text`` ends (``pos`` itself if there is none)."""
    found = _GAP.match(text, pos)
    return found.end() if found else pos


def _number(digits: str) -> int:
    """``digits`` as a number; one too long to read is past every limit anyway."""
    return int(digits) if len(digits) <= 9 else 10**9


def _check_limits(expression: DiceExpression, written: str) -> None:
    """Raise unless every die, number and the count of dice are within this site's limits."""
    for factor in _factors(expression.terms):
        if isinstance(factor, int) and factor > MAX_NUMBER:
            raise DiceLimitError(f"{written!r} has the number {factor}, past the largest this "
                                 f"site adds or multiplies by, {MAX_NUMBER}")
        if isinstance(factor, Dice) and factor.sides > MAX_SIDES:
            raise DiceLimitError(f"{written!r} has a d{factor.sides}, past the most sides a "
                                 f"die has here, {MAX_SIDES}")
        if isinstance(factor, Dice) and factor.sides < 2:
            raise DiceNotationError(f"{written!r} has a d{factor.sides}, which is no die")
    count = sum(dice.count for dice in expression.dice)
    if count > MAX_DICE:
        raise DiceLimitError(f"{written!r} rolls {count} dice, more than the {MAX_DICE} this "
                             "site rolls at once")


@dataclass(frozen=True)
class DiceFound:
    """An expression found in a text: what it rolls, and where its written form begins and
    ends (the inside of a lone bracket: ``7 (1d8 + 3)`` marks ``1d8 + 3``)."""

    expression: DiceExpression
    start: int
    end: int
    #: Where the reading stopped (past a lone bracket's closing one).
    through: int


def _read(text: str, start: int) -> DiceFound:
    """The expression that begins at ``start``, checked against the limits."""
    reader = _Reader(text, start)
    expression = DiceExpression(reader.expression())
    end = reader.pos
    if len(expression.terms) == 1 and len(expression.terms[0].factors) == 1:
        lone = expression.terms[0].factors[0]
        if isinstance(lone, Group):
            expression, (start, end) = DiceExpression(lone.terms), reader.inside
    _check_limits(expression, text[start:end])
    return DiceFound(expression, start, end, reader.pos)


def dice_at(text: str, start: int) -> DiceFound:
    """The expression a match of :data:`DICE_NOTATION` begins in the prose ``text``, read
    whole; a :class:`DiceNotationError` where the prose around it computes more than it
    (``5 + 1d6``, ``2d6 + DV``, ``2d6 ÷ 2``) or it names a kind of die (``a number of d6``),
    a :class:`DiceLimitError` past a limit."""
    _check_before(text, start)
    try:
        found = _read(text, start)
    except _Unclosed:
        if not text.startswith("(", start):
            raise
        return dice_at(text, _past_gap(text, start + 1))
    _check_after(text, found)
    return found


def _check_before(text: str, start: int) -> None:
    """Refuse dice that the text before them adds to, takes from or multiplies (``5 +
    1d6``, ``DV+2d6``, ``−1d6``: but ``deals +1d6`` is a bonus of 1d6), and a bare die that
    is a kind of die (``a number of d6``, ``6 d10``)."""
    raw = text[max(0, start - 40):start]
    before = raw.rstrip(" \t\u00a0\u2009\u202f\n")
    operation = _OPERATION_BEFORE.search(before)
    if operation is not None:
        left, sign = operation["left"] or "", operation["op"]
        bonus = sign == "+" and (not left or (before == raw and len(operation.group())
                                               > len(left) + len(sign)))
        if not bonus:
            raise DiceNotationError(f"{text[start:start + 12]!r} follows {sign!r}")
    if text.startswith("d", start):
        words = before.split()
        last = words[-1].lower() if words else ""
        if last[-1:].isdigit() or last in _KIND_BEFORE:
            raise DiceNotationError(f"{text[start:start + 12]!r} is a kind of die after "
                                    f"{last!r}")


def _check_after(text: str, found: DiceFound) -> None:
    """Refuse an expression that the text after it goes on computing (``2d6 ÷ 2``, ``2d6
    plus your Strength``, ``2d6 expert + 2 Brawn``, ``2d6 and add the DV``) or reads
    another way than its sum
    (``4d6, drop the lowest``, ``2d6, rerolling 1s``), and a bare die that names a kind of
    die (``d10 pools``, ``d6 tests``)."""
    written = text[found.start:found.end]
    if _OPERATION_AFTER.match(text, found.through) \
            or _WORDS_THEN_OPERATION.match(text, found.through) \
            or _COMPUTED_AFTER.match(text, found.through):
        raise DiceNotationError(f"{written!r} is followed by "
                                f"{text[found.through:found.through + 16]!r}")
    rest = _SENTENCE_REST.match(text, found.through)
    other = rest and (_KEPT_DICE.search(rest.group())
                      or (_DIE_WORD.search(rest.group()) and _ROLLED_AGAIN.search(rest.group())))
    if other:
        raise DiceNotationError(f"{written!r} is read another way by {other.group()!r} later "
                                "in the sentence")
    following = _WORD_AFTER.match(text, found.through)
    if written.startswith("d") and found.expression.one_die and following \
            and following.group(1) not in _ROLL_AFTER:
        raise DiceNotationError(f"{written!r} names a kind of die: {following.group(1)!r}")


def read_dice(text: str) -> DiceExpression:
    """``text`` as dice to roll, or a :class:`DiceNotationError` saying why not: the prose's
    grammar and limits (:func:`dice_at`), for the whole text.

    Examples:
        >>> read_dice("2d6 + 3").text
        '2d6 + 3'
        >>> read_dice("(d4+1)x10").text
        '(1d4 + 1) × 10'
        >>> read_dice("2d6 + DV")
        Traceback (most recent call last):
        ...
        site_plugins.examples.cards.dice_grammar.DiceNotationError: '2d6 + DV' goes on with...
    """
    if len(text) > MAX_TEXT:
        raise DiceLimitError(f"{text[:20]!r}… is longer than the {MAX_TEXT} characters of "
                             "dice this site reads")
    stripped = text.strip()
    if not DICE_NOTATION.match(stripped):
        raise DiceNotationError(f"{text[:20]!r} is not dice written as 2d6 or 1d10 + 4")
    found = _read(stripped, 0)
    if found.through < len(stripped):
        word = _NEXT_WORD.match(stripped, found.through)
        raise DiceNotationError(f"{stripped[:word.end() if word else None]!r} goes on with "
                                "what is not dice or a number")
    return found.expression


__all__ = ["DICE_NOTATION", "MAX_DICE", "MAX_NUMBER", "MAX_SIDES", "MAX_TERMS", "MAX_TEXT",
           "Dice", "DiceExpression", "DiceFound", "DiceLimitError", "DiceNotationError", "Group",
           "Term", "dice_at", "read_dice"]

"""Bound values: a number or a word of a page's prose, tied to an expression on its examples.

An author writes the documented text and, after it, the expression that makes it::

    21 against 9 is a success by [12]{= test.margin}, [three degrees]{= test.degrees}.

The build checks that the text written is what the engine's value reads as, and a Reroll
writes what the new dice made in its place. How a value reads is taken from the text written
(:func:`bound_text`), so an author never names a format:

* **a number** as written: ``21``, ``+2``, ``-1``, ``1,200``, ``2.5``, ``32.0%`` (a chance
  from 0 to 1), ``3rd``, ``10d6`` (the number of dice);
* **a number in words**: ``three``, ``Twenty-one``, ``no`` (for 0), ``a``/``an`` (for 1),
  ``third``;
* either followed by its noun, which agrees with the number: ``three degrees`` reads
  ``one degree`` for 1, ``no degrees`` for 0 (words the rules never count, ``damage``,
  ``Health``, ``AD``, stay as they are);
* after ``a`` or ``an``, a number in digits or a text, the article agreeing with what
  follows: ``a 7`` reads ``an 8``, ``a failure`` reads ``an exceptional success``;
* **dice faces**: ``6 4 3 3 2 1 5`` (any sequence of whole numbers), or a **list**:
  ``Tam, Ana and Bo``, ``6, 4 and 3``;
* **yes** or **no** for a flag, and otherwise **text**: the value's own words (a string, an
  outcome such as ``success``, a character's name), its first letter a capital where the
  written text's is.

No MkDocs here: the build checks bound values with these functions, and the browser's
Python writes them after a Reroll with the very same ones.
"""

from __future__ import annotations

import enum
import math
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_core.words import noun

#: Where a binding sits: in the prose of the page, or in its example's title.
PROSE = "prose"
TITLE = "title"
#: Most characters of a value's text (or of its error) a run keeps, as of a statement's
#: output (:data:`~site_plugins.examples.language.session.DEFAULT_OUTPUT_LIMIT`); the rest is
#: counted, not kept. A bound text is at most 200 characters, so a longer one never matches.
DEFAULT_KEPT = 100_000


class BoundTextError(Exception):
    """A value that cannot be written the way the bound text is written."""


@dataclass(frozen=True)
class Binding:
    """A value of the prose tied to an expression on the examples (see the module).

    ``line`` is the 1-based file line of its ``[``; ``written`` the documented text (spaces
    and line breaks read as one space); ``expression`` the Python that makes it, evaluated
    in the page's session right after the example it narrates; ``place`` is
    :data:`PROSE` or :data:`TITLE`. ``start`` and ``end`` are where the whole binding sits
    in the text it was read from (for a title: where its text sits in the plain title).
    """

    line: int
    written: str
    expression: str
    place: str = PROSE
    start: int = 0
    end: int = 0
    #: The binding as written in the page, ``[21]{= test.total}``.
    source: str = ""


@dataclass(frozen=True)
class BoundRun:
    """A binding evaluated: the text its value reads as, or why there is none."""

    binding: Binding
    text: str = ""
    error: str = ""
    #: The class of the error the expression raised ("" when it ran, or for a value that
    #: cannot be written the way the text is).
    raised: str = ""
    #: The name the expression needed that a move the rules refused never made (after a
    #: reroll, in practice): the text stays as documented, as a statement not played does.
    unmade: str = ""
    #: Characters the value's text (or its error) had in all, when more than the run keeps
    #: (0: all of it is kept).
    size: int = 0
    #: How the expression's evaluation ended when it did not end as an expression does (it
    #: ended its process, started one, or outran its time): the failure's words for it.
    stopped: str = ""

    @property
    def matches(self) -> bool:
        """Whether the engine's text is the text written."""
        return not self.error and not self.size and self.text == self.binding.written


def evaluate(binding: Binding, namespace: Mapping[str, Any], shown: Any = None,
             kept: int = DEFAULT_KEPT) -> BoundRun:
    """The text ``binding``'s expression gives in ``namespace``, read as its text is written.

    ``_`` stands for ``shown``, the last value the narrated example showed (as in a Python
    session); ``rolled`` is not there (a bound value reads what the dice made, it rolls
    none). A rules refusal, a Python error or a value that cannot be written so is the
    run's ``error``, never an exception. Of a text or an error longer than ``kept``
    characters, the start is kept and its length counted (``size``), as of a statement's
    output.
    """
    names = {name: value for name, value in namespace.items() if name != "rolled"}
    try:
        code = compile(binding.expression, "<bound value>", "eval")
        value = eval(code, names, {"_": shown})
        text = bound_text(value, binding.written)
        return BoundRun(binding, text=text[:kept], size=_size(text, kept))
    except BoundTextError as error:
        message = str(error)
        return BoundRun(binding, error=message[:kept], size=_size(message, kept))
    except (Exception, SystemExit, KeyboardInterrupt) as error:
        message = f"{type(error).__name__}: {error}{_attributes(error)}"
        return BoundRun(binding, error=message[:kept], raised=type(error).__name__,
                        size=_size(message, kept))


def _size(text: str, kept: int) -> int:
    """``len(text)`` when it is more than ``kept``, else 0."""
    return len(text) if len(text) > kept else 0


def _attributes(error: BaseException) -> str:
    """For a misspelt attribute, the ones the object has (at most 30)."""
    if not isinstance(error, AttributeError) or getattr(error, "obj", None) is None:
        return ""
    names = [name for name in dir(error.obj) if not name.startswith("_")]
    if not names:
        return ""
    more = f", and {len(names) - 30} more" if len(names) > 30 else ""
    return f" (it has: {', '.join(names[:30])}{more})"


# ---- how a value reads, from the text written ------------------------------------------------

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
             "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth")
#: Words for zero, and the articles that stand for one.
_ZERO_WORDS = ("no", "none", "zero")
_ARTICLES = ("a", "an")
#: Words that take the place of an article before a noun: no article goes before them.
DETERMINERS = frozenset({"no", "none", "every", "each", "all", "both", "some", "any", "the",
                         "this", "that", "these", "those", "his", "her", "its", "their", "our",
                         "your", "my", "another", "not", "neither", "either"})
#: Nouns a number does not change: what the rules measure rather than count.
_UNCOUNTED = frozenset({"damage", "health", "endurance", "armor", "armour", "defense",
                        "defence", "initiative", "momentum", "difficulty", "in", "all",
                        "more", "less", "fewer", "left", "each", "total"})
#: Nouns the rules count, singular → plural: after a number bound alone, such a noun left
#: outside the brackets would not agree when the number changes (``[four] successes`` reads
#: ``one successes``); :func:`counted_noun_after` finds it.
COUNTED_PLURALS = {
    "success": "successes", "die": "dice", "six": "sixes", "one": "ones", "ten": "tens",
    "face": "faces", "wound": "wounds", "injury": "injuries", "degree": "degrees",
    "point": "points", "roll": "rolls", "action": "actions", "round": "rounds",
    "turn": "turns", "target": "targets", "attack": "attacks", "hit": "hits", "try": "tries",
    "attempt": "attempts", "link": "links", "day": "days", "hour": "hours",
    "stretch": "stretches", "yard": "yards", "interval": "intervals",
    "character": "characters", "helper": "helpers", "second": "seconds",
    "minute": "minutes", "row": "rows", "stage": "stages", "spend": "spends",
    "burn": "burns", "ally": "allies", "foe": "foes", "enemy": "enemies",
    "punch": "punches", "grapple": "grapples", "step": "steps"}
COUNTED_NOUNS = frozenset(COUNTED_PLURALS) | frozenset(COUNTED_PLURALS.values())
#: Words that never stand between a number and its noun.
_NOT_BETWEEN = frozenset({"of", "in", "to", "and", "or", "for", "is", "are", "was", "were",
                          "with", "from", "than", "by", "on", "at", "as", "if", "so", "but",
                          "that", "which", "who", "he", "she", "it", "they", "against"})
#: Up to two words right after a bound value's closing brace (emphasis around it allowed).
_WORDS_AFTER = re.compile(r"(?:\*\*)?[ \t\n]+([A-Za-z]+)(?:[ \t\n]+([A-Za-z]+))?")


def counted_noun_after(written: str, after: str) -> str:
    """The noun the rules count that follows a number bound alone outside its brackets
    (``""`` if none): ``after`` is the text right after the bound value. ``[four]{= …}
    standing successes`` gives ``successes``: the number changes with the dice, and its noun
    would not. An ordinal (``[third] grapple``) does not count, so it has no noun to agree."""
    lowered = written.lower()
    if " " in written or lowered in _ORDINALS or written_number(written) is None or (
            (digits := _DIGITS.fullmatch(written)) is not None and digits["unit"]):
        return ""
    words = _WORDS_AFTER.match(after)
    if words is None:
        return ""
    first, second = words[1].lower(), (words[2] or "").lower()
    if first in COUNTED_NOUNS:
        return words[1]
    if second in COUNTED_NOUNS and first not in _NOT_BETWEEN and first not in _UNCOUNTED:
        return f"{words[1]} {words[2]}"
    return ""


#: Plurals the general rules miss, singular → plural.
_PLURALS = {"die": "dice", "success": "successes", "six": "sixes", "is": "are", "was": "were",
            "this": "these", "man": "men", "foot": "feet"}
_SINGULARS = {plural: singular for singular, plural in _PLURALS.items()}

_DIGITS = re.compile(r"(?P<sign>[+\-−]?)(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?P<fraction>\.\d+)?"
                     r"(?P<unit>%|st|nd|rd|th)?")
_FACES = re.compile(r"\d+(?: +\d+)+")
#: A pool of dice: ``10d6`` reads the value as the number of dice.
_POOL = re.compile(r"\d+d(?P<sides>\d+)")


def bound_text(value: Any, written: str) -> str:
    """``value`` written the way ``written`` is (see the module's docstring)."""
    written = " ".join(written.split())
    if callable(value) and not isinstance(value, type | enum.Enum):
        raise BoundTextError(f"the expression gives {getattr(value, '__name__', 'a function')}"
                             "(), a function or method, not a value: call it")
    if isinstance(value, bool):
        return _flag(value, written)
    if _is_sequence(value):
        return _sequence(list(value), written)
    first, _, rest = written.partition(" ")
    if first.lower() in _ARTICLES and rest and (
            not is_number(value) or _DIGITS.fullmatch(rest.split(" ")[0])):
        text = bound_text(value, rest)
        if text.split(" ")[0].lower() in _ARTICLES or (
                not is_number(value) and brings_its_determiner(text)):
            # the value brings its own article, or a word that takes its place: "an ace",
            # "no success", "Two Cunning tests" (a face stays "an 8")
            return _capital(text, first)
        return _with_article(first, text)
    if not is_number(value):
        return _capital(_words(value), written)
    digits = _DIGITS.fullmatch(first)
    if digits and value == 0 and _counts(rest) and not (
            digits["sign"] or digits["unit"] or digits["fraction"]):
        return _with_noun("no", first, rest, 0)  # "4 successes" at none: "no successes"
    if digits:
        return _with_noun(_number(value, digits), first, rest, value)
    pool = _POOL.fullmatch(first)
    if pool:
        return _with_noun(f"{_whole(value, first)}d{pool['sides']}", first, rest, value)
    if _number_word(first) is not None:
        return _with_noun(_capital(_in_words(value, first, bool(rest)), first), first, rest,
                          value)
    raise BoundTextError(
        f"the value is the number {value}, but the text {written!r} does not start with a "
        "number: write it in digits or in words (21, twenty-one), or bind the number alone")


def brings_its_determiner(text: str) -> bool:
    """Whether a text already starts with what an article would stand for: an article, a
    determiner (``no``, ``every``, ``the``, ``his``…) or a number (``two``, ``3``), so that
    ``a`` before it would be wrong English (``a no success``, ``A Two Cunning tests``)."""
    first = text.split(" ")[0].lower().rstrip(",:;")
    return (first in _ARTICLES or first in DETERMINERS or written_number(first) is not None
            or bool(_DIGITS.fullmatch(first)))


def _with_article(article: str, text: str) -> str:
    """``text`` after the article it takes (``a 7``, ``an 8``, ``an exceptional success``),
    the article's first letter a capital where ``article``'s is."""
    chosen = "an" if _starts_with_a_vowel_sound(text) else "a"
    return _capital(f"{chosen} {text}", article)


def _starts_with_a_vowel_sound(text: str) -> bool:
    number = _DIGITS.match(text)
    if number and number["sign"] == "":
        digits = number["whole"].replace(",", "")
        spoken = len(digits) % 3 or 3  # the digits read before the first "thousand"
        return digits[0] == "8" or digits[:spoken] in ("11", "18")
    return text[:1].lower() in ("a", "e", "i", "o", "u")


def _flag(value: bool, written: str) -> str:
    if written.lower() not in ("yes", "no"):
        raise BoundTextError(
            f"the value is {value}, which the text can read only as 'yes' or 'no', not "
            f"{written!r}: give the words in the expression, e.g. "
            "\"hits\" if attack.hit else \"misses\"")
    return _capital("yes" if value else "no", written)


def _is_sequence(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and not hasattr(
        value, "_fields")


def _sequence(items: list[Any], written: str) -> str:
    """Dice faces (``6 4 3``) or a list (``Tam, Ana and Bo``), as ``written`` is."""
    if not items:
        return "none"
    if _FACES.fullmatch(written) or written.isdigit():
        if not all(isinstance(item, int) and not isinstance(item, bool) for item in items):
            raise BoundTextError(f"the text {written!r} is dice faces, but the value holds "
                                 f"{_words(items)!r}, not only whole numbers")
        return " ".join(str(item) for item in items)
    first = written.split(" ")[0]
    if (_DIGITS.fullmatch(first) or _number_word(first)) and not re.search(r",| and | or ",
                                                                          written):
        raise BoundTextError(
            f"the value is a list of {len(items)} ({_words(items)}), but the text {written!r} "
            "states one number: bind one value, or len(...) to count them")
    words = [_words(item) for item in items]
    if len(words) == 1:
        return _capital(words[0], written)
    last = " or " if " or " in written else " and "
    if last.strip() not in written.split():
        return _capital(", ".join(words), written)
    serial = "," if f",{last}" in written and len(words) > 2 else ""
    return _capital(", ".join(words[:-1]) + serial + last + words[-1], written)


def _words(value: Any) -> str:
    """A value's own words: a string, an enumeration's value, a character's name."""
    if isinstance(value, str):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value) if isinstance(value.value, str) else value.name.lower()
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name
    return str(value)


def _whole(value: Any, written: str) -> int:
    if not _is_real(value):
        raise BoundTextError(f"the text {written!r} is a number, but the value is "
                             f"{_words(value)!r} ({type(value).__name__})")
    if value != int(value):
        raise BoundTextError(f"the text {written!r} is a whole number, but the value is "
                             f"{value}: write as many decimals as it needs")
    return int(value)


def _number(value: Any, digits: re.Match[str]) -> str:
    """``value`` in digits, with the sign, grouping, decimals and unit written."""
    written = digits.group()
    unit = digits["unit"] or ""
    decimals = len(digits["fraction"] or ".") - 1
    if unit == "%":
        if not _is_real(value):
            raise BoundTextError(f"the text {written!r} is a percentage, but the value is "
                                 f"{_words(value)!r}")
        number = f"{float(value) * 100:,.{decimals}f}"
    elif decimals:
        number = f"{float(_real(value, written)):,.{decimals}f}"
    else:
        whole = _whole(value, written)
        number = f"{abs(whole):,}"
        if unit and unit != "%":
            unit = _ordinal_suffix(whole)
        number = ("-" if whole < 0 else "") + number
    if "," not in digits["whole"]:
        number = number.replace(",", "")
    return _signed(number, digits["sign"]) + unit


def _real(value: Any, written: str) -> float:
    if not _is_real(value):
        raise BoundTextError(f"the text {written!r} is a number, but the value is "
                             f"{_words(value)!r}")
    return float(value)


def _signed(number: str, sign: str) -> str:
    """A number with the sign the text writes: ``+`` on positive numbers where it wrote one,
    and its minus sign (``-`` or ``−``)."""
    minus = "−" if sign == "−" else "-"
    if number.startswith("-"):
        return minus + number[1:]
    return ("+" if sign == "+" else "") + number


def _ordinal_suffix(n: int) -> str:
    if 10 <= abs(n) % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(abs(n) % 10, "th")


def _number_word(word: str) -> str | None:
    """What kind of number word ``word`` is (``count``, ``zero``, ``article``,
    ``ordinal``), or ``None``."""
    lowered = word.lower()
    if lowered in _ZERO_WORDS:
        return "zero"
    if lowered in _ARTICLES:
        return "article"
    if lowered in _ORDINALS:
        return "ordinal"
    if _from_words(lowered) is not None:
        return "count"
    return None


def _from_words(word: str) -> int | None:
    """``twenty-one`` → 21; ``None`` if ``word`` is no number from 0 to 99 in words."""
    if word in _ONES:
        return _ONES.index(word)
    tens, _, ones = word.partition("-")
    if tens in _TENS[2:] and (not ones or ones in _ONES[1:10]):
        return _TENS.index(tens) * 10 + (_ONES.index(ones) if ones else 0)
    return None


def written_number(word: str) -> int | None:
    """The number a word of the text stands for (``three`` → 3, ``12`` → 12), if any."""
    lowered = word.lower()
    if lowered in _ZERO_WORDS:
        return 0
    if lowered in _ARTICLES:
        return 1
    digits = _DIGITS.fullmatch(word)
    if digits and not digits["fraction"] and digits["unit"] in (None, "st", "nd", "rd", "th"):
        number = int(digits["whole"].replace(",", ""))
        return -number if digits["sign"] in ("-", "−") else number
    if lowered in _ORDINALS:
        return _ORDINALS.index(lowered)
    return _from_words(lowered)


def _in_words(value: Any, first: str, counts_a_noun: bool) -> str:
    """A whole number in words, as ``first`` writes its number."""
    n = _whole(value, first)
    kind = _number_word(first)
    if kind == "ordinal":
        return _ORDINALS[n] if 0 < n < len(_ORDINALS) else f"{n}{_ordinal_suffix(n)}"
    if n == 0:
        if first.lower() in _ZERO_WORDS:
            return first.lower()
        return "no" if counts_a_noun else "none"
    if n == 1 and kind == "article":
        return first.lower()
    if n < 0 or n > 99:
        return f"{n:,}"
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


def _capital(text: str, written: str) -> str:
    if written[:1].isupper() and text[:1].islower():
        return text[0].upper() + text[1:]
    return text


def _counts(rest: str) -> bool:
    """Whether the words after a number end with a noun it counts (``lethal successes``)."""
    last = rest.split(" ")[-1].lower() if rest else ""
    return last in COUNTED_PLURALS or last in COUNTED_PLURALS.values()


def _with_noun(number: str, first: str, rest: str, value: Any) -> str:
    """The number and the words after it, its noun (the last word) agreeing with it."""
    if not rest:
        return number
    n = value if isinstance(value, int) and not isinstance(value, bool) else None
    words = rest.split(" ")
    if n is None or not words[-1].isalpha():
        return f"{number} {rest}"
    was = written_number(first)
    words[-1] = _agreeing(words[-1], was, n)
    return f"{number} {' '.join(words)}"


def _agreeing(word: str, was: int | None, n: int) -> str:
    """``word`` (the noun after a number that was ``was``) as it reads after ``n``."""
    if word.lower() in _UNCOUNTED or (len(word) > 1 and word.isupper()):
        return word
    singular = word if was == 1 or (was == 0 and word.lower() in _PLURALS) else _singular(word)
    if singular is None:
        return word  # not a plural: a word that does not count (in all, left)
    return singular if abs(n) == 1 else _keep_case(_plural(singular.lower()), singular)


def _singular(word: str) -> str | None:
    lowered = word.lower()
    if lowered in _SINGULARS:
        return _keep_case(_SINGULARS[lowered], word)
    if lowered.endswith("ies") and len(lowered) > 3:
        return word[:-3] + "y"
    if lowered.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if lowered.endswith("s") and not lowered.endswith("ss"):
        return word[:-1]
    return None


def _plural(word: str) -> str:
    if word in _PLURALS:
        return _PLURALS[word]
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return noun(2, word)


def _keep_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def is_number(value: Any) -> bool:
    """Whether ``value`` is a number a text could state (not a flag)."""
    return _is_real(value) and (not isinstance(value, float) or math.isfinite(value))


def _is_real(value: Any) -> bool:
    """Whether ``value`` is an int, a float or a :class:`~fractions.Fraction` (not a bool).

    A Fraction exists only once :mod:`fractions` is imported, so it is looked up there and
    never imported here: in the browser importing it costs 50 ms (200 ms on a phone's CPU)
    before a first reroll that states no fraction.
    """
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(value, fractions.Fraction)

"""The grammar of bound text, read back: where words a Reroll wrote meet the author's words
around them, the word-form errors a reader would see.

A bound value is checked as written at build time (:mod:`~site_plugins.examples.language.
bound_values` makes a number agree with the noun bound with it); what it cannot see is the
text around the brackets once the value changes: ``a [no success]`` reads "a no success",
``a [8]`` "a 8", ``her [one] standing successes`` disagrees. This module reads a passage as
a reader will see it after a Reroll (the segments a reroll wrote flagged) and lists such
errors: an article before a word that takes none, the wrong article, a number and the noun
it counts that disagree. Pure Python (no MkDocs).
"""

from __future__ import annotations

import re

from site_plugins.examples.language.bound_values import (
    COUNTED_PLURALS,
    DETERMINERS,
    written_number,
)

#: A number of the prose in words, and what may stand between two words that meet.
NUMBER_WORDS = frozenset({"zero", "one", "two", "three", "four", "five", "six", "seven",
                          "eight", "nine", "ten", "eleven", "twelve"})
_BETWEEN = re.compile(r"[ \t\n*]*")
TOKEN = re.compile(r"[A-Za-z0-9][\w'’+−-]*")


def word_form_errors(segments: list[tuple[str, bool]]) -> list[str]:
    """The word-form errors where text a reroll wrote (the segments flagged) meets the words
    around it: an article before a word that takes none, the wrong article, a number and the
    noun it counts that disagree. Only errors that touch new text are listed: the rest of
    the page is the author's, checked as written."""
    text = "".join(piece for piece, _ in segments)
    new = [False] * len(text)
    position = 0
    for piece, changed in segments:
        if changed:
            new[position:position + len(piece)] = [True] * len(piece)
        position += len(piece)
    tokens = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(text)]
    errors = []
    for i, (word, start, end) in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        touched = any(new[start:end]) or (following is not None and any(
            new[following[1]:following[2]]))
        if not touched or following is None or not _adjacent(text, end, following[1]):
            continue
        problem = _article_problem(word, following[0]) or _agreement_problem(
            tokens, i, text, new)
        if problem:
            errors.append(problem)
    return errors


def _adjacent(text: str, end: int, start: int) -> bool:
    """Whether only spaces (and emphasis) stand between two words."""
    return _BETWEEN.fullmatch(text, end, start) is not None


def _article_problem(word: str, following: str) -> str:
    lowered, after = word.lower(), following.lower()
    if lowered not in ("a", "an"):
        return ""
    if after in DETERMINERS or (after in NUMBER_WORDS and after != "one") or (
            written_number(after) is not None and after.isalpha() and after != "one"
            and not after.endswith(("st", "nd", "rd", "th"))):  # "a second knife" is right
        return f"{word!r} before {following!r}, which takes no article"
    vowel = _vowel_sound(following)
    if vowel is not None and (lowered == "an") != vowel:
        return f"{word!r} before {following!r}: {'an' if vowel else 'a'} {following}"
    return ""


def _vowel_sound(word: str) -> bool | None:
    """Whether ``word`` starts with a vowel sound (``None``: not sure)."""
    lowered = word.lower()
    if lowered[:1].isdigit():
        digits = re.match(r"\d+", lowered)
        assert digits is not None
        number = digits.group()
        spoken = len(number) % 3 or 3
        return number[0] == "8" or number[:spoken] in ("11", "18")
    if lowered.startswith(("one", "once", "uni", "use", "usu", "eu", "ewe")):
        return False
    if lowered.startswith(("hour", "honest", "honou", "heir")):
        return True
    if lowered[:1] in "aeiou":
        return True
    return False if lowered[:1].isalpha() else None


def _agreement_problem(tokens: list[tuple[str, int, int]], i: int, text: str,
                       new: list[bool]) -> str:
    """A number at token ``i`` and the counted noun one or two words after it, disagreeing."""
    word = tokens[i][0]
    lowered = word.lower()
    if lowered in ("a", "an", "no", "none") or "-" in word:
        return ""
    n = written_number(word) if (word.isdigit() or lowered in NUMBER_WORDS) else None
    if n is None or (i > 0 and _in_a_list(tokens, i, text)):
        return ""  # no number, or one of several ("6 5 1", "3, 5 and 2 successes")
    for j in (i + 1, i + 2):
        if j >= len(tokens) or not _adjacent(text, tokens[j - 1][2], tokens[j][1]):
            return ""
        noun = tokens[j][0].lower()
        if noun in COUNTED_PLURALS or noun in _SINGULARS:
            plural = noun in _SINGULARS
            if (n == 1) == plural and any(new[tokens[i][1]:tokens[j][2]]):
                return (f"{word!r} with {tokens[j][0]!r}: "
                        f"{'the noun must be singular' if plural else 'the noun must be plural'}")
            return ""
        if noun in ("of", "and", "or", "to", "in", "against", "for", "from", "than", "by"):
            return ""
    return ""


def _in_a_list(tokens: list[tuple[str, int, int]], i: int, text: str) -> bool:
    """Whether the number at token ``i`` follows another number: a face among faces, the
    last of a list ("3, 5 and 2")."""
    before, between = tokens[i - 1], text[tokens[i - 1][2]:tokens[i][1]]
    if before[0].isdigit() or (written_number(before[0]) is not None and "," in between):
        return True
    return before[0] in ("and", "or") and i > 1 and (
        tokens[i - 2][0].isdigit() or tokens[i - 2][0].lower() in NUMBER_WORDS)


_SINGULARS = {plural: singular for singular, plural in COUNTED_PLURALS.items()}

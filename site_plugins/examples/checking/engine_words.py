"""The engine's own sentences on a card, read as a reader reads them after a Reroll.

A card's title, lines, dice labels, table cells, odds lines, refusal and printed results are
written by the rules engine from whatever the dice did, so a sentence that reads well for the
documented roll may not for another: ``attacks The ghoul pack``, ``Nothing cancels Rook's 0
successes``, ``Virek-Kohl's lackeys rolls``. This module lists the word-form errors a
machine can see in one such sentence; the automated reader
(:mod:`~site_plugins.examples.checking.story_reader`) reads every sentence of every card it
rerolls with it. Pure Python (no MkDocs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from rules_core.explain import Explanation
from rules_core.names import agreeing, is_group, running_text
from rules_core.odds_text import describe
from site_plugins.examples.language.bound_values import COUNTED_PLURALS
from site_plugins.examples.language.grammar_read_back import word_form_errors

_PLURALS = "|".join(sorted(COUNTED_PLURALS.values()))
_SINGULARS = "|".join(sorted(COUNTED_PLURALS))
#: Zero written as a digit where a sentence counts something: ``Rook's 0 successes``,
#: ``takes 0 damage``, ``+0 Enhancement``. A tally keeps its digits (``Ana 0 laps``, ``0
#: net``, ``END 0 of 5``, ``= 0``).
_ZERO_COUNTED = re.compile(
    r"(?:'s|\b(?:takes|deals|gives|gets|has|have|with|by))\s+0\s+(?!net\b|of\b|on\b)[a-z]\w*"
    r"|\+0\s+[A-Za-z]\w*")
#: A sentence or clause that starts with zero in digits: ``0 successes against 3``,
#: ``rolled: 0 successes``; a printed result (``<… 0 successes against 2 …>``) is a tally.
_ZERO_LEADING = re.compile(rf"(?:^|[:;] |\()0 (?:{_PLURALS})\b")

#: A number and the noun it counts, right after it, that disagree: ``1 successes``, ``3
#: success``. Not "4 vs 1 successes" or "1 of 3 successes" (the noun counts both), not a
#: noun naming another ("7 attack dice"), not the columns of a printed table.
_DISAGREEING = re.compile(
    rf"(?<!vs )(?<!of )(?<![\d.,])\b1 (?:{_PLURALS})\b(?! of\b)"
    rf"|(?<![\d.,])\b(?:0|[2-9]|\d{{2,}}) (?:{_SINGULARS})\b(?! (?:{_PLURALS}|{_SINGULARS})\b)")


def sentences(view: Explanation) -> Iterator[str]:
    """Every sentence a card draws from ``view``: its title, pool, dice labels, lines, table
    captions and cells, and odds lines."""
    yield view.title
    yield view.pool
    yield from (roll.label for roll in view.rolls)
    yield from view.lines
    for table in view.tables:
        yield table.caption
        yield from (cell for row in table.rows for cell in row)
    yield from (_described(question) for question in view.odds)


#: A reader rereads the same odds and sentences on every reroll of a page: each is worded
#: and read once.
_described = lru_cache(maxsize=4096)(describe)


@lru_cache(maxsize=65536)
def sentence_errors(sentence: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The word-form errors of one sentence the engine wrote: a name's "The" capitalised
    inside it, zero written as a digit where it counts something, a verb that does not
    agree with a group it follows (of ``names``, the characters of the page), and the
    grammar's errors (an article before a word that takes none, the wrong article, a number
    and a noun that disagree)."""
    errors = [f"{why} (the engine's words)" for why in word_form_errors([(sentence, True)])
              if "the noun must be" not in why]
    errors += [f"a number and the noun it counts disagree: {m.group()!r}"
               for m in _DISAGREEING.finditer(sentence)]
    if running_text(sentence) != sentence:
        errors.append("a name's 'The' capitalised inside a sentence")
    printed = sentence.startswith("<") and sentence.endswith(">")
    zero = _ZERO_COUNTED.search(sentence) or (None if printed else _ZERO_LEADING.search(sentence))
    if zero:
        errors.append(f"zero written as a digit where it counts something: {zero.group()!r}")
    for name in names:
        if not is_group(name):
            continue
        for verb in re.findall(rf"{re.escape(name)} ([a-z]+s)\b", sentence):
            if agreeing(name, verb) != f"{name} {verb}":
                errors.append(f"{name!r} names many: {agreeing(name, verb)!r}")
    return errors

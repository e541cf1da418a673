"""The docs' bound values are really checked: a changed number fails its page at its line.

For every page with bound values, a seeded sample of them is perturbed at once (a number one
higher, a word for another number, other text) and the page is checked: each perturbed value
must fail at its own line, as a bound value, and nothing else may fail.
"""

from __future__ import annotations

import random
import re

import pytest

from site_plugins.examples.language.bound_values import written_number
from site_plugins.examples.language.lexer import lex_page
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md")
               if "]{=" in p.read_text(encoding="utf-8"))
#: Bound values perturbed per page (all of them where a page has fewer).
SAMPLE = 6
_NUMBER = re.compile(r"\d+")
#: An ordinal ("third", "2nd"): perturbed as other text, since a cardinal in its place would
#: be a different mistake (a number without its noun) than the one this test makes.
_ORDINAL = re.compile(r"(?:first|second|third|th|nd|rd|st)$", re.IGNORECASE)
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve")


def perturbed(written: str) -> str:
    """Text that no value reading as ``written`` reads as, with the same format (and the same
    line breaks, so that the lines of what follows stay)."""
    if _NUMBER.search(written):
        return _NUMBER.sub(lambda m: str(int(m.group()) + 1), written, count=1)
    first = written.split()[0]
    number = written_number(first)
    if number is not None and 0 <= number < len(_WORDS) - 1 and not _ORDINAL.search(first):
        word = _WORDS[number + 1] if number != 1 else "seven"
        word = word.capitalize() if first[:1].isupper() else word
        return written.replace(first, word, 1)
    return f"{written}x"


def test_the_docs_have_bound_values() -> None:
    assert len(PAGES) >= 5


@pytest.mark.parametrize("page", PAGES)
def test_a_perturbed_bound_value_fails_at_its_line(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    bindings = [b for block in lex_page(text).blocks for b in block.example.bindings
                if b.place == "prose"]
    chosen = random.Random(page).sample(bindings, min(SAMPLE, len(bindings)))
    by_line = {}
    for binding in sorted(chosen, key=lambda b: b.start, reverse=True):
        if binding.line in by_line:
            continue  # one per line: a line's item fails once whatever fails on it
        raw = binding.source[1:].partition("]")[0]
        new = binding.source.replace(f"[{raw}]", f"[{perturbed(raw)}]", 1)
        text = text[:binding.start] + new + text[binding.end:]
        by_line[binding.line] = binding.written
    failures = verify_page(page, text).all_failures
    assert sorted({f.line for f in failures if f.bound}) == sorted(by_line), "\n".join(
        str(f) for f in failures)
    assert all(f.bound for f in failures), "\n".join(str(f) for f in failures if not f.bound)

"""Every odds line the docs' cards show names its event: whose chance it is, of what the dice
must do, and what that is in the rules' words (issue 36: "Tam: 3 or more successes on 6d6:
32.0%": of what? to do what?).

The questions are gathered as the build gathers them (as ``benchmarks/odds.py`` does):
every example of ``docs/**/*.md`` is run, and each result's view lists its questions.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from rules_core.odds_text import SHOWN, SHOWN_ITSELF, describe
from rules_core.question import AtLeast, NoOdds, Question
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

#: The chapters of the systems: their cards ask their own rules' questions.
SYSTEMS = ("chronicle", "hubris", "kruhl", "storypath", "verses")
#: How a line starts: whose chance (a repeated one with its round first), or none at all.
HEAD = re.compile(r"^(Each [a-z]+, )?(.+'s|The) chance of |^No odds for ")
#: The line the issue quoted: a reading alone, with no chance named and no event.
BARE = re.compile(r"^[^:]+: (no \w+|exactly .+|a (total|highest die|lowest die) of .+|\d+ or "
                  r"more .+) on .+: ")


@cache
def docs_questions() -> dict[Question, str]:
    """Every distinct question of the docs' cards, and the first page that asks it."""
    found: dict[Question, str] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = page.relative_to(ROOT).as_posix()
        for run in verify_page(name, page.read_text(encoding="utf-8")).runs:
            for step in run.steps:
                for view in step.views:
                    for question in view.odds:
                        found.setdefault(question, name)
    return found


def test_the_docs_ask_questions_of_every_kind_and_system() -> None:
    pages = set(docs_questions().values())
    assert len(docs_questions()) > 250
    assert {page.split("/")[1] for page in pages} >= set(SYSTEMS)


def test_every_odds_line_of_the_docs_says_whose_chance_of_what() -> None:
    wrong = [line for line in map(describe, docs_questions()) if not HEAD.match(line)]
    assert wrong == []


def test_no_odds_line_of_the_docs_is_a_bare_reading() -> None:
    bare = [line for line in map(describe, docs_questions()) if BARE.match(line)]
    assert bare == []


def test_every_odds_line_of_the_docs_names_its_event() -> None:
    unnamed = []
    for question in docs_questions():
        if isinstance(question, NoOdds):
            continue
        line = describe(question)
        event = question.event or (
            (SHOWN, SHOWN_ITSELF) if isinstance(question, AtLeast) and question.shown else ())
        words = (event,) if isinstance(event, str) else event
        if not any(f", {w}: " in line or f" of {w}: " in line for w in words):
            unnamed.append(line)
    assert unnamed == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_question_of_a_system_s_chapter_is_in_its_rules_words(system: str) -> None:
    wordless = [describe(q) for q, page in docs_questions().items()
                if page.startswith(f"docs/{system}/") and not isinstance(q, NoOdds)
                and not q.event]
    assert wordless == []


def test_the_authoring_guide_quotes_odds_lines_the_docs_show() -> None:
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    start = guide.index("## Odds beside every roll")
    section = guide[start:guide.index("\n## ", start + 1)]
    quoted = [" ".join(span.split()) for span in re.findall(r"\*([^*]+)\*", section)]
    lines = [describe(q) for q in docs_questions()]
    quotes = [q for q in quoted if "'s chance of" in q and not q.endswith("(too large).")]
    assert len(quotes) >= 8
    assert [q for q in quotes if not any(line.startswith(q) for line in lines)] == []

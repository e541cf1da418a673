"""The odds follow a first result: in the browser icepool loads after the first answer, so an
answer drawn before it says the odds are on their way, and the same request with the same
seed, once icepool is here, gives the same dice with their odds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
from rules_core.verses import SYSTEM as VERSES
from site_plugins.examples.browser_engine.wheels import build_wheel
from site_plugins.examples.cards.odds_lines import ODDS_LINES
from site_plugins.examples.cards.render_views import ODDS_PENDING, render_odds
from site_plugins.examples.cards.reroll import answer
from tests.conftest import run_isolated

ROLL = json.dumps({"system": "rules_core.verses", "values": {}})
QUESTIONS = (AtLeast(Procedure(6, 6, (), CountAtLeast(5)), 3),
             AtLeast(Procedure(4, 6, (), CountAtLeast(5)), 1))


@pytest.fixture
def no_odds_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the browser before icepool's wheel is loaded."""
    monkeypatch.setattr(ODDS_LINES, "ready", lambda: False)


def test_before_the_odds_a_result_says_in_words_they_are_on_their_way(no_odds_yet: None,
                                                                       ) -> None:
    drawn = render_odds(QUESTIONS)
    assert drawn == ('<ul class="rx-odds rx-odds-pending" aria-label="Odds" aria-live="polite">'
                     + f"<li>{ODDS_PENDING}</li>" * 2 + "</ul>")
    assert ODDS_PENDING == "Odds on their way…"


def test_once_the_odds_can_be_worked_out_each_question_has_its_line() -> None:
    drawn = render_odds(QUESTIONS)
    assert drawn.startswith('<ul class="rx-odds" aria-label="Odds"><li>')
    assert drawn.count("<li>") == 2 and "pending" not in drawn and "32.0%" in drawn


def test_an_answer_drawn_before_the_odds_says_so(no_odds_yet: None) -> None:
    first = json.loads(answer("roll", ROLL, seed=7))
    assert first["oddsPending"] is True
    assert "rx-odds-pending" in first["html"] and ODDS_PENDING in first["html"]


def test_asked_again_with_the_same_seed_it_has_the_same_dice_and_their_odds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ODDS_LINES, "ready", lambda: False)
    first = json.loads(answer("roll", ROLL, seed=7))
    monkeypatch.undo()
    again = json.loads(answer("roll", ROLL, seed=7))
    assert "oddsPending" not in again and "rx-odds-pending" not in again["html"]
    assert again["dice"] == first["dice"]
    assert again["html"].count('<ul class="rx-odds"') == first["html"].count("rx-odds-pending")


def test_a_first_result_needs_no_icepool_and_imports_no_odds(tmp_path: Path) -> None:
    core, verses = tmp_path / "rules_reference-1.whl", tmp_path / "rules_core_verses-1.whl"
    core.write_bytes(build_wheel().data)
    verses.write_bytes(build_wheel(system=VERSES).data)
    code = (
        f"import json, sys\nsys.path[:0] = [{str(core)!r}]\n"
        "from site_plugins.examples.cards.wheel_path import add_wheels\n"
        f"add_wheels([{str(verses)!r}])\n"
        "from site_plugins.examples.cards.reroll import answer\n"
        f"first = json.loads(answer('roll', {ROLL!r}, 7))\n"
        "assert first['oddsPending'] is True, first\n"
        "assert not {'icepool', 'rules_core.odds', 'rules_core.odds_text'} & set(sys.modules)\n"
        "assert 'html.entities' not in sys.modules and 'difflib' not in sys.modules\n"
        "print('ok')\n"
    )
    run_isolated(code)

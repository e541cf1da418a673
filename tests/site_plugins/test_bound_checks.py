"""Bound values are checked like claims (build, pytest, update), drawn as spans, and written
again by a Reroll with the same Python."""

from __future__ import annotations

import json
import re
import time

import pytest

from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.cards.reroll import parse_cards, reroll_page, rerun
from site_plugins.examples.checking.bound_apart import KILL_AFTER, run_apart
from site_plugins.examples.checking.checker import Checker
from site_plugins.examples.checking.plain import run_from_data, run_to_data
from site_plugins.examples.checking.update import update_page
from site_plugins.examples.language.bound_values import Binding, BoundRun
from site_plugins.examples.language.lexer import lex_page
from site_plugins.examples.language.session import DiceMode, ExampleRun, Session
from site_plugins.examples.language.verify import check_bound, verify_page
from site_plugins.examples.site.page_cards import PageCards
from tests.site_plugins.conftest import SLACK

pytest_plugins = ["pytester"]

PAGE = '''---
examples_setup: |
  from rules_core.verses import Actor, Scene, PUNCH
---

# Punches

Tam rolls **[6 6 5 4 2 1]{= punch.faces}**: [three successes]{= punch.successes}.

```rules-example title="A punch: [3 damage]{= punch.damage}"
>>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
>>> scene = Scene(tam)
>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
>>> punch.damage
3
```

The punch does [3]{= punch.damage} damage, and
[two sixes]{= punch.sixes_to_chain} can chain.

The guard reels.
{: narrates }
'''


def failures_of(text: str) -> list[str]:
    return [str(f) for f in verify_page("docs/p.md", text).all_failures]


def test_bound_values_that_match_verify() -> None:
    assert failures_of(PAGE) == []


def test_a_wrong_bound_value_fails_at_its_line_with_expected_and_got() -> None:
    wrong = PAGE.replace("[3]{= punch.damage} damage", "[4]{= punch.damage} damage")
    assert failures_of(wrong) == [
        "docs/p.md:18: bound value did not verify\n"
        "    [4]{= punch.damage}\n"
        "  expected:\n    4\n  got:\n    3\n"
        "  The text and the rules engine disagree: fix whichever is wrong."]


def test_a_wrong_bound_title_fails_at_the_fence_line() -> None:
    wrong = PAGE.replace("[3 damage]{= punch.damage}", "[4 damage]{= punch.damage}")
    (failure,) = failures_of(wrong)
    assert failure.startswith("docs/p.md:10: bound value did not verify")
    assert "The title and the rules engine disagree" in failure


def test_an_unknown_name_fails_at_its_line() -> None:
    wrong = PAGE.replace("{= punch.sixes_to_chain}", "{= punh.sixes_to_chain}")
    (failure,) = failures_of(wrong)
    assert failure.startswith("docs/p.md:19: the bound value's expression raised NameError")
    assert "name 'punh' is not defined" in failure


def test_a_value_the_text_cannot_state_fails_saying_why() -> None:
    wrong = PAGE.replace("[three successes]{= punch.successes}", "[three successes]{= punch.faces}")
    (failure,) = failures_of(wrong)
    assert failure.startswith("docs/p.md:8: the bound value cannot be written as its text is")
    assert "the value is a list of 6 ([6, 6, 5, 4, 2, 1]), but the text 'three successes' " \
        "states one number" in failure


def test_the_update_rewrites_stale_bound_text_and_keeps_the_expression() -> None:
    stale = (PAGE.replace("[three successes]", "[two successes]")
             .replace("[3 damage]{= punch.damage}\"", "[4 damage]{= punch.damage}\""))
    new, changes = update_page(stale, verify_page("docs/p.md", stale))
    assert new == PAGE
    assert sorted((c.line, c.old, c.new, c.kind) for c in changes) == [
        (8, "two successes", "three successes", "bound value"),
        (10, "4 damage", "3 damage", "bound value")]


def test_the_update_leaves_alone_a_bound_value_whose_expression_raises() -> None:
    broken = PAGE.replace("{= punch.damage} damage", "{= punch.nothing} damage")
    new, changes = update_page(broken, verify_page("docs/p.md", broken))
    assert new == broken
    assert [c.reason for c in changes] == [
        "left alone: its expression gives no text (fix the expression first)"]


def placed(text: str) -> str:
    result = verify_page("docs/p.md", text.split("---\n", 2)[2], first_line=5, file_text=text)
    return PageCards().place(text.split("---\n", 2)[2], result, "s", {}, lambda _: None)


def test_bound_values_become_spans_keeping_the_lines() -> None:
    markdown = placed(PAGE)
    body = PAGE.split("---\n", 2)[2]
    assert markdown.count("\n") == body.count("\n") + 2 - 6  # the fence: 8 lines → 3
    assert ('Tam rolls **<span class="rx-bound" data-rx-session="s" data-rx-card="0" '
            'data-rx-bound="1">6 6 5 4 2 1</span>**') in markdown
    assert ('<span class="rx-bound" data-rx-session="s" data-rx-card="0" data-rx-bound="4">'
            'two sixes</span> can chain.') in markdown


def test_a_narrated_paragraph_ends_with_its_marker() -> None:
    assert ('The guard reels.<span class="rx-narrates" data-rx-session="s" data-rx-card="0">'
            '</span>\n') in placed(PAGE)


def test_a_bound_title_is_drawn_with_its_span() -> None:
    cards = PageCards()
    body = PAGE.split("---\n", 2)[2]
    result = verify_page("docs/p.md", body, first_line=5, file_text=PAGE)
    html = cards.fill(cards.place(body, result, "s", {}, lambda _: None), [])
    assert ('<span class="rx-title">A punch: <span class="rx-bound" data-rx-session="s" '
            'data-rx-card="0" data-rx-bound="0">3 damage</span></span>') in html
    assert 'id="a-punch-3-damage"' in html


def test_a_reroll_writes_every_bound_value_with_the_new_dice() -> None:
    result = verify_page("docs/p.md", PAGE)
    cards = page_card_data(result.runs, "s", result.setup_source)
    for seed in range(6):
        answer = json.loads(reroll_page(json.dumps({"target": 0, "cards": cards}), seed=seed))
        (card,) = answer["cards"]
        faces = card["rolls"][0]
        damage = sum(face >= 5 for face in faces)
        texts = [bound["text"] for bound in card["bound"]]
        assert texts[1] == " ".join(map(str, faces))
        assert texts[3] == str(damage)
        assert re.fullmatch(r"\d+ damage", texts[0]) and texts[0].startswith(texts[3])
        assert all(not bound["error"] for bound in card["bound"])


def test_pytest_names_an_item_after_each_line_of_bound_values(pytester: pytest.Pytester) -> None:
    docs = pytester.mkdir("docs")
    (docs / "p.md").write_text(PAGE.replace("[3]{= punch.damage} damage",
                                            "[4]{= punch.damage} damage"), encoding="utf-8")
    result = pytester.runpytest_subprocess("-v", "-rf", "docs", timeout=120)
    result.assert_outcomes(passed=8, failed=1)
    result.stdout.fnmatch_lines([
        "*docs/p.md:8 PASSED*", "*docs/p.md:10 PASSED*", "*docs/p.md:19 PASSED*",
        "*_ docs/p.md:18 (bound values about A punch: 3 damage) _*",
        "docs/p.md:18: bound value did not verify",
        "FAILED docs/p.md::docs/p.md:18 *"])


def test_a_binding_over_several_lines_leaves_its_paragraph_whole() -> None:
    spread = PAGE.replace("[3]{= punch.damage} damage", "[3]{= punch\n.damage\n+ 0} damage")
    markdown = placed(spread)
    assert re.search(r'does <span class="rx-bound"[^>]*>3</span> damage, and\n'
                     r'<span class="rx-bound"', markdown), markdown


def test_a_name_a_refused_move_never_made_keeps_the_documented_text() -> None:
    refused = PAGE.replace(
        "The punch does", "```rules-example title=\"A chain\"\n>>> again = scene.act("
        "tam, PUNCH, ad=99, dice=rolled())\nRulesError\n```\n\nAgain [1]{= again.damage}."
        "\n\nThe punch does")
    result = verify_page("docs/p.md", refused)
    cards = parse_cards(page_card_data(result.runs, "s", result.setup_source))
    runs = dict((card.index, run) for card, run in rerun(cards, 0, DiceMode.random(1)))
    again = next(b for b in runs[1].bound if b.binding.written == "1")
    assert again.raised == "NameError" and again.unmade == "again" and not again.text


# -- bound values run apart (the build's worker: checking/bound_apart.py) ----------------------

def apart(binding: str, later: str = ">>> log", limit: float = 1.0) -> list[ExampleRun]:
    """A page whose first card makes ``x = 2`` and ``log = []``, a paragraph about it holding
    ``binding``, and a later card; each example run with its bound values apart."""
    lexed = lex_page(f"```rules-example\n>>> import os\n>>> x = 2\n>>> log = []\n```\n\n"
                     f"It is {binding}.\n\nLater.\n\n```rules-example\n{later}\n```\n")
    session = Session(limit, bound_runner=run_apart)
    return [session.run(block.example) for block in lexed.blocks]


def test_what_a_bound_value_changes_never_reaches_the_examples_after_it() -> None:
    first, later = apart("[2]{= [log.append(99), x][1]}")
    assert (first.bound[0].text, later.steps[0].output) == ("2", "[]\n")


def test_a_bound_value_that_starts_a_process_fails_saying_so() -> None:
    (ran,) = apart("[2]{= os.fork() * 0 + x}")[0].bound
    assert (ran.stopped, ran.text) == ("started a process", "")


def test_a_bound_value_that_ends_its_process_fails_and_the_next_ones_are_read() -> None:
    ended, after = apart("[2]{= os._exit(3) or x} and [2]{= x}")[0].bound
    assert (ended.stopped, after.text) == ("ended the process evaluating it", "2")
    assert "exit status 3, as os._exit() does" in ended.error


def test_a_long_call_into_c_is_ended_from_outside_soon_after_the_example_s_time() -> None:
    start = time.monotonic()
    stuck, after = apart("[2]{= sum(range(10**10 + x))} and [2]{= x}", limit=0.5)[0].bound
    assert time.monotonic() - start < 0.5 + KILL_AFTER + SLACK
    assert (stuck.stopped, after.stopped) == ("did not stop when its time ran out",
                                              "was not evaluated")


def test_a_bound_value_that_ends_its_process_fails_at_its_own_line(checker: Checker) -> None:
    text = ("# P\n\n```rules-example\n>>> import os\n>>> x = 2\n```\n\nIt is [2]{= os._exit(0) "
            "or x}.\n\nLater.\n\n```rules-example\n>>> x\n2\n```\n")
    assert [str(f) for f in checker.verify("docs/p.md", text).all_failures] == [
        "docs/p.md:8: the bound value's expression ended the process evaluating it\n"
        "    [2]{= os._exit(0) or x}\n"
        "  got:\n"
        "    the expression ended the process evaluating it (exit status 0, as os._exit() "
        "does): a bound value only reads what its example made\n"
        "  The expression runs apart, in a process of its own, right after the example it "
        "narrates: make it read a value, and nothing more."]


def test_a_long_value_fails_with_its_start_and_its_length() -> None:
    failure = check_bound("docs/p.md", BoundRun(Binding(8, "2", "x * 10**7"), text="2" * 500,
                                                size=10**7))
    assert failure is not None and failure.got == (
        "2" * 300 + "…\n[… 10,000,000 characters in all: only the start is shown]")


def test_a_bound_value_s_cut_and_ending_cross_to_the_build() -> None:
    (block,) = lex_page("```rules-example\n>>> x = 2\n```\n\nIt is [2]{= x}.\n").blocks
    run = ExampleRun(block.example, DiceMode())
    run.bound = [BoundRun(block.example.bindings[0], error="e", size=9, stopped="started")]
    assert run_from_data(json.loads(json.dumps(run_to_data(run))), block.example).bound == \
        run.bound


def test_the_update_leaves_alone_an_engine_text_too_long_to_be_bound() -> None:
    text = "```rules-example\n>>> x = 'ab' * 150\n```\n\nIt is [ab]{= x}.\n"
    new, changes = update_page(text, verify_page("docs/p.md", text))
    assert new == text
    assert [c.reason for c in changes] == [
        "left alone: the engine's text is 300 characters long, and a bound text at most 200"]

"""The browser's Reroll, on the Python side: replay what is shown, reroll from the target on."""

from __future__ import annotations

import json
import re

import pytest

from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.cards.reroll import RerollRequestError, reroll_page, rerun
from site_plugins.examples.cards.reroll import parse_cards as parse
from site_plugins.examples.language.session import DiceMode
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

PAGE = "docs/verses/action-chaining.md"


@pytest.fixture(scope="module")
def cards() -> list[dict[str, object]]:
    """Every card of the Action Chaining page as the page script sends it."""
    text = (ROOT / PAGE).read_text(encoding="utf-8")
    result = verify_page(PAGE, text)
    assert not result.all_failures
    return page_card_data(result.runs, "s", result.setup_source)


def index_of(cards: list[dict[str, object]], needle: str) -> int:
    """The index of the first card whose first step contains ``needle``."""
    for card in cards:
        steps = card["steps"]
        assert isinstance(steps, list)
        if needle in steps[0]["source"]:
            return int(str(card["index"]))
    raise AssertionError(needle)


def pool_size(html: str) -> int:
    """The pool size a card body states (``... = 8d6``)."""
    found = re.search(r"= (\d+)d6", html)
    assert found, html
    return int(found[1])


def test_rerolling_the_first_punch_recomputes_the_chained_pool(cards: list[dict[str, object]]
                                                               ) -> None:
    first, second = index_of(cards, "first = "), index_of(cards, "second = ")
    seen = set()
    for seed in range(40):
        answer = json.loads(reroll_page(json.dumps({"target": first, "cards": cards}), seed=seed))
        by_index = {c["index"]: c for c in answer["cards"]}
        faces = by_index[first]["rolls"][0]
        assert len(faces) == 6
        assert sum(f >= 5 for f in faces)  # its contract: the punch lands, the chain is told
        sixes = faces.count(6)
        chained = by_index[second]
        assert pool_size(chained["html"]) == 6 + sixes
        assert len(chained["rolls"][0]) == 6 + sixes
        seen.add(sixes)
    assert len(seen) >= 3


def test_a_later_example_whose_faces_still_fit_keeps_them(cards: list[dict[str, object]]
                                                           ) -> None:
    first, clinch = index_of(cards, "first = "), index_of(cards, "clinch = ")
    documented = next(c["rolls"] for c in cards if c["index"] == clinch)
    for seed in range(10):
        answer = json.loads(reroll_page(json.dumps({"target": first, "cards": cards}), seed=seed))
        by_index = {c["index"]: c for c in answer["cards"]}
        assert by_index[clinch]["rolls"] == documented  # a new chain: its 10d6 still fit


def test_a_later_example_whose_faces_no_longer_fit_rolls_anew(cards: list[dict[str, object]]
                                                              ) -> None:
    first, second = index_of(cards, "first = "), index_of(cards, "second = ")
    shown = next(c["rolls"] for c in cards if c["index"] == second)
    changed = 0
    for seed in range(20):
        answer = json.loads(reroll_page(json.dumps({"target": first, "cards": cards}), seed=seed))
        by_index = {c["index"]: c for c in answer["cards"]}
        faces = by_index[first]["rolls"][0]
        if sum(f >= 5 for f in faces) and faces.count(6) != 2:
            assert by_index[second]["rolls"] != shown
            changed += 1
        elif faces.count(6) == 2:
            assert by_index[second]["rolls"] == shown
    assert changed


def test_earlier_cards_replay_the_faces_they_show(cards: list[dict[str, object]]) -> None:
    second = index_of(cards, "second = ")
    answer = json.loads(reroll_page(json.dumps({"target": second, "cards": cards}), seed=1))
    chained = answer["cards"][0]
    assert chained["index"] == second
    assert pool_size(chained["html"]) == 8  # the documented first punch's two sixes
    assert all(card["index"] >= second for card in answer["cards"])


def test_a_replayed_reroll_is_kept_by_later_rerolls(cards: list[dict[str, object]]) -> None:
    first, second = index_of(cards, "first = "), index_of(cards, "second = ")
    shown = [dict(c) for c in cards]
    shown[first]["rolls"] = [[6, 5, 1, 1, 1, 1]]
    answer = json.loads(reroll_page(json.dumps({"target": second, "cards": shown}), seed=2))
    assert pool_size(answer["cards"][0]["html"]) == 7


def test_checks_are_never_redrawn(cards: list[dict[str, object]]) -> None:
    checks = {c["index"] for c in cards if c["kind"] == "check"}
    answer = json.loads(reroll_page(json.dumps({"target": 0, "cards": cards}), seed=3))
    answered = [c for c in answer["cards"] if c["index"] in checks]
    assert checks and all(set(c) == {"index", "check", "follows"} for c in answered)


def check_page(claim: str, prose: str = "") -> list[dict[str, object]]:
    """A page of one roll and a note's check after it: the cards as the page sends them."""
    page = ("# P\n\n```rules-example title=\"A roll\"\n>>> from rules_core.verses import "
            "Actor, Scene, PUNCH\n>>> tam = Actor(\"Tam\", attributes={\"PRW\": 3}, "
            "action_dice=6)\n>>> punch = Scene(tam).act(tam, PUNCH, ad=1, "
            "dice=rolled(\"6 5 4 1\"))\n```\n\n!!! note\n" + (f"    {prose}\n\n" if prose else "")
            + f"    ```rules-check\n{claim}    ```\n")
    result = verify_page("docs/p.md", page)
    assert not result.all_failures, [str(f) for f in result.all_failures]
    return page_card_data(result.runs, "s", result.setup_source)


def checks_after(cards: list[dict[str, object]], seeds: int = 8) -> list[tuple[int, bool]]:
    """For rerolls of the page's roll: its successes and whether the check follows them."""
    found = []
    for seed in range(seeds):
        answer = json.loads(reroll_page(json.dumps({"target": 0, "cards": cards}), seed=seed))
        card, check = answer["cards"]
        assert set(check) == {"index", "check", "follows"}
        found.append((sum(face >= 5 for face in card["rolls"][0]), check["follows"]))
    return found


def test_a_check_the_new_dice_change_follows_them() -> None:
    found = checks_after(check_page("    >>> punch.successes\n    2\n"))
    assert {follows for _, follows in found} == {True, False}
    assert all(follows == (successes != 2) for successes, follows in found)


def test_a_check_the_new_dice_cannot_change_never_follows_them() -> None:
    found = checks_after(check_page("    >>> PUNCH.target\n    1\n"))
    assert {successes for successes, _ in found} != {2}
    assert not any(follows for _, follows in found)


def test_a_check_follows_the_dice_when_only_the_prose_bound_to_it_changes() -> None:
    found = checks_after(check_page("    >>> twice = punch.successes\n", "It did [2]{= twice}."))
    assert all(follows == (successes != 2) for successes, follows in found)
    assert {follows for _, follows in found} == {True, False}


def test_the_same_seed_gives_the_same_answer(cards: list[dict[str, object]]) -> None:
    request = json.dumps({"target": index_of(cards, "clinch = "), "cards": cards})
    assert reroll_page(request, seed=7) == reroll_page(request, seed=7)


def test_the_announcement_says_the_new_result(cards: list[dict[str, object]]) -> None:
    first = index_of(cards, "first = ")
    answer = json.loads(reroll_page(json.dumps({"target": first, "cards": cards}), seed=5))
    assert answer["announcement"].startswith("Rerolled. Tam: Punch")
    assert re.search(r"(One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|\d+) "
                     r"later examples? on this page rolled new dice with it\.$",
                     answer["announcement"])


def test_rerun_with_a_scripted_replay_reproduces_the_documented_page(
        cards: list[dict[str, object]]) -> None:
    parsed = parse(cards)
    first = index_of(cards, "first = ")
    runs = rerun(parsed, first, DiceMode.replaying([(6, 6, 5, 4, 2, 1)]))
    assert runs[0][1].steps[1].output == "(3, 3, 2)\n"


@pytest.mark.parametrize("request_", [
    {"target": 0, "cards": []},
    {"target": 99, "cards": [{"index": 0, "kind": "example", "line": 1, "steps": []}]},
    {"target": 0, "cards": [{"index": 0, "kind": "example", "line": 1}]},
    {"target": 0, "cards": [{"index": 0, "kind": "example", "line": 1,
                             "steps": [{"line": 2, "source": "x" * 30_000}]}]},
    {"target": 0, "cards": [{"index": 0, "kind": "example", "line": 1, "steps": [],
                             "rolls": [["six"]]}]},
])
def test_a_malformed_request_is_refused_clearly(request_: dict[str, object]) -> None:
    with pytest.raises(RerollRequestError):
        reroll_page(json.dumps(request_))


def test_a_step_needing_what_a_refused_move_never_made_is_not_played(
        cards: list[dict[str, object]]) -> None:
    clinch, takedown = index_of(cards, "clinch = "), index_of(cards, "takedown = ")
    failed_clinch = DiceMode.replaying([(1,) * 10, (5, 2)])
    runs = dict((card.index, run) for card, run in rerun(parse(cards), clinch, failed_clinch))
    steps = runs[takedown].steps
    assert steps[0].rules_error and "ChainError" in steps[0].output
    later = steps[1:]
    assert later and all(s.skipped == "takedown" and not s.code_error for s in later)
    assert later[0].output.startswith("Not played: there is no takedown")


def test_an_unknown_name_is_still_a_code_error() -> None:
    card = {"index": 0, "kind": "example", "line": 1, "rolls": [],
            "steps": [{"line": 2, "source": "no_such_thing", "expected": ""}]}
    runs = rerun(parse([card]), 0, DiceMode.random(1))
    assert runs[0][1].steps[0].code_error.startswith("NameError")


def test_a_page_of_ordinary_python_rerolls_as_it_verified() -> None:
    page = ("# P\n\n```rules-example\n>>> from __future__ import annotations\n"
            ">>> from dataclasses import dataclass\n>>> @dataclass\n... class Roll:\n"
            "...     faces: tuple[int, ...]\n>>> roll = Roll(rolled(\"6 5\").roll(2, 6))\n"
            ">>> f\"{sum(roll.faces):>3}\"\n' 11'\n```\n")
    result = verify_page("docs/p.md", page)
    assert not result.all_failures
    cards = page_card_data(result.runs, "s", result.setup_source)
    [card] = json.loads(reroll_page(json.dumps({"target": 0, "cards": cards}), seed=1))["cards"]
    assert "Error" not in card["code"]


def test_a_roll_past_the_budget_of_exact_odds_says_so_after_a_reroll() -> None:
    from tests.malformed.cases_odds import CASES

    page = next(case.text for case in CASES if case.name == "odds-20d1000-total")
    assert isinstance(page, str)
    result = verify_page("docs/odds.md", page)
    assert not result.all_failures
    cards = page_card_data(result.runs, "s", result.setup_source)
    for seed in (1, 2):
        answer = json.loads(reroll_page(json.dumps({"target": 0, "cards": cards}), seed=seed))
        [card] = answer["cards"]
        assert re.search(r"<li>Ana&#x27;s chance of a total of \d+ or more on 20d1000, this "
                         r"result or better: no exact odds for this roll \(too large\)\.</li>",
                         card["html"])

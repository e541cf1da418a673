"""The Reroll button end to end, on the Python side, for every page of the docs.

As the page does it: each card's request data is read back from the ``data-rx-example``
attribute of the card the build renders; the reader rerolls the first rerollable card, the
page keeps the faces of the answer, then the reader rerolls the last rerollable card. The
answers go through ``reroll_page`` as JSON, the way the engine worker calls it.

This module runs in the normal suite (CPython) and in Pyodide (the parity test's selection,
tests/pyodide/test_parity.py). For the Pyodide run the parity test also passes the digest of
the answers CPython gives with seeded dice (``RULES_PARITY_REROLL``, JSON: page → digest), so
the same requests and seeds must give the same answers, byte for byte, in both Pythons.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from site_plugins.examples.cards.render import render_card
from site_plugins.examples.cards.reroll import reroll_page
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

PAGES = sorted((ROOT / "docs").rglob("*.md"))
#: Seeds of the two rerolls, fixed so both Pythons draw the same dice.
SEEDS = (20250, 20251)
DIGESTS = "RULES_PARITY_REROLL"


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def cards_of(page: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """The page's cards as cards.js sends them, and the indexes of the rerollable ones."""
    result = verify_page(page_name(page), page.read_text(encoding="utf-8"))
    cards, rerollable = [], []
    for index, run in enumerate(result.runs):
        setup = result.setup_source if index == 0 else ""
        figure = render_card(run, f"card-{index}", "session", index, setup=setup)
        data = re.search(r'data-rx-example="([^"]*)"', figure)
        assert data, figure
        cards.append(json.loads(unescape(data[1])))
        if 'data-rx-rerollable="true"' in figure:
            rerollable.append(index)
    return cards, rerollable


def reroll(cards: list[dict[str, Any]], target: int, seed: int) -> tuple[str, dict[str, Any]]:
    """Ask for a reroll of ``target``; return the raw answer and the answer read."""
    raw = reroll_page(json.dumps({"target": target, "cards": cards}), seed=seed)
    return raw, json.loads(raw)


def show(cards: list[dict[str, Any]], answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards as the page holds them after an answer: the changed cards' new faces."""
    rolls = {card["index"]: card["rolls"] for card in answer["cards"] if "rolls" in card}
    return [{**card, "rolls": rolls.get(card["index"], card["rolls"])} for card in cards]


def check_answer(cards: list[dict[str, Any]], target: int, answer: dict[str, Any]) -> None:
    assert answer["target"] == target
    changed = [card["index"] for card in answer["cards"] if not card.get("check")]
    examples_from_target = [c["index"] for c in cards
                            if c["kind"] == "example" and c["index"] >= target]
    assert changed == examples_from_target
    later_checks = [c["index"] for c in cards if c["kind"] == "check" and c["index"] > target]
    checks = [card for card in answer["cards"] if card.get("check")]
    assert [card["index"] for card in checks] == later_checks
    assert all(set(card) == {"index", "check", "follows"} for card in checks)
    assert all(isinstance(card["follows"], bool) for card in checks)
    for card in answer["cards"]:
        if card.get("check"):
            continue
        assert len(card["bound"]) == len(cards[card["index"]].get("bindings", []))
        assert isinstance(card["html"], str) and card["code"].startswith('<pre class="rx-code"')
        assert isinstance(card["rerollable"], bool)
        assert all(isinstance(face, int) and face >= 1 for roll in card["rolls"] for face in roll)
    assert answer["announcement"].startswith("Rerolled. ")


def page_digest(page: Path) -> str:
    """Reroll the first rerollable card, then the last, with seeded dice; digest the answers.

    Checks every answer on the way. A page without a rerollable card has the empty digest.
    """
    cards, rerollable = cards_of(page)
    if not rerollable:
        return ""
    digest = hashlib.sha256()
    for target, seed in zip((rerollable[0], rerollable[-1]), SEEDS, strict=True):
        raw, answer = reroll(cards, target, seed)
        check_answer(cards, target, answer)
        digest.update(raw.encode("utf-8"))
        cards = show(cards, answer)
    return digest.hexdigest()


def digests() -> dict[str, str]:
    """Every page's digest: what the parity test computes under CPython."""
    return {page_name(page): page_digest(page) for page in PAGES}


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_rerolling_a_page_twice_answers_every_later_card(page: Path) -> None:
    digest = page_digest(page)
    expected = json.loads(os.environ.get(DIGESTS, "{}")).get(page_name(page))
    if expected is not None:
        assert digest == expected, (
            f"{page_name(page)}: the same reroll requests with the same seeds give different "
            "answers here than under CPython (tests/pyodide/test_parity.py)")


def test_unseeded_rerolls_answer_like_the_page_expects() -> None:
    """The page sends no seed: fresh dice from the Python's own random source."""
    for page in PAGES:
        cards, rerollable = cards_of(page)
        for target in rerollable[:1]:
            raw = reroll_page(json.dumps({"target": target, "cards": cards}))
            check_answer(cards, target, json.loads(raw))

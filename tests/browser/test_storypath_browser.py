"""Reroll on the Storypath chapter in a real browser: a 10-again card and a whole chase follow
the rules with fresh dice (Debian's Chromium, the built site on 127.0.0.1, Pyodide inside)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Guard
from tests.browser.test_reroll_browser import card, faces, reroll, text

pytestmark = pytest.mark.browser

TEN_AGAIN = "a-10-again-chain"
INTERVALS = ("interval-1-a-head-start", "interval-2-a-hazard",
             "interval-3-snatch-and-grab-and-the-end")
#: Rerolls of the 10-again card before it must have shown a 10 (6 dice: 47% a reroll).
TRIES = 12


def test_rerolled_tens_add_dice_and_a_rerolled_chase_keeps_its_laps(page: Page,
                                                                   guard: Guard) -> None:
    page.goto("/storypath/dice/")
    chain = card(page, TEN_AGAIN)
    assert faces(chain) == [10, 7, 5, 3, 2, 1, 10, 8]
    seen_a_ten = False
    for _ in range(TRIES):
        reroll(page, TEN_AGAIN)
        rolled = faces(chain)
        tens = rolled.count(10)
        dice = chain.locator(".rx-body .rx-roll").first
        assert len(rolled) == 6 + tens  # every 10 added a die, at the end of the roll
        assert dice.locator('.rx-die[data-marks~="explodes"]').count() == tens
        assert dice.locator('.rx-die[data-marks~="added"]').count() == tens
        successes = sum(face >= 8 for face in rolled)
        assert dice.locator('.rx-die[data-marks~="success"]').count() == successes
        assert re.search(rf"\b{successes or '[Nn]o'} success(es)?\b", text(chain))
        expect(chain.locator(".rx-odds")).to_contain_text("on 6d10 (8+, 10-again)")
        if tens:
            seen_a_ten = True
            break
    assert seen_a_ten, f"no 10 in {TRIES} rerolls of six dice"

    page.goto("/storypath/chases/")
    reroll(page, INTERVALS[0])
    first = card(page, INTERVALS[0])
    ana = faces(first)
    assert len(ana) == 5 + ana.count(10)
    got = sum(face >= 8 for face in ana)
    head_start = f" + 2 Enhancement (Head Start) = {got + 2}" if got else ""
    assert f"Ana: {got or 'no'} success" in text(first) and head_start in text(first)
    for cid in INTERVALS:  # a tall card folds its earlier results: open them to read all
        card(page, cid).locator("details.rx-fold").evaluate_all(
            "folds => folds.forEach(fold => { fold.open = true; })")
    laps = sum(len(re.findall(r"Ana: [^\n]*: a lap\.", text(card(page, cid))))
               for cid in INTERVALS)
    assert f"Laps: Ana {laps}," in text(card(page, INTERVALS[-1]))  # the tally follows

"""Reroll on the Chronicle System chapter in a real browser: a critical-hit card with a reroll
contract keeps its dice, its verdict and its marks in step with fresh dice (Debian's Chromium,
the built site on 127.0.0.1, Pyodide inside)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Guard
from tests.browser.test_reroll_browser import card, reroll, text

pytestmark = pytest.mark.browser

CRITICAL = "combat-defense-10-a-20-is-a-critical"
#: Edric's Combat Defense: twice it, 20, is a critical hit.
DEFENSE = 10
#: Rerolls of the card (its contract keeps the second swing a critical hit).
TRIES = 4


def test_a_rerolled_critical_hit_counts_and_marks_its_kept_sixes(page: Page,
                                                                   guard: Guard) -> None:
    """Rorik's two swings at Edric (4D + 1B each): a Reroll rolls until the first hits and
    the second is a critical, as the card's contract says; the second swing's best four dice
    count, its bonus die is marked, and exactly its counted sixes are marked and read."""
    page.goto("/chronicle/criticals/")
    hit = card(page, CRITICAL)
    second = hit.locator(".rx-body .rx-roll").nth(1)
    assert second.locator('.rx-die[data-marks~="critical-six"]').count() == 1
    for _ in range(TRIES):
        reroll(page, CRITICAL)
        dice = second.locator(".rx-die")
        rolled = [int(d.get_attribute("data-face") or 0) for d in dice.all()]
        marks = [(d.get_attribute("data-marks") or "").split() for d in dice.all()]
        kept = [face for face, names in zip(rolled, marks, strict=True)
                if "dropped" not in names]
        assert len(rolled) == 5 and sorted(kept) == sorted(rolled)[1:]  # the best 4 count
        assert [i for i, names in enumerate(marks) if "bonus-die" in names] == [4]
        result, sixes = sum(kept), kept.count(6)
        body = text(hit)
        assert result >= 2 * DEFENSE, body  # the contract: the second swing is a critical
        assert "Critical hit" in body
        assert second.locator('.rx-die[data-marks~="critical-six"]').count() == sixes
        if sixes:
            assert re.search(rf"{sixes} sixe?s?: row {min(sixes, 8)}, ", body)
        else:
            assert "no six counts" in body
        expect(hit.locator(".rx-contract")).to_contain_text(
            "Rerolled until the first swing hits and the second is a critical")
        expect(hit).to_have_attribute("data-rx-shown", "rerolled")


def test_the_reroll_button_says_the_title_the_card_shows_now(page: Page, guard: Guard) -> None:
    """A bound title follows the dice ("No fumble: not every die a one"), and so do the Reroll
    button's tooltip and the words a screen reader hears with it; Restore brings both back."""
    page.goto("/chronicle/tests/")
    fumble = "a-fumble-every-die-a-one"
    figure = card(page, fumble)
    button, what = figure.locator(".rx-reroll"), figure.locator(".rx-what")
    expect(what).to_contain_text("“A fumble: every die a one”")
    for _ in range(3):  # not every die a one: all but 1 in 1,296 rerolls
        reroll(page, fumble)
        if figure.locator(".rx-title").inner_text().startswith("No fumble"):
            break
    title = figure.locator(".rx-title").inner_text().strip()
    assert title == "No fumble: not every die a one"
    assert f"“{title}”" in (button.get_attribute("title") or "")
    expect(what).to_contain_text(f"“{title}”")
    page.locator(".rx-page-bar").get_by_role("button", name="Restore").click()
    expect(what).to_contain_text("“A fumble: every die a one”")


def test_a_card_whose_contract_keeps_every_face_says_why_it_has_no_reroll(
        page: Page, guard: Guard) -> None:
    page.goto("/chronicle/criticals/")
    row = card(page, "a-powerful-hit")
    expect(row.locator(".rx-kept")).to_be_visible()
    expect(row.locator(".rx-kept")).to_have_text(
        "Keeps the dice that reach the row as documented: this example has no Reroll of its "
        "own.")
    expect(row.locator(".rx-reroll")).to_have_count(0)

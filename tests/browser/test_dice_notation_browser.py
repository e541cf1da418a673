"""Dice written in the prose roll in place: "2d6" in a chapter is a button once the page's
script runs, fetches no engine file until it is pressed, and then shows the dice the engine
rolled and their sum; "1d4 + 1" shows the die, the 1 added and the total."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, visit

PAGE = "/kruhl/rolling-dice/"
#: The authoring guide: "a dart that deals 1d4 + 1 force damage".
GUIDE = "/authoring/"


def test_dice_in_the_prose_roll_in_place_through_the_engine(page: Page, guard: Guard) -> None:
    visit(page, PAGE)
    button = page.locator("article button.rx-dice-notation[data-rx-dice='2d6']").first
    expect(button).to_have_text("2d6")
    expect(button).to_have_attribute("title", "Roll 2d6 here")
    assert not [url for url in guard.requests if "/pyodide/" in url], "fetched before a press"
    button.focus()
    page.keyboard.press("Enter")
    result = button.locator("xpath=following-sibling::output[1]")
    expect(result.locator(".rx-dice-sum")).to_have_text(re.compile(r"^= ([2-9]|1[0-2])$"),
                                                       timeout=ENGINE_TIMEOUT_MS)
    faces = result.locator(".rx-die").evaluate_all("dice => dice.map(d => +d.dataset.face)")
    assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
    assert result.locator(".rx-dice-sum").inner_text() == f"= {sum(faces)}"
    expect(result).to_have_attribute("aria-label", re.compile(r"^2d6: \d \+ \d = \d+"))


def test_dice_inside_a_card_or_code_stay_text(page: Page, guard: Guard) -> None:
    visit(page, PAGE)
    assert page.locator("figure button.rx-dice-notation, code button.rx-dice-notation,"
                        " pre .rx-dice-notation").count() == 0


def test_a_result_shows_the_number_the_dice_add(page: Page, guard: Guard) -> None:
    visit(page, GUIDE)
    button = page.locator("article button.rx-dice-notation[data-rx-dice='1d4 + 1']").first
    expect(button).to_have_text("1d4 + 1")
    expect(button).to_have_attribute("title", "Roll 1d4 + 1 here")
    button.click()
    result = button.locator("xpath=following-sibling::output[1]")
    expect(result.locator(".rx-dice-sum")).to_have_text(re.compile(r"^= [2-5]$"),
                                                       timeout=ENGINE_TIMEOUT_MS)
    [face] = result.locator(".rx-die").evaluate_all("dice => dice.map(d => +d.dataset.face)")
    assert 1 <= face <= 4
    assert result.locator(".rx-dice-term").all_inner_texts() == ["+", "1"]
    assert result.locator(".rx-dice-sum").inner_text() == f"= {face + 1}"
    expect(result).to_have_attribute(
        "aria-label", f"1d4 + 1: {face} + 1 = {face + 1} (on average 3.5).")

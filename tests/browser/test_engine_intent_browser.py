"""What a reader pays for the engine (issue 36): nothing for a pointer passing over cards; the
engine warms on a mouse resting on Reroll or the keyboard's focus on it; after a first result,
the start-up snapshot (a download for a later visit) is kept on a desk with a fast, unmetered
link, saying so, and on a phone or with Save-Data only when the reader asks."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard
from tests.browser.test_reroll_browser import CHAPTER, ENGINE_SCRIPTS, PAINTED, card

pytestmark = pytest.mark.browser

#: How long a mouse rests on Reroll before the engine warms (engine-client.js, REST_MS).
REST_S = 0.150
PHONE = {"has_touch": True, "is_mobile": True, "viewport": {"width": 390, "height": 844}}
#: What the line under a card says of the snapshot's download, with its size.
SIZE = r"\(\d+\.\d\u00a0MB"


def engine_requests(guard: Guard) -> list[str]:
    return [url for url in guard.requests if "/pyodide/" in url or re.search(ENGINE_SCRIPTS, url)]


def snapshot_requests(guard: Guard) -> list[str]:
    return [url for url in guard.requests if "/snapshot-" in url]


def wait_for_a_snapshot_request(page: Page, guard: Guard) -> None:
    for _ in range(ENGINE_TIMEOUT_MS // 100):
        if snapshot_requests(guard):
            return
        page.wait_for_timeout(100)
    pytest.fail("the snapshot was never asked for")


def reroll_and_wait_for_its_odds(page: Page, card_id: str, tap: bool = False) -> None:
    figure = card(page, card_id)
    before = page.evaluate(PAINTED)
    button = figure.locator(".rx-reroll")
    button.tap() if tap else button.click()
    page.wait_for_function(f"{PAINTED} > {before}", timeout=ENGINE_TIMEOUT_MS)
    expect(figure.locator("ul.rx-odds-pending")).to_have_count(0)


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[tuple[Page, Guard]]:
    """A phone: 390 px, a touch screen (a coarse pointer, no hover)."""
    context = browser.new_context(base_url=base_url, **PHONE)
    yield from guarded(context)


@pytest.fixture
def save_data(browser: Browser, base_url: str) -> Iterator[tuple[Page, Guard]]:
    """A desktop whose reader asked the browser to save data (Save-Data)."""
    context = browser.new_context(base_url=base_url)
    context.add_init_script("Object.defineProperty(navigator, 'connection', "
                            "{value: {saveData: true, effectiveType: '4g'}})")
    yield from guarded(context)


def guarded(context: BrowserContext) -> Iterator[tuple[Page, Guard]]:
    page = context.new_page()
    page.set_default_timeout(ENGINE_TIMEOUT_MS)
    guard = Guard(page)
    try:
        yield page, guard
        assert not guard.other_hosts and not guard.unexpected_errors(), guard.errors
    finally:
        context.close()


def test_a_pointer_passing_over_cards_fetches_nothing(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'")
    for figure in page.locator("figure.rx-card[data-rx-rerollable=true]").all()[:4]:
        figure.scroll_into_view_if_needed()
        box, button = figure.bounding_box(), figure.locator(".rx-reroll").bounding_box()
        assert box is not None and button is not None
        middle = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + 5, middle)
        page.mouse.move(box["x"] + box["width"] - 5, middle, steps=8)  # across its text
        across = button["y"] + button["height"] / 2
        page.mouse.move(button["x"] - 20, across)
        page.mouse.move(button["x"] + button["width"] + 20, across, steps=3)  # across Reroll
    page.mouse.move(0, 0)
    page.wait_for_timeout(1500)
    assert engine_requests(guard) == []


def test_a_mouse_resting_on_reroll_warms_the_engine_after_a_moment(
        page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'")
    asked: list[float] = []
    page.on("request", lambda request: asked.append(time.monotonic())
            if re.search(ENGINE_SCRIPTS, request.url) else None)
    rested = time.monotonic()
    card(page, "tams-first-punch").locator(".rx-reroll").hover()
    expect(page.locator("html")).to_have_attribute("data-rx-engine", "ready")
    assert asked, "the engine's worker was never asked for"
    waited = asked[0] - rested
    assert waited >= REST_S, f"the engine warmed {waited * 1000:.0f} ms after the mouse came"


def test_the_keyboard_on_reroll_warms_the_engine_and_a_mouse_on_the_text_does_not(
        page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    first = card(page, "tams-first-punch")
    first.locator(".rx-title").hover()
    page.wait_for_timeout(1500)
    assert engine_requests(guard) == []
    first.locator(".rx-reroll").focus()
    expect(page.locator("html")).to_have_attribute("data-rx-engine", "ready")


def test_a_desk_reroll_keeps_the_snapshot_and_says_so_once(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    reroll_and_wait_for_its_odds(page, "tams-first-punch")
    said = card(page, "tams-first-punch").locator(".rx-keep [role=status]")
    expect(said).to_have_text(re.compile(
        rf"^Keeping the rules engine for your next visit {SIZE}, in the background\)"))
    wait_for_a_snapshot_request(page, guard)
    reroll_and_wait_for_its_odds(page, "the-chained-punch-example")
    expect(page.locator(".rx-keep")).to_have_count(1)


def test_a_phone_reroll_fetches_no_snapshot_and_offers_to_keep_the_engine(
        phone: tuple[Page, Guard]) -> None:
    page, guard = phone
    page.goto(CHAPTER)
    reroll_and_wait_for_its_odds(page, "tams-first-punch", tap=True)
    offer = card(page, "tams-first-punch").locator(".rx-keep")
    expect(offer.get_by_role("button", name="Keep the engine for next time")).to_be_visible()
    expect(offer.get_by_role("button")).to_have_accessible_description(
        re.compile(r"^\d+\.\d\u00a0MB to download now, so that your next visit rerolls without"))
    page.wait_for_timeout(3000)
    assert snapshot_requests(guard) == []


def test_keeping_the_engine_on_a_phone_is_the_readers_choice_and_said(
        phone: tuple[Page, Guard]) -> None:
    page, guard = phone
    page.goto(CHAPTER)
    reroll_and_wait_for_its_odds(page, "tams-first-punch", tap=True)
    first = card(page, "tams-first-punch")
    first.locator(".rx-keep button").focus()
    page.keyboard.press("Enter")
    expect(first.locator(".rx-reroll")).to_be_focused()  # the pressed button is gone
    expect(first.locator(".rx-keep [role=status]")).to_have_text(
        "Kept: your next visit rerolls without downloading the engine.")
    wait_for_a_snapshot_request(page, guard)


def test_save_data_on_a_desk_fetches_no_snapshot_unless_asked(
        save_data: tuple[Page, Guard]) -> None:
    page, guard = save_data
    page.goto(CHAPTER)
    reroll_and_wait_for_its_odds(page, "tams-first-punch")
    expect(card(page, "tams-first-punch").locator(".rx-keep button")).to_be_visible()
    page.wait_for_timeout(2000)
    assert snapshot_requests(guard) == []

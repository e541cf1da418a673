"""Reroll in a real browser: Debian's Chromium, the built site on 127.0.0.1, Pyodide inside."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard

pytestmark = pytest.mark.browser

CHAPTER = "/verses/action-chaining/"
CHAIN = ("tams-first-punch", "the-chained-punch-example")
GRAPPLES = ("the-clinch-contested", "the-takedown-chained", "the-choke-out-chained")
#: The engine's worker (its modules joined into one file; the page's own script starts it).
ENGINE_SCRIPTS = r"/engine-worker\.js"


def card(page: Page, card_id: str) -> Locator:
    return page.locator(f"figure#{card_id}")


def faces(figure: Locator) -> list[int]:
    """The faces of the first roll drawn in a card (the acting character's dice)."""
    dice = figure.locator(".rx-body .rx-roll").first.locator(".rx-die")
    return [int(d.get_attribute("data-face") or 0) for d in dice.all()]


def text(figure: Locator) -> str:
    return figure.locator(".rx-body").inner_text()


PAINTED = "performance.getEntriesByName('rx-page-updated').length"


def reroll(page: Page, card_id: str) -> None:
    """Press a card's Reroll and wait until its answer is drawn."""
    figure = card(page, card_id)
    before = page.evaluate(PAINTED)
    figure.locator(".rx-reroll").click()
    page.wait_for_function(f"{PAINTED} > {before}", timeout=ENGINE_TIMEOUT_MS)
    expect(figure.locator(".rx-reroll")).to_be_enabled()
    expect(figure.locator(".rx-status")).to_contain_text("Rerolled")


def stated_sixes(figure: Locator) -> int:
    """How many sixes a result says can join the next action (0 when it says none)."""
    found = re.search(r"(\d+) sixe?s? can join the next", text(figure))
    return int(found[1]) if found else 0


def chained_dice(figure: Locator) -> int | None:
    """The ``+ N chained`` of a card's pool, 0 without it, None when the move was refused."""
    body = text(figure)
    if "Refused" in body:
        return None
    pool = figure.locator(".rx-pool").first.inner_text()
    found = re.search(r"\+ (\d+) chained", pool)
    size = re.search(r"= (\d+)d6", pool)
    assert size and int(size[1]) == len(faces(figure)), pool
    return int(found[1]) if found else 0


def test_reroll_draws_new_faces_whose_successes_match(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    first = card(page, "tams-first-punch")
    assert faces(first) == [6, 6, 5, 4, 2, 1]
    documented = first.locator(".rx-body").inner_html()
    for _ in range(3):
        reroll(page, "tams-first-punch")
        if first.locator(".rx-body").inner_html() != documented:
            break
    rolled = faces(first)
    assert len(rolled) == 6 and all(1 <= f <= 6 for f in rolled)
    successes = sum(f >= 5 for f in rolled)
    shown = first.locator(".rx-body .rx-roll").first.locator('.rx-die[data-marks~="success"]')
    assert shown.count() == successes
    assert re.search(rf"\b{successes or '[Nn]o'} success(es)?\b", text(first))
    expect(first).to_have_attribute("data-rx-shown", "rerolled")
    expect(first.locator(".rx-status")).to_contain_text("Tam: Punch")


def test_every_pool_in_the_chain_follows_the_sixes_shown(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    outcomes = set()
    for _ in range(6):
        reroll(page, "tams-first-punch")
        for chain in (CHAIN, GRAPPLES):
            for before, after in pairwise(chain):
                joined = chained_dice(card(page, after))
                if joined is None:
                    assert "the chain ends" in text(card(page, before)) or (
                        chained_dice(card(page, before)) is None), after
                    outcomes.add("refused")
                    continue
                marked = card(page, before).locator('.rx-die[data-marks~="chains"]').count()
                assert joined == stated_sixes(card(page, before)) == marked, (before, after)
                outcomes.add("chained")
    assert "chained" in outcomes


def test_the_odds_follow_the_rerolled_pools(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    second = card(page, "the-chained-punch-example")
    expect(second.locator(".rx-odds")).to_contain_text("on 8d6")
    seen = set()
    for _ in range(8):
        reroll(page, "tams-first-punch")
        first = card(page, "tams-first-punch")
        successes = sum(f >= 5 for f in faces(first))
        expect(first.locator(".rx-odds")).to_contain_text(re.compile(
            rf"^Tam's chance of ({successes} or more successes on 6d6, enough for {successes} "
            r"damage|1 or more successes on 6d6, a successful Punch \(1S\)): "))
        joined = chained_dice(second)
        if joined:  # the second punch rolled 6d6 + the sixes that chained: its odds say so
            expect(second.locator(".rx-odds")).to_contain_text(f"on {6 + joined}d6")
            seen.add(joined)
    assert seen, "no reroll chained any six: the odds of a chained pool were never seen"


def test_restore_brings_back_the_documented_page(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    originals = {cid: card(page, cid).locator(".rx-body").inner_html()
                 for cid in (*CHAIN, *GRAPPLES)}
    reroll(page, "tams-first-punch")
    # The rerolled card's own Restore (a later card that kept its dice and its result, as the
    # chained punch does after two new sixes, shows none).
    restore = card(page, "tams-first-punch").locator(".rx-restore")
    expect(restore).to_be_visible()
    restore.click()
    for cid, html in originals.items():
        assert card(page, cid).locator(".rx-body").inner_html() == html
        expect(card(page, cid)).to_have_attribute("data-rx-shown", "documented")
    expect(card(page, "tams-first-punch").locator(".rx-status")).to_contain_text("Restored")
    assert faces(card(page, "tams-first-punch")) == [6, 6, 5, 4, 2, 1]
    expect(card(page, "the-chained-punch-example").locator(".rx-restore")).to_be_hidden()
    # The focus goes back to the Reroll beside the Restore just pressed (that Restore is gone).
    expect(card(page, "tams-first-punch").locator(".rx-reroll")).to_be_focused()


def test_the_keyboard_alone_rerolls_and_restores(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    first = card(page, "tams-first-punch")
    first.locator(".rx-reroll").focus()
    page.keyboard.press("Enter")
    expect(first.locator(".rx-reroll")).to_have_attribute("aria-busy", "true")
    expect(first.locator(".rx-reroll")).to_be_focused()  # the focus stays while it loads
    expect(first.locator(".rx-status")).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)
    expect(first.locator(".rx-reroll")).to_have_attribute("aria-disabled", "false")
    expect(first.locator(".rx-reroll")).to_be_focused()
    page.keyboard.press("Tab")
    expect(first.locator(".rx-restore")).to_be_focused()
    page.keyboard.press("Space")
    expect(first.locator(".rx-status")).to_contain_text("Restored")
    expect(first).to_have_attribute("data-rx-shown", "documented")
    status = first.locator(".rx-status")
    expect(status).to_have_attribute("role", "status")
    expect(status).to_have_attribute("aria-live", "polite")


def test_marks_are_more_than_colour(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    six = card(page, "tams-first-punch").locator('.rx-die[data-marks~="chains"]').first
    expect(six).to_have_attribute("aria-label", re.compile("success.*chains"))
    expect(six.locator(".rx-marks")).to_have_text("✓↪")


def test_a_page_view_loads_one_script_and_one_stylesheet_of_ours_and_no_service_worker(
        page: Page, guard: Guard) -> None:
    sizes: dict[str, int] = {}
    page.on("requestfinished", lambda r: sizes.update({r.url: r.sizes()["responseBodySize"]}))
    page.goto(CHAPTER)
    expect(page.locator("html")).to_have_attribute("data-rx-cards", "ready")
    page.wait_for_timeout(1500)
    ours = sorted(url.rsplit("/", 1)[-1] for url in guard.requests
                  if "/assets/rules-examples/" in url)
    print(f"\nof ours: {ours}, {sum(v for u, v in sizes.items() if 'rules-examples' in u)} B")
    assert ours == ["examples.css", "rules-examples.js"]
    assert not [url for url in guard.requests if "rules-examples-sw.js" in url]
    assert page.evaluate("navigator.serviceWorker.getRegistrations()"
                         ".then((found) => found.length)") == 0
    # The words for a script that never started stay hidden: this one started.
    status = card(page, "tams-first-punch").locator(".rx-status")
    assert status.evaluate("(s) => getComputedStyle(s, '::before').content") == "none"


def test_nothing_of_pyodide_loads_without_interest(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.wait_for_timeout(1500)
    assert not [u for u in guard.requests if "/pyodide/" in u or re.search(ENGINE_SCRIPTS, u)]
    card(page, "tams-first-punch").locator(".rx-reroll").hover()  # resting on Reroll
    expect(page.locator("html")).to_have_attribute("data-rx-engine", "ready",
                                                   timeout=ENGINE_TIMEOUT_MS)
    assert any("pyodide.asm.wasm" in u for u in guard.requests)


def test_a_touch_reader_who_taps_text_and_scrolls_fetches_no_engine_file(
        browser: Browser, base_url: str) -> None:
    """Issue 27: on a phone, tapping a card's text (not a button) and scrolling is no sign of
    intent; only a press of Reroll fetches the engine."""
    context = browser.new_context(base_url=base_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.set_default_timeout(ENGINE_TIMEOUT_MS)
    guard = Guard(phone)
    try:
        phone.goto(CHAPTER)
        first = card(phone, "tams-first-punch")
        first.locator(".rx-body").first.tap()
        first.locator(".rx-title").tap()
        phone.mouse.wheel(0, 3000)
        phone.wait_for_timeout(1500)
        assert not [u for u in guard.requests if "/pyodide/" in u or re.search(ENGINE_SCRIPTS, u)]
        phone.mouse.wheel(0, -3000)
        first.locator(".rx-reroll").tap()
        expect(phone.locator("html")).to_have_attribute("data-rx-engine", "ready",
                                                         timeout=ENGINE_TIMEOUT_MS)
        assert any("pyodide.asm.wasm" in u for u in guard.requests)
        assert not guard.unexpected_errors()
    finally:
        context.close()


def test_cards_work_after_instant_navigation_and_the_engine_survives(page: Page,
                                                                     guard: Guard) -> None:
    page.goto("/")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Action Chaining").first.click()
    expect(page).to_have_url(re.compile(CHAPTER))
    reroll(page, "tams-first-punch")
    assert page.evaluate("window.__sameDocument") is True  # no full page load happened
    wasm_loads = sum("pyodide.asm.wasm" in u for u in guard.requests)
    page.get_by_role("link", name="Authoring examples").first.click()
    expect(page).to_have_url(re.compile("/authoring/"))
    live = page.locator("figure.rx-card[data-rx-rerollable='true']").first
    live.locator(".rx-reroll").click()
    expect(live.locator(".rx-status")).to_contain_text("Rerolled")
    assert page.evaluate("window.__sameDocument") is True
    assert sum("pyodide.asm.wasm" in u for u in guard.requests) == wasm_loads


def test_an_example_with_a_script_tag_shows_it_as_text(page: Page, guard: Guard,
                                                       sample_url: str) -> None:
    page.goto(f"{sample_url}/script_tag/")
    figure = page.locator("figure.rx-card").first
    expect(figure.locator(".rx-title")).to_have_text("<script>alert('title')</script>")
    expect(figure.locator(".rx-code-body")).to_contain_text("<script>alert('x')</script>")
    assert figure.locator("script").count() == 0
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))


def test_the_watchdog_stops_a_runaway_reroll_and_the_engine_recovers(
        page: Page, guard: Guard, sample_url: str) -> None:
    page.goto(f"{sample_url}/runaway/")
    runaway = page.locator("figure#runaway-example")
    runaway.locator(".rx-reroll").click()
    expect(runaway.locator(".rx-status")).to_contain_text("stopped", timeout=ENGINE_TIMEOUT_MS)
    expect(runaway.locator(".rx-status")).to_contain_text("more than 2 s")
    expect(runaway.locator(".rx-reroll")).to_be_enabled()
    quick = page.locator("figure#a-quick-one")
    quick.locator(".rx-reroll").click()
    expect(quick.locator(".rx-status")).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)


def test_an_engine_that_cannot_load_leaves_the_documented_roll(
        page: Page, guard: Guard, broken_url: str) -> None:
    guard.expected_errors.append("pyodide.asm.wasm")
    guard.expected_errors.append("404")
    page.goto(f"{broken_url}/good/")
    figure = page.locator("figure#a-punch")
    figure.locator(".rx-reroll").click()
    expect(figure.locator(".rx-status")).to_contain_text("could not load",
                                                         timeout=ENGINE_TIMEOUT_MS)
    expect(figure.locator(".rx-status")).to_contain_text("documented roll is shown")
    assert faces(figure) == [6, 6, 5, 4, 2, 1]
    expect(figure).to_have_attribute("data-rx-shown", "documented")


def test_without_javascript_the_card_reads_and_has_no_buttons(browser: object,
                                                              base_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{base_url}{CHAPTER}")
    first = card(page, "tams-first-punch")
    assert faces(first) == [6, 6, 5, 4, 2, 1]
    assert first.locator("button").count() == 0
    assert "3 successes" in text(first)
    context.close()


def test_without_a_snapshot_the_page_starts_plainly_and_fetches_the_wheels(
        page: Page, guard: Guard, sample_url: str) -> None:
    page.goto(f"{sample_url}/good/")
    reroll(page, "a-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "plain start")
    assert any(".whl" in u for u in guard.requests)


def test_a_wheel_that_fails_its_integrity_check_is_refused(
        page: Page, guard: Guard, tampered_url: str) -> None:
    guard.expected_errors.append("integrity")
    guard.expected_errors.append("sha256")
    page.goto(f"{tampered_url}/good/")
    figure = page.locator("figure#a-punch")
    figure.locator(".rx-reroll").click()
    expect(figure.locator(".rx-status")).to_contain_text("could not load",
                                                         timeout=ENGINE_TIMEOUT_MS)
    assert faces(figure) == [6, 6, 5, 4, 2, 1]


def test_a_snapshot_that_cannot_be_restored_falls_back_to_a_plain_start(
        page: Page, guard: Guard, bad_snapshot_url: str) -> None:
    page.goto(f"{bad_snapshot_url}{CHAPTER}")
    reroll(page, "tams-first-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "plain start")


def test_kruhl_an_expert_reroll_and_a_chase_in_the_browser(page: Page, guard: Guard) -> None:
    page.goto("/kruhl/rolling-dice/")
    expert = card(page, "an-experts-reroll")
    for _ in range(4):
        reroll(page, "an-experts-reroll")
        dice = expert.locator(".rx-body .rx-roll").first.locator(".rx-die")
        kept = [int(d.get_attribute("data-face") or 0) for d in dice.all()
                if "rerolled" not in (d.get_attribute("data-marks") or "").split()]
        replaced = [int(d.get_attribute("data-face") or 0)
                    for d in expert.locator('.rx-body .rx-die[data-marks~="rerolled"]').all()]
        assert len(kept) == 2 and all(face >= 3 for face in kept), kept
        assert all(face in (1, 2) for face in replaced), replaced
    chase = card(page, "kestrels-chase")
    reroll(page, "kestrels-chase")
    expect(chase.locator(".rx-body")).to_contain_text("Kestrel wins")
    expect(chase).to_have_attribute("data-rx-shown", "rerolled")

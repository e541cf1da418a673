"""A first visit fetches what its first result needs and no more: the engine's core wheel and
the wheel of the page's own system, never another system's, and icepool (the odds) only after
the first result, whose odds then follow on the card.

The site is served by a host that records every path asked for, in order, and holds icepool's
wheel until the test lets it go; the service worker is blocked, so every fetch reaches it.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, QuietHandler, serve
from tests.browser.test_reroll_browser import PAINTED, card

pytestmark = pytest.mark.browser

WHEEL = re.compile(r"/(?P<name>[a-z_]+)-[^/]*\.whl(\.br|\.gz)?$")


class Recorder:
    """A host that records the engine wheels asked for and holds icepool's until released."""

    def __init__(self) -> None:
        self.wheels: list[str] = []
        self.release = threading.Event()
        #: When icepool's wheel was asked for (ms since the epoch, as the page's clock reads).
        self.icepool_asked = 0.0

    def handler(self) -> type[QuietHandler]:
        recorder = self

        class Recording(QuietHandler):
            def do_GET(self) -> None:
                found = WHEEL.search(self.path.split("?")[0])
                if found:
                    recorder.wheels.append(found["name"])
                    if found["name"] == "icepool":
                        recorder.icepool_asked = time.time() * 1000
                        recorder.release.wait(60)
                return super().do_GET()

        return Recording


@pytest.fixture
def recorded(project_site: Path) -> Iterator[tuple[Recorder, str]]:
    recorder = Recorder()
    try:
        for url in serve(project_site, recorder.handler()):
            yield recorder, url
    finally:
        recorder.release.set()


@pytest.mark.browser_context_args(service_workers="block")
def test_a_kruhl_page_fetches_the_core_and_kruhl_and_the_odds_after_its_first_result(
        page: Page, guard: Guard, recorded: tuple[Recorder, str]) -> None:
    recorder, url = recorded
    page.goto(f"{url}/kruhl/rolling-dice/")
    figure = card(page, "unopposed-against-2d6-dv")
    expect(figure.locator(".rx-odds").first).to_be_visible()
    figure.locator(".rx-reroll").click()
    page.wait_for_function(f"{PAINTED} > 0", timeout=ENGINE_TIMEOUT_MS)
    # The first result is out while icepool's wheel is still held: its odds are on their way.
    pending = figure.locator("ul.rx-odds-pending").first
    expect(pending).to_contain_text("Odds on their way")
    expect(pending).to_have_attribute("aria-live", "polite")
    # Both wheels come side by side, and no other system's.
    assert sorted(recorder.wheels[:2]) == ["rules_core_kruhl", "rules_reference"], (
        recorder.wheels)
    recorder.release.set()
    expect(figure.locator("ul.rx-odds-pending")).to_have_count(0)
    expect(figure.locator("ul.rx-odds").first).not_to_contain_text("on their way")
    expect(figure.locator("ul.rx-odds").first).to_contain_text(re.compile(r"\d"))
    assert sorted(set(recorder.wheels)) == ["icepool", "rules_core_kruhl", "rules_reference"]
    assert recorder.wheels.index("icepool") == 2, recorder.wheels
    # Its download began once the first result was on screen, not while it was being drawn.
    painted = page.evaluate("performance.timeOrigin"
                            " + performance.getEntriesByName('rx-result-painted')[0].startTime")
    assert recorder.icepool_asked > painted, (recorder.icepool_asked, painted)


def test_a_page_of_another_system_reached_in_the_same_visit_loads_its_wheel_first(
        page: Page, guard: Guard) -> None:
    # The site served for its own site_url: Material's instant navigation follows its links.
    def wheels() -> list[str]:
        return [found["name"] for url in guard.requests if (found := WHEEL.search(url))]

    page.goto("/verses/action-chaining/")
    page.evaluate("window.__sameDocument = true")
    punch = card(page, "tams-first-punch")
    punch.locator(".rx-reroll").click()
    expect(punch.locator(".rx-status")).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)
    assert "rules_core_verses" in wheels() and "rules_core_kruhl" not in wheels()
    # Instant navigation keeps the engine: Kruhl's wheel comes with the first Kruhl request.
    page.evaluate("""() => {  // a link in the text, which Material's navigation follows
      const link = Object.assign(document.createElement("a"),
        { href: "/kruhl/rolling-dice/", id: "to-kruhl", textContent: "Kruhl" });
      document.querySelector("article").append(link);
    }""")
    page.locator("#to-kruhl").click()
    expect(page).to_have_url(re.compile("/kruhl/rolling-dice/"))
    expert = card(page, "an-experts-reroll")
    expert.locator(".rx-reroll").click()
    expect(expert.locator(".rx-status")).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)
    expect(expert).to_have_attribute("data-rx-shown", "rerolled")
    assert page.evaluate("window.__sameDocument") is True
    assert wheels().count("rules_reference") == 1 and "rules_core_kruhl" in wheels()
    assert not {"rules_core_chronicle", "rules_core_hubris", "rules_core_storypath"} & set(
        wheels()), wheels()

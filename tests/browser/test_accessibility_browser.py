"""axe-core (pinned in package.json) on every built page, light and dark: no serious or
critical violation; and on a page after a reroll, with the code shown and the page bar up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS
from tests.browser.test_reader_browser import built_pages
from tests.conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")


def violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci installs axe-core)")
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(node["target"][0] for node in v["nodes"][:3])
            for v in found if v["impact"] in GRAVE]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_serious_accessibility_violation(
        browser: Browser, base_url: str, project_site: Path, scheme: str) -> None:
    context = browser.new_context(base_url=base_url, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    found = {}
    for path in built_pages(project_site):
        page.goto(path)
        expected = "slate" if scheme == "dark" else "default"
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)
        problems = violations(page)
        if problems:
            found[path] = problems
    context.close()
    assert found == {}


def test_a_rerolled_page_with_its_code_shown_has_no_serious_violation(page: Page) -> None:
    page.goto("/verses/action-chaining/")
    page.locator("figure#tams-first-punch summary").click()
    page.locator("figure#tams-first-punch .rx-reroll").click()
    expect(page.locator(".rx-page-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert violations(page) == []

"""axe-core (pinned in package.json) on every built page, light and dark: no serious or
critical violation; and on a page after a reroll, with the code shown and the page bar up.

The engine reference's pages are all made by one template (mkdocstrings, and the page each
system's declaration makes): its index, one page written by hand and one made from a
system's declaration stand for the rest, which are long and cost axe most of its time."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, visit
from tests.browser.test_reader_browser import built_pages
from tests.conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")


#: The rules whose verdict depends on the colours: all a page's second palette can change.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

#: The engine reference's pages axe checks (the others come from the same templates).
REFERENCE_SAMPLE = ("/reference/", "/reference/results/", "/reference/verses/")


def pages_to_check(site: Path) -> list[str]:
    """Every built page but the engine reference's, and the reference's sample."""
    pages = built_pages(site)
    sample = [p for p in pages if p in REFERENCE_SAMPLE]
    assert len(sample) == len(REFERENCE_SAMPLE), f"the reference sample is missing: {sample}"
    return [p for p in pages if not p.startswith("/reference/")] + sample


def violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each (of ``rules``
    only, when given)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci installs axe-core)")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = rules
    found: list[dict[str, Any]] = page.evaluate(
        "async options => (await axe.run(document, options)).violations", options)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(node["target"][0] for node in v["nodes"][:3])
            for v in found if v["impact"] in GRAVE]


def switch_palette(page: Page) -> str:
    """Click the header's palette toggle and return the scheme it switched to, once Material
    has finished switching (no colour is caught mid-transition)."""
    body = page.locator("body")
    before = body.get_attribute("data-md-color-scheme")
    # A click from script, not the mouse: a pointer left over the header would open its tooltips
    # on this page and the next, and axe would catch them fading in.
    page.locator("form[data-md-component=palette] label:visible").evaluate("label => label.click()")
    expect(body).not_to_have_attribute("data-md-color-scheme", before or "")
    expect(body).not_to_have_attribute("data-md-color-switching", re.compile(".*"))
    return str(body.get_attribute("data-md-color-scheme"))


def test_every_page_has_no_serious_accessibility_violation_light_or_dark(
        page: Page, project_site: Path) -> None:
    # Each page is loaded once and checked in both palettes, switched with the header's toggle
    # (the choice is remembered, so pages alternate which palette they are checked in first):
    # every rule in the first, the rules the colours decide in the second (the structure a
    # palette cannot change; this halves the second run on the long pages).
    found: dict[str, list[str]] = {}
    for path in pages_to_check(project_site):
        visit(page, path)  # by instant navigation, as a reader moves between pages
        first = str(page.locator("body").get_attribute("data-md-color-scheme"))
        found[f"{path} ({first})"] = violations(page)
        second = switch_palette(page)
        found[f"{path} ({second})"] = violations(page, COLOUR_RULES)
        assert {first, second} == {"default", "slate"}, path
    assert {where: problems for where, problems in found.items() if problems} == {}


def test_a_rerolled_page_with_its_code_shown_has_no_serious_violation(page: Page) -> None:
    page.goto("/verses/action-chaining/")
    page.locator("figure#tams-first-punch summary").click()
    page.locator("figure#tams-first-punch .rx-reroll").click()
    expect(page.locator(".rx-page-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert violations(page) == []

"""Terms in a real browser: a keyboard reaches an abbreviation and Material shows its tooltip."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Guard

pytestmark = pytest.mark.browser

CHAPTER = "/verses/action-chaining/"
#: The section of the chapter that first uses AD, and the heading after it.
SECTION = "what-chaining-builds-on"
NEXT_SECTION = "the-chaining-rules"
ACTIVE = "document.activeElement"


def tab_from_heading(page: Page, heading: str) -> None:
    """Put the focus on a heading's permalink, then press Tab once."""
    page.locator(f"h2#{heading} > a.headerlink").focus()
    page.keyboard.press("Tab")


def test_tab_reaches_a_term_and_shows_its_tooltip(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    tab_from_heading(page, SECTION)
    assert page.evaluate(f"{ACTIVE}.tagName + ' ' + {ACTIVE}.textContent") == "ABBR AD"
    tooltip = page.locator(".md-tooltip2--active[role=tooltip]")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_have_text("Action Dice. The dice an actor holds for a round and can add "
                                 "to any of their actions, as many as they like.")
    described = page.evaluate(f"{ACTIVE}.getAttribute('aria-describedby')")
    assert described and tooltip.get_attribute("id") == described


def test_tab_stops_once_per_term_in_a_section(page: Page, guard: Guard) -> None:
    """From one heading to the next, every focusable term is a different one."""
    page.goto(CHAPTER)
    tab_from_heading(page, SECTION)
    terms = []
    while page.evaluate(f"{ACTIVE}.tagName") == "ABBR":
        terms.append(page.evaluate(f"{ACTIVE}.textContent"))
        page.keyboard.press("Tab")
    assert terms == ["AD"]
    assert page.evaluate(f"{ACTIVE}.parentElement.id") == NEXT_SECTION


def test_leaving_a_term_hides_its_tooltip(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    tab_from_heading(page, SECTION)
    shown = page.locator(".md-tooltip2--active[role=tooltip]", has_text="Action Dice")
    expect(shown).to_be_visible()
    page.keyboard.press("Tab")  # to the next heading's permalink, which has its own tooltip
    expect(shown).to_have_count(0)


def test_a_cards_terms_have_their_tooltips_before_and_after_a_reroll(page: Page, guard: Guard
                                                                      ) -> None:
    """A card's "AD" shows the glossary's tooltip on a pointer, in the documented view and in
    the view a Reroll draws (marked by the reroll's Python, reroll.py), and takes no Tab stop
    of its own."""
    from tests.browser.conftest import ENGINE_TIMEOUT_MS

    page.goto(CHAPTER)
    card = page.locator("figure#tams-first-punch")
    terms = card.locator(".rx-body abbr[title^='Action Dice']")
    assert terms.count() >= 1
    assert card.locator(".rx-body abbr[tabindex]").count() == 0
    terms.first.hover()
    expect(page.locator(".md-tooltip2--active[role=tooltip]", has_text="Action Dice")
           ).to_be_visible()
    card.locator(".rx-reroll").click()
    expect(card).to_have_attribute("data-rx-shown", "rerolled", timeout=ENGINE_TIMEOUT_MS)
    assert card.locator(".rx-body abbr[title^='Action Dice']").count() >= 1

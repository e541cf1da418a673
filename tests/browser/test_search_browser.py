"""Search finds the rules first: a rule's word opens its chapter, never the engine reference
ahead of it, and the index holds a card's words but none of its chrome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import Guard, visit

#: A word a reader looks up → the chapter page the first result must be on.
LOOKUPS = {
    "grapple": "/kruhl/special-actions/",
    "autofire": "/hubris/many-targets/",
    "fumble": "/chronicle/criticals/",
    "cover": "/storypath/cover/",
}


def results(page: Page, query: str) -> list[str]:
    """The pages of the search's results for ``query``, in the order shown."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query)
    page.locator(".md-search-result__item").first.wait_for()
    page.wait_for_timeout(300)  # the worker answers each keystroke; let the last one land
    return page.eval_on_selector_all(
        ".md-search-result__item > a.md-search-result__link",
        "links => links.map(a => new URL(a.href).pathname)")


@pytest.mark.parametrize(("query", "chapter"), LOOKUPS.items())
def test_a_rule_word_finds_its_chapter_first(page: Page, guard: Guard, query: str,
                                             chapter: str) -> None:
    visit(page, "/")
    found = results(page, query)
    assert found[0] == chapter, f"{query!r} found {found[:4]} first"
    reference = [i for i, path in enumerate(found) if path.startswith("/reference/")]
    chapters = [i for i, path in enumerate(found) if not path.startswith("/reference/")]
    assert not reference or min(reference) > min(chapters)


def test_the_engine_reference_is_still_found_by_its_names(page: Page, guard: Guard) -> None:
    visit(page, "/")
    assert results(page, "Fight.grapple")[0] == "/reference/kruhl/"


def test_the_index_holds_no_card_chrome(project_site: Path) -> None:
    index = json.loads((project_site / "search/search_index.json").read_text(encoding="utf-8"))
    chrome = ("# ✓ verified", "Show the codeHide the code", "Punch (1S)Kick")
    for entry in index["docs"]:
        for words in chrome:
            assert words not in entry["text"], f"{entry['location']} indexes {words!r}"
        if entry["location"].startswith("reference/"):
            assert entry.get("boost", 1) < 0.01, entry["location"]

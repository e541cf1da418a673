"""Search finds the rules first: a rule's word opens its chapter, never the engine reference
ahead of it, every result on a game's page names the game, and the index holds a card's words
but none of its chrome."""

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


#: A chapter's folder → the word that names its game.
GAMES = {"kruhl": "Kruhl", "verses": "'Verses", "storypath": "Storypath", "hubris": "Hubris",
         "chronicle": "Chronicle"}


def game_of(path: str) -> str | None:
    """The word naming the game of the page at ``path`` (``/kruhl/…``, ``/reference/kruhl/``),
    or ``None`` for a page of no game (the home page, the authoring guide, the engine's)."""
    parts = [part for part in path.split("/") if part]
    folder = parts[1] if parts[:1] == ["reference"] and len(parts) > 1 else parts[0] if parts \
        else ""
    return GAMES.get(folder)


def titled_results(page: Page, query: str) -> list[tuple[str, str]]:
    """Every result of the search for ``query`` (each page's, scrolled to the last), as its
    page and the title it is listed under."""
    results(page, query)
    shown = -1
    while shown != page.locator(".md-search-result__item").count():
        shown = page.locator(".md-search-result__item").count()
        page.locator(".md-search-result__item").last.scroll_into_view_if_needed()
        page.wait_for_timeout(300)  # Material lists more as the last one comes into view
    return page.eval_on_selector_all(
        ".md-search-result__item > a.md-search-result__link",
        "links => links.map(a => [new URL(a.href).pathname,"
        " a.querySelector('article h1, article h2').textContent.trim()])")


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


@pytest.mark.parametrize("query", ["glossary", "roll your own", "grapple"])
def test_every_result_on_a_games_page_names_the_game(page: Page, guard: Guard,
                                                      query: str) -> None:
    visit(page, "/")
    found = [(path, title, game_of(path)) for path, title in titled_results(page, query)]
    assert len([game for _, _, game in found if game]) >= 5, found
    unnamed = [(path, title) for path, title, game in found if game and game not in title]
    assert unnamed == [], f"{query!r}: results that do not name their game"


def test_every_page_and_section_of_a_chapter_is_indexed_under_its_game(project_site: Path
                                                                       ) -> None:
    index = json.loads((project_site / "search/search_index.json").read_text(encoding="utf-8"))
    unnamed = [(entry["location"], entry["title"]) for entry in index["docs"]
               if (game := game_of(entry["location"])) and game not in entry["title"]]
    assert unnamed == []
    assert any("#" in entry["location"] and game_of(entry["location"]) for entry in index["docs"])
    pages = [entry for entry in index["docs"] if "#" not in entry["location"]]
    assert {"title": "Glossary — Warlords of Kruhl 3e", "location": "kruhl/glossary/"}.items() \
        <= next(e for e in pages if e["location"] == "kruhl/glossary/").items()


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

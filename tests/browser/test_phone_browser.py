"""Every chapter page at a phone's width and at a desktop's: no card table cut off at 390 px
(a table of four columns or more reflows), no serious axe violation at 390 px (nothing that
scrolls without the keyboard, tap targets of a usable size; the colours are the desktop
walk's, test_accessibility_browser.py, which a width does not change), no card taller than a
900 px desktop screen (earlier results fold, card_folds.py), and none taller than 1,200 px on
a phone (a card's roll and verdict come first there: what comes before them folds)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.browser.conftest import Guard, visit
from tests.browser.test_accessibility_browser import violations
from tests.browser.test_reader_browser import built_pages

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: Tallest a card may be at a phone's width, in CSS pixels.
PHONE_TALLEST = 1200

#: Each card's title and its tables that scroll sideways; each card's height.
MEASURE = """() => [...document.querySelectorAll('figure.rx-card, figure.rx-check')].map(f => ({
    title: f.querySelector('.rx-title')?.textContent ?? f.id,
    cut: [...f.querySelectorAll('.rx-table-wrap')].filter(
        w => w.scrollWidth > w.clientWidth + 1).length,
    height: Math.round(f.getBoundingClientRect().height)}))"""


def chapter_pages(site: Path) -> list[str]:
    return [p for p in built_pages(site) if p != "/" and not p.startswith(("/reference/",
                                                                           "/authoring/"))]


def test_every_card_reads_on_a_phone_and_fits_a_desktop_screen(page: Page, guard: Guard,
                                                                project_site: Path) -> None:
    cut, tall, tall_on_phone, layout = [], [], [], {}
    for path in chapter_pages(project_site):
        page.set_viewport_size(PHONE)
        visit(page, path)
        cards = page.evaluate(MEASURE)
        cut += [f"{path}: {c['title']}" for c in cards if c["cut"]]
        tall_on_phone += [f"{path}: {c['title']} ({c['height']} px)" for c in cards
                          if c["height"] > PHONE_TALLEST]
        layout[path] = violations(page)
        page.set_viewport_size(DESKTOP)
        tall += [f"{path}: {c['title']} ({c['height']} px)" for c in page.evaluate(MEASURE)
                 if c["height"] > DESKTOP["height"]]
    assert cut == [], "tables cut off at 390 px"
    assert {p: v for p, v in layout.items() if v} == {}
    assert tall == [], "cards taller than a desktop screen"
    assert tall_on_phone == [], f"cards taller than {PHONE_TALLEST} px on a phone"

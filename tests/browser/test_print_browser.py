"""A chapter printed for the table: the reader view only, compact cards kept whole where they
fit a page, notes never left as empty boxes, and white paper whatever the screen's scheme.

Checked under print emulation (``page.emulate_media(media="print")``) at an A4 page's printable
width, and on the PDF Chromium prints. ``benchmarks/print_pages.py`` measures every chapter.
"""

from __future__ import annotations

import re
import zlib

from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import Guard

CRITICALS = "/chronicle/criticals/"
#: A note (admonition) holding a card, and cards whose earlier results are folded.
NOTE_WITH_A_CARD = "/hubris/many-targets/"
#: A4 in CSS pixels less the theme's ``@page { margin: 25mm }``.
PRINTABLE: ViewportSize = {"width": 605, "height": 933}


def printed(page: Page, path: str, scheme: str = "light") -> None:
    """Open ``path`` as a reader would (its scripts started), then lay it out for paper."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(path)
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'")
    page.emulate_media(media="print", color_scheme=scheme)  # type: ignore[arg-type]
    page.set_viewport_size(PRINTABLE)


def luminance(css_colour: str) -> float:
    """Relative luminance of an ``rgb()``/``rgba()`` colour as computed styles give it."""
    r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", css_colour)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def first_fill_of_each_page(pdf: bytes) -> list[tuple[float, ...]]:
    """The colour of the first area each page of a Chromium PDF fills (its paper, when the
    sheet is painted at all): the ``rg`` before the first ``f``."""
    fills = []
    for ref in re.findall(rb"/Type /Page\b(?!s).*?/Contents (\d+) 0 R", pdf, re.S):
        start = re.search(rb"\n%s 0 obj" % ref, pdf)
        assert start is not None
        body = pdf[start.end():pdf.index(b"endstream", start.end())]
        content = zlib.decompress(body[body.index(b"stream") + 6:].lstrip(b"\r\n"))
        paint = re.search(rb"([\d.]+) ([\d.]+) ([\d.]+) rg\b[^f]*?\bf\b", content)
        fills.append(tuple(float(v) for v in paint.groups()) if paint else (1.0, 1.0, 1.0))
    return fills


def test_paper_shows_no_controls_no_code_and_no_page_bar(page: Page, guard: Guard) -> None:
    printed(page, CRITICALS)
    cards = page.locator("figure.rx-card")
    assert cards.count() > 5
    expect(cards.first).to_be_visible()
    for selector in (".rx-controls", ".rx-code-view", ".rx-status", ".rx-permalink",
                     ".rx-page-bar", ".rx-all-code", ".md-clipboard"):
        for element in page.locator(selector).all():
            expect(element).to_be_hidden()
    expect(page.locator("figure.rx-card .rx-dice").first).to_be_visible()
    expect(page.locator("figure.rx-card .rx-odds").first).to_be_visible()


def test_cards_print_compactly(page: Page, guard: Guard) -> None:
    page.goto(CRITICALS)
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'")
    sizes = """() => {
      const die = document.querySelector('figure.rx-card .rx-face');
      const card = document.querySelector('figure.rx-card');
      const odds = card.querySelector('.rx-odds li'), line = card.querySelector('.rx-lines li');
      return {die: die.getBoundingClientRect().height,
              odds: parseFloat(getComputedStyle(odds).fontSize),
              line: parseFloat(getComputedStyle(line).fontSize)};
    }"""
    screen = page.evaluate(sizes)
    printed(page, CRITICALS)
    paper = page.evaluate(sizes)
    assert paper["die"] < 0.8 * screen["die"], (screen, paper)
    assert paper["odds"] < paper["line"], "the odds print in small type"
    heights = page.locator("figure.rx-card, figure.rx-check").evaluate_all(
        "cards => cards.map(c => [c.id, c.getBoundingClientRect().height])")
    too_tall = [(card, round(h)) for card, h in heights if h > PRINTABLE["height"]]
    assert not too_tall, f"cards taller than an A4 page: {too_tall}"


def test_a_card_that_fits_a_page_is_kept_whole(page: Page, guard: Guard) -> None:
    printed(page, CRITICALS)
    cards = page.locator(".md-content figure.rx-card, .md-content figure.rx-check").evaluate_all(
        """cards => cards.filter(c => !c.closest('.admonition, details'))
          .filter(c => c.getBoundingClientRect().height <= innerHeight)
          .map(c => [c.id, getComputedStyle(c).breakInside])""")
    assert len(cards) > 5
    assert all(rule == "avoid" for _, rule in cards), cards
    # A card too tall for a page splits between its results, never through one.
    assert page.locator(".rx-result").first.evaluate(
        "r => getComputedStyle(r).breakInside") == "avoid"


def test_a_note_with_a_card_moves_whole_instead_of_printing_an_empty_box(
        page: Page, guard: Guard) -> None:
    printed(page, NOTE_WITH_A_CARD)
    note = page.locator(".md-typeset .admonition").filter(has=page.locator(".rx-check, .rx-card"))
    assert note.count() >= 1
    assert note.first.evaluate("n => getComputedStyle(n).breakInside") == "avoid"
    # The card inside may split between results when the note is taller than a page, so
    # the note's text is never followed by a box running empty to the foot of the page.
    assert note.first.locator("figure").first.evaluate(
        "f => getComputedStyle(f).breakInside") == "auto"


def test_a_folded_result_prints_whole(page: Page, guard: Guard) -> None:
    printed(page, NOTE_WITH_A_CARD)
    fold = page.locator("details.rx-fold:has(> .rx-result)").first  # an earlier result, folded
    expect(fold).to_have_count(1)
    assert fold.evaluate("d => d.open") is False
    expect(fold.locator(".rx-result .rx-dice").first).to_be_visible()
    expect(fold.locator("summary")).to_be_hidden()


def test_a_dark_page_prints_dark_text_on_white_paper(page: Page, guard: Guard) -> None:
    printed(page, CRITICALS, scheme="dark")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    colours = page.evaluate("""() => {
      const style = selector => getComputedStyle(document.querySelector(selector));
      return {root: getComputedStyle(document.documentElement).colorScheme,
              paper: style('body').backgroundColor, text: style('.md-typeset p').color,
              card: style('figure.rx-card').backgroundColor,
              card_text: style('figure.rx-card .rx-lines li').color,
              result: style('figure.rx-card .rx-result').backgroundColor};
    }""")
    # The root's scheme is what Chromium paints the sheet's margins with.
    assert colours["root"] == "light", colours
    for background in ("paper", "card", "result"):
        assert luminance(colours[background]) > 0.8, (background, colours)
    for text in ("text", "card_text"):
        assert luminance(colours[text]) < 0.1, (text, colours)


def test_a_dark_page_printed_with_backgrounds_is_on_white_paper(page: Page, guard: Guard) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(NOTE_WITH_A_CARD)
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'")
    fills = first_fill_of_each_page(page.pdf(format="A4", print_background=True))
    assert len(fills) > 3
    dark = [n for n, colour in enumerate(fills, 1) if sum(colour) / 3 < 0.5]
    assert not dark, f"pages printed on dark paper: {dark}"

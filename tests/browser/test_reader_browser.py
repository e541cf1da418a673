"""Cards read as rules: the reader view by default, the code behind each card's toggle (and a
page's remembered box for every card's), a page bar while new dice show, links to a roll,
each chapter's roller, keyboard and paper."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, visit

CHAPTER = "/verses/action-chaining/"
#: A claim that is a raw value a reader should not meet: a tuple, a list, a repr, a string.
RAW = re.compile(r"""^[(\[{<'"]|^(True|False|None)$""")


def built_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under the site's root."""
    pages = []
    for index in site.rglob("index.html"):
        folder = index.parent.relative_to(site).as_posix()
        if not folder.startswith("assets"):
            pages.append("/" if folder == "." else f"/{folder}/")
    return sorted(pages)


def faces(figure: Any) -> list[int]:
    return [int(f) for f in figure.locator(".rx-body .rx-dice").first.locator(".rx-die")
            .evaluate_all("dice => dice.map(d => d.dataset.face)")]


def rerolled_faces(page: Page) -> dict[str, list[list[int]]]:
    """Each rerolled card's dice, as the page's cards show them."""
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('figure[data-rx-shown="rerolled"]')].map(f => [f.id,
          [...f.querySelectorAll('.rx-body .rx-dice')].map(u =>
            [...u.querySelectorAll('.rx-die')].map(d => Number(d.dataset.face)))]))""")


def test_no_page_shows_a_prompt_or_a_raw_value_to_a_reader(page: Page, guard: Guard,
                                                           project_site: Path) -> None:
    pages = built_pages(project_site)
    assert len(pages) > 15
    seen = 0
    for path in pages:
        visit(page, path)
        figures = page.evaluate("""() => [...document.querySelectorAll('figure.rx-card, '
            + 'figure.rx-check')].map(f => [f.id, f.innerText, f.dataset.rxExample])""")
        for card_id, shown, data in figures:
            assert ">>>" not in shown, f"{path}#{card_id} shows a prompt"
            for step in json.loads(data or "{}")["steps"]:
                claim = step["expected"].strip()
                if claim and RAW.search(claim) and "Error:" not in claim:
                    assert claim not in shown, (f"{path}#{card_id} shows the raw value "
                                                f"{claim[:60]!r}")
            seen += 1
    assert seen > 60


def test_a_cards_code_toggle_opens_its_code_only_and_the_page_box_opens_every_card(
        page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    first = page.locator("figure#tams-first-punch")
    expect(first.locator(".rx-code-body")).to_be_hidden()
    first.get_by_text("Show the code").click()
    expect(first.locator(".rx-code-body")).to_contain_text(">>> first = scene.act(")
    expect(page.locator("figure#the-chained-punch-example .rx-code-body")).to_be_hidden()
    assert page.locator("details.rx-code-view[open]").count() == 1
    visit(page, "/kruhl/rolling-dice/")  # the next page: its cards' code closed
    assert page.locator("details.rx-code-view[open]").count() == 0
    every = page.get_by_role("checkbox", name="Show the code of every card")
    every.check()  # the page-wide choice: every card here, and on the pages read next
    views = page.locator("details.rx-code-view")
    assert views.count() > 1 and page.locator("details.rx-code-view:not([open])").count() == 0
    page.goto(CHAPTER)
    expect(page.get_by_role("checkbox", name="Show the code of every card")).to_be_checked()
    assert page.locator("details.rx-code-view:not([open])").count() == 0
    page.get_by_role("checkbox", name="Show the code of every card").uncheck()
    assert page.locator("details.rx-code-view[open]").count() == 0
    page.goto("/kruhl/rolling-dice/")
    expect(page.get_by_role("checkbox", name="Show the code of every card")).not_to_be_checked()
    assert page.locator("details.rx-code-view[open]").count() == 0


def test_a_reroll_shows_the_new_faces_in_the_code_and_the_bar(page: Page,
                                                              guard: Guard) -> None:
    page.goto(CHAPTER)
    first = page.locator("figure#tams-first-punch")
    first.locator(".rx-reroll").click()
    expect(first).to_have_attribute("data-rx-shown", "rerolled", timeout=ENGINE_TIMEOUT_MS)
    shown = " ".join(str(f) for f in faces(first))
    assert f'rolled("{shown}")' in first.locator(".rx-code-body").text_content()
    expect(page.locator(".rx-page-bar")).to_contain_text("New dice on this page")
    expect(page.locator(".rx-page-bar")).to_contain_text("Highlighted numbers in the text")
    page.locator(".rx-page-bar").get_by_role("button", name="Restore").click()
    expect(page.locator(".rx-page-bar")).to_be_hidden()
    assert page.locator("[data-rx-documented], [data-rx-changed]").count() == 0
    assert faces(first) == [6, 6, 5, 4, 2, 1]


def test_a_link_to_a_roll_shows_the_same_dice_in_a_fresh_browser(
        page: Page, guard: Guard, browser: Browser, base_url: str) -> None:
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-reroll").click()
    expect(page.locator(".rx-page-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    rolled = rerolled_faces(page)
    page.locator(".rx-page-bar").get_by_role("button", name="Link to this roll").click()
    expect(page.locator(".rx-bar-status")).not_to_be_empty()
    link = page.url
    assert "#roll=tams-first-punch:" in link
    context = browser.new_context()
    other = context.new_page()
    other.set_default_timeout(ENGINE_TIMEOUT_MS)
    other.goto(link)
    expect(other.locator(".rx-page-bar")).to_contain_text("Showing a shared roll of",
                                                          timeout=ENGINE_TIMEOUT_MS)
    assert rerolled_faces(other) == rolled
    context.close()


@pytest.mark.parametrize(("fragment", "why"), [
    ("#roll=no-such-card:1,2", "this page has no example “no-such-card”"),
    ("#roll=tams-first-punch:9,9,9,9,9,9", "9 cannot come up on a d6"),
    ("#roll=tams-first-punch:6,6", "do not fit it"),
    ("#roll=tams-first-punch:six", "“six” is not a face of a die"),
    ("#roll=tams-first-punch:" + ",".join(["6"] * 3000), "characters long"),
    ("#roll=%E0%A4%A", "its address is garbled"),  # a link cut short mid-character
])
def test_a_bad_link_leaves_the_documented_roll_and_says_why(page: Page, guard: Guard,
                                                            fragment: str, why: str) -> None:
    page.goto(CHAPTER + fragment)
    bar = page.locator(".rx-page-bar")
    expect(bar).to_contain_text("cannot be shown", timeout=ENGINE_TIMEOUT_MS)
    expect(bar).to_contain_text(why)
    assert faces(page.locator("figure#tams-first-punch")) == [6, 6, 5, 4, 2, 1]
    assert page.locator('figure[data-rx-shown="rerolled"]').count() == 0


def roller_pages(site: Path) -> list[str]:
    return sorted(f"/{p.parent.parent.name}/roll-your-own/"
                  for p in site.glob("*/roll-your-own/index.html"))


def test_every_chapter_has_a_roller(project_site: Path) -> None:
    chapters = {p.parent.parent.name for p in project_site.glob("*/glossary/index.html")}
    assert chapters and {p.split("/")[1] for p in roller_pages(project_site)} == chapters


#: The live region a list of odds that followed its result keeps.
LIVE = ' aria-live="polite"'


def test_each_roller_rolls_with_odds_and_its_link_replays_the_roll(
        page: Page, guard: Guard, browser: Browser, project_site: Path) -> None:
    context = browser.new_context()
    other = context.new_page()
    other.set_default_timeout(ENGINE_TIMEOUT_MS)
    for path in roller_pages(project_site):
        visit(page, path)  # instant navigation: the engine stays loaded from one to the next
        form = page.locator("form.rx-roller")
        before = form.locator(".rx-roller-result").inner_html()
        form.get_by_role("button", name="Roll").click()
        link_button = form.get_by_role("button", name="Link to this roll")
        expect(link_button).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        # The odds follow the first result of a visit (icepool loads after it).
        expect(form.locator(".rx-odds-pending")).to_have_count(0, timeout=ENGINE_TIMEOUT_MS)
        result = form.locator(".rx-roller-result").inner_html()
        assert result != before or "rx-odds" in result
        expect(form.locator(".rx-odds")).to_be_visible()
        link_button.click()
        assert "#roller=" in page.url
        other.goto(page.url)  # a fresh load in a browser of its own, as a link is opened
        expect(other.locator("form.rx-roller .rx-status")).to_contain_text("A shared roll")
        expect(other.locator("form.rx-roller .rx-odds-pending")).to_have_count(0)
        # The same roll, odds and all (odds that followed stay a live region: not compared).
        replayed = other.locator("form.rx-roller .rx-roller-result").inner_html()
        assert replayed.replace(LIVE, "") == result.replace(LIVE, "")
    context.close()


def test_a_garbled_roller_link_says_so_and_the_roller_still_rolls(page: Page,
                                                                  guard: Guard) -> None:
    page.goto("/verses/roll-your-own/#roller=prw:%E0%A4%A")
    form = page.locator("form.rx-roller")
    expect(form.locator(".rx-status")).to_contain_text("its address is garbled")
    form.get_by_role("button", name="Roll").click()
    expect(form.get_by_role("button", name="Link to this roll")).to_be_visible(
        timeout=ENGINE_TIMEOUT_MS)


def test_a_roller_refuses_a_value_out_of_bounds_in_words(page: Page, guard: Guard) -> None:
    page.goto("/verses/roll-your-own/")
    form = page.locator("form.rx-roller")
    form.get_by_label("PRW (attribute dice)").fill("99")
    form.get_by_role("button", name="Roll").click()
    # Python says it, so the engine loads first.
    expect(form.locator(".rx-status")).to_contain_text("PRW (attribute dice) must be from 0 to 12",
                                                        timeout=ENGINE_TIMEOUT_MS)


def test_the_keyboard_reaches_a_cards_reroll_in_two_stops(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-permalink").focus()
    stops = []
    for _ in range(4):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(
            "document.activeElement.className || document.activeElement.tagName"))
        if "rx-reroll" in stops[-1]:
            break
    assert "rx-reroll" in stops[-1] and len(stops) <= 2, stops
    page.keyboard.press("Enter")
    expect(page.locator("figure#tams-first-punch")).to_have_attribute(
        "data-rx-shown", "rerolled", timeout=ENGINE_TIMEOUT_MS)


def test_no_copy_button_stands_before_a_cards_reroll(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-reroll").wait_for()
    order = page.evaluate("""() => [...document.querySelectorAll('figure.rx-card button')]
        .filter(e => e.checkVisibility()).map(e => e.className)""")
    assert order and "rx-reroll" in order[0] and not any("md-code" in c for c in order)
    page.locator("figure#tams-first-punch summary").click()  # every code view opens
    copies = page.locator("figure#the-chained-punch-example .md-code__button")
    expect(copies).to_have_count(1)  # one per code view, not one per statement


def test_the_longest_card_fits_one_screen(page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/kruhl/order-of-play/")
    box = page.locator("figure#rounds-1-to-8-a-late-joiner-a-delay-a-forced-action").bounding_box()
    assert box is not None and box["height"] <= 900


def test_the_verdict_never_wraps_on_a_phone(page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(CHAPTER)
    for verdict in page.locator(".rx-verdict").all():
        box = verdict.bounding_box()
        assert box is not None and box["height"] < 40, verdict.inner_text()


def test_buttons_are_big_enough_to_touch_on_a_phone(page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch").hover()
    for selector in ("figure#tams-first-punch .rx-reroll", "figure#tams-first-punch summary"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, selector


def test_paper_shows_no_buttons_hints_or_copy_icons_and_keeps_cards_whole(
        page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-reroll").wait_for()
    page.emulate_media(media="print")
    for selector in (".rx-controls", ".rx-code-view", ".rx-permalink", ".md-clipboard"):
        for element in page.locator(f"figure.rx-card {selector}, {selector}").all():
            expect(element).to_be_hidden()
    assert page.locator("figure#tams-first-punch").evaluate(
        "f => getComputedStyle(f).breakInside") == "avoid"
    expect(page.locator("figure#tams-first-punch .rx-die").first).to_be_visible()


def test_only_checks_the_new_dice_change_are_marked_as_about_the_documented_roll(
        page: Page, guard: Guard) -> None:
    from tests.browser.test_reroll_browser import reroll

    page.goto(CHAPTER)
    # Only a check whose words the new dice change is marked (with its note): on this page,
    # the damage of the first punch's margin changes with it, the chain's limits do not. A
    # reroll may give the documented margin again: a few rerolls, until one does not.
    marked = page.locator(".admonition[data-rx-documented] figure.rx-check, "
                          "figure.rx-check[data-rx-documented]")
    for _ in range(8):
        reroll(page, "tams-first-punch")
        if marked.count():
            break
    expect(page.locator(".rx-page-bar")).to_be_visible()
    assert marked.count() >= 1
    unmarked = page.locator("figure.rx-check:not([data-rx-documented])")
    assert unmarked.count() >= 3
    page.locator(".rx-page-bar").get_by_role("button", name="Restore").click()
    expect(page.locator("figure.rx-check[data-rx-documented], .admonition[data-rx-documented]")
           ).to_have_count(0)


def test_new_dice_stay_when_the_table_of_contents_is_followed(page: Page, guard: Guard) -> None:
    page.goto(CHAPTER)
    first = page.locator("figure#tams-first-punch")
    first.locator(".rx-reroll").click()
    expect(first).to_have_attribute("data-rx-shown", "rerolled", timeout=ENGINE_TIMEOUT_MS)
    rolled = faces(first)
    page.locator(".md-sidebar--secondary a.md-nav__link").nth(1).click()
    page.wait_for_timeout(500)
    first = page.locator("figure#tams-first-punch")
    expect(first).to_have_attribute("data-rx-shown", "rerolled")
    assert faces(first) == rolled
    expect(page.locator(".rx-page-bar")).to_be_visible()


def test_a_card_the_new_dice_did_not_change_is_not_marked(page: Page, guard: Guard) -> None:
    page.goto("/kruhl/order-of-play/")
    page.locator("figure#rolling-initiative-with-an-ambush .rx-reroll").click()
    expect(page.locator(".rx-page-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("figure#one-standard-action-a-turn")).to_have_attribute(
        "data-rx-shown", "documented")


def test_the_closed_navigation_drawer_takes_no_tab_stop_on_a_phone(
        page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-reroll").wait_for()
    assert page.locator(".md-sidebar--primary").evaluate("e => e.inert")
    page.locator("label.md-header__button[for=__drawer]").click()
    expect(page.locator(".md-sidebar--primary")).to_have_js_property("inert", False)


#: A link to the faces of a card far down its page (its documented faces: any fit).
SHARED_CARD = "the-choke-out-chained"
SHARED_LINK = f"{CHAPTER}#roll={SHARED_CARD}:6,5,5,5,4,3,3,3,2,2,1,1/5,5"


def clear_of_bar_and_header(page: Page, selector: str) -> bool:
    """Whether the element's top is on screen, below the header and any sticky page bar."""
    return bool(page.locator(selector).evaluate("""e => {
        const top = e.getBoundingClientRect().top;
        const header = document.querySelector('.md-header').getBoundingClientRect();
        const bar = document.querySelector('.rx-page-bar:not([hidden])');
        const sticky = bar && getComputedStyle(bar).position === 'sticky';
        const covered = Math.max(header.bottom, sticky ? bar.getBoundingClientRect().bottom : 0);
        return top >= covered && top < innerHeight;
    }"""))


def test_a_shared_link_opens_at_its_card_names_it_and_focuses_it(page: Page,
                                                                 guard: Guard) -> None:
    page.goto(SHARED_LINK)
    bar = page.locator(".rx-page-bar")
    card = page.locator(f"figure#{SHARED_CARD}")
    # At once, while the engine still loads: the card in view, named, focused.
    expect(bar).to_contain_text("Opening a shared roll of “The choke-out, chained”: loading")
    assert clear_of_bar_and_header(page, f"figure#{SHARED_CARD} .rx-title")
    expect(card).to_be_focused()
    expect(card).to_have_attribute("tabindex", "-1")
    expect(bar.get_by_role("link", name="The choke-out, chained")).to_have_attribute(
        "href", f"#{SHARED_CARD}")
    # Once the dice show: the bar says whose roll it is, and the card is still clear of it.
    expect(bar).to_contain_text("Showing a shared roll of “The choke-out, chained”",
                                timeout=ENGINE_TIMEOUT_MS)
    assert clear_of_bar_and_header(page, f"figure#{SHARED_CARD} .rx-title")
    page.evaluate("scrollTo(0, 0)")
    bar.get_by_role("link", name="The choke-out, chained").click()
    assert clear_of_bar_and_header(page, f"figure#{SHARED_CARD} .rx-title")
    assert page.url.endswith(SHARED_LINK)  # the address still replays the roll


def test_a_deep_link_to_a_card_shows_its_title_below_the_header(page: Page,
                                                                guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/kruhl/rolling-dice/")
    visit(page, f"{CHAPTER}#{SHARED_CARD}")  # by Material's instant navigation
    page.wait_for_timeout(300)
    assert clear_of_bar_and_header(page, f"figure#{SHARED_CARD} .rx-title")


def test_the_page_bar_is_one_row_on_a_phone(page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(CHAPTER)
    page.locator("figure#tams-first-punch .rx-reroll").click()
    bar = page.locator(".rx-page-bar")
    expect(bar).to_contain_text("New dice on this page", timeout=ENGINE_TIMEOUT_MS)
    box = bar.bounding_box()
    assert box is not None and box["height"] <= 56, box
    for name in ("Link to this roll", "Restore"):
        button = bar.get_by_role("button", name=name).bounding_box()
        assert button is not None and button["height"] >= 44, name
    expect(bar).to_contain_text("Highlighted numbers in the text")  # for screen readers


def test_a_bad_links_bar_can_be_closed_and_does_not_follow_the_reader(page: Page,
                                                                      guard: Guard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(CHAPTER + "#roll=no-such-card:1,2")
    bar = page.locator(".rx-page-bar")
    expect(bar).to_contain_text("cannot be shown")
    page.evaluate("scrollTo(0, 3000)")
    box = bar.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 0, box  # left at the top
    close = bar.get_by_role("button", name="Close this message")
    close.focus()  # a button: in the tab order, and Enter presses it
    page.keyboard.press("Enter")
    expect(bar).to_be_hidden()
    expect(page.locator("article h1")).to_be_focused()

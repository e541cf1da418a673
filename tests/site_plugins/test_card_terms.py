"""A chapter's abbreviations in a card's reader view get the tooltips its prose has
(card_terms.py): whole words only, in text only, none focusable (a card's Reroll stays two Tab
stops from its title)."""

from __future__ import annotations

from site_plugins.examples.cards.card_terms import mark_terms

TERMS = {"AD": "Action Dice. The dice an actor holds for a round.",
         "PRW": 'Prowess. A "physical" attribute.'}
AD = '<abbr title="Action Dice. The dice an actor holds for a round.">AD</abbr>'


def test_every_use_of_a_term_gets_its_tooltip_and_none_takes_the_focus() -> None:
    assert mark_terms("<li>Tam spends 2 AD; 4 AD left.</li>", TERMS) == (
        f"<li>Tam spends 2 {AD}; 4 {AD} left.</li>")


def test_a_tooltip_is_escaped() -> None:
    assert ('title="Prowess. A &quot;physical&quot; attribute.">PRW</abbr>'
            in mark_terms("<p>PRW 3</p>", TERMS))


def test_only_whole_words_are_terms() -> None:
    assert mark_terms("<p>ADD, LOAD, AD_1, PRWs</p>", TERMS) == "<p>ADD, LOAD, AD_1, PRWs</p>"


def test_code_links_buttons_and_a_folds_summary_keep_their_text() -> None:
    html = ("<code>AD</code><a href='#x'>AD</a><button>AD</button>"
            "<details><summary>3 AD left</summary><p>AD</p></details>")
    assert mark_terms(html, TERMS) == html.replace("<p>AD</p>", f"<p>{AD}</p>")


def test_attributes_are_never_marked() -> None:
    html = '<ul aria-label="AD left" class="AD"><li title="AD">6</li></ul>'
    assert mark_terms(html, TERMS) == html


def test_a_page_outside_every_chapter_marks_nothing() -> None:
    assert mark_terms("<p>AD</p>", {}) == "<p>AD</p>"


def test_a_reroll_answer_marks_the_terms_the_page_s_first_card_carries() -> None:
    """The page sends its cards back as their data says; the first carries the chapter's
    terms, and the reroll's Python marks the new views with them, as the build did."""
    import json
    import re
    from html import unescape

    from site_plugins.examples.cards.render import render_card
    from site_plugins.examples.cards.reroll import reroll_page
    from site_plugins.examples.language.verify import verify_page
    from tests.conftest import ROOT

    page = ROOT / "docs" / "verses" / "action-chaining.md"
    result = verify_page("docs/verses/action-chaining.md", page.read_text(encoding="utf-8"))
    figures = [render_card(run, f"card-{i}", "s", i, terms=TERMS,
                           setup=result.setup_source if i == 0 else "")
               for i, run in enumerate(result.runs)]
    cards = [json.loads(unescape(re.search(r'data-rx-example="([^"]*)"', f)[1]))
             for f in figures]
    assert "terms" in cards[0] and all("terms" not in card for card in cards[1:])
    target = next(i for i, f in enumerate(figures) if 'data-rx-rerollable="true"' in f)
    answer = json.loads(reroll_page(json.dumps({"target": target, "cards": cards}), seed=1))
    assert any(AD in card.get("html", "") for card in answer["cards"])

"""Cards: dice as faces, marks in words and glyphs, everything escaped."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import unescape

from site_plugins.examples.cards.render import render_card
from site_plugins.examples.language.verify import verify_page

Read = Callable[[str], str]
FENCE = "```"


def card_of(text: str, index: int = 0) -> str:
    page = verify_page("docs/p.md", text)
    return render_card(page.runs[index], "card", "p", index)


def test_a_script_tag_in_an_example_is_shown_as_text(sample_text: Read) -> None:
    html = card_of(sample_text("script_tag.md"))
    assert "<script>alert" not in html and "&lt;script&gt;alert(&#x27;x&#x27;)" in html


def test_a_script_tag_in_the_title_is_shown_as_text(sample_text: Read) -> None:
    html = card_of(sample_text("script_tag.md"))
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in html


def test_card_data_is_escaped_json_in_an_attribute(sample_text: Read) -> None:
    html = card_of(sample_text("script_tag.md"))
    data = html.split('data-rx-example="', 1)[1].split('"', 1)[0]
    assert "<" not in data and "<script" not in html
    steps = json.loads(unescape(data))["steps"]
    assert steps[0]["source"] == "\"<script>alert('x')</script>\""


def test_each_die_is_labelled_in_words(sample_text: Read) -> None:
    html = card_of(sample_text("good.md"))
    assert 'aria-label="6, success, chains to the next action"' in html


def test_a_plain_die_is_labelled_with_its_face(sample_text: Read) -> None:
    assert 'aria-label="4"' in card_of(sample_text("good.md"))


def test_d6_faces_are_drawn_with_pips(sample_text: Read) -> None:
    html = card_of(sample_text("good.md"))
    six = html.split('data-face="6"', 1)[1].split("</li>", 1)[0]
    assert six.count("<circle") == 6


def test_marks_have_glyphs_and_a_key(sample_text: Read) -> None:
    html = card_of(sample_text("good.md"))
    assert '<span class="rx-marks" aria-hidden="true">✓↪</span>' in html and "rx-legend" in html


def test_the_outcome_is_in_words(sample_text: Read) -> None:
    html = card_of(sample_text("good.md"))
    assert '<span class="rx-verdict rx-success">Success</span>' in html


def test_the_pool_breakdown_is_shown(sample_text: Read) -> None:
    assert "2 Unarmed Combat + 3 PRW + 1 AD = 6d6" in card_of(sample_text("good.md"))


def test_a_card_that_rolls_dice_is_rerollable(sample_text: Read) -> None:
    assert 'data-rx-rerollable="true"' in card_of(sample_text("good.md"))


def test_a_card_without_dice_is_not_rerollable() -> None:
    html = card_of("\n".join([f"{FENCE}rules-example", ">>> 1 + 1", "2", FENCE]))
    assert 'data-rx-rerollable="false"' in html


def test_a_failing_card_shows_its_failure() -> None:
    page = verify_page("docs/p.md", "\n".join([f"{FENCE}rules-example", ">>> 1", "2", FENCE]))
    html = render_card(page.runs[0], "c", "p", 0, [str(page.all_failures[0])])
    assert 'data-rx-state="failed"' in html and 'role="alert"' in html


def test_a_die_is_drawn_by_the_tone_of_its_marks_not_their_system() -> None:
    from rules_core.explain import DieView
    from rules_core.marks import Mark, Tone
    from site_plugins.examples.cards.render import render_die

    bought = Mark("test: bought die", "a die bought with a test point", "+", "bought", Tone.EXTRA)
    html = render_die(DieView(4, 6, (bought,)))
    assert 'class="rx-die rx-tone-extra"' in html and ">+<" in html
    assert 'aria-label="4, a die bought with a test point"' in html


def test_a_rerolled_die_is_marked_and_explained_in_the_legend() -> None:
    from rules_core.explain import DieView, Explanation, RollView
    from rules_core.marks import REROLLED
    from site_plugins.examples.cards.render import render_explanation

    roll = RollView("Soraya rolls 2d6", (DieView(1, 6, (REROLLED,)), DieView(5, 6)))
    html = render_explanation(Explanation(title="Attack", rolls=(roll,)))
    assert 'aria-label="1, rerolled"' in html and "↻" in html
    assert "rerolled: the die after it replaces it" in html


def test_the_cards_escape_text_as_the_standard_library_does() -> None:
    import html

    from site_plugins.examples.cards.escape import escape_html

    for value in ('<a href="x" title=\'y\'>&amp; ☂</a>', "plain", 42, "&&<<>>\"\"''"):
        assert escape_html(value) == html.escape(str(value), quote=True)

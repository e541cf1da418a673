"""Cards read as rules first: the reader view, and the code behind its toggle."""

from __future__ import annotations

import re
from html import unescape

from site_plugins.examples.cards.render import render_card
from site_plugins.examples.cards.render_code import faced_sources, render_code, statement_words
from site_plugins.examples.cards.render_reader import Said, reader_items, render_reader
from site_plugins.examples.language.session import DiceMode, Session
from site_plugins.examples.language.verify import verify_page

SETUP = """---
examples_setup: |
  from rules_core.verses import Actor, Scene, PUNCH
---
"""
TAM = ('>>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, '
       "action_dice=6)\n>>> scene = Scene(tam)\n")


def page(*blocks: str) -> str:
    return SETUP + "".join(f'\n```rules-example title="Card {i}"\n{b}```\n'
                           for i, b in enumerate(blocks))


def visible_text(html: str) -> str:
    """The reader view's text, tags dropped, spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def runs_of(text: str) -> list:  # type: ignore[type-arg]
    result = verify_page("docs/p.md", text)
    assert not result.all_failures, [str(f) for f in result.all_failures]
    return result.runs


def test_a_character_set_up_is_a_stat_line_not_code() -> None:
    run = runs_of(page(TAM))[0]
    text = visible_text(render_reader(run))
    assert "Tam" in text and "PRW 3" in text and "6 AD" in text
    assert ">>>" not in text and "Actor(" not in text


def test_a_result_shown_twice_is_drawn_once() -> None:
    run = runs_of(page(TAM + '>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 5 1 1 1 1"))'
                       "\n>>> punch\n<Punch by Tam: 6d6 [6 5 1 1 1 1], 2 net, success>\n"))[0]
    assert render_reader(run).count('<section class="rx-result') == 1


def test_a_plain_value_is_in_the_code_view_only() -> None:
    run = runs_of(page(TAM + ">>> scene.ad_left(tam)\n6\n"))[0]
    assert "6" not in visible_text(render_reader(run)).replace("6 AD", "")
    assert '<span class="rx-output">6</span>' in render_code(run)


def test_a_value_with_words_is_shown_with_them() -> None:
    run = runs_of(page(TAM + ">>> scene.ad_left(tam)  # AD left\n6\n"))[0]
    said = [item for item in reader_items(run) if isinstance(item, Said)]
    assert said == [Said((("AD left", "6"),))]


def test_a_tuple_with_a_label_for_each_item_pairs_them() -> None:
    run = runs_of(page(TAM + ">>> 1 + 1, True, 'x'  # two, yes, a letter\n(2, True, 'x')\n"))[0]
    said = [item for item in reader_items(run) if isinstance(item, Said)]
    assert said == [Said((("two", "2"), ("yes", "yes"), ("a letter", "x")))]


def test_a_refusal_is_shown_in_words_without_its_class() -> None:
    run = runs_of(page(TAM + '>>> scene.chain(tam, PUNCH, ad=1, dice=rolled())\n'
                       "ChainError: Tam has not acted yet...\n"))[0]
    text = visible_text(render_reader(run))
    assert "Refused Tam has not acted yet" in text
    assert "ChainError" not in text


def test_what_a_statement_prints_is_shown() -> None:
    run = runs_of(page('>>> print("Round one: Tam acts")\nRound one: Tam acts\n'))[0]
    assert "Round one: Tam acts" in visible_text(render_reader(run))


def test_consecutive_rounds_of_a_play_loop_fold_into_one_table() -> None:
    text = ('---\nexamples_setup: |\n  from rules_core.kruhl import TurnOrder\n---\n'
            '\n```rules-example title="Rounds"\n>>> order = TurnOrder(["Ana", "Bo"])\n'
            ">>> order.play_round()\nRound 1: Ana, Bo\n>>> order.play_round()\nRound 2: Ana, Bo\n"
            ">>> order.play_round()\nRound 3: Ana, Bo\n```\n")
    html = render_reader(runs_of(text)[0])
    assert html.count("<table") == 1 and html.count("<tr>") == 4  # the header and 3 rounds
    assert "Round 3" in html and "Ana, Bo" in html


def test_a_caption_that_repeats_the_title_is_for_screen_readers_only() -> None:
    text = ('---\nexamples_setup: |\n  from rules_core.kruhl import TurnOrder\n---\n'
            '\n```rules-example title="Rounds"\n>>> TurnOrder(["Ana"]).play_round()\n'
            "Round 1: Ana\n```\n")
    html = render_reader(runs_of(text)[0])
    assert '<caption class="rx-visually-hidden">Order of play</caption>' in html


def test_the_card_keeps_the_code_behind_a_toggle_left_out_of_search() -> None:
    run = runs_of(page(TAM))[0]
    html = render_card(run, "card-0", "p", 0)
    assert '<details class="rx-code-view" data-search-exclude>' in html
    reader = html.split('<div class="rx-body">', 1)[1].split("</div>", 1)[0]
    assert "&gt;&gt;&gt;" not in reader


def test_a_failing_card_opens_its_code() -> None:
    run = runs_of(page(TAM))[0]
    assert "<details class=\"rx-code-view\" data-search-exclude open>" in render_card(
        run, "c", "p", 0, ["docs/p.md:9: example did not verify"])


def test_the_card_has_a_visible_permalink() -> None:
    run = runs_of(page(TAM))[0]
    assert '<a class="rx-permalink" href="#card-0"' in render_card(run, "card-0", "p", 0)


def test_the_copy_button_copies_the_code_without_prompts_or_output() -> None:
    run = runs_of(page(TAM + ">>> scene.ad_left(tam)\n6\n"))[0]
    copied = unescape(render_code(run).split('data-copy="', 1)[1].split('"', 1)[0])
    assert copied.splitlines()[-1] == "scene.ad_left(tam)" and ">>>" not in copied


def test_the_setup_heads_the_first_cards_code() -> None:
    run = runs_of(page(TAM))[0]
    code = render_code(run, "from rules_core.verses import Actor")
    assert "# Setup for this page" in code and "from rules_core.verses import Actor" in code


def test_rerolled_dice_are_written_into_the_code() -> None:
    result = verify_page("docs/p.md", page(
        TAM + '>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 5 1 1 1 1"))\n'))
    assert result.setup is not None
    session = Session(time_limit=0)
    session.run(result.setup.example, explain=False)
    again = session.run(result.runs[0].example, DiceMode.replaying([(2, 2, 3, 3, 4, 6)]))
    assert faced_sources(again)[-1].endswith('dice=rolled("2 2 3 3 4 6"))')
    assert faced_sources(result.runs[0])[-1].endswith('dice=rolled("6 5 1 1 1 1"))')


def test_names_the_page_imports_link_to_the_reference() -> None:
    run = runs_of(page(TAM))[0]
    code = render_code(run, "", {"Actor": "../reference/verses/#rules_core.verses.Actor"})
    assert ('<a class="rx-ref" href="../reference/verses/#rules_core.verses.Actor">Actor</a>'
            in code)
    assert code.count('class="rx-ref"') == 1  # "tam", "scene" and strings are not linked


def test_a_comment_after_the_last_line_gives_the_words() -> None:
    assert statement_words("scene.ad_left(tam)  # AD left") == "AD left"
    assert statement_words("f(1,  # first\n  2)") == ""
    assert statement_words("'# not a comment'") == ""


def test_two_equal_results_of_two_moves_are_both_drawn() -> None:
    text = ('---\nexamples_setup: |\n  from rules_core.procedure import Procedure, CountAtLeast\n'
            '  from rules_core.rolled_pool import RolledPool\n---\n'
            '\n```rules-example title="Twice"\n'
            '>>> pool = Procedure(2, 6, (), CountAtLeast(5))\n'
            '>>> first = RolledPool.of("Ana", pool, rolled("6 1"))\n'
            '>>> again = RolledPool.of("Ana", pool, rolled("6 1"))\n```\n')
    assert render_reader(runs_of(text)[0]).count('<section class="rx-result') == 2


def test_an_empty_tuple_with_words_reads_none() -> None:
    run = runs_of(page(">>> ()  # weapons held\n()\n"))[0]
    assert [item for item in reader_items(run) if isinstance(item, Said)] == [
        Said((("weapons held", "none"),))]


def test_an_object_that_changed_since_it_was_drawn_is_drawn_again() -> None:
    text = ('---\nexamples_setup: |\n  from rules_core.explain import Explanation\n'
            '  class Tally:\n    n = 0\n    def explain(self):\n'
            '      return Explanation(title=f"Tally {self.n}")\n---\n'
            '\n```rules-example title="Counting"\n>>> tally = Tally()\n>>> tally.n = 2\n'
            ">>> tally\n<__main__.Tally object>\n```\n")
    result = verify_page("docs/p.md", text.replace("<__main__.Tally object>", "..."))
    html = render_reader(result.runs[0])
    assert "Tally 0" in html and "Tally 2" in html


def test_the_first_card_shows_the_characters_the_setup_made() -> None:
    text = ('---\nexamples_setup: |\n  from rules_core.verses import Actor\n'
            '  tam = Actor("Tam", attributes={"PRW": 3}, action_dice=6)\n---\n'
            '\n```rules-example title="One"\n>>> tam.action_dice\n6\n```\n'
            '\n```rules-example title="Two"\n>>> tam.action_dice\n6\n```\n')
    first, second = runs_of(text)
    assert "PRW 3" in visible_text(render_reader(first))
    assert "PRW" not in visible_text(render_reader(second))

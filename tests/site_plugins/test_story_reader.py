"""The automated reader: every card of every chapter rerolled under 20 seeds, through the
Python the browser runs, and no sentence a machine can see is stale after it; and what the
reader sees, on pages written to be stale."""

from __future__ import annotations

import pytest

from rules_core.system import systems
from site_plugins.examples.checking.engine_words import sentence_errors
from site_plugins.examples.checking.story_reader import SEEDS, Reading, read_page
from site_plugins.examples.language.grammar_read_back import word_form_errors
from tests.conftest import ROOT

CHAPTER_PAGES = sorted(
    page.relative_to(ROOT).as_posix() for system in systems()
    for page in (ROOT / "docs" / system.name).glob("*.md") if page.stem != "glossary")


@pytest.mark.parametrize("page", CHAPTER_PAGES)
def test_no_sentence_of_a_chapter_page_is_stale_after_any_reroll_under_20_seeds(page: str
                                                                                 ) -> None:
    reading = read_page(page, (ROOT / page).read_text(encoding="utf-8"), SEEDS)
    assert SEEDS == 20
    assert not reading.stale, "\n".join(map(str, reading.stale[:20]))


def test_the_reader_reads_every_chapter() -> None:
    assert {page.split("/")[1] for page in CHAPTER_PAGES} == {s.name for s in systems()}
    assert "docs/verses/action-chaining.md" in CHAPTER_PAGES


# ---- what the reader sees ----------------------------------------------------------------------

PAGE = '''---
examples_setup: |
  from rules_core.verses import Actor, Scene, PUNCH
---

# Punches

```rules-example title="{title}"
>>> tam = Actor("Tam", attributes={{"PRW": 3}}, skills={{"Unarmed Combat": 2}}, action_dice=6)
>>> scene = Scene(tam)
>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
>>> punch.successes
3
```

{prose}
'''


def read(title: str = "A punch", prose: str = "", seeds: int = 6) -> Reading:
    return read_page("docs/verses/p.md", PAGE.format(title=title, prose=prose), seeds)


def kinds(reading: Reading) -> list[str]:
    return [stale.kind for stale in reading.stale]


def test_a_page_with_nothing_stale_reads_clean() -> None:
    reading = read(prose="Tam scores [three successes]{= punch.successes}.")
    assert reading.stale == [] and (reading.cards, reading.rerolls) == (1, 6)


def test_a_title_whose_words_state_an_outcome_the_new_dice_undo_is_stale() -> None:
    (stale,) = read(title="A punch that succeeds", seeds=20).stale
    assert (stale.kind, stale.line, stale.text) == ("title", 8, "A punch that succeeds")
    assert "its words state 'succeeds', which the rerolled card does not show" in stale.why


def test_a_bound_value_the_new_dice_cannot_write_is_stale() -> None:
    reading = read(prose="The second six is a [6]{= punch.faces[[f for f in punch.faces]"
                         ".index(6) + 1]}.", seeds=20)
    assert "unwritten" in kinds(reading)


def test_new_bound_text_that_breaks_the_grammar_is_stale() -> None:
    reading = read(prose="It is worth [3 successes]{= '%d successes' % punch.successes}.",
                   seeds=20)
    (stale,) = reading.stale
    assert stale.kind == "grammar" and "'1' with 'successes'" in stale.why


def test_a_code_name_in_a_chapter_s_prose_is_stale_and_game_notation_is_not() -> None:
    reading = read(prose="Each wound is `−1D`; an option, `lower_fumble=True`, reads it "
                         "lower, and `TurnOrder` takes it as given.")
    assert [(s.kind, s.text) for s in reading.stale] == [
        ("code", "`lower_fumble=True`"), ("code", "`TurnOrder`")]


def test_a_note_that_speaks_of_a_card_with_nothing_to_mark_it_is_stale() -> None:
    note = '!!! note "The same roll"\n    With the same dice, the punch would miss here.\n'
    assert kinds(read(prose=note)) == ["note"]
    marked = note + "    {: narrates }\n"
    assert kinds(read(prose=marked)) == []


def test_a_contract_no_reroll_can_keep_after_an_earlier_card_is_stale() -> None:
    later = ('```rules-example title="Again" keep="punch.successes >= 3" until="the first '
             'punch scored three"\n>>> punch.successes\n3\n```\n')
    reading = read(prose=later, seeds=20)
    assert "contract" in kinds(reading)


# ---- the grammar, read back: a rule each --------------------------------------------------------


def test_an_article_before_a_word_that_takes_none_is_an_error() -> None:
    assert word_form_errors([("Enhancement on a roll with a ", False), ("no success", True)]) \
        == ["'a' before 'no', which takes no article"]
    assert word_form_errors([("A ", False), ("Two Cunning tests", True)]) == [
        "'A' before 'Two', which takes no article"]


def test_the_wrong_article_before_new_text_is_an_error() -> None:
    assert word_form_errors([("It shows a ", False), ("8", True)]) == ["'a' before '8': an 8"]
    assert word_form_errors([("It shows an ", False), ("one", True)]) == [
        "'an' before 'one': a one"]


def test_a_number_and_the_noun_it_counts_must_agree() -> None:
    assert word_form_errors([("her ", False), ("one", True), (" standing successes", False)]) \
        == ["'one' with 'successes': the noun must be singular"]
    assert word_form_errors([("", False), ("3", True), (" success", False)]) == [
        "'3' with 'success': the noun must be plural"]


def test_numbers_in_a_list_or_faces_take_the_plural_noun() -> None:
    assert word_form_errors([("His rolls give ", False), ("1, 5 and 1", True),
                             (" successes", False)]) == []
    assert word_form_errors([("He rolls ", False), ("6 5 1", True), (" dice", False)]) == []


def test_the_author_s_own_words_are_not_read_back() -> None:
    assert word_form_errors([("a no-show and 1 successes", False), ("2", True)]) == []


def test_the_reader_reads_what_it_rerolled() -> None:
    page = ROOT / "docs/verses/action-chaining.md"
    reading = read_page("docs/verses/action-chaining.md", page.read_text(encoding="utf-8"), 2)
    assert reading.cards >= 7 and reading.rerolls == 2 * reading.cards
    assert reading.passages > reading.rerolls
    assert len(reading.checks) >= 5 and reading.checks_never_following >= 3


# ---- the engine's own words: a rule each -------------------------------------------------------


def test_a_name_s_the_inside_an_engine_sentence_is_an_error() -> None:
    assert sentence_errors("Hana attacks The ghoul pack") == [
        "a name's 'The' capitalised inside a sentence"]
    assert sentence_errors("Bo wins. The tanuki flees.") == []


def test_zero_as_a_digit_where_an_engine_sentence_counts_is_an_error() -> None:
    assert sentence_errors("Nothing cancels Rook's 0 successes: 0 net.") == [
        "zero written as a digit where it counts something: \"'s 0 successes\""]
    assert sentence_errors("<Bo helps Ana: [1 2 2] 0 successes, +0 Enhancement>") == [
        "zero written as a digit where it counts something: '+0 Enhancement'"]
    assert sentence_errors("The smaller pool is rolled: 0 successes.") == [
        "zero written as a digit where it counts something: ': 0 successes'"]
    assert sentence_errors("Ana 0 laps, Bo 2 laps; END 0 of 5, 0 net.") == []
    assert sentence_errors("<Voss attacks Mara: 0 successes against 2: 0 net, a miss>") == []


def test_a_verb_after_a_group_s_name_is_plural() -> None:
    lackeys = frozenset({"Virek-Kohl's lackeys", "Soraya"})
    assert sentence_errors("Virek-Kohl's lackeys rolls Hand-to-hand Combat", lackeys) == [
        "\"Virek-Kohl's lackeys\" names many: \"Virek-Kohl's lackeys roll\""]
    assert sentence_errors("Soraya rolls Hand-to-hand Combat", lackeys) == []


def test_a_number_and_its_noun_in_an_engine_sentence_agree() -> None:
    assert sentence_errors("<The ghoul pack attacks all: 1 successes: Ike 1 net>") == [
        "a number and the noun it counts disagree: '1 successes'"]
    assert sentence_errors("4 vs 1 successes; 1 or more successes; 7 attack dice; "
                           "on average 3.1 successes; Difficulty 2 next turn") == []


def test_an_ordinal_takes_an_article() -> None:
    assert sentence_errors("Ana: Draw a second knife") == []
    assert sentence_errors("a two successes") == [
        "'a' before 'two', which takes no article (the engine's words)"]


def test_the_reader_reads_the_engine_s_sentences_on_a_card() -> None:
    page = """# Tallies

```rules-example title="A tally"
>>> from rules_core.explain import Explanation
>>> class Tally:
...     def explain(self) -> Explanation:
...         return Explanation(title="Tally", lines=("Nothing cancels Rook's 0 successes.",))
>>> Tally()  # doctest: +ELLIPSIS
<...>
```
"""
    reading = read_page("docs/verses/p.md", page, 2)
    assert [(stale.kind, stale.text, stale.rerolls) for stale in reading.stale] == [
        ("engine", "Nothing cancels Rook's 0 successes.", ("the documented roll",))]

"""Dice written in the prose are rolled exactly as written: what the Markdown extension marks
(site_plugins/examples/site/dice_markdown.py) is read whole by the grammar
(site_plugins/examples/cards/dice_grammar.py) and rolled whole by the answer
(site_plugins/examples/cards/dice_notation.py); what cannot be rolled whole stays text, and a
limit that leaves text unmarked says so. Checked form by form, and against
a corpus of real rules prose (tests/samples/dice_prose_srd.txt, reviewed by hand)."""

from __future__ import annotations

import doctest
import html
import json
import logging
import re

import markdown
import pytest

from rules_core.dice import RandomDice
from rules_core.explain import roll_view
from rules_core.procedure import Procedure
from site_plugins.examples.cards import dice_grammar
from site_plugins.examples.cards.dice_grammar import (
    MAX_TEXT,
    DiceLimitError,
    DiceNotationError,
    read_dice,
)
from site_plugins.examples.cards.dice_notation import dice_answer
from site_plugins.examples.cards.render_views import render_roll
from site_plugins.examples.site.dice_markdown import DiceMarkdown
from tests.conftest import SAMPLES

MARK = re.compile(r'<span class="rx-dice-notation" data-rx-dice="([^"]*)">([^<]*)</span>')
LOGGER = "mkdocs.plugins.rules-examples"


def marks(text: str, *extensions: object) -> list[tuple[str, str]]:
    """Each mark the extension makes in ``text``: (as written, what a click rolls)."""
    converted = markdown.Markdown(extensions=[*extensions, DiceMarkdown()]).convert(text)
    return [(html.unescape(written), html.unescape(rolls))
            for rolls, written in MARK.findall(converted)]


def answer(text: str, seed: int = 7) -> dict[str, object]:
    reply = json.loads(dice_answer(json.dumps({"dice": text}), seed))
    assert isinstance(reply, dict)
    return reply


# Accepted forms: each is marked whole, and rolls what it says.

@pytest.mark.parametrize(("text", "expected"), [
    ("A dart deals 1d4 + 1 force damage.", [("1d4 + 1", "1d4 + 1")]),
    ("You regain 2d4 + 2 hit points.", [("2d4 + 2", "2d4 + 2")]),
    ("Roll 2d6 + 3 Agility against it.", [("2d6 + 3", "2d6 + 3")]),
    ("A deck is missing 1d20 - 1 cards.", [("1d20 - 1", "1d20 − 1")]),
])
def test_a_number_followed_by_a_word_is_still_added(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


def test_a_word_between_two_numbers_added_is_read_past() -> None:
    assert marks("Roll 2d6 + 3 Agility + 2 Brawn.") == [("2d6 + 3 Agility + 2", "2d6 + 3 + 2")]


@pytest.mark.parametrize(("text", "expected"), [
    ("It takes 1d4 × 10 years.", [("1d4 × 10", "1d4 × 10")]),
    ("It holds 2d4 x 10 gp.", [("2d4 x 10", "2d4 × 10")]),
    ("It holds 1d4×10 gp.", [("1d4×10", "1d4 × 10")]),
    ("It holds 3d6 X10 sp.", [("3d6 X10", "3d6 × 10")]),
    ("It is off by 1d10 x 1d10 percent.", [("1d10 x 1d10", "1d10 × 1d10")]),
    ("It holds 2d6 × 1,000 gp.", [("2d6 × 1,000", "2d6 × 1000")]),
])
def test_dice_multiplied_are_marked_with_their_multiplier(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Roll a d20.", [("d20", "1d20")]),
    ("The DM rolls d100 and consults the table.", [("d100", "1d100")]),
    ("Roll a d6 for each.", [("d6", "1d6")]),
    ("Roll d% on the table.", [("d%", "1d100")]),
    ("| d10 | Damage Type |", [("d10", "1d10")]),
    ("Roll a d4 and add the number rolled to the attack roll.", [("d4", "1d4")]),
    ("It rolls a d6 and subtracts the number rolled.", [("d6", "1d6")]),
    ("The tied characters roll a d10 each.", [("d10", "1d10")]),
])
def test_a_bare_die_is_one_die(text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("It deals 1d8 + 2d6 + 3 damage.", [("1d8 + 2d6 + 3", "1d8 + 2d6 + 3")]),
    ("It deals 2d6 − 1 damage.", [("2d6 − 1", "2d6 − 1")]),
    ("It deals 2d6-1 damage.", [("2d6-1", "2d6 − 1")]),
    ("It deals 3d6+2 damage.", [("3d6+2", "3d6 + 2")]),
    ("It deals d20 + d4 damage.", [("d20 + d4", "1d20 + 1d4")]),
    ("It deals 2d6 − 1d4 damage.", [("2d6 − 1d4", "2d6 − 1d4")]),
])
def test_sums_of_dice_and_numbers_are_marked_whole(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


def test_a_bracketed_sum_multiplied_is_marked_with_its_brackets() -> None:
    assert marks("It ages (1d4 + 1) × 10 years.") == [("(1d4 + 1) × 10", "(1d4 + 1) × 10")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Hit: 7 (1d8 + 3) piercing damage.", [("1d8 + 3", "1d8 + 3")]),
    ("Hit Points 676 (33d20 + 330)", [("33d20 + 330", "33d20 + 330")]),
    ("It grows at 5th level (2d8 or 2d12).", [("2d8", "2d8"), ("2d12", "2d12")]),
    ("It deals 1d6 (2d6 if charging) damage.", [("1d6", "1d6"), ("2d6", "2d6")]),
])
def test_dice_in_brackets_alone_are_marked_inside_them(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Roll 3D6 for it.", [("3D6", "3d6")]),
    ("It deals +1d6 fire damage.", [("1d6", "1d6")]),
    ("Roll **2d6 + 3**, or *1d6*, or _2d4_.", [("2d6 + 3", "2d6 + 3"), ("1d6", "1d6"),
                                                ("2d4", "2d4")]),
    ("Roll 2d6\n+ 3 on a soft line break.", [("2d6\n+ 3", "2d6 + 3")]),
])
def test_capitals_bonuses_emphasis_and_line_breaks_are_read(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert marks(text) == expected


# Refused forms: nothing is marked where a click could not roll what the sentence means.

@pytest.mark.parametrize("text", [
    "Halve it: 2d6 ÷ 2.",
    "It deals 1d6 × your level.",
    "It deals 1d6 x your level.",
    "It deals (1d6 + 2) / 2.",
    "It deals 1d6/2.",
    "The GM rolls 2d6 + DV.",
    "One die, 1d10 + the Initiative modifier.",
    "It regains 1d8 + your spellcasting ability modifier.",
    "It deals 2d6 plus your Strength modifier.",
    "It rolls 2d6 expert + 2 Brawn + 1 sword.",
    "It rolls 2d6 + 3 Agility + DV.",
    "It rolls 1d6 [4] + 3 Agility = 7.",
    "It deals 1d4 + 1 × 10.",
    "It deals 2d6 + 1.5 damage.",
    "It deals 2d6 + 10% more.",
    "It deals 2d6 – 1 damage.",
    "The GM rolls 2d6 and adds the DV.",
    "Roll 2d6, and then add 3.",
    "Initiative: who rolled 1d10 (roll) and adds modifier.",
])
def test_dice_that_the_sentence_goes_on_computing_are_not_marked(text: str) -> None:
    assert marks(text) == []


@pytest.mark.parametrize("text", [
    "Roll 4d6 and drop the lowest.",
    "Roll 2d20 and use the higher.",
    "An expert's 2d6 + 3, rerolling 1s and 2s.",
    "Rolls 2d6 and rolls again any die showing 1 or 2.",
    "Expert: 2d6, and any die showing 1 or 2 is rolled again.",
    "Expertise: 2d6, every 1 and 2 rerolled until it shows 3 or more.",
])
def test_dice_the_sentence_reads_another_way_than_their_sum_are_not_marked(text: str) -> None:
    assert marks(text) == []


def test_a_reroll_of_something_else_leaves_the_dice_marked() -> None:
    assert marks("It takes 3d10 force damage, and the DM rerolls on the table.") == [
        ("3d10", "3d10")]


@pytest.mark.parametrize("text", [
    "It deals 5 + 1d6 damage.",
    "It deals DV+2d6 damage.",
    "It deals STR + 1d6 damage.",
    "It deals 10 x 1d6 damage.",
    "It deals 3*2d6 damage.",
    "It deals 2 plus 1d6 damage.",
    "It costs −1d6 hit points.",
    "It costs - 1d6 hit points.",
])
def test_dice_that_the_text_before_adds_to_or_multiplies_are_not_marked(text: str) -> None:
    assert marks(text) == []


@pytest.mark.parametrize("text", [
    "Roll both d20s.", "Roll 1d6s.", "A d20-based game.", "The d20's face.", "Version v1.2d6.",
    "Colour #3d6b8a.", "Hash md5.", "Play d&d and D&D.", "The D20 Modern book.",
    "Dated 2024-1d6.", "It is 1.5d6.", "It is 3d6b.", "It is 2d6x.", "A d1 and 0d6.",
])
def test_dice_inside_words_numbers_or_capitals_are_not_marked(text: str) -> None:
    assert marks(text) == []


@pytest.mark.parametrize("text", [
    "An actor rolls a number of d6.", "Roll as many d6 as the rating.", "Roll two d6.",
    "It takes 6 d10 slashing damage.", "Pools of d10s.", "A game of d10 pools.",
    "The d20 system.", "Summed d6 tests.", "Make a d20 roll.", "The d20 library's tree.",
    "d100 Race",
])
def test_a_bare_die_that_names_a_kind_of_die_is_not_marked(text: str) -> None:
    assert marks(text) == []


def test_misprints_of_dice_are_not_marked() -> None:
    assert marks("taking 72 (l6d8) cold damage; Hit: 24 (3d1O + 8); Hit: 6 (1 d6 + 3)") == []


# The limits: real rules text fits, and text past a limit is left and named at INFO.

def test_thirty_three_d20_plus_330_is_marked() -> None:
    assert marks("Hit Points 676 (33d20 + 330)") == [("33d20 + 330", "33d20 + 330")]


@pytest.mark.parametrize("text", [
    "100d6", "1d1000", "2d6 + 1000", "2d6 × 1000", "50d6 + 50d6",
    "1d6 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1",
])
def test_the_largest_expressions_within_the_limits_are_marked(text: str) -> None:
    assert marks(f"Roll {text}.") == [(text, read_dice(text).text)]


@pytest.mark.parametrize(("text", "logged"), [
    ("101d6", "'101d6' rolls 101 dice, more than the 100 this site rolls at once"),
    ("51d6 + 50d6", "'51d6 + 50d6' rolls 101 dice, more than the 100 this site rolls at once"),
    ("1d1001", "'1d1001' has a d1001, past the most sides a die has here, 1000"),
    ("2d6 + 1001", "'2d6 + 1001' has the number 1001, past the largest this site adds or "
                   "multiplies by, 1000"),
    ("1d6 × 10,000", "'1d6 × 10,000' has the number 10000, past the largest this site adds "
                     "or multiplies by, 1000"),
    ("1d6 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1",
     "'1d6 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1' has more than 10 dice and numbers"),
    ("(1d4 + (1d6 + 1)) × 2", "'(1d4 + (1d6' has brackets inside brackets: this site reads "
                              "one pair"),
])
def test_text_past_a_limit_is_not_marked_and_the_build_says_which_limit(
        text: str, logged: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger=LOGGER):
        assert marks(f"Roll {text} now.") == []
    assert [(r.name, r.levelno, r.getMessage()) for r in caplog.records] == [
        (LOGGER, logging.INFO, f"dice in the prose left as text: {logged}")]


def test_text_refused_for_its_form_is_not_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger=LOGGER):
        assert marks("The GM rolls 2d6 + DV, both d20s and 6 d10.") == []
    assert caplog.records == []


# What the extension never touches.

@pytest.mark.parametrize("text", [
    "Roll `2d6 + 3`.",
    "Roll ``2d4 + 2`` here.",
    "See [roll 2d6](rolling.md).",
    "See <https://example.org/2d6>.",
    'See <a href="rolling.md">roll 2d6</a>.',
    'Bound <span class="rx-bound" data-rx-bound="0">10d6</span> here.',
    "Roll <code>1d6</code> here.",
    "    2d6 + 3 in a code block",
])
def test_code_links_and_bound_values_are_never_marked(text: str) -> None:
    assert marks(text) == []


def test_a_mark_already_made_is_not_marked_again() -> None:
    made = '<p>Roll <span class="rx-dice-notation" data-rx-dice="2d6">2d6</span>.</p>'
    converted = markdown.Markdown(extensions=[DiceMarkdown()]).convert(made[3:-4])
    assert converted == made


def test_a_mark_is_not_read_again_by_later_patterns() -> None:
    text = "Roll a d20.\n\n*[d20]: a twenty-sided die"
    assert marks(text, "abbr") == [("d20", "1d20")]


def test_marks_after_a_refused_expression_are_still_made() -> None:
    assert marks("2d6 + DV, then 1d4 + 1 force, then 2d6 ÷ 2, then d20.") == [
        ("1d4 + 1", "1d4 + 1"), ("d20", "1d20")]


# read_dice: the browser reads a click's text again, with the same grammar and limits.

@pytest.mark.parametrize("text", [
    "2d6", "1d20", "2d6 + 3", "2d6 − 1", "1d4 × 10", "(1d4 + 1) × 10", "1d8 + 2d6 + 3",
    "1d10 × 1d10", "2d6 + 3 + 2", "33d20 + 330", "2d6 − 2d4", "(2d4 + 1d6) × 2",
])
def test_an_expression_reads_back_as_itself(text: str) -> None:
    expression = read_dice(text)
    assert expression.text == text
    assert read_dice(expression.text) == expression


@pytest.mark.parametrize(("text", "normal"), [
    ("d%", "1d100"), ("3D6+2", "3d6 + 2"), ("2d4 x 10", "2d4 × 10"), ("2d6-1", "2d6 − 1"),
    ("(1d8 + 3)", "1d8 + 3"), ("  1d6  ", "1d6"), ("2d6 × 1,000", "2d6 × 1000"),
])
def test_read_dice_writes_what_it_reads_the_way_a_rules_text_does(text: str,
                                                                  normal: str) -> None:
    assert read_dice(text).text == normal


@pytest.mark.parametrize(("text", "error", "message"), [
    ("2d6 + DV", DiceNotationError, "'2d6 + DV' goes on with what is not dice or a number"),
    ("2d6 ÷ 2", DiceNotationError, "'2d6 ÷' goes on with what is not dice or a number"),
    ("2d6 + 3 Agility", DiceNotationError,
     "'2d6 + 3 Agility' goes on with what is not dice or a number"),
    ("1d4 + 1 × 10", DiceNotationError,
     "'1d4 + 1 × 10' multiplies a number: write the dice first, or brackets"),
    ("d20s", DiceNotationError, "'d20s' goes on with what is not dice or a number"),
    ("D20", DiceNotationError, "'D20' is not dice written as 2d6 or 1d10 + 4"),
    ("1d1", DiceNotationError, "'1d1' has a d1, which is no die"),
    ("101d6", DiceLimitError, "'101d6' rolls 101 dice, more than the 100 this site rolls at "
                              "once"),
    ("1d1001", DiceLimitError, "'1d1001' has a d1001, past the most sides a die has here, "
                               "1000"),
    ("1d6 + " + "1" * 12, DiceLimitError, "'1d6 + 111111111111' has the number 1000000000, "
                                          "past the largest this site adds or multiplies by, "
                                          "1000"),
])
def test_read_dice_refuses_what_the_prose_refuses_saying_why(
        text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as refused:
        read_dice(text)
    assert str(refused.value) == message


def test_read_dice_refuses_text_longer_than_it_reads() -> None:
    with pytest.raises(DiceLimitError) as refused:
        read_dice("1d6 " + " " * MAX_TEXT)
    assert str(refused.value) == (f"'1d6 {' ' * 16}'… is longer than the {MAX_TEXT} "
                                  "characters of dice this site reads")


def test_the_grammar_examples_are_true() -> None:
    results = doctest.testmod(dice_grammar, optionflags=doctest.ELLIPSIS)
    assert results.attempted == 3 and results.failed == 0


# The answer: the dice drawn, each number added, taken away or multiplied, and the total.

def rolled(count: int, sides: int, dice: RandomDice) -> tuple[str, list[int]]:
    """The dice the answer draws for ``count``d``sides`` from ``dice``, and their faces."""
    roll = Procedure(count, sides).roll(dice)
    return render_roll(roll_view(f"{count}d{sides}", roll)), [d.face for d in roll.dice]


def term(text: str) -> str:
    return f'<span class="rx-dice-term">{text}</span>'


def test_the_answer_shows_the_number_added_and_the_total() -> None:
    drawn, [face] = rolled(1, 4, RandomDice(seed=7))
    assert answer("1d4 + 1") == {
        "html": drawn + term("+") + term("1"),
        "total": face + 1,
        "announcement": f"1d4 + 1: {face} + 1 = {face + 1} (on average 3.5).",
    }


def test_the_answer_shows_the_multiplier_and_the_total() -> None:
    drawn, [face] = rolled(1, 4, RandomDice(seed=7))
    assert answer("1d4 × 10") == {
        "html": drawn + term("×") + term("10"),
        "total": face * 10,
        "announcement": f"1d4 × 10: {face} × 10 = {face * 10} (on average 25).",
    }


def test_the_answer_brackets_a_sum_multiplied() -> None:
    drawn, [face] = rolled(1, 4, RandomDice(seed=7))
    assert answer("(1d4 + 1) × 10") == {
        "html": term("(") + drawn + term("+") + term("1") + term(")") + term("×")
        + term("10"),
        "total": (face + 1) * 10,
        "announcement": f"(1d4 + 1) × 10: ({face} + 1) × 10 = {(face + 1) * 10} "
                        "(on average 35).",
    }


def test_the_answer_shows_each_dice_term_apart() -> None:
    dice = RandomDice(seed=7)
    (two_d6, [a, b]), (one_d4, [c]) = rolled(2, 6, dice), rolled(1, 4, dice)
    assert answer("2d6 + 1d4 + 2") == {
        "html": two_d6 + term("+") + one_d4 + term("+") + term("2"),
        "total": a + b + c + 2,
        "announcement": f"2d6 + 1d4 + 2: ({a} + {b}) + {c} + 2 = {a + b + c + 2} "
                        "(on average 11.5).",
    }


def test_the_answer_takes_away_dice_in_brackets() -> None:
    dice = RandomDice(seed=7)
    (_, [a, b]), (_, [c, d]) = rolled(2, 6, dice), rolled(2, 4, dice)
    reply = answer("2d6 − 2d4")
    assert reply["total"] == a + b - c - d
    assert reply["announcement"] == (f"2d6 − 2d4: ({a} + {b}) − ({c} + {d}) = {a + b - c - d} "
                                     "(on average 2).")


def test_the_answer_for_one_die_is_its_face() -> None:
    _, [face] = rolled(1, 20, RandomDice(seed=7))
    assert answer("d20")["announcement"] == f"1d20: {face} (on average 10.5)."


def test_the_answer_for_dice_without_a_modifier_adds_their_faces() -> None:
    _, [a, b] = rolled(2, 6, RandomDice(seed=7))
    assert answer("2d6")["announcement"] == f"2d6: {a} + {b} = {a + b} (on average 7)."


def test_the_answer_rolls_thirty_three_d20_and_adds_330() -> None:
    _, faces = rolled(33, 20, RandomDice(seed=7))
    reply = answer("33d20 + 330")
    assert reply["total"] == sum(faces) + 330
    assert str(reply["announcement"]).endswith(f"+ 330 = {sum(faces) + 330} "
                                               "(on average 676.5).")


def test_the_answer_refuses_what_it_cannot_roll_whole() -> None:
    assert answer("2d6 + DV") == {
        "error": "'2d6 + DV' goes on with what is not dice or a number"}


# The corpus of real rules prose: every line marked as reviewed.

CORPUS = SAMPLES / "dice_prose_srd.txt"


def corpus() -> list[tuple[int, str, list[tuple[str, str]]]]:
    """Each entry of the corpus: its line number, its prose, and the marks reviewed."""
    entries: list[tuple[int, str, list[tuple[str, str]]]] = []
    lines = CORPUS.read_text(encoding="utf-8").split("\n")
    for number, line in enumerate(lines, 1):
        if not line.startswith("=> "):
            continue
        shown = line[3:]
        expected = [] if shown == "nothing" else [
            (mark.split(" → ")[0], mark.split(" → ")[-1]) for mark in shown.split(" | ")]
        entries.append((number - 1, lines[number - 2], expected))
    return entries


def test_the_corpus_has_its_lines_and_marks() -> None:
    entries = corpus()
    assert (len(entries), sum(len(marked) for _, _, marked in entries),
            sum(1 for _, _, marked in entries if not marked)) == (331, 374, 18)


def test_every_line_of_the_corpus_is_marked_as_reviewed() -> None:
    wrong = [f"{CORPUS.name}:{number}: {prose}\n  expected {expected}\n  marked   {marks(prose)}"
             for number, prose, expected in corpus() if marks(prose) != expected]
    assert not wrong, "\n".join(wrong)


def test_every_mark_of_the_corpus_reads_back_as_what_it_rolls() -> None:
    for _, _, expected in corpus():
        for _, rolls in expected:
            assert read_dice(rolls).text == rolls

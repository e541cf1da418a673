"""How a bound value reads: the format comes from the text the author wrote."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_core.outcome import Outcome
from site_plugins.examples.language.bound_values import (
    Binding,
    BoundTextError,
    bound_text,
    counted_noun_after,
    evaluate,
    written_number,
)


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("21", 18, "18"),
    ("21", -2, "-2"),
    ("+2", 3, "+3"),
    ("+2", 0, "+0"),
    ("+2", -1, "-1"),
    ("−1", -4, "−4"),
    ("1,200", 950, "950"),
    ("1,200", 12500, "12,500"),
    ("2.5", 3, "3.0"),
    ("32.0%", Fraction(1678, 2187), "76.7%"),
    ("3rd", 12, "12th"),
    ("3rd", 21, "21st"),
])
def test_a_number_in_digits_reads_as_written(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("three", 2, "two"),
    ("Three", 21, "Twenty-one"),
    ("three", 0, "none"),  # a number without its noun: "Mara's none", not "Mara's zero"
    ("no", 0, "no"),
    ("none", 3, "three"),
    ("twenty-one", 40, "forty"),
    ("three", 120, "120"),
    ("third", 1, "first"),
    ("third", 30, "30th"),
])
def test_a_number_in_words_reads_in_words(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("three degrees", 1, "one degree"),
    ("three degrees", 0, "no degrees"),
    ("one degree", 2, "two degrees"),
    ("1 die", 3, "3 dice"),
    ("3 dice", 1, "1 die"),
    ("a success", 2, "two successes"),
    ("two successes", 1, "one success"),
    ("an extra die", 1, "an extra die"),
    ("one threshold success", 3, "three threshold successes"),
    ("3 injuries", 1, "1 injury"),
    ("1 injury", 2, "2 injuries"),
    ("2 sixes", 1, "1 six"),
    ("3 damage", 1, "1 damage"),
    ("1 AD", 4, "4 AD"),
    ("2 Health", 1, "2 Health".replace("2", "1")),
    ("2 Wounds", 1, "1 Wound"),
    ("two in all", 3, "three in all"),
])
def test_the_noun_after_a_number_agrees_with_it(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("6 4 3 3 2 1 5", (5, 5, 2), "5 5 2"),
    ("6", [4, 1], "4 1"),
    ("Tam and Bo", ["Ana", "Tam", "Bo"], "Ana, Tam and Bo"),
    ("Tam, Bo, and Ana", ["Ana", "Tam"], "Ana and Tam"),
    ("6, 4 and 3", [6, 2, 1, 1], "6, 2, 1 and 1"),
    ("Tam or Bo", ["Ana", "Gorm"], "Ana or Gorm"),
    ("Tam and Bo", [], "none"),
])
def test_faces_and_lists_read_as_written(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("yes", False, "no"),
    ("No", True, "Yes"),
    ("success", Outcome.FAILURE, "failure"),
    ("Success", "failure", "Failure"),
    ("Edric", "Gorm", "Gorm"),
])
def test_flags_and_text_read_in_their_own_words(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


def test_a_name_is_read_from_what_has_one() -> None:
    class Character:
        name = "Edric"

    assert bound_text(Character(), "Gorm") == "Edric"


@pytest.mark.parametrize(("written", "value", "says"), [
    ("hits", True, "only as 'yes' or 'no'"),
    ("Edric", 3, "does not start with a number"),
    ("21", "Edric", None),  # text is text: read as the value's words
    ("21", 2.5, "write as many decimals"),
    ("6 4 3", ["a", "b"], "not only whole numbers"),
    ("21", print, "a function or method, not a value"),
])
def test_a_value_that_cannot_be_written_so_says_why(written: str, value: Any,
                                                    says: str | None) -> None:
    if says is None:
        assert bound_text(value, written) == "Edric"
        return
    with pytest.raises(BoundTextError, match=says):
        bound_text(value, written)


def test_an_expression_reads_the_namespace_and_underscore() -> None:
    binding = Binding(3, "12", "_ - bonus")
    assert evaluate(binding, {"bonus": 9}, shown=21).text == "12"


def test_an_expression_cannot_roll() -> None:
    bound = evaluate(Binding(3, "1", "rolled('6')"), {"rolled": print})
    assert bound.raised == "NameError" and "rolled" in bound.error


def test_a_misspelt_attribute_lists_the_ones_there_are() -> None:
    class Result:
        total = 21

    bound = evaluate(Binding(3, "21", "_.totl"), {}, shown=Result())
    assert bound.raised == "AttributeError" and "(it has: total)" in bound.error


def test_an_expression_that_exits_is_an_error_not_an_exit() -> None:
    bound = evaluate(Binding(3, "1", "exit()"), {"exit": exit})
    assert bound.raised == "SystemExit"


@pytest.mark.parametrize(("word", "number"), [
    ("three", 3), ("Twenty-one", 21), ("no", 0), ("a", 1), ("12", 12), ("-3", -3),
    ("third", 3), ("3rd", 3), ("dice", None), ("2.5", None),
])
def test_the_number_a_word_stands_for(word: str, number: int | None) -> None:
    assert written_number(word) == number


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("a 7", 8, "an 8"),
    ("an 8", 7, "a 7"),
    ("A 7", 11, "An 11"),
    ("a 7", 1100, "a 1100"),
    ("a failure", Outcome.EXCEPTIONAL_SUCCESS, "an exceptional success"),
    ("An exceptional success", "failure", "A failure"),
    ("A solid hit", "An awful miss", "An awful miss"),
    ("10d6", 8, "8d6"),
    ("no success", 2, "two successes"),
])
def test_articles_and_pools_read_as_written(written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


def test_a_text_longer_than_a_run_keeps_is_cut_counted_and_never_matches() -> None:
    ran = evaluate(Binding(1, "2", "x"), {"x": "2" * 50}, kept=10)
    assert (ran.text, ran.size, ran.matches) == ("2" * 10, 50, False)


def test_an_error_longer_than_a_run_keeps_is_cut_and_counted() -> None:
    ran = evaluate(Binding(1, "2", "{}[x]"), {"x": "k" * 50}, kept=20)
    assert (ran.error, ran.size, ran.raised) == ("KeyError: 'kkkkkkkkk", 62, "KeyError")


# ---- the grammar of bound text: a test per rule --------------------------------------------


@pytest.mark.parametrize(("written", "value", "reads"), [
    ("a success", "no success", "no success"),
    ("A marginal and a critical failure", "Two Cunning tests", "Two Cunning tests"),
    ("A fumble: every die a one", "No fumble: not every die a one",
     "No fumble: not every die a one"),
    ("a critical", "no critical", "no critical"),
    ("a tie between a PC and an SGC", "the giant's slot comes first",
     "the giant's slot comes first"),
    ("A hit", "every blow", "Every blow"),
    ("a failure", "3 successes short", "3 successes short"),
])
def test_no_article_goes_before_a_text_that_brings_a_determiner_or_a_number(
        written: str, value: Any, reads: str) -> None:
    assert bound_text(value, written) == reads


@pytest.mark.parametrize(("written", "after", "noun"), [
    ("four", " standing successes stop all 2", "standing successes"),
    ("two", " dice fewer, and it fights on", "dice"),
    ("Two", " ones, **Strike Ally**", "ones"),
    ("one", "** success and is rolled again", "success"),
    ("a", " bonus die are a", "bonus die"),
])
def test_a_number_bound_without_the_noun_it_counts_is_found(written: str, after: str,
                                                             noun: str) -> None:
    assert counted_noun_after(written, after) == noun


@pytest.mark.parametrize(("written", "after"), [
    ("third", " grapple of the chain"),  # an ordinal counts nothing
    ("3", " damage, less the armor"),  # damage is measured, not counted
    ("two", " of the dice"),  # "of" stands between
    ("4", " sprays 2"),  # no noun the rules count
    ("two dice", " fewer"),  # the noun is bound with it
    ("32.0%", " of the time"),
])
def test_a_number_with_nothing_to_agree_outside_its_brackets_is_left_alone(
        written: str, after: str) -> None:
    assert counted_noun_after(written, after) == ""

"""Shared words: counts of things, and whole numbers an author typed."""

from __future__ import annotations

import pytest

from rules_core.errors import RulesError
from rules_core.words import amount, cancelling_line, count, is_whole, noun, verb_s, whole


@pytest.mark.parametrize(("n", "singular", "expected"), [
    (1, "die", "1 die"), (3, "die", "3 dice"), (0, "success", "0 successes"),
    (2, "six", "2 sixes"), (1, "round", "1 round"), (2, "round", "2 rounds"),
])
def test_count_says_the_number_and_the_right_noun(n: int, singular: str, expected: str) -> None:
    assert count(n, singular) == expected


def test_a_noun_and_a_verb_agree_with_their_number() -> None:
    assert (noun(2, "die"), noun(2, "cactus", "cacti")) == ("dice", "cacti")
    assert (verb_s(1, "cancel"), verb_s(2, "cancel")) == ("cancels", "cancel")


@pytest.mark.parametrize("value", [-1, 1.5, "2", True, None])
def test_whole_refuses_anything_but_a_whole_number_in_range(value: object) -> None:
    assert not is_whole(value)
    with pytest.raises(RulesError, match=rf"AD spent must be a whole number, 0 or more, "
                                         rf"not {value!r}"):
        whole(value, "AD spent")


def test_whole_gives_back_the_number_and_raises_the_error_named() -> None:
    assert whole(3, "lead", 1) == 3
    with pytest.raises(KeyError):
        whole(0, "lead", 1, error=KeyError)


def test_tries_are_counted_as_english_says() -> None:
    assert count(3, "try") == "3 tries" and count(1, "try") == "1 try"


def test_an_amount_says_none_as_a_sentence_does() -> None:
    assert amount(0, "threshold success", "threshold successes") == "no threshold successes"
    assert (amount(1, "die"), amount(2, "die")) == ("1 die", "2 dice")


def test_the_cancelling_line_reads_for_every_count() -> None:
    assert cancelling_line("Mara", 0, 0, 0) == "Mara has no successes to cancel."
    assert cancelling_line("Mara", 2, 0, 2) == "Nothing cancels Mara's 2 successes: 2 net."
    assert cancelling_line("Mara", 2, 1, 1) == "1 success of Mara's 2 is cancelled: 1 net."
    assert cancelling_line("Mara", 2, 2, 0) == (
        "2 successes of Mara's 2 are cancelled: no net successes.")

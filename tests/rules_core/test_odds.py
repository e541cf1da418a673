"""Exact odds: known answers, the words a card shows, and the limits of exactness."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import odds_text
from rules_core.odds import LIMIT, Answer, OddsUnavailable, answer, distribution
from rules_core.odds_text import describe
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    KeepHighest,
    KeepLowest,
    Procedure,
    RerollWhile,
    Total,
)
from rules_core.question import AtLeast, NoOdds, Repeated, Settled, Wins, each

SIX_D6 = Procedure(6, 6, (), CountAtLeast(5))
EXPERT_D6 = Procedure(1, 6, (RerollWhile(frozenset({1, 2})),), Total())
TEN_AGAIN = Procedure(1, 10, (Explode(frozenset({10})),), CountAtLeast(8))


def test_tam_s_first_punch_reads_thirty_two_percent() -> None:
    assert describe(AtLeast(SIX_D6, 3, who="Tam", event="enough for 3 damage")) == (
        "Tam's chance of 3 or more successes on 6d6, enough for 3 damage: 32.0% (233/729); on "
        "average 2 successes")


def test_an_expert_die_is_even_on_three_to_six() -> None:
    assert distribution(EXPERT_D6) == {f: Fraction(1, 4) for f in (3, 4, 5, 6)}
    found = answer(AtLeast(EXPERT_D6, 5))
    assert found is not None and (found.low, found.mean) == (Fraction(1, 2), Fraction(9, 2))


def test_a_reroll_limit_gathers_the_refused_rolls() -> None:
    limited = distribution(EXPERT_D6, limit=1)
    assert limited[LIMIT] == Fraction(1, 9) and limited[3] == Fraction(2, 9)
    assert sum(limited.values()) == 1


def test_keeping_the_highest_matches_a_hand_count() -> None:
    two_of_three = distribution(Procedure(3, 6, (KeepHighest(2),), Total()))
    assert two_of_three[12] == Fraction(16, 216)  # at least two sixes
    assert distribution(Procedure(3, 6, (KeepLowest(1),), Total()))[6] == Fraction(1, 216)


def test_the_lowest_reading_shown_gives_its_own_chance_not_certainty() -> None:
    assert describe(AtLeast(SIX_D6, 0, shown=True)).startswith(
        "The chance of no successes on 6d6, this result: 8.8% (64/729)")


def test_a_total_says_a_total() -> None:
    text = describe(AtLeast(Procedure(2, 6, (), Total(3), "2d6 + 3"), 12))
    assert text == "The chance of a total of 12 or more on 2d6 + 3: 27.8% (5/18); on average 10"


def test_the_lowest_total_is_said_to_be_the_lowest() -> None:
    text = describe(AtLeast(Procedure(2, 6, (), Total(3), "2d6 + 3"), 5, who="Issvisk",
                            shown=True))
    assert text.startswith("Issvisk's chance of a total of exactly 5 (the lowest possible) on "
                           "2d6 + 3, this result: 2.8% (1/36)")


def test_a_repeated_chance_says_what_it_is_of() -> None:
    assert describe(each(AtLeast(SIX_D6, 3, who="Tam"), "round")).startswith(
        "Each round, Tam's chance of 3 or more successes on 6d6: 32.0%")
    assert describe(each(Wins("A", SIX_D6, "B", SIX_D6, 1), "round")).startswith(
        "Each round, A's chance of more successes than B: ")


def test_so_many_successes_in_so_many_tries_is_a_binomial_tail() -> None:
    coin = Wins("A", Procedure(1, 2), "B", Procedure(0, 2, (), Total(1)), 1, per="attempt")
    whole = Repeated(coin, 2, 3, "the whole task done")
    found = answer(whole)
    assert found is not None and found.low == Fraction(1, 2)  # 3 of 8 with two, 1 with three
    assert describe(whole) == (
        "A's chance of 2 or more successful attempts out of 3, the whole task done: 50.0% (1/2)")


def test_exploding_successes_at_least_n_are_exact() -> None:
    # 1d10, 8+ succeeds, 10 again: two or more successes need a 10, then an 8 or more;
    # each die is worth 3/10 of a success and gives another die 1/10 of the time.
    found = answer(AtLeast(TEN_AGAIN, 2))
    assert found is not None and found.exact
    assert found.low == Fraction(1, 10) * Fraction(3, 10)
    assert found.mean == Fraction(3, 10) / (1 - Fraction(1, 10))


def test_an_exploding_roll_has_no_finite_distribution_without_a_limit() -> None:
    with pytest.raises(OddsUnavailable):
        distribution(TEN_AGAIN)
    limited = distribution(TEN_AGAIN, limit=2)
    assert limited[LIMIT] == Fraction(1, 1000) and sum(limited.values()) == 1


def test_a_contest_between_exploding_rolls_is_bounded_exactly() -> None:
    pool = Procedure(3, 10, (Explode(frozenset({10})),), CountAtLeast(8))
    found = answer(Wins("A", pool, "B", pool, 1))
    assert found is not None and not found.exact
    assert 0 < found.high - found.low < Fraction(1, 10**9)
    assert "%" in odds_text.chance(found) and "/" not in odds_text.chance(found)


def test_a_plain_contest_is_exact() -> None:
    found = answer(Wins("A", Procedure(1, 6), "B", Procedure(1, 6), 0))
    assert found is not None and found.low == Fraction(21, 36)
    tie_fails = Wins("A", Procedure(1, 6), "B", Procedure(1, 6), 1, "a tie is not enough")
    assert describe(tie_fails) == (
        "A's chance of a total beating B (a tie is not enough): 41.7% (5/12)")


def test_a_rule_that_keeps_no_face_has_no_odds() -> None:
    stuck = Procedure(1, 6, (RerollWhile(frozenset(range(1, 7))),), Total())
    assert answer(AtLeast(stuck, 1)) is None
    assert describe(AtLeast(stuck, 1)).endswith("no exact odds for this roll.")


def test_settled_and_no_odds_questions_say_so() -> None:
    assert describe(Settled("Soraya", "a hit", False, "she is sprinting")) == (
        "Soraya's chance of a hit: 0% (never); she is sprinting.")
    assert describe(NoOdds("the chase", "only each round's odds are worked out")) == (
        "No odds for the chase: only each round's odds are worked out.")
    assert answer(NoOdds("x", "y")) is None


def test_answers_are_cached_by_question() -> None:
    assert answer(AtLeast(SIX_D6, 4)) is answer(AtLeast(SIX_D6, 4))


@pytest.mark.parametrize(("p", "text"), [
    (Fraction(0), "0% (never)"), (Fraction(1), "100% (always)"),
    (Fraction(1, 10**6), "under 0.1% (about 1 in 1,000,000)"), (Fraction(1, 3), "33.3% (1/3)"),
    (Fraction(1, 10**8), "under 0.1% (about 1 in 100,000,000)"),
    (Fraction(233, 729), "32.0% (233/729)"), (Fraction(9998, 9999), "over 99.9% (9998/9999)"),
    (Fraction(9176457, 10**7), "91.8%"), (Fraction(19473, 50000), "38.9%"),
    (Fraction(2083, 100000), "2.1% (about 1 in 48)"),
])
def test_chances_read_as_percentages(p: Fraction, text: str) -> None:
    assert odds_text.chance(Answer(p, p)) == text


def test_means_read_as_a_reader_reads_them() -> None:
    assert [odds_text.number(Fraction(n, d)) for n, d in ((2, 1), (21, 2), (7, 3))] == [
        "2", "10.5", "2.3"]


def test_a_value_below_every_reading_is_certain_not_the_lowest() -> None:
    # 4d10 with at least 4 successes guaranteed (a guard's roll): 3 or more is certain; the
    # lowest reading is 4, and only that has a chance of its own.
    from rules_core.procedure import CountAtLeast, Procedure
    floor = Procedure(4, 10, reading=CountAtLeast(8, minimum=4))
    assert ": 100% (always)" in describe(AtLeast(floor, 3))
    assert ": exactly 4" not in describe(AtLeast(floor, 3))

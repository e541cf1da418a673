"""The budget of exact odds (``rules_core.odds.BUDGET``): its edge, its words on a card, that
it is counted before the work and not timed, and that the rolls it refuses are refused quickly
(they once hung the build). These run in Pyodide too (tests/pyodide/test_parity.py), where
the edge must fall on the same rolls: the steps are counted, not timed (a fresh CPython
process with another hash seed: tests/site_plugins/test_odds_budget_build.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import odds
from rules_core.odds import (
    BUDGET,
    MAX_POOL_OUTCOMES,
    OddsTooLarge,
    OddsUnavailable,
    answer,
    distribution,
    too_large,
)
from rules_core.odds_text import TOO_LARGE, describe, says_too_large
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    Highest,
    KeepHighest,
    Procedure,
    Total,
)
from rules_core.question import AtLeast, NoOdds, Repeated, Settled, Wins

#: Three dice summed take sides² + (2 × (sides − 1) + 1) × sides steps: 1,996,752 for d816,
#: 2,001,650 for d817, on either side of the budget of 2,000,000.
JUST_UNDER = AtLeast(Procedure(3, 816), 1225, who="Ana")
JUST_OVER = AtLeast(Procedure(3, 817), 1227, who="Ana")
#: The issue's roll: 20d1000 summed, about 190 million steps.
TWENTY_D1000 = AtLeast(Procedure(20, 1000, reading=Total()), 9365, who="Ana")


def test_the_budget_is_two_million_steps() -> None:
    assert BUDGET == 2_000_000 and MAX_POOL_OUTCOMES == 200


def test_a_roll_just_under_the_budget_has_exact_odds() -> None:
    found = answer(JUST_UNDER)
    assert found is not None and found.exact and found.mean == Fraction(2451, 2)
    assert not too_large(JUST_UNDER)


def test_a_roll_just_over_the_budget_has_none() -> None:
    assert answer(JUST_OVER) is None
    assert too_large(JUST_OVER)


def test_the_edge_is_the_steps_counted_before_the_sum() -> None:
    import icepool

    d816, d817 = icepool.Die(range(1, 817)), icepool.Die(range(1, 818))
    assert odds._sum_steps(d816, 3) == 1_996_752 <= BUDGET < odds._sum_steps(d817, 3) == (
        2_001_650)


def test_a_card_past_the_budget_says_no_exact_odds_too_large() -> None:
    assert describe(JUST_OVER) == (
        "Ana's chance of a total of 1227 or more on 3d817: no exact odds for this roll (too "
        "large).")
    assert says_too_large(describe(JUST_OVER)) and TOO_LARGE == "(too large)"


def test_the_issue_s_roll_says_so_in_the_rules_words() -> None:
    assert describe(TWENTY_D1000) == (
        "Ana's chance of a total of 9365 or more on 20d1000: no exact odds for this roll (too "
        "large).")


def test_a_contest_past_the_budget_says_so() -> None:
    # Each 2d1000 takes 1,000,000 steps, their difference 1999 × 1999 more.
    contest = Wins("Ana", Procedure(2, 1000), "Bo", Procedure(2, 1000), 1)
    assert describe(contest) == (
        "Ana's chance of a total beating Bo: no exact odds for this contest (too large).")


def test_so_many_tries_of_a_roll_past_the_budget_say_so() -> None:
    task = Repeated(JUST_OVER, 2, 3, "The climb")
    assert too_large(task)
    assert describe(task).endswith(": no exact odds (too large).")


def test_a_roll_with_no_odds_for_another_reason_is_not_too_large() -> None:
    worthless_chain = Procedure(5, 10, (Explode(frozenset({1})),), CountAtLeast(8))
    question = AtLeast(worthless_chain, 2, who="Cy")
    assert answer(question) is None and not too_large(question)
    assert describe(question).endswith(": no exact odds for this roll.")
    assert not too_large(NoOdds("the chase", "each round only"))
    assert not too_large(Settled("Ana", "the leap", False, "she is bound"))


def test_a_roll_past_the_budget_is_refused_before_the_sum_is_begun(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import icepool

    def no_sum(*_: object) -> None:
        raise AssertionError("the sum was begun")

    monkeypatch.setattr(icepool.Die, "__rmatmul__", no_sum)
    question = AtLeast(Procedure(19, 1000), 9000)  # not asked elsewhere: not cached
    assert answer(question) is None and too_large(question)


def _work_done(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The steps each charge of an answer's meter let through (a refused charge is not
    work done): "at once" counted in steps, not timed."""
    done: list[int] = []
    charge = odds._Meter.charge

    def counted(meter: odds._Meter, steps: int, what: str) -> None:
        charge(meter, steps, what)
        done.append(steps)

    monkeypatch.setattr(odds._Meter, "charge", counted)
    return done


def test_the_issue_s_roll_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    odds._answer.cache_clear()
    done = _work_done(monkeypatch)
    assert too_large(TWENTY_D1000)  # it took minutes before the budget
    assert sum(done) <= odds.BUDGET // 100


def test_a_chain_that_never_settles_is_refused_at_once(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    question = AtLeast(Procedure(3, 1000, (Explode(frozenset({1})),), CountAtLeast(500)), 1)
    done = _work_done(monkeypatch)
    assert answer(question) is None  # it took a minute, for the same verdict
    assert sum(done) <= odds.BUDGET


@pytest.mark.parametrize("procedure", [
    Procedure(5, 1000, (KeepHighest(3),), Total()),
    Procedure(10, 1000, reading=Highest()),
], ids=["keep-3-of-5d1000", "highest-of-10d1000"])
def test_a_pool_of_dice_with_too_many_values_is_too_large_not_an_error(
        procedure: Procedure) -> None:
    question = AtLeast(procedure, 900)
    assert answer(question) is None and too_large(question)  # was a RecursionError


def test_a_pool_of_dice_with_as_many_values_as_allowed_has_exact_odds() -> None:
    found = answer(AtLeast(Procedure(3, MAX_POOL_OUTCOMES, (KeepHighest(2),)), 400))
    assert found is not None and found.low == Fraction(3 * 199 + 1, 200 ** 3)  # two 200s


def test_the_verdict_does_not_depend_on_what_was_answered_before() -> None:
    odds._answer.cache_clear()
    answer(AtLeast(Procedure(2, 816), 900))  # icepool's own caches warmed with other dice
    answer(AtLeast(Procedure(3, 817, label="three d817"), 1227))
    assert not too_large(JUST_UNDER) and too_large(JUST_OVER)


def test_a_distribution_past_the_budget_raises_too_large() -> None:
    with pytest.raises(OddsTooLarge, match="past its budget of 2,000,000 steps"):
        distribution(Procedure(3, 817))
    assert issubclass(OddsTooLarge, OddsUnavailable)

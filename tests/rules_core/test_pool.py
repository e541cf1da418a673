"""Pools say where their dice come from: terms, bonus and penalty dice, and the shortfall."""

from __future__ import annotations

import pytest

from rules_core.errors import RulesError
from rules_core.pool import Pool, PoolTerm, PoolWords
from rules_core.procedure import CountAtLeast


def test_breakdown_names_every_term_and_the_total() -> None:
    pool = Pool().plus(2, "Unarmed Combat").plus(3, "PRW").plus(1, "AD").plus(2, "chained")
    assert pool.breakdown() == "2 Unarmed Combat + 3 PRW + 1 AD + 2 chained = 8d6"


def test_terms_of_zero_dice_are_left_out() -> None:
    assert str(Pool().plus(0, "Grappling").plus(2, "PRW")) == "2d6: 2 PRW"


def test_a_penalty_term_is_subtracted() -> None:
    pool = Pool().plus(3, "PRW").plus(-1, "untrained Grappling")
    assert (pool.size, pool.breakdown()) == (2, "3 PRW − 1 untrained Grappling = 2d6")


def test_a_pool_never_has_fewer_than_zero_dice() -> None:
    assert Pool().plus(1, "PRW").plus(-3, "penalty").size == 0


def test_an_empty_pool_says_so() -> None:
    assert Pool().breakdown() == "no dice = 0d6"


def test_bonus_and_penalty_dice_are_counted_with_their_reasons() -> None:
    pool = (Pool((PoolTerm(2, "expert"),)).with_bonus("charging").with_penalty("running")
            .with_penalty("dodging", 2).with_bonus())
    assert (pool.net, pool.size) == (1, 1)
    assert pool.terms_text() == (
        "2 expert + 2 bonus dice for charging − 3 penalty dice for running, dodging ×2")


def test_the_shortfall_is_worded_by_the_system_or_not_at_all() -> None:
    pool = Pool((PoolTerm(1, "untrained"),)).with_penalty("restrained", 3)
    assert (pool.size, pool.shortfall) == (0, 2)
    assert pool.breakdown() == "1 untrained − 3 penalty dice for restrained ×3 = 0d6"
    worded = Pool(pool.terms, 6, pool.bonus, pool.penalty,
                  PoolWords(shortfall="{n} bonus {dice} to the opponent"))
    assert worded.breakdown().endswith("= 0d6; 2 bonus dice to the opponent")


def test_a_count_of_bonus_dice_must_be_a_whole_number() -> None:
    with pytest.raises(RulesError, match="a number of bonus dice must be a whole number"):
        Pool().with_bonus("x", -1)


def test_a_pool_describes_the_procedure_that_rolls_it() -> None:
    procedure = Pool((PoolTerm(5, "Athletics"),), 10).procedure(reading=CountAtLeast(8))
    assert (procedure.size, procedure.sides, procedure.reading) == (5, 10, CountAtLeast(8))


def test_a_reason_reads_as_the_system_words_it() -> None:
    words = PoolWords(reasons=(("restrained", "being restrained"),))
    pool = Pool((PoolTerm(2, "expert"),), 6, ("charging",), ("restrained", "restrained"), words)
    assert pool.terms_text() == ("2 expert + 1 bonus die for charging − 2 penalty dice for "
                                 "being restrained ×2")

"""Pools say where their dice come from."""

from __future__ import annotations

from rules_core.pool import Pool


def test_breakdown_names_every_term_and_the_total() -> None:
    pool = Pool(()).plus(2, "Unarmed Combat").plus(3, "PRW").plus(1, "AD").plus(2, "chained")
    assert pool.breakdown() == "2 Unarmed Combat + 3 PRW + 1 AD + 2 chained = 8d6"


def test_terms_of_zero_dice_are_left_out() -> None:
    assert str(Pool(()).plus(0, "Grappling").plus(2, "PRW")) == "2d6: 2 PRW"


def test_a_penalty_term_is_subtracted() -> None:
    pool = Pool(()).plus(3, "PRW").plus(-1, "untrained Grappling")
    assert (pool.size, pool.breakdown()) == (2, "3 PRW − 1 untrained Grappling = 2d6")


def test_a_pool_never_has_fewer_than_zero_dice() -> None:
    assert Pool(()).plus(1, "PRW").plus(-3, "penalty").size == 0


def test_an_empty_pool_says_so() -> None:
    assert Pool(()).breakdown() == "no dice = 0d6"

"""'Verses tests and contests: successes on 5–6, the highest cancelled first."""

from __future__ import annotations

from rules_core.verses import count_successes, resolve


def test_fives_and_sixes_succeed() -> None:
    assert count_successes((6, 6, 5, 4, 2, 1)) == 3


def test_a_test_succeeds_when_successes_reach_the_target() -> None:
    assert resolve((6, 6, 5, 4, 2, 1), target=1).succeeded


def test_margin_is_successes_minus_target_plus_one() -> None:
    assert resolve((6, 6, 5, 5, 5, 4, 3, 1), target=1).margin == 5


def test_margin_against_a_higher_target() -> None:
    assert resolve((6, 5, 5, 5, 5), target=2).margin == 4


def test_too_few_successes_fail_with_no_margin() -> None:
    outcome = resolve((6, 4, 3), target=2)
    assert (outcome.succeeded, outcome.margin) == (False, 0)


def test_the_defence_cancels_the_highest_success_first() -> None:
    outcome = resolve((6, 6, 5, 4, 4, 3, 3, 2, 2, 1), target=2, defence_successes=1)
    assert sorted(outcome.faces[i] for i in outcome.surviving) == [5, 6]


def test_only_surviving_sixes_count_for_chaining() -> None:
    outcome = resolve((6, 6, 5, 4), target=1, defence_successes=1)
    assert len(outcome.surviving_sixes) == 1


def test_a_net_of_zero_fails_even_against_no_target() -> None:
    outcome = resolve((5, 3), target=1, defence_successes=2)
    assert (outcome.net, outcome.succeeded) == (0, False)


def test_the_choke_out_keeps_two_fives() -> None:
    outcome = resolve((6, 5, 5, 5, 4, 3, 3, 3, 2, 2, 1, 1), target=1, defence_successes=2)
    assert [outcome.faces[i] for i in outcome.surviving] == [5, 5]

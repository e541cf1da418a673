"""Properties of Action Chaining that hold for any dice and any sequence of moves."""

from __future__ import annotations

import contextlib
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.dice import RandomDice
from rules_core.errors import RulesError
from rules_core.verses import (
    CHOKE_OUT,
    CLINCH,
    PUNCH,
    TAKEDOWN,
    ActionKind,
    ActionResult,
    Actor,
    Scene,
)

KINDS = (PUNCH, CLINCH, TAKEDOWN, CHOKE_OUT)
Plan = list[tuple[bool, ActionKind, int, bool, int]]

actors = st.builds(
    lambda prw, uc, gr, ad: Actor("A", attributes={"PRW": prw},
                                  skills={"Unarmed Combat": uc, "Grappling": gr}, action_dice=ad),
    st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 8),
)
moves = st.lists(
    st.tuples(st.booleans(), st.sampled_from(KINDS), st.integers(0, 4), st.booleans(),
              st.integers(0, 2**32)),
    max_size=12,
)


def play(actor: Actor, plan: Plan) -> tuple[Scene, list[ActionResult]]:
    """Play a plan of moves; refused moves are skipped, as a player would."""
    defender = Actor("D", attributes={"PRW": 2}, action_dice=0)
    scene = Scene(actor, defender)
    results: list[ActionResult] = []
    for chained, kind, ad, new_round, seed in plan:
        if new_round:
            scene.next_round()
        move = scene.chain if chained else scene.act
        contest = {"defender": defender, "defence": RandomDice(seed + 1)} if seed % 2 else {}
        with contextlib.suppress(RulesError):
            results.append(move(actor, kind, ad=ad, dice=RandomDice(seed), **contest))
        assert scene.ad_left(actor) >= 0
    return scene, results


@settings(max_examples=200)
@given(actors, moves)
def test_successes_never_exceed_the_pool(actor: Actor, plan: Plan) -> None:
    _, results = play(actor, plan)
    assert all(r.successes <= r.pool.size and r.net <= r.successes for r in results)


@settings(max_examples=200)
@given(actors, moves)
def test_chained_dice_never_exceed_the_sixes_rolled_before(actor: Actor, plan: Plan) -> None:
    _, results = play(actor, plan)
    for before, after in itertools.pairwise(results):
        assert after.chained_dice <= before.sixes
        assert after.chained_dice in (0, before.sixes_to_chain)


@settings(max_examples=200)
@given(actors, moves)
def test_ad_never_go_below_zero(actor: Actor, plan: Plan) -> None:
    scene, results = play(actor, plan)
    assert all(r.ad_left >= 0 for r in results) and scene.ad_left(actor) >= 0


@settings(max_examples=200)
@given(actors, moves)
def test_no_chain_passes_its_limit(actor: Actor, plan: Plan) -> None:
    _, results = play(actor, plan)
    assert all(r.link == 1 or r.link <= r.chain_limit for r in results)


@settings(max_examples=200)
@given(actors, moves)
def test_chained_actions_cost_at_least_one_ad(actor: Actor, plan: Plan) -> None:
    _, results = play(actor, plan)
    assert all(r.ad_spent >= 1 for r in results if r.link > 1)


@settings(max_examples=100)
@given(actors, moves)
def test_chains_never_cross_rounds(actor: Actor, plan: Plan) -> None:
    _, results = play(actor, plan)
    for before, after in itertools.pairwise(results):
        if after.link > 1:
            assert (after.round, after.kind.action_type) == (before.round, before.kind.action_type)

"""Action Chaining: Tam's whole sequence, and every move the rules refuse."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as faces
from rules_core.errors import DiceScriptError, RulesError
from rules_core.verses import (
    CHOKE_OUT,
    CLINCH,
    KICK,
    PUNCH,
    TAKEDOWN,
    ActionDiceError,
    ActionKind,
    ActionResult,
    Actor,
    ChainError,
    ChainLimitError,
    Scene,
)


def tam() -> Actor:
    return Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2, "Grappling": 3},
                 action_dice=6)


GUARD = Actor("Guard", attributes={"PRW": 2})


@pytest.fixture
def scene() -> Scene:
    return Scene(tam(), GUARD)


def punches(scene: Scene) -> tuple[ActionResult, ActionResult]:
    t = tam()
    first = scene.act(t, PUNCH, ad=1, dice=faces("6 6 5 4 2 1"))
    second = scene.chain(t, PUNCH, ad=1, dice=faces("6 6 5 5 5 4 3 1"))
    return first, second


def grapples(scene: Scene) -> tuple[ActionResult, ActionResult, ActionResult]:
    t = tam()
    clinch = scene.act(t, CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"),
                       defender=GUARD, defence=faces("5 2"))
    takedown = scene.chain(t, TAKEDOWN, ad=1, dice=faces("6 6 6 4 3 3 3 2 1 1"),
                           defender=GUARD, defence=faces("3 2"))
    choke = scene.chain(t, CHOKE_OUT, ad=1, dice=faces("6 5 5 5 4 3 3 3 2 2 1 1"),
                        defender=GUARD, defence=faces("5 5"))
    return clinch, takedown, choke


def test_first_punch_rolls_six_dice(scene: Scene) -> None:
    first, _ = punches(scene)
    assert first.pool.breakdown() == "2 Unarmed Combat + 3 PRW + 1 AD = 6d6"


def test_first_punch_does_three_damage_with_two_sixes_to_chain(scene: Scene) -> None:
    first, _ = punches(scene)
    assert (first.successes, first.damage, first.sixes_to_chain) == (3, 3, 2)


def test_chained_punch_rolls_eight_dice(scene: Scene) -> None:
    _, second = punches(scene)
    assert second.pool.breakdown() == "2 Unarmed Combat + 3 PRW + 1 AD + 2 chained = 8d6"


def test_chained_punch_does_five_damage(scene: Scene) -> None:
    _, second = punches(scene)
    assert second.damage == 5


def test_sixes_at_the_chain_limit_do_not_chain(scene: Scene) -> None:
    _, second = punches(scene)
    assert (second.sixes, second.sixes_to_chain) == (2, 0)


def test_four_ad_are_left_after_the_punches(scene: Scene) -> None:
    punches(scene)
    assert scene.ad_left(tam()) == 4


def test_a_third_punch_passes_the_chain_limit(scene: Scene) -> None:
    punches(scene)
    with pytest.raises(ChainLimitError, match="chain limit for unarmed attacks is 2"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_a_kick_chains_with_punches(scene: Scene) -> None:
    t = tam()
    scene.act(t, PUNCH, ad=1, dice=faces("6 6 5 4 2 1"))
    kick = scene.chain(t, KICK, ad=1, dice=faces("6 6 5 5 5 4 3 1"))
    assert kick.chained_dice == 2


def test_clinch_keeps_two_of_three_successes(scene: Scene) -> None:
    punches(scene)
    clinch, _, _ = grapples(scene)
    assert (clinch.successes, clinch.net, clinch.succeeded, clinch.margin) == (3, 2, True, 1)


def test_clinch_passes_on_one_six(scene: Scene) -> None:
    punches(scene)
    clinch, _, _ = grapples(scene)
    assert clinch.sixes_to_chain == 1


def test_takedown_rolls_ten_dice(scene: Scene) -> None:
    punches(scene)
    _, takedown, _ = grapples(scene)
    assert takedown.pool.size == 10


def test_takedown_passes_on_three_sixes(scene: Scene) -> None:
    punches(scene)
    _, takedown, _ = grapples(scene)
    assert takedown.sixes_to_chain == 3


def test_choke_out_rolls_twelve_dice(scene: Scene) -> None:
    punches(scene)
    _, _, choke = grapples(scene)
    assert choke.pool.breakdown() == (
        "3 Grappling + 2 Unarmed Combat + 3 PRW + 1 AD + 3 chained = 12d6"
    )


def test_choke_out_holds_with_two_net_successes(scene: Scene) -> None:
    punches(scene)
    _, _, choke = grapples(scene)
    assert (choke.successes, choke.net, choke.succeeded) == (4, 2, True)


def test_the_choke_out_spends_the_last_ad(scene: Scene) -> None:
    punches(scene)
    grapples(scene)
    assert scene.ad_left(tam()) == 0


def test_the_source_choke_out_faces_are_one_short(scene: Scene) -> None:
    punches(scene)
    t = tam()
    scene.act(t, CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD,
              defence=faces("5 2"))
    scene.chain(t, TAKEDOWN, ad=1, dice=faces("6 6 6 4 3 3 3 2 1 1"), defender=GUARD,
                defence=faces("3 2"))
    with pytest.raises(DiceScriptError, match="the pool is 12d6 but 11 faces are listed"):
        scene.chain(t, CHOKE_OUT, ad=1, dice=faces("6 5 5 5 4 3 3 3 2 2 1"), defender=GUARD,
                    defence=faces("5 5"))


def test_ledger_lists_every_action_with_ad(scene: Scene) -> None:
    punches(scene)
    grapples(scene)
    assert [row[2:] for row in scene.ledger().rows()] == [
        ("Punch", "1/2", "6d6", "3", "success", "1", "5"),
        ("Punch", "2/2", "8d6", "5", "success", "1", "4"),
        ("Clinch", "1/3", "10d6", "2", "success", "2", "2"),
        ("Takedown", "2/3", "10d6", "3", "success", "1", "1"),
        ("Choke-out", "3/3", "12d6", "2", "success", "1", "0"),
    ]


def test_no_chaining_across_rounds(scene: Scene) -> None:
    punches(scene)
    scene.next_round()
    with pytest.raises(ChainError, match="cannot be chained across rounds"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_a_new_round_restores_ad(scene: Scene) -> None:
    punches(scene)
    scene.next_round()
    assert scene.ad_left(tam()) == 6


def test_no_chaining_into_another_action_type(scene: Scene) -> None:
    scene.act(tam(), PUNCH, ad=1, dice=faces("6 5 3 3 2 1"))
    with pytest.raises(ChainError, match="chains stay within one action type"):
        scene.chain(tam(), CLINCH, ad=1, dice=faces(""))


def test_a_failed_action_ends_the_chain(scene: Scene) -> None:
    scene.act(tam(), PUNCH, ad=1, dice=faces("4 4 3 2 2 1"))
    with pytest.raises(ChainError, match="failed, so its chain ends"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_a_chained_action_costs_at_least_one_ad(scene: Scene) -> None:
    scene.act(tam(), PUNCH, ad=1, dice=faces("6 5 3 3 2 1"))
    with pytest.raises(ActionDiceError, match="at least 1 AD"):
        scene.chain(tam(), PUNCH, ad=0, dice=faces(""))


def test_no_ad_left_means_no_chain(scene: Scene) -> None:
    scene.act(tam(), PUNCH, ad=6, dice=faces("6 6 5 4 3 3 2 2 1 1 1"))
    with pytest.raises(ActionDiceError, match="no AD left in round 1"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_sixes_are_lost_when_no_ad_is_left(scene: Scene) -> None:
    result = scene.act(tam(), PUNCH, ad=6, dice=faces("6 6 5 4 3 3 2 2 1 1 1"))
    assert (result.sixes_to_chain, result.chain_note) == (
        0, "2 sixes, but no AD are left to pay for a chained action.")


def test_spending_more_ad_than_left_is_refused(scene: Scene) -> None:
    with pytest.raises(ActionDiceError, match="has 6 AD left in round 1 and cannot spend 7"):
        scene.act(tam(), PUNCH, ad=7, dice=faces(""))


def test_chaining_needs_a_previous_action(scene: Scene) -> None:
    with pytest.raises(ChainError, match="has not acted yet"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_a_chained_action_must_follow_immediately(scene: Scene) -> None:
    scene.act(tam(), PUNCH, ad=1, dice=faces("6 5 3 3 2 1"))
    scene.act(GUARD, PUNCH, dice=faces("1 1"))
    with pytest.raises(ChainError, match="must follow immediately"):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))


def test_one_die_in_the_skill_never_chains() -> None:
    novice = Actor("Novice", attributes={"PRW": 3}, skills={"Unarmed Combat": 1}, action_dice=3)
    scene = Scene(novice)
    first = scene.act(novice, PUNCH, ad=1, dice=faces("6 6 6 6 6"))
    with pytest.raises(ChainLimitError, match="chain limit for unarmed attacks is 1"):
        scene.chain(novice, PUNCH, ad=1, dice=faces(""))
    assert first.sixes_to_chain == 0


def test_a_refused_chain_changes_nothing(scene: Scene) -> None:
    punches(scene)
    with pytest.raises(ChainLimitError):
        scene.chain(tam(), PUNCH, ad=1, dice=faces(""))
    assert (scene.ad_left(tam()), len(scene.log)) == (4, 2)


def test_a_copy_leaves_the_scene_alone(scene: Scene) -> None:
    punches(scene)
    trial = scene.copy()
    trial.act(tam(), CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD,
              defence=faces("5 2"))
    assert (scene.ad_left(tam()), trial.ad_left(tam())) == (4, 2)


def test_an_actor_not_in_the_scene_is_refused(scene: Scene) -> None:
    stranger = Actor("Stranger", attributes={"PRW": 1})
    with pytest.raises(RulesError, match="Stranger is not in this scene"):
        scene.act(stranger, PUNCH, dice=faces("6"))


def test_a_defender_needs_defence_dice(scene: Scene) -> None:
    with pytest.raises(RulesError, match="Guard contests: give their dice as defence="):
        scene.act(tam(), CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD)


def test_a_success_target_below_one_is_refused() -> None:
    with pytest.raises(RulesError, match="Success Target must be a whole number, 1 or more"):
        ActionKind("Nothing", "grapple", "Grappling", target=0)


def test_the_clinch_explains_the_cancelled_six() -> None:
    scene = Scene(tam(), GUARD)
    clinch = scene.act(tam(), CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD,
                       defence=faces("5 2"))
    assert clinch.explain().lines[0] == (
        "3 successes (6 6 5); Guard's 1 success cancels the highest 6, leaving 2 successes "
        "(6 5) against a target of 2."
    )


def test_the_clinch_marks_each_die() -> None:
    scene = Scene(tam(), GUARD)
    clinch = scene.act(tam(), CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD,
                       defence=faces("5 2"))
    marks = [die.mark_names for die in clinch.explain().rolls[0].dice[:4]]
    assert marks == [("success", "cancelled by the defence"), ("success", "chains"), ("success",),
                     ()]


def test_the_defence_roll_is_shown_with_its_pool() -> None:
    scene = Scene(tam(), GUARD)
    clinch = scene.act(tam(), CLINCH, ad=2, dice=faces("6 6 5 4 4 3 3 2 2 1"), defender=GUARD,
                       defence=faces("5 2"))
    assert clinch.explain().rolls[1].label == "Guard contests: 2 PRW = 2d6"


def test_result_repr_is_one_line() -> None:
    scene = Scene(tam(), GUARD)
    first = scene.act(tam(), PUNCH, ad=1, dice=faces("6 6 5 4 2 1"))
    assert repr(first) == "<Punch by Tam: 6d6 [6 6 5 4 2 1], 3 net, success>"

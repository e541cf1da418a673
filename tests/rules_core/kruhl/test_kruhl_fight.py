"""A fight: attacks, special actions and attack types, END, conditions and plot points."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.kruhl import RANGED_ATTACK as RANGED
from rules_core.kruhl import (
    ActionEconomyError,
    AttackTraits,
    Character,
    Fight,
    FightError,
    ForcedActionError,
    PlotPointError,
    TurnOrder,
)
from rules_core.kruhl.economy import DOUBLE_MOVE

LACKEYS = "Virek-Kohl's lackeys"


def test_a_successful_attack_costs_one_endurance(fight: Fight) -> None:
    hit = fight.attack("Soraya", "Virek-Kohl", dice=rolled("1 4 5"), defence=rolled("3 3"),
                       using="sword")
    assert repr(hit) == ("<Soraya's Attack on Virek-Kohl: 12 vs 9, success, 1 END: "
                         "END 5 of 6>")
    assert hit.explain().lines[-1] == "Virek-Kohl loses 1 Endurance: END 5 of 6."


def test_a_failed_attack_costs_nothing(fight: Fight) -> None:
    miss = fight.attack("Soraya", "Virek-Kohl", dice=rolled("3 3"), defence=rolled("6 6"))
    assert (miss.damage, fight.endurance("Virek-Kohl").current) == (0, 6)


def test_rabble_fall_to_any_hit(fight: Fight) -> None:
    hit = fight.attack("Issvisk", LACKEYS, dice=rolled("3 3"), defence=rolled("1 1"))
    assert fight.endurance(LACKEYS).defeated
    assert hit.summary() == "11 vs 4, success, 1 END: rabble, defeated"


def test_a_defeated_character_cannot_be_attacked_again(fight: Fight) -> None:
    fight.attack("Issvisk", LACKEYS, dice=rolled("3 3"), defence=rolled("1 1"))
    with pytest.raises(FightError, match="already defeated"):
        fight.attack("Soraya", LACKEYS, dice=rolled(""), defence=rolled(""))


def test_charging_adds_a_bonus_die(fight: Fight) -> None:
    hit = fight.charge("Issvisk", "Virek-Kohl", dice=rolled("2 2 2"), defence=rolled("4 4"))
    assert hit.contest.roll.check.bonus == ("charging",) and hit.succeeded


def test_a_disarm_takes_the_item_on_a_success(fight: Fight) -> None:
    result = fight.disarm("Soraya", "Virek-Kohl", item="axe", dice=rolled("5"),
                          defence=rolled("1 1"))
    assert result.contest.roll.check.penalty == ("disarming",)
    assert result.effects == ("disarmed of the axe",) and result.damage == 0
    assert "axe" not in fight.character("Virek-Kohl").equipment


def test_a_disarm_must_name_an_item_the_target_holds(fight: Fight) -> None:
    with pytest.raises(FightError, match="item= one of crossbow, axe"):
        fight.disarm("Soraya", "Virek-Kohl", dice=rolled(""), defence=rolled(""))


def test_a_distraction_needs_more_than_the_target(fight: Fight) -> None:
    tie = fight.distract("Soraya", "Virek-Kohl", dice=rolled("5 4"), defence=rolled("3 3"))
    assert (tie.contest.roll.total, tie.contest.target.total, tie.succeeded) == (11, 9, True)
    equal = fight.distract("Soraya", "Issvisk", dice=rolled("1 1"), defence=rolled("3"))
    assert (equal.contest.roll.total, equal.contest.target.total) == (4, 4)
    assert not equal.succeeded


def test_a_distraction_hampers_the_next_attack_or_defense_only(fight: Fight) -> None:
    fight.distract("Soraya", "Virek-Kohl", dice=rolled("5 4"), defence=rolled("3 3"))
    defended = fight.attack("Issvisk", "Virek-Kohl", dice=rolled("1 1"), defence=rolled("6"))
    assert defended.contest.target.check.penalty == ("distracted",)
    assert "distracted" not in fight.status("Virek-Kohl")
    again = fight.attack("Issvisk", "Virek-Kohl", dice=rolled("1 1"), defence=rolled("6 6"))
    assert again.contest.target.check.penalty == ()


def test_a_dodge_gives_a_bonus_die_until_the_next_turn(fight: Fight) -> None:
    fight.begin_turn("Soraya")
    fight.dodge("Soraya")
    fight.begin_turn("Virek-Kohl")
    hit = fight.attack("Virek-Kohl", "Soraya", dice=rolled("6 6"), defence=rolled("3 3 3"))
    assert hit.contest.target.check.bonus == ("dodging",)
    fight.begin_turn("Soraya")
    assert "dodging" not in fight.status("Soraya")


def test_a_grapple_restrains_the_target(fight: Fight) -> None:
    grab = fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    assert (grab.contest.roll.total, grab.contest.target.total) == (12, 10)
    assert fight.status("Virek-Kohl") == ("restrained",)


def test_the_grapple_target_defends_with_agility_or_brawn(fight: Fight) -> None:
    grab = fight.grapple("Issvisk", "Soraya", dice=rolled("1 1"), defence=rolled("3 3"))
    assert grab.contest.target.check.label == "Hand-to-hand Combat (Agility)"


def test_powers_do_not_apply_to_grapples(fight: Fight) -> None:
    with pytest.raises(FightError, match="powers such as Strike do not apply"):
        fight.grapple("Soraya", "Virek-Kohl", powers="Strike", dice=rolled(""),
                      defence=rolled(""))


def test_restrained_characters_roll_with_a_penalty_and_cannot_move(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    hit = fight.attack("Virek-Kohl", "Soraya", dice=rolled("6"), defence=rolled("3 3"))
    assert hit.contest.roll.check.penalty == ("restrained",)
    with pytest.raises(ActionEconomyError, match="restrained and cannot use move actions"):
        fight.move("Virek-Kohl")


def test_grapple_against_grapple_restrains_both(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    back = fight.grapple("Virek-Kohl", "Issvisk", dice=rolled("6"), defence=rolled("2 1"))
    assert back.notes == ("Virek-Kohl and Issvisk grapple each other: both are restrained.",)
    assert fight.status("Issvisk") == fight.status("Virek-Kohl") == ("restrained",)


def test_breaking_free_ignores_the_restrained_penalty(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    escape = fight.break_free("Virek-Kohl", dice=rolled("6 6"), defence=rolled("1 1"))
    assert escape.contest.roll.check.penalty == ()
    assert escape.contest.roll.check.label == "Hand-to-hand Combat (Brawn)"
    assert fight.status("Virek-Kohl") == ()


def test_nobody_breaks_free_of_nothing(fight: Fight) -> None:
    with pytest.raises(FightError, match="held by nobody"):
        fight.break_free("Soraya", dice=rolled(""), defence=rolled(""))


def test_hurting_needs_a_grapple_first(fight: Fight) -> None:
    with pytest.raises(FightError, match="not grappling"):
        fight.hurt("Issvisk", "Virek-Kohl", dice=rolled(""), defence=rolled(""))


def test_hurting_a_grappled_target_costs_endurance(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    hurt = fight.hurt("Issvisk", "Virek-Kohl", dice=rolled("3 3"), defence=rolled("6"))
    assert (hurt.succeeded, hurt.damage, hurt.contest.target.total) == (True, 1, 9)


def test_the_holder_can_let_go_without_an_action(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    fight.release("Issvisk", "Virek-Kohl")
    assert fight.status("Virek-Kohl") == ()


def test_a_slam_knocks_prone_and_a_stationary_target_defends_better(fight: Fight) -> None:
    slam = fight.slam("Issvisk", "Virek-Kohl", dice=rolled("4 4"), defence=rolled("1 1 1"))
    assert slam.contest.target.check.bonus == ("stationary (slam)",)
    assert fight.status("Virek-Kohl") == ("prone",) and slam.damage == 0


def test_a_moving_target_defends_a_slam_worse(fight: Fight) -> None:
    fight.begin_turn("Virek-Kohl")
    fight.move("Virek-Kohl", DOUBLE_MOVE)
    fight.begin_turn("Issvisk")
    slam = fight.slam("Issvisk", "Virek-Kohl", dice=rolled("4 4"), defence=rolled("1 1 1"),
                      injures=True)
    assert slam.contest.target.check.penalty == ("moving (slam)",)
    assert slam.contest.target.check.bonus == ("running",)
    assert slam.damage == 1


def test_prone_helps_against_ranged_and_hurts_against_hand_to_hand(fight: Fight) -> None:
    fight.slam("Issvisk", "Soraya", dice=rolled("6 6"), defence=rolled("3 3 3"))
    melee = fight.attack("Virek-Kohl", "Soraya", dice=rolled("1 1"), defence=rolled("3"))
    shot = fight.attack("Virek-Kohl", "Soraya", maneuver=RANGED, dice=rolled("1 1"),
                        defence=rolled("3 3"))
    assert melee.contest.target.check.penalty == ("prone (hand-to-hand)",)
    assert shot.contest.target.check.bonus == ("prone (ranged)",)


def test_standing_up_takes_the_move_action(fight: Fight) -> None:
    fight.slam("Issvisk", "Soraya", dice=rolled("6 6"), defence=rolled("3 3 3"))
    fight.begin_turn("Soraya")
    fight.stand_up("Soraya")
    assert fight.status("Soraya") == ()
    with pytest.raises(ActionEconomyError, match="already used the move action"):
        fight.move("Soraya")


def test_a_sweep_attacks_everyone_in_reach_with_a_penalty_die_each(fight: Fight) -> None:
    sweep = fight.sweep("Soraya", ["Virek-Kohl", LACKEYS], dice=rolled("6 5"),
                        defence=rolled("4 4 2 1"), using="sword")
    assert [r.contest.roll.check.penalty for r in sweep] == [("sweeping",), ("sweeping",)]
    assert sweep.hits == (LACKEYS,)
    assert repr(sweep) == (
        "<Soraya's Sweep on Virek-Kohl: 9 vs 11, failure>\n"
        "<Soraya's Sweep on Virek-Kohl's lackeys: 8 vs 5, success, 1 END: rabble, defeated>")


def test_an_area_attack_rolls_once_and_each_target_defends(fight: Fight) -> None:
    blast = fight.area_attack("Virek-Kohl", ["Soraya", "Issvisk"], dice=rolled("1 1"),
                              defence=rolled("6  2"), using="crossbow")
    first, second = (r.contest.roll for r in blast)
    assert first is second
    assert [r.succeeded for r in blast] == [False, True]


def test_the_gm_may_roll_once_for_a_group(fight: Fight) -> None:
    blast = fight.area_attack("Virek-Kohl", ["Soraya", "Issvisk"], dice=rolled("5 5"),
                              defence=rolled("6"), group=True)
    assert [r.contest.target.total for r in blast] == [9, 9]


def test_running_for_cover_takes_a_character_out_of_the_area(fight: Fight) -> None:
    fight.force("Soraya", "run for cover")
    blast = fight.area_attack("Virek-Kohl", ["Soraya", "Issvisk"], dice=rolled("5 5"),
                              defence=rolled("2"))
    assert [r.target for r in blast] == ["Issvisk"]


def test_burst_fire_adds_a_bonus_die_and_resolves_once(fight: Fight) -> None:
    shot = fight.attack("Virek-Kohl", "Soraya", maneuver=RANGED, dice=rolled("1 1 1"),
                        defence=rolled("6 6"), traits=AttackTraits(burst=True))
    assert shot.contest.roll.check.bonus == ("burst fire",) and shot.damage == 0


def test_a_penetrating_attack_makes_the_defender_reroll_fives_and_sixes(fight: Fight) -> None:
    shot = fight.attack("Virek-Kohl", "Issvisk", dice=rolled("3 3"),
                        defence=rolled("5 4  6  5  2"), traits=AttackTraits(penetrating=True))
    assert [d.faces for d in shot.contest.target.dice] == [(5, 6, 5, 2), (4,)]
    assert shot.contest.target.notes() == ("Penetration rerolls 5s and 6s: 5→6→5→2.",)


def test_against_an_expert_both_rerolls_apply(fight: Fight) -> None:
    hit = fight.attack("Issvisk", "Soraya", dice=rolled("3 3"), defence=rolled("1 6  5 4  3"),
                       traits=AttackTraits(penetrating=True))
    assert hit.contest.target.faces == (3, 4)


def test_stunning_damage_is_recorded_apart_and_back_after_rest(fight: Fight) -> None:
    fight.attack("Virek-Kohl", "Soraya", dice=rolled("6 6"), defence=rolled("3 3"),
                 traits=AttackTraits(stunning=True))
    assert repr(fight.endurance("Soraya")) == "<END 4 of 5 (1 stunned)>"
    assert fight.rest("Soraya").current == 5


def test_blinding_then_recovering_with_perception(fight: Fight) -> None:
    flash = fight.attack("Virek-Kohl", "Soraya", dice=rolled("6 6"), defence=rolled("3 3"),
                         traits=AttackTraits(blinding=True, damaging=False))
    assert (flash.effects, flash.damage) == (("blinded",), 0)
    swing = fight.attack("Soraya", "Virek-Kohl", dice=rolled("3"), defence=rolled("1 1"))
    assert swing.contest.roll.check.penalty == ("can't perceive (hand-to-hand)",)
    fight.begin_turn("Soraya")
    recovery = fight.recover("Soraya", "blinded", dice=rolled("4 4"), gm=rolled("3 3"))
    assert repr(recovery) == "<Soraya vs DV 3, Recovery (blinded): 10 vs 9, success>"
    assert fight.status("Soraya") == ()


def test_blinded_ranged_attacks_fail_unless_the_target_is_located(fight: Fight) -> None:
    fight.attack("Soraya", "Virek-Kohl", dice=rolled("6 6"), defence=rolled("1 1"),
                 traits=AttackTraits(blinding=True))
    blind = fight.attack("Virek-Kohl", "Soraya", maneuver=RANGED, dice=rolled("6 6"),
                         defence=rolled("1 1"))
    located = fight.attack("Virek-Kohl", "Soraya", maneuver=RANGED, dice=rolled("6"),
                           defence=rolled("1 1"), located=True)
    assert (blind.succeeded, located.succeeded) == (False, True)


def test_terrified_targets_cower_or_flee(fight: Fight) -> None:
    scare = fight.attack("Virek-Kohl", "Issvisk", dice=rolled("6 6"), defence=rolled("1 1"),
                         traits=AttackTraits(terrifying=True, damaging=False))
    flee = fight.attack("Virek-Kohl", "Soraya", dice=rolled("6 6"), defence=rolled("3 3"),
                        traits=AttackTraits(terrifying=True, damaging=False), flee=True)
    assert (scare.effects, flee.effects) == (("cowering",), ("fleeing",))
    nxt = fight.attack("Soraya", "Issvisk", dice=rolled("3 3"), defence=rolled("1"))
    assert nxt.contest.target.check.penalty == ("cowering",)
    calm = fight.recover("Issvisk", "cowering", dice=rolled("6 6"), gm=rolled("1 1"))
    assert calm.difficulty is not None and calm.difficulty.dv == 6 and calm.succeeded


def test_the_end_of_the_scene_clears_blindness_and_terror(fight: Fight) -> None:
    fight.attack("Virek-Kohl", "Soraya", dice=rolled("6 6"), defence=rolled("3 3"),
                 traits=AttackTraits(blinding=True, terrifying=True))
    fight.end_scene()
    assert fight.status("Soraya") == ()


def test_endurance_never_goes_below_zero(fight: Fight) -> None:
    for _ in range(8):
        fight.damage("Soraya")
    assert repr(fight.endurance("Soraya")) == "<END 0 of 5: defeated>"


def test_a_defeated_character_cannot_act(fight: Fight) -> None:
    for _ in range(5):
        fight.damage("Soraya")
    with pytest.raises(FightError, match="Soraya is defeated"):
        fight.attack("Soraya", "Virek-Kohl", dice=rolled(""), defence=rolled(""))


def test_a_second_standard_action_is_refused(fight: Fight) -> None:
    fight.begin_turn("Soraya")
    fight.attack("Soraya", "Virek-Kohl", dice=rolled("3 3"), defence=rolled("3 3"))
    with pytest.raises(ActionEconomyError) as error:
        fight.attack("Soraya", "Issvisk", dice=rolled(""), defence=rolled(""))
    assert str(error.value) == (
        "Soraya already took the standard action this turn (Attack), so the Attack must "
        "wait for the next turn: one standard action per turn")


def test_nobody_acts_on_someone_elses_turn(fight: Fight) -> None:
    fight.begin_turn("Soraya")
    with pytest.raises(ActionEconomyError, match="it is Soraya's turn"):
        fight.attack("Issvisk", "Virek-Kohl", dice=rolled(""), defence=rolled(""))


def test_a_charge_uses_the_move_and_the_standard_action(fight: Fight) -> None:
    fight.begin_turn("Issvisk")
    fight.charge("Issvisk", "Virek-Kohl", dice=rolled("2 2 2"), defence=rolled("4 4"))
    assert fight.turn is not None
    assert (fight.turn.move_action, fight.turn.standard_action) == ("charge move", "Charge")


def test_running_hampers_the_runners_attack_and_helps_their_defense(fight: Fight) -> None:
    fight.begin_turn("Soraya")
    fight.move("Soraya", DOUBLE_MOVE)
    swing = fight.attack("Soraya", "Virek-Kohl", dice=rolled("3"), defence=rolled("1 1"))
    assert swing.contest.roll.check.penalty == ("running",)
    fight.begin_turn("Virek-Kohl")
    shot = fight.attack("Virek-Kohl", "Soraya", dice=rolled("1 1"), defence=rolled("3 3 3"))
    assert shot.contest.target.check.bonus == ("running",)


def test_a_forced_action_follows_the_order_of_play(cast: dict[str, Character]) -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    fight = Fight(cast["Soraya"], cast["Virek-Kohl"], order=order)
    fight.begin_turn("Soraya")
    fight.begin_turn("Virek-Kohl")
    turn = fight.force("Soraya", "dodge")
    assert turn is not None and turn.note == "forced from round 2"
    assert fight.status("Soraya") == ("dodging",)
    with pytest.raises(ForcedActionError, match="once per round"):
        fight.force("Soraya")


def test_a_forced_attack_is_refused(fight: Fight) -> None:
    with pytest.raises(ForcedActionError, match="must be defensive"):
        fight.force("Soraya", "attack")


def test_players_start_with_a_plot_point(fight: Fight) -> None:
    assert (fight.plot_points("Soraya").count, fight.plot_points("Virek-Kohl").count) == (1, 0)


def test_a_plot_point_die_after_the_roll_redoes_the_attack(fight: Fight) -> None:
    miss = fight.attack("Soraya", "Virek-Kohl", dice=rolled("3 3"), defence=rolled("5 4"))
    hit = fight.plot_point_die("Soraya", dice=rolled("4"))
    assert (miss.succeeded, hit.succeeded, hit.contest.roll.total) == (False, True, 12)
    assert fight.endurance("Virek-Kohl").current == 5 and fight.log[-1] is hit
    with pytest.raises(PlotPointError, match="no plot point left"):
        fight.plot_point_die("Soraya", dice=rolled(""))


def test_a_defenders_plot_point_die_can_undo_a_hit(fight: Fight) -> None:
    fight.give_plot_point("Virek-Kohl")
    fight.attack("Soraya", "Virek-Kohl", dice=rolled("4 4"), defence=rolled("3 3"))
    saved = fight.plot_point_die("Virek-Kohl", dice=rolled("6"))
    assert not saved.succeeded and fight.endurance("Virek-Kohl").current == 6


def test_an_escape_ends_every_grapple(fight: Fight) -> None:
    fight.grapple("Issvisk", "Soraya", dice=rolled("6 6"), defence=rolled("3 3"))
    fight.spend_plot_point("Soraya", "escape")
    assert fight.status("Soraya") == () and fight.plot_points("Soraya").count == 0


def test_a_rally_recovers_half_the_lost_endurance(fight: Fight) -> None:
    for _ in range(3):
        fight.damage("Issvisk")
    assert repr(fight.spend_plot_point("Issvisk", "rally")) == "<END 7 of 8>"


def test_a_surge_lasts_until_the_next_turn(fight: Fight) -> None:
    fight.begin_turn("Issvisk")
    surge = fight.spend_plot_point("Issvisk", "surge", attribute="Brawn")
    assert repr(surge) == "<Surge: Issvisk's Brawn 5 → 6 for one round>"
    assert fight.character("Issvisk").attribute("Brawn") == 6
    fight.begin_turn("Issvisk")
    assert fight.character("Issvisk").attribute("Brawn") == 5


def test_a_copy_of_a_fight_is_independent(fight: Fight) -> None:
    twin = fight.copy()
    twin.damage("Soraya")
    assert fight.endurance("Soraya").current == 5


def test_strangers_are_not_in_the_fight(fight: Fight) -> None:
    with pytest.raises(FightError, match="Kestrel is not in this fight"):
        fight.endurance("Kestrel")


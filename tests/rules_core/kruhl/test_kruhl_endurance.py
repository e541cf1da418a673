"""Endurance, recovery, objects and rabble; plot points and the surge example; turn actions."""

from __future__ import annotations

import pytest

from rules_core.errors import RulesError
from rules_core.kruhl import (
    ActionEconomyError,
    Character,
    Endurance,
    PlotPointError,
    PlotPoints,
    TurnActions,
    surge,
)
from rules_core.kruhl.economy import ALL_OUT_MOVE, DOUBLE_MOVE


def hits(end: Endurance, n: int, *, stunning: bool = False) -> Endurance:
    for _ in range(n):
        end = end.hit(stunning=stunning)
    return end


def test_each_successful_attack_costs_one() -> None:
    assert hits(Endurance(6), 2).current == 4


def test_zero_is_defeat_and_there_is_nothing_below() -> None:
    end = hits(Endurance(3), 5)
    assert (end.current, end.defeated, repr(end)) == (0, True, "<END 0 of 3: defeated>")


def test_an_hour_of_rest_recovers_half_the_loss_rounded_up() -> None:
    assert hits(Endurance(8), 5).rest().current == 3 + 3


def test_after_that_only_a_night_helps() -> None:
    rested = hits(Endurance(8), 5).rest()
    assert rested.rest().current == rested.current
    assert rested.night().current == 8


def test_a_night_restores_everything() -> None:
    assert hits(Endurance(8), 7).night().current == 8


def test_a_rally_recovers_the_same_as_an_hours_rest() -> None:
    hurt = hits(Endurance(8), 5)
    assert hurt.rally().current == hurt.rest().current == 6


def test_a_rally_does_not_use_up_the_hours_rest() -> None:
    assert not hits(Endurance(8), 5).rally().rested


def test_stunning_damage_comes_back_with_rest() -> None:
    end = hits(hits(Endurance(6), 2, stunning=True), 3)
    assert repr(end) == "<END 1 of 6 (2 stunned)>"
    assert end.rest().current == 1 + 2 + 2


def test_an_object_is_damaged_past_half() -> None:
    door = Endurance.of_object(6, "door")
    assert (hits(door, 3).damaged, hits(door, 4).damaged) == (False, True)
    assert repr(hits(door, 4)) == "<END 2 of 6: damaged>"


def test_an_object_at_zero_is_destroyed() -> None:
    assert repr(hits(Endurance.of_object(2), 3)) == "<END 0 of 2: destroyed>"


def test_objects_do_not_rest() -> None:
    with pytest.raises(RulesError, match="an object cannot rest"):
        Endurance.of_object(4).rest()


def test_rabble_fall_to_one_hit() -> None:
    assert repr(Endurance.of_rabble().hit()) == "<rabble, defeated>"


def test_maximum_endurance_must_be_positive() -> None:
    with pytest.raises(RulesError, match="1 or more"):
        Endurance(0)


def test_a_surge_raises_an_attribute_by_one() -> None:
    brawn = surge(Character("Issvisk", {"Brawn": 5}), "Brawn")
    presence = surge(Character("Seer", {"Presence": 7}), "Presence", scene=True)
    assert repr(brawn) == "<Surge: Issvisk's Brawn 5 → 6 for one round>"
    assert repr(presence) == "<Surge: Seer's Presence 7 → 8 for the scene>"
    assert brawn.after.attribute("Brawn") == 6


def test_a_plot_point_is_spent_once() -> None:
    points = PlotPoints().spend("rally")
    assert (points.count, points.spent) == (0, ("rally",))
    with pytest.raises(PlotPointError, match="no plot point left"):
        points.spend("escape")


def test_unknown_uses_are_refused() -> None:
    with pytest.raises(PlotPointError, match="not a use of plot points"):
        PlotPoints().spend("reroll")


def test_unspent_points_do_not_carry_over() -> None:
    assert PlotPoints(3).next_session() == PlotPoints(1)


def test_one_move_and_one_standard_action_a_turn() -> None:
    turn = TurnActions("Soraya")
    assert turn.move(DOUBLE_MOVE) == "running"
    turn.standard("attack")
    turn.quick("drop the crossbow")
    turn.free("taunt Virek-Kohl")
    assert repr(turn) == ("<Soraya's turn: move: double move, standard: attack, "
                          "quick: drop the crossbow, free: taunt Virek-Kohl>")
    with pytest.raises(ActionEconomyError, match="one standard action per turn"):
        turn.standard("skill roll")
    with pytest.raises(ActionEconomyError, match="one move action per turn"):
        turn.move(ALL_OUT_MOVE)


def test_the_gm_may_cap_quick_actions() -> None:
    turn = TurnActions("Soraya", quick_limit=1)
    turn.quick("crouch")
    with pytest.raises(ActionEconomyError, match="as many as the GM allows"):
        turn.quick("drop")


def test_free_actions_are_never_refused() -> None:
    turn = TurnActions("Soraya")
    for _ in range(20):
        turn.free("banter")
    assert len(turn.free_actions) == 20

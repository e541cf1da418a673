"""Order of play: the source's two examples, delaying, forcing, late joiners, initiative."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.kruhl import (
    Character,
    ForcedActionError,
    TurnOrder,
    TurnOrderError,
    roll_initiative,
)

LACKEYS = "Virek-Kohl's lackeys"


def soraya_and_virek() -> TurnOrder:
    """Example B: Soraya, then Virek-Kohl, then his lackeys; Issvisk arrives in round 2."""
    order = TurnOrder(["Soraya", "Virek-Kohl", LACKEYS])
    order.play_round()
    order.join("Issvisk", before=LACKEYS)
    order.play_round()
    order.play_round(delay={"Soraya": "Issvisk"})
    order.play_round()
    order.play_round()
    order.play_round(force={"Soraya": "Virek-Kohl"})
    order.play_round()
    order.play_round()
    return order


def test_example_a_repeats_the_same_order_every_round() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl", "Issvisk", LACKEYS])
    rounds = [order.play_round() for _ in range(3)]
    assert [r.names for r in rounds] == [("Soraya", "Virek-Kohl", "Issvisk", LACKEYS)] * 3


def test_example_b_rounds_one_to_eight() -> None:
    assert repr(soraya_and_virek().ledger()) == "\n".join([
        "Round 1: Soraya, Virek-Kohl, Virek-Kohl's lackeys",
        "Round 2: Soraya, Virek-Kohl, Issvisk, Virek-Kohl's lackeys",
        "Round 3: Virek-Kohl, Issvisk, Soraya (delayed), Virek-Kohl's lackeys",
        "Round 4: Soraya, Virek-Kohl, Issvisk, Virek-Kohl's lackeys",
        "Round 5: Soraya, Virek-Kohl, Issvisk, Virek-Kohl's lackeys",
        "Round 6: Soraya, Virek-Kohl, Soraya (forced from round 7), Issvisk, "
        "Virek-Kohl's lackeys",
        "Round 7: Virek-Kohl, Issvisk, Virek-Kohl's lackeys",
        "Round 8: Soraya, Virek-Kohl, Issvisk, Virek-Kohl's lackeys",
    ])


def test_the_turn_table_is_written_as_in_the_source() -> None:
    rows = soraya_and_virek().ledger().rows()
    assert rows[:3] == (("Round 1", "Soraya's turn"), ("", "Virek-Kohl's turn"),
                        ("", "Virek-Kohl's lackeys' turn"))
    assert ("", "Soraya's turn (forced from round 7)") in rows
    assert ("", "Soraya's turn (delayed)") in rows


def test_round_seven_says_why_soraya_has_no_turn() -> None:
    ledger = soraya_and_virek().ledger()
    assert ledger.round(7).lost == ("Soraya has no turn in round 7: it was forced in round 6",)
    assert ledger.explain().lines == ledger.round(7).lost


def test_soraya_acts_twice_in_round_six_but_has_one_turn_of_it() -> None:
    ledger = soraya_and_virek().ledger()
    assert ledger.round(6).names.count("Soraya") == 2
    assert [t.name for t in ledger.turns_belonging_to(6)].count("Soraya") == 1
    assert [t.name for t in ledger.turns_belonging_to(7)].count("Soraya") == 1


def test_delaying_does_not_change_the_stored_order() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.play_round(delay={"Soraya": "Virek-Kohl"})
    assert order.order == ["Soraya", "Virek-Kohl"]
    assert order.play_round().names == ("Soraya", "Virek-Kohl")


def test_a_delayed_turn_can_interrupt_anyone() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl", "Issvisk"])
    order.delay("Soraya")
    order.act_delayed("Soraya")
    assert order.next_round().names == ("Soraya", "Virek-Kohl", "Issvisk")


def test_a_delayed_turn_can_carry_into_the_next_round() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.delay("Soraya")
    first = order.next_round()
    assert first.names == ("Virek-Kohl",)
    assert first.lost == ("Soraya still holds a delayed turn at the end of round 1: "
                          "it carries over as round 2's",)
    assert order.up == "Virek-Kohl"
    order.take_turn()
    assert repr(order.act_delayed("Soraya")) == (
        "<Soraya's turn (delayed from round 1), round 2>")


def test_nobody_uses_a_delayed_turn_they_do_not_hold() -> None:
    with pytest.raises(TurnOrderError, match="not holding a delayed turn"):
        TurnOrder(["Soraya"]).act_delayed("Soraya")


def test_a_turn_out_of_order_is_refused() -> None:
    with pytest.raises(TurnOrderError, match="it is Soraya's turn, not Virek-Kohl's"):
        TurnOrder(["Soraya", "Virek-Kohl"]).take_turn("Virek-Kohl")


def test_forcing_before_ones_turn_uses_this_rounds_turn() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.take_turn()
    order.force("Virek-Kohl")
    assert order.next_round().names == ("Soraya", "Virek-Kohl")
    assert order.ledger().round(1).turns[1].note == "forced"


def test_a_forced_action_must_be_defensive() -> None:
    with pytest.raises(ForcedActionError, match="must be defensive"):
        TurnOrder(["Soraya"]).force("Soraya", "attack")


def test_a_forced_action_only_once_per_round() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.force("Soraya")
    with pytest.raises(ForcedActionError, match="once per round"):
        order.force("Soraya")


def test_a_late_joiner_is_placed_where_the_gm_says() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.join("Issvisk", after="Soraya")
    assert order.order == ["Soraya", "Issvisk", "Virek-Kohl"]


def test_a_joiner_placed_before_the_current_turn_waits_for_the_next_round() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.take_turn()
    order.join("Issvisk", before="Soraya")
    assert order.next_round().names == ("Soraya", "Virek-Kohl")
    assert order.next_round().names == ("Issvisk", "Soraya", "Virek-Kohl")


def test_the_environment_goes_last() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"], environment=True)
    assert order.play_round().names == ("Soraya", "Virek-Kohl", "Environment")


def test_a_character_who_leaves_has_no_more_turns() -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    order.leave("Virek-Kohl")
    assert order.play_round().names == ("Soraya",)


def test_a_name_can_be_in_the_order_only_once() -> None:
    with pytest.raises(TurnOrderError, match="cannot join"):
        TurnOrder(["Soraya", "Soraya"])


def test_initiative_goes_from_highest_to_lowest(cast: dict[str, Character]) -> None:
    initiative = roll_initiative(cast["Soraya"], cast["Virek-Kohl"], cast["Issvisk"],
                                 dice=rolled("3 3  5 5  6"))
    assert initiative.order == ("Virek-Kohl", "Soraya", "Issvisk")
    assert repr(initiative) == "<Initiative: Virek-Kohl 12, Soraya 8, Issvisk 7>"


def test_ambushers_roll_a_bonus_die(cast: dict[str, Character]) -> None:
    initiative = roll_initiative(cast["Soraya"], cast["Virek-Kohl"], dice=rolled("3 3 4  5 5"),
                                 ambush=["Soraya"])
    assert initiative.rolls[0].check.bonus == ("ambush",)
    assert initiative.order == ("Soraya", "Virek-Kohl")


def test_initiative_ties_go_to_higher_reason(cast: dict[str, Character]) -> None:
    initiative = roll_initiative(cast["Issvisk"], cast["Soraya"], dice=rolled("4  1 2"))
    assert (initiative.total("Issvisk"), initiative.total("Soraya")) == (5, 5)
    assert initiative.order == ("Soraya", "Issvisk")


def test_then_to_player_characters(cast: dict[str, Character]) -> None:
    initiative = roll_initiative(cast["Virek-Kohl"], cast["Soraya"], dice=rolled("3 3  3 3"))
    assert initiative.order == ("Soraya", "Virek-Kohl")


def test_then_to_a_roll_off(cast: dict[str, Character]) -> None:
    twin = Character("Twin", {"Reason": 2}, skills={"Perception": "skilled"})
    initiative = roll_initiative(cast["Virek-Kohl"], twin, dice=rolled("3 3  3 3  2 2  1 5"))
    assert initiative.order == ("Twin", "Virek-Kohl")
    assert initiative.roll_offs == (("Virek-Kohl", (2, 1)), ("Twin", (2, 5)))


def test_initiative_gives_a_turn_order(cast: dict[str, Character]) -> None:
    initiative = roll_initiative(cast["Soraya"], cast["Virek-Kohl"], dice=rolled("6 6  1 1"))
    assert initiative.turn_order().order == ["Soraya", "Virek-Kohl"]

"""Initiative and the order of a conflict: ties by modifier then roll-off, delays,
interruptions, late arrivals, and rounds."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import Character, InitiativeError, TurnOrder, roll_initiative
from rules_core.question import AtLeast

D = ScriptedDice


def order_of(cast: dict[str, Character]) -> TurnOrder:
    return roll_initiative(cast["Mara"], cast["Rook"], cast["Hana"], cast["Voss"],
                           dice=D("7 8 4 4  3 9")).turn_order()


def test_initiative_is_a_d10_plus_dexterity_and_composure(mara: Character) -> None:
    assert roll_initiative(mara, dice=D("7")).rolls[0].total == 12


def test_a_tie_goes_to_the_higher_modifier(mara: Character, rook: Character) -> None:
    assert roll_initiative(rook, mara, dice=D("8 7")).order == ("Mara", "Rook")


def test_a_full_tie_is_rolled_off(hana: Character, voss: Character) -> None:
    found = roll_initiative(hana, voss, dice=D("4 4  3 9"))
    assert (found.order, found.roll_offs) == (("Voss", "Hana"), (("Hana", (3,)), ("Voss", (9,))))


def test_a_roll_off_is_rolled_again_while_tied(hana: Character, voss: Character) -> None:
    assert roll_initiative(hana, voss, dice=D("4 4  5 5  2 6")).order == ("Voss", "Hana")


def test_each_initiative_roll_asks_its_odds(mara: Character) -> None:
    asked = roll_initiative(mara, dice=D("7")).odds()[0]
    assert isinstance(asked, AtLeast) and (asked.value, asked.procedure.modifier) == (12, 5)


def test_a_character_rolls_initiative_once(mara: Character) -> None:
    with pytest.raises(InitiativeError, match="roll twice"):
        roll_initiative(mara, mara, dice=D("1 1"))


def test_the_sheet_may_give_its_own_modifier() -> None:
    assert Character("Ike", {"Dexterity": 2}, initiative=7).initiative_modifier == 7


def test_a_delay_lowers_initiative_this_round_and_the_next(cast: dict[str, Character]) -> None:
    order = order_of(cast).take_turn().delay(to=5)
    assert (order.up, order.ranking) == ("Voss", ["Mara", "Voss", "Hana", "Rook"])


def test_a_delay_must_lower_initiative(cast: dict[str, Character]) -> None:
    with pytest.raises(InitiativeError, match="to a lower value"):
        order_of(cast).delay(to=12)


def test_an_interrupter_acts_now_and_next_round_right_behind(
        cast: dict[str, Character]) -> None:
    order = order_of(cast).take_turn().delay(to=5).interrupt("Rook")
    assert (order.acted, order.up, order.ranking) == (
        ["Mara", "Rook"], "Voss", ["Mara", "Voss", "Rook", "Hana"])


def test_only_a_delaying_character_interrupts(cast: dict[str, Character]) -> None:
    with pytest.raises(InitiativeError, match="not delaying"):
        order_of(cast).interrupt("Hana")


def test_a_late_joiner_beating_the_tipper_acts_right_after_them(
        cast: dict[str, Character]) -> None:
    ike = Character("Ike", {"Dexterity": 2, "Composure": 2})
    order = order_of(cast).take_turn().take_turn().take_turn()
    order = order.join(ike, tipped_off_by="Voss", dice=D("9"))
    assert (order.up, order.queue) == ("Ike", ["Ike", "Hana"])


def test_a_late_joiner_takes_their_usual_place_from_the_next_round(
        cast: dict[str, Character]) -> None:
    ike = Character("Ike", {"Dexterity": 2, "Composure": 2})
    order = order_of(cast).join(ike, tipped_off_by="Hana", dice=D("9"))
    assert order.ranking[0] == "Ike"


def test_a_late_joiner_below_the_tipper_waits_for_their_place(
        cast: dict[str, Character]) -> None:
    ike = Character("Ike", {"Dexterity": 2, "Composure": 2})
    order = order_of(cast).take_turn().join(ike, tipped_off_by="Mara", dice=D("2"))
    assert order.queue == ["Rook", "Voss", "Hana", "Ike"]


def test_a_move_leaves_the_order_before_it_unchanged(cast: dict[str, Character]) -> None:
    order = order_of(cast)
    order.take_turn()
    assert (order.up, order.acted) == ("Mara", [])


def test_a_round_ends_only_once_everyone_has_acted(cast: dict[str, Character]) -> None:
    with pytest.raises(InitiativeError, match="not taken a turn in round 1"):
        order_of(cast).take_turn().next_round()


def test_initiative_is_kept_for_the_next_round(cast: dict[str, Character]) -> None:
    order = order_of(cast)
    for _ in range(4):
        order = order.take_turn()
    order = order.next_round()
    assert (order.round, order.queue) == (2, ["Mara", "Rook", "Voss", "Hana"])


def test_the_coming_order_is_readable(cast: dict[str, Character]) -> None:
    order = order_of(cast)
    later = order.take_turn().delay(to=5)
    assert (order.order_left, later.order_left) == (("Mara", "Rook", "Voss", "Hana"),
                                            ("Voss", "Hana", "Rook"))
    assert later.order == ("Mara", "Voss", "Hana", "Rook")


def test_an_interrupter_takes_the_answered_characters_initiative(
        cast: dict[str, Character]) -> None:
    order = order_of(cast).take_turn().delay(to=5).interrupt("Rook")
    assert (order.value("Rook"), order.value("Voss")) == (10, 10)


def test_a_round_begins_when_someone_presses_on(cast: dict[str, Character]) -> None:
    order = order_of(cast)
    for _ in range(4):
        order = order.take_turn()
    assert (order.up, order.order_left) == (None, ())
    pressed = order.next_round(pressed_by="Voss")
    assert pressed.events == ["Voss presses on: everyone is aware, and round 2 begins, in "
                              "the same order."]
    assert [pressed.value(n) for n in pressed.order_left] == [12, 12, 10, 10]

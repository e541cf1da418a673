"""The turn and blocking: one instant action ends the turn, minor actions, extra effort as a
Difficulty, movement under pressure, blocks that stand until the blocker's next turn, and
bulwarks."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import Character, Turn, TurnError

D = ScriptedDice


def test_the_instant_action_ends_the_turn(mara: Character) -> None:
    turn = Turn(mara).instant("kick the door")
    with pytest.raises(TurnError, match="ended with the instant action"):
        turn.instant("kick it again")


def test_minor_and_reflexive_actions_are_unlimited_before_it(mara: Character) -> None:
    turn = Turn(mara)
    for what in ("look around", "draw", "crouch", "open the door"):
        turn = turn.minor(what)
    turn = turn.reflexive("spot the sniper")
    assert len(turn.log) == 5 and not turn.over


def test_extra_effort_gives_the_instant_action_a_difficulty(hana: Character) -> None:
    turn = Turn(hana).alongside("drag Ike", difficulty=1)
    assert turn.ready(hana.action("Dexterity", "Firearms")).size == 5


def test_a_failed_move_leaves_the_character_stuck_but_free_to_act(mara: Character) -> None:
    turn = Turn(mara).move("across the floor", mara.action("Dexterity", "Athletics")
                           .with_difficulty(2, "rubble"), dice=D("7 5 2"))
    assert (turn.log[0][2], turn.over) == ("stuck", False)


def test_a_roll_of_someone_else_is_not_part_of_the_turn(mara: Character,
                                                        hana: Character) -> None:
    with pytest.raises(TurnError, match="Hana's roll"):
        Turn(mara).instant(hana.action("Dexterity", "Firearms").roll(D("9 1 1 1 1 1")))


def test_matching_a_block_is_enough_for_a_normally_automatic_action(
        rook: Character, hana: Character) -> None:
    hold = rook.action("Strength", "Brawl").block(D("9 8 6 5 3 2 1"), against="Hana")
    done = hold.hinders(hana.action("Dexterity", "Firearms"), dice=D("9 8 4 3 2 1"))
    assert done.succeeded


def test_anything_else_must_beat_the_block(rook: Character, hana: Character) -> None:
    hold = rook.action("Strength", "Brawl").block(D("9 8 6 5 3 2 1"), against="Hana")
    done = hold.hinders(hana.action("Strength", "Athletics"), dice=D("10 8 5 1 6"),
                        automatic=False)
    assert (done.needed, done.succeeded) == (3, False)


def test_a_block_with_no_success_stops_nothing_automatic(rook: Character,
                                                         hana: Character) -> None:
    hold = rook.action("Strength", "Brawl").block(D("7 6 5 5 3 2 1"), against="Hana")
    assert hold.hinders(hana.action("Dexterity", "Firearms"), dice=D("1 1 1 1 1 1")).succeeded


def test_a_block_lapses_at_the_blockers_next_turn(rook: Character, hana: Character) -> None:
    hold = rook.action("Strength", "Brawl").block(D("9 8 6 5 3 2 1"), against="Hana").lapse()
    with pytest.raises(TurnError, match="lapsed"):
        hold.hinders(hana.action("Dexterity", "Firearms"), dice=D(""))


def test_pushing_past_a_bulwark_deals_no_damage(mara: Character, rook: Character) -> None:
    hit = mara.push_past("Dexterity", "Athletics").against(
        rook.bulwark("Stamina", blocking="the hallway"), dice=D("10 9 8 3 1 8"),
        defence=D("9 8 5 4 3 2 2 1"))
    assert (hit.hit, hit.wounds) == (True, None)


def test_a_bulwark_needs_a_passage(rook: Character) -> None:
    with pytest.raises(TurnError, match="open ground"):
        rook.bulwark("Stamina", blocking="")


def test_a_bulwark_resists_with_stamina_or_brawl(rook: Character) -> None:
    assert rook.bulwark("Brawl", blocking="the door").traits == (("Strength", 4), ("Brawl", 3))

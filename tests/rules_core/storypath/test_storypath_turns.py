"""Storypath initiative rosters, turns, movement and speed."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.storypath import (
    DIFFICULT,
    TWICE_BOTH,
    ActionError,
    ActionResult,
    Character,
    Contested,
    Cover,
    Initiative,
    InitiativeError,
    Reflexive,
    Turn,
    TurnError,
    Unrolled,
    roll_initiative,
    speed,
)

# -- initiative -----------------------------------------------------------------------------


def initiative(ana: Character, bo: Character, giant: Character, wolves: Character,
               faces: str = "9 8 1 2  10 8 3 1 4 8  8 9 1 1 1  9 2 3 4") -> Initiative:
    return roll_initiative(ana.initiative("Close Combat"), bo.initiative("Firearms"),
                           giant.initiative("Close Combat"), wolves.initiative("Close Combat"),
                           dice=ScriptedDice(faces), shared={"Wolves": ("Grey", "White")})


def test_slots_go_from_most_successes_to_fewest(ana: Character, bo: Character,
                                                giant: Character, wolves: Character) -> None:
    slots = initiative(ana, bo, giant, wolves).slots
    assert [s.successes for s in slots] == [3, 2, 2, 1, 1]


def test_a_pc_slot_comes_before_an_sgc_slot_on_a_tie(ana: Character, bo: Character,
                                                     giant: Character,
                                                     wolves: Character) -> None:
    slots = initiative(ana, bo, giant, wolves).slots
    assert [(s.kind, s.rolled_by) for s in slots[1:3]] == [("PC", "Ana"), ("SGC", "Frost giant")]


def test_the_pc_wins_the_tie_whoever_rolled_first(ana: Character, giant: Character) -> None:
    found = roll_initiative(giant.initiative("Close Combat"), ana.initiative("Close Combat"),
                            dice=ScriptedDice("9 8 1 1 1  8 9 2 3"))
    assert [s.kind for s in found.slots] == ["PC", "SGC"]


def test_a_shared_roll_gives_each_character_a_slot(ana: Character, bo: Character,
                                                   giant: Character, wolves: Character) -> None:
    found = initiative(ana, bo, giant, wolves)
    assert found.roster().order == ("Bo", "Ana", "Frost giant", "Grey", "White")


def test_players_place_their_characters_in_the_pc_slots(ana: Character, bo: Character,
                                                        giant: Character,
                                                        wolves: Character) -> None:
    roster = initiative(ana, bo, giant, wolves).roster(players=["Ana", "Bo"])
    assert roster.order == ("Ana", "Bo", "Frost giant", "Grey", "White")


def test_the_storyguide_places_the_sgcs(ana: Character, bo: Character, giant: Character,
                                        wolves: Character) -> None:
    roster = initiative(ana, bo, giant, wolves).roster(storyguide=["White", "Frost giant",
                                                                   "Grey"])
    assert roster.order == ("Bo", "Ana", "White", "Frost giant", "Grey")


def test_placing_a_character_twice_is_refused(ana: Character, bo: Character,
                                              giant: Character, wolves: Character) -> None:
    with pytest.raises(InitiativeError, match="place every PC once"):
        initiative(ana, bo, giant, wolves).roster(players=["Ana", "Ana"])


def test_a_player_character_cannot_share_a_roll(ana: Character) -> None:
    with pytest.raises(InitiativeError, match="only Storyguide characters share"):
        roll_initiative(ana.initiative("Athletics"), dice=ScriptedDice(""),
                        shared={"Ana": ("Ana", "Bo")})


def test_a_character_in_two_rolls_is_refused(ana: Character, wolves: Character) -> None:
    with pytest.raises(InitiativeError, match="Ana would take two slots"):
        roll_initiative(ana.initiative("Athletics"), wolves.initiative("Athletics"),
                        dice=ScriptedDice(""), shared={"Wolves": ("Ana",)})


def test_the_initiative_explains_the_tie(ana: Character, bo: Character, giant: Character,
                                         wolves: Character) -> None:
    lines = initiative(ana, bo, giant, wolves).explain().lines
    assert "Ana and Frost giant tie at 2: the PC slot comes first." in lines
    assert "Grey and White share the roll made for Wolves: a slot each." in lines


def test_the_roster_repr(ana: Character, bo: Character, giant: Character,
                         wolves: Character) -> None:
    assert repr(initiative(ana, bo, giant, wolves).roster()) == (
        "<Roster: Bo (PC 3), Ana (PC 2), Frost giant (SGC 2), Grey (SGC 1), White (SGC 1)>")


# -- the turn -------------------------------------------------------------------------------


def test_a_turn_has_one_simple_action(ana: Character) -> None:
    turn = Turn(ana)
    turn.barrier(1, dice=ScriptedDice("9 1 1 1 1"))
    with pytest.raises(TurnError, match="make them one mixed action"):
        turn.barrier(1, dice=ScriptedDice("9 1 1 1 1"))


def test_reflexive_actions_are_as_many_as_you_like(ana: Character) -> None:
    turn = Turn(ana)
    for what in ("Draw a knife", "Shout a warning", "Drop the lantern"):
        turn.reflexive(what)
    assert len(turn.log) == 3 and not turn.simple_used


def test_move_is_reflexive_and_once_a_round(ana: Character) -> None:
    turn = Turn(ana)
    assert isinstance(turn.move(), Reflexive)
    with pytest.raises(TurnError, match="already used the round's movement"):
        turn.move()


def test_standing_up_takes_the_rounds_movement(ana: Character) -> None:
    turn = Turn(ana, prone=True)
    turn.stand_up()
    with pytest.raises(TurnError, match=r"movement \(Stand up\)"):
        turn.move()


def test_a_prone_character_cannot_move(ana: Character) -> None:
    with pytest.raises(TurnError, match="is prone"):
        Turn(ana, prone=True).move()


def test_dropping_prone_is_reflexive(ana: Character) -> None:
    turn = Turn(ana)
    turn.drop_prone()
    assert turn.prone and not turn.simple_used


def test_rising_while_threatened_is_a_mixed_action_with_an_injury(ana: Character) -> None:
    turn = Turn(ana, prone=True, engaged=["Frost giant"])
    result = turn.rise(ana.action("Close Combat", "Might", task="Strike"),
                       dice=ScriptedDice("9 1 1 1"))
    assert (result.each_succeeded, result.happens, turn.prone) == (
        (True, True), ("an Injury",), False)


def test_a_spare_success_buys_off_the_injury_of_rising(ana: Character) -> None:
    result = Turn(ana, prone=True, engaged=["Frost giant"]).rise(
        ana.action("Close Combat", "Might", task="Strike"), dice=ScriptedDice("9 9 1 1"))
    assert result.happens == ()


def test_on_difficult_terrain_the_move_is_a_roll(ana: Character) -> None:
    turn = Turn(ana, terrain=DIFFICULT)
    with pytest.raises(TurnError, match="pass dice="):
        turn.move()
    result = turn.move(dice=ScriptedDice("9 1 1 1 1 1"))
    assert isinstance(result, ActionResult) and result.succeeded
    assert turn.simple_used == "Move (difficult terrain)"


def test_difficult_terrain_raises_other_movement_by_one(ana: Character) -> None:
    result = Turn(ana, terrain=DIFFICULT).barrier(1, dice=ScriptedDice("9 1 1 1 1"))
    assert (result.difficulty, result.succeeded) == (2, False)


def test_disengage_ties_go_to_the_one_disengaging(ana: Character, giant: Character) -> None:
    turn = Turn(ana, engaged=["Frost giant"])
    result = turn.disengage(giant, dice=ScriptedDice("9 1 1 1 1 1"),
                            defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert isinstance(result, Contested) and result.succeeded and turn.engaged == []


def test_disengage_may_follow_the_move(ana: Character, giant: Character) -> None:
    turn = Turn(ana)
    turn.move(engaging="Frost giant")
    result = turn.disengage(giant, dice=ScriptedDice("9 1 1 1 1 1"),
                            defence=ScriptedDice("1 1 1 1 1 1 1 1 1"))
    assert isinstance(result, Contested) and turn.engaged == []


def test_a_character_engaged_cannot_move_away(ana: Character) -> None:
    with pytest.raises(TurnError, match="disengage first"):
        Turn(ana, engaged=["Frost giant"]).move()


def test_an_extra_never_stops_a_disengage(ana: Character, wolves: Character) -> None:
    turn = Turn(ana, engaged=["Wolves"])
    result = turn.disengage(wolves)
    assert isinstance(result, Reflexive) and not turn.simple_used and turn.engaged == []


def test_disengaging_from_someone_not_engaged_is_refused(ana: Character,
                                                        giant: Character) -> None:
    with pytest.raises(TurnError, match="not engaged by Frost giant"):
        Turn(ana).disengage(giant, relents=True)


def test_on_difficult_terrain_a_tie_no_longer_frees_the_mover(ana: Character,
                                                              giant: Character) -> None:
    turn = Turn(ana, terrain=DIFFICULT, engaged=["Frost giant"])
    result = turn.disengage(giant, dice=ScriptedDice("9 1 1 1 1 1"),
                            defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert isinstance(result, Contested) and not result.succeeded


def test_rush_ties_go_to_the_one_rushing_and_engage(ana: Character, giant: Character) -> None:
    turn = Turn(ana)
    turn.move()
    result = turn.rush(giant, dice=ScriptedDice("9 1 1 1 1 1"),
                       defence=ScriptedDice("9 1 1 1"))
    assert isinstance(result, Contested) and result.succeeded
    assert turn.engaged == ["Frost giant"]


def test_a_rush_nobody_resists_needs_no_roll_but_is_the_simple_action(
        ana: Character, giant: Character) -> None:
    turn = Turn(ana)
    done = turn.rush(giant, resists=False)
    assert isinstance(done, Unrolled) and not isinstance(done, Reflexive)
    assert repr(done) == "<Ana, Rush (simple action, no roll): Frost giant lets them close in>"
    assert (turn.simple_used, turn.engaged) == ("Rush", ["Frost giant"])
    with pytest.raises(TurnError, match=r"already taken this turn's simple action \(Rush\)"):
        turn.barrier(1, dice=ScriptedDice(""))


def test_withdrawing_while_engaged_is_refused(ana: Character) -> None:
    with pytest.raises(TurnError, match="disengage first"):
        Turn(ana, engaged=["Frost giant"]).withdraw(dice=ScriptedDice(""))


def test_a_pursued_withdrawal_is_contested_like_disengaging(ana: Character,
                                                            giant: Character) -> None:
    result = Turn(ana).withdraw(dice=ScriptedDice("9 1 1 1 1 1"), pursuer=giant,
                                defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert isinstance(result, Contested) and result.succeeded


def test_utilizing_cover_puts_the_character_behind_it(ana: Character) -> None:
    railing = Cover("the railing", "light")
    Turn(ana).utilize_cover(railing, dice=ScriptedDice("9 1 1 1 1 1"))
    assert railing.behind == ["Ana"]


def test_crossing_dangerous_terrain_without_a_roll_takes_the_complication(
        ana: Character) -> None:
    result = Turn(ana).cross_dangerous(2, "a wall of flame")
    assert isinstance(result, Reflexive) and "Complication 2 happens" in result.note


def test_an_athletics_roll_can_buy_off_dangerous_terrain(ana: Character) -> None:
    result = Turn(ana).cross_dangerous(2, "a wall of flame", dice=ScriptedDice("9 9 1 1 1 1"))
    assert isinstance(result, ActionResult) and result.happens == ()


def test_a_movement_roll_adds_might_or_dexterity(ana: Character) -> None:
    with pytest.raises(ActionError, match="Might or Dexterity"):
        Turn(ana).barrier(1, dice=ScriptedDice(""), attribute="Stamina")


def test_the_turn_table_lists_what_was_done(ana: Character, giant: Character) -> None:
    turn = Turn(ana, engaged=["Frost giant"])
    turn.disengage(giant, relents=True)
    turn.move()
    assert turn.table().rows == (("1", "Disengage", "reflexive", "Frost giant relents: one "
                                  "range band away"), ("2", "Move", "reflexive",
                                                      "one range band"))


# -- speed ----------------------------------------------------------------------------------


def test_speed_is_twice_athletics_plus_the_best_physical_attribute(giant: Character) -> None:
    assert speed(giant).feet == 2 * 2 + 5


def test_speed_read_the_other_way_doubles_both(giant: Character) -> None:
    assert (speed(giant).other, speed(giant, TWICE_BOTH).feet) == (14, 14)


def test_an_unknown_reading_of_speed_is_refused(giant: Character) -> None:
    with pytest.raises(ActionError, match="speed is read as"):
        speed(giant, "thrice")

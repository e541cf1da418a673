"""Storypath rules of issue 37: a Rush only on one's feet and only to close a distance, a
threatened rise only with someone engaging, dangerous terrain that is also difficult, a
barrier nothing presses, chases between bandmates, and the verdict of a chase the interval
limit ends."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.outcome import Outcome
from rules_core.storypath import (
    DIFFICULT,
    ActionResult,
    Character,
    Chase,
    ChaseError,
    Contested,
    Reflexive,
    Turn,
    TurnError,
    chase_pool,
    chase_roll,
)

# -- Rush -----------------------------------------------------------------------------------


def test_a_rush_from_the_ground_is_refused(ana: Character, giant: Character) -> None:
    with pytest.raises(TurnError, match="Ana is prone: a Rush is a charge"):
        Turn(ana, prone=True).rush(giant, resists=False)


def test_a_rush_may_follow_standing_up(ana: Character, giant: Character) -> None:
    turn = Turn(ana, prone=True)
    turn.stand_up()
    turn.rush(giant, resists=False)
    assert (turn.prone, turn.engaged, turn.simple_used) == (False, ["Frost giant"], "Rush")


def test_a_rush_at_an_opponent_already_engaged_is_refused(ana: Character,
                                                          giant: Character) -> None:
    with pytest.raises(TurnError, match="already engaged with Frost giant"):
        Turn(ana, engaged=["Frost giant"]).rush(giant, dice=ScriptedDice("9 1 1 1 1 1"),
                                                defence=ScriptedDice("1 1 1 1"))


def test_a_refused_rush_leaves_the_simple_action(ana: Character, giant: Character) -> None:
    turn = Turn(ana, engaged=["Frost giant"])
    with pytest.raises(TurnError):
        turn.rush(giant, resists=False)
    assert turn.simple_used == "" and turn.log == []


def test_a_rush_at_another_opponent_while_engaged_is_still_a_rush(ana: Character,
                                                                  giant: Character) -> None:
    turn = Turn(ana, engaged=["Wolves"])
    done = turn.rush(giant, resists=False)
    assert done.succeeded and turn.engaged == ["Wolves", "Frost giant"]


# -- rising -------------------------------------------------------------------------------


def test_a_threatened_rise_with_nobody_engaging_is_refused(ana: Character) -> None:
    turn = Turn(ana, prone=True)
    with pytest.raises(TurnError, match="nobody engages Ana at close range"):
        turn.rise(ana.action("Close Combat", "Might", task="Stab"), dice=ScriptedDice(""))
    assert turn.prone and turn.moved == "" and turn.simple_used == ""


def test_a_failed_rise_leaves_the_character_on_the_ground(ana: Character) -> None:
    turn = Turn(ana, prone=True, terrain=DIFFICULT, engaged=["Frost giant"])
    done = turn.rise(ana.action("Close Combat", "Might", task="Stab"),
                     dice=ScriptedDice("5 3 1 1"))
    assert (done.each_succeeded, done.happens) == ((False, False), ("an Injury",))
    assert turn.prone and turn.moved == "Rise"


# -- dangerous terrain that is also difficult -----------------------------------------------


def test_crossing_dangerous_terrain_on_difficult_ground_is_one_difficulty_harder(
        ana: Character) -> None:
    faces = "9 8 5 3 1 1"
    dry = Turn(ana).cross_dangerous(2, "burning oil", dice=ScriptedDice(faces))
    mud = Turn(ana, terrain=DIFFICULT).cross_dangerous(2, "burning oil",
                                                       dice=ScriptedDice(faces))
    assert (dry.difficulty, dry.threshold, dry.happens) == (0, 2, ())
    assert (mud.difficulty, mud.threshold, mud.happens) == (1, 1, ("burning oil",))
    assert mud.action.difficulty_text() == "Difficulty 1 (0 + 1 for difficult terrain)"


def test_crossing_with_no_success_on_difficult_ground_fails_and_takes_the_complication(
        ana: Character) -> None:
    done = Turn(ana, terrain=DIFFICULT).cross_dangerous(1, "acid", dice=ScriptedDice(
        "7 5 3 3 1 1"))
    assert (done.succeeded, done.happens) == (False, ("acid",))


def test_crossing_unrolled_on_difficult_ground_just_takes_the_complication(
        ana: Character) -> None:
    done = Turn(ana, terrain=DIFFICULT).cross_dangerous(2, "acid")
    assert isinstance(done, Reflexive) and "Complication 2 happens" in done.note


# -- barriers -------------------------------------------------------------------------------


def test_a_barrier_nothing_presses_needs_no_roll_and_no_simple_action(bo: Character) -> None:
    turn = Turn(bo)
    done = turn.barrier()
    assert isinstance(done, Reflexive) and turn.simple_used == ""
    assert repr(done) == "<Bo, Barrier (reflexive): nothing presses, so no roll: over it>"


def test_dice_for_a_barrier_with_no_difficulty_are_refused(bo: Character) -> None:
    with pytest.raises(TurnError, match="no challenge: nothing is rolled"):
        Turn(bo).barrier(dice=ScriptedDice("9"))


def test_a_barrier_under_pressure_needs_dice(bo: Character) -> None:
    with pytest.raises(TurnError, match=r"under pressure \(Difficulty 2\) is a roll"):
        Turn(bo).barrier(2)


def test_a_barrier_under_pressure_is_still_a_simple_roll(bo: Character) -> None:
    turn = Turn(bo)
    done = turn.barrier(2, dice=ScriptedDice("9 8 8 5 2 1"))
    assert isinstance(done, ActionResult) and turn.simple_used == "Barrier"


# -- chases between bandmates ---------------------------------------------------------------


def test_a_chase_between_bandmates_is_one_opposed_roll(ana: Character, bo: Character) -> None:
    done = chase_roll(chase_pool(ana, "obstacles"), chase_pool(bo, "obstacles"),
                      dice=ScriptedDice("9 8 8 4 2 1"), defence=ScriptedDice("9 6 5 3 2"))
    assert isinstance(done, Contested) and done.winner == "Ana"


def test_a_lap_chase_between_bandmates_asks_who_the_limit_favours(ana: Character,
                                                                  bo: Character) -> None:
    with pytest.raises(ChaseError, match="Ana and Bo are on the same footing"):
        Chase(chase_pool(ana, "sprint"), chase_pool(bo, "sprint"), laps=2, interval_limit=3)


# -- the verdict of a chase -----------------------------------------------------------------

MISS_ANA, MISS_GIANT = "1 1 1 1 1", "1 1 1 1 1 1 1"
LAP_ANA, LAP_GIANT = "9 1 1 1 1", "9 1 1 1 1 1 1"


def chase(ana: Character, giant: Character, limit: int = 2) -> Chase:
    return Chase(chase_pool(ana, "sprint"), chase_pool(giant, "sprint"), laps=2,
                 interval_limit=limit)


def test_a_chase_under_way_has_no_verdict(ana: Character, giant: Character) -> None:
    played = chase(ana, giant)
    played.interval(ScriptedDice(LAP_ANA), ScriptedDice(MISS_GIANT))
    assert (played.at_limit, played.ending, played.outcome) == (False, "", Outcome.NONE)


def test_the_limit_against_fleeing_pcs_overwhelms_them(ana: Character,
                                                       giant: Character) -> None:
    played = chase(ana, giant)
    for _ in range(2):
        played.interval(ScriptedDice(LAP_ANA), ScriptedDice(MISS_GIANT))
    assert (played.at_limit, played.winner) == (False, "Ana")  # two laps: she finished
    stormed = chase(ana, giant, limit=3)
    for faces in (LAP_ANA, MISS_ANA, MISS_ANA):
        stormed.interval(ScriptedDice(faces), ScriptedDice(MISS_GIANT))
    assert (stormed.at_limit, stormed.winner, stormed.outcome) == (
        True, "Frost giant", Chase.OVERWHELMED_AT_LIMIT)
    assert stormed.ending == "the pursuit overwhelms Ana, a dead end"


def test_the_limit_is_the_quarrys_safety_when_pcs_pursue(ana: Character,
                                                         giant: Character) -> None:
    pursued = Chase(chase_pool(giant, "sprint"), chase_pool(ana, "sprint"), laps=2,
                    interval_limit=2)
    for _ in range(2):
        pursued.interval(ScriptedDice(MISS_GIANT), ScriptedDice(MISS_ANA))
    assert (pursued.at_limit, pursued.outcome, pursued.ending) == (
        True, Chase.SAFE_AT_LIMIT, "Frost giant reaches a place of safety")
    assert pursued.explain().outcome == Chase.SAFE_AT_LIMIT
    assert repr(pursued).endswith(": the interval limit: Frost giant reaches a place of "
                                  "safety; Frost giant wins>")


def test_finishing_the_laps_is_got_away_or_caught(ana: Character, giant: Character) -> None:
    away, caught = chase(ana, giant), chase(ana, giant)
    for _ in range(2):
        away.interval(ScriptedDice(LAP_ANA), ScriptedDice(MISS_GIANT))
        caught.interval(ScriptedDice(MISS_ANA), ScriptedDice(LAP_GIANT))
    assert (away.outcome, away.ending) == (Chase.GOT_AWAY, "Ana gets away clean")
    assert (caught.outcome, caught.ending) == (Chase.CAUGHT, "Frost giant catches Ana")
    assert not away.at_limit and not caught.at_limit


def test_finishing_on_the_last_interval_is_not_the_limit(ana: Character,
                                                         giant: Character) -> None:
    played = chase(ana, giant)
    for _ in range(2):
        played.interval(ScriptedDice(LAP_ANA), ScriptedDice(MISS_GIANT))
    assert len(played.log) == played.limit and not played.at_limit


def test_a_lone_side_out_of_time_fails_at_the_limit(ana: Character) -> None:
    alone = Chase(chase_pool(ana, "endurance"), laps=2, interval_limit=2)
    for _ in range(2):
        alone.interval(ScriptedDice(MISS_ANA))
    assert (alone.at_limit, alone.winner, alone.outcome) == (True, None, Outcome.FAILURE)
    assert alone.ending == "the interval limit comes before Ana completes the laps"

"""Storypath readings and rules of issue 25: what a turn holds (trivial things, reflexive
actions, a Withdraw after its Disengage, a Rise on difficult terrain, cover by a Defensive
Stunt), rounds that come back to the first slot, items picked up in a chase, journeys,
Consolations, contest totals, and the errors that say what to do."""

from __future__ import annotations

import pytest

import rules_core.storypath
from rules_core.dice import ScriptedDice
from rules_core.errors import DiceScriptError
from rules_core.storypath import (
    DIFFICULT,
    ITEM_ENHANCEMENT,
    SNATCH_COST,
    ActionResult,
    Character,
    Chase,
    ChaseError,
    Contested,
    Cover,
    InitiativeError,
    Item,
    Reflexive,
    Turn,
    TurnError,
    Unrolled,
    chase_pool,
    contest,
    roll_initiative,
)

# -- the turn -------------------------------------------------------------------------------


def test_trivial_things_happen_at_any_time_by_anyone(ana: Character, giant: Character
                                                     ) -> None:
    turn = Turn(ana)
    turn.move()
    turn.barrier(1, dice=ScriptedDice("9 1 1 1 1"))
    quip = turn.trivial("A one-liner about the cold", who="Bo")
    assert isinstance(quip, Unrolled) and quip.kind == "trivial"
    assert repr(quip) == "<Bo, A one-liner about the cold (trivial): on Ana's turn>"
    assert turn.trivial("Brush off the snow").who == "Ana"
    assert turn.simple_used == "Barrier" and turn.moved == "Move"


def test_an_unrolled_action_of_another_kind_is_refused() -> None:
    with pytest.raises(TurnError, match="'simple' or 'trivial', not 'free'"):
        Unrolled("Ana", "Wave", kind="free")


def test_several_reflexive_actions_fit_in_one_turn(ana: Character) -> None:
    turn = Turn(ana)
    done = [turn.move(), turn.reflexive("Draw a knife"), turn.drop_prone()]
    assert all(isinstance(d, Reflexive) for d in done)
    assert turn.simple_used == ""


def test_a_move_on_open_ground_takes_no_dice(ana: Character) -> None:
    with pytest.raises(TurnError, match="reflexive: no dice"):
        Turn(ana).move(dice=ScriptedDice("9"))


def test_move_takes_its_dice_by_keyword_only(ana: Character) -> None:
    with pytest.raises(TypeError):
        Turn(ana, terrain=DIFFICULT).move(ScriptedDice("9 1 1 1 1 1"))  # type: ignore[misc]


def test_disengage_may_come_before_the_move(bo: Character, giant: Character) -> None:
    turn = Turn(bo, engaged=["Frost giant"])
    turn.disengage(giant, dice=ScriptedDice("9 9 1 1 1"), defence=ScriptedDice("9 1 1 1 1 1 1"
                                                                               " 1 1"))
    assert isinstance(turn.move(), Reflexive)


def test_a_failed_disengage_leaves_the_two_engaged(bo: Character, giant: Character) -> None:
    turn = Turn(bo, engaged=["Frost giant"])
    done = turn.disengage(giant, dice=ScriptedDice("9 1 1 1 1"),
                          defence=ScriptedDice("9 9 1 1 1 1 1 1 1"))
    assert not done.succeeded and turn.engaged == ["Frost giant"]
    with pytest.raises(TurnError, match="engaged by Frost giant: disengage first"):
        turn.move()
    with pytest.raises(TurnError, match="still engaged by Frost giant"):
        turn.withdraw(dice=ScriptedDice(""))


def test_a_withdraw_goes_on_from_the_contested_disengage(bo: Character, giant: Character
                                                         ) -> None:
    turn = Turn(bo, engaged=["Frost giant"])
    turn.disengage(giant, dice=ScriptedDice("9 9 1 1 1"),
                   defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    done = turn.withdraw(dice=ScriptedDice("8 1 1 1 1"))
    assert isinstance(done, ActionResult) and done.succeeded
    assert [what for kind, what, _ in turn.log if kind == "simple"] == ["Disengage", "Withdraw"]
    with pytest.raises(TurnError, match="already taken this turn's simple action"):
        turn.withdraw(dice=ScriptedDice(""))


def test_a_pursued_withdraw_goes_on_from_the_disengage_too(bo: Character, giant: Character
                                                           ) -> None:
    turn = Turn(bo, engaged=["Frost giant"])
    turn.disengage(giant, dice=ScriptedDice("9 9 1 1 1"),
                   defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    done = turn.withdraw(dice=ScriptedDice("9 1 1 1 1"), pursuer=giant,
                         defence=ScriptedDice("9 1 1 1 1 1 1 1 1"))
    assert isinstance(done, Contested) and done.succeeded


def test_only_a_disengage_lets_a_withdraw_follow_in_the_same_turn(bo: Character) -> None:
    turn = Turn(bo)
    turn.barrier(1, dice=ScriptedDice("9 1 1 1 1"))
    with pytest.raises(TurnError, match=r"simple action \(Barrier\), so not Withdraw"):
        turn.withdraw(dice=ScriptedDice(""))


def test_an_unpursued_withdraw_is_a_plain_roll(ana: Character) -> None:
    done = Turn(ana).withdraw(dice=ScriptedDice("9 1 1 1 1 1"))
    assert isinstance(done, ActionResult) and (done.difficulty, done.succeeded) == (1, True)


def test_a_threatened_rise_on_difficult_terrain_is_one_difficulty_harder(ana: Character
                                                                        ) -> None:
    open_ground = Turn(ana, prone=True, engaged=["Frost giant"]).rise(
        ana.action("Close Combat", "Might", task="Stab"), dice=ScriptedDice("9 1 1 1"))
    scree = Turn(ana, prone=True, terrain=DIFFICULT, engaged=["Frost giant"]).rise(
        ana.action("Close Combat", "Might", task="Stab"), dice=ScriptedDice("9 1 1 1"))
    assert [t.action.difficulty for t in (open_ground.tasks[0], scree.tasks[0])] == [0, 1]
    assert open_ground.each_succeeded == (True, True)
    assert scree.each_succeeded == (True, False)  # the one success pays the rise


def test_standing_up_on_difficult_terrain_needs_no_roll(ana: Character) -> None:
    assert isinstance(Turn(ana, prone=True, terrain=DIFFICULT).stand_up(), Reflexive)


# -- cover by a Defensive Stunt -------------------------------------------------------------


def test_a_defensive_stunt_puts_the_character_behind_cover(ana: Character) -> None:
    pillar = Cover("the pillar", "light")
    turn = Turn(ana)
    swing = turn.simple(ana.action("Close Combat", "Might", task="Swing").with_stunt(
        "Defensive Stunt", 1, "into cover").roll(ScriptedDice("9 9 1 1")))
    assert isinstance(swing, ActionResult)
    done = turn.utilize_cover(pillar, stunt=swing)
    assert isinstance(done, Reflexive) and pillar.behind == ["Ana"]


def test_a_stunt_not_paid_for_puts_nobody_behind_cover(ana: Character, bo: Character) -> None:
    pillar = Cover("the pillar", "light")
    poor = ana.action("Close Combat", "Might", task="Swing").with_stunt(
        "Defensive Stunt", 1).roll(ScriptedDice("9 1 1 1"))
    with pytest.raises(TurnError, match="paid for no Defensive Stunt"):
        Turn(ana).utilize_cover(pillar, stunt=poor)
    with pytest.raises(TurnError, match="paid on Ana's roll, not Bo's"):
        Turn(bo).utilize_cover(pillar, stunt=poor)
    with pytest.raises(TurnError, match="a roll \\(dice=\\) or a Defensive Stunt"):
        Turn(ana).utilize_cover(pillar)
    assert pillar.behind == []


# -- rounds ---------------------------------------------------------------------------------


def test_the_round_comes_back_to_the_first_slot(ana: Character, giant: Character) -> None:
    roster = roll_initiative(ana.initiative("Close Combat"), giant.initiative("Close Combat"),
                             dice=ScriptedDice("9 9 1 1 1  8 1 1 1 1")).roster()
    assert [roster.acting(n) for n in (1, 2, 3, 5)] == [
        (1, "Ana"), (1, "Frost giant"), (2, "Ana"), (3, "Ana")]
    with pytest.raises(InitiativeError, match="turn's number"):
        roster.acting(0)


# -- chases ---------------------------------------------------------------------------------


def test_a_snatched_item_lends_its_enhancement_to_a_later_roll(ana: Character,
                                                               giant: Character) -> None:
    chase = Chase(chase_pool(ana, "sprint"), chase_pool(giant, "sprint"), laps=3,
                  interval_limit=5)
    chase.interval(ScriptedDice("9 9 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"),
                   grab={"Ana": "an ice axe"})
    axe = chase.items["Ana"][0]
    later = ana.action("Close Combat", "Might", difficulty=2, task="Hack").using(axe)
    assert later.enhancement == ITEM_ENHANCEMENT == 1 and SNATCH_COST == 1
    assert later.roll(ScriptedDice("9 1 1 1")).succeeded  # 1 success + 1 from the axe


def test_using_takes_items_only(ana: Character) -> None:
    with pytest.raises(rules_core.storypath.ActionError, match="takes items"):
        ana.action("Close Combat", "Might").using("an ice axe")  # type: ignore[arg-type]
    with pytest.raises(rules_core.storypath.ActionError, match="whole Enhancement"):
        Item("a twig", 0)


def test_a_journey_varies_its_pools_interval_by_interval(ana: Character) -> None:
    trek = Chase(chase_pool(ana, "endurance"), laps=2, interval_limit=3)
    trek.interval(ScriptedDice("9 1 1 1 1"))
    stage = trek.interval(ScriptedDice("1 1 1 1 1"), using={"Ana": chase_pool(ana, "sprint")})
    assert stage.results[0].action.task == "Chase (sprint)" and stage.results[0].action.size == 5
    assert trek.interval(ScriptedDice("9 1 1 1 1")).results[0].action.task == "Chase (endurance)"
    assert trek.winner == "Ana"


def test_a_journey_stage_for_someone_else_is_refused(ana: Character, bo: Character) -> None:
    trek = Chase(chase_pool(ana, "endurance"), laps=2, interval_limit=3)
    with pytest.raises(ChaseError, match="using names Bo"):
        trek.interval(ScriptedDice(""), using={"Bo": chase_pool(bo, "sprint")})
    with pytest.raises(ChaseError, match="a pool of their own"):
        trek.interval(ScriptedDice(""), using={"Ana": chase_pool(bo, "sprint")})


def test_mazes_and_split_seconds_roll_intellect_and_cunning() -> None:
    sage = Character("Sage", {"Intellect": 4, "Cunning": 2}, {"Athletics": 1})
    assert chase_pool(sage, "maze").size == 5 and chase_pool(sage, "split-second").size == 3


# -- results --------------------------------------------------------------------------------


def test_a_failure_brings_a_consolation(ana: Character) -> None:
    climb = ana.action("Athletics", "Dexterity", difficulty=2, task="Climb")
    failed = climb.roll(ScriptedDice("9 1 1 1 1 1"))
    assert failed.consolation == "a Consolation (Momentum, for one)"
    assert "The player takes a Consolation (Momentum, for one)." in failed.explain().lines
    assert climb.roll(ScriptedDice("9 9 1 1 1 1")).consolation == ""


def test_a_storyguide_character_s_failure_brings_no_consolation() -> None:
    giant = Character("Frost giant", {"Dexterity": 2}, {"Athletics": 2})
    failed = giant.action("Athletics", "Dexterity", difficulty=2, task="Climb").roll(
        ScriptedDice("9 1 1 1"))
    assert not failed.succeeded and failed.consolation == ""
    assert not any("Consolation" in line for line in failed.explain().lines)


def test_a_contest_shows_both_totals_by_name(ana: Character, giant: Character) -> None:
    done = contest(ana.action("Athletics", "Dexterity").enhanced(1, "a rope"),
                   giant.action("Athletics", "Might"), dice=ScriptedDice("9 1 1 1 1 1"),
                   defence=ScriptedDice("9 9 1 1 1 1 1"))
    assert (done.actor_total, done.opponent_total) == (2, 2)


def test_ten_again_running_out_of_faces_says_to_add_one(ana: Character) -> None:
    with pytest.raises(DiceScriptError, match=r"10-again adds 1 die \(showing 10\) but the "
                       r"faces 10 7 5 3 2 1 run out: add 1 face for the dice rolled again"):
        ana.action("Athletics", "Dexterity").roll(ScriptedDice("10 7 5 3 2 1"))

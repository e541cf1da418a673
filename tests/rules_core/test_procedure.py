"""The dice verbs and the procedure that composes them: every die keeps its story."""

from __future__ import annotations

import pytest

from rules_core import limits
from rules_core.dice import RandomDice, ScriptedDice
from rules_core.errors import DiceScriptError, ExplosionLimitError, RerollLimitError
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    KeepHighest,
    KeepLowest,
    Procedure,
    RerollWhile,
    Total,
    cancel_highest,
    count_at_least,
    explode,
    keep_highest,
    keep_lowest,
    reroll_while,
    roll_pool,
    total,
)
from rules_core.roll import Die, Roll


def low(face: int) -> bool:
    return face <= 2


def pool(faces: str, sides: int = 6) -> Roll:
    n = len(faces.split())
    return roll_pool(ScriptedDice(faces), n, sides)


def test_a_pool_keeps_each_face_as_a_die_of_its_sides() -> None:
    roll = roll_pool(ScriptedDice("3 10"), 2, 10, origin="bonus die")
    assert roll.dice == (Die(10, (3,), "bonus die"), Die(10, (10,), "bonus die"))


def test_dice_that_need_no_reroll_read_no_more_faces() -> None:
    assert reroll_while(pool("3 6"), ScriptedDice(""), low).faces == (3, 6)


def test_rerolls_go_in_waves_and_each_die_keeps_its_history() -> None:
    dice = ScriptedDice("2 3 5")  # wave 1 rerolls the 1 and the 2 together; wave 2 the 2
    rolled = reroll_while(pool("1 4 2"), dice, low)
    assert [die.faces for die in rolled.dice] == [(1, 2, 5), (4,), (2, 3)]
    assert rolled.faces == (5, 4, 3) and rolled.dice[0].rerolled


def test_running_out_of_faces_for_a_reroll_says_which_dice_and_how_many() -> None:
    with pytest.raises(DiceScriptError, match=r"expertise rerolls 2 dice \(showing 1 2\) "
                                              r"but the faces 3 run out: add 1 face"):
        reroll_while(pool("1 2"), ScriptedDice("3"), low, rule="expertise")


def test_a_rule_no_face_satisfies_stops_at_the_limit_with_a_clear_error() -> None:
    with pytest.raises(RerollLimitError, match="rerolled 5 times"):
        reroll_while(pool("3"), RandomDice(1), lambda face: True, limit=5)


def test_the_reroll_limit_is_read_when_the_rule_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_REROLLS_PER_DIE", 1)
    with pytest.raises(RerollLimitError, match="rerolled 1 times"):
        reroll_while(pool("1"), ScriptedDice("2"), low)


def test_a_die_not_kept_is_never_rerolled() -> None:
    roll = pool("1 5").with_die(0, kept=False)
    assert reroll_while(roll, ScriptedDice(""), low).dice[0].faces == (1,)


def test_an_exploding_face_adds_a_die_marked_with_its_origin() -> None:
    rolled = explode(pool("10 4", 10), ScriptedDice("7"), {10}, origin="10-again")
    assert rolled.faces == (10, 4, 7)
    assert rolled.dice[0].exploded and rolled.dice[2].origin == "10-again"


def test_added_dice_explode_too_in_waves() -> None:
    rolled = explode(pool("10 10", 10), ScriptedDice("10 3 8"), {10})
    assert rolled.faces == (10, 10, 10, 3, 8)


def test_an_explosion_past_the_limit_is_an_error() -> None:
    with pytest.raises(ExplosionLimitError, match="one die added 2 dice"):
        explode(pool("6"), ScriptedDice("6 6"), {6}, limit=2)


def test_running_out_of_faces_for_an_explosion_is_a_script_error() -> None:
    with pytest.raises(DiceScriptError, match=r"adds 1 die .*add 1 face for the dice rolled"):
        explode(pool("6 2"), ScriptedDice(""), {6})


def test_keep_highest_drops_the_rest_and_the_earlier_die_wins_a_tie() -> None:
    kept = keep_highest(pool("4 6 4 1"), 2)
    assert [die.kept for die in kept.dice] == [True, True, False, False]
    assert kept.faces == (4, 6) and total(kept) == 10


def test_keep_lowest_keeps_the_lowest() -> None:
    assert keep_lowest(pool("4 6 4 1"), 2).faces == (4, 1)


def test_keeping_none_or_more_than_rolled() -> None:
    assert keep_highest(pool("4 6"), 0).faces == ()
    assert keep_highest(pool("4 6"), 5).faces == (4, 6)


def test_successes_count_dice_at_or_above_the_target_that_still_count() -> None:
    roll = pool("6 5 4 5").with_die(1, kept=False)
    assert count_at_least(roll, 5) == 2
    assert count_at_least(roll.with_die(0, cancelled=True), 5) == 1


def test_cancel_highest_takes_the_highest_eligible_dice_first() -> None:
    roll = cancel_highest(pool("5 6 2 6"), 2, among=lambda die: die.face >= 5)
    assert [die.cancelled for die in roll.dice] == [False, True, False, True]


def test_cancelling_more_than_there_are_cancels_them_all() -> None:
    roll = cancel_highest(pool("5 1"), 4, among=lambda die: die.face >= 5)
    assert [die.cancelled for die in roll.dice] == [True, False]


def test_a_procedure_rolls_its_steps_in_order() -> None:
    chronicle = Procedure(4, 6, (KeepHighest(3),), Total(2))
    roll = chronicle.roll(ScriptedDice("1 6 3 5"))
    assert (roll.faces, chronicle.read(roll)) == ((6, 3, 5), 16)


def test_a_procedure_reads_successes() -> None:
    storypath = Procedure(3, 10, (Explode(frozenset({10})),), CountAtLeast(8))
    roll = storypath.roll(ScriptedDice("10 8 2 9"))
    assert storypath.read(roll) == 3


def test_a_procedure_describes_itself() -> None:
    assert Procedure(6, 6).describe() == "6d6"
    assert Procedure(2, 6, (RerollWhile(frozenset({1, 2})),), Total(3)).describe() == (
        "2d6 + 3, rerolling 1s and 2s")
    assert Procedure(3, 10, (Explode(frozenset({10})),), label="3d10 (10-again)").describe() == (
        "3d10 (10-again)")
    assert KeepLowest(2).describe() == "keeping the lowest 2"


def test_a_die_writes_its_history_and_brackets_a_die_not_kept() -> None:
    assert Die(6, (1, 5)).text() == "1→5"
    assert Die(6, (4,), kept=False).text() == "(4)"
    assert Roll(6, (Die(6, (1, 5)), Die(6, (4,), kept=False))).text() == "1→5 (4)"


def test_a_rolled_pool_reads_explains_and_asks_its_odds() -> None:
    from rules_core.question import AtLeast
    from rules_core.rolled_pool import RolledPool

    pool = Procedure(3, 10, (Explode(frozenset({10})),), CountAtLeast(8))
    rolled = RolledPool.of("Ana", pool, ScriptedDice("10 8 2 9"))
    view = rolled.explain()
    assert (rolled.result, view.lines) == (3, ("3 successes.",))
    assert view.odds == (AtLeast(pool, 3, who="Ana", shown=True),)
    assert [d.mark_names for d in view.rolls[0].dice] == [
        ("success", "explodes"), ("success",), (), ("success", "added")]
    assert repr(rolled) == "<Ana, 3d10, 10s rolled again: [10 8 2 9] 3 successes>"

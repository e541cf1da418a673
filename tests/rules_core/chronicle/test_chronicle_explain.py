"""Every Chronicle result explains itself, with short reprs and its odds."""

from __future__ import annotations

from rules_core.chronicle import (
    AbilityTest,
    Character,
    Combat,
    Harm,
    action_table,
    consequence_table,
    critical_table,
    degrees_table,
    destiny_table,
    difficulty_table,
    fumble_table,
    opposed,
    recover_injuries,
    recovery_table,
)
from rules_core.dice import ScriptedDice as rolled
from rules_core.explain import Explained, Explanation
from rules_core.odds_text import describe
from rules_core.outcome import Outcome


def results(cast: dict[str, Character], combat: Combat) -> list[object]:
    edric = cast["Edric"]
    return [
        edric.test("Fighting", "Long Blades").against(9, rolled("6 5 4 3 2 1 1")),
        edric.test("Athletics").roll(rolled("1 2 3 4")),
        opposed(edric.test("Athletics"), cast["Wyl"].test("Athletics"),
                dice=rolled("5 4 3 2"), defence=rolled("6 6")),
        combat.attack("Edric", "Rorik", dice=rolled("4 3 2 5 1 3 2")),
        combat.divided_attack("Edric", {"Rorik": 3, "Gorm": 2}, dice=rolled("5 4 3 2 1 4 3")),
        combat.dodge("Wyl", dice=rolled("5 4 3")),
        combat.aim("Wyl"),
        combat, combat.harm("Rorik"),
        recover_injuries(edric, Harm("Edric", 4, injuries=1), dice=rolled("3 3 3 3")),
        action_table(), critical_table(), fumble_table(), difficulty_table(),
        degrees_table(), recovery_table(), consequence_table(), destiny_table(),
    ]


def test_every_result_explains_itself(cast: dict[str, Character], combat: Combat) -> None:
    for result in results(cast, combat):
        assert isinstance(result, Explained), type(result)
        assert isinstance(result.explain(), Explanation)
        assert "0x" not in repr(result)


def test_every_odds_question_has_an_answer_in_words(cast: dict[str, Character],
                                                     combat: Combat) -> None:
    for result in results(cast, combat):
        assert isinstance(result, Explained)
        for question in result.explain().odds:
            assert "no exact odds" not in describe(question)


def test_a_rolling_card_always_shows_odds(cast: dict[str, Character], combat: Combat) -> None:
    for result in results(cast, combat):
        assert isinstance(result, Explained)
        view = result.explain()
        assert not view.rolls or view.odds, view.title


def test_a_critical_hit_says_which_row_it_reads(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", dice=rolled("6 6 3 2 1 1 1"))
    view = hit.explain()
    assert (view.outcome, "2 sixes: row 2, Powerful Hit." in " ".join(view.lines)) == (
        Outcome.CRITICAL_SUCCESS, True)


def test_a_fumble_says_its_row_and_its_effect(combat: Combat) -> None:
    hit = combat.attack("Rorik", "Edric", dice=rolled("1 1 1 1 1"))
    lines = " ".join(hit.explain().lines)
    assert "Fumble table, row 5 (5 ones), Major Break: the weapon is ruined" in lines


def test_a_card_names_who_rolls_and_the_dice() -> None:
    view = AbilityTest("Edric", "Fighting", 2, ("aim",)).roll(rolled("5 2 4")).explain()
    assert (view.title, view.pool, view.rolls[0].label) == (
        "Edric: Fighting test", "Fighting 2D + 1B (aim)", "Edric rolls Fighting (2D + 1B)")


def test_a_table_explains_itself_as_a_table() -> None:
    view = critical_table().explain()
    assert (view.tables[0].header, len(view.tables[0].rows)) == (
        ("Sixes", "Result", "Effect"), 8)


def test_a_combat_reads_as_its_fighters(combat: Combat) -> None:
    assert repr(combat) == ("<Combat: Edric Health 12 of 12; Wyl Health 6 of 6; "
                            "Rorik Health 9 of 9; Gorm Health 9 of 9>")

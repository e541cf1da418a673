"""Every Kruhl result explains itself and reads as a short, fixed text."""

from __future__ import annotations

from rules_core.dice import ScriptedDice as rolled
from rules_core.explain import Explained, Explanation
from rules_core.kruhl import (
    Character,
    Chase,
    ExtendedTask,
    Fight,
    TurnOrder,
    combine_effort,
    roll_initiative,
    routine,
    surge,
    unopposed,
)

LACKEYS = "Virek-Kohl's lackeys"


def test_every_result_explains_itself(cast: dict[str, Character], fight: Fight) -> None:
    soraya = cast["Soraya"]
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=1)
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    results = [
        soraya.attack().roll(rolled("3 3")),
        unopposed(soraya.check("Athletics"), 3, dice=rolled("3 3 3 3")),
        routine("Soraya", "walk"),
        combine_effort(soraya.attack().roll(rolled("3 3")), soraya.attack().roll(rolled("4 4"))),
        ExtendedTask(soraya.check("Athletics"), 3, successes=1).play(rolled("6 6 1 1")),
        chase.round(rolled("6 6 1 1")), chase,
        order.play_round(), order.ledger(),
        roll_initiative(soraya, cast["Virek-Kohl"], dice=rolled("6 6 1 1")),
        fight.attack("Soraya", "Virek-Kohl", dice=rolled("3 3"), defence=rolled("1 1")),
        fight.sweep("Issvisk", ["Virek-Kohl", LACKEYS], dice=rolled("1 1 6 6"),
                    defence=rolled("6 6 1 1")),
        fight, fight.endurance("Soraya"), surge(soraya, "Brawn"),
    ]
    for result in results:
        assert isinstance(result, Explained), type(result)
        assert isinstance(result.explain(), Explanation)
        assert "0x" not in repr(result)


def test_a_sweep_shows_each_roll_once(fight: Fight) -> None:
    sweep = fight.sweep("Issvisk", ["Virek-Kohl", LACKEYS], dice=rolled("3 3 3 3"),
                        defence=rolled("3 3 3 3"))
    assert len(sweep.explain().rolls) == 4


def test_an_area_attack_shows_the_one_attack_roll_once(fight: Fight) -> None:
    blast = fight.area_attack("Virek-Kohl", ["Soraya", "Issvisk"], dice=rolled("1 1"),
                              defence=rolled("6 2"))
    assert len(blast.explain().rolls) == 3


def test_a_fight_reads_as_its_fighters(fight: Fight) -> None:
    fight.grapple("Issvisk", "Virek-Kohl", dice=rolled("4 3"), defence=rolled("5 2"))
    assert repr(fight) == ("<Fight: Soraya END 5 of 5; Virek-Kohl END 6 of 6, restrained; "
                           "Issvisk END 8 of 8; Virek-Kohl's lackeys rabble, standing>")


def test_a_chase_round_reads_as_both_totals(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3)
    assert repr(chase.round(rolled("4 3 5 3"))) == (
        "Round 1: Kestrel 10 vs City guard 10: Kestrel scores")


def test_the_turn_table_caption_and_header(cast: dict[str, Character]) -> None:
    order = TurnOrder(["Soraya"])
    order.play_round()
    table = order.ledger().explain().tables[0]
    assert (table.caption, table.header, table.rows) == (
        "Order of play", ("Round", "Turn"), (("Round 1", "Soraya's turn"),))


def test_a_round_is_one_row_of_its_turns_in_order(cast: dict[str, Character]) -> None:
    order = TurnOrder(["Soraya", "Virek-Kohl"])
    table = order.play_round(delay={"Soraya": "Virek-Kohl"}).explain().tables[0]
    assert (table.caption, table.header, table.rows) == (
        "Order of play", ("Round", "Turns, in order"),
        (("Round 1", "Virek-Kohl, Soraya (delayed)"),))

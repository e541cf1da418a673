"""Guards against every kind of incoming attack: one attacker, a sweep at several targets, a
mob's roll, autofire and a hazard; and whom a guard cannot help."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import (
    AttackError,
    Block,
    Character,
    Hazard,
    Mob,
    TurnError,
    Weapon,
)

D = ScriptedDice


def guard_of(mara: Character, protects: str = "Ike") -> Block:
    """Mara guards ``protects``: 4 standing successes."""
    return mara.action("Dexterity", "Weaponry", task=f"Guard {protects}").block(
        D("10 9 8 8 3 2  4"), protects=[protects])


def test_a_guard_helps_against_a_sweep(rook: Character, mara: Character, hana: Character,
                                       ike: Character) -> None:
    sweep = rook.attack("Strength", "Weaponry", weapon=Weapon("a fire axe", 3))
    done = sweep.against_each(
        [hana.defense(), ike.defense()],
        dice=D("9 8 8 5 4 3 2 1 1  10 9 9 8 8 5 3 2 1  4"),
        defence=D("9 8 7 4 1  6 5 3 1"), shields=[guard_of(mara)])
    assert [(r.resisted, r.net) for r in done.results] == [(2, 1), (4, 0)]
    assert [len(r.shields) for r in done.results] == [0, 1]


def test_a_guard_helps_against_a_mob(pack: Mob, mara: Character, hana: Character,
                                     ike: Character) -> None:
    done = pack.attack().against_all([hana.defense(), ike.defense()],
                                     dice=D("10 9 8 8 5 3 1  2"),
                                     defence=D("8 8 8 4 1  4 3 2 1"),
                                     shields=[guard_of(mara)])
    assert [r.net for r in done.results] == [1, 0]


def test_a_guard_helps_against_autofire(hana: Character, mara: Character, voss: Character,
                                        rook: Character, ike: Character,
                                        smg: Weapon) -> None:
    done = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [rook.defense(), ike.defense()], dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  6 4 3 2  5 4 3 1"), shields=[guard_of(mara)])
    assert [(r.target, r.net) for r in done.sprayed] == [("Rook", 1), ("Ike", 0)]


def test_a_guard_helps_the_primary_target_of_autofire(
        hana: Character, mara: Character, voss: Character, rook: Character,
        smg: Weapon) -> None:
    done = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [rook.defense()], dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  6 4 3 2"), shields=[guard_of(mara, "Voss")])
    assert (done.primary.resisted, done.primary.net) == (4, 0)


def test_a_guard_helps_against_a_hazard_automatic_or_rolled(mara: Character,
                                                            ike: Character) -> None:
    guard = guard_of(mara)
    blast = Hazard("the grenade", automatic=3).strike(ike.defense(), defence=D("9 4 3 1"),
                                                      shields=[guard])
    fire = Hazard("the fire", dice=5).strike(ike.defense(), dice=D("9 8 5 3 1"),
                                             defence=D("8 4 3 2"), shields=[guard])
    assert (blast.net, fire.net) == (0, 0)


def test_the_guard_appears_on_the_cards_of_many_targets(pack: Mob, mara: Character,
                                                        hana: Character,
                                                        ike: Character) -> None:
    done = pack.attack().against_all([hana.defense(), ike.defense()],
                                     dice=D("10 9 8 8 5 3 1  2"),
                                     defence=D("8 8 8 4 1  4 3 2 1"),
                                     shields=[guard_of(mara)])
    shown = done.explain()
    assert "Mara's Guard Ike: 4 successes standing." in shown.lines
    assert len(shown.rolls) == 4  # the mob's, two resistance rolls, the guard's


def test_a_guard_who_protects_none_of_the_targets_is_refused(
        rook: Character, mara: Character, hana: Character, voss: Character) -> None:
    with pytest.raises(AttackError, match="shields Ike, none of the targets"):
        rook.attack("Strength", "Brawl").against_each([hana.defense(), voss.defense()],
                                                      dice=D(""), shields=[guard_of(mara)])


def test_a_hazard_refuses_a_guard_of_someone_else(mara: Character, voss: Character) -> None:
    with pytest.raises(AttackError, match="shields Ike, not Voss"):
        Hazard("the grenade", automatic=3).strike(voss.defense(), defence=D(""),
                                                  shields=[guard_of(mara)])


def test_a_lapsed_guard_helps_no_target_of_a_mob(pack: Mob, mara: Character,
                                                 hana: Character, ike: Character) -> None:
    with pytest.raises(TurnError, match="lapsed"):
        pack.attack().against_all([hana.defense(), ike.defense()], dice=D(""),
                                  shields=[guard_of(mara).lapse()])


def test_a_guard_cannot_help_a_target_who_cannot_act_in_a_sweep(
        rook: Character, mara: Character, hana: Character, ike: Character) -> None:
    done = rook.attack("Strength", "Brawl").against_each(
        [hana.defense(), ike.defense().cannot_act("paralysed")],
        dice=D("9 8 8 5 4 3 2  9 9 8 8 4 3 2"), defence=D("6 5 3 1 1"),
        shields=[guard_of(mara)])
    assert (done.results[1].resisted, done.results[1].net) == (0, 3)

"""Damage kinds and caps: the individual cap of 5, the group cap of attacks + 4 with more
severe wounds kept first (the seed's own numbers), and both switched off."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import (
    AGGRAVATED,
    BASHING,
    LETHAL,
    Character,
    DamageError,
    DamageRound,
    Options,
    Weapon,
    Wounds,
    group_cap,
    keep_most_severe,
)


def test_the_group_cap_is_six_for_two_attackers_and_seven_for_three() -> None:
    assert (group_cap(2), group_cap(3)) == (6, 7)


def test_one_attack_caps_at_five_like_the_individual_cap() -> None:
    assert group_cap(1) == 5


def test_four_lethal_then_four_aggravated_under_six_keep_four_aggravated_two_lethal() -> None:
    ward = DamageRound("Mara").take(Wounds(LETHAL, 4), "Rook").take(Wounds(AGGRAVATED, 4),
                                                                    "Voss")
    assert ward.taken == (Wounds(AGGRAVATED, 4), Wounds(LETHAL, 2))


def test_the_cap_stops_the_least_severe_wounds() -> None:
    ward = DamageRound("Mara").take(Wounds(LETHAL, 4), "Rook").take(Wounds(AGGRAVATED, 4),
                                                                    "Voss")
    assert ward.stopped == (Wounds(LETHAL, 2),)


def test_a_later_worse_hit_pushes_out_an_earlier_lighter_one() -> None:
    ward = DamageRound("Ike").take(Wounds(BASHING, 5), "the pack")
    ward = ward.take(Wounds(LETHAL, 5), "Rook")
    assert ward.taken == (Wounds(LETHAL, 5), Wounds(BASHING, 1))


def test_a_miss_still_counts_toward_the_cap() -> None:
    assert DamageRound("Mara").take(Wounds(LETHAL, 5), "Rook").take(None, "a miss").cap == 6


def test_taking_an_attack_leaves_the_round_before_it_unchanged() -> None:
    before = DamageRound("Ike").take(Wounds(BASHING, 2), "the pack")
    before.take(Wounds(LETHAL, 5), "Rook")
    assert before.taken == (Wounds(BASHING, 2),)


def test_the_group_cap_can_be_switched_off() -> None:
    ward = DamageRound("Mara", Options(group_cap=False)).take(Wounds(LETHAL, 4), "a").take(
        Wounds(AGGRAVATED, 4), "b")
    assert ward.total() == 8


def test_wounds_under_the_cap_are_all_taken() -> None:
    assert keep_most_severe([Wounds(BASHING, 2), Wounds(LETHAL, 1)], 6) == (
        Wounds(LETHAL, 1), Wounds(BASHING, 2))


def test_an_unknown_damage_kind_is_refused() -> None:
    with pytest.raises(DamageError, match="not 'fire'"):
        Wounds("fire", 2)


def test_the_individual_cap_stops_at_five(rook: Character, ike: Character) -> None:
    chop = rook.attack("Strength", "Weaponry", weapon=Weapon("a fire axe", 3)).against(
        ike.defense(), dice=ScriptedDice("10 9 9 8 8 8 3 2 1 9"),
        defence=ScriptedDice("8 4 3 1"))
    assert (chop.net, chop.wounds) == (6, Wounds(LETHAL, 5))


def test_the_individual_cap_can_be_switched_off(rook: Character, ike: Character) -> None:
    chop = rook.attack("Strength", "Weaponry", weapon=Weapon("a fire axe", 3)).under(
        Options(individual_cap=False)).against(
        ike.defense(), dice=ScriptedDice("10 9 9 8 8 8 3 2 1 9"),
        defence=ScriptedDice("8 4 3 1"))
    assert chop.wounds == Wounds(LETHAL, 6)


def test_a_round_takes_attack_results(mara: Character, rook: Character) -> None:
    punch = rook.attack("Strength", "Brawl").against(
        mara.defense(), dice=ScriptedDice("9 8 8 5 3 2 1"), defence=ScriptedDice("9 6 5 4 3"))
    ward = DamageRound("Mara").take(punch)
    assert (ward.taken, ward.attacks[0][0]) == ((Wounds(BASHING, 2),), "Rook's Strength + Brawl")

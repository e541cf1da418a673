"""Health, injuries and wounds, and how a blow is soaked."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Combat, Damage, Harm, HarmError


def test_health_is_three_times_endurance() -> None:
    assert Harm("Edric", 4).health == 12


def test_damage_is_base_times_degrees_less_armor() -> None:
    assert Damage((("Athletics", 4), ("longsword", 1)), 3, (("charge", 2),), 3).total == 14


def test_damage_never_goes_below_zero() -> None:
    assert Damage((("Agility", 3),), 1, (), 10).total == 0


def test_a_blow_taken_on_health() -> None:
    assert Harm("Edric", 4).take(5, "none").after.health == 7


def test_an_injury_takes_the_endurance_rank_off_the_blow() -> None:
    blow = Harm("Edric", 4).take(10, "injury")
    assert (blow.taken, blow.after.health, blow.after.injuries) == (6, 6, 1)


def test_an_injury_cannot_take_a_blow_below_zero() -> None:
    assert Harm("Edric", 4).take(3, "injury").taken == 0


def test_no_more_injuries_than_endurance_ranks() -> None:
    with pytest.raises(HarmError, match="take a wound instead"):
        Harm("Edric", 4, injuries=4).take(10, "injury")


def test_a_wound_negates_the_whole_blow() -> None:
    blow = Harm("Edric", 4).take(30, "wound")
    assert (blow.taken, blow.after.health, blow.after.wounds) == (0, 12, 1)


def test_as_many_wounds_as_endurance_ranks_kill() -> None:
    assert Harm("Wyl", 2, wounds=1).take(15, "wound").after.dead


def test_health_at_zero_is_defeat() -> None:
    assert Harm("Wyl", 2).take(6, "none").after.defeated


def test_auto_takes_a_blow_on_health_when_it_leaves_health_above_zero() -> None:
    assert Harm("Edric", 4).take(11).soak == ""


def test_auto_takes_an_injury_when_that_keeps_the_character_standing() -> None:
    assert Harm("Edric", 4).take(14).soak == "injury"


def test_auto_takes_a_wound_when_an_injury_would_not_save_the_character() -> None:
    assert Harm("Edric", 4).take(16).soak == "wound"


def test_auto_never_takes_the_wound_that_kills() -> None:
    assert Harm("Wyl", 2, wounds=1).take(20).soak == ""


def test_an_extra_injury_past_the_limit_is_a_wound() -> None:
    after = Harm("Wyl", 2, injuries=2).with_injury()
    assert (after.injuries, after.wounds) == (2, 1)


def test_an_extra_injury_with_no_room_for_a_wound_kills() -> None:
    assert Harm("Wyl", 2, injuries=2, wounds=1).with_injury().dead


def test_the_end_of_a_combat_restores_health_only() -> None:
    after = Harm("Edric", 4, damage=9, injuries=1, wounds=1).after_combat()
    assert (after.health, after.injuries, after.wounds) == (12, 1, 1)


def test_the_dead_take_no_more_blows() -> None:
    with pytest.raises(HarmError, match="is dead"):
        Harm("Wyl", 2, dead=True).take(3)


def test_an_unknown_way_to_take_a_blow_is_refused() -> None:
    with pytest.raises(HarmError, match="one of auto, none, injury, wound"):
        Harm("Wyl", 2).take(3, "shield")


def test_harm_reads_in_words() -> None:
    assert repr(Harm("Edric", 4, damage=14, injuries=1, wounds=2)) == (
        "<Edric: Health −2 of 12, 1 injury (−1), 2 wounds (−2D): defeated>")


def test_a_combat_refuses_another_character_s_harm() -> None:
    from tests.rules_core.chronicle.conftest import sheets
    cast = sheets()
    fight = Combat(cast["Edric"], cast["Rorik"])
    with pytest.raises(HarmError, match="that harm is Rorik's, not Edric's"):
        fight.set_harm("Edric", Harm("Rorik", 3, damage=2))

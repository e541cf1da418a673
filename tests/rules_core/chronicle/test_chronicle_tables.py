"""The critical and fumble tables: every row, as a combat applies it."""

from __future__ import annotations

import pytest

from rules_core.chronicle import (
    Character,
    Combat,
    Weapon,
    critical_row,
    critical_table,
    fumble_reading,
    fumble_table,
)
from rules_core.chronicle.criticals import CRITICAL_HITS, FUMBLES
from rules_core.dice import ScriptedDice as rolled
from tests.rules_core.chronicle.conftest import BLADE, LONGSWORD, SPEAR


def duel(cast: dict[str, Character], *names: str) -> Combat:
    return Combat(*(cast[n] for n in names))


def test_both_tables_have_eight_rows() -> None:
    assert (len(critical_table()), len(fumble_table()), len(CRITICAL_HITS), len(FUMBLES)) == (
        8, 8, 8, 8)


@pytest.mark.parametrize(("sixes", "name"), [
    (1, "Solid Hit"), (2, "Powerful Hit"), (3, "Bloody Wound"), (4, "Crippling Wound"),
    (5, "Killing Blow"), (6, "Terrible Blow"), (7, "Impressive Death"), (8, "Horrible Death"),
    (12, "Horrible Death")])
def test_each_number_of_sixes_reads_its_row(sixes: int, name: str) -> None:
    row = critical_row(sixes)
    assert row is not None and row.name == name


def test_a_solid_hit_adds_two_to_base_damage(cast: dict[str, Character]) -> None:
    hit = duel(cast, "Edric", "Rorik").attack("Edric", "Rorik", dice=rolled("6 4 4 3 2 1 1"))
    assert hit.damage is not None and hit.damage.base_total == 7


def test_a_powerful_hit_adds_four_to_base_damage(cast: dict[str, Character]) -> None:
    hit = duel(cast, "Edric", "Rorik").attack("Edric", "Rorik", dice=rolled("6 6 3 2 1 1 1"))
    assert hit.damage is not None and (hit.damage.base_total, hit.damage.total) == (9, 15)


def test_a_bloody_wound_adds_an_injury_that_soaks_nothing(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    hit = combat.attack("Edric", "Rorik", soak="none", dice=rolled("6 6 6 1 1 1 1"))
    assert (hit.blow.taken if hit.blow else None, combat.harm("Rorik").injuries) == (12, 1)


def test_a_crippling_wound_adds_a_wound_that_soaks_nothing(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    combat.attack("Edric", "Rorik", soak="none", dice=rolled("6 6 6 6 1 1 1"))
    assert (combat.harm("Rorik").health, combat.harm("Rorik").wounds) == (-8, 1)


def test_a_killing_blow_kills(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    combat.attack("Edric", "Rorik", dice=rolled("6 6 6 6 6 2 1"))
    assert combat.harm("Rorik").dead


def test_a_terrible_blow_deals_base_damage_to_the_neighbours(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Ser Hollis"], [cast["Rorik"], cast["Gorm"]])
    combat.attack("Ser Hollis", "Rorik", adjacent=["Gorm"], dice=rolled("6 6 6 6 6 6 1 1 1"))
    assert combat.harm("Gorm").damage == 6


def test_an_impressive_death_gives_the_allies_a_bonus_die(cast: dict[str, Character]) -> None:
    combat = Combat([cast["Ser Hollis"], cast["Edric"]], cast["Rorik"])
    combat.attack("Ser Hollis", "Rorik", spend=["convert"], dice=rolled("6 6 6 6 6 6 6 1 1"))
    assert combat.test_of("Edric", "Will").bonus == ("impressive death",)


def test_a_horrible_death_makes_every_witness_resist(cast: dict[str, Character]) -> None:
    combat = Combat([cast["Ser Hollis"], cast["Edric"]], [cast["Rorik"], cast["Gorm"]])
    combat.attack("Ser Hollis", "Rorik", burn=["all bonus dice"],
                  dice=rolled("6 6 6 6 6 6 6 6 3"))
    combat.resist_horror("Gorm", dice=rolled("2 1"))
    assert (combat.effects.has("Edric", "must resist horror"),
            combat.test_of("Gorm", "Will").penalty,
            combat.test_of("Ser Hollis", "Will").bonus) == (True, ("horror",), ("horrible death",))


def test_injure_self_deals_the_weapon_s_damage_to_the_attacker(cast: dict[str, Character]) -> None:
    pate = Character("Pate", {"Agility": 2, "Athletics": 2, "Awareness": 2, "Endurance": 2,
                              "Fighting": 1}, weapons=(SPEAR,))
    combat = Combat(pate, cast["Gorm"])
    combat.attack("Pate", "Gorm", dice=rolled("1"))
    assert combat.harm("Pate").damage == 2


def test_strike_ally_turns_the_attack_on_an_ally(cast: dict[str, Character]) -> None:
    combat = Combat([cast["Edric"], cast["Wyl"]], cast["Gorm"])
    combat.attack("Wyl", "Gorm", weapon="knife", dice=rolled("1 1"))
    assert combat.strike_ally("Wyl", "Edric", dice=rolled("6 6")).target == "Edric"


def test_a_drop_sends_the_weapon_1d6_yards(cast: dict[str, Character]) -> None:
    combat = Combat([cast["Edric"], cast["Wyl"]], cast["Gorm"])
    combat.aim("Wyl")
    combat.attack("Wyl", "Gorm", weapon="knife", dice=rolled("1 1 1 5"))
    assert (combat.ground, [w.name for w in combat.held("Wyl")]) == (
        ["Wyl's knife (5 yards away)"], ["hunting bow"])


def test_a_minor_break_nicks_the_weapon(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Gorm")
    combat.aim("Gorm")
    combat.attack("Gorm", "Edric", dice=rolled("1 1 1 1"))
    assert combat.held("Gorm")[0].nicks == 1


def test_a_major_break_ruins_the_weapon(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    combat.attack("Rorik", "Edric", dice=rolled("1 1 1 1 1"))
    assert [w.name for w in combat.held("Rorik")] == ["hand axe"]


@pytest.mark.parametrize(("ones", "effect"), [(6, "slippery grip"), (7, "blood in the eyes")])
def test_six_and_seven_ones_cost_a_penalty_die(cast: dict[str, Character], ones: int,
                                              effect: str) -> None:
    combat = duel(cast, "Edric", "Rorik")
    weapon = "shield" if ones == 6 else "longsword"
    combat.attack("Edric", "Rorik", weapon=weapon, dice=rolled(" ".join("1" * ones)))
    assert combat.test_of("Edric", "Fighting").penalty == (effect,)


def test_blood_in_the_eyes_hampers_every_test_but_slippery_grip_only_attacks(
        cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    combat.attack("Edric", "Rorik", weapon="shield", dice=rolled("1 1 1 1 1 1"))
    assert combat.test_of("Edric", "Will").penalty == ()


def test_overbalanced_costs_five_combat_defense(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Ser Hollis", "Rorik")
    combat.attack("Ser Hollis", "Rorik", dice=rolled("1 1 1 1 1 1 1 1 1"))
    assert combat.combat_defense("Ser Hollis") == 2


def test_overbalanced_ends_when_the_next_turn_starts(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Ser Hollis", "Rorik")
    combat.attack("Ser Hollis", "Rorik", dice=rolled("1 1 1 1 1 1 1 1 1"))
    combat.begin_turn("Ser Hollis")
    assert combat.combat_defense("Ser Hollis") == 7


def test_slippery_grip_lasts_to_the_end_of_the_next_turn(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Edric", "Rorik")
    combat.begin_turn("Edric")
    combat.attack("Edric", "Rorik", weapon="shield", dice=rolled("1 1 1 1 1 1"))
    combat.end_turn()
    combat.begin_turn("Edric")
    still = combat.effects.has("Edric", "slippery grip")
    combat.end_turn()
    assert (still, combat.effects.has("Edric", "slippery grip")) == (True, False)


def test_a_destiny_point_lowers_a_fumble_one_row(cast: dict[str, Character]) -> None:
    combat = duel(cast, "Ser Hollis", "Rorik")
    hit = combat.attack("Ser Hollis", "Rorik", lower_fumble=True,
                        dice=rolled("1 1 1 1 1 1 1 1 1"))
    assert (hit.fumble_row.name if hit.fumble_row else "", combat.destiny("Ser Hollis").left) == (
        "Blood in the Eyes", 3)


def test_the_first_row_cannot_be_lowered() -> None:
    assert fumble_reading(1, lowered=True).row.name == "Injure Self"


@pytest.mark.parametrize(("ones", "weapon", "name"), [
    (4, LONGSWORD, "Drop"), (5, LONGSWORD, "Minor Break"), (4, BLADE, "Drop"),
    (5, BLADE, "Drop"), (6, BLADE, "Slippery Grip")])
def test_better_steel_reads_the_breaking_rows_milder(ones: int, weapon: Weapon,
                                                     name: str) -> None:
    assert fumble_reading(ones, weapon).row.name == name

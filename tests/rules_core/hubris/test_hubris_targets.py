"""Many targets: the worst of several rolls, a mob's single roll, autofire, hazards and
ongoing damage."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import (
    AttackError,
    Character,
    DamageError,
    Hazard,
    Mob,
    Ongoing,
    Weapon,
    Wounds,
    spray_damage,
)
from rules_core.question import AtLeast, Settled

D = ScriptedDice


def test_the_worst_roll_applies_to_every_target(
        rook: Character, mara: Character, hana: Character, ike: Character) -> None:
    sweep = rook.attack("Strength", "Weaponry", weapon=Weapon("a fire axe", 3))
    done = sweep.against_each(
        [mara.defense(), hana.defense(), ike.defense()],
        dice=D("9 8 8 5 4 3 2 1 1  10 9 9 8 8 5 3 2 1  4  9 8 6 5 4 3 2 1 1"),
        defence=D("8 5 3 2 1  9 8 7 4 1  6 5 3 1"))
    assert ([r.total for r in done.rolls], done.worst) == ([3, 5, 2], 2)


def test_each_target_resists_the_worst_roll_on_their_own(
        rook: Character, mara: Character, hana: Character, ike: Character) -> None:
    sweep = rook.attack("Strength", "Weaponry", weapon=Weapon("a fire axe", 3))
    done = sweep.against_each(
        [mara.defense(), hana.defense(), ike.defense()],
        dice=D("9 8 8 5 4 3 2 1 1  10 9 9 8 8 5 3 2 1  4  9 8 6 5 4 3 2 1 1"),
        defence=D("8 5 3 2 1  9 8 7 4 1  6 5 3 1"))
    assert [r.net for r in done.results] == [1, 0, 2]


def test_willpower_helps_every_roll_of_a_multiple_attack(
        rook: Character, mara: Character, hana: Character) -> None:
    done = rook.attack("Strength", "Brawl").with_willpower().against_each(
        [mara.defense(), hana.defense()], dice=D(" ".join(["1"] * 20)),
        defence=D(" ".join(["1"] * 10)))
    assert [r.procedure.size for r in done.rolls] == [10, 10]


def test_several_targets_means_two_or_more(rook: Character, mara: Character) -> None:
    with pytest.raises(AttackError, match="two or more"):
        rook.attack("Strength", "Brawl").against_each([mara.defense()], dice=D(""))


def test_each_target_is_asked_the_chance_to_stop_the_worst(
        rook: Character, mara: Character, hana: Character) -> None:
    done = rook.attack("Strength", "Brawl").against_each(
        [mara.defense(), hana.defense()], dice=D("9 8 1 1 1 1 1  9 1 1 1 1 1 1"),
        defence=D("1 1 1 1 1  1 1 1 1 1"))
    asked = [q for q in done.odds() if isinstance(q, AtLeast) and q.event]
    assert [(q.who, q.value) for q in asked] == [("Mara", 1), ("Hana", 1)]


def test_a_mob_rolls_once_against_every_engaged_target(
        pack: Mob, mara: Character, hana: Character, ike: Character) -> None:
    done = pack.attack().against_all([mara.defense(), hana.defense(), ike.defense()],
                                     dice=D("10 9 8 8 5 3 1  2"),
                                     defence=D("9 8 5 3 2  8 8 8 4 1  4 3 2 1"))
    assert [r.net for r in done.results] == [2, 1, 4]


def test_a_mob_cannot_attack_more_targets_than_its_reach(
        pack: Mob, mara: Character, hana: Character, ike: Character) -> None:
    with pytest.raises(AttackError, match="2 characters at once, not 3"):
        pack.weakened(reach=1).attack().against_all(
            [mara.defense(), hana.defense(), ike.defense()], dice=D(""))


def test_a_weakened_mob_rolls_fewer_dice(pack: Mob) -> None:
    assert pack.weakened(attack=2).attack().size == 5


def test_only_a_mob_strikes_everyone_with_one_roll(rook: Character, mara: Character) -> None:
    with pytest.raises(AttackError, match="only a mob"):
        rook.attack("Strength", "Brawl").against_all([mara.defense()], dice=D(""))


def test_a_mob_defends_like_a_character(pack: Mob, hana: Character) -> None:
    hit = hana.attack("Dexterity", "Firearms").against(pack.defense(), dice=D("9 8 8 5 3 1"),
                                                       defence=D("8 4 2"))
    assert (hit.resisted, hit.wounds) == (1, Wounds("lethal", 2))


@pytest.mark.parametrize(("edge", "spray"), [(1, 1), (3, 2), (4, 2), (5, 3)])
def test_autofire_sprays_half_the_edge_rounded_up(hana: Character, edge: int,
                                                  spray: int) -> None:
    gun = Weapon("a gun", edge, "Firearms", autofire=True)
    assert spray_damage(hana.attack("Dexterity", "Firearms", weapon=gun)) == spray


def test_autofire_needs_a_gun_that_can(hana: Character, voss: Character) -> None:
    with pytest.raises(AttackError, match="cannot fire automatically"):
        hana.attack("Dexterity", "Firearms").autofire(voss.defense(), [], dice=D(""))


def test_the_spray_spares_the_primary_target_by_default(
        hana: Character, voss: Character, rook: Character, smg: Weapon) -> None:
    done = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [rook.defense()], dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  6 4 3 2"))
    assert [r.target for r in done.sprayed] == ["Rook"]


def test_the_other_reading_sprays_the_primary_target_too(
        hana: Character, voss: Character, rook: Character, smg: Weapon) -> None:
    done = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [rook.defense()], primary_too=True, dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  5 4 3 2 1 1  6 4 3 2"))
    assert [r.target for r in done.sprayed] == ["Voss", "Rook"]


def test_each_autofire_victim_reduces_the_spray_with_their_own_defense(
        hana: Character, voss: Character, rook: Character, ike: Character,
        smg: Weapon) -> None:
    done = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [rook.defense(), ike.defense()], dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  6 4 3 2  5 4 3 1"))
    assert [r.wounds for r in done.sprayed] == [Wounds("lethal", 1), Wounds("lethal", 2)]


def test_the_spray_is_resisted_with_defense_only(hana: Character, voss: Character,
                                                 rook: Character, smg: Weapon) -> None:
    with pytest.raises(AttackError, match="own Defense"):
        hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
            voss.defense(), [rook.resist("Strength", "Stamina")], dice=D(""))


def test_the_spray_is_lethal_whatever_the_gun(hana: Character, voss: Character,
                                              rook: Character) -> None:
    gun = Weapon("a cursed gun", 2, "Firearms", damage="aggravated", autofire=True)
    done = hana.attack("Dexterity", "Firearms", weapon=gun).autofire(
        voss.defense(), [rook.defense()], dice=D("1 1 1 1 1 1 1 1"),
        defence=D("1 1 1 1 1 1  1 1 1 1"))
    assert done.sprayed[0].wounds == Wounds("lethal", 0)


def test_a_hazard_deals_its_automatic_damage_less_the_resistance(voss: Character) -> None:
    hit = Hazard("the grenade", automatic=3).strike(voss.defense(),
                                                   defence=D("9 8 6 5 4 2"))
    assert (hit.successes, hit.wounds) == (3, Wounds("lethal", 1))


def test_a_hazard_can_attack_with_its_own_pool(ike: Character) -> None:
    hit = Hazard("the fire", dice=5).strike(ike.defense(), dice=D("9 8 5 3 1"),
                                            defence=D("8 4 3 2"))
    assert hit.net == 1


def test_a_hazard_is_automatic_or_rolled_not_both() -> None:
    with pytest.raises(DamageError, match="one of them"):
        Hazard("the mess", automatic=2, dice=3)


def test_ongoing_damage_takes_hold_only_on_a_hit(mara: Character, voss: Character) -> None:
    burning = Ongoing("burning", "aggravated", levels=1)
    bomb = mara.attack("Dexterity", "Athletics").inflicting(burning)
    missed = bomb.against(voss.defense(), dice=D("9 5 4 3 2"), defence=D("9 6 5 4 3 2"))
    hit = bomb.against(voss.defense(), dice=D("9 8 4 3 2"), defence=D("9 6 5 4 3 2"))
    assert (missed.afflicted, hit.afflicted) == (None, burning)


def test_ongoing_levels_strike_at_the_end_of_the_turn_without_a_roll() -> None:
    tick = Ongoing("burning", "aggravated", levels=1).tick("Voss")
    assert (tick.wounds, type(tick.explain().odds[0])) == (Wounds("aggravated", 1), Settled)


def test_ongoing_dice_deal_a_wound_per_success() -> None:
    assert Ongoing("venom", dice=2).tick("Ike", D("9 8")).wounds == Wounds("lethal", 2)


def test_ongoing_dice_need_dice() -> None:
    with pytest.raises(DamageError, match="pass dice="):
        Ongoing("venom", dice=2).tick("Ike")


def test_willpower_is_one_point_for_every_roll_of_a_multiple_attack(
        rook: Character, mara: Character, hana: Character) -> None:
    done = rook.attack("Strength", "Brawl").with_willpower().against_each(
        [mara.defense(), hana.defense()], dice=D(" ".join(["1"] * 20)),
        defence=D(" ".join(["1"] * 10)))
    assert ("Willpower: one point, spent once on the pool; its dice are in each of the 2 "
            "rolls." in done.explain().lines)


def test_burning_is_shaken_off_with_a_success(voss: Character) -> None:
    burning = Ongoing("burning", "aggravated", levels=1)
    done = burning.shake_off(voss.action("Dexterity", "Athletics", task="Roll in the dirt"),
                             dice=D("8 5 4"))
    assert (done.succeeded, done.action.difficulty) == (True, 0)


def test_harm_with_no_obvious_source_is_harder_to_shake_off(ike: Character) -> None:
    venom = Ongoing("ghoul venom", dice=2, obvious=False)
    attempt = ike.action("Stamina", "Resolve", task="Sweat out the venom")
    with pytest.raises(DamageError, match="no obvious outside source"):
        venom.shake_off(attempt, dice=D(""))
    done = venom.shake_off(attempt, dice=D("9 4"), difficulty=2)
    assert (done.action.size, done.succeeded) == (2, True)


def test_a_guard_at_exactly_the_worst_roll_stops_it_for_certain(
        rook: Character, mara: Character, hana: Character, ike: Character) -> None:
    # Mara's guard stands at 2 over Ike and Rook's worst roll is 2: Ike's resistance reads 2
    # or more whatever his dice, so the attack is stopped (a miss), always: the card said
    # 86.2%, the chance of exactly 2, as if 2 were the result shown.
    from rules_core.odds import answer
    from rules_core.odds_text import describe

    guard = mara.action("Dexterity", "Weaponry", task="Guard Ike").block(
        D("10 9 5 4 3 2  4"), protects=["Ike"])
    done = rook.attack("Strength", "Brawl").against_each(
        [hana.defense(), ike.defense()], dice=D("9 8 5 4 3 2 1  9 9 8 8 5 3 2"),
        defence=D("9 8 7 4 1  6 5 3 1"), shields=[guard])
    ike_stops = next(q for q in done.odds() if isinstance(q, AtLeast) and q.who == "Ike")
    found = answer(ike_stops)
    assert (guard.successes, done.worst, done.results[1].hit) == (2, 2, False)
    assert found is not None and found.low == 1 and not found.exactly
    assert describe(ike_stops).startswith(
        "Ike's chance of 2 or more successes on 4d10 (8+, 10-again), at least 2 (Mara's Guard "
        "Ike), enough to stop all 2 successes of Rook's worst roll: 100% (always)")

"""Attacks against a rolled resistance: cancelling, weapons and Edge, serious consequences,
the resistance pools, armor (both readings), guarding, defenseless and helpless targets,
supernatural resistance."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import (
    AttackError,
    Character,
    Options,
    PoolError,
    TurnError,
    Weapon,
    Wounds,
)
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Settled, Wins


def D(faces: str) -> ScriptedDice:
    return ScriptedDice(faces)


# -- cancelling ------------------------------------------------------------------------------


def test_each_resistance_success_cancels_one_attack_success(
        mara: Character, rook: Character, machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense(), dice=D("9 8 8 6 4 2 1 1"), defence=D("9 5 3 2"))
    assert (hit.successes, hit.resisted, hit.net, hit.wounds) == (3, 1, 2, Wounds("lethal", 2))


def test_a_tie_leaves_no_net_success(mara: Character, rook: Character) -> None:
    hit = rook.attack("Strength", "Brawl").against(mara.defense(), dice=D("9 8 5 4 3 2 1"),
                                                   defence=D("9 8 3 2 1"))
    assert (hit.net, hit.hit, hit.outcome) == (0, False, Outcome.FAILURE)


def test_more_resistance_than_attack_is_still_zero_net(mara: Character,
                                                       rook: Character) -> None:
    hit = rook.attack("Strength", "Brawl").against(mara.defense(), dice=D("9 5 5 4 3 2 1"),
                                                   defence=D("9 8 8 2 1"))
    assert hit.net == 0


def test_the_odds_ask_for_a_hit_with_ties_to_the_defender(mara: Character,
                                                         rook: Character) -> None:
    hit = rook.attack("Strength", "Brawl").against(mara.defense(), dice=D("9 8 5 4 3 2 1"),
                                                   defence=D("9 8 3 2 1"))
    first = hit.odds()[0]
    assert isinstance(first, Wins) and first.margin == 1


def test_an_attack_cannot_target_its_attacker(mara: Character) -> None:
    with pytest.raises(AttackError, match="cannot attack themself"):
        mara.attack("Strength", "Brawl").against(mara.defense(), dice=D(""), defence=D(""))


def test_a_rolled_resistance_needs_its_dice(mara: Character, rook: Character) -> None:
    with pytest.raises(AttackError, match="pass defence="):
        mara.attack("Strength", "Brawl").against(rook.defense(), dice=D("9 8 1 1 1"))


# -- attack pools ----------------------------------------------------------------------------


def test_an_attack_uses_strength_or_dexterity(mara: Character) -> None:
    with pytest.raises(PoolError, match="Strength or Dexterity, not Wits"):
        mara.attack("Wits", "Brawl")


def test_brawl_attacks_take_no_edge_from_equipment(mara: Character) -> None:
    with pytest.raises(PoolError, match="no Edge from equipment"):
        mara.attack("Dexterity", "Brawl", weapon=Weapon("knuckle-dusters", 1))


def test_brawl_attacks_take_an_edge_from_circumstances(mara: Character) -> None:
    assert mara.attack("Dexterity", "Brawl").with_edge(1, "from behind").size == 6


def test_firearms_never_deal_bashing_damage(mara: Character) -> None:
    with pytest.raises(PoolError, match="no option of bashing"):
        mara.attack("Dexterity", "Firearms", damage="bashing")


def test_a_weapon_is_used_with_its_skill(mara: Character) -> None:
    with pytest.raises(PoolError, match="used with Firearms, not Weaponry"):
        mara.attack("Dexterity", "Weaponry", weapon=Weapon("a pistol", 2, "Firearms"))


def test_a_heavy_weapon_may_need_strength(mara: Character) -> None:
    with pytest.raises(PoolError, match="needs Strength"):
        mara.attack("Dexterity", "Weaponry", weapon=Weapon("a hammer", 3, requires="Strength"))


def test_the_usual_damage_follows_the_trait(mara: Character) -> None:
    kinds = [mara.attack("Strength", trait).damage
             for trait in ("Stamina", "Athletics", "Brawl", "Weaponry", "Firearms")]
    assert kinds == ["bashing", "bashing", "bashing", "lethal", "lethal"]


def test_size_gives_an_edge_to_strength_and_stamina(rook: Character) -> None:
    assert rook.attack("Strength", "Stamina").size == 8


def test_size_gives_no_edge_to_other_pools(rook: Character) -> None:
    assert rook.attack("Strength", "Brawl").size == 7


def test_a_small_body_gives_a_difficulty_to_strength_and_stamina() -> None:
    imp = Character("Imp", {"Strength": 2, "Stamina": 2}, size_edge=-1)
    assert imp.attack("Strength", "Stamina").size == 3


# -- consequences ----------------------------------------------------------------------------


def test_a_consequence_needs_net_successes_equal_to_the_attribute(
        mara: Character, rook: Character, machete: Weapon) -> None:
    disarm = mara.attack("Dexterity", "Weaponry", weapon=machete).aiming_to("disarm",
                                                                           "Strength")
    hit = disarm.against(rook.resist("Strength", "Dexterity"),
                         dice=D("10 9 8 8 5 3 2 1 9"), defence=D("9 4 3 2 1 1"))
    assert (hit.net, hit.complete, hit.difficulty_left, hit.wounds) == (4, True, 0, None)


def test_a_partial_consequence_is_a_difficulty_of_the_net(mara: Character,
                                                         rook: Character) -> None:
    trip = mara.attack("Dexterity", "Brawl").aiming_to("trip", "Strength", "Dexterity")
    hit = trip.against(rook.resist("Strength", "Dexterity"), dice=D("9 8 8 5 3"),
                       defence=D("8 5 4 3 2 1"))
    assert (hit.net, hit.complete, hit.difficulty_left) == (2, False, 2)


def test_the_highest_of_several_attributes_sets_the_need(mara: Character,
                                                        rook: Character) -> None:
    trip = mara.attack("Dexterity", "Brawl").aiming_to("trip", "Dexterity", "Strength")
    hit = trip.against(rook.resist("Strength", "Dexterity"), dice=D("9 8 8 5 3"),
                       defence=D("8 5 4 3 2 1"))
    assert hit.needed == 4


def test_a_missed_consequence_leaves_no_difficulty(mara: Character, rook: Character) -> None:
    trip = mara.attack("Dexterity", "Brawl").aiming_to("trip", "Strength")
    hit = trip.against(rook.resist("Strength", "Dexterity"), dice=D("9 5 5 5 3"),
                       defence=D("8 5 4 3 2 1"))
    assert (hit.hit, hit.difficulty_left) == (False, 0)


def test_a_consequence_against_a_missing_attribute_is_refused(mara: Character) -> None:
    blank = Character("Blank", {"Wits": 1, "Strength": 1, "Dexterity": 1})
    blind = mara.attack("Dexterity", "Brawl").aiming_to("blind", "Composure")
    with pytest.raises(AttackError, match="needs a Composure rating"):
        blind.against(blank.defense(), dice=D("9 1 1 1 1"), defence=D("1 1"))


# -- resistance ------------------------------------------------------------------------------


def test_defense_is_wits_and_the_lower_of_strength_and_dexterity(rook: Character) -> None:
    assert rook.defense().traits == (("Wits", 2), ("Dexterity", 2))


def test_defense_refuses_an_edge_from_equipment_or_a_persistent_state(rook: Character) -> None:
    with pytest.raises(PoolError, match="Defense takes no Edge from equipment or another "
                                        "persistent state of affairs, so not from cover"):
        rook.defense().with_edge(1, "cover")


def test_defense_takes_an_edge_of_the_moment(rook: Character) -> None:
    warned = rook.defense().with_edge(1, "a warning shout", persistent=False)
    assert (warned.size, warned.edges) == (5, (("a warning shout", 1),))


def test_power_resistance_takes_an_edge_of_the_moment_only(mara: Character) -> None:
    assert mara.resist_power("Resolve").with_edge(1, "a friend's voice",
                                                  persistent=False).size == 3
    with pytest.raises(PoolError, match="persistent=False"):
        mara.resist_power("Resolve").with_edge(1, "a charm")


def test_defense_takes_a_difficulty(mara: Character) -> None:
    assert mara.defense().with_difficulty(2, "a corridor").size == 3


def test_strength_and_stamina_resistance_gets_the_size_edge(rook: Character) -> None:
    assert rook.resist("Strength", "Stamina").size == 8


def test_armor_is_a_minimum_of_successes(mara: Character, rook: Character,
                                         machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense(), dice=D("9 8 6 5 4 3 2 1"), defence=D("7 5 3 2"))
    assert hit.resisted == 1


def test_armor_as_a_minimum_adds_nothing_to_a_better_roll(
        mara: Character, rook: Character, machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense(), dice=D("9 8 6 5 4 3 2 1"), defence=D("9 8 3 2"))
    assert hit.resisted == 2


def test_armor_added_is_the_other_reading(mara: Character, rook: Character,
                                         machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense().under(Options(armor="added")), dice=D("9 8 6 5 4 3 2 1"),
        defence=D("9 8 3 2"))
    assert hit.resisted == 3


def test_armor_is_one_to_three(mara: Character) -> None:
    with pytest.raises(PoolError, match="1 to 3"):
        mara.defense().protected(4, "plate")


def test_a_sheet_refuses_armor_above_three() -> None:
    with pytest.raises(Exception, match="0 to 3"):
        Character("Tank", {"Wits": 1}, armor=4)


# -- guarding --------------------------------------------------------------------------------


def test_the_best_roll_of_the_group_applies(hana: Character, ike: Character,
                                            voss: Character) -> None:
    guard = hana.action("Dexterity", "Weaponry").with_edge(2, "a riot shield").block(
        D("9 9 8 8 4 2 1"), protects=["Ike"])
    hit = voss.attack("Strength", "Brawl").against(ike.defense(), dice=D("9 9 8 6 3"),
                                                   defence=D("8 4 3 1"), shields=[guard])
    assert (hit.resisted, hit.net) == (4, 0)


def test_a_better_own_defense_beats_the_guard(hana: Character, ike: Character,
                                              voss: Character) -> None:
    guard = hana.action("Dexterity", "Weaponry").block(D("9 4 3 2 1"), protects=["Ike"])
    hit = voss.attack("Strength", "Brawl").against(ike.defense(), dice=D("9 9 8 6 3"),
                                                   defence=D("8 8 3 1"), shields=[guard])
    assert hit.resisted == 2


def test_a_guard_shields_only_whom_it_protects(hana: Character, mara: Character,
                                               voss: Character) -> None:
    guard = hana.action("Dexterity", "Weaponry").block(D("9 4 3 2 1"), protects=["Ike"])
    with pytest.raises(AttackError, match="shields Ike, not Mara"):
        voss.attack("Strength", "Brawl").against(mara.defense(), dice=D(""), defence=D(""),
                                                 shields=[guard])


def test_a_lapsed_guard_shields_no_one(hana: Character, ike: Character,
                                       voss: Character) -> None:
    guard = hana.action("Dexterity", "Weaponry").block(D("9 4 3 2 1"), protects=["Ike"])
    with pytest.raises(TurnError, match="lapsed"):
        voss.attack("Strength", "Brawl").against(ike.defense(), dice=D(""), defence=D(""),
                                                 shields=[guard.lapse()])


# -- defenseless and helpless ----------------------------------------------------------------


def test_an_unaware_target_out_of_combat_has_no_defense(ike: Character,
                                                        voss: Character) -> None:
    hit = voss.attack("Strength", "Brawl").against(ike.defense().unaware(),
                                                   dice=D("9 8 5 4 3"))
    assert (hit.defended, hit.net) == (None, 2)


def test_armor_works_without_a_roll(rook: Character, voss: Character) -> None:
    hit = voss.attack("Strength", "Brawl").against(rook.defense().unaware(),
                                                   dice=D("9 8 5 4 3"))
    assert hit.resisted == 1


def test_a_target_in_combat_keeps_defense_against_surprise(mara: Character,
                                                           voss: Character) -> None:
    hit = voss.attack("Strength", "Brawl").against(mara.defense().unaware(in_combat=True),
                                                   dice=D("9 8 5 4 3"), defence=D("8 6 5 3 1"))
    assert hit.resisted == 1


def test_a_willpower_point_keeps_an_out_of_combat_character_alert(
        mara: Character, voss: Character) -> None:
    resistance = mara.defense().unaware(alert=True)
    assert resistance.denied == ""


def test_a_target_who_cannot_act_gets_no_guard(hana: Character, ike: Character,
                                               voss: Character) -> None:
    guard = hana.action("Dexterity", "Weaponry").block(D("9 9 9 2 1"), protects=["Ike"])
    hit = voss.attack("Strength", "Brawl").against(ike.defense().cannot_act("paralysed"),
                                                   dice=D("9 8 5 4 3"), shields=[guard])
    assert hit.resisted == 0


def test_a_helpless_target_turns_every_attack_die_into_a_success(
        mara: Character, rook: Character, machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense().cannot_act("bound"), dice=D(""), helpless=True)
    assert (hit.successes, hit.net, hit.wounds) == (8, 7, Wounds("lethal", 5))


def test_a_helpless_attack_is_certain(mara: Character, rook: Character,
                                      machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense().cannot_act("bound"), dice=D(""), helpless=True)
    assert [type(q) for q in hit.odds()] == [Settled]


def test_helpless_needs_a_target_who_cannot_act(mara: Character, rook: Character) -> None:
    with pytest.raises(AttackError, match="can still resist"):
        mara.attack("Strength", "Brawl").against(rook.defense().unaware(), dice=D(""),
                                                 helpless=True)


def test_a_helpless_attack_needs_to_be_outside_combat_time(
        mara: Character, rook: Character, machete: Weapon) -> None:
    paralysed = rook.defense().cannot_act("paralysed", in_combat=True)
    with pytest.raises(AttackError, match="attacked in combat time"):
        mara.attack("Strength", "Weaponry", weapon=machete).against(paralysed, dice=D(""),
                                                                    helpless=True)
    rolled = mara.attack("Strength", "Weaponry", weapon=machete).against(
        paralysed, dice=D("9 8 8 6 4 2 1 1"))
    assert (rolled.successes, rolled.resisted, rolled.net) == (3, 1, 2)


def test_a_target_known_to_be_in_combat_cannot_be_made_helpless(
        mara: Character, rook: Character) -> None:
    target = rook.defense().unaware(in_combat=True).cannot_act("stunned")
    with pytest.raises(AttackError, match="combat time"):
        mara.attack("Strength", "Brawl").against(target, dice=D(""), helpless=True)


def test_a_complete_consequence_lasts_until_undone(mara: Character, rook: Character,
                                                   machete: Weapon) -> None:
    hit = mara.attack("Dexterity", "Weaponry", weapon=machete).aiming_to(
        "disarm", "Strength").against(rook.resist("Strength", "Dexterity"),
                                      dice=D("10 9 8 8 5 3 2 1  9"),
                                      defence=D("9 4 3 2 1 1"))
    assert hit.complete and not hit.for_good
    assert ("It lasts until Rook undoes it with an instant action of their own."
            in hit.explain().lines)


def test_no_maiming_for_good_short_of_taking_the_target_out(
        mara: Character, rook: Character, machete: Weapon) -> None:
    maim = mara.attack("Dexterity", "Weaponry", weapon=machete).aiming_to(
        "cripple", "Stamina", health_left=7)
    short = maim.against(rook.defense(), dice=D("10 9 8 8 5 3 2 1  9"),
                         defence=D("9 4 3 1"))
    enough = maim.against(rook.defense().cannot_act("bound"), dice=D(""), helpless=True)
    assert (short.complete, short.for_good, enough.for_good) == (True, False, True)
    assert repr(enough).endswith("7 net, cripple, for good>")


def test_health_left_is_a_whole_number(mara: Character) -> None:
    with pytest.raises(AttackError, match="whole number"):
        mara.attack("Dexterity", "Brawl").aiming_to("cripple", "Stamina", health_left=-1)


def test_a_denied_defense_asks_the_attackers_odds_alone(ike: Character,
                                                       voss: Character) -> None:
    hit = voss.attack("Strength", "Brawl").against(ike.defense().unaware(),
                                                   dice=D("9 8 5 4 3"))
    first = hit.odds()[0]
    assert isinstance(first, AtLeast) and first.value == 1


# -- supernatural resistance -----------------------------------------------------------------


def test_power_resistance_adds_the_power_trait(voss: Character) -> None:
    assert voss.resist_power("Resolve").traits == (("Resolve", 4), ("Blood Potency", 2))


def test_power_resistance_is_only_composure_resolve_or_stamina(mara: Character) -> None:
    with pytest.raises(PoolError, match="Composure, Resolve, Stamina"):
        mara.resist_power("Wits")


def test_power_resistance_takes_no_edge(mara: Character) -> None:
    with pytest.raises(PoolError, match="takes no Edge"):
        mara.resist_power("Resolve").with_edge(1, "a charm")


def test_power_resistance_works_even_unconscious(mara: Character) -> None:
    assert mara.resist_power("Resolve").cannot_act("unconscious").denied == ""


def test_power_resistance_works_even_unaware(mara: Character) -> None:
    assert mara.resist_power("Composure").unaware().denied == ""


def test_protective_equipment_guarantees_successes(mara: Character, voss: Character) -> None:
    command = voss.supernatural_attack("Manipulation", "Persuasion", power="Dominate")
    hit = command.against(mara.resist_power("Resolve").protected(2, "an amulet"),
                          dice=D("9 8 6 5 3 2 1"), defence=D("5 3"))
    assert (hit.resisted, hit.hit) == (2, False)


def test_five_net_successes_are_exceptional(mara: Character, rook: Character,
                                            machete: Weapon) -> None:
    hit = mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense().cannot_act("bound"), dice=D(""), helpless=True)
    assert hit.outcome is Outcome.EXCEPTIONAL_SUCCESS


def test_a_chance_die_attack_showing_one_is_a_dramatic_failure(mara: Character,
                                                              rook: Character) -> None:
    hit = mara.attack("Dexterity", "Brawl").with_difficulty(5, "blind").against(
        rook.defense(), dice=D("1"), defence=D("5 3 2 1"))
    assert hit.outcome is Outcome.DRAMATIC_FAILURE

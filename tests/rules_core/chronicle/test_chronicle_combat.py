"""Combat Defense, hits, and every action of the table with its numbers."""

from __future__ import annotations

import pytest

from rules_core.chronicle import ActionError, Character, Combat, CombatError, Mount, Readings
from rules_core.dice import ScriptedDice as rolled
from tests.rules_core.chronicle.conftest import DESTRIER

NOTHING = rolled("")


def test_combat_defense_adds_the_three_abilities_and_the_shield_less_armor(
        combat: Combat) -> None:
    assert combat.combat_defense("Edric") == 3 + 4 + 3 + 2 - 2


def test_a_passive_value_is_four_times_the_rank(edric: Character) -> None:
    assert (edric.passive("Will"), edric.passive("Fighting", "Long Blades")) == (12, 22)


def test_a_hit_deals_base_damage_times_degrees_less_armor(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", dice=rolled("4 3 2 5 1 3 2"))
    assert (hit.test.result, hit.degrees, hit.dealt) == (17, 2, 7)


def test_a_miss_deals_nothing(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", dice=rolled("2 1 1 1 1 1 2"))
    assert (hit.hit, hit.dealt, combat.harm("Rorik").damage) == (False, 0, 0)


def test_injuries_and_wounds_weigh_on_every_test(combat: Combat) -> None:
    combat.set_harm("Rorik", combat.harm("Rorik").recovered().with_injury().with_wound())
    test = combat.test_of("Rorik", "Fighting", "Axes")
    assert (test.penalty, test.modifier) == (("wound",), -1)


# -- the turn -----------------------------------------------------------------------------


def test_two_lesser_actions_fit_a_turn(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.aim("Wyl")
    combat.move("Wyl", 4)
    assert combat.turn is not None and combat.turn.slots_used == 2


def test_a_third_lesser_action_is_refused(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.move("Wyl", 4)
    combat.move("Wyl", 4)
    with pytest.raises(ActionError, match="no action left"):
        combat.aim("Wyl")


def test_a_greater_action_after_a_lesser_one_is_refused(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.move("Wyl", 4)
    with pytest.raises(ActionError, match="a Greater action"):
        combat.sprint("Wyl", 8)


def test_a_second_attack_is_refused(combat: Combat) -> None:
    combat.begin_turn("Edric")
    combat.attack("Edric", "Gorm", dice=rolled("2 2 1 1 1 1 1"))
    with pytest.raises(ActionError, match="one attack action a turn"):
        combat.attack("Edric", "Rorik", dice=NOTHING)


def test_acting_out_of_turn_is_refused(combat: Combat) -> None:
    combat.begin_turn("Edric")
    with pytest.raises(ActionError, match="it is Edric's turn"):
        combat.aim("Wyl")


def test_a_destiny_point_buys_a_third_lesser_action(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.aim("Wyl")
    combat.move("Wyl", 4)
    combat.spend_destiny("Edric", "minor detail")
    combat.begin_turn("Edric")
    combat.spend_destiny("Edric", "extra lesser action")
    combat.aim("Edric")
    combat.move("Edric", 4)
    combat.move("Edric", 4)
    assert combat.turn is not None and combat.turn.slots_used == 3


# -- attacks ------------------------------------------------------------------------------


def test_a_cautious_attack_costs_a_die_and_gives_three_defense(combat: Combat) -> None:
    hit = combat.cautious_attack("Edric", "Rorik", dice=rolled("5 4 4 3 2 1 2"))
    assert (hit.test.count().kept, combat.combat_defense("Edric")) == (4, 13)


def test_a_charge_costs_a_die_and_adds_two_damage_once(combat: Combat) -> None:
    hit = combat.charge("Rorik", "Edric", yards=8, dice=rolled("6 6 5 1 1"))
    assert (hit.test.count().kept, hit.degrees, hit.dealt) == (3, 2, 4 * 2 + 2 - 4)


def test_under_the_other_reading_a_charge_adds_two_to_base_damage(
        cast: dict[str, Character]) -> None:
    combat = Combat(cast["Rorik"], cast["Edric"], readings=Readings(damage_bonus="base"))
    assert combat.charge("Rorik", "Edric", dice=rolled("6 6 5 1 1")).dealt == 6 * 2 - 4


def test_a_charge_covers_at_most_twice_movement(combat: Combat) -> None:
    with pytest.raises(ActionError, match="0 to 8 yards"):
        combat.charge("Rorik", "Edric", yards=9, dice=NOTHING)


def test_a_divided_attack_splits_the_test_dice(combat: Combat) -> None:
    group = combat.divided_attack("Edric", {"Rorik": 3, "Gorm": 2}, dice=rolled("5 4 3 2 1 4 3"))
    assert [(r.test.count().test, r.test.count().bonus) for r in group] == [
        (3, 2), (2, 0)]


def test_a_divided_attack_must_use_every_test_die(combat: Combat) -> None:
    with pytest.raises(ActionError, match="shares Edric's 5 test dice"):
        combat.divided_attack("Edric", {"Rorik": 3, "Gorm": 1}, dice=NOTHING)


def test_a_divided_attack_needs_two_targets(combat: Combat) -> None:
    with pytest.raises(ActionError, match="two or more targets"):
        combat.divided_attack("Edric", {"Rorik": 5}, dice=NOTHING)


def test_a_two_weapon_attack_adds_the_off_hand_bonus(combat: Combat) -> None:
    hit = combat.two_weapon_attack("Edric", "Rorik", dice=rolled("3 3 2 2 1 1 1"))
    assert hit.dealt == 5 * 1 + 1 - 3


def test_a_two_weapon_attack_lowers_the_guard_until_the_next_turn(combat: Combat) -> None:
    combat.two_weapon_attack("Edric", "Rorik", dice=rolled("3 3 2 2 1 1 1"))
    lowered = combat.combat_defense("Edric")
    combat.begin_turn("Edric")
    assert (lowered, combat.combat_defense("Edric")) == (8, 10)


def test_a_two_weapon_attack_needs_two_weapons(combat: Combat) -> None:
    with pytest.raises(ActionError, match="a weapon in each hand"):
        combat.two_weapon_attack("Gorm", "Edric", dice=NOTHING)


def test_combining_attacks_adds_the_off_hand_bonus_to_every_hit(combat: Combat) -> None:
    group = combat.combining_attacks("Rorik", {"Edric": 2, "Wyl": 2}, dice=rolled("6 5 2 6 6"))
    assert [r.dealt for r in group] == [4 + 1 - 4, 4 + 1]


def test_set_for_charge_adds_two_to_base_damage(combat: Combat) -> None:
    combat.counterattack("Edric", "Rorik", trigger="Rorik charges")
    hit = combat.strike_back("Edric", charging=True, dice=rolled("4 4 3 2 2 1 1"))
    assert hit.damage is not None and hit.damage.base_total == 5 + 2


def test_a_counterattack_ends_the_turn(combat: Combat) -> None:
    combat.begin_turn("Edric")
    combat.counterattack("Edric", "Rorik")
    assert combat.turn is None


def test_a_strike_back_needs_a_counterattack(combat: Combat) -> None:
    with pytest.raises(ActionError, match="holds no counterattack"):
        combat.strike_back("Edric", dice=NOTHING)


def test_a_disarm_with_one_degree_fails_to_disarm(combat: Combat) -> None:
    combat.disarm("Edric", "Rorik", dice=rolled("5 4 3 3 2 1 1"))
    assert len(combat.held("Rorik")) == 2


def test_a_disarm_with_two_degrees_sends_the_weapon_1d6_yards(combat: Combat) -> None:
    combat.disarm("Edric", "Rorik", dice=rolled("6 5 5 4 3 2 1 4"))
    assert (combat.ground, [w.name for w in combat.held("Rorik")]) == (
        ["Rorik's battleaxe (4 yards away)"], ["hand axe"])


def test_a_critical_failure_disarms_the_attacker_and_a_free_hand_catches(
        combat: Combat) -> None:
    combat.stow("Edric", "shield")
    combat.disarm("Gorm", "Edric", dice=rolled("2 3 1"))
    assert ([w.name for w in combat.held("Edric")], combat.held("Gorm")) == (
        ["longsword", "spear"], ())


def test_a_disarm_that_fumbles_and_misses_by_five_is_disarmed_once(combat: Combat) -> None:
    swing = combat.disarm("Rorik", "Edric", dice=rolled("1 1 1 1 1 4"))
    assert ([w.name for w in combat.held("Rorik")], combat.ground, swing.fumble_reading) == (
        ["hand axe"], ["Rorik's battleaxe (4 yards away)"], None)


def test_a_disarm_that_fumbles_without_missing_by_five_reads_the_fumble_table(
        combat: Combat) -> None:
    pate = Character("Pate", {"Agility": 2, "Athletics": 2, "Awareness": 2, "Endurance": 2,
                              "Fighting": 1}, weapons=combat.held("Gorm"))
    yard = Combat(combat.character("Gorm"), pate)
    swing = yard.disarm("Gorm", "Pate", dice=rolled("1 1 1 2"))
    assert (swing.test.grade.margin, swing.fumble_row.name if swing.fumble_row else "",
            yard.ground) == (-1, "Drop", ["Gorm's spear (2 yards away)"])


def test_a_mounted_attacker_gains_a_bonus_die_and_two_damage(combat: Combat) -> None:
    combat.mount("Edric", DESTRIER)
    hit = combat.attack("Edric", "Gorm", dice=rolled("2 2 2 1 1 1 1 1"))
    assert (hit.test.dice_text().count("mounted"), hit.dealt) == (1, 5 + 2)


def test_a_mount_that_moved_gives_no_extra_damage(combat: Combat) -> None:
    combat.mount("Edric", DESTRIER)
    combat.ride("Edric", 8)
    assert combat.attack("Edric", "Gorm", dice=rolled("2 2 2 1 1 1 1 1")).dealt == 5


def test_pull_from_mount_needs_a_grab_weapon_or_a_polearm(combat: Combat) -> None:
    combat.mount("Gorm", DESTRIER)
    with pytest.raises(ActionError, match="Grab weapon or a polearm"):
        combat.pull_from_mount("Edric", "Gorm", dice=NOTHING)


def test_pull_from_mount_unhorses_the_rider_prone(combat: Combat) -> None:
    combat.mount("Edric", DESTRIER)
    combat.pull_from_mount("Gorm", "Edric", dice=rolled("6 5 4"))
    assert ("Edric" in combat.mounts, combat.status("Edric")) == (False, ("prone",))


def test_a_pin_needs_a_grab(combat: Combat) -> None:
    with pytest.raises(ActionError, match="is not grabbing"):
        combat.pin("Rorik", "Wyl", dice=NOTHING, defence=NOTHING)


def test_a_pinned_character_can_only_break_free(combat: Combat) -> None:
    combat.grab("Rorik", "Wyl")
    combat.pin("Rorik", "Wyl", dice=rolled("5 4 3 3"), defence=rolled("4 2"))
    with pytest.raises(ActionError, match="can only try to break free"):
        combat.aim("Wyl")


def test_a_pin_tie_goes_to_the_one_pinned(combat: Combat) -> None:
    combat.grab("Rorik", "Wyl")
    result = combat.pin("Rorik", "Wyl", dice=rolled("2 2 1 1"), defence=rolled("3 3"))
    assert result.succeeded is False


def test_breaking_free_ends_the_pin(combat: Combat) -> None:
    combat.grab("Rorik", "Wyl")
    combat.pin("Rorik", "Wyl", dice=rolled("5 4 3 3"), defence=rolled("4 2"))
    combat.break_free("Wyl", dice=rolled("6 5"), defence=rolled("2 2 1 3"))
    assert combat.pins == {}


def test_a_pin_not_kept_up_ends_with_the_holder_s_turn(combat: Combat) -> None:
    combat.grab("Rorik", "Wyl")
    combat.pin("Rorik", "Wyl", dice=rolled("5 4 3 3"), defence=rolled("4 2"))
    combat.begin_turn("Rorik")
    combat.end_turn()
    assert combat.pins == {}


def test_a_pin_kept_up_lasts(combat: Combat) -> None:
    combat.grab("Rorik", "Wyl")
    combat.pin("Rorik", "Wyl", dice=rolled("5 4 3 3"), defence=rolled("4 2"))
    combat.begin_turn("Rorik")
    combat.keep_pin("Rorik", "Wyl")
    combat.end_turn()
    assert list(combat.pins) == [("Rorik", "Wyl")]


# -- the other actions --------------------------------------------------------------------


def test_aim_gives_a_bonus_die_to_the_next_attack_only(combat: Combat) -> None:
    combat.aim("Wyl")
    combat.attack("Wyl", "Gorm", dice=rolled("4 2 3 5 1"))
    assert combat.test_of("Wyl", "Marksmanship", "Bows").bonus == ("Bows",)


def test_aims_do_not_stack(combat: Combat) -> None:
    combat.aim("Wyl")
    with pytest.raises(ActionError, match="aims do not stack"):
        combat.aim("Wyl")


def test_pass_gives_two_bonus_dice_within_the_limit(combat: Combat) -> None:
    combat.pass_turn("Wyl")
    assert combat.test_of("Wyl", "Marksmanship", "Bows").count().bonus == 3


def test_passes_do_not_stack(combat: Combat) -> None:
    combat.pass_turn("Wyl")
    with pytest.raises(ActionError, match="not cumulative"):
        combat.pass_turn("Wyl")


def test_an_assist_adds_half_the_helper_s_rank(combat: Combat) -> None:
    combat.assist("Edric", "Wyl", "Fighting")
    assert combat.test_of("Wyl", "Fighting").modifiers == (("assist", 2),)


def test_an_assist_adds_at_least_one(combat: Combat) -> None:
    combat.assist("Wyl", "Edric", "Fighting")
    assert combat.test_of("Edric", "Fighting").modifiers == (("assist", 1),)


def test_assists_stack(combat: Combat) -> None:
    combat.assist("Edric", "Wyl", "Athletics")
    combat.assist("Edric", "Wyl", "Athletics")
    assert combat.test_of("Wyl", "Athletics").modifier == 4


def test_an_assist_on_an_attack_is_the_helper_s_attack(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.assist("Wyl", "Edric", "Fighting")
    with pytest.raises(ActionError, match="one attack action a turn"):
        combat.attack("Wyl", "Gorm", dice=NOTHING)


def test_catching_a_breath_removes_a_point_per_degree(combat: Combat) -> None:
    combat.charge("Rorik", "Edric", dice=rolled("6 6 5 1 1"))
    combat.catch_breath("Edric", dice=rolled("4 3 5 2"))
    assert combat.harm("Edric").damage == 6 - 3


def test_a_distraction_takes_awareness_off_combat_defense(combat: Combat) -> None:
    combat.distract("Wyl", "Rorik", dice=rolled("4 3 2"))
    assert combat.combat_defense("Rorik") == 9 - 3


def test_a_distraction_ends_when_the_target_is_attacked(combat: Combat) -> None:
    combat.distract("Wyl", "Rorik", dice=rolled("4 3 2"))
    combat.attack("Edric", "Rorik", dice=rolled("3 2 2 1 1 2 1"))
    assert combat.combat_defense("Rorik") == 9


def test_a_dodge_result_is_combat_defense_even_when_worse(combat: Combat) -> None:
    combat.dodge("Edric", dice=rolled("2 3 4 1"))
    assert combat.combat_defense("Edric") == 2 + 3 + 4 - 2 + 2


def test_a_dodge_moves_at_most_half_movement(combat: Combat) -> None:
    with pytest.raises(ActionError, match="0 to 2 yards"):
        combat.dodge("Edric", dice=NOTHING, yards=3)


def test_drawing_while_moving_costs_a_die_on_attacks_this_turn(combat: Combat) -> None:
    combat.stow("Wyl", "knife")
    combat.begin_turn("Wyl")
    combat.draw("Wyl", "knife", while_moving=True, yards=3)
    assert combat.test_of("Wyl", "Fighting").penalty == ("drew while moving",)


def test_a_move_covers_at_most_movement(combat: Combat) -> None:
    with pytest.raises(ActionError, match="0 to 4 yards"):
        combat.move("Wyl", 5)


def test_a_sprint_covers_four_times_movement(combat: Combat) -> None:
    combat.sprint("Wyl", 16)
    with pytest.raises(ActionError, match="0 to 16 yards"):
        combat.sprint("Wyl", 17)


def test_standing_in_heavy_armor_is_a_greater_action(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Ser Hollis"], cast["Gorm"])
    combat.begin_turn("Ser Hollis")
    combat.drop_prone("Ser Hollis")
    with pytest.raises(ActionError, match="a Greater action"):
        combat.stand("Ser Hollis")


def test_standing_in_light_armor_is_a_lesser_action(combat: Combat) -> None:
    combat.begin_turn("Edric")
    combat.drop_prone("Edric")
    combat.stand("Edric")
    assert combat.status("Edric") == ()


def test_riding_an_untrained_mount_is_a_greater_action(combat: Combat) -> None:
    combat.mount("Wyl", Mount("palfrey", movement=8))
    combat.begin_turn("Wyl")
    combat.ride("Wyl", 8)
    assert combat.turn is not None and combat.turn.taken == [("Ride or Drive", "Greater")]


def test_use_ability_needs_its_kind_when_it_varies(combat: Combat) -> None:
    result = combat.use_ability("Wyl", "Athletics", "Challenging", kind="Greater",
                                dice=rolled("5 6"))
    assert result.succeeded is True


def test_a_dishonorable_return_costs_a_die_with_the_witnesses(combat: Combat) -> None:
    combat.yield_turn("Gorm")
    combat.re_enter("Gorm")
    assert (combat.test_of("Gorm", "Persuasion", toward="Edric").penalty,
            combat.test_of("Gorm", "Persuasion").penalty) == (("dishonored",), ())


def test_a_yielded_character_cannot_act(combat: Combat) -> None:
    combat.yield_turn("Gorm")
    with pytest.raises(CombatError, match="has yielded"):
        combat.aim("Gorm")


def test_a_defeated_character_cannot_be_attacked(combat: Combat) -> None:
    combat.attack("Edric", "Wyl", soak="none", dice=rolled("6 6 5 5 4 1 1"))
    with pytest.raises(CombatError, match="Wyl is already defeated"):
        combat.attack("Rorik", "Wyl", dice=NOTHING)


def test_nobody_attacks_themself(combat: Combat) -> None:
    with pytest.raises(CombatError, match="cannot attack themself"):
        combat.attack("Edric", "Edric", dice=NOTHING)


def test_a_combat_needs_every_fighter_s_endurance() -> None:
    with pytest.raises(CombatError, match="no Endurance rank"):
        Combat(Character("Ghost", {"Agility": 3}))


def test_the_action_table_lists_the_seed_s_25_actions() -> None:
    from rules_core.chronicle.actions import ACTIONS

    assert len(ACTIONS) == 25 and len({a.name for a in ACTIONS}) == 25

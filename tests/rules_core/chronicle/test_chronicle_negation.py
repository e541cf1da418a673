"""Negating another character's Destiny Point: what the point bought is undone, on a roll
and outside one; with nothing to negate, the negator keeps the point."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Combat, DestinyError
from rules_core.dice import ScriptedDice as rolled


def test_a_negated_bonus_die_is_not_rolled(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", spend=["bonus die"],
                        negated_by={"bonus die": "Rorik"}, dice=rolled("6 5 4 4 3 2 1"))
    assert (hit.test.count().rolled, hit.test.count().bonus) == (7, 2)


def test_both_points_of_a_negated_use_are_gone(combat: Combat) -> None:
    combat.attack("Edric", "Rorik", spend=["bonus die"], negated_by={"bonus die": "Rorik"},
                  dice=rolled("6 5 4 4 3 2 1"))
    assert (combat.destiny("Edric").left, combat.destiny("Rorik").left) == (2, 0)
    assert combat.destiny("Rorik").used == (("spend", "negate spent point"),)


def test_a_negated_burn_costs_a_burned_point(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", burn=["+5"], negated_by={"+5": "Rorik"},
                        dice=rolled("2 2 1 1 1 1 1"))
    assert hit.test.result == 7
    assert combat.destiny("Rorik").used == (("burn", "negate burned point"),)


def test_only_the_named_use_is_negated(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", spend=["bonus die", "convert"],
                        negated_by={"convert": "Rorik"}, dice=rolled("6 5 4 4 3 2 1 1"))
    assert (hit.test.count().test, hit.test.count().bonus) == (5, 3)


def test_the_card_says_what_was_negated(combat: Combat) -> None:
    hit = combat.attack("Edric", "Rorik", spend=["bonus die"],
                        negated_by={"bonus die": "Rorik"}, dice=rolled("6 5 4 4 3 2 1"))
    assert hit.explain_lines()[-1] == ("Rorik spends a Destiny Point to negate Edric's (bonus "
                                       "die): Edric's point is gone and does nothing.")


def test_negating_a_use_the_roll_does_not_make_is_refused(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="no Destiny Point on 'convert' on this roll"):
        combat.attack("Edric", "Rorik", spend=["bonus die"], negated_by={"convert": "Rorik"},
                      dice=rolled(""))
    assert combat.destiny("Rorik").left == 1


def test_negating_one_s_own_point_is_refused(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="cannot negate their own"):
        combat.attack("Edric", "Rorik", spend=["bonus die"], negated_by={"bonus die": "Edric"},
                      dice=rolled(""))


def test_a_negator_without_a_point_is_refused_before_rolling(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="Gorm has 0 Destiny Points, not 1"):
        combat.attack("Edric", "Rorik", spend=["bonus die"], negated_by={"bonus die": "Gorm"},
                      dice=rolled(""))


def test_a_negated_armor_penalty_counts_again(combat: Combat) -> None:
    combat.spend_destiny("Edric", "ignore armor penalty")
    combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    assert combat.combat_defense("Edric") == 10


def test_a_negated_extra_action_is_lost(combat: Combat) -> None:
    combat.begin_turn("Edric")
    combat.spend_destiny("Edric", "extra lesser action")
    combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    assert combat.turn is not None and combat.turn.extra_lesser == 0


def test_a_negated_bestowed_penalty_is_lifted(combat: Combat) -> None:
    combat.spend_destiny("Edric", "bestow penalty", on="Rorik")
    combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    assert repr(combat.test_of("Rorik", "Fighting", "Axes")) == "<Rorik, Fighting 4D + 1B (Axes)>"


def test_negated_healing_brings_the_harm_back(combat: Combat) -> None:
    combat.attack("Rorik", "Edric", dice=rolled("6 5 4 3 1"))
    combat.burn_destiny("Edric", "remove damage and injuries")
    combat.burn_destiny("Rorik", "negate burned point", on="Edric")
    assert combat.harm("Edric").health == 8


def test_a_story_use_is_undone_in_words(combat: Combat) -> None:
    combat.spend_destiny("Edric", "minor detail", detail="a loose flagstone")
    done = combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    assert done.lines == ("Rorik spends a Destiny Point to negate Edric's (minor detail): "
                          "Edric's point does not add a minor detail to the scene: a loose "
                          "flagstone.",)


def test_nothing_to_negate_is_refused_and_costs_nothing(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="Edric has no spent Destiny Point in play"):
        combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    assert combat.destiny("Rorik").left == 1


def test_a_point_is_negated_once(combat: Combat) -> None:
    combat.spend_destiny("Edric", "ignore armor penalty")
    combat.spend_destiny("Rorik", "negate spent point", on="Edric")
    with pytest.raises(DestinyError, match="no spent Destiny Point in play"):
        combat.spend_destiny("Edric", "negate spent point", on="Rorik")


def test_a_spent_point_is_not_negated_by_a_burned_one(combat: Combat) -> None:
    combat.spend_destiny("Edric", "ignore armor penalty")
    with pytest.raises(DestinyError, match="no burned Destiny Point in play"):
        combat.burn_destiny("Rorik", "negate burned point", on="Edric")


def test_an_effect_already_over_cannot_be_negated(combat: Combat) -> None:
    combat.spend_destiny("Edric", "bestow penalty", on="Rorik")
    combat.use_ability("Rorik", "Will", "Easy", dice=rolled("4 3"))
    with pytest.raises(DestinyError, match="no spent Destiny Point in play"):
        combat.spend_destiny("Rorik", "negate spent point", on="Edric")


def test_negating_needs_someone_else(combat: Combat) -> None:
    with pytest.raises(DestinyError, match="names whose spent point Rorik negates"):
        combat.spend_destiny("Rorik", "negate spent point")


def test_a_use_refused_for_want_of_points_changes_nothing(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    with pytest.raises(DestinyError, match="no Destiny Point left"):
        combat.spend_destiny("Wyl", "extra lesser action")
    assert combat.turn is not None and combat.turn.extra_lesser == 0


def test_a_point_on_another_test_is_negated_too(combat: Combat) -> None:
    done = combat.use_ability("Edric", "Athletics", "Hard", burn=["+5"],
                              negated_by={"+5": "Rorik"}, dice=rolled("4 3 2 1"))
    assert done.test is not None and done.test.result == 10
    assert combat.destiny("Edric").used == (("burn", "+5"),)
    assert combat.destiny("Rorik").used == (("burn", "negate burned point"),)

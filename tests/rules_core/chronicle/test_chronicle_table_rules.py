"""Rules the source states and the engine now plays: a harm that must match the sheet,
an assist only from beside the ally, a stored item that takes a Greater action, the −1D of a
dishonorable return lasting witness by witness until each is Friendly again, and no critical
outside an attack."""

from __future__ import annotations

import pytest

from rules_core.chronicle import (
    AbilityTest,
    ActionError,
    Character,
    Combat,
    Harm,
    HarmError,
)
from rules_core.dice import ScriptedDice as rolled


def test_a_harm_whose_endurance_differs_from_the_sheet_is_refused(combat: Combat) -> None:
    with pytest.raises(HarmError) as refused:
        combat.set_harm("Rorik", Harm("Rorik", 4, damage=5))
    assert str(refused.value) == ("Rorik's sheet gives Endurance 3 (Health 9), not 4: write "
                                  "Harm('Rorik', 3, damage=5)")
    assert combat.harm("Rorik").health == 9


def test_a_harm_with_the_sheet_s_endurance_is_recorded(combat: Combat) -> None:
    combat.set_harm("Rorik", Harm("Rorik", 3, damage=5))
    assert combat.harm("Rorik").text() == "Health 4 of 9"


def test_a_maimed_endurance_lowers_health_with_it(cast: dict[str, Character]) -> None:
    combat = Combat(cast["Edric"], cast["Rorik"])
    combat.set_harm("Rorik", Harm("Rorik", 3, damage=9))
    combat.defeat("Rorik", "maimed", ability="Endurance", burn=True)
    assert combat.harm("Rorik").most_health == 6
    combat.end()
    assert combat.harm("Rorik").text() == "Health 6 of 6"


def test_an_assist_from_afar_is_refused(combat: Combat) -> None:
    with pytest.raises(ActionError, match="Wyl is not next to Edric and Edric's target"):
        combat.assist("Wyl", "Edric", "Fighting", adjacent=False)
    assert combat.test_of("Edric", "Fighting").modifiers == ()


def test_an_assist_on_another_test_needs_only_the_ally_beside(combat: Combat) -> None:
    with pytest.raises(ActionError, match="Wyl is not next to Edric: only a helper beside "
                                          "Edric"):
        combat.assist("Wyl", "Edric", "Marksmanship", adjacent=False)


def test_a_stored_item_takes_the_whole_turn(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.retrieve("Wyl", "rope", stored=True)
    with pytest.raises(ActionError, match="no action left"):
        combat.move("Wyl", 2)


def test_an_item_at_hand_is_a_lesser_action(combat: Combat) -> None:
    combat.begin_turn("Wyl")
    combat.retrieve("Wyl", "flask")
    combat.move("Wyl", 2)
    assert combat.turn is not None and combat.turn.slots_used == 2


def test_a_witness_won_back_lifts_the_penalty_with_them_alone(combat: Combat) -> None:
    combat.yield_turn("Gorm")
    combat.re_enter("Gorm")
    combat.win_back("Gorm", "Edric")
    assert combat.test_of("Gorm", "Persuasion", toward="Edric").penalty == ()
    assert combat.test_of("Gorm", "Persuasion", toward="Wyl").penalty == ("dishonored",)


def test_winning_back_someone_who_saw_nothing_is_refused(combat: Combat) -> None:
    with pytest.raises(ActionError, match="Gorm has no dishonor in Edric's eyes"):
        combat.win_back("Gorm", "Edric")


def test_a_test_outside_a_fight_has_no_critical() -> None:
    climb = AbilityTest("Edric", "Athletics", 4).against("Challenging", rolled("6 6 6 6"))
    assert (climb.result, climb.degrees, climb.is_critical) == (24, 4, False)

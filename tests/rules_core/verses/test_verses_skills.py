"""'Verses skill dice: a skill's own dice plus its default's, up to an attribute."""

from __future__ import annotations

import pytest

from rules_core.errors import RulesError
from rules_core.verses import Actor, SkillCatalog

TAM = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2, "Grappling": 3},
            action_dice=6)


def test_unarmed_combat_adds_prw() -> None:
    assert str(TAM.skill_dice("Unarmed Combat")) == "5d6: 2 Unarmed Combat + 3 PRW"


def test_grappling_adds_unarmed_combat_and_prw() -> None:
    assert str(TAM.skill_dice("Grappling")) == "8d6: 3 Grappling + 2 Unarmed Combat + 3 PRW"


def test_an_untrained_actor_rolls_the_nearest_ancestor() -> None:
    guard = Actor("Guard", attributes={"PRW": 2})
    assert str(guard.skill_dice("Grappling")) == "2d6: 2 PRW"


def test_an_untrained_skill_subtracts_its_difficulty() -> None:
    catalog = SkillCatalog(difficulty={"Grappling": 1})
    guard = Actor("Guard", attributes={"PRW": 2}, catalog=catalog)
    assert guard.skill_dice("Grappling").breakdown() == "2 PRW − 1 untrained Grappling = 1d6"


def test_a_trained_skill_ignores_its_difficulty() -> None:
    catalog = SkillCatalog(difficulty={"Grappling": 1})
    tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2, "Grappling": 3},
                catalog=catalog)
    assert tam.skill_dice("Grappling").size == 8


def test_grappling_defaulting_to_prw_would_give_six_dice() -> None:
    assert TAM.with_default("Grappling", "PRW").skill_dice("Grappling").size == 6


def test_a_skill_with_no_default_and_no_dice_is_an_error() -> None:
    with pytest.raises(RulesError, match="Tam has no Archery"):
        TAM.skill_dice("Archery")


def test_circular_defaults_are_an_error() -> None:
    catalog = SkillCatalog(defaults={"A": "B", "B": "A"})
    with pytest.raises(RulesError, match="go round in a circle: A → B → A"):
        Actor("X", catalog=catalog).skill_dice("A")


def test_negative_dice_are_refused() -> None:
    with pytest.raises(RulesError, match="must be a whole number of dice, 0 or more"):
        Actor("X", attributes={"PRW": -1})


def test_negative_action_dice_are_refused() -> None:
    with pytest.raises(RulesError, match="AD must be a whole number, 0 or more"):
        Actor("X", action_dice=-2)


@pytest.mark.parametrize("dice", [2.5, "3", True])
def test_a_count_of_dice_that_is_not_a_whole_number_says_so(dice: object) -> None:
    with pytest.raises(RulesError, match=f"PRW must be a whole number of dice, 0 or more, "
                                         f"not {dice!r}"):
        Actor("X", attributes={"PRW": dice})  # type: ignore[dict-item]

"""The damage a weapon deals when its sheet gives none: what its Skill's attacks usually deal
(the Act of Hubris, "Attacking Other Characters": Athletics attacks bash or set off a hazard,
Weaponry and Firearms attacks are lethal, a gun never bashes)."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.hubris import BASHING, LETHAL, Character, PoolError, Weapon, Wounds


def test_a_thrown_weapon_bashes_unless_its_sheet_says_otherwise() -> None:
    assert Weapon("a rock", 1, "Athletics").damage == BASHING
    assert Weapon("a molotov cocktail", 1, "Athletics", damage="lethal").damage == LETHAL
    assert Weapon("a rock", 1, "Athletics") == Weapon("a rock", 1, "Athletics", BASHING)


@pytest.mark.parametrize("skill", ["Weaponry", "Firearms"])
def test_blades_and_guns_are_lethal_by_default(skill: str) -> None:
    assert Weapon("a weapon", 2, skill).damage == LETHAL


def test_an_athletics_attack_with_a_rock_deals_bashing_wounds(mara: Character,
                                                              rook: Character) -> None:
    throw = mara.attack("Strength", "Athletics", weapon=Weapon("a rock", 1, "Athletics"))
    hit = throw.against(rook.defense(), dice=ScriptedDice("9 8 8 4 3 2"),
                        defence=ScriptedDice("9 5 3 2"))
    assert (throw.edge, throw.damage, hit.wounds) == (1, BASHING, Wounds(BASHING, 2))
    assert throw.damage == mara.attack("Strength", "Athletics").damage


def test_a_gun_still_never_bashes() -> None:
    with pytest.raises(PoolError, match="no option of bashing"):
        Weapon("a shotgun", 4, "Firearms", damage=BASHING)


def test_an_unknown_skill_is_refused_before_any_damage_is_chosen() -> None:
    with pytest.raises(PoolError, match="not 'Brawl'"):
        Weapon("knuckle-dusters", 1, "Brawl")

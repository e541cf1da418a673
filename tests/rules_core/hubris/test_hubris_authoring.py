"""What an author expects the engine to have: a Defense rolled on its own, ``guard`` beside
``block``, autofire with nobody else refused in words, faces given as ``defence=`` that no
roll took named as such, special-trait resistance without Edge, and the round's seconds
(the Act of Hubris, "Resisting Attack", "Autofire", "Defenseless Characters", "Rounds and
Turns")."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice, given_as
from rules_core.errors import DiceScriptError
from rules_core.hubris import (
    ROUND_SECONDS,
    AttackError,
    Block,
    Character,
    HubrisRoll,
    PoolError,
    Weapon,
)


def D(faces: str) -> ScriptedDice:
    return ScriptedDice(faces)


# -- a Defense rolled on its own -------------------------------------------------------------


def test_a_defense_rolled_on_its_own_counts_armor_as_a_minimum(rook: Character) -> None:
    rolled = rook.defense().roll(D("7 6 5 1"))
    assert isinstance(rolled, HubrisRoll)
    assert (rolled.successes, rolled.total) == (0, 1)
    assert rook.defense().roll(D("9 8 5 1")).total == 2


def test_a_denied_defense_cannot_be_rolled_on_its_own(ike: Character) -> None:
    with pytest.raises(AttackError, match="unaware of the attack and not in combat: no "
                                          "Defense: there is nothing to roll"):
        ike.defense().unaware().roll(D("9 8 1 1"))


def test_a_defense_rolled_on_its_own_explains_itself(rook: Character) -> None:
    view = rook.defense().roll(D("9 8 5 1")).explain()
    assert view.title == "Rook: Defense"
    assert view.lines[0] == "2 successes (9, 8), at least 1 (armor): 2 successes."


# -- guard, a second name for a block that shields ------------------------------------------


def test_guard_is_a_block_that_protects(hana: Character, ike: Character,
                                        voss: Character) -> None:
    action = hana.action("Dexterity", "Weaponry", task="Guard Ike")
    guard = action.guard(D("9 9 8 8 4"), protects=["Ike"])
    assert isinstance(guard, Block)
    assert (guard.protects, guard.successes) == (("Ike",), 4)
    assert repr(guard) == repr(action.block(D("9 9 8 8 4"), protects=["Ike"]))
    hit = voss.attack("Strength", "Brawl").against(ike.defense(), dice=D("9 9 8 6 3"),
                                                   defence=D("8 4 3 1"), shields=[guard])
    assert (hit.resisted, hit.net) == (4, 0)


@pytest.mark.parametrize(("protects", "named"), [([], "'a name'"), ("Ike", "'Ike'")])
def test_a_guard_names_whom_it_protects(hana: Character, protects: list[str] | str,
                                        named: str) -> None:
    with pytest.raises(AttackError, match=rf"protects=\[{named}\]"):
        hana.action("Dexterity", "Weaponry").guard(D("9 8"), protects=protects)


# -- autofire with nobody else in the area ---------------------------------------------------


def test_autofire_with_nobody_else_in_the_area_is_refused(hana: Character, voss: Character,
                                                          smg: Weapon) -> None:
    burst = hana.attack("Dexterity", "Firearms", weapon=smg)
    with pytest.raises(AttackError, match="Hana's autofire sprays no one: nobody but Voss is "
                                          "in the area"):
        burst.autofire(voss.defense(), [], dice=D(""), defence=D(""))


def test_autofire_on_the_target_alone_is_allowed_when_the_target_takes_the_spray(
        hana: Character, voss: Character, smg: Weapon) -> None:
    burst = hana.attack("Dexterity", "Firearms", weapon=smg)
    fired = burst.autofire(voss.defense(), [], primary_too=True,
                           dice=D("9 9 8 6 5 4 3 2 1"),
                           defence=D("8 5 4 3 2 1  5 4 3 2 1 1"))
    assert [hit.target for hit in fired.sprayed] == ["Voss"]


def test_autofire_sprays_friend_and_foe_alike(hana: Character, mara: Character,
                                              voss: Character, smg: Weapon) -> None:
    fired = hana.attack("Dexterity", "Firearms", weapon=smg).autofire(
        voss.defense(), [mara.defense()], dice=D("9 9 8 6 5 4 3 2 1"),
        defence=D("8 5 4 3 2 1  6 4 3 2 1"))
    assert [(hit.target, hit.net) for hit in fired.sprayed] == [("Mara", 2)]


# -- faces given as defence= that no roll took ----------------------------------------------


def test_defence_faces_for_an_unaware_target_are_named_as_defence(
        mara: Character, ike: Character) -> None:
    defence = D("8 6 5")
    mara.attack("Strength", "Brawl").against(ike.defense().unaware(), dice=D("9 8 5 4 3"),
                                             defence=defence)
    with pytest.raises(DiceScriptError) as refused:
        defence.check_used_up()
    message = str(refused.value)
    assert "given as defence=" in message and "leave defence= out" in message
    assert "Ike is unaware of the attack and not in combat: no Defense" in message
    assert "as dice=" not in message


def test_attack_faces_against_a_helpless_target_are_named_as_dice(
        mara: Character, rook: Character, machete: Weapon) -> None:
    dice = D("9 8 8")
    mara.attack("Strength", "Weaponry", weapon=machete).against(
        rook.defense().cannot_act("bound"), dice=dice, helpless=True)
    with pytest.raises(DiceScriptError, match=r"given as dice=, and no roll took them \(Rook "
                                              r"is helpless: every attack die is an automatic"):
        dice.check_used_up()


def test_faces_given_to_nothing_still_point_to_an_action() -> None:
    with pytest.raises(DiceScriptError, match="pass them to an action as dice="):
        D("6 6").check_used_up()


def test_only_written_faces_keep_where_they_were_given() -> None:
    given_as(None, "defence")  # no faces, nothing to note
    dice = D("9 8")
    given_as(dice, "defence", unrolled="first")
    given_as(dice, "dice", unrolled="second")
    assert (dice.given_as, dice.unrolled_why) == ("defence", "first")


def test_faces_partly_rolled_say_how_many_to_remove(mara: Character, rook: Character) -> None:
    defence = D("9 5 3 2 1")
    mara.attack("Strength", "Brawl").against(rook.defense(), dice=D("9 8 5 4 3"),
                                             defence=defence)
    with pytest.raises(DiceScriptError, match="remove 1 face"):
        defence.check_used_up()


# -- special traits resist without Edge ------------------------------------------------------


def test_a_pool_a_special_trait_grants_takes_no_edge_from_equipment(mara: Character) -> None:
    dodge = mara.resist("Dexterity", "Athletics", special="Acrobatic Dodge")
    with pytest.raises(PoolError, match="takes no Edge from equipment"):
        dodge.with_edge(1, "a leather coat")
    assert dodge.with_edge(1, "a warning shout", persistent=False).size == 6
    assert mara.resist("Dexterity", "Athletics").with_edge(1, "a leather coat").size == 6


# -- the round -------------------------------------------------------------------------------


def test_a_round_is_about_three_seconds() -> None:
    assert ROUND_SECONDS == 3

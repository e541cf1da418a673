"""What a roll is for, said when it rolls (rules_core.dice.rolling_for): written faces that
run short name whose roll lacks them, in every system where one rule takes several rolls
from one source."""

from __future__ import annotations

import pytest

from rules_core.chronicle import Character as ChronicleCharacter
from rules_core.chronicle import Combat, Weapon
from rules_core.dice import ScriptedDice, rolling_for
from rules_core.errors import DiceScriptError
from rules_core.hubris import Character as HubrisCharacter
from rules_core.hubris import roll_initiative as hubris_initiative
from rules_core.kruhl import Character as KruhlCharacter
from rules_core.kruhl import roll_initiative as kruhl_initiative
from rules_core.kruhl import unopposed
from rules_core.storypath import Character as StorypathCharacter
from rules_core.storypath import Race, chase_pool
from rules_core.storypath import roll_initiative as storypath_initiative
from rules_core.words import ordinal


def test_a_roll_that_runs_short_begins_its_error_with_what_it_was_for() -> None:
    with (pytest.raises(DiceScriptError, match=r"^Bo's Defense: the pool is 3d10 but 1 face"),
          rolling_for("Bo's Defense")):
        ScriptedDice("9").roll(3, 10)


def test_the_innermost_roll_says_it_once() -> None:
    with (pytest.raises(DiceScriptError) as raised, rolling_for("Mara's sweep"),
          rolling_for("the second target's Defense (Bo)")):
        ScriptedDice("9").roll(3, 10)
    assert str(raised.value).startswith("the second target's Defense (Bo): the pool")
    assert raised.value.rolled_for == "the second target's Defense (Bo)"


def test_a_roll_with_its_faces_says_nothing() -> None:
    dice = ScriptedDice("9 8")
    with rolling_for("Bo's Defense"):
        assert dice.roll(2, 10) == (9, 8)


def test_ordinals_read_as_words_then_digits() -> None:
    assert [ordinal(n) for n in (1, 2, 10, 11, 12, 13, 21, 22, 103)] == [
        "first", "second", "tenth", "11th", "12th", "13th", "21st", "22nd", "103rd"]


# -- the Act of Hubris ----------------------------------------------------------------------


def _hubris(name: str, dots: int) -> HubrisCharacter:
    return HubrisCharacter(name, {"Strength": dots, "Dexterity": dots, "Wits": dots,
                                  "Composure": dots}, {"Brawl": dots})


def test_hubris_a_sweep_names_the_second_targets_defense_that_lacks_faces() -> None:
    rook, hana, bo = _hubris("Rook", 2), _hubris("Hana", 2), _hubris("Bo", 2)
    sweep = rook.attack("Strength", "Brawl")
    with pytest.raises(DiceScriptError, match=r"^the second target's Defense \(Bo\): .*add 4"):
        sweep.against_each([hana.defense(), bo.defense()], dice=ScriptedDice("9 5 3 2 8 4 3 1"),
                           defence=ScriptedDice("9 5 3 2"))


def test_hubris_a_sweep_names_the_attack_roll_that_lacks_faces() -> None:
    rook, hana, bo = _hubris("Rook", 2), _hubris("Hana", 2), _hubris("Bo", 2)
    with pytest.raises(DiceScriptError, match=r"^Rook's second attack roll \(against Bo\): "):
        rook.attack("Strength", "Brawl").against_each(
            [hana.defense(), bo.defense()], dice=ScriptedDice("9 5 3 2"),
            defence=ScriptedDice("9 5 3 2 8 4 3 1"))


def test_hubris_one_attack_names_the_targets_defense() -> None:
    rook, hana = _hubris("Rook", 2), _hubris("Hana", 2)
    with pytest.raises(DiceScriptError, match=r"^Hana's Defense: "):
        rook.attack("Strength", "Brawl").against(hana.defense(), dice=ScriptedDice("9 5 3 2"),
                                                 defence=ScriptedDice("9"))


def test_hubris_initiative_names_whose_roll_lacks_a_face() -> None:
    with pytest.raises(DiceScriptError, match=r"^Bo's initiative: "):
        hubris_initiative(_hubris("Ana", 2), _hubris("Bo", 3), dice=ScriptedDice("5"))


def test_hubris_a_roll_off_names_who_rolls_it_off() -> None:
    with pytest.raises(DiceScriptError, match=r"^the roll-off of Ana and Cy: "):
        hubris_initiative(_hubris("Ana", 2), _hubris("Cy", 2), dice=ScriptedDice("5 5"))


# -- the Chronicle System -------------------------------------------------------------------


def _chronicle(name: str, fighting: int) -> ChronicleCharacter:
    axe = Weapon("battleaxe", specialty="Axes", damage="Athletics")
    return ChronicleCharacter(name, {"Agility": 2, "Athletics": 3, "Awareness": 2,
                                     "Endurance": 3, "Fighting": fighting},
                              {"Fighting": {"Long Blades": 2}},
                              weapons=(Weapon("longsword", specialty="Long Blades",
                                              damage="Athletics"), axe))


def test_chronicle_a_test_names_its_bonus_dice_when_they_lack_faces() -> None:
    edric = _chronicle("Edric", 4)
    with pytest.raises(DiceScriptError, match=r"^Edric's bonus dice: the pool is 2d6"):
        edric.test("Fighting", "Long Blades").roll(ScriptedDice("6 5 4 3 2"))


def test_chronicle_a_test_names_its_test_dice_when_they_lack_faces() -> None:
    edric = _chronicle("Edric", 4)
    with pytest.raises(DiceScriptError, match=r"^Edric's Fighting test dice: "):
        edric.test("Fighting", "Long Blades").roll(ScriptedDice("6 5"))


def test_chronicle_a_disarm_names_the_yards_die() -> None:
    fight = Combat(_chronicle("Edric", 5), [_chronicle("Rorik", 2)])
    with pytest.raises(DiceScriptError, match=r"^the yards die of Rorik's longsword: "):
        fight.disarm("Edric", "Rorik", dice=ScriptedDice("6 6 6 6 6 5 5"))


# -- Warlords of Kruhl ----------------------------------------------------------------------


def test_kruhl_an_unopposed_roll_names_the_gms_roll() -> None:
    soraya = KruhlCharacter("Soraya", {"Agility": 3})
    with pytest.raises(DiceScriptError, match=r"^the GM's 2d6 \+ DV against Soraya: "):
        unopposed(soraya.check("Lockpicking"), 3, dice=ScriptedDice("4 2"))


def test_kruhl_initiative_names_whose_roll_lacks_a_face() -> None:
    soraya = KruhlCharacter("Soraya", {"Reason": 2})
    virek = KruhlCharacter("Virek-Kohl", {"Reason": 1})
    with pytest.raises(DiceScriptError, match=r"^Virek-Kohl's initiative: "):
        kruhl_initiative(soraya, virek, dice=ScriptedDice("4"))


# -- Storypath ------------------------------------------------------------------------------


def _storypath(name: str) -> StorypathCharacter:
    return StorypathCharacter(name, {"Dexterity": 2, "Might": 2, "Cunning": 2},
                              {"Athletics": 2, "Close Combat": 2}, player=True)


def test_storypath_initiative_names_whose_roll_lacks_faces() -> None:
    ana, bo = _storypath("Ana"), _storypath("Bo")
    with pytest.raises(DiceScriptError, match=r"^Bo's initiative: "):
        storypath_initiative(ana.initiative("Close Combat"), bo.initiative("Close Combat"),
                             dice=ScriptedDice("9 8 1 1"))


def test_storypath_a_race_names_the_racer_and_the_interval() -> None:
    race = Race(chase_pool(_storypath("Ana"), "sprint"), chase_pool(_storypath("Bo"), "sprint"),
                intervals=2)
    with pytest.raises(DiceScriptError, match=r"^Bo's roll in interval 1: "):
        race.interval(ScriptedDice("9 1 1 1 1"))


# -- 'Verses ----------------------------------------------------------------------------------


def test_verses_a_contested_action_names_the_defenders_roll() -> None:
    from rules_core.verses import PUNCH, Actor, Scene
    tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
    guard = Actor("Guard", attributes={"PRW": 2})
    with pytest.raises(DiceScriptError, match=r"^Guard's defence: the pool is 2d6"):
        Scene(tam, guard).act(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 4 2 1"),
                              defender=guard, defence=ScriptedDice("5"))

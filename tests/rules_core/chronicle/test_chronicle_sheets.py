"""Character sheets, weapons, armor, mounts and readings: what they hold and what they refuse."""

from __future__ import annotations

import pytest

from rules_core.chronicle import (
    Armor,
    Character,
    CharacterError,
    ChronicleError,
    Combat,
    Readings,
    Weapon,
)
from rules_core.dice import ScriptedDice as rolled
from tests.rules_core.chronicle.conftest import DESTRIER, SHIELD


def test_health_is_three_times_endurance(edric: Character) -> None:
    assert edric.health == 12


def test_a_specialty_the_character_lacks_gives_no_bonus_dice(edric: Character) -> None:
    assert edric.specialty("Fighting", "Axes") == 0


def test_base_damage_is_the_damage_ability_plus_the_modifier(edric: Character) -> None:
    assert edric.base_damage(edric.weapon("longsword")) == 4 + 1


def test_sprint_is_four_times_movement_unless_given() -> None:
    assert (Character("A", movement=5).sprint, Character("B", sprint=12).sprint) == (20, 12)


def test_a_missing_ability_says_how_to_add_it(edric: Character) -> None:
    with pytest.raises(CharacterError, match=r"add it, e.g. abilities=\{'Stealth': 2\}"):
        edric.rank("Stealth")


def test_a_specialty_of_a_missing_ability_is_refused() -> None:
    with pytest.raises(CharacterError, match="has a Fighting specialty but no Fighting rank"):
        Character("A", {"Agility": 2}, {"Fighting": {"Long Blades": 1}})


def test_a_maimed_ability_drops_a_rank_but_not_below_one(edric: Character) -> None:
    assert (edric.lowered("Agility").rank("Agility"),
            Character("A", {"Will": 1}).lowered("Will").rank("Will")) == (2, 1)


def test_a_weapon_reads_its_numbered_qualities() -> None:
    assert (SHIELD.defensive, SHIELD.off_hand, SHIELD.shield, SHIELD.has("Vicious")) == (
        2, 1, True, False)


def test_an_unknown_quality_is_refused() -> None:
    with pytest.raises(CharacterError, match="is not a quality these rules use"):
        Weapon("flail", qualities=("Shattering",))


def test_a_weapon_is_used_with_fighting_or_marksmanship() -> None:
    with pytest.raises(CharacterError, match="Fighting or Marksmanship"):
        Weapon("lute", ability="Persuasion")


def test_an_unknown_make_is_refused() -> None:
    with pytest.raises(CharacterError, match="common, castle-forged, Valyrian steel"):
        Weapon("sword", make="dragonglass")


def test_armor_reads_as_rating_and_penalty() -> None:
    assert repr(Armor("plate", 10, 6)) == "<plate: AR 10, AP −6>"


def test_a_rider_moves_with_the_mount_s_movement(combat: Combat) -> None:
    combat.mount("Edric", DESTRIER)
    assert combat.move("Edric", 8).lines == ("Edric moves 8 yards.",)


def test_a_mounted_charge_covers_twice_the_mount_s_movement(combat: Combat) -> None:
    from rules_core.dice import ScriptedDice

    combat.mount("Edric", DESTRIER)
    hit = combat.charge("Edric", "Gorm", yards=16, dice=ScriptedDice("1 1 1 1 1 1 2 2"))
    assert hit.target == "Gorm"


def test_readings_name_only_what_differs() -> None:
    assert repr(Readings(wound_recovery="after the first")) == (
        "Readings(wound_recovery='after the first')")


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(ChronicleError, match="critical_sixes is 'kept' or 'rolled'"):
        Readings(critical_sixes="some")


def test_a_misspelt_specialty_is_refused_naming_the_character_s(edric: Character) -> None:
    with pytest.raises(CharacterError, match=r"'Long Blade' is not a Fighting specialty: "
                       r"Edric's Fighting specialties are Long Blades \(2B\), Shields \(1B\); "
                       r"did you mean 'Long Blades'\?"):
        edric.test("Fighting", "Long Blade")


def test_a_weapon_with_a_misspelt_specialty_is_refused_before_the_roll(
        combat: Combat) -> None:
    edric = combat.character("Edric")
    sword = Weapon("arming sword", specialty="Blade", damage="Athletics")
    fight = Combat(Character("Edric", edric.abilities, edric.specialties, weapons=(sword,)),
                   combat.character("Rorik"))
    with pytest.raises(CharacterError, match=r"^the arming sword's specialty: 'Blade' is not a "
                       r"Fighting specialty: Edric's Fighting specialties are Long Blades"):
        fight.attack("Edric", "Rorik", dice=rolled(""))


def test_a_character_s_own_specialty_off_the_list_counts() -> None:
    bravo = Character("Bravo", {"Fighting": 3}, {"Fighting": {"Dirty Tricks": 1}})
    assert bravo.specialty("Fighting", "Dirty Tricks") == 1

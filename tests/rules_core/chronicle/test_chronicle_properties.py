"""Properties of Chronicle tests and combats that hold for any dice."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.chronicle import (
    AbilityTest,
    Character,
    Combat,
    Damage,
    Harm,
    Readings,
    Weapon,
    degrees_of_success,
)
from rules_core.dice import RandomDice
from rules_core.errors import RulesError

seeds = st.integers(0, 2**32)
readings = st.sampled_from([Readings(), Readings(penalty_dice="drop highest")])
SWORD = Weapon("sword", damage="Athletics")


def pool(rank: int, bonus: int, penalty: int, reading: Readings) -> AbilityTest:
    return AbilityTest("A", "Fighting", rank, ("bonus",) * bonus, ("penalty",) * penalty,
                       readings=reading)


@settings(max_examples=80)
@given(seeds, st.integers(1, 7), st.integers(0, 9), st.integers(0, 5), readings)
def test_kept_dice_never_exceed_the_test_dice(seed: int, rank: int, bonus: int, penalty: int,
                                              reading: Readings) -> None:
    test = pool(rank, bonus, penalty, reading)
    roll = test.roll(RandomDice(seed)).roll
    assert sum(1 for die in roll.dice if die.kept) <= test.count().test


@settings(max_examples=80)
@given(seeds, st.integers(1, 4), st.integers(0, 4), st.integers(0, 3), readings)
def test_a_fumble_only_when_every_die_shows_one(seed: int, rank: int, bonus: int, penalty: int,
                                                reading: Readings) -> None:
    result = pool(rank, bonus, penalty, reading).roll(RandomDice(seed))
    faces = [die.face for die in result.roll.dice]
    assert result.is_fumble == (bool(faces) and set(faces) == {1})


@settings(max_examples=80)
@given(seeds, st.integers(1, 7), st.integers(0, 7), st.integers(0, 30))
def test_a_success_has_one_to_four_degrees(seed: int, rank: int, bonus: int,
                                           target: int) -> None:
    result = pool(rank, bonus, 0, Readings()).against(target, RandomDice(seed))
    assert result.degrees in ((1, 2, 3, 4) if result.succeeded else (0,))


@given(st.integers(-50, 80), st.integers(0, 30))
def test_degrees_stay_within_zero_and_four(result: int, target: int) -> None:
    assert 0 <= degrees_of_success(result, target) <= 4


@given(st.lists(st.tuples(st.text(max_size=3), st.integers(-10, 10)), min_size=1, max_size=4),
       st.integers(0, 4), st.lists(st.tuples(st.text(max_size=3), st.integers(-5, 5)),
                                   max_size=3), st.integers(0, 12))
def test_damage_is_never_negative(base: list[tuple[str, int]], degrees: int,
                                  added: list[tuple[str, int]], armor: int) -> None:
    assert Damage(tuple(base), degrees, tuple(added), armor).total >= 0


@settings(max_examples=60)
@given(st.integers(1, 6), st.lists(st.tuples(st.integers(0, 30), st.sampled_from(
    ["auto", "none", "injury", "wound"])), max_size=20))
def test_no_more_injuries_than_endurance(endurance: int, blows: list[tuple[int, str]]) -> None:
    harm = Harm("A", endurance)
    for damage, soak in blows:
        with contextlib.suppress(RulesError):
            harm = harm.take(damage, soak).after
        assert harm.injuries <= endurance and harm.wounds <= endurance
        assert harm.dead or harm.wounds < endurance


def fighter(name: str, fighting: int, endurance: int) -> Character:
    return Character(name, {"Agility": 2, "Athletics": 3, "Awareness": 2, "Endurance": endurance,
                            "Fighting": fighting, "Will": 2}, weapons=(SWORD,), destiny=1)


@settings(max_examples=40)
@given(seeds, st.integers(1, 7), st.integers(1, 4), st.lists(st.sampled_from(
    ["attack", "cautious", "charge", "back"]), max_size=12))
def test_a_combat_never_deals_negative_damage_nor_breaks_the_injury_limit(
        seed: int, fighting: int, endurance: int, plan: list[str]) -> None:
    combat = Combat(fighter("A", fighting, endurance), fighter("B", 3, endurance))
    dice = RandomDice(seed)
    for move in plan:
        with contextlib.suppress(RulesError):
            if move == "attack":
                hit = combat.attack("A", "B", dice=dice)
            elif move == "cautious":
                hit = combat.cautious_attack("A", "B", dice=dice)
            elif move == "charge":
                hit = combat.charge("A", "B", dice=dice)
            else:
                hit = combat.attack("B", "A", dice=dice)
            assert hit.dealt >= 0
        for name in ("A", "B"):
            assert combat.harm(name).injuries <= endurance


@settings(max_examples=60)
@given(seeds, st.integers(1, 7), st.integers(0, 7), st.integers(1, 20))
def test_a_critical_is_always_a_hit_of_twice_the_defense(seed: int, rank: int, bonus: int,
                                                         defense: int) -> None:
    from rules_core.chronicle import Difficulty, TestResult

    test = pool(rank, bonus, 0, Readings())
    result = TestResult(test, test.roll_dice(RandomDice(seed)), Difficulty(defense, "CD"),
                        attack=True)
    assert result.is_critical == (result.succeeded and result.result >= 2 * defense)
    assert result.succeeded == (result.result >= defense and not result.is_fumble)

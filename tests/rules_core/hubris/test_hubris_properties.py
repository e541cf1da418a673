"""Properties of the Act of Hubris that hold for any dice, and oracle tests: the odds a card
shows against the engine run over every face sequence (tests/rules_core/oracle.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import odds
from rules_core.dice import RandomDice, ScriptedDice
from rules_core.hubris import (
    DAMAGE_KINDS,
    INDIVIDUAL_CAP,
    Attack,
    AttackResult,
    Character,
    DamageRound,
    Hazard,
    Options,
    PoolError,
    Resistance,
    Wounds,
    group_cap,
)
from rules_core.odds import LIMIT
from rules_core.question import AtLeast, Wins
from tests.rules_core.oracle import Prefix, enumerate_engine, face_classes, set_limits

seeds = st.integers(0, 2**32)
dots = st.integers(0, 5)
readings = st.builds(Options, difficulty=st.sampled_from(["dice", "successes"]),
                     armor=st.sampled_from(["minimum", "added"]),
                     individual_cap=st.booleans())


def fighter(name: str, strength: int, dexterity: int, wits: int, skill: int,
            armor: int = 0) -> Character:
    return Character(name, {"Strength": strength, "Dexterity": dexterity, "Wits": wits,
                            "Stamina": 2, "Composure": 2, "Resolve": 2},
                     {"Brawl": skill, "Weaponry": skill}, armor=armor)


# -- properties -----------------------------------------------------------------------------


@settings(max_examples=120)
@given(seeds, dots, dots, dots, st.integers(0, 3), st.integers(0, 6), st.integers(0, 4),
       readings)
def test_net_successes_are_never_negative(seed: int, strength: int, skill: int, wits: int,
                                          armor: int, difficulty: int, edge: int,
                                          options: Options) -> None:
    dice = RandomDice(seed)
    attack = fighter("A", strength, 2, 2, skill).attack("Strength", "Weaponry").with_edge(
        edge, "edge").with_difficulty(difficulty, "trouble").under(options)
    defence = fighter("D", 2, 2, wits, 1, armor).defense().under(options)
    hit = attack.against(defence, dice=dice, defence=dice)
    assert hit.net >= 0
    assert hit.net == max(hit.successes - hit.resisted, 0)


@settings(max_examples=120)
@given(seeds, dots, dots, dots, st.integers(0, 3), readings)
def test_the_individual_cap_is_never_passed(seed: int, strength: int, skill: int, wits: int,
                                           edge: int, options: Options) -> None:
    dice = RandomDice(seed)
    hit = fighter("A", strength, 2, 2, skill).attack("Strength", "Weaponry").with_edge(
        edge, "edge").under(options).against(fighter("D", 1, 1, wits, 0).defense(),
                                             dice=dice, defence=dice)
    assert hit.wounds is not None
    assert hit.wounds.count == (min(hit.net, INDIVIDUAL_CAP) if options.individual_cap
                                else hit.net)


wounds = st.builds(Wounds, st.sampled_from(DAMAGE_KINDS), st.integers(0, 8))


@settings(max_examples=200)
@given(st.lists(st.one_of(st.none(), wounds), min_size=1, max_size=6))
def test_the_group_cap_is_never_passed_nor_severe_damage_replaced_by_lesser(
        hits: list[Wounds | None]) -> None:
    ward = DamageRound("T")
    for n, hit in enumerate(hits):
        ward = ward.take(hit, f"attack {n}")
    dealt = sum(w.count for w in hits if w is not None)
    taken = {w.kind: w.count for w in ward.taken}
    assert ward.total() == min(dealt, group_cap(len(hits)))
    for kind in DAMAGE_KINDS:
        kind_dealt = sum(w.count for w in hits if w is not None and w.kind == kind)
        if taken.get(kind, 0) < kind_dealt:  # some of this kind stopped: nothing lighter kept
            lighter = DAMAGE_KINDS[:DAMAGE_KINDS.index(kind)]
            assert all(taken.get(k, 0) == 0 for k in lighter)


@settings(max_examples=150)
@given(seeds, dots, dots, st.integers(0, 12), st.integers(0, 3), readings)
def test_a_chance_die_only_on_zero_or_fewer_dice(seed: int, dexterity: int, skill: int,
                                                 difficulty: int, edge: int,
                                                 options: Options) -> None:
    action = Character("A", {"Dexterity": dexterity}, {"Athletics": skill}).action(
        "Dexterity", "Athletics").with_edge(edge, "e").with_difficulty(
        difficulty, "d").under(options)
    done = action.roll(RandomDice(seed))
    assert done.dice.chance == (action.size <= 0)
    assert done.dice.procedure.size == (1 if action.size <= 0 else action.size)


@settings(max_examples=100)
@given(dots, dots, dots, st.integers(1, 5), st.sampled_from(["defense", "power"]))
def test_defense_never_gets_an_edge(strength: int, dexterity: int, wits: int, edge: int,
                                    pool: str) -> None:
    who = fighter("D", strength, dexterity, wits, 1)
    resistance = who.defense() if pool == "defense" else who.resist_power("Resolve")
    with pytest.raises(PoolError):
        resistance.with_edge(edge, "a shield")
    assert resistance.edge == 0


@settings(max_examples=60)
@given(seeds, st.integers(1, 4), st.integers(2, 4))
def test_every_target_faces_the_worst_roll(seed: int, skill: int, targets: int) -> None:
    dice = RandomDice(seed)
    attack = fighter("A", 3, 2, 2, skill).attack("Strength", "Brawl")
    done = attack.against_each([fighter(f"T{i}", 2, 2, 2, 0).defense()
                                for i in range(targets)], dice=dice, defence=dice)
    assert all(r.successes == min(roll.total for roll in done.rolls) for r in done.results)


# -- oracle: what a card asks is what the rules decide ---------------------------------------

K = 1


def contest_chance(question: Wins) -> tuple[Fraction, Fraction]:
    a = odds.distribution(question.procedure, limit=K)
    b = odds.distribution(question.against, limit=K)
    win = sum((pa * pb for x, pa in a.items() for y, pb in b.items()
               if LIMIT not in (x, y) and x - y >= question.margin), Fraction(0))
    return win, 1 - (1 - a.get(LIMIT, Fraction(0))) * (1 - b.get(LIMIT, Fraction(0)))


def check_hit_odds(attack: Attack, resistance: Resistance,
                   monkeypatch: pytest.MonkeyPatch,
                   resolve: Callable[[Prefix], AttackResult] | None = None) -> None:
    """The card's chance of a hit, against the engine over every face sequence."""
    shown = attack.against(resistance, dice=RandomDice(1), defence=RandomDice(2))
    question = shown.odds()[0]
    assert isinstance(question, Wins) and question.margin == 1
    set_limits(monkeypatch, K)

    def run(dice: Prefix) -> Hashable:
        done = resolve(dice) if resolve else attack.against(resistance, dice=dice,
                                                            defence=dice)
        return done.hit

    found = enumerate_engine(run, face_classes([question.procedure, question.against]))
    win, limit = contest_chance(question)
    assert found.get(True, Fraction(0)) == win and found.get(LIMIT, Fraction(0)) == limit
    answered = odds.answer(question)
    assert answered is not None and win <= answered.low <= answered.high <= win + limit


def test_the_chance_of_a_hit_against_armored_defense_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 1, 1, 1, 2).attack("Strength", "Brawl")
    check_hit_odds(attack, fighter("D", 1, 1, 1, 0, armor=1).defense(), monkeypatch)


def test_the_chance_of_a_hit_with_armor_added_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 2, 1, 1, 1).attack("Strength", "Brawl")
    defence = fighter("D", 1, 1, 1, 0, armor=1).defense().under(Options(armor="added"))
    check_hit_odds(attack, defence, monkeypatch)


def test_the_chance_of_a_hit_with_difficulty_as_successes_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 2, 1, 1, 1).attack("Strength", "Brawl").with_difficulty(
        1, "d").under(Options(difficulty="successes"))
    defence = fighter("D", 1, 1, 1, 0).defense().with_difficulty(1, "d").under(
        Options(difficulty="successes"))
    check_hit_odds(attack, defence, monkeypatch)


def test_the_chance_of_a_chance_die_hit_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 1, 1, 1, 1).attack("Strength", "Brawl").with_difficulty(3, "d")
    check_hit_odds(attack, fighter("D", 1, 1, 1, 0).defense(), monkeypatch)


def test_the_chance_of_a_hit_through_a_guard_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 2, 1, 1, 1).attack("Strength", "Brawl")
    guard = fighter("G", 1, 1, 1, 0).action("Dexterity", "Brawl").block(
        ScriptedDice("9"), protects=["D"])
    defence = fighter("D", 1, 1, 1, 0).defense()

    def resolve(dice: Prefix) -> AttackResult:
        return attack.against(defence, dice=dice, defence=dice, shields=[guard])

    shown = attack.against(defence, dice=RandomDice(1), defence=RandomDice(2), shields=[guard])
    question = shown.odds()[0]
    assert isinstance(question, Wins)
    reading = question.against.reading
    assert getattr(reading, "minimum", None) == 1  # the guard's success is a floor
    set_limits(monkeypatch, K)
    found = enumerate_engine(lambda dice: resolve(dice).hit,
                             face_classes([question.procedure, question.against]))
    win, limit = contest_chance(question)
    assert found.get(True, Fraction(0)) == win and found.get(LIMIT, Fraction(0)) == limit


def test_the_chance_against_no_defense_is_the_attack_roll_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    attack = fighter("A", 2, 1, 1, 1).attack("Strength", "Brawl")
    defence = fighter("D", 1, 1, 1, 0, armor=1).defense().unaware()
    shown = attack.against(defence, dice=RandomDice(1))
    question = shown.odds()[0]
    assert isinstance(question, AtLeast) and question.value == 2
    set_limits(monkeypatch, K)
    found = enumerate_engine(lambda dice: attack.against(defence, dice=dice).hit,
                             face_classes([question.procedure]))
    limited = odds.distribution(question.procedure, limit=K)
    assert found.get(True, Fraction(0)) == sum(
        (p for v, p in limited.items() if v != LIMIT and v >= 2), Fraction(0))


def test_the_chance_to_stop_a_hazard_entirely_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    defence = fighter("D", 1, 1, 2, 0, armor=1).defense()
    blast = Hazard("the blast", automatic=2)
    question = blast.strike(defence, defence=RandomDice(3)).odds()[-1]
    assert isinstance(question, AtLeast) and question.value == 2
    set_limits(monkeypatch, K)
    found = enumerate_engine(lambda dice: not blast.strike(defence, defence=dice).hit,
                             face_classes([question.procedure]))
    limited = odds.distribution(question.procedure, limit=K)
    assert found.get(True, Fraction(0)) == sum(
        (p for v, p in limited.items() if v != LIMIT and v >= 2), Fraction(0))


def test_the_chance_to_match_a_block_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hold = fighter("B", 1, 1, 1, 1).action("Strength", "Brawl").block(
        ScriptedDice("9 9"), against="T")
    attempt = fighter("T", 1, 2, 1, 1).action("Dexterity", "Brawl")
    question = hold.hinders(attempt, dice=RandomDice(4)).odds()
    assert isinstance(question, AtLeast) and question.value == 2
    set_limits(monkeypatch, K)
    found = enumerate_engine(lambda dice: hold.hinders(attempt, dice=dice).succeeded,
                             face_classes([question.procedure]))
    limited = odds.distribution(question.procedure, limit=K)
    assert found.get(True, Fraction(0)) == sum(
        (p for v, p in limited.items() if v != LIMIT and v >= 2), Fraction(0))

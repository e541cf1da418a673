"""Properties of Storypath rolls, cover and chases that hold for any dice, and oracle tests:
the odds a card shows against the engine run over every face sequence."""

from __future__ import annotations

import contextlib
from collections.abc import Hashable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import odds
from rules_core.dice import RandomDice, ScriptedDice
from rules_core.errors import RulesError
from rules_core.question import AtLeast, Wins
from rules_core.storypath import (
    Action,
    Character,
    Chase,
    Contested,
    Cover,
    Hazard,
    Race,
    Turn,
    chase_pool,
    mixed,
    roll_initiative,
)
from tests.rules_core.oracle import Prefix, enumerate_engine, face_classes, set_limits

seeds = st.integers(0, 2**32)
dots = st.integers(0, 5)


def runner(name: str, athletics: int, might: int, *, player: bool = False) -> Character:
    return Character(name, {"Might": might, "Dexterity": 2, "Cunning": 1},
                     {"Athletics": athletics, "Close Combat": 1}, player=player)


def task(who: Character, difficulty: int, enhancement: int, complication: int) -> Action:
    action = who.action("Athletics", "Might", difficulty=difficulty, task="Task")
    action = action.enhanced(enhancement, "help")
    return action.complicated(complication, "trouble") if complication else action


# -- properties -----------------------------------------------------------------------------


@settings(max_examples=80)
@given(seeds, dots, st.integers(1, 5))
def test_successes_never_exceed_the_dice_rolled_with_the_tens_added(
        seed: int, athletics: int, might: int) -> None:
    result = runner("A", athletics, might).action("Athletics", "Might").roll(RandomDice(seed))
    assert result.successes <= len(result.faces)
    assert len(result.faces) == athletics + might + result.faces.count(10)


@settings(max_examples=80)
@given(seeds, dots, st.integers(1, 4), st.integers(0, 4), st.integers(0, 3))
def test_enhancement_never_applies_to_zero_successes(
        seed: int, athletics: int, difficulty: int, enhancement: int, complication: int
        ) -> None:
    result = task(runner("A", athletics, 1), difficulty, enhancement, complication).roll(
        RandomDice(seed))
    if result.successes == 0:
        assert (result.enhancement, result.total, result.succeeded) == (0, 0, False)
    else:
        assert result.total == result.successes + enhancement


@settings(max_examples=80)
@given(seeds, dots, st.integers(0, 4), st.integers(0, 3), st.integers(0, 3))
def test_threshold_successes_pay_complications_or_they_happen(
        seed: int, athletics: int, difficulty: int, enhancement: int, complication: int
        ) -> None:
    result = task(runner("A", athletics, 1), difficulty, enhancement, complication).roll(
        RandomDice(seed))
    assert result.threshold == (result.total - difficulty if result.succeeded else 0)
    spent = sum(c.rating for c in result.bought)
    assert spent + result.spare == result.threshold
    assert len(result.bought) + len(result.unbought) == (1 if complication else 0)


@settings(max_examples=80)
@given(seeds, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_a_mixed_action_never_spends_more_than_it_has(
        seed: int, first: int, second: int, e1: int, e2: int) -> None:
    who = runner("A", 3, 2)
    one = who.action("Athletics", "Might", difficulty=first, task="One").enhanced(e1, "x")
    two = who.action("Close Combat", "Might", difficulty=second, task="Two").enhanced(e2, "y")
    result = mixed(one, two, dice=RandomDice(seed))
    s = result.successes
    paid = [max(a.difficulty - (a.enhancement if s else 0), 0) * ok
            for a, ok in zip((one, two), result.each_succeeded, strict=True)]
    assert sum(paid) + result.settled.shared_left == s


@settings(max_examples=60)
@given(st.lists(st.tuples(st.sampled_from(["Ana", "Bo", "Cy"]), st.integers(1, 4)),
                max_size=12), st.sampled_from(["expendable", "light", "heavy", "full"]))
def test_shared_cover_never_absorbs_more_than_its_capacity(hits: list[tuple[str, int]],
                                                           kind: str) -> None:
    cover = Cover("cover", kind)
    cover.shelter("Ana", "Bo", "Cy")
    for who, injuries in hits:
        with contextlib.suppress(RulesError):
            hit = cover.hit(who, injuries)
            assert hit.absorbed + hit.through == injuries
    assert 0 <= cover.absorbed <= cover.kind.capacity
    assert cover.left == cover.kind.capacity - cover.absorbed


@settings(max_examples=60)
@given(seeds, dots, dots, st.integers(1, 4), st.integers(0, 6), st.booleans())
def test_a_chase_ends_within_its_interval_limit(seed: int, fast: int, slow: int, laps: int,
                                                spare: int, alone: bool) -> None:
    quarry = chase_pool(runner("Q", fast, 2, player=True), "sprint")
    pursuer = None if alone else chase_pool(runner("P", slow, 3), "sprint")
    chase = Chase(quarry, pursuer, laps=laps, interval_limit=laps + spare)
    dice = RandomDice(seed)
    chase.interval(dice, head_start={"Q": 1}, hazard=Hazard(1, "ice"))
    chase.play(dice)
    assert chase.done and len(chase.log) <= laps + spare
    assert chase.winner in ((None, "Q") if alone else ("Q", "P"))


@settings(max_examples=40)
@given(seeds, st.integers(1, 6), st.integers(2, 4))
def test_a_race_runs_exactly_its_intervals(seed: int, intervals: int, racers: int) -> None:
    race = Race(*(chase_pool(runner(f"R{i}", 2, 2), "sprint") for i in range(racers)),
                intervals=intervals)
    race.play(RandomDice(seed))
    assert len(race.log) == intervals and race.leaders


@settings(max_examples=60)
@given(seeds, st.lists(st.tuples(dots, st.booleans()), min_size=1, max_size=6))
def test_every_character_takes_exactly_one_slot(seed: int,
                                                sheets: list[tuple[int, bool]]) -> None:
    rolls = [runner(f"C{i}", skill, 2, player=pc).initiative("Athletics")
             for i, (skill, pc) in enumerate(sheets)]
    found = roll_initiative(*rolls, dice=RandomDice(seed))
    roster = found.roster()
    assert sorted(roster.order) == sorted(r.who for r in rolls)
    ranked = [(-s.successes, s.kind) for s in found.slots]
    assert ranked == sorted(ranked)


@settings(max_examples=60)
@given(st.lists(st.sampled_from(["move", "simple", "stand", "drop", "reflexive"]),
                max_size=8), seeds)
def test_a_turn_never_holds_two_simple_actions_or_two_moves(plan: list[str], seed: int) -> None:
    turn = Turn(runner("A", 2, 2), prone=True)
    dice = RandomDice(seed)
    for move in plan:
        with contextlib.suppress(RulesError):
            if move == "move":
                turn.move()
            elif move == "simple":
                turn.barrier(1, dice=dice)
            elif move == "stand":
                turn.stand_up()
            elif move == "drop":
                turn.drop_prone()
            else:
                turn.reflexive("Draw")
    kinds = [what for kind, what, _ in turn.log]
    assert sum(1 for kind, _, _ in turn.log if kind == "simple") <= 1
    assert kinds.count("Move") + kinds.count("Stand up") <= 1


# -- oracle: what a card asks is what the rules decide ---------------------------------------


def test_the_chance_to_succeed_is_the_chance_the_rules_say_success(
        monkeypatch: pytest.MonkeyPatch) -> None:
    action = task(runner("A", 1, 2), 2, 1, 0)
    question = action.roll(ScriptedDice("9 1 1")).odds()[-1]
    assert isinstance(question, AtLeast) and question.value == 2
    set_limits(monkeypatch, 1)

    def run(dice: Prefix) -> Hashable:
        return action.roll(dice).succeeded

    found = enumerate_engine(run, face_classes([action.procedure()]))
    limited = odds.distribution(question.procedure, limit=1)
    assert found[True] == sum((p for v, p in limited.items() if v != "limit" and v >= 2),
                              Fraction(0))


def test_the_chance_both_tasks_succeed_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    who = runner("A", 1, 2)
    one = who.action("Athletics", "Might", difficulty=1, task="One")
    two = who.action("Close Combat", "Might", difficulty=2, task="Two").enhanced(1, "x")
    played = mixed(one, two, dice=ScriptedDice("9 1 1"))
    question = next(q for q in played.odds() if isinstance(q, AtLeast)
                    and q.event == "enough for both tasks")
    set_limits(monkeypatch, 1)

    def run(dice: Prefix) -> Hashable:
        return mixed(one, two, dice=dice).succeeded

    found = enumerate_engine(run, face_classes([question.procedure]))
    limited = odds.distribution(question.procedure, limit=1)
    assert found[True] == sum((p for v, p in limited.items()
                               if v != "limit" and v >= question.value), Fraction(0))


def test_the_chance_to_disengage_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mover, holder = runner("A", 1, 1), runner("B", 0, 1)
    engaged = Turn(mover, engaged=["B"])
    tried = engaged.copy().disengage(holder, dice=ScriptedDice("1 1 1"),
                                     defence=ScriptedDice("1 1"))
    assert isinstance(tried, Contested)
    question = tried.odds()
    assert isinstance(question, Wins) and question.margin == 0
    set_limits(monkeypatch, 1)

    def run(dice: Prefix) -> Hashable:
        done = engaged.copy().disengage(holder, dice=dice, defence=dice)
        assert isinstance(done, Contested)
        return done.succeeded

    found = enumerate_engine(run, face_classes([question.procedure, question.against]))
    a = odds.distribution(question.procedure, limit=1)
    b = odds.distribution(question.against, limit=1)
    assert found.get(True, Fraction(0)) == sum(
        (pa * pb for x, pa in a.items() for y, pb in b.items()
         if "limit" not in (x, y) and x - y >= 0), Fraction(0))


def test_the_chance_to_buy_everything_off_in_a_mixed_action_is_what_the_rules_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    who = runner("A", 1, 2)
    rise = who.action("Athletics", "Dexterity", difficulty=0, task="Rise").complicated(
        1, "an Injury")
    stab = who.action("Close Combat", "Might", difficulty=1, task="Stab").enhanced(1, "x")
    played = mixed(rise, stab, dice=ScriptedDice("9 1 1"))
    question = next(q for q in played.odds() if isinstance(q, AtLeast)
                    and q.event == "enough for both tasks and everything they cost")
    set_limits(monkeypatch, 1)

    def run(dice: Prefix) -> Hashable:
        done = mixed(rise, stab, dice=dice)
        return done.succeeded and not done.happens

    found = enumerate_engine(run, face_classes([question.procedure]))
    limited = odds.distribution(question.procedure, limit=1)
    assert found[True] == sum((p for v, p in limited.items()
                               if v != "limit" and v >= question.value), Fraction(0))

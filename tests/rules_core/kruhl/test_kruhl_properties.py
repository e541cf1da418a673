"""Properties of Kruhl 3e rolls and fights that hold for any dice."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.dice import RandomDice
from rules_core.errors import RulesError
from rules_core.kruhl import (
    AttackTraits,
    Character,
    Chase,
    Endurance,
    Fight,
    TurnOrder,
    combine_effort,
    opposed,
)

seeds = st.integers(0, 2**32)
counts = st.integers(-3, 6)


def fighter(name: str, training: str, brawn: int) -> Character:
    return Character(name, {"Brawn": brawn, "Agility": 2, "Endurance": 3, "Reason": 1},
                     skills={"Hand-to-hand Combat": training})


@settings(max_examples=60)
@given(seeds, counts)
def test_an_experts_dice_never_show_one_or_two(seed: int, bonus: int) -> None:
    check = fighter("A", "expert", 2).attack().with_bonus(count=max(bonus, 0))
    assert all(face >= 3 for face in check.roll(RandomDice(seed)).faces)


@settings(max_examples=60)
@given(seeds, st.sampled_from(["skilled", "expert"]))
def test_a_penetrated_defenders_dice_never_show_five_or_six(seed: int, training: str) -> None:
    check = fighter("D", training, 2).defend().penetrating().with_bonus(count=2)
    faces = check.roll(RandomDice(seed)).faces
    assert all(face < 5 for face in faces)
    assert training == "skilled" or all(face in (3, 4) for face in faces)


@settings(max_examples=60)
@given(seeds, counts, counts)
def test_the_dice_rolled_match_the_count(seed: int, mine: int, theirs: int) -> None:
    a = fighter("A", "skilled", 2).attack().with_penalty(count=max(-mine, 0))
    d = fighter("D", "skilled", 2).defend().with_penalty(count=max(-theirs, 0))
    contest = opposed(a, d, dice=RandomDice(seed), defence=RandomDice(seed + 1))
    assert len(contest.roll.dice) == max(a.pool.net + d.pool.shortfall, 0)
    assert len(contest.target.dice) == max(d.pool.net + a.pool.shortfall, 0)


@settings(max_examples=40)
@given(seeds, st.lists(st.tuples(st.booleans(), st.booleans()), max_size=25))
def test_endurance_never_goes_below_zero(seed: int, plan: list[tuple[bool, bool]]) -> None:
    fight = Fight(fighter("A", "expert", 4), fighter("B", "skilled", 1))
    dice = RandomDice(seed)
    for penetrating, stunning in plan:
        traits = AttackTraits(penetrating=penetrating, stunning=stunning)
        with contextlib.suppress(RulesError):
            fight.attack("A", "B", dice=dice, defence=dice, traits=traits)
        assert 0 <= fight.endurance("B").current <= 3


@settings(max_examples=60)
@given(st.integers(1, 12), st.integers(0, 20), st.booleans())
def test_recovery_never_passes_the_maximum(maximum: int, hits: int, stun: bool) -> None:
    end = Endurance(maximum)
    for _ in range(hits):
        end = end.hit(stunning=stun)
    for later in (end.rest(), end.rally(), end.rest().rest(), end.night()):
        assert end.current <= later.current <= maximum


moves = st.lists(st.tuples(st.sampled_from(["turn", "delay", "act", "force", "round"]),
                           st.integers(0, 3)), max_size=40)


@settings(max_examples=80)
@given(moves)
def test_nobody_takes_two_turns_of_their_own_round(plan: list[tuple[str, int]]) -> None:
    names = ["A", "B", "C", "D"]
    order = TurnOrder(names)
    for move, who in plan:
        with contextlib.suppress(RulesError):
            if move == "turn":
                order.take_turn()
            elif move == "delay":
                order.delay()
            elif move == "act":
                order.act_delayed(names[who])
            elif move == "force":
                order.force(names[who])
            else:
                order.next_round()
    order.next_round()
    turns = [t for r in order.ledger().rounds for t in r.turns]
    owned = [(t.name, t.belongs_to) for t in turns]
    assert len(owned) == len(set(owned))
    assert all(t.belongs_to in (t.played_in, t.played_in + 1) or "delayed" in t.note
               for t in turns)


@settings(max_examples=60)
@given(seeds, st.integers(0, 4), st.integers(0, 4), st.integers(1, 4))
def test_a_chase_with_a_catch_ends_with_a_winner(seed: int, fast: int, slow: int,
                                                 lead: int) -> None:
    runner = Character("K", {"Agility": fast}, skills={"Athletics": "skilled"})
    guard = Character("G", {"Agility": slow}, skills={"Athletics": "skilled"})
    chase = Chase(runner.check("Athletics"), guard.check("Athletics"), lead=lead, catch=lead)
    chase.play(RandomDice(seed))
    assert chase.winner in ("K", "G") and len(chase.rounds) <= chase.max_rounds


@settings(max_examples=40)
@given(seeds, st.integers(0, 4), st.integers(0, 4))
def test_the_source_chase_ends_with_kestrel_away_or_a_clear_error(seed: int, fast: int,
                                                                  slow: int) -> None:
    runner = Character("K", {"Agility": fast}, skills={"Athletics": "skilled"})
    guard = Character("G", {"Agility": slow}, skills={"Athletics": "skilled"})
    chase = Chase(runner.check("Athletics"), guard.check("Athletics"), lead=3, max_rounds=50)
    try:
        chase.play(RandomDice(seed))
    except RulesError as error:
        assert "50 rounds played with no winner" in str(error)
    else:
        assert chase.winner == "K"


@settings(max_examples=60)
@given(st.lists(st.integers(0, 30), min_size=2, max_size=14))
def test_combining_effort_raises_only_the_lowest(totals: list[int]) -> None:
    rolls = [Character(f"P{i}", {"Reason": t}).check("Culture").with_penalty().roll(
        RandomDice(0)) for i, t in enumerate(totals)]
    effort = combine_effort(*rolls)
    raised = [after - before for before, after in zip(totals, effort.totals, strict=True)]
    assert raised.count(0) == len(totals) - 1
    assert max(raised) == min(len(totals), 10)
    assert totals[raised.index(max(raised))] == min(totals)

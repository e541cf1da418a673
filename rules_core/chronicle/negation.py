"""Negating another character's Destiny Point: what that point bought is undone.

A Song of Ice and Fire Roleplaying, "Combat Actions" (Use Destiny Point): a spent point can
"negate another character's spent Destiny Point", and a burned one "another character's
burned Destiny Point". The negated point is still gone; what it bought does not happen. A
point used on a roll (+1B, a bonus die made a test die, −1D removed; every bonus die made a
test die, +5, an automatic success) is negated with that roll, before the dice are read
(``negated_uses``); a point used outside a test is negated while its effect is still in play
(``undo``). With nothing to negate, nothing is spent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules_core.chronicle.combat_tests import CombatTests
from rules_core.chronicle.destiny import BURN, NEGATIONS, SPEND, StandingUse, destiny_use
from rules_core.chronicle.economy import TURN_SLOTS
from rules_core.chronicle.errors import DestinyError
from rules_core.chronicle.rolling import BURNED_ON_TESTS, SPENT_ON_TESTS


def negated_uses(state: CombatTests, name: str, spend: Sequence[str], burn: Sequence[str],
                 negated_by: Mapping[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The uses of ``spend`` and ``burn`` that still work once each use named in
    ``negated_by`` (use → who negates it) is cancelled; refused when a use named is not on
    the roll, when someone negates their own point, or has no point to do it with."""
    spend, burn = list(spend), list(burn)
    if len(spend) + len(burn) > state.destiny(name).left:
        raise DestinyError(f"{name} has {state.destiny(name).left} Destiny Points, not "
                           f"{len(spend) + len(burn)} to use on this test")
    costs: dict[str, int] = {}
    for use, negator in negated_by.items():
        uses = spend if use in SPENT_ON_TESTS else burn if use in BURNED_ON_TESTS else None
        if uses is None or use not in uses:
            used = ", ".join(repr(u) for u in (*spend, *burn)) or "none"
            raise DestinyError(f"{name} puts no Destiny Point on {use!r} on this roll, so "
                               f"there is nothing of it to negate (the roll's uses: {used})")
        state.character(negator)
        if negator == name:
            raise DestinyError(f"{name} cannot negate their own Destiny Point: a point "
                               "negates another character's")
        costs[negator] = costs.get(negator, 0) + 1
        uses.remove(use)
    for negator, points in costs.items():
        if state.destiny(negator).left < points:
            raise DestinyError(f"{negator} has {state.destiny(negator).left} Destiny Points, "
                               f"not {points} to negate {name}'s with")
    return tuple(spend), tuple(burn)


def charge_negations(state: CombatTests, negated_by: Mapping[str, str]) -> None:
    """Take from each negator the point that cancelled a use on a roll: a spent point for a
    spent use, a burned one for a burned use."""
    for use, negator in negated_by.items():
        kind = SPEND if use in SPENT_ON_TESTS else BURN
        state.charge_destiny(negator, *(((NEGATIONS[kind],), ()) if kind == SPEND
                                        else ((), (NEGATIONS[kind],))))


def negation_lines(name: str, negated_by: Mapping[str, str]) -> tuple[str, ...]:
    """What each negation on a roll did, in words."""
    return tuple(f"{negator} {'spends' if use in SPENT_ON_TESTS else 'burns'} a Destiny Point "
                 f"to negate {name}'s ({use}): {name}'s point is gone and does nothing."
                 for use, negator in negated_by.items())


def in_play(state: CombatTests, standing: StandingUse) -> bool:
    """Whether what ``standing`` bought is still there to undo: the extra Lesser action not
    yet taken, the armor penalty still ignored, the −1D not yet rolled, the harm as the point
    left it; a story use stays in play."""
    if standing.use == "extra lesser action":
        turn = state.turn
        return (turn is not None and turn.who == standing.who and turn.extra_lesser > 0
                and turn.slots_used < TURN_SLOTS + turn.extra_lesser)
    if standing.use == "ignore armor penalty":
        return state.effects.has(standing.who, "ignore armor penalty")
    if standing.use == "bestow penalty":
        return state.effects.has(standing.on, "bestowed penalty")
    if standing.before is not None:
        return state.harm(standing.who) == standing.after
    return True


def last_in_play(state: CombatTests, negator: str, kind: str, on: str) -> StandingUse:
    """The last point ``on`` used (spent or burned, as ``kind`` says) whose effect is still
    in play; refused, in words, when there is none."""
    if not on or on == negator:
        raise DestinyError(f"a point negates another character's: on= names whose "
                           f"{'spent' if kind == SPEND else 'burned'} point {negator} negates")
    state.character(on)
    for standing in reversed(state.standing):
        if standing.who == on and standing.kind == kind and in_play(state, standing):
            return standing
    done = "spent" if kind == SPEND else "burned"
    raise DestinyError(f"{on} has no {done} Destiny Point in play for {negator} to negate: "
                       f"{negator} keeps the point (a point used on a roll is negated with "
                       "that roll)")


def undo(state: CombatTests, standing: StandingUse) -> str:
    """Undo what ``standing`` bought and say so."""
    who, use = standing.who, standing.use
    state.standing.remove(standing)
    if use == "extra lesser action" and state.turn is not None:
        state.turn.extra_lesser -= 1
        return f"{who} loses the extra Lesser action."
    if use == "ignore armor penalty":
        state.effects.remove(who, "ignore armor penalty")
        return f"{who}'s armor penalty counts again."
    if use == "bestow penalty":
        state.effects.active.remove(state.effects.of(standing.on, "bestowed penalty")[-1])
        return f"{standing.on}'s next test loses the −1D."
    if standing.before is not None:
        state.set_harm(who, standing.before)
        if use == "avoid death":
            return f"{who} does not escape death."
        return f"{who}'s damage and injuries come back: {state.harm(who).text()}."
    detail = f": {standing.detail}" if standing.detail else ""
    return f"{who}'s point does not {destiny_use(standing.kind, use).effect}{detail}."

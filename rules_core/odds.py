"""Exact odds of a roll, computed from the same [`Procedure`][rules_core.procedure.Procedure]
that rolls it, with icepool (https://github.com/HighDiceRoller/icepool, MIT).

This is the only module that imports icepool, and only when a question is first answered;
answers are cached by question. Rolling never goes through icepool (it samples from the
global ``random``, which the engine never uses): dice are rolled by the standard library.

Every answer is exact, as ``Fraction`` values (the standard library's ``fractions``):

- a roll with finitely many outcomes (plain pools, rerolls until a face is kept, keeping
  the highest or lowest) has its whole distribution computed;
- a roll whose dice explode has infinitely many outcomes; "*n* or more" is still exact
  (every chain that reaches *n* is gathered in one bucket), and a contest between two such
  rolls is given as two exact bounds, shown only when both round to the same figure.

Where no exact answer can be given, [`answer`][rules_core.odds.answer] returns ``None`` and
the card shows no figure: never a sampled estimate dressed as exact. Cards word the answers
with [`odds_text`][rules_core.odds_text].
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb, lcm
from typing import TYPE_CHECKING, Any

from rules_core.procedure import (
    CountAtLeast,
    Explode,
    Highest,
    KeepHighest,
    KeepLowest,
    Lowest,
    Procedure,
    RerollWhile,
    Total,
    success_value,
)
from rules_core.question import AtLeast, NoOdds, Question, Repeated, Settled, Wins

if TYPE_CHECKING:
    import icepool

LIMIT = "limit"
"""The outcome for rolls the engine refuses because a limit was reached (tests set limits)."""

#: Largest explosion chain the bounds of a contest follow before giving up.
_MAX_CAP = 4096
#: Tail mass below which the bounds of a contest are considered tight enough.
_TIGHT = Fraction(1, 10**12)


class OddsUnavailable(Exception):
    """The question has no exact answer here (the message says why)."""


@dataclass(frozen=True)
class Answer:
    """An exact answer: the chance (between ``low`` and ``high``, equal when exact) and,
    for a single roll, the mean."""

    low: Fraction
    high: Fraction
    mean: Fraction | None = None
    exactly: bool = False
    """The chance is of exactly the value asked (asked "or more" of the lowest value, which is
    certain, the answer gives the chance of that value itself)."""

    @property
    def exact(self) -> bool:
        """Whether the chance is one exact number."""
        return self.low == self.high


def answer(question: Question) -> Answer | None:
    """The exact answer to ``question``, or ``None`` where there is none (cached).

    Examples:
        The chance of 3 or more successes (5s and 6s) on 6d6, and the mean:

        >>> from rules_core.procedure import CountAtLeast, Procedure
        >>> from rules_core.question import AtLeast
        >>> found = answer(AtLeast(Procedure(6, 6, reading=CountAtLeast(5)), 3))
        >>> found.low, found.mean, found.exact
        (Fraction(233, 729), Fraction(2, 1), True)
    """
    if isinstance(question, NoOdds):
        return None
    if isinstance(question, Settled):
        certain = Fraction(1 if question.succeeded else 0)
        return Answer(certain, certain)
    try:
        return _answer(question)
    except OddsUnavailable:
        return None


def distribution(procedure: Procedure, limit: int | None = None) -> dict[Any, Fraction]:
    """Every reading of ``procedure`` and its chance. With ``limit`` (rerolls or explosions
    per die, as the engine's limits), rolls the engine would refuse are the outcome
    [`LIMIT`][rules_core.odds.LIMIT]; without, a roll whose dice explode has no finite
    distribution ([`OddsUnavailable`][rules_core.odds.OddsUnavailable]).

    Examples:
        >>> from rules_core.procedure import Procedure
        >>> distribution(Procedure(2, 6))[7]
        Fraction(1, 6)
    """
    if limit is None and _explosion(procedure) is not None:
        raise OddsUnavailable("exploding dice have infinitely many outcomes")
    die = _reading_die(procedure, limit, cap=None)
    total = Fraction(die.denominator())
    return {(LIMIT if outcome >= _SENTINEL else outcome): Fraction(q) / total
            for outcome, q in die.items()}


# -- answers -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _answer(question: AtLeast | Wins | Repeated) -> Answer:
    if isinstance(question, Repeated):
        each = answer(question.each)
        if each is None:
            raise OddsUnavailable("no odds for each try")
        return Answer(_at_least_successes(each.low, question.needed, question.tries),
                      _at_least_successes(each.high, question.needed, question.tries))
    if isinstance(question, AtLeast):
        p = question.procedure
        die = _reading_die(p, None, cap=_cap_for(p, question.value + 1))
        chance = _at_least(die, question.value)
        above = _at_least(die, question.value + 1)
        if chance == 1 and above < 1:  # the lowest reading: "or more" says nothing, give
            exactly = chance - above  # its own chance
            return Answer(exactly, exactly, _mean(p), exactly=True)
        return Answer(chance, chance, _mean(p))
    return _wins(question.procedure, question.against, question.margin)


def _at_least_successes(p: Fraction, needed: int, tries: int) -> Fraction:
    """The chance of ``needed`` or more successes in ``tries`` tries, each with chance ``p``."""
    return sum((comb(tries, k) * p ** k * (1 - p) ** (tries - k)
                for k in range(max(needed, 0), tries + 1)), Fraction(0))


def _wins(actor: Procedure, opponent: Procedure, margin: int) -> Answer:
    actor_explodes = _explosion(actor) is not None
    opponent_explodes = _explosion(opponent) is not None
    cap = 16
    while True:
        a = _reading_die(actor, None, cap=cap if actor_explodes else None)
        b = _reading_die(opponent, None, cap=cap if opponent_explodes else None)
        tail = _tail(a, actor, cap) + _tail(b, opponent, cap)
        if tail <= _TIGHT or cap >= _MAX_CAP:
            break
        cap *= 2
    if not (actor_explodes or opponent_explodes):
        exact = _p_margin(a, b, margin)
        return Answer(exact, exact)
    low = _p_margin(a, _open_tail(b, opponent, cap), margin)
    high = _p_margin(_open_tail(a, actor, cap), b, margin)
    return Answer(low, high)


def _p_margin(a: icepool.Die[int], b: icepool.Die[int], margin: int) -> Fraction:
    return _at_least(a - b, margin)


def _at_least(die: icepool.Die[int], value: int) -> Fraction:
    return Fraction(die.quantity(">=", value), die.denominator())


def _tail(die: icepool.Die[int], procedure: Procedure, cap: int) -> Fraction:
    if _explosion(procedure) is None:
        return Fraction(0)
    return _at_least(die, _cap_total(procedure, cap))


def _open_tail(die: icepool.Die[int], procedure: Procedure, cap: int) -> icepool.Die[int]:
    """``die`` with its "cap or more" bucket read as unbounded (for a bound)."""
    if _explosion(procedure) is None:
        return die
    top = _cap_total(procedure, cap)
    return die.map(lambda x: x + _SENTINEL if x >= top else x)


def _cap_total(procedure: Procedure, cap: int) -> int:
    top = cap + procedure.modifier + _bonus(procedure)
    plus, minimum = _adjustment(procedure)
    return max(top + plus, minimum, 0) if plus or minimum else top


def _bonus(procedure: Procedure) -> int:
    """Successes the reading adds to a roll with at least one (0 for most readings)."""
    reading = procedure.reading
    return reading.bonus if isinstance(reading, CountAtLeast) else 0


def _adjustment(procedure: Procedure) -> tuple[int, int]:
    """The successes a count adds whatever the dice show, and its minimum ((0, 0) for most
    readings)."""
    reading = procedure.reading
    return (reading.plus, reading.minimum) if isinstance(reading, CountAtLeast) else (0, 0)


def _cap_for(procedure: Procedure, value: int) -> int | None:
    if _explosion(procedure) is None:
        return None
    return max(value - procedure.modifier - _adjustment(procedure)[0], 1)


# -- procedures as icepool dice ------------------------------------------------------------

#: A per-die value meaning "the engine refuses this roll" (far above any real total).
_SENTINEL = 10**9


def _reading_die(procedure: Procedure, limit: int | None, cap: int | None) -> icepool.Die[int]:
    """The distribution of ``procedure``'s reading. With ``cap`` (exploding dice only), every
    reading of ``cap`` or more (before ``plus``) is gathered at ``cap``; with ``limit``, every
    roll the engine would refuse is ``_SENTINEL``."""

    if type(procedure.reading) not in _KNOWN_READINGS:
        raise OddsUnavailable(f"a {type(procedure.reading).__name__} reading has no exact odds "
                              "here")
    per_die = _per_die(procedure, limit, cap)
    refused = Fraction(per_die.quantity(">=", _SENTINEL), per_die.denominator())
    if refused:  # a roll is refused if any of its dice is: read the others apart, then mix
        per_die = per_die.reroll([o for o in per_die.outcomes() if o >= _SENTINEL], depth="inf")
    die = _pool_of(procedure, per_die)
    if cap is not None:
        die = die.map(lambda x: min(x, cap))
    plus = procedure.modifier
    die = die + plus if plus else die
    bonus = _bonus(procedure)
    if bonus:  # only a roll with a success of its own gets it
        die = die.map(lambda x: x + bonus if 0 < x < _SENTINEL else x)
    added, minimum = _adjustment(procedure)
    if added or minimum:  # whatever the dice show, never below the minimum
        die = die.map(lambda x: max(x + added, minimum, 0) if x < _SENTINEL else x)
    if not refused:
        return die
    kept = (1 - refused) ** procedure.size
    weights = {o: kept * Fraction(q, die.denominator()) for o, q in die.items()}
    weights[_SENTINEL] = weights.get(_SENTINEL, Fraction(0)) + 1 - kept
    return _die_of(weights)


def _per_die(procedure: Procedure, limit: int | None, cap: int | None) -> icepool.Die[int]:
    """What one die (with the dice it adds by exploding) is worth to the reading."""
    face = _face_die(procedure, limit)
    value = _value_of(procedure)
    blow = _explosion(procedure)
    if blow is None:
        return face.map(lambda f: f if f >= _SENTINEL else value(f))
    if _keep_step(procedure) is not None:
        raise OddsUnavailable("keeping dice after they explode is not supported")
    if isinstance(procedure.reading, Highest | Lowest):
        raise OddsUnavailable("reading one die of exploding dice is not supported")
    return _chain_die(face, procedure.sides, blow, value, limit, cap)


def _pool_of(procedure: Procedure, per_die: icepool.Die[int]) -> icepool.Die[int]:
    """The sum of ``procedure.size`` such dice, or of the ones its keep step keeps."""
    import icepool

    keep = _keep_step(procedure)
    n = procedure.size if keep is None else max(min(keep.n, procedure.size), 0)
    if n == 0:
        return icepool.Die([0])
    if isinstance(procedure.reading, Highest | Lowest):
        return _one_die_of(procedure, per_die, keep, n)
    if keep is None or n == procedure.size:
        return procedure.size @ per_die
    pool = icepool.Pool([per_die] * procedure.size)
    return (pool.highest(n) if isinstance(keep, KeepHighest) else pool.lowest(n)).sum()


def _one_die_of(procedure: Procedure, per_die: icepool.Die[int],
                keep: KeepHighest | KeepLowest | None, n: int) -> icepool.Die[int]:
    """The highest or lowest of the ``n`` dice ``keep`` keeps, by its place among all the
    dice sorted from lowest to highest."""
    import icepool

    size = procedure.size
    first, last = (size - n, size - 1) if not isinstance(keep, KeepLowest) else (0, n - 1)
    place = last if isinstance(procedure.reading, Highest) else first
    return icepool.Pool([per_die] * size)[place]


def _face_die(procedure: Procedure, limit: int | None) -> icepool.Die[int]:
    """One die's final face after the reroll steps (before any explosion or keep)."""
    import icepool

    die: icepool.Die[int] = icepool.Die(range(1, procedure.sides + 1))
    after_rerolls = False
    for step in procedure.steps:
        if not isinstance(step, RerollWhile):
            after_rerolls = True
            continue
        if after_rerolls:
            raise OddsUnavailable("rerolls after an explosion or a keep are not supported")
        faces = frozenset(f for f in step.faces if 1 <= f <= procedure.sides)
        if faces >= frozenset(range(1, procedure.sides + 1)):
            raise OddsUnavailable(f"{step.rule} leaves no face to keep")
        if limit is None:
            die = die.reroll(faces, depth="inf")
        else:
            die = die.reroll(faces, depth=limit).map(
                lambda f, stuck=faces: _SENTINEL if f in stuck else f)
    return die


def _die_of(chances: dict[int, Fraction]) -> icepool.Die[int]:
    """An icepool die from exact chances (whole weights over their common denominator)."""
    import icepool

    scale = lcm(*(p.denominator for p in chances.values()))
    return icepool.Die({o: int(p * scale) for o, p in chances.items() if p})


_KNOWN_READINGS = (CountAtLeast, Total, Highest, Lowest)
"""The readings whose exact odds are worked out here."""


def _keep_step(procedure: Procedure) -> KeepHighest | KeepLowest | None:
    """The last keep step of ``procedure`` (the one that decides which dice count), if any."""
    keeps = [s for s in procedure.steps if isinstance(s, KeepHighest | KeepLowest)]
    return keeps[-1] if keeps else None


def _explosion(procedure: Procedure) -> Explode | None:
    found = [s for s in procedure.steps if isinstance(s, Explode)]
    if len(found) > 1:
        raise OddsUnavailable("more than one explosion rule in a roll is not supported")
    return found[0] if found else None


def _value_of(procedure: Procedure) -> Callable[[int], int]:
    reading = procedure.reading
    if isinstance(reading, CountAtLeast):
        return lambda face: success_value(face, reading.target, reading.doubles)
    return lambda face: face


def _chain_die(first: icepool.Die[int], sides: int, blow: Explode, value: Callable[[int], int],
               limit: int | None, cap: int | None) -> icepool.Die[int]:
    """What one die and the dice its explosions add are worth together.

    The first die shows ``first``'s faces; each die added is a plain die. With ``limit``, a
    chain that would add more than ``limit`` dice is ``_SENTINEL``; with ``cap``, every
    chain worth ``cap`` or more is gathered at ``cap``.
    """

    plain = {f: Fraction(1, sides) for f in range(1, sides + 1)}
    start = {f: Fraction(q, first.denominator()) for f, q in first.items()}
    done: dict[int, Fraction] = {}
    going: dict[int, Fraction] = {}  # value so far of chains whose last die explodes

    def settle(faces: dict[int, Fraction], base: dict[int, Fraction]) -> None:
        for so_far, p_so_far in base.items():
            for face, p in faces.items():
                if face >= _SENTINEL:
                    done[_SENTINEL] = done.get(_SENTINEL, Fraction(0)) + p_so_far * p
                    continue
                worth = so_far + value(face)
                target = going if face in blow.faces else done
                if cap is not None and worth >= cap:
                    worth, target = cap, done
                target[worth] = target.get(worth, Fraction(0)) + p_so_far * p

    settle(start, {0: Fraction(1)})
    added = 0
    while going:
        if limit is not None and added >= limit:
            done[_SENTINEL] = done.get(_SENTINEL, Fraction(0)) + sum(going.values())
            break
        if cap is None and limit is None:
            raise OddsUnavailable("an exploding chain with no bound")
        if added > _MAX_CAP * 4:
            raise OddsUnavailable("an exploding chain that does not settle")
        base, going = going, {}
        settle(plain, base)
        added += 1
    return _die_of(done)


def _mean(procedure: Procedure) -> Fraction | None:
    """The mean reading, exactly (``None`` where the roll has no finite mean here)."""
    blow = _explosion(procedure)
    if blow is None:
        die = _reading_die(procedure, None, cap=None)
        return Fraction(sum(o * q for o, q in die.items()), die.denominator())
    if _keep_step(procedure) is not None:
        return None
    plus, minimum = _adjustment(procedure)
    if plus or minimum:
        return _adjusted_mean(procedure, plus, minimum)
    value = _value_of(procedure)
    face = _face_die(procedure, None)
    sides = procedure.sides
    p_blow = Fraction(sum(1 for f in range(1, sides + 1) if f in blow.faces), sides)
    if p_blow == 1:
        return None
    plain = Fraction(sum(value(f) for f in range(1, sides + 1)), sides) / (1 - p_blow)
    n = face.denominator()
    first = sum(Fraction(q, n) * (value(f) + (plain if f in blow.faces else 0))
                for f, q in face.items())
    mean = Fraction(procedure.size * first + procedure.modifier)
    bonus = _bonus(procedure)
    if not bonus:
        return mean
    # The bonus is added unless every die's chain is worth nothing.
    nothing, going_on = (Fraction(sum(1 for f in range(1, sides + 1)
                                      if value(f) == 0 and (f in blow.faces) == blown), sides)
                         for blown in (False, True))
    plain_nothing = nothing / (1 - going_on)
    first_nothing = sum(Fraction(q, n) * (plain_nothing if f in blow.faces else 1)
                        for f, q in face.items() if value(f) == 0)
    return mean + bonus * (1 - first_nothing ** procedure.size)


def _adjusted_mean(procedure: Procedure, plus: int, minimum: int) -> Fraction | None:
    """The mean of a count with ``plus`` and ``minimum`` whose dice explode: the mean without
    them, plus ``plus``, plus what the floor adds back below it (a finite sum)."""
    reading = procedure.reading
    assert isinstance(reading, CountAtLeast)
    plain = replace(procedure, reading=replace(reading, plus=0, minimum=0))
    base = _mean(plain)
    if base is None:
        return None
    low = max(minimum, 0) - plus  # readings below this are lifted to the floor
    die = _reading_die(plain, None, cap=max(low, 1))
    lifted = Fraction(sum(max(low - o, 0) * q for o, q in die.items()), die.denominator())
    return base + plus + lifted

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

Every answer has a budget, [`BUDGET`][rules_core.odds.BUDGET] steps, a step being one pair of
outcomes combined: a value of one die with a sum of the dice before it, one roll's reading
with another's in a contest, a chain of explosions still going with the kind of face the
next die shows (a pair of weights thousands of bits long counts more than one). Each costly
part of the work is charged before it is done, from the sizes of the distributions it starts
from (icepool's evaluation of a pool that keeps some dice, from a measured estimate); an
answer whose charges would pass the budget is not worked out, and is
[`too_large`][rules_core.odds.too_large]: its card says there are no exact odds for the
roll because it is too large. A roll that keeps some dice or reads one die is past the
budget too where its die has more than
[`MAX_POOL_OUTCOMES`][rules_core.odds.MAX_POOL_OUTCOMES] values. The steps are counted,
not timed, from exact sizes: the same question gets the same verdict on every machine, in
CPython and in Pyodide, whatever was answered before.
"""

from __future__ import annotations

import functools
from collections import Counter
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
from rules_core.question import AtLeast, AtMost, NoOdds, Question, Repeated, Settled, Wins

if TYPE_CHECKING:
    import icepool

LIMIT = "limit"
"""The outcome for rolls the engine refuses because a limit was reached (tests set limits)."""

BUDGET = 2_000_000
"""The most steps one question's answer may take, one step being one pair of outcomes
combined (see the module's docstring). 2d1000 summed takes 1,000,000 steps, 3d1000 about
3,000,000 and 20d1000 about 190 million; the costliest question this site's cards ask (a
contest of 10-again pools) takes 72,156. A step costs about 0.1 to 0.5 µs in CPython and
twice that in Pyodide, so an answer near the budget takes up to half a second in CPython and
about a second in Pyodide, well within a Reroll's time limit (README, "Performance")."""

MAX_POOL_OUTCOMES = 200
"""The most values one die may take in a roll that keeps some of its dice or reads its highest
or lowest die: icepool works such a pool out one value at a time, one level of Python's
recursion each (a d1000 would pass CPython's default limit of 1,000)."""

#: Largest explosion chain the bounds of a contest follow before giving up.
_MAX_CAP = 4096
#: Tail mass below which the bounds of a contest are considered tight enough.
_TIGHT = Fraction(1, 10**12)


class OddsUnavailable(Exception):
    """The question has no exact answer here (the message says why)."""


class OddsTooLarge(OddsUnavailable):
    """Working the answer out would take more than [`BUDGET`][rules_core.odds.BUDGET] steps
    (or a pool's die more than [`MAX_POOL_OUTCOMES`][rules_core.odds.MAX_POOL_OUTCOMES]
    values)."""


class _Meter:
    """The steps one answer has left: each costly part of the work is charged before it is
    done, so an answer past the budget stops before it spends it."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.left = budget

    def charge(self, steps: int, what: str) -> None:
        """Take ``steps`` for ``what``, or raise :class:`OddsTooLarge` if they are not left."""
        self.left -= steps
        if self.left < 0:
            raise OddsTooLarge(f"{what} would take the answer past its budget of "
                               f"{self.budget:,} steps")


@dataclass(frozen=True)
class Answer:
    """An exact answer: the chance (between ``low`` and ``high``, equal when exact) and,
    for a single roll, the mean."""

    low: Fraction
    high: Fraction
    mean: Fraction | None = None
    exactly: bool = False
    """The value asked is the lowest reading possible, and the chance is of that value itself:
    a shown result at the lowest (its "or more" is certain), or "or less" of the lowest."""

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
    found = _answer(question)
    return found if isinstance(found, Answer) else None


def too_large(question: Question) -> bool:
    """Whether ``question`` has no answer because working it out would take more than
    [`BUDGET`][rules_core.odds.BUDGET] steps (cached with the answer).

    Examples:
        20d1000 summed is past the budget; 2d1000 is well within it:

        >>> from rules_core.procedure import Procedure
        >>> from rules_core.question import AtLeast
        >>> big, small = Procedure(20, 1000), Procedure(2, 1000)
        >>> too_large(AtLeast(big, 10000)), too_large(AtLeast(small, 1000))
        (True, False)
    """
    if isinstance(question, NoOdds | Settled):
        return False
    return isinstance(_answer(question), OddsTooLarge)


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
    die = _reading_die(procedure, limit, None, _Meter(BUDGET))
    total = Fraction(die.denominator())
    return {(LIMIT if outcome >= _SENTINEL else outcome): Fraction(q) / total
            for outcome, q in die.items()}


# -- answers -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _answer(question: AtLeast | AtMost | Wins | Repeated) -> Answer | OddsUnavailable:
    """The answer to ``question``, or why there is none (both cached: a question past the
    budget is not worked out twice)."""
    try:
        return _work_out(question, _Meter(BUDGET))
    except OddsUnavailable as why:
        return why.with_traceback(None)


def _work_out(question: AtLeast | AtMost | Wins | Repeated, meter: _Meter) -> Answer:
    if isinstance(question, Repeated):
        each = _answer(question.each)
        if not isinstance(each, Answer):
            raise type(each)(f"no odds for each try: {each}")
        return Answer(_at_least_successes(each.low, question.needed, question.tries),
                      _at_least_successes(each.high, question.needed, question.tries))
    if isinstance(question, AtLeast | AtMost):
        return _one_roll(question, meter)
    return _wins(question.procedure, question.against, question.margin, meter)


def _one_roll(question: AtLeast | AtMost, meter: _Meter) -> Answer:
    """The chance of ``value`` or more (or less), and the mean for "or more".

    A value the rules set is asked as it is, certain where every reading reaches it; a shown
    result at the lowest reading possible gets the chance of that reading itself (its "or
    more" is certain, and says nothing), as does "or less" of the lowest reading."""
    p, value = question.procedure, question.value
    cap = _cap_for(p, value + 1)
    die = _reading_die(p, None, cap, meter)
    reached, above = _at_least(die, value), _at_least(die, value + 1)
    lowest = reached == 1 and above < 1
    if isinstance(question, AtMost):
        return Answer(1 - above, 1 - above, exactly=lowest)
    mean = _mean(p, meter, die if cap is None else None)
    if question.shown and lowest:
        return Answer(reached - above, reached - above, mean, exactly=True)
    return Answer(reached, reached, mean)


def _at_least_successes(p: Fraction, needed: int, tries: int) -> Fraction:
    """The chance of ``needed`` or more successes in ``tries`` tries, each with chance ``p``."""
    return sum((comb(tries, k) * p ** k * (1 - p) ** (tries - k)
                for k in range(max(needed, 0), tries + 1)), Fraction(0))


def _wins(actor: Procedure, opponent: Procedure, margin: int, meter: _Meter) -> Answer:
    actor_explodes = _explosion(actor) is not None
    opponent_explodes = _explosion(opponent) is not None
    cap = 16
    while True:
        a = _reading_die(actor, None, cap if actor_explodes else None, meter)
        b = _reading_die(opponent, None, cap if opponent_explodes else None, meter)
        tail = _tail(a, actor, cap) + _tail(b, opponent, cap)
        if tail <= _TIGHT or cap >= _MAX_CAP:
            break
        cap *= 2
    if not (actor_explodes or opponent_explodes):
        exact = _p_margin(a, b, margin, meter)
        return Answer(exact, exact)
    low = _p_margin(a, _open_tail(b, opponent, cap), margin, meter)
    high = _p_margin(_open_tail(a, actor, cap), b, margin, meter)
    return Answer(low, high)


def _p_margin(a: icepool.Die[int], b: icepool.Die[int], margin: int, meter: _Meter) -> Fraction:
    meter.charge(len(a) * len(b) * _pair_steps(_bits(a), _bits(b)), "a contest")
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


def _reading_die(procedure: Procedure, limit: int | None, cap: int | None,
                 meter: _Meter) -> icepool.Die[int]:
    """The distribution of ``procedure``'s reading. With ``cap`` (exploding dice only), every
    reading of ``cap`` or more (before ``plus``) is gathered at ``cap``; with ``limit``, every
    roll the engine would refuse is ``_SENTINEL``. Its work is charged to ``meter``."""

    if type(procedure.reading) not in _KNOWN_READINGS:
        raise OddsUnavailable(f"a {type(procedure.reading).__name__} reading has no exact odds "
                              "here")
    per_die = _per_die(procedure, limit, cap, meter)
    refused = Fraction(per_die.quantity(">=", _SENTINEL), per_die.denominator())
    if refused:  # a roll is refused if any of its dice is: read the others apart, then mix
        per_die = per_die.reroll([o for o in per_die.outcomes() if o >= _SENTINEL], depth="inf")
    die = _pool_of(procedure, per_die, meter)
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


def _per_die(procedure: Procedure, limit: int | None, cap: int | None,
             meter: _Meter) -> icepool.Die[int]:
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
    return _chain_die(face, procedure.sides, blow, value, (limit, cap), meter)


def _pool_of(procedure: Procedure, per_die: icepool.Die[int], meter: _Meter
             ) -> icepool.Die[int]:
    """The sum of ``procedure.size`` such dice, or of the ones its keep step keeps."""
    import icepool

    keep = _keep_step(procedure)
    size = procedure.size
    n = size if keep is None else max(min(keep.n, size), 0)
    if n == 0:
        return icepool.Die([0])
    if isinstance(procedure.reading, Highest | Lowest):
        meter.charge(_pool_steps(per_die, size, 1), "a pool read by one die")
        return _one_die_of(procedure, per_die, keep, n)
    if keep is None or n == size:
        meter.charge(_sum_steps(per_die, size), f"a sum of {size} dice")
        return size @ per_die
    meter.charge(_pool_steps(per_die, size, n), f"keeping {n} of {size} dice")
    pool = icepool.Pool([per_die] * size)
    return (pool.highest(n) if isinstance(keep, KeepHighest) else pool.lowest(n)).sum()


def _sum_steps(die: icepool.Die[int], size: int) -> int:
    """The steps of ``size @ die``: icepool adds one die at a time, each of its values to
    each sum of the dice before it (after *k* dice, at most *k* times the die's spread plus
    one sums, and at most its values to the power *k*), their weights *k* times as long as
    the die's."""
    values, spread, bits = len(die), int(die.max_outcome() - die.min_outcome()), _bits(die)
    return sum(min(k * spread + 1, values ** k) * values * _pair_steps(k * bits, bits)
               for k in range(1, size))


#: The product of two weights' lengths in bits that costs one step more than a pair's
#: bookkeeping (two weights 1,024 bits long each: two steps).
_LONG_PRODUCT = 2**20


def _pair_steps(bits: int, other_bits: int) -> int:
    """What combining one pair of outcomes costs, in steps, when their weights are that
    long: one step, and more where the weights are long numbers (dice whose explosions
    were followed hundreds of times deep)."""
    return 1 + bits * other_bits // _LONG_PRODUCT


def _bits(die: icepool.Die[int]) -> int:
    """How long ``die``'s weights are, in bits (its denominator's length)."""
    return int(die.denominator()).bit_length()


def _pool_steps(die: icepool.Die[int], size: int, kept: int) -> int:
    """What icepool's evaluation of a pool of ``size`` such dice costs, in steps, when it
    keeps ``kept`` of them and sums them (or reads one, ``kept`` 1): for each value of the
    die, each number of dice left and each sum of the dice kept so far, one step, and that
    again for every ten dice kept (its work grows with the dice it keeps: measured on
    pools of 2 to 100 dice keeping 1 to 99, this keeps a step within the cost of one pair
    of a sum)."""
    values, spread = len(die), int(die.max_outcome() - die.min_outcome())
    if values > MAX_POOL_OUTCOMES:
        raise OddsTooLarge(f"a pool of dice with {values} values each (at most "
                           f"{MAX_POOL_OUTCOMES} are worked out when dice are kept)")
    return values * size * (kept * spread + 1) * (1 + kept // 10)


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
               bounds: tuple[int | None, int | None], meter: _Meter) -> icepool.Die[int]:
    """What one die and the dice its explosions add are worth together.

    The first die shows ``first``'s faces; each die added is a plain die. ``bounds`` is
    ``(limit, cap)``: with ``limit``, a chain that would add more than ``limit`` dice is
    ``_SENTINEL``; with ``cap``, every chain worth ``cap`` or more is gathered at ``cap``.

    Chances are whole weights over the chain's denominator (``first``'s, times ``sides`` for
    each die added), and an added die's faces are taken by kind (what a face is worth and
    whether it explodes): a d1000 counting successes adds at most four kinds, not 1,000
    faces. Each die added is charged to ``meter``: a step per chain still going and kind,
    and one per chain settled (its weight is brought over the new denominator).
    """
    import icepool

    limit, cap = bounds
    if limit is None and _never_settles(first, sides, blow, value):
        raise OddsUnavailable("an exploding chain that does not settle")
    refused = first.quantity(">=", _SENTINEL)
    done: dict[int, int] = {_SENTINEL: refused} if refused else {}
    going: dict[int, int] = {}  # value so far of chains whose last die explodes

    def settle(base: dict[int, int], faces: list[tuple[int, bool, int]]) -> None:
        for so_far, q_so_far in base.items():
            for face_worth, explodes, q in faces:
                worth = so_far + face_worth
                target = going if explodes else done
                if cap is not None and worth >= cap:
                    worth, target = cap, done
                target[worth] = target.get(worth, 0) + q_so_far * q

    settle({0: 1}, [(value(f), f in blow.faces, q) for f, q in first.items() if f < _SENTINEL])
    kinds = Counter((value(f), f in blow.faces) for f in range(1, sides + 1))
    plain = [(worth, explodes, n) for (worth, explodes), n in kinds.items()]
    added = 0
    while going:
        if limit is not None and added >= limit:
            done[_SENTINEL] = done.get(_SENTINEL, 0) + sum(going.values())
            break
        if cap is None and limit is None:
            raise OddsUnavailable("an exploding chain with no bound")
        if added > _MAX_CAP * 4:
            raise OddsUnavailable("an exploding chain that does not settle")
        meter.charge(len(going) * len(plain) + len(done), "an exploding chain")
        base, going = going, {}
        done = {worth: q * sides for worth, q in done.items()}
        settle(base, plain)
        added += 1
    return icepool.Die(done)


def _never_settles(first: icepool.Die[int], sides: int, blow: Explode,
                   value: Callable[[int], int]) -> bool:
    """Whether some chains never reach a cap: the first die may explode, and a face that
    explodes is worth nothing (1s rolled again, counting 8s and up), so a chain may go on
    and on without its worth growing."""
    may_explode = any(face in blow.faces for face in first.outcomes())
    return may_explode and any(value(f) <= 0 for f in blow.faces if 1 <= f <= sides)


def _mean(procedure: Procedure, meter: _Meter, die: icepool.Die[int] | None = None
          ) -> Fraction | None:
    """The mean reading, exactly (``None`` where the roll has no finite mean here); ``die``
    is the reading's distribution, where it has been worked out already."""
    blow = _explosion(procedure)
    if blow is None:
        if die is None:
            die = _reading_die(procedure, None, None, meter)
        return Fraction(sum(o * q for o, q in die.items()), die.denominator())
    if _keep_step(procedure) is not None:
        return None
    plus, minimum = _adjustment(procedure)
    if plus or minimum:
        return _adjusted_mean(procedure, plus, minimum, meter)
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


def _adjusted_mean(procedure: Procedure, plus: int, minimum: int,
                   meter: _Meter) -> Fraction | None:
    """The mean of a count with ``plus`` and ``minimum`` whose dice explode: the mean without
    them, plus ``plus``, plus what the floor adds back below it (a finite sum)."""
    reading = procedure.reading
    assert isinstance(reading, CountAtLeast)
    plain = replace(procedure, reading=replace(reading, plus=0, minimum=0))
    base = _mean(plain, meter)
    if base is None:
        return None
    low = max(minimum, 0) - plus  # readings below this are lifted to the floor
    die = _reading_die(plain, None, max(low, 1), meter)
    lifted = Fraction(sum(max(low - o, 0) * q for o, q in die.items()), die.denominator())
    return base + plus + lifted

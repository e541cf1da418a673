"""Oracle tests, in icepool's own style: every face sequence, through the engine, against
:mod:`rules_core.odds`, compared exactly as :class:`~fractions.Fraction`\\ s.

The oracle is a dice source that hands out a prefix of faces and, when the engine asks for
more, is run again with every possible continuation; each finished run weighs
``(1/sides)`` per face. Rerolls and explosions are unbounded, so the engine's limits are
lowered for the oracle (a run past them ends in the engine's limit error, the outcome
:data:`~rules_core.odds.LIMIT`) and compared with ``odds.distribution(..., limit=k)``; the
unlimited answer a card shows must then lie between the finished runs' chance and that
plus the chance of the limit: an exact bound, not an estimate.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from pathlib import Path

import pytest

from rules_core import limits, odds
from rules_core.errors import ExplosionLimitError, RerollLimitError
from rules_core.limits import check_roll_size
from rules_core.odds import LIMIT
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    KeepHighest,
    KeepLowest,
    Procedure,
    RerollWhile,
    Total,
    cancel_highest,
    count_at_least,
)
from rules_core.question import AtLeast, Question, Wins

ROOT = Path(__file__).resolve().parents[2]
#: Most engine runs one enumeration may take (the parity run repeats them in Pyodide).
BUDGET = 60_000
#: Rerolls and explosions per die while enumerating (fewer where the roll is too big).
K = 1
#: The docs rolls enumerated: every one with at most this many dice.
MOST_DICE = 7


class Need(Exception):
    """The engine asked for more faces than the prefix holds."""

    def __init__(self, count: int, sides: int) -> None:
        super().__init__(count, sides)
        self.count, self.sides = count, sides


class Prefix:
    """A dice source holding a prefix of faces; past it, it asks for more (:class:`Need`)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces, self.used = faces, 0

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        check_roll_size(count, sides)
        if self.used + count > len(self.faces):
            raise Need(count, sides)
        taken = self.faces[self.used:self.used + count]
        self.used += count
        return taken


def enumerate_engine(run: Callable[[Prefix], Hashable]) -> dict[Hashable, Fraction]:
    """The exact distribution of ``run``'s outcome over every face sequence it can ask for."""
    found: dict[Hashable, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    while stack:
        prefix, weight = stack.pop()
        runs += 1
        assert runs <= BUDGET, "the enumeration is too big for the oracle"
        try:
            outcome: Hashable = run(Prefix(prefix))
        except Need as need:
            share = weight / need.sides ** need.count
            stack.extend((prefix + more, share) for more in
                         itertools.product(range(1, need.sides + 1), repeat=need.count))
            continue
        except (RerollLimitError, ExplosionLimitError):
            outcome = LIMIT
        found[outcome] += weight
    assert sum(found.values()) == 1
    return dict(found)


@pytest.fixture
def low_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's reroll and explosion limits at :data:`K`."""
    set_limits(monkeypatch, K)


def set_limits(monkeypatch: pytest.MonkeyPatch, k: int) -> None:
    monkeypatch.setattr(limits, "MAX_REROLLS_PER_DIE", k)
    monkeypatch.setattr(limits, "MAX_EXPLOSIONS_PER_DIE", k)


def mass_above(found: dict[Hashable, Fraction], value: int, *, inclusive: bool = True
               ) -> Fraction:
    """The chance of a finished run reading ``value`` or more (more, if not inclusive)."""
    return sum((p for o, p in found.items() if isinstance(o, int)
                and (o >= value if inclusive else o > value)), Fraction(0))


def reading(procedure: Procedure) -> Callable[[Prefix], Hashable]:
    return lambda dice: procedure.read(procedure.roll(dice))


def margin_at_least(actor: Procedure, opponent: Procedure, margin: int
                    ) -> Callable[[Prefix], Hashable]:
    def run(dice: Prefix) -> Hashable:
        return actor.read(actor.roll(dice)) - opponent.read(opponent.roll(dice)) >= margin
    return run


def win_from_distributions(question: Wins, k: int) -> tuple[Fraction, Fraction]:
    """P(win, no limit reached) and P(a limit reached), from the two distributions."""
    a = odds.distribution(question.procedure, limit=k)
    b = odds.distribution(question.against, limit=k)
    win = sum((pa * pb for x, pa in a.items() for y, pb in b.items()
               if LIMIT not in (x, y) and x - y >= question.margin), Fraction(0))
    return win, 1 - (1 - a.get(LIMIT, Fraction(0))) * (1 - b.get(LIMIT, Fraction(0)))


D6, D10 = frozenset({6}), frozenset({10})
PROCEDURES = {
    "plain total": Procedure(3, 6, (), Total(2)),
    "plain successes": Procedure(4, 6, (), CountAtLeast(5)),
    "d10 successes": Procedure(3, 10, (), CountAtLeast(8)),
    "reroll while": Procedure(2, 6, (RerollWhile(frozenset({1, 2})),), Total()),
    "reroll while, successes": Procedure(3, 6, (RerollWhile(frozenset({1})),), CountAtLeast(5)),
    "explode, successes": Procedure(2, 6, (Explode(D6),), CountAtLeast(5)),
    "explode, total": Procedure(2, 4, (Explode(frozenset({4})),), Total(1)),
    "keep highest": Procedure(4, 6, (KeepHighest(2),), Total()),
    "keep lowest": Procedure(4, 6, (KeepLowest(1),), Total(3)),
    "keep highest, successes": Procedure(4, 6, (KeepHighest(2),), CountAtLeast(5)),
    "reroll then keep": Procedure(3, 6, (RerollWhile(frozenset({1})), KeepHighest(2)), Total()),
    "reroll then keep lowest": Procedure(3, 6, (RerollWhile(frozenset({1, 2})), KeepLowest(1)),
                                         Total()),
}


@pytest.mark.usefixtures("low_limits")
@pytest.mark.parametrize("name", PROCEDURES)
def test_each_core_procedure_matches_its_odds_exactly(name: str) -> None:
    procedure = PROCEDURES[name]
    assert enumerate_engine(reading(procedure)) == odds.distribution(procedure, limit=K)


@pytest.mark.usefixtures("low_limits")
@pytest.mark.parametrize("name", PROCEDURES)
def test_the_unlimited_odds_lie_within_the_enumerated_bounds(name: str) -> None:
    procedure = PROCEDURES[name]
    found = enumerate_engine(reading(procedure))
    outcomes = sorted(o for o in found if o != LIMIT)
    for value in outcomes:
        answered = odds.answer(AtLeast(procedure, value))
        assert answered is not None
        done = mass_above(found, value)
        chance = answered.low + (mass_above(found, value, inclusive=False)
                                 if answered.exactly else 0)
        assert done <= chance <= done + found.get(LIMIT, Fraction(0))


def test_cancel_highest_matches_a_contest_of_net_successes() -> None:
    actor, defence = Procedure(3, 6, (), CountAtLeast(5)), Procedure(2, 6, (), CountAtLeast(5))

    def run(dice: Prefix) -> Hashable:
        mine, theirs = actor.roll(dice), defence.roll(dice)
        cancelled = cancel_highest(mine, count_at_least(theirs, 5),
                                   among=lambda die: die.face >= 5)
        return count_at_least(cancelled, 5) >= 2

    answered = odds.answer(Wins("A", actor, "D", defence, 2))
    assert answered is not None and enumerate_engine(run)[True] == answered.low


@pytest.mark.parametrize("margin", [0, 1])
def test_a_contest_of_totals_matches_with_either_tie_rule(margin: int) -> None:
    actor, opponent = Procedure(2, 6, (), Total()), Procedure(1, 6, (), Total(3))
    answered = odds.answer(Wins("A", actor, "B", opponent, margin))
    assert answered is not None
    assert enumerate_engine(margin_at_least(actor, opponent, margin))[True] == answered.low


# -- every docs roll with at most MOST_DICE dice ---------------------------------------------


def procedures_of(question: Question) -> list[Procedure]:
    if isinstance(question, AtLeast):
        return [question.procedure]
    return [question.procedure, question.against] if isinstance(question, Wins) else []


def runs_needed(question: Question, k: int) -> int:
    """How many engine runs enumerating ``question``'s rolls takes with limits at ``k``."""
    total = 1
    for procedure in procedures_of(question):
        sides = per_die = procedure.sides
        for step in procedure.steps:
            if isinstance(step, RerollWhile | Explode):
                r = len(step.faces)
                per_die = sum(r ** j * (sides - r) for j in range(k + 1)) + r ** (k + 1)
        total *= per_die ** procedure.size
    return total


def docs_questions() -> dict[str, Question]:
    """Every odds question the docs' cards ask about at most MOST_DICE dice."""
    from site_plugins.examples.verify import verify_page

    found: dict[str, Question] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = page.relative_to(ROOT).as_posix()
        result = verify_page(name, page.read_text(encoding="utf-8"))
        questions = [(step.step.line, q) for run in result.runs for step in run.steps
                     for view in step.views for q in view.odds]
        for line, question in questions:
            dice = sum(p.size for p in procedures_of(question))
            if 0 < dice <= MOST_DICE and question not in found.values():
                found[f"{name}:{line}:{len(found)}"] = question
    return found


DOCS = docs_questions()


def test_the_docs_have_small_rolls_for_the_oracle() -> None:
    assert len(DOCS) >= 15


@pytest.mark.parametrize("key", DOCS)
def test_every_small_docs_roll_matches_its_odds_exactly(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    question = DOCS[key]
    k = next((k for k in (K, 0) if runs_needed(question, k) <= BUDGET), None)
    assert k is not None, f"{key}: too big for the oracle ({runs_needed(question, 0)} runs)"
    set_limits(monkeypatch, k)
    answered = odds.answer(question)
    assert answered is not None
    if isinstance(question, AtLeast):
        procedure = question.procedure
        found = enumerate_engine(reading(procedure))
        assert found == odds.distribution(procedure, limit=k)
        limit = found.get(LIMIT, Fraction(0))
        done = mass_above(found, question.value)
        if answered.exactly:
            done -= mass_above(found, question.value, inclusive=False)
        assert done <= answered.low <= done + limit
    else:
        assert isinstance(question, Wins)
        found = enumerate_engine(margin_at_least(question.procedure, question.against,
                                                 question.margin))
        win, limit = win_from_distributions(question, k)
        assert found.get(True, Fraction(0)) == win and found.get(LIMIT, Fraction(0)) == limit
        assert win <= answered.low <= win + limit
        if not limit:
            assert answered.low == win

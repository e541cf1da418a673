"""Oracle tests, in icepool's own style: every face sequence, through the engine, against
:mod:`rules_core.odds`, compared exactly as :class:`~fractions.Fraction`\\ s.

The oracle itself (a dice source that hands out a prefix of faces and runs again with every
continuation, the engine's limits lowered) is in :mod:`tests.rules_core.oracle`. The
unlimited answer a card shows must lie between the finished runs' chance and that plus the
chance of the limit: an exact bound, not an estimate.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path

import pytest

from rules_core import odds
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
from tests.rules_core.oracle import (
    BUDGET,
    Prefix,
    enumerate_engine,
    face_classes,
    margin_at_least,
    mass_above,
    reading,
    runs_needed,
    set_limits,
)

ROOT = Path(__file__).resolve().parents[2]
#: Rerolls and explosions per die while enumerating (fewer where the roll is too big).
K = 1
#: The docs rolls enumerated: every one with at most this many dice.
MOST_DICE = 7


@pytest.fixture
def low_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's reroll and explosion limits at :data:`K`."""
    set_limits(monkeypatch, K)


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


def docs_questions() -> dict[str, Question]:
    """Every odds question the docs' cards ask about at most MOST_DICE dice, small enough for
    the oracle's budget (seven d6 read as a total are not: 6**7 runs)."""
    from site_plugins.examples.language.verify import verify_page

    found: dict[str, Question] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = page.relative_to(ROOT).as_posix()
        result = verify_page(name, page.read_text(encoding="utf-8"))
        questions = [(step.step.line, q) for run in result.runs for step in run.steps
                     for view in step.views for q in view.odds]
        for line, question in questions:
            rolled = procedures_of(question)
            dice = sum(p.size for p in rolled)
            small = runs_needed(rolled, 0, face_classes(rolled)) <= BUDGET
            if 0 < dice <= MOST_DICE and small and question not in found.values():
                found[f"{name}:{line}:{len(found)}"] = question
    return found


DOCS = docs_questions()


def test_the_docs_have_small_rolls_for_the_oracle() -> None:
    assert len(DOCS) >= 15


@pytest.mark.parametrize("key", DOCS)
def test_every_small_docs_roll_matches_its_odds_exactly(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    question = DOCS[key]
    rolled = procedures_of(question)
    classes = face_classes(rolled)
    k = next((k for k in (K, 0) if runs_needed(rolled, k, classes) <= BUDGET), None)
    assert k is not None, (
        f"{key}: too big for the oracle ({runs_needed(rolled, 0, classes)} runs)")
    set_limits(monkeypatch, k)
    answered = odds.answer(question)
    assert answered is not None
    if isinstance(question, AtLeast):
        procedure = question.procedure
        found = enumerate_engine(reading(procedure), classes)
        assert found == odds.distribution(procedure, limit=k)
        limit = found.get(LIMIT, Fraction(0))
        done = mass_above(found, question.value)
        if answered.exactly:
            done -= mass_above(found, question.value, inclusive=False)
        assert done <= answered.low <= done + limit
    else:
        assert isinstance(question, Wins)
        found = enumerate_engine(margin_at_least(question.procedure, question.against,
                                                 question.margin), classes)
        win, limit = win_from_distributions(question, k)
        assert found.get(True, Fraction(0)) == win and found.get(LIMIT, Fraction(0)) == limit
        assert win <= answered.low <= win + limit
        if not limit:
            assert answered.low == win

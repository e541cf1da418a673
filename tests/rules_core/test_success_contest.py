"""Contests of successes (rules_core.success_contest): ties by action, a raised margin, odds."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

import pytest

from rules_core import odds
from rules_core.contest import Side
from rules_core.dice import ScriptedDice
from rules_core.pool import Pool
from rules_core.question import Wins
from rules_core.success_contest import CompareSuccesses, versus
from rules_core.success_pool import STANDARD, SuccessRoll, SuccessRule
from tests.rules_core.oracle import Prefix, enumerate_engine, face_classes, set_limits


def roll(who: str, faces: str, bonus: int = 0, rule: SuccessRule = STANDARD) -> SuccessRoll:
    size = len(faces.split())
    return SuccessRoll.of(who, Pool(sides=10).plus(size, "pool"), rule, ScriptedDice(faces),
                          bonus=bonus)


def test_more_successes_win() -> None:
    assert versus(roll("Ana", "9 9"), roll("Giant", "8 1")).succeeded


def test_fewer_successes_lose() -> None:
    contest = versus(roll("Ana", "9 1"), roll("Giant", "8 8"), Side.ACTOR)
    assert (contest.succeeded, contest.winner, contest.margin) == (False, "Giant", -1)


def test_a_tie_goes_to_the_opponent_by_default() -> None:
    assert versus(roll("Ana", "9 1"), roll("Giant", "8 1")).winner == "Giant"


def test_a_tie_goes_to_the_actor_when_the_action_says_so() -> None:
    assert versus(roll("Ana", "9 1"), roll("Giant", "8 1"), Side.ACTOR).winner == "Ana"


def test_a_tie_at_no_successes_is_still_a_tie() -> None:
    assert versus(roll("Ana", "1 1"), roll("Giant", "2"), Side.ACTOR).verdict() == (
        "No successes on either side: a tie, which goes to Ana.")


def test_cancelling_successes_is_the_same_as_ties_to_the_defender() -> None:
    attack = versus(roll("Ana", "9 8 1"), roll("Giant", "8 1"), Side.OPPONENT)
    assert (attack.succeeded, attack.margin) == (True, 1)


def test_the_bonus_counts_in_a_contest() -> None:
    assert versus(roll("Ana", "9 1", bonus=2), roll("Giant", "8 8")).succeeded


def test_by_asks_the_actor_to_win_by_more() -> None:
    contest = versus(roll("Ana", "9 8"), roll("Giant", "8 1"), Side.ACTOR, by=1)
    assert contest.succeeded
    assert contest.verdict() == "2 successes against 1: Ana wins (Ana needed 1 more than Giant)."


def test_by_turns_a_lead_of_one_into_a_loss_when_ties_go_to_the_opponent() -> None:
    assert not versus(roll("Ana", "9 8"), roll("Giant", "8 1"), Side.OPPONENT, by=1).succeeded


def test_a_negative_margin_is_refused() -> None:
    with pytest.raises(ValueError, match="by must be a whole number"):
        CompareSuccesses(-1)


def test_the_question_asks_for_the_margin_the_tie_rule_needs() -> None:
    question = versus(roll("Ana", "9"), roll("Giant", "8"), Side.ACTOR).odds()
    assert isinstance(question, Wins)
    assert (question.margin, question.note) == (0, "ties go to Ana")


def test_the_explanation_shows_both_rolls_and_the_verdict() -> None:
    shown = versus(roll("Ana", "9 1"), roll("Giant", "8 1")).explain_as("Ana: Rush")
    assert [r.label for r in shown.rolls] == ["Ana rolls 2d10 (8+, 10-again)",
                                              "Giant rolls 2d10 (8+, 10-again)"]
    assert shown.lines[-1] == "1 success against 1: a tie, which goes to Giant."


@pytest.mark.parametrize(("ties_to", "by", "bonus"), [(Side.ACTOR, 0, 0), (Side.OPPONENT, 0, 0),
                                                      (Side.ACTOR, 1, 1), (Side.OPPONENT, 0, 2)])
def test_the_chance_to_win_matches_every_face_sequence(
        ties_to: Side, by: int, bonus: int, monkeypatch: pytest.MonkeyPatch) -> None:
    actor = roll("Ana", "1 1", bonus=bonus)
    opponent = roll("Giant", "1 1")
    contest = versus(actor, opponent, ties_to, by=by)
    question = contest.odds()
    assert isinstance(question, Wins)
    mine, theirs = question.procedure, question.against
    set_limits(monkeypatch, 1)

    def run(dice: Prefix) -> Hashable:
        a = SuccessRoll(actor.who, actor.pool, actor.rule, mine.roll(dice), bonus)
        b = SuccessRoll(opponent.who, opponent.pool, opponent.rule, theirs.roll(dice))
        return versus(a, b, ties_to, by=by).succeeded

    found = enumerate_engine(run, face_classes([mine, theirs]))
    a = odds.distribution(mine, limit=1)
    b = odds.distribution(theirs, limit=1)
    win = sum((pa * pb for x, pa in a.items() for y, pb in b.items()
               if "limit" not in (x, y) and x - y >= question.margin), Fraction(0))
    assert found.get(True, Fraction(0)) == win
    monkeypatch.undo()
    answered = odds.answer(question)
    assert answered is not None
    assert win <= answered.low <= answered.high <= win + found.get("limit", Fraction(0))

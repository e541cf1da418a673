"""One contest shape: the system supplies the rule, the core the rest."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.contest import Comparison, Contest, Side
from rules_core.explain import DieView, RollView
from rules_core.outcome import Outcome
from rules_core.procedure import Procedure, Total
from rules_core.question import Question, Wins


@dataclass(frozen=True)
class Score:
    """A stand-in roll: a name and a number."""

    who: str
    value: int

    def view(self) -> RollView:
        return RollView(f"{self.who} rolls", (DieView(self.value, 6),))


class HigherWins:
    """A toy rule: the higher value wins; a tie goes to ``ties_to``."""

    def compare(self, actor: Score, opponent: Score, ties_to: Side) -> Comparison:
        margin = actor.value - opponent.value
        won = margin > 0 or (margin == 0 and ties_to is Side.ACTOR)
        return Comparison(won, margin, f"{actor.value} against {opponent.value}")

    def question(self, actor: Score, opponent: Score, ties_to: Side) -> Question:
        return Wins(actor.who, Procedure(1, 6, (), Total()), opponent.who,
                    Procedure(1, 6, (), Total()), 0 if ties_to is Side.ACTOR else 1)


def test_a_tie_goes_to_the_side_named() -> None:
    tie = (Score("A", 4), Score("B", 4), HigherWins())
    assert Contest(*tie).succeeded and Contest(*tie).winner == "A"
    assert not Contest(*tie, Side.OPPONENT).succeeded
    assert Contest(*tie, Side.OPPONENT).winner == "B"


def test_the_rule_gives_margin_and_verdict() -> None:
    contest = Contest(Score("A", 6), Score("B", 2), HigherWins())
    assert (contest.margin, contest.verdict(), contest.who) == (4, "6 against 2", "A")


def test_the_odds_question_comes_from_the_rule_with_the_tie_rule() -> None:
    question = Contest(Score("A", 1), Score("B", 2), HigherWins(), Side.OPPONENT).odds()
    assert isinstance(question, Wins) and question.margin == 1


def test_the_explanation_shows_both_rolls_the_verdict_and_the_odds() -> None:
    view = Contest(Score("A", 6), Score("B", 2), HigherWins()).explain_as("A against B", "",
                                                                         ("first",))
    assert [roll.label for roll in view.rolls] == ["A rolls", "B rolls"]
    assert view.lines == ("First", "6 against 2")  # a line starts with a capital
    assert view.outcome is Outcome.SUCCESS and len(view.odds) == 1

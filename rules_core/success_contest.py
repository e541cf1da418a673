"""Contests between two success-counting rolls: more successes wins, and a tie goes to the
side the system names for that action.

Games that count successes settle a contest the same way at heart: the actor's successes
against the opponent's. [`CompareSuccesses`][rules_core.success_contest.CompareSuccesses]
is that rule for two [`SuccessRoll`][rules_core.success_pool.SuccessRoll]\\ s (their bonus
successes included); who a tie goes to is the contest's ``ties_to``, chosen per action
(Storypath gives ties to the defender, but to a character disengaging or rushing).
"Defence successes cancel attack successes" is the same rule with ties to the opponent: the
attack needs a net of 1 or more. ``by`` asks the actor to win by that many more (a
Difficulty raised in the middle of a contest).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.contest import Comparison, Contest, Side
from rules_core.question import Wins
from rules_core.success_pool import SuccessRoll
from rules_core.words import amount, is_whole


@dataclass(frozen=True)
class CompareSuccesses:
    """The actor wins with more successes than the opponent (``by`` more, if set); at
    exactly that margin, a tie, the side named wins.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.pool import Pool
        >>> from rules_core.success_pool import STANDARD
        >>> pool = Pool(sides=10).plus(3, "Athletics")
        >>> ana = SuccessRoll.of("Ana", pool, STANDARD, ScriptedDice("9 8 2"))
        >>> giant = SuccessRoll.of("Giant", pool, STANDARD, ScriptedDice("8 8 1"))
        >>> versus(ana, giant, Side.OPPONENT).verdict()
        '2 successes against 2: a tie, which goes to Giant.'
        >>> versus(ana, giant, Side.ACTOR).succeeded
        True
    """

    by: int = 0

    def __post_init__(self) -> None:
        if not is_whole(self.by):
            raise ValueError(f"by must be a whole number, 0 or more, not {self.by!r}")

    def needed(self, ties_to: Side) -> int:
        """The margin (actor's successes − opponent's) the actor needs to win."""
        return self.by + (0 if ties_to is Side.ACTOR else 1)

    def compare(self, actor: SuccessRoll, opponent: SuccessRoll, ties_to: Side) -> Comparison:
        """Compare the successes (bonus successes included)."""
        a, b = actor.total, opponent.total
        margin = a - b
        needed = self.needed(ties_to)
        succeeded = margin >= needed
        head = ("No successes on either side" if a == b == 0 else
                f"{amount(a, 'success').capitalize()} against {b or 'none'}")
        winner = actor.who if succeeded else opponent.who
        if self.by:
            return Comparison(succeeded, margin, f"{head}: {winner} wins ({actor.who} needed "
                                                 f"{needed} more than {opponent.who}).")
        if margin == 0:
            return Comparison(succeeded, margin, f"{head}: a tie, which goes to {winner}.")
        return Comparison(succeeded, margin, f"{head}: {winner} wins.")

    def question(self, actor: SuccessRoll, opponent: SuccessRoll, ties_to: Side) -> Wins:
        """The chance the actor wins, from both pools as rolled (bonus successes included)."""
        tie = actor.who if ties_to is Side.ACTOR else opponent.who
        note = f"ties go to {tie}"
        if self.by:
            note = f"{actor.who} must win by {self.by} more; {note}"
        return Wins(actor.who, actor.procedure, opponent.who, opponent.procedure,
                    self.needed(ties_to), note, event="winning the contest")


SUCCESSES = CompareSuccesses()
"""More successes wins; a tie goes to the side the contest names."""


def versus(actor: SuccessRoll, opponent: SuccessRoll, ties_to: Side = Side.OPPONENT, *,
           by: int = 0) -> Contest[SuccessRoll]:
    """``actor``'s roll against ``opponent``'s; ties go to ``ties_to`` (the opponent unless
    named); ``by``: the actor must win by that many more."""
    return Contest(actor, opponent, CompareSuccesses(by) if by else SUCCESSES, ties_to)


__all__ = ["SUCCESSES", "CompareSuccesses", "versus"]

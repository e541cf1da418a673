"""Contested actions: both sides roll, and more successes wins (Storypath; Scion 2e).

A tie goes to the **defender**, the side resisting the action (our reading: Scion 2nd
Edition's "Action-Adventure" has no general tie rule), except where that section says
otherwise: a character who **disengages** or **rushes** wins ties, and so does one who
**withdraws** under pursuit (it is treated as more disengaging). Enhancement counts in a
contest as in any roll (a Head Start in a chase). On difficult terrain a contested movement
action is one Difficulty harder: the mover must win by one more success (our reading; see the
chapter's note).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.contest import Contest, Side
from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.names import running_text
from rules_core.outcome import Outcome
from rules_core.question import Question, naming
from rules_core.storypath.action import Action
from rules_core.storypath.errors import ActionError
from rules_core.storypath.terms import ENHANCEMENT
from rules_core.success_contest import SUCCESSES, CompareSuccesses
from rules_core.success_pool import SuccessRoll


@dataclass(frozen=True, repr=False)
class Contested(Contest[SuccessRoll]):
    """The actor's roll against the opponent's; ``task`` names the action and ``why`` says
    who wins ties and why.

    What it is built on (the core [`Contest`][rules_core.contest.Contest]) gives it: ``actor``
    and ``opponent``, each side's roll (its ``total`` is its successes with its
    Enhancement); ``succeeded``, whether the actor won; ``winner``, who did; ``margin``, the
    actor's total less the opponent's; ``ties_to``, the side a tie goes to. The two totals
    are also here by name: [`actor_total`][rules_core.storypath.Contested.actor_total] and
    [`opponent_total`][rules_core.storypath.Contested.opponent_total].
    """

    task: str = ""
    why: str = ""

    @property
    def actor_total(self) -> int:
        """The actor's successes, Enhancement included (``actor.total``)."""
        return self.actor.total

    @property
    def opponent_total(self) -> int:
        """The opponent's successes, Enhancement included (``opponent.total``)."""
        return self.opponent.total

    def explain(self) -> Explanation:
        """Both rolls, both tallies, the tie rule and the verdict."""
        lines = tuple(f"{roll.who}: {roll.tally()}." for roll in (self.actor, self.opponent))
        notes = tuple(f"{roll.who}: {note}" for roll in (self.actor, self.opponent)
                      for note in roll.notes())
        return self.explain_as(f"{self.who}: {self.task} against {self.opponent.who}",
                               self.actor.pool.breakdown(),
                               (*lines, *notes, *((self.why,) if self.why else ())))

    def odds(self) -> Question:
        """The chance the actor wins: a success at the task."""
        return naming(super().odds(), f"a success ({self.task})" if self.task else "a success")

    def __repr__(self) -> str:
        tie = self.actor.who if self.ties_to is Side.ACTOR else self.opponent.who
        return running_text(f"<{self.who} vs {self.opponent.who}, {self.task}: "
                            f"{self.actor_total} vs {self.opponent_total} successes, "
                            f"{Outcome.of(self.succeeded)} (ties go to {tie})>")


def roll_for(action: Action, dice: DiceSource) -> SuccessRoll:
    """``action``'s pool rolled, its Enhancement carried as bonus successes."""
    return SuccessRoll.of(action.who, action.pool, action.rule, dice, bonus=action.enhancement,
                          bonus_name=ENHANCEMENT, label=action.task)


def contest(actor: Action, opponent: Action, *, dice: DiceSource, defence: DiceSource,
            ties_to: Side = Side.OPPONENT, task: str = "", why: str = "",
            by: int = 0) -> Contested:
    """``actor`` (rolling ``dice``) against ``opponent`` (rolling ``defence``): more
    successes wins; ties go to ``ties_to`` (the opponent, the defender, unless named).
    ``by``: the actor must win by that many more (a raised Difficulty).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Dexterity": 3}, {"Athletics": 3})
        >>> rook = Character("Rook", {"Dexterity": 3}, {"Athletics": 2})
        >>> contest(ana.action("Athletics", "Dexterity"), rook.action("Athletics", "Dexterity"),
        ...         dice=ScriptedDice("9 8 1 1 1 1"), defence=ScriptedDice("8 8 2 2 2"),
        ...         task="Race to the door")
        <Ana vs Rook, Race to the door: 2 vs 2 successes, failure (ties go to Rook)>
    """
    if actor.who == opponent.who:
        raise ActionError(f"{actor.who} cannot contest against themself")
    why = why or ("Ties go to the defender." if ties_to is Side.OPPONENT else
                  f"Ties go to {actor.who}.")
    return Contested(roll_for(actor, dice), roll_for(opponent, defence),
                     CompareSuccesses(by) if by else SUCCESSES, ties_to,
                     task or actor.task, why)

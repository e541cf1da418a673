"""Mixed actions: two things at once with one simple action (Scion 2nd Edition,
"Action-Adventure", "Actions"; and its dice rules, "Mixed Actions").

Work out both pools, roll the **smaller**, and spend its successes on both tasks: each
task's Difficulty, then each task's Complications and stunts (see
``spend.settle`` for the order). One task can succeed while the
other fails. Each Enhancement counts only for its own task, and only when the dice show a
success.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question, Settled
from rules_core.storypath.action import Action
from rules_core.storypath.errors import ActionError
from rules_core.storypath.result import spending_lines, verdict_line
from rules_core.storypath.spend import Settlement, TaskOutcome, settle
from rules_core.success_pool import SuccessRoll
from rules_core.words import amount, count


@dataclass(frozen=True, repr=False)
class MixedResult:
    """A mixed action rolled: ``dice`` is the smaller pool's roll, ``settled`` how its
    successes paid for ``first`` and ``second``."""

    first: Action
    second: Action
    dice: SuccessRoll
    settled: Settlement

    @property
    def who(self) -> str:
        """Whose action it is."""
        return self.first.who

    @property
    def size(self) -> int:
        """How many dice the mixed action rolled: the smaller pool's size (dice rolled again
        not counted). Each task's own Difficulty and Complications are its action's:
        ``first.difficulty``, ``second.complications``."""
        return self.dice.pool.size

    @property
    def tasks(self) -> tuple[TaskOutcome, ...]:
        """Both tasks as settled, in order."""
        return self.settled.tasks

    @property
    def successes(self) -> int:
        """The successes the dice show."""
        return self.dice.successes

    @property
    def succeeded(self) -> bool:
        """Whether the mixed action as a whole succeeded: **both** tasks did (a bool, as
        every result's ``succeeded`` is). Which of the two succeeded is
        [`each_succeeded`][rules_core.storypath.MixedResult.each_succeeded]."""
        return all(self.each_succeeded)

    @property
    def each_succeeded(self) -> tuple[bool, bool]:
        """Whether each task succeeded: the first's answer, then the second's (one can
        succeed while the other fails)."""
        return (self.tasks[0].succeeded, self.tasks[1].succeeded)

    @property
    def spare(self) -> int:
        """Threshold successes left once everything is paid (none if both tasks failed)."""
        return self.settled.spare if any(self.each_succeeded) else 0

    @property
    def happens(self) -> tuple[str, ...]:
        """What the Complications not bought off do."""
        return tuple(c.what for t in self.tasks for c in t.unbought)

    @property
    def outcome(self) -> Outcome:
        """Success if both tasks succeed, failure if neither does; otherwise neither word."""
        first, second = self.each_succeeded
        return Outcome.of(first) if first == second else Outcome.NONE

    def odds(self) -> tuple[Question, ...]:
        """The chance of enough for the first task, for both, and for both with every
        Complication bought off and every stunt paid (the successes rolled mean nothing
        more: they are spent on the tasks); with no Difficulty to meet, both succeed."""
        raw = self.dice.procedure
        asked: dict[int, Question] = {}
        needs = [_needed(a) for a in (self.first, self.second)]
        if not any(a.difficulty for a in (self.first, self.second)):
            return (Settled(self.who, "a success at both tasks", True,
                            "a Difficulty of 0 needs no success"),)
        if self.first.difficulty:
            alone = max(needs[0], 1)
            asked[alone] = AtLeast(raw, alone, who=self.who,
                                   event=f"enough for {self.first.task} alone")
        both = max(sum(needs), 1)
        asked[both] = AtLeast(raw, both, who=self.who, event="enough for both tasks")
        actions = (self.first, self.second)
        costs = sum(c.rating for a in actions for c in a.complications) + sum(
            s.cost for a in actions for s in a.stunts)
        if costs:
            everything = max(costs + sum(a.difficulty - a.enhancement for a in actions), both)
            asked[everything] = AtLeast(raw, everything, who=self.who,
                                        event="enough for both tasks and everything they cost")
        return tuple(asked[value] for value in sorted(asked))

    def explain(self) -> Explanation:
        """The smaller pool's dice, then each task's verdict."""
        setups = tuple(f"{a.task}: {a.size}d10, {a.setup_text()}."
                       for a in (self.first, self.second))
        got = [str(d.face) for d in self.dice.roll.dice if d.counts
               and self.dice.rule.value(d.face)]
        tally = amount(self.successes, "success") + (f" ({', '.join(got)})" if got else "")
        verdicts = tuple(verdict_line(t, self.successes, with_threshold=False)
                         for t in self.tasks)
        spending = tuple(line for t in self.tasks for line in spending_lines(t))
        left = self.settled.available if any(self.each_succeeded) else 0
        after = f"Threshold successes after both Difficulties: {left or 'none'}"
        lines = (*setups, f"The smaller pool is rolled: {tally}.", *self.dice.notes(),
                 *verdicts, after + ".", *spending,
                 *((f"Threshold successes left: {self.spare or 'none'}.",) if spending else ()))
        return Explanation(title=f"{self.who}: mixed action ({self.first.task} and "
                                 f"{self.second.task})",
                           pool=self.dice.pool.breakdown(), rolls=(self.dice.view(),),
                           lines=lines, outcome=self.outcome, odds=self.odds())

    def __repr__(self) -> str:
        verdicts = ", ".join(f"{t.action.task} {'success' if t.succeeded else 'failure'}"
                             for t in self.tasks)
        happens = "".join(f"; Complication {c.rating} happens ({c.what})"
                          for t in self.tasks for c in t.unbought)
        return (f"<{self.who}, mixed action: [{self.dice.roll.text()}] "
                f"{count(self.successes, 'success')}: {verdicts}{happens}>")


def mixed(first: Action, second: Action, *, dice: DiceSource) -> MixedResult:
    """``first`` and ``second`` as one mixed action: roll the smaller pool (the first on a
    tie) and pay both tasks, the first first.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character
        >>> bo = Character("Bo", {"Might": 3, "Dexterity": 2}, {"Athletics": 2,
        ...                "Close Combat": 3})
        >>> mixed(bo.action("Athletics", "Dexterity", task="Vault"),
        ...       bo.action("Close Combat", "Might", task="Strike"),
        ...       dice=ScriptedDice("9 8 3 1"))
        <Bo, mixed action: [9 8 3 1] 2 successes: Vault success, Strike success>
    """
    if first.who != second.who:
        raise ActionError(f"a mixed action is one character's: {first.who} and {second.who} "
                          "each roll their own action")
    smaller = first if first.size <= second.size else second
    rolled = SuccessRoll.of(first.who, smaller.pool, smaller.rule, dice,
                            label=f"{first.task} and {second.task} (the smaller pool)")
    return MixedResult(first, second, rolled, settle(rolled.successes, [first, second]))


def _needed(action: Action) -> int:
    """The dice's successes a task takes: its Difficulty less its own Enhancement."""
    return max(action.difficulty - action.enhancement, 0)

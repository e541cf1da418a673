"""What one Storypath action did: the dice, the successes against the Difficulty, the
Enhancement, the threshold successes and what they bought, and how it explains itself."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question, Settled
from rules_core.storypath.spend import Settlement, TaskOutcome, settle
from rules_core.storypath.terms import ENHANCEMENT, Complication, PlannedAction, Stunt
from rules_core.success_pool import SuccessRoll
from rules_core.words import amount, count

CONSOLATION = "a Consolation (Momentum, for one)"
"""What a failed roll still gives the player (Scion 2nd Edition's dice rules, "Failure"):
the Storyguide says which; Momentum is the usual one."""


@dataclass(frozen=True, repr=False)
class ActionResult:
    """A rolled [`Action`][rules_core.storypath.Action]: ``dice`` is the roll (its
    Enhancement carried as bonus successes), ``settled`` how its successes were spent.

    Examples:
        Ana leaps a gap (Difficulty 2) and rolls a 10, which is rolled again:

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Dexterity": 3}, {"Athletics": 3})
        >>> leap = ana.action("Athletics", "Dexterity", difficulty=2, task="Leap")
        >>> leap.roll(ScriptedDice("10 9 4 3 2 1 8"))
        <Ana, Leap: [10 9 4 3 2 1 8] 3 successes vs Difficulty 2: success, 1 threshold success>
    """

    action: PlannedAction
    dice: SuccessRoll
    settled: Settlement

    @property
    def outcome_of_task(self) -> TaskOutcome:
        """How the one task was settled."""
        return self.settled.tasks[0]

    @property
    def who(self) -> str:
        """Whose action it is."""
        return self.action.who

    @property
    def size(self) -> int:
        """How many dice the action rolled (the pool's size; dice rolled again not counted)."""
        return self.action.pool.size

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled, dice rolled again included, in order."""
        return self.dice.faces

    @property
    def successes(self) -> int:
        """The successes the dice show."""
        return self.dice.successes

    @property
    def enhancement(self) -> int:
        """The Enhancement added: all of it after a success, none without."""
        return self.outcome_of_task.enhancement

    @property
    def total(self) -> int:
        """Successes and Enhancement."""
        return self.successes + self.enhancement

    @property
    def difficulty(self) -> int:
        """The Difficulty."""
        return self.action.difficulty

    @property
    def succeeded(self) -> bool:
        """Whether the total reached the Difficulty."""
        return self.outcome_of_task.succeeded

    @property
    def threshold(self) -> int:
        """Threshold successes: the total beyond the Difficulty (0 on a failure)."""
        return self.outcome_of_task.threshold

    @property
    def spare(self) -> int:
        """Threshold successes left once the Complications and stunts are paid (none on a
        failure)."""
        return self.settled.spare if self.succeeded else 0

    @property
    def bought(self) -> tuple[Complication, ...]:
        """The Complications bought off."""
        return self.outcome_of_task.bought

    @property
    def unbought(self) -> tuple[Complication, ...]:
        """The Complications not bought off: they happen."""
        return self.outcome_of_task.unbought

    @property
    def happens(self) -> tuple[str, ...]:
        """What the unbought Complications do."""
        return tuple(c.what for c in self.unbought)

    @property
    def stunts(self) -> tuple[Stunt, ...]:
        """The stunts paid for."""
        return self.outcome_of_task.stunts

    @property
    def outcome(self) -> Outcome:
        """Success or failure."""
        return Outcome.of(self.succeeded)

    @property
    def consolation(self) -> str:
        """What a failure still brings the player: a Consolation, such as Momentum ("" on
        a success). A failure moves the story on; it does not leave the player empty-handed
        (Scion 2nd Edition's dice rules, "Failure"). A Consolation is the players' (Momentum
        is their pool): a Storyguide character's failure brings none ("")."""
        return "" if self.succeeded or not self.action.player else CONSOLATION

    def odds(self) -> tuple[Question, ...]:
        """The chance of this total or more, of reaching the Difficulty, and of buying off
        everything (each once)."""
        return task_odds(self.action, self.total)

    def lines(self) -> tuple[str, ...]:
        """The tally, the dice rolled again, the verdict and what the threshold bought."""
        left = ((f"Threshold successes left: {self.spare or 'none'}.",)
                if self.action.complications or self.action.stunts else ())
        consoled = (f"The player takes {self.consolation}.",) if self.consolation else ()
        return (tally(self.action, self.dice), *self.dice.notes(),
                *task_lines(self.outcome_of_task, self.successes), *left, *consoled)

    def explain(self) -> Explanation:
        """The card view: the pool, the marked dice, the tally and the verdict."""
        return Explanation(title=f"{self.who}: {self.action.task}", pool=self.action.pool
                           .breakdown(), rolls=(self.dice.view(),), lines=self.lines(),
                           outcome=self.outcome, odds=self.odds())

    def __repr__(self) -> str:
        got = count(self.successes, "success")
        if self.enhancement:
            got += f" + {self.enhancement} {ENHANCEMENT}"
        verdict = ("failure" if not self.succeeded else
                   f"success, {_threshold(self.threshold)}" if self.threshold else "success")
        notes = "".join(f"; Complication {c.rating} bought off" if c in self.bought else
                        f"; Complication {c.rating} happens ({c.what})"
                        for c in self.action.complications)
        notes += "".join(f"; {s.name} paid" for s in self.stunts)
        return (f"<{self.who}, {self.action.task}: [{self.dice.roll.text()}] {got} vs "
                f"{self.action.difficulty_text()}: {verdict}{notes}>")


def roll_action(action: PlannedAction, dice: DiceSource) -> ActionResult:
    """Roll ``action`` and settle its successes."""
    rolled = SuccessRoll.of(action.who, action.pool, action.rule, dice,
                            bonus=action.enhancement, bonus_name=ENHANCEMENT,
                            label=action.task)
    return ActionResult(action, rolled, settle(rolled.successes, [action]))


def tally(action: PlannedAction, dice: SuccessRoll) -> str:
    """``3 successes (10, 9, 8) + 2 Enhancement (a rope) = 5 against Difficulty 2.``"""
    shown = [str(d.face) for d in dice.roll.dice if d.counts and action.rule.value(d.face)]
    got = amount(dice.successes, "success") + (f" ({', '.join(shown)})" if shown else "")
    reasons = ", ".join(why for why, _ in action.enhancements)
    if action.enhancement and dice.successes:
        got += f" + {action.enhancement} {ENHANCEMENT} ({reasons}) = {dice.total}"
    elif action.enhancement:
        got += f", so no {ENHANCEMENT} ({reasons}, +{action.enhancement}) applies,"
    return f"{got} against {action.difficulty_text()}."  # a line start is capitalised by its view


def task_lines(task: TaskOutcome, successes: int) -> tuple[str, ...]:
    """The verdict of one task (with its threshold successes) and what they bought."""
    return (verdict_line(task, successes, with_threshold=True), *spending_lines(task))


def verdict_line(task: TaskOutcome, successes: int, *, with_threshold: bool) -> str:
    """``Leap: success, 1 threshold success.`` (the count only ``with_threshold``)."""
    action = task.action
    name = action.task
    extra = f", {_threshold(task.threshold)}" if with_threshold else ""
    if task.succeeded and action.difficulty == 0:
        return f"{name}: Difficulty 0, so it succeeds whatever the dice{extra}."
    if task.succeeded:
        return f"{name}: success{extra}."
    if successes == 0:
        return f"{name}: failure, no success."
    return f"{name}: failure, the successes do not reach {action.difficulty_text()}."


def spending_lines(task: TaskOutcome) -> tuple[str, ...]:
    """What one task's Complications and stunts came to."""
    action = task.action
    lines = []
    for complication in action.complications:
        if complication in task.bought:
            lines.append(f"{complication}: bought off with "
                         f"{_threshold(complication.rating)}.")
        else:
            still = "; the task still succeeds" if task.succeeded else ""
            lines.append(f"{complication}: not bought off, so it happens{still}.")
    for stunt in action.stunts:
        if stunt in task.stunts:
            gives = f": {stunt.gives}" if stunt.gives else ""
            lines.append(f"{stunt}: paid for{gives}.")
        else:
            lines.append(f"{stunt}: not enough threshold successes left to pay for it.")
    return tuple(lines)


def task_odds(action: PlannedAction, total: int) -> tuple[Question, ...]:
    """The questions of one task's card: the Difficulty reached (or certain at Difficulty
    0); enough to buy off everything; and, where the roll went past its Difficulty, this
    many threshold successes or more (a total short of the Difficulty means nothing more
    than the failure the Difficulty's chance already gives). Two totals the dice reach
    alike (with an Enhancement of 2, a total of 1 or more is a total of 3 or more) are
    asked once, in the words of the rule."""
    procedure = action.procedure()

    def dice_needed(value: int) -> int:
        return max(value - action.enhancement, 1) if value > 0 else 0

    asked: dict[int, Question] = {}
    spare = total - action.difficulty
    if spare > 0 or action.difficulty == 0:
        asked[dice_needed(total)] = AtLeast(procedure, total, who=action.who, shown=True,
                                            event=_spare_words(action, spare))
    if action.difficulty == 0:
        certain = Settled(action.who, f"a success ({action.task})", True,
                          "a Difficulty of 0 needs no success")
        return (*asked.values(), certain)
    asked[dice_needed(action.difficulty)] = AtLeast(
        procedure, action.difficulty, who=action.who,
        event=f"enough for {action.difficulty_text()}")
    costs = sum(c.rating for c in action.complications) + sum(s.cost for s in action.stunts)
    if costs:
        what = " and ".join(w for w, has in (("buy off every Complication",
                                              action.complications),
                                             ("pay for every stunt", action.stunts)) if has)
        asked[dice_needed(action.difficulty + costs)] = AtLeast(
            procedure, action.difficulty + costs, who=action.who, event=f"enough to {what}")
    return tuple(asked[value] for value in sorted(asked))


def _spare_words(action: PlannedAction, spare: int) -> str:
    """``enough for Difficulty 1 and 2 threshold successes``; at Difficulty 0, ``enough
    for 2 threshold successes`` (``no threshold success`` for none, the lowest result)."""
    spared = _threshold(spare)
    if action.difficulty:
        return f"enough for {action.difficulty_text()} and {spared}"
    return f"enough for {spared}" if spare else "no threshold success"


def _threshold(n: int) -> str:
    return amount(n, "threshold success", "threshold successes")

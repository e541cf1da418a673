"""Opposed and unopposed rolls, and routine tasks (Kruhl 3e, "Rolling Dice", "Difficulty").

- **Opposed:** both sides roll; the actor succeeds if their total **equals or exceeds** the
  opponent's (ties go to the actor). Distraction needs strictly more ("Distracting").
- **Unopposed:** the actor rolls against the GM's **2d6 + DV** (table "Unopposed rolls").
  The text also says the GM "simply sets a DV": ``fixed=True`` reads the target as the DV
  alone. Bonus dice the actor's count owes go to the GM's roll (our reading).
- **Routine** tasks succeed without a roll.
- A count of dice below zero gives the opponent that many bonus dice ("Bonuses And
  Penalties").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.contest import Comparison, ContestRule, Side
from rules_core.contest import Contest as CoreContest
from rules_core.dice import DiceSource, rolling_for
from rules_core.errors import RulesError
from rules_core.explain import Explanation
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.difficulties import Difficulty, difficulty
from rules_core.kruhl.roll import PLOT_POINT, SkillRoll
from rules_core.kruhl.training import SKILLED
from rules_core.outcome import Outcome
from rules_core.question import Question, Settled, Wins, naming


@dataclass(frozen=True)
class CompareTotals:
    """The Kruhl contest rule: the higher total wins; a tie goes to the side named.

    A roll that fails automatically loses whatever its total; against one, the actor wins.
    """

    def compare(self, actor: SkillRoll, opponent: SkillRoll, ties_to: Side) -> Comparison:
        """Compare the totals."""
        a, b = actor.total, opponent.total
        if actor.fails:
            return Comparison(False, a - b, f"{actor.who} fails automatically "
                                            f"({', '.join(actor.check.fails)}).")
        succeeded = opponent.fails or a > b or (a == b and ties_to is Side.ACTOR)
        word = "success" if succeeded else "failure"
        sign = ">" if a > b else "=" if a == b else "<"
        if a == b:
            why = "ties go to the actor" if ties_to is Side.ACTOR else "a tie fails: it needs more"
            return Comparison(succeeded, 0, f"{a} {sign} {b}: {word} ({why}).")
        return Comparison(succeeded, a - b, f"{a} {sign} {b}: {word}.")

    def question(self, actor: SkillRoll, opponent: SkillRoll, ties_to: Side) -> Question:
        """The chance the actor's total beats (or, if ties go to the actor, meets) the other."""
        if actor.fails or opponent.fails:
            why = (f"{actor.who}'s roll fails automatically" if actor.fails
                   else f"{opponent.who}'s roll fails automatically")
            return Settled(actor.who, f"a success against {opponent.who}", not actor.fails,
                           why)
        margin, note = ((0, f"ties go to {actor.who}") if ties_to is Side.ACTOR
                        else (1, "a tie is not enough"))
        return Wins(actor.who, actor.procedure, opponent.who, opponent.procedure, margin, note,
                    event="a success")


TOTALS = CompareTotals()
"""The one contest rule of Kruhl 3e."""


@dataclass(frozen=True, repr=False)
class Contest(CoreContest[SkillRoll]):
    """The actor's roll against a target roll (an opponent's, or the GM's 2d6 + DV).

    Ties go to the actor unless ``ties_to`` is the opponent (the actor needs more: a
    distraction). ``difficulty`` is set for an unopposed roll.
    """

    rule: ContestRule[SkillRoll] = TOTALS
    ties_to: Side = Side.ACTOR
    action: str = ""
    difficulty: Difficulty | None = None

    @property
    def roll(self) -> SkillRoll:
        """The actor's roll."""
        return self.actor

    @property
    def target(self) -> SkillRoll:
        """The roll the actor is up against."""
        return self.opponent

    @property
    def strict(self) -> bool:
        """Whether the actor needs more than the target (a tie fails)."""
        return self.ties_to is Side.OPPONENT

    @property
    def opposed(self) -> bool:
        """Whether someone rolled against the actor (not the GM for a DV)."""
        return self.difficulty is None

    def with_plot_point(self, dice: DiceSource, *, side: str = "actor") -> Contest:
        """The contest after ``side`` (``"actor"`` or ``"target"``) buys a bonus die.

        Kruhl 3e, "Bonus Die": the player may decide after the rest of the dice are rolled.
        If that side's count was below zero, the die takes back the last bonus die its
        opponent gained from it (dropped) instead of rolling.
        """
        if side not in ("actor", "target"):
            raise RulesError(f"a plot point goes to the 'actor' or the 'target', not {side!r}")
        mine, theirs = (self.roll, self.target) if side == "actor" else (self.target, self.roll)
        if mine.owed:
            theirs = theirs.without_die(_last_counted(theirs))
        mine = mine.with_plot_point(dice)
        pair = (mine, theirs) if side == "actor" else (theirs, mine)
        return replace(self, actor=pair[0], opponent=pair[1])

    def odds(self) -> Question:
        """The chance the actor wins, a success at the action; once a plot-point die is
        bought, the chance that die (against the dice already rolled) gives the actor the
        win."""
        asked = naming(super().odds(), f"a success at {self.action or self.roll.label}")
        if not isinstance(asked, Wins) or not (self.roll.plot_points or
                                               self.target.plot_points):
            return asked
        return replace(asked, procedure=self.roll.after_plot_points(),
                       against=self.target.after_plot_points(),
                       note=f"{asked.note}; the plot-point die against the dice already rolled")

    def explain(self) -> Explanation:
        """Both rolls, both totals and the verdict."""
        notes = (*self.roll.notes(), *(f"{self.target.who}: {n}" for n in self.target.notes()))
        return self.explain_as(self._title(), self.roll.check.pool.breakdown(),
                               (f"{self.who}: {self.roll.sum_words()}",
                                f"{self.target.who}: {self.target.sum_words()}", *notes))

    def _title(self) -> str:
        action = self.action or self.roll.label
        if self.difficulty is not None:
            return f"{self.who}: {action} against {self.difficulty}"
        return f"{self.who}: {action} against {self.target.who}"

    def __repr__(self) -> str:
        action = self.action or self.roll.label
        against = (f" vs {self.target.who}" if self.difficulty is None
                   else f" vs DV {self.difficulty.dv}")
        return (f"<{self.who}{against}, {action}: {self.roll.total} vs {self.target.total}, "
                f"{Outcome.of(self.succeeded)}>")


def contest(roll: SkillRoll, target: SkillRoll, action: str = "", strict: bool = False,
            difficulty: Difficulty | None = None) -> Contest:
    """``roll`` against ``target``; ``strict``: the actor needs more (a tie fails)."""
    return Contest(roll, target, TOTALS, Side.OPPONENT if strict else Side.ACTOR, action,
                   difficulty)


def opposed(check: SkillCheck, against: SkillCheck, *, dice: DiceSource,
            defence: DiceSource, action: str = "", strict: bool = False) -> Contest:
    """Roll ``check`` (with ``dice``) against ``against`` (with ``defence``).

    Each side's count below zero becomes bonus dice for the other before anything is rolled
    (each shortfall is counted before any gift is added). Ties go to the actor unless
    ``strict`` (the actor needs more, as a distraction does).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> soraya = Character("Soraya", {"Brawn": 2}, skills={"Hand-to-hand Combat": "expert"},
        ...                    equipment={"sword": 1})
        >>> virek = Character("Virek-Kohl", {"Brawn": 3},
        ...                   skills={"Hand-to-hand Combat": "skilled"})
        >>> contest = opposed(soraya.attack(using="sword"), virek.defend(),
        ...                   dice=ScriptedDice("1 4 5"), defence=ScriptedDice("3 3"))
        >>> contest
        <Soraya vs Virek-Kohl, Hand-to-hand Combat (Brawn): 12 vs 9, success>
        >>> contest.roll.breakdown()
        '2d6 [1→5 4] + 2 Brawn + 1 sword = 12'
    """
    mine, theirs = _with_gifts(check, against)
    return contest(mine.roll(dice), theirs.roll(defence), action, strict)


def versus(roll: SkillRoll, target: SkillRoll, *, action: str = "",
           strict: bool = False) -> Contest:
    """Compare two rolls already made."""
    return contest(roll, target, action, strict)


def gm_check(dv: int | str | Difficulty, *, fixed: bool = False) -> SkillCheck:
    """The GM's roll for a DV: 2d6 + DV (or the DV alone with ``fixed``)."""
    rung = difficulty(dv)
    if rung.dv is None:
        raise RulesError("a routine task needs no roll: use routine(who, task) instead")
    return SkillCheck(who="GM", skill=str(rung), attribute="", attribute_value=0,
                      training=SKILLED, flat=(("DV", rung.dv),), base=0 if fixed else 2,
                      basis="fixed DV" if fixed else "GM")


def unopposed(check: SkillCheck, dv: int | str | Difficulty, *, dice: DiceSource,
              gm: DiceSource | None = None, fixed: bool = False, action: str = "") -> Contest:
    """Roll ``check`` against a DV: the GM rolls 2d6 + DV (with ``gm``, else ``dice``).

    The actor rolls first, then the GM. ``dv`` is a number or a name
    ([`difficulty`][rules_core.kruhl.difficulties.difficulty]); ``fixed=True`` uses the DV alone
    as the target. Ties go to the actor.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> soraya = Character("Soraya", {"Agility": 3})
        >>> unopposed(soraya.check("Lockpicking"), "moderate", dice=ScriptedDice("4"),
        ...           gm=ScriptedDice("2 3"))
        <Soraya vs DV 3, Lockpicking (Agility): 7 vs 8, failure>
    """
    rung = difficulty(dv)
    mine, theirs = _with_gifts(check, gm_check(rung, fixed=fixed))
    with rolling_for(f"{check.who}'s roll"):
        roll = mine.roll(dice)
    with rolling_for(f"the GM's 2d6 + DV against {check.who}"):
        target = theirs.roll(gm if gm is not None else dice)
    return contest(roll, target, action, False, rung)


@dataclass(frozen=True)
class RoutineTask:
    """A routine task: it succeeds without a roll (Kruhl 3e, "Unopposed Tasks")."""

    who: str
    task: str

    @property
    def succeeded(self) -> bool:
        """Always: characters automatically succeed at routine tasks."""
        return True

    def explain(self) -> Explanation:
        """No dice, a success."""
        return Explanation(title=f"{self.who}: {self.task}",
                           lines=("Routine: no roll is needed, the task succeeds.",),
                           outcome=Outcome.SUCCESS)

    def __repr__(self) -> str:
        return f"<{self.who}, {self.task}: routine, success without a roll>"


def routine(who: str, task: str) -> RoutineTask:
    """A routine task for ``who``."""
    return RoutineTask(who, task)


def _with_gifts(check: SkillCheck, against: SkillCheck) -> tuple[SkillCheck, SkillCheck]:
    mine = check.with_bonus(f"{against.who}'s dice below zero", against.pool.shortfall)
    theirs = against.with_bonus(f"{check.who}'s dice below zero", check.pool.shortfall)
    return mine, theirs


def _last_counted(roll: SkillRoll) -> int:
    for index in range(len(roll.dice) - 1, -1, -1):
        die = roll.dice[index]
        if die.kept and die.origin != PLOT_POINT:
            return index
    raise RulesError(f"{roll.who} has no die left to give back")

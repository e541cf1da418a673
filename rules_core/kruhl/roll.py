"""A skill roll once the dice have fallen: every face (rerolled ones too) and the total.

Kruhl 3e, "Skill Roll": with expertise every 1 and 2 is rerolled until it shows 3 or more,
bonus dice included; "Penetrating": the defender rerolls every 5 and 6 until it shows less
than 5. Rerolled faces stay in the result (marked ``rerolled``), so the explanation shows the
whole story. "Plot Points", "Bonus Die": a plot-point bonus die may be bought after the roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, RollView, roll_view
from rules_core.kruhl.marks import PLOT_POINT_DIE
from rules_core.marks import Mark
from rules_core.names import agreeing
from rules_core.outcome import Outcome
from rules_core.pool import Pool
from rules_core.procedure import Procedure, RerollWhile, Total
from rules_core.question import AtLeast, Question, Settled
from rules_core.roll import Die, Roll
from rules_core.words import noun

PLOT_POINT = "plot point"
"""The origin of a die bought with a plot point after the roll."""


class RolledCheck(Protocol):
    """What a roll reads from the check it rolled: a
    [`SkillCheck`][rules_core.kruhl.SkillCheck], which rolls itself with this module (so
    this module never imports it)."""

    @property
    def who(self) -> str:
        """Whose roll it is."""
        ...

    @property
    def label(self) -> str:
        """The roll's name, e.g. ``Hand-to-hand Combat (Brawn)``."""
        ...

    @property
    def attribute_value(self) -> int:
        """The attribute added to the dice."""
        ...

    @property
    def pool(self) -> Pool:
        """How many dice and why."""
        ...

    @property
    def bonus(self) -> tuple[str, ...]:
        """The reasons for bonus dice."""
        ...

    @property
    def penalty(self) -> tuple[str, ...]:
        """The reasons for penalty dice."""
        ...

    @property
    def fails(self) -> tuple[str, ...]:
        """Why the roll fails automatically, if it does."""
        ...

    @property
    def powers(self) -> tuple[str, ...]:
        """The abilities granting Power Level."""
        ...

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        """What is added to the dice."""
        ...

    @property
    def rerolls(self) -> frozenset[int]:
        """Faces rerolled until they stop showing."""
        ...

    @property
    def reroll_rule(self) -> str:
        """The rule behind the rerolls, in words."""
        ...


@dataclass(frozen=True, repr=False)
class SkillRoll:
    """A rolled check: its dice and total.

    ``added`` are amounts added after the roll (combining effort); ``plot_points`` counts
    plot-point bonus dice bought after the roll.
    """

    check: RolledCheck
    dice: tuple[Die, ...]
    added: tuple[tuple[str, int], ...] = ()
    plot_points: int = 0

    @property
    def who(self) -> str:
        """Whose roll it is."""
        return self.check.who

    @property
    def label(self) -> str:
        """What was rolled, e.g. ``Hand-to-hand Combat (Brawn)``."""
        return self.check.label

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces that count, in order."""
        return tuple(die.value for die in self.dice if die.kept)

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        """Everything added to the dice."""
        return self.check.modifiers + self.added

    @property
    def total(self) -> int:
        """Dice plus attribute, equipment, Power Level and anything added."""
        return sum(die.value for die in self.dice) + sum(v for _, v in self.modifiers)

    @property
    def fails(self) -> bool:
        """Whether the roll fails whatever its total (e.g. an attack while sprinting)."""
        return bool(self.check.fails)

    @property
    def owed(self) -> int:
        """Bonus dice the opponent gains from this roll's count below zero."""
        return max(-(self.check.pool.net + self.plot_points), 0)

    def with_plot_point(self, dice: DiceSource) -> SkillRoll:
        """This roll with a plot-point bonus die bought after seeing it.

        The die is rerolled like the others (expertise, penetration). If the count was below
        zero the plot point takes one bonus die back from the opponent instead (see
        [`Contest.with_plot_point`][rules_core.kruhl.Contest.with_plot_point]) and rolls
        nothing here.
        """
        if self.owed:
            return replace(self, plot_points=self.plot_points + 1)
        new = roll_dice(self.check, 1, dice, origin=PLOT_POINT)
        return replace(self, dice=self.dice + new, plot_points=self.plot_points + 1)

    def plus(self, name: str, value: int) -> SkillRoll:
        """This roll with ``value`` added after the fact (e.g. for combining effort)."""
        return replace(self, added=(*self.added, (name, value)))

    def without_die(self, index: int) -> SkillRoll:
        """This roll with die ``index`` dropped (a gifted die taken back)."""
        return replace(self, dice=Roll(6, self.dice).with_die(index, kept=False).dice)

    @property
    def procedure(self) -> Procedure:
        """How the dice that count were rolled and read: the odds' description of this roll."""
        counted = sum(1 for die in self.dice if die.kept)
        rule = _rule_label(self.check)
        adds = "".join(f" + {value} {name}" for name, value in self.modifiers)
        return Procedure(counted, 6, reroll_steps(self.check),
                         Total(sum(v for _, v in self.modifiers)), f"{counted}d6{rule}{adds}")

    def after_plot_points(self) -> Procedure:
        """The roll as a plot-point die bought after it sees it: the bought dice to roll, the
        rest fixed at what it showed."""
        bought = [d for d in self.dice if d.kept and d.origin == PLOT_POINT]
        fixed = self.total - sum(d.face for d in bought)
        rule = _rule_label(self.check) if bought else ""
        label = (f"{len(bought)}d6 plot point{rule} + {fixed} already rolled" if bought
                 else f"{fixed} as rolled")
        return Procedure(len(bought), 6, reroll_steps(self.check) if bought else (),
                         Total(fixed), label)

    def odds(self) -> Question:
        """The chance of this total or more (an automatic failure is settled): what a
        Difficulty or a contest asks of this roll; a lone roll's card shows none."""
        if self.fails:
            return Settled(self.who, f"a success at {self.label}", False,
                           f"it fails automatically ({', '.join(self.check.fails)})")
        return AtLeast(self.procedure, self.total, who=self.who, shown=True,
                       event=f"the {self.label} total")

    def sum_words(self) -> str:
        """The total as a player adds it up at the table: ``4 + 2 + 3 Agility = 9`` (a die
        rerolled counts its last face, a die not kept is left out, a plot-point die is
        named), and an automatic failure if any. The card's words; the repr keeps
        [`breakdown`][rules_core.kruhl.SkillRoll.breakdown]."""
        kept = [d for d in self.dice if d.kept]
        parts = [f"{d.face} (plot point)" if d.origin == PLOT_POINT else str(d.face)
                 for d in sorted(kept, key=lambda d: d.origin == PLOT_POINT)]
        parts += [f"{value} {name}" for name, value in self.modifiers]
        text = f"{' + '.join(parts) or '0'} = {self.total}"
        if not kept:
            text = f"no dice: {text}"
        return text + self._fails_clause()

    def _fails_clause(self) -> str:
        """``, fails automatically (prone)`` after a roll's sum, or nothing."""
        return f", fails automatically ({', '.join(self.check.fails)})" if self.fails else ""

    def breakdown(self) -> str:
        """``2d6 [1→5 4] + 2 Brawn + 1 sword = 12``, and an automatic failure if any."""
        own = [d for d in self.dice if d.origin != PLOT_POINT]
        bought = [d for d in self.dice if d.origin == PLOT_POINT]
        text = _dice_part(own, "")
        if bought:
            text += " + " + _dice_part(bought, " plot point")
        text += "".join(f" + {value} {name}" for name, value in self.modifiers)
        text += f" = {self.total}"
        return text + self._fails_clause()

    def notes(self) -> tuple[str, ...]:
        """Sentences on rerolls, Power Level and automatic failure, where they apply."""
        lines = []
        rerolled = [d.text() for d in self.dice if d.rerolled]
        if rerolled:
            faces = " and ".join(f"{a}s" for a in sorted(self.check.rerolls))
            lines.append(f"{self.check.reroll_rule.capitalize()} rerolls {faces}: "
                         f"{', '.join(rerolled)}.")
        if len(self.check.powers) > 1:
            lines.append(f"Power Level is added once, for {', '.join(self.check.powers)}.")
        taken_back = self.plot_points - sum(1 for d in self.dice if d.origin == PLOT_POINT)
        if taken_back:
            lines.append(f"A plot point takes back {taken_back} bonus "
                         f"{noun(taken_back, 'die')} from the opponent.")
        if self.owed:
            lines.append(f"Below zero dice: the opponent gains {self.owed} bonus "
                         f"{noun(self.owed, 'die')}.")
        return tuple(lines)

    def view(self) -> RollView:
        """The dice, rerolled faces first and marked; a roll of no dice (a fixed DV) says so."""
        if not self.dice:
            return roll_view(f"{self.who}: {self.label}, no dice rolled", Roll(6, ()))
        return roll_view(f"{agreeing(self.who, 'rolls')} {self.label}: "
                         f"{self.check.pool.breakdown()}",
                         Roll(6, self.dice), origins=_origin_mark)

    def explain(self) -> Explanation:
        """The card view of a lone roll: its dice and total, and no odds (a roll with no
        Difficulty or opponent asks no question its odds could answer)."""
        return Explanation(title=f"{self.who}: {self.label}", pool=self.check.pool.breakdown(),
                           rolls=(self.view(),), lines=(self.sum_words(), *self.notes()),
                           outcome=Outcome.FAILURE if self.fails else Outcome.NONE)

    def __repr__(self) -> str:
        return f"<{self.who}, {self.label}: {self.breakdown()}>"

    __str__ = breakdown


def roll_dice(check: RolledCheck, size: int, dice: DiceSource,
              origin: str = "") -> tuple[Die, ...]:
    """Roll ``size`` dice for ``check``, rerolling the faces its rules reroll (in waves)."""
    return Procedure(size, 6, reroll_steps(check)).roll(dice, origin).dice


def reroll_steps(check: RolledCheck) -> tuple[RerollWhile, ...]:
    """Expertise and penetration as a procedure's steps: faces rerolled until they stop."""
    if not check.rerolls:
        return ()
    return (RerollWhile(check.rerolls, f"{check.reroll_rule} (reroll {_faces(check.rerolls)})"),)


def roll_check(check: RolledCheck, dice: DiceSource) -> SkillRoll:
    """Roll ``check`` with ``dice``."""
    return SkillRoll(check, roll_dice(check, check.pool.size, dice))


def _dice_part(dice: list[Die], kind: str) -> str:
    counted = sum(1 for d in dice if d.kept)
    if not dice:
        return "0d6"
    return f"{counted}d6{kind} [{' '.join(d.text() for d in dice)}]"


def _rule_label(check: RolledCheck) -> str:
    """`` (expertise: rerolling 1s and 2s)`` for a check that rerolls, else nothing."""
    return f" ({check.reroll_rule}: rerolling {_faces(check.rerolls)})" if check.rerolls else ""


def _faces(faces: frozenset[int]) -> str:
    return " and ".join(f"{f}s" for f in sorted(faces))


def _origin_mark(origin: str) -> Mark | None:
    return PLOT_POINT_DIE if origin == PLOT_POINT else None

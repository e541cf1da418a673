"""A skill roll once the dice have fallen: every face (rerolled ones too) and the total.

Kruhl 3e, "Skill Roll": with expertise every 1 and 2 is rerolled until it shows 3 or more,
bonus dice included; "Penetrating": the defender rerolls every 5 and 6 until it shows less
than 5. Rerolled faces stay in the result (marked ``rerolled``), so the explanation shows the
whole story. "Plot Points", "Bonus Die": a plot-point bonus die may be bought after the roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.dice import DiceSource
from rules_core.explain import DieView, Explanation, RollView
from rules_core.kruhl.check import SkillCheck
from rules_core.reroll import reroll_while

PLOT_POINT = "plot point"


@dataclass(frozen=True)
class RolledDie:
    """One die: the faces it showed in order (the last one counts), and where it came from.

    ``origin`` is ``""`` for the roll's own dice and ``"plot point"`` for a die bought
    afterwards; a ``dropped`` die counts nothing.
    """

    faces: tuple[int, ...]
    origin: str = ""
    dropped: bool = False

    @property
    def value(self) -> int:
        """What the die adds to the total."""
        return 0 if self.dropped else self.faces[-1]

    @property
    def rerolled(self) -> bool:
        """Whether the die was rerolled at least once."""
        return len(self.faces) > 1

    def text(self) -> str:
        """``5``, or ``1→5`` for a die rerolled from 1 to 5; a dropped die is in brackets."""
        text = "→".join(str(face) for face in self.faces)
        return f"({text})" if self.dropped else text

    def views(self) -> tuple[DieView, ...]:
        """Each face shown, the earlier ones marked rerolled."""
        earlier = tuple(DieView(face, 6, ("rerolled",)) for face in self.faces[:-1])
        marks = tuple(m for m, on in ((self.origin, bool(self.origin)),
                                      ("dropped", self.dropped)) if on)
        return (*earlier, DieView(self.faces[-1], 6, marks))


@dataclass(frozen=True, repr=False)
class SkillRoll:
    """A rolled check: its dice and total.

    ``added`` are amounts added after the roll (combining effort); ``plot_points`` counts
    plot-point bonus dice bought after the roll.
    """

    check: SkillCheck
    dice: tuple[RolledDie, ...]
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
        return tuple(die.value for die in self.dice if not die.dropped)

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
        return max(-(self.check.count.net + self.plot_points), 0)

    def with_plot_point(self, dice: DiceSource) -> SkillRoll:
        """This roll with a plot-point bonus die bought after seeing it.

        The die is rerolled like the others (expertise, penetration). If the count was below
        zero the plot point takes one bonus die back from the opponent instead (see
        :meth:`~rules_core.kruhl.contest.Contest.with_plot_point`) and rolls nothing here.
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
        dice = list(self.dice)
        dice[index] = replace(dice[index], dropped=True)
        return replace(self, dice=tuple(dice))

    def breakdown(self) -> str:
        """``2d6 [1→5 4] + 2 Brawn + 1 sword = 12``, and an automatic failure if any."""
        own = [d for d in self.dice if d.origin != PLOT_POINT]
        bought = [d for d in self.dice if d.origin == PLOT_POINT]
        text = _dice_part(own, "")
        if bought:
            text += " + " + _dice_part(bought, " plot point")
        text += "".join(f" + {value} {name}" for name, value in self.modifiers)
        text += f" = {self.total}"
        if self.fails:
            text += f", fails automatically ({', '.join(self.check.fails)})"
        return text

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
                         f"{'die' if taken_back == 1 else 'dice'} from the opponent.")
        if self.owed:
            lines.append(f"Below zero dice: the opponent gains {self.owed} bonus "
                         f"{'die' if self.owed == 1 else 'dice'}.")
        return tuple(lines)

    def view(self) -> RollView:
        """The dice, rerolled faces first and marked."""
        views = tuple(view for die in self.dice for view in die.views())
        return RollView(f"{self.who} rolls {self.label}: {self.check.count.breakdown()}", views)

    def explain(self) -> Explanation:
        """The card view of a lone roll."""
        return Explanation(title=f"{self.who}: {self.label}", pool=self.check.count.breakdown(),
                           rolls=(self.view(),), lines=(self.breakdown(), *self.notes()),
                           outcome="failure" if self.fails else "")

    def __repr__(self) -> str:
        return f"<{self.who}, {self.label}: {self.breakdown()}>"

    __str__ = breakdown


def roll_dice(check: SkillCheck, count: int, dice: DiceSource,
              origin: str = "") -> tuple[RolledDie, ...]:
    """Roll ``count`` dice for ``check``, rerolling the faces its rules reroll."""
    faces = dice.roll(count, 6)
    if not check.rerolls or not faces:
        return tuple(RolledDie((face,), origin) for face in faces)
    shown = " and ".join(f"{f}s" for f in sorted(check.rerolls))
    histories = reroll_while(dice, faces, 6, check.rerolls.__contains__,
                             rule=f"{check.reroll_rule} (reroll {shown})")
    return tuple(RolledDie(history, origin) for history in histories)


def roll_check(check: SkillCheck, dice: DiceSource) -> SkillRoll:
    """Roll ``check`` with ``dice``."""
    return SkillRoll(check, roll_dice(check, check.count.rolled, dice))


def _dice_part(dice: list[RolledDie], kind: str) -> str:
    counted = sum(1 for d in dice if not d.dropped)
    if not dice:
        return "0d6"
    return f"{counted}d6{kind} [{' '.join(d.text() for d in dice)}]"

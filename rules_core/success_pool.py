"""Pools that count successes, with the options d10 games give them, rolled and explained.

Several games roll a handful of ten-sided dice and count the dice that show a **target
number** or more. A [`SuccessRule`][rules_core.success_pool.SuccessRule] says how a game
reads its dice:

- the target number: 8 by default (some games lower it to 7 for mightier characters);
- **again**: a die showing the again number or more is a success and is rolled again,
  adding a die that may be rolled again in turn (10-again; 9-again and 8-again add more;
  ``None``: no die is rolled again);
- **doubles**: a reading some tables use instead of rolling again: a die showing that face
  or more (a 10) counts two successes;
- the **chance die**: a pool cut to 0 dice or fewer rolls one die instead, which succeeds
  only on its top face (rolled again like any other), and whose 1 is a dramatic failure.

A [`SuccessRoll`][rules_core.success_pool.SuccessRoll] is a pool rolled under a rule: its
dice marked (successes, dice rolled again and the dice they added, tens that count double),
its successes, and the exact odds from the same [`Procedure`][rules_core.procedure.Procedure].
A roll may carry ``bonus`` successes, added only when its dice show at least one success
(Storypath's Enhancement). Contests between two such rolls are in
[`success_contest`][rules_core.success_contest].
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.errors import DiceError
from rules_core.explain import Explanation, RollView, roll_view
from rules_core.marks import SUCCESS, Mark, Tone
from rules_core.pool import Pool
from rules_core.procedure import CountAtLeast, Explode, Procedure, success_value
from rules_core.question import AtLeast
from rules_core.roll import Die, Roll
from rules_core.words import amount, count, is_whole

COUNTS_DOUBLE = Mark("counts double", "counts as two successes", "×2",
                     "counts as two successes", Tone.SUCCESS)
"""A die whose face counts two successes (a 10, where tens count double)."""

DRAMATIC = Mark("dramatic failure", "a 1 on the chance die: a dramatic failure", "!",
                "a 1 on the chance die: a dramatic failure", Tone.FAILURE)
"""The 1 of a chance die: a dramatic failure."""


@dataclass(frozen=True)
class SuccessRule:
    """How a success-counting pool reads its dice (see the module's introduction).

    ``target``: the lowest face that succeeds. ``again``: the lowest face rolled again
    (``None``: none). ``doubles``: the lowest face that counts two successes (``None``:
    none). ``chance_die``: whether a pool of 0 dice or fewer rolls a chance die (otherwise
    it rolls nothing and has no success).

    Examples:
        >>> SuccessRule().words(), SuccessRule(target=7, again=9).words()
        ('8+, 10-again', '7+, 9-again')
        >>> SuccessRule(again=None, doubles=10).words()
        '8+, 10s count double'
        >>> SuccessRule(again=11)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.errors.DiceError: again must be a face of the d10 from 2 to 10 ...
    """

    target: int = 8
    again: int | None = 10
    doubles: int | None = None
    sides: int = 10
    chance_die: bool = False

    def __post_init__(self) -> None:
        if not is_whole(self.sides, 2):
            raise DiceError(f"a die must have 2 or more faces, not {self.sides!r}")
        if not (is_whole(self.target, 1) and self.target <= self.sides):
            raise DiceError(f"the target number must be a face of the d{self.sides}, 1 to "
                            f"{self.sides}, not {self.target!r}")
        if self.again is not None and not (is_whole(self.again, 2)
                                           and self.again <= self.sides):
            raise DiceError(f"again must be a face of the d{self.sides} from 2 to "
                            f"{self.sides} (None: no die is rolled again), not {self.again!r}")
        if self.doubles is not None and not (is_whole(self.doubles, self.target)
                                             and self.doubles <= self.sides):
            raise DiceError(f"doubles must be a face from the target number {self.target} to "
                            f"{self.sides} (None: no face counts double), not {self.doubles!r}")

    def words(self) -> str:
        """The rule in a few words: ``8+, 10-again``."""
        parts = [f"{self.target}+"]
        if self.again is not None:
            parts.append(f"{self.again}-again")
        if self.doubles is not None:
            top = "" if self.doubles == self.sides else "+"
            parts.append(f"{self.doubles}s{top} count double")
        return ", ".join(parts)

    def value(self, face: int) -> int:
        """What a face is worth: 0, 1, or 2 where it counts double."""
        return success_value(face, self.target, self.doubles)

    def procedure(self, size: int, *, bonus: int = 0, bonus_name: str = "bonus") -> Procedure:
        """``size`` dice read under this rule, with ``bonus`` successes on a success."""
        steps = () if self.again is None else (Explode(
            frozenset(range(self.again, self.sides + 1)), rule=f"{self.again}-again"),)
        label = f"{size}d{self.sides} ({self.words()})"
        if bonus:
            label += f", +{bonus} {bonus_name} on a success"
        return Procedure(size, self.sides, steps, CountAtLeast(self.target, "success",
                                                               self.doubles, bonus), label)

    def chance_procedure(self, *, bonus: int = 0, bonus_name: str = "bonus") -> Procedure:
        """The chance die: one die that succeeds only on its top face, rolled again on it
        (unless this rule rolls nothing again)."""
        steps = () if self.again is None else (Explode(frozenset({self.sides}),
                                                       rule="the chance die's again"),)
        label = f"a chance die (1d{self.sides}, {self.sides} only)"
        if bonus:
            label += f", +{bonus} {bonus_name} on a success"
        return Procedure(1, self.sides, steps, CountAtLeast(self.sides, "success", None, bonus),
                         label)


STANDARD = SuccessRule()
"""Ten-sided dice, a success on 8 or more, 10-again."""


@dataclass(frozen=True, repr=False)
class SuccessRoll:
    """``who`` rolled ``pool`` under ``rule`` and got ``roll``; ``bonus`` successes are added
    when the dice show at least one (``bonus_name`` says what they are). ``label`` names what
    was rolled (``Athletics + Dexterity``).

    Examples:
        Five dice; the 10 is rolled again and adds the 8:

        >>> from rules_core.dice import ScriptedDice
        >>> pool = Pool(sides=10).plus(3, "Athletics").plus(2, "Dexterity")
        >>> leap = SuccessRoll.of("Ana", pool, STANDARD, ScriptedDice("10 9 4 3 1 8"))
        >>> leap
        <Ana, 5d10 (8+, 10-again): [10 9 4 3 1 8] 3 successes>
        >>> leap.with_bonus(2, "Enhancement").total
        5
    """

    who: str
    pool: Pool
    rule: SuccessRule
    roll: Roll
    bonus: int = 0
    bonus_name: str = "bonus"
    label: str = ""

    @classmethod
    def of(cls, who: str, pool: Pool, rule: SuccessRule, dice: DiceSource, *, bonus: int = 0,
           bonus_name: str = "bonus", label: str = "") -> SuccessRoll:
        """Roll ``pool`` under ``rule`` for ``who`` (a chance die where the rule says so)."""
        if pool.sides != rule.sides:
            raise DiceError(f"the pool is of d{pool.sides} but the rule reads d{rule.sides}: "
                            f"make the pool with Pool(sides={rule.sides})")
        made = cls(who, pool, rule, Roll(rule.sides), bonus, bonus_name, label)
        return cls(who, pool, rule, made.procedure.roll(dice), bonus, bonus_name, label)

    @property
    def chance(self) -> bool:
        """Whether this is a chance die (the pool came to 0 dice or fewer)."""
        return self.rule.chance_die and self.pool.net <= 0

    @property
    def procedure(self) -> Procedure:
        """How the dice were rolled and read (for the odds)."""
        if self.chance:
            return self.rule.chance_procedure(bonus=self.bonus, bonus_name=self.bonus_name)
        return self.rule.procedure(self.pool.size, bonus=self.bonus, bonus_name=self.bonus_name)

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face that counts, in the order rolled (dice rolled again included)."""
        return self.roll.faces

    @property
    def successes(self) -> int:
        """The successes the dice show, before any bonus."""
        return sum(self._worth(d.face) for d in self.roll.dice if d.counts)

    def _worth(self, face: int) -> int:
        reading = self.procedure.reading
        assert isinstance(reading, CountAtLeast)
        return success_value(face, reading.target, reading.doubles)

    @property
    def total(self) -> int:
        """The successes with the bonus, which only a roll with a success gets."""
        return self.procedure.read(self.roll)

    @property
    def bonus_applied(self) -> int:
        """The bonus successes this roll got: all of them, or none without a success."""
        return self.bonus if self.successes else 0

    @property
    def dramatic(self) -> bool:
        """Whether a chance die came up 1 (a dramatic failure)."""
        return self.chance and bool(self.roll.dice) and self.roll.dice[0].faces[0] == 1

    @property
    def rolled_again(self) -> int:
        """How many dice were added by dice rolled again."""
        return sum(1 for die in self.roll.dice if die.origin)

    def with_bonus(self, bonus: int, name: str = "") -> SuccessRoll:
        """The same dice with ``bonus`` successes on a success."""
        return SuccessRoll(self.who, self.pool, self.rule, self.roll, bonus,
                           name or self.bonus_name, self.label)

    def marks(self, index: int, die: Die) -> tuple[Mark, ...]:
        """The marks of a die that counts: success, counts double, dramatic failure."""
        worth = self._worth(die.face)
        marks = [SUCCESS] if worth else []
        if worth == 2:
            marks.append(COUNTS_DOUBLE)
        if index == 0 and self.dramatic:
            marks.append(DRAMATIC)
        return tuple(marks)

    def view(self) -> RollView:
        """The dice as a card shows them."""
        what = f"{self.label}: " if self.label else ""
        return roll_view(f"{self.who} rolls {what}{self.procedure.describe()}", self.roll,
                         self.marks)

    def tally(self) -> str:
        """The successes in words: ``3 successes (10, 9, 8) + 2 Enhancement = 5``."""
        shown = [str(d.face) for d in self.roll.dice if d.counts and self._worth(d.face)]
        text = amount(self.successes, "success")
        if shown:
            text += f" ({', '.join(shown)})"
        if self.bonus and self.successes:
            text += f" + {self.bonus} {self.bonus_name} = {self.total}"
        elif self.bonus:
            text += f"; no {self.bonus_name} without a success"
        return text

    def notes(self) -> tuple[str, ...]:
        """Sentences on dice rolled again, a chance die and a dramatic failure."""
        lines = []
        if self.chance:
            lines.append(f"No dice left in the pool: a chance die, which succeeds only on a "
                         f"{self.rule.sides}.")
        if self.dramatic:
            lines.append("The chance die shows 1: a dramatic failure.")
        again = [str(d.face) for d in self.roll.dice if d.exploded]
        if again:
            lines.append(f"Rolled again: {', '.join(again)}, adding "
                         f"{count(self.rolled_again, 'die')}.")
        return tuple(lines)

    def odds(self) -> AtLeast:
        """The chance of this many successes or more (the bonus included): the shown result
        or better, which the core reads nothing more into (a system's result says what its
        successes do)."""
        return AtLeast(self.procedure, self.total, who=self.who, shown=True)

    def explain(self) -> Explanation:
        """The dice, the successes and their odds."""
        tally = self.tally()
        return Explanation(title=f"{self.who}: {self.label or self.procedure.describe()}",
                           pool=self.pool.breakdown(), rolls=(self.view(),),
                           lines=(tally[0].upper() + tally[1:] + ".", *self.notes()),
                           odds=(self.odds(),))

    def __repr__(self) -> str:
        total = count(self.total, "success")
        return f"<{self.who}, {self.procedure.describe()}: [{self.roll.text()}] {total}>"


__all__ = ["COUNTS_DOUBLE", "DRAMATIC", "STANDARD", "SuccessRoll", "SuccessRule"]

"""A test as it is set up and rolled: test dice, bonus dice, penalty dice, modifiers.

A Song of Ice and Fire Roleplaying, core rules for tests ("Combat Actions" uses them unstated):

- roll as many **test dice** (D) as the ability's rank and add them up;
- **bonus dice** (B) are rolled with them, and only the best dice, as many as the test dice,
  count; a test has at most as many bonus dice as the rank ("the normal limit"), except the
  one a Destiny Point buys;
- each **penalty die** (−D) takes one die away from those kept: roll test + bonus dice, keep
  the best (test − penalty) ([`Readings`][rules_core.chronicle.Readings] has the house
  reading, an extra die per −1D with the highest dropped);
- **modifiers** are added to the result: −1 per injury, the armor penalty on Agility tests,
  half a helper's rank for an assist, +5 for a burned Destiny Point.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from rules_core.chronicle.difficulties import Difficulty, difficulty
from rules_core.chronicle.errors import TestError
from rules_core.chronicle.readings import DEFAULT_READINGS, DROP_HIGHEST, Readings
from rules_core.chronicle.result import TestResult
from rules_core.chronicle.test_dice import BONUS, PENALTY, DiceCount
from rules_core.dice import DiceSource, rolling_for
from rules_core.procedure import KeepHighest, KeepLowest, PoolStep, Procedure, Total, roll_pool
from rules_core.procedure import keep_highest as keep_best
from rules_core.procedure import keep_lowest as keep_worst
from rules_core.roll import Roll
from rules_core.words import whole

DESTINY_BONUS = "Destiny"
"""The reason of the bonus die a Destiny Point buys (beyond the limit)."""

SPENT_ON_TESTS = ("bonus die", "convert", "remove penalty")
"""What a spent Destiny Point does to a test: +1B beyond the limit, one bonus die made a test
die, one −1D removed."""

BURNED_ON_TESTS = ("all bonus dice", "+5", "automatic success")
"""What a burned Destiny Point does to a test: every bonus die made a test die, +5 to the
result, an automatic success with 1 degree."""


@dataclass(frozen=True, repr=False)
class AbilityTest:
    """A test someone is about to roll. Methods return a new, changed test.

    ``rank`` is the ability's rank (the test dice); ``bonus`` and ``penalty`` hold one reason
    per die; ``modifiers`` are (reason, amount) added to the result; ``destiny`` the Destiny
    uses applied to the test (see [`spend`][rules_core.chronicle.AbilityTest.spend] and
    [`burn`][rules_core.chronicle.AbilityTest.burn]).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> test = AbilityTest("Edric", "Fighting", 4).with_bonus("Long Blades", 2)
        >>> test
        <Edric, Fighting 4D + 2B (Long Blades ×2)>
        >>> test.against(9, ScriptedDice("6 5 4 3 2 1"))
        <Edric, Fighting: [6 5 4 3 (2) (1)] = 18 against Challenging (9): success, 2 degrees>
    """

    __test__ = False  # not a pytest test class

    who: str
    ability: str
    rank: int
    bonus: tuple[str, ...] = ()
    penalty: tuple[str, ...] = ()
    modifiers: tuple[tuple[str, int], ...] = ()
    destiny: tuple[str, ...] = ()
    readings: Readings = DEFAULT_READINGS

    def __post_init__(self) -> None:
        whole(self.rank, f"{self.who}'s {self.ability} rank", minimum=1, error=TestError)

    # -- building ----------------------------------------------------------------------------
    def with_bonus(self, reason: str = "bonus die", n: int = 1) -> AbilityTest:
        """This test with ``n`` more bonus dice for ``reason`` (within the limit)."""
        return replace(self, bonus=self.bonus + (reason,) * _n(n))

    def with_penalty(self, reason: str = "penalty die", n: int = 1) -> AbilityTest:
        """This test with ``n`` more penalty dice (−D) for ``reason``."""
        return replace(self, penalty=self.penalty + (reason,) * _n(n))

    def plus(self, reason: str, amount: int) -> AbilityTest:
        """This test with ``amount`` added to its result (negative to take away)."""
        if amount == 0:
            return self
        return replace(self, modifiers=(*self.modifiers, (reason, amount)))

    def spend(self, use: str) -> AbilityTest:
        """This test with a spent Destiny Point: ``"bonus die"`` (+1B beyond the limit),
        ``"convert"`` (one bonus die becomes a test die) or ``"remove penalty"`` (−1D
        removed)."""
        if use not in SPENT_ON_TESTS:
            raise TestError(f"a Destiny Point spent on a test is one of "
                            f"{', '.join(SPENT_ON_TESTS)}, not {use!r}")
        changed = replace(self, destiny=(*self.destiny, use))
        changed.count()  # refuse at once what cannot be done
        return changed

    def burn(self, use: str) -> AbilityTest:
        """This test with a burned Destiny Point: ``"all bonus dice"`` (every bonus die
        becomes a test die), ``"+5"`` or ``"automatic success"`` (1 degree, no roll)."""
        if use not in BURNED_ON_TESTS:
            raise TestError(f"a Destiny Point burned on a test is one of "
                            f"{', '.join(BURNED_ON_TESTS)}, not {use!r}")
        if use in self.destiny:
            raise TestError(f"{self.who} already burned a Destiny Point for {use!r} on this "
                            "test: it does not stack")
        return replace(self, destiny=(*self.destiny, use))

    def reading(self, readings: Readings) -> AbilityTest:
        """This test under other ``readings``."""
        return replace(self, readings=readings)

    # -- what it works out to ----------------------------------------------------------------
    def count(self) -> DiceCount:
        """The dice: test and bonus dice after the limit and Destiny, dice rolled and kept."""
        allowed = min(len(self.bonus), self.rank)
        bonus = allowed + self.destiny.count("bonus die")
        converted = bonus if "all bonus dice" in self.destiny else self.destiny.count("convert")
        if converted > bonus:
            raise TestError(f"{self.who} has {bonus}B to convert, not {converted}: a Destiny "
                            "Point makes one bonus die a test die")
        removed = self.destiny.count("remove penalty")
        if removed > len(self.penalty):
            raise TestError(f"{self.who}'s test has {len(self.penalty)} penalty dice, so a "
                            f"Destiny Point cannot remove {removed}")
        test, bonus, penalty = self.rank + converted, bonus - converted, len(self.penalty) - removed
        lost = len(self.bonus) - allowed
        if self.readings.penalty_dice != DROP_HIGHEST:
            return DiceCount(test, bonus, penalty, lost, test + bonus, max(test - penalty, 0),
                             False)
        net = bonus - penalty
        return DiceCount(test, bonus, penalty, lost, test + abs(net), test, net < 0)

    @property
    def modifier(self) -> int:
        """Everything added to the dice (with +5 for a burned Destiny Point)."""
        return sum(amount for _, amount in self.all_modifiers())

    @property
    def automatic(self) -> bool:
        """Whether a burned Destiny Point makes the test succeed without a roll."""
        return "automatic success" in self.destiny

    def procedure(self) -> Procedure:
        """How the dice are rolled and read: the description the odds are computed from."""
        c = self.count()
        steps: tuple[PoolStep, ...] = ()
        if c.keep_lowest:
            steps = (KeepLowest(c.kept),)
        elif c.kept < c.rolled:
            steps = (KeepHighest(c.kept),)
        return Procedure(c.rolled, 6, steps, Total(self.modifier))

    def roll_dice(self, dice: DiceSource) -> Roll:
        """Roll the dice: test dice, then bonus dice, then any extra penalty dice, and keep
        the best (the earlier die on a tie, so a test die before a bonus die)."""
        c = self.count()
        if self.automatic:
            return Roll(6)
        worst = self.readings.penalty_dice == DROP_HIGHEST and c.keep_lowest
        extra = c.rolled - c.test if self.readings.penalty_dice == DROP_HIGHEST else c.bonus
        origin = PENALTY if worst else BONUS
        with rolling_for(f"{self.who}'s {self.ability} test dice"):
            roll = roll_pool(dice, c.test, 6)
        with rolling_for(f"{self.who}'s {'penalty' if worst else 'bonus'} dice"):
            roll += roll_pool(dice, extra, 6, origin)
        return keep_worst(roll, c.kept) if worst else keep_best(roll, c.kept)

    def roll(self, dice: DiceSource) -> TestResult:
        """Roll the test with nothing to reach (the card gives the chance of this result or
        better)."""
        return TestResult(self, self.roll_dice(dice))

    def against(self, target: int | str | Difficulty, dice: DiceSource) -> TestResult:
        """Roll the test against a Difficulty (a number, a rung's name, or a
        [`Difficulty`][rules_core.chronicle.Difficulty])."""
        return TestResult(self, self.roll_dice(dice), difficulty(target))

    @property
    def size(self) -> int:
        """How many dice the test rolls (test and bonus dice, and any extra penalty dice)."""
        return self.count().rolled

    # -- words ---------------------------------------------------------------------------------
    def dice_text(self) -> str:
        """``4D + 2B (Long Blades ×2) − 1D (wound)``, in the book's notation."""
        c = self.count()
        text = f"{c.test}D"
        converted = c.test - self.rank
        if converted:
            text += f" ({self.rank} rank + {converted} from Destiny)"
        bonus = [*self.bonus[: min(len(self.bonus), self.rank)],
                 *([DESTINY_BONUS] * self.destiny.count("bonus die"))][:c.bonus]
        if c.bonus:
            text += f" + {c.bonus}B ({_reasons(bonus)})" if bonus else f" + {c.bonus}B"
        if c.penalty:
            removed = self.destiny.count("remove penalty")
            text += f" − {c.penalty}D ({_reasons(self.penalty[removed:])})"
        if c.lost:
            text += f", {c.lost}B over the limit"
        return text

    def pool_text(self) -> str:
        """The whole test: ``Fighting 4D + 2B (Long Blades ×2) − 1 (injury)``."""
        text = f"{self.ability} {self.dice_text()}"
        for reason, amount in self.all_modifiers():
            text += f" {'+' if amount > 0 else '−'} {abs(amount)} ({reason})"
        return text

    def notes(self) -> tuple[str, ...]:
        """Sentences on the limit and Destiny, where they apply."""
        c = self.count()
        lines = []
        if c.lost:
            lines.append(f"{c.lost}B over the limit {'is' if c.lost == 1 else 'are'} lost: "
                         f"at most {self.rank}B on a rank-{self.rank} test.")
        for use in self.destiny:
            lines.append(f"Destiny: {_DESTINY_WORDS[use]}.")
        return tuple(lines)

    def all_modifiers(self) -> tuple[tuple[str, int], ...]:
        """Each amount added to the dice, and why (Destiny's +5 included)."""
        extra = (("Destiny", 5),) if "+5" in self.destiny else ()
        return (*self.modifiers, *extra)

    def __repr__(self) -> str:
        return f"<{self.who}, {self.pool_text()}>"


_DESTINY_WORDS = {
    "bonus die": "a spent point adds 1B beyond the limit",
    "convert": "a spent point makes one bonus die a test die",
    "remove penalty": "a spent point removes one penalty die",
    "all bonus dice": "a burned point makes every bonus die a test die",
    "+5": "a burned point adds 5 to the result",
    "automatic success": "a burned point makes the test succeed with 1 degree, unrolled",
}


def _n(n: int) -> int:
    return whole(n, "a number of dice", error=TestError)


def _reasons(reasons: tuple[str, ...] | list[str]) -> str:
    """``Long Blades ×2, aim``: each reason once, with its count."""
    counted = Counter(reasons)
    return ", ".join(f"{r} ×{n}" if n > 1 else r for r, n in counted.items())

"""A rolled test: its dice, its result, and what the result means.

Chronicle System: the result is the kept dice plus modifiers; against a Difficulty it
succeeds with degrees or fails marginally or critically
([`Grade`][rules_core.chronicle.Grade]). A **fumble** is a test whose dice all show 1
(A Song of Ice and Fire Roleplaying, "Critical Failures (Fumbles)"). An attack test against
Combat Defense that reaches **twice** the Combat Defense is a **critical hit** ("Critical
Successes").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.degrees import Grade
from rules_core.chronicle.difficulties import Difficulty
from rules_core.chronicle.errors import TestError
from rules_core.chronicle.marks import BONUS_DIE, CRITICAL_SIX, EXTRA_PENALTY_DIE, FUMBLE_ONE
from rules_core.chronicle.readings import ALL_ONES, ROLLED
from rules_core.chronicle.test_dice import BONUS, PENALTY, DiceCount, RolledTest, dice_line
from rules_core.chronicle.test_odds import chance_of, fumble_odds
from rules_core.explain import DieView, Explanation, RollView, die_views
from rules_core.marks import Mark
from rules_core.outcome import Outcome
from rules_core.procedure import Procedure
from rules_core.question import AtLeast, Question
from rules_core.roll import Roll
from rules_core.words import count

MOST_ROWS = 8
"""The critical and fumble tables have 8 rows; more sixes or ones read the 8th."""


@dataclass(frozen=True, repr=False)
class TestResult:
    """A rolled [`AbilityTest`][rules_core.chronicle.AbilityTest]: the ``roll``, and the
    ``difficulty`` it had to reach (None for a test with nothing to reach). ``attack`` marks
    an attack test against Combat Defense, which can be a critical hit. ``foiled_by`` names
    who burned a Destiny Point to turn its success into a failure.

    Examples:
        >>> from rules_core.chronicle import AbilityTest
        >>> from rules_core.dice import ScriptedDice
        >>> test = AbilityTest("Edric", "Fighting", 3).with_bonus("aim")
        >>> hit = test.against(Difficulty(8, "Rorik's Combat Defense"),
        ...                    ScriptedDice("6 6 5 2"))
        >>> hit.result, hit.degrees, hit.is_fumble, hit.count().kept
        (17, 2, False, 3)
        >>> test.against(9, ScriptedDice("1 1 1 1")).is_fumble
        True
    """

    __test__ = False  # not a pytest test class

    test: RolledTest
    roll: Roll
    difficulty: Difficulty | None = None
    attack: bool = False
    foiled_by: str = ""

    @property
    def who(self) -> str:
        """Who rolled."""
        return self.test.who

    @property
    def ability(self) -> str:
        """The ability tested."""
        return self.test.ability

    def count(self) -> DiceCount:
        """The dice of the test: test, bonus and penalty dice, dice rolled and kept."""
        return self.test.count()

    @property
    def size(self) -> int:
        """How many dice the test rolled (test and bonus dice, and any extra penalty dice)."""
        return self.count().rolled

    def dice_text(self) -> str:
        """The dice in the book's notation: ``4D + 2B (Long Blades ×2)``."""
        return self.test.dice_text()

    def pool_text(self) -> str:
        """The whole test in words: ``Fighting 4D + 2B (Long Blades ×2) − 1 (injuries)``."""
        return self.test.pool_text()

    @property
    def modifier(self) -> int:
        """Everything added to the kept dice (injuries, assists, a burned +5…)."""
        return self.test.modifier

    @property
    def dice_total(self) -> int:
        """The kept dice added up."""
        return sum(die.face for die in self.roll.dice if die.kept)

    @property
    def result(self) -> int:
        """The kept dice plus modifiers (the Difficulty itself, for an automatic success)."""
        if self.test.automatic:
            return self._target()
        return self.dice_total + self.test.modifier

    @property
    def sixes(self) -> int:
        """Sixes for the critical table: among the kept dice (or every die rolled, under
        ``Readings(critical_sixes="rolled")``)."""
        return len(self._six_indexes())

    @property
    def ones(self) -> int:
        """Ones among every die rolled, bonus dice included (the fumble table's count)."""
        return sum(1 for die in self.roll.dice if die.face == 1)

    @property
    def is_fumble(self) -> bool:
        """Whether every die rolled shows 1 (at least one die rolled)."""
        return bool(self.roll.dice) and self.ones == len(self.roll.dice)

    @property
    def grade(self) -> Grade:
        """The result against the Difficulty."""
        return Grade(self.result, self._target())

    @property
    def succeeded(self) -> bool:
        """Whether the result reaches the Difficulty, no burned Destiny Point foiled it, and
        it is no fumble: "a critical failure, or fumble, occurs when you roll all 1s on a
        test" (A Song of Ice and Fire Roleplaying, "Combat Actions"), and a fumble fails,
        whatever the total."""
        return self.grade.succeeded and not self.foiled_by and not self.is_fumble

    @property
    def degrees(self) -> int:
        """Degrees of success, 1 to 4 (0 on a failure)."""
        return self.grade.degrees if self.succeeded else 0

    @property
    def critical_failure(self) -> bool:
        """A critical failure as [`Readings`][rules_core.chronicle.Readings] reads it: a miss
        by 5 or more (default), or a fumble."""
        if self.test.readings.critical_failure == ALL_ONES:
            return self.is_fumble
        return self.grade.failure == "critical"

    @property
    def is_critical(self) -> bool:
        """Whether an attack test reached twice the Combat Defense (a critical hit)."""
        return self.attack and self.succeeded and self.result >= 2 * self._target()

    @property
    def critical_row_number(self) -> int:
        """The row of the critical table, 1 to 8, by the sixes (0: no critical, or one with
        no six). An attack's [`critical_row`][rules_core.chronicle.AttackResult] is the row
        itself."""
        return min(self.sixes, MOST_ROWS) if self.is_critical else 0

    @property
    def fumble_row_number(self) -> int:
        """The row of the fumble table, 1 to 8, by the ones (0: no fumble), before a
        weapon's make or a Destiny Point changes it (an attack's
        [`fumble_row`][rules_core.chronicle.AttackResult] is the row read in the end)."""
        return min(self.ones, MOST_ROWS) if self.is_fumble else 0

    @property
    def procedure(self) -> Procedure:
        """How the dice were rolled and read (the odds are computed from it)."""
        return self.test.procedure()

    # -- odds -----------------------------------------------------------------------------------
    def chance_of(self, value: int, note: str = "") -> Question:
        """The question "this test reaches ``value``"
        (see ``rules_core.chronicle.test_odds``)."""
        return chance_of(self.test, value, note)

    def fumble_odds(self) -> Question:
        """The chance that every die rolled shows 1."""
        return fumble_odds(self.who, len(self.roll.dice))

    def odds(self) -> tuple[Question, ...]:
        """This result or better; against a Difficulty, the chance to reach it (and these
        degrees, a critical, a fumble, where they happened)."""
        if self.difficulty is None:
            return (AtLeast(self.procedure, self.result, who=self.who, shown=True,
                            event=f"the {self.test.ability} test's result"),)
        target = self._target()
        if self.attack:
            asked = [self.chance_of(target, f"enough to hit {self.difficulty}"),
                     self.chance_of(2 * target, f"a critical hit (twice {target})")]
        else:
            asked = [self.chance_of(target, f"enough to reach {self.difficulty}")]
        if self.degrees > 1:
            asked.append(self.chance_of(target + 5 * (self.degrees - 1),
                                        f"{self.degrees} degrees of success or more"))
        if self.is_fumble:
            asked.append(self.fumble_odds())
        return tuple(asked)

    # -- words ----------------------------------------------------------------------------------
    def dice_line(self) -> str:
        """How the dice add up: ``6 dice (4 test + 2 bonus), the best 4 count: 6 + 5 + 4 + 3
        = 18; − 1 (injury) = 17.``"""
        return dice_line(self.test, self.roll, self.result)

    def verdict(self) -> str:
        """``17 against Challenging (9): success by 8, 2 degrees of success.``"""
        if self.difficulty is None:
            return f"Result {self.result}."
        text = f"{self.result} against {self.difficulty}: {self.grade.text()}"
        if self.foiled_by:
            text += f"; but {self.foiled_by} burns a Destiny Point and it fails"
        elif self.is_fumble and self.grade.succeeded:
            text += "; but every die shows 1, and a fumble fails whatever the total"
        return text + "."

    def fumble_line(self) -> str:
        """``Every die shows 1: a fumble (3 ones), and the test fails.`` (empty without a
        fumble). Only an attack reads its ones on the fumble table (its own line says the
        row)."""
        if not self.is_fumble:
            return ""
        return f"Every die shows 1: a fumble ({count(self.ones, 'one')}), and the test fails."

    def outcome(self) -> Outcome:
        """Fumble, critical success, success or failure (none without a Difficulty)."""
        if self.is_fumble:
            return Outcome.FUMBLE
        if self.difficulty is None:
            return Outcome.NONE
        if self.is_critical:
            return Outcome.CRITICAL_SUCCESS
        return Outcome.of(self.succeeded)

    def view(self, label: str = "") -> RollView:
        """The dice: bonus dice and extra penalty dice marked, dropped dice faded; the sixes
        a critical counts and the ones a fumble counts marked."""
        sixes = set(self._six_indexes()) if self.is_critical else set()
        views: list[DieView] = []
        for i, die in enumerate(self.roll.dice):
            marks: list[Mark] = []
            if i in sixes:
                marks.append(CRITICAL_SIX)
            if self.is_fumble:
                marks.append(FUMBLE_ONE)
            origin = {BONUS: BONUS_DIE, PENALTY: EXTRA_PENALTY_DIE}.get(die.origin)
            for shown in die_views(die, (), origin):
                views.append(DieView(shown.face, shown.sides, (*marks, *shown.marks)))
        c = self.test.count()
        text = label or f"{self.who} rolls {self.test.ability} ({c.test}D" + (
            f" + {c.bonus}B" if c.bonus else "") + (f" − {c.penalty}D" if c.penalty else "") + ")"
        return RollView(text, tuple(views))

    def lines(self) -> tuple[str, ...]:
        """The sentences of the card, in order."""
        return tuple(x for x in (self.dice_line(), *self.test.notes(), self.verdict(),
                                 self.fumble_line()) if x)

    def explain(self) -> Explanation:
        """The card: pool, dice, how they add up, the verdict, the odds."""
        title = f"{self.who}: {self.test.ability} test"
        if self.difficulty is not None:
            title += f" against {self.difficulty}"
        return Explanation(title=title, pool=self.test.pool_text(), rolls=(self.view(),),
                           lines=self.lines(), outcome=self.outcome(), odds=self.odds())

    def _target(self) -> int:
        if self.difficulty is None:
            raise TestError(f"{self.who}'s {self.test.ability} test was rolled with nothing "
                            "to reach: roll it with against(difficulty, dice)")
        return self.difficulty.value

    def _six_indexes(self) -> list[int]:
        every = self.test.readings.critical_sixes == ROLLED
        return [i for i, die in enumerate(self.roll.dice)
                if die.face == 6 and (every or die.kept)]

    def __repr__(self) -> str:
        dice = f"[{self.roll.text()}] = {self.result}" if self.roll.dice else (
            f"no roll = {self.result}")
        head = f"<{self.who}, {self.test.ability}: {dice}"
        if self.difficulty is None:
            return head + (", fumble>" if self.is_fumble else ">")
        grade = self.grade
        verdict = (f"success, {count(grade.degrees, 'degree')}" if self.succeeded
                   else f"{grade.failure} failure" if grade.failure else
                   f"failure (foiled by {self.foiled_by})" if self.foiled_by else "failure")
        if self.is_fumble:
            verdict += ", fumble"
        if self.is_critical:
            verdict += f", critical ({count(self.sixes, 'six')})"
        return f"{head} against {self.difficulty}: {verdict}>"

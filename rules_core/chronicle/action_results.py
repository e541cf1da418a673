"""What an action did in a combat, and how it explains itself on a card.

An [`AttackResult`][rules_core.chronicle.AttackResult] is one attack test against one target:
the test, the damage, how the target took the blow, a critical's row or a fumble's, and the
lines saying what followed. An [`AttackGroup`][rules_core.chronicle.AttackGroup] holds the
tests of a Divided Attack. An [`ActionResult`][rules_core.chronicle.ActionResult] is any other
action: a Dodge, a Distract, a Pin, a Destiny Point used.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.actions import DODGE, Action
from rules_core.chronicle.criticals import FumbleReading, TableRow
from rules_core.chronicle.damage import Damage
from rules_core.chronicle.harm import Blow, Harm
from rules_core.chronicle.opposed_tests import OpposedTest
from rules_core.chronicle.result import TestResult
from rules_core.explain import Explanation, RollView, TableView
from rules_core.names import running_text
from rules_core.outcome import Outcome
from rules_core.question import Question, naming
from rules_core.words import count


@dataclass(frozen=True, repr=False)
class AttackResult:
    """One attack test against one target and everything it did.

    ``damage`` is None on a miss; ``blow`` says how the target took it (None on a miss or a
    kill); ``critical_row`` is the critical table's row read (None without one), and
    ``fumble_reading`` the fumble table's row with the steps that led to it (None without a
    fumble); ``harm`` is the target's harm after; ``lines`` say what else followed (a
    critical's effects, a fumble's, a disarm);
    ``damaging`` is False for an attack that deals no damage (Disarm, Pull from Mount).
    """

    action: Action
    target: str
    test: TestResult
    weapon: str
    damage: Damage | None = None
    blow: Blow | None = None
    critical_row: TableRow | None = None
    fumble_reading: FumbleReading | None = None
    harm: Harm | None = None
    lines: tuple[str, ...] = ()
    damaging: bool = True

    @property
    def who(self) -> str:
        """The attacker."""
        return self.test.who

    @property
    def hit(self) -> bool:
        """Whether the attack test succeeded."""
        return self.test.succeeded

    @property
    def degrees(self) -> int:
        """Degrees of success (0 on a miss)."""
        return self.test.degrees

    @property
    def is_critical(self) -> bool:
        """Whether the test reached twice the Combat Defense (a critical hit, with a row of
        the table when a six counts)."""
        return self.test.is_critical

    @property
    def is_fumble(self) -> bool:
        """Whether every die rolled shows 1."""
        return self.test.is_fumble

    @property
    def fumble_row(self) -> TableRow | None:
        """The fumble table's row read in the end (after the weapon's make and a Destiny
        Point), None without one."""
        return self.fumble_reading.row if self.fumble_reading is not None else None

    @property
    def dealt(self) -> int:
        """Damage dealt before the target soaked any (0 on a miss)."""
        return self.damage.total if self.damage is not None else 0

    def summary(self) -> str:
        """``18 vs 9, hit, 2 degrees, 8 damage: Health 4 of 12``."""
        t = self.test
        text = f"{t.result} vs {t.difficulty.value if t.difficulty else '–'}, "
        if t.foiled_by:
            text += "foiled"
        elif self.hit:
            word = "hit" if self.damaging else "success"
            text += f"{word}, {count(self.degrees, 'degree')}"
        else:
            text += "miss" if self.damaging else "failure"
        if self.critical_row is not None:
            text += f", critical: {self.critical_row.name}"
        if self.fumble_reading is not None:
            text += f", fumble: {self.fumble_reading.row.name}"
        if self.damage is not None and not self._kills():
            text += f", {self.damage.total} damage"
        if self.harm is not None and self.hit and self.damaging:
            text += f": {self.harm.text()}"
        return text

    def explain_lines(self) -> tuple[str, ...]:
        """The test's lines, then the critical, the damage, the blow and what followed."""
        lines = list(self.test.lines())
        if self.test.is_critical:
            lines.append(self._critical_line())
        if self.damage is not None and not self._kills():
            lines.append(f"Damage: {self.damage.text()}.")
        if self.blow is not None:
            lines.append(self.blow.text())
        if self.fumble_reading is not None:
            row, steps = self.fumble_reading.row, "".join(
                f"; {step}" for step in self.fumble_reading.steps)
            lines.append(f"Fumble table, row {row.number} ({count(self.test.ones, 'one')}), "
                         f"{row.name}{steps}: {row.effect}.")
        return (*lines, *self.lines)

    def explain(self) -> Explanation:
        """The card: the attacker's dice, the test, what the hit or the fumble did, the odds."""
        return Explanation(title=f"{self.who}: {self.action.name} on {self.target}",
                           pool=self.test.pool_text(),
                           rolls=(self.test.view(),), lines=self.explain_lines(),
                           outcome=self.test.outcome(), odds=self.test.odds())

    def _kills(self) -> bool:
        return self.critical_row is not None and self.critical_row.number >= 5

    def _critical_line(self) -> str:
        target = self.test.difficulty.value if self.test.difficulty else 0
        head = f"Critical hit: {self.test.result} is at least twice {target}"
        if self.critical_row is None:
            return f"{head}, but no six counts, so no row of the critical table applies."
        row = self.critical_row
        past = " (more than the table's 8)" if self.test.sixes > row.number else ""
        return (f"{head}; {count(self.test.sixes, 'six')}{past}: row {row.number}, "
                f"{row.name}.")

    def __repr__(self) -> str:
        return f"<{self.who}'s {self.action.name} on {self.target}: {self.summary()}>"


@dataclass(frozen=True, repr=False)
class AttackGroup:
    """The tests of one Divided Attack (or Combining Attacks), one per target."""

    action: Action
    results: tuple[AttackResult, ...]

    def __getitem__(self, index: int) -> AttackResult:
        return self.results[index]

    def __len__(self) -> int:
        return len(self.results)

    @property
    def who(self) -> str:
        """The attacker."""
        return self.results[0].who

    @property
    def hits(self) -> tuple[str, ...]:
        """The targets hit."""
        return tuple(r.target for r in self.results if r.hit)

    def explain(self) -> Explanation:
        """Every share's dice, one row per target, every share's odds."""
        rolls = tuple(r.test.view(f"{r.who} rolls {r.test.dice_text()} at {r.target}")
                      for r in self.results)
        rows = tuple((r.target, r.test.dice_text(), r.summary()) for r in self.results)
        lines = tuple(f"On {r.target}: {line}" for r in self.results for line in
                      r.explain_lines())
        odds: tuple[Question, ...] = tuple(q for r in self.results for q in r.test.odds())
        succeeded = any(r.hit for r in self.results)
        return Explanation(title=f"{self.who}: {self.action.name}", rolls=rolls, lines=lines,
                           outcome=Outcome.of(succeeded),
                           tables=(TableView("Targets", ("Target", "Dice", "Outcome"), rows),),
                           odds=odds)

    def __repr__(self) -> str:
        return "\n".join(repr(r) for r in self.results)


@dataclass(frozen=True, repr=False)
class ActionResult:
    """Any other action: who took it, the ``test`` or ``contest`` it rolled (if any), its
    ``target`` and the ``lines`` saying what it did. ``succeeded`` is None for an action
    with nothing to succeed at (an Aim, a Move)."""

    action: Action
    who: str
    lines: tuple[str, ...] = ()
    test: TestResult | None = None
    contest: OpposedTest | None = None
    target: str = ""
    succeeded: bool | None = None

    def explain(self) -> Explanation:
        """The card: the dice (if any), what the action did, the odds."""
        title = f"{self.who}: {self.action.name}" + (f" on {self.target}" if self.target
                                                      else "")
        rolls: tuple[RollView, ...] = ()
        odds: tuple[Question, ...] = ()
        pool = ""
        lines = list(self.lines)
        if self.test is not None:
            rolls, odds, pool = (self.test.view(),), self.test_odds(), self.test.pool_text()
            lines = [*self.test.lines(), *lines]
        if self.contest is not None:
            rolls = (self.contest.actor.view(), self.contest.opponent.view())
            odds = (self.contest.odds(),)
            lines = [*(f"{t.who}: {t.dice_line()}" for t in (self.contest.actor,
                                                             self.contest.opponent)),
                     self.contest.verdict(), *lines]
        outcome = Outcome.NONE if self.succeeded is None else Outcome.of(self.succeeded)
        if self.test is not None and self.test.is_fumble:
            outcome = Outcome.FUMBLE
        return Explanation(title=title, pool=pool, rolls=rolls, lines=tuple(lines),
                           outcome=outcome, odds=odds)

    def test_odds(self) -> tuple[Question, ...]:
        """The test's questions; a Dodge's result is its Combat Defense until the next turn
        ("Combat Actions"), so that is what its chance is of."""
        asked = self.test.odds() if self.test is not None else ()
        if self.action != DODGE or self.test is None or self.test.difficulty is not None:
            return asked
        return tuple(naming(q, f"{self.who}'s Combat Defense until the next turn")
                     for q in asked)

    def __repr__(self) -> str:
        head = f"<{self.who}'s {self.action.name}" + (f" on {self.target}" if self.target
                                                      else "")
        parts = []
        if self.test is not None and self.test.difficulty is not None:
            verdict = "success" if self.test.succeeded else "failure"
            parts.append(f"{self.test.result} vs {self.test.difficulty.value}, {verdict}.")
        elif self.test is not None:
            parts.append(f"result {self.test.result}.")
        if self.contest is not None:
            parts.append(f"{self.contest.actor.result} vs {self.contest.opponent.result}.")
        said = " ".join([*parts, *self.lines])
        return running_text(f"{head}: {said}>") if said else f"{head}>"

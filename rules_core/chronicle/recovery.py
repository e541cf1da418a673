"""Recovering from injuries and wounds, alone or in a healer's care.

A Song of Ice and Fire Roleplaying, "Recovery", "Healing":

- **Injuries**: a day after one, an Endurance test against a Difficulty set by the activity
  level (light Routine 6, moderate Challenging 9, strenuous Formidable 12); **each degree of
  success removes an injury**; a failure removes none; a **critical failure** adds an injury
  (a wound if injuries are full).
- **Wounds**: a week after one, an Endurance test (light Challenging 9, moderate Hard 15,
  strenuous Heroic 21); a success removes **1 wound, plus one per two degrees**
  ([`Readings`][rules_core.chronicle.Readings] for the other reading); a critical failure adds
  a wound (death if wounds are full).
- **Healing**: a healer who gives 4 hours a day rolls Healing in place of the Endurance test;
  the result stands, and a failure never makes things worse.

The injured character's test carries their own penalties (−1 per injury, −1D per wound),
which is why a healer helps. The "Recovery" tables say "Righting" for *fighting* and
"Formidible" for Formidable.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.character import Character
from rules_core.chronicle.difficulties import (
    CHALLENGING,
    FORMIDABLE,
    HARD,
    HEROIC,
    ROUTINE,
    Difficulty,
)
from rules_core.chronicle.errors import HarmError
from rules_core.chronicle.harm import Harm
from rules_core.chronicle.readings import AFTER_FIRST, DEFAULT_READINGS, Readings
from rules_core.chronicle.result import TestResult
from rules_core.chronicle.rolling import AbilityTest
from rules_core.chronicle.tables import RulesTable
from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.words import count

ACTIVITIES = {"light": "no fighting, riding or physical activity",
              "moderate": "travel, some physical activity",
              "strenuous": "fighting, riding, hard physical activity"}
"""The activity levels and what they mean ("Righting" in the tables read as *fighting*)."""

INJURY_DIFFICULTY = {"light": ROUTINE, "moderate": CHALLENGING, "strenuous": FORMIDABLE}
"""The Difficulty of an injury's recovery test, by activity."""

WOUND_DIFFICULTY = {"light": CHALLENGING, "moderate": HARD, "strenuous": HEROIC}
"""The Difficulty of a wound's recovery test, by activity."""

INJURY_DAYS = 1
"""Days after an injury before its recovery test."""

WOUND_DAYS = 7
"""Days after a wound before its recovery test."""

HEALER_HOURS = 4
"""A healer gives at least 4 hours a day of care."""


def wounds_removed(degrees: int, readings: Readings = DEFAULT_READINGS) -> int:
    """Wounds a successful recovery test removes: 1 + ⌊DoS/2⌋ (or 1 + ⌊(DoS−1)/2⌋).

    Examples:
        >>> [wounds_removed(d) for d in (0, 1, 2, 3, 4)]
        [0, 1, 2, 2, 3]
        >>> [wounds_removed(d, Readings(wound_recovery="after the first")) for d in (1, 2, 3, 4)]
        [1, 1, 2, 2]
    """
    if degrees <= 0:
        return 0
    if readings.wound_recovery == AFTER_FIRST:
        return 1 + (degrees - 1) // 2
    return 1 + degrees // 2


@dataclass(frozen=True, repr=False)
class Recovery:
    """One recovery test: of ``kind`` (injuries or wounds), by the ``test`` (the patient's
    Endurance, or the ``healer``'s Healing), the harm ``before`` and ``after``."""

    kind: str
    test: TestResult
    before: Harm
    after: Harm
    activity: str
    healer: str = ""

    @property
    def who(self) -> str:
        """The patient."""
        return self.before.who

    @property
    def removed(self) -> int:
        """Injuries or wounds removed."""
        return max(self._count(self.before) - self._count(self.after), 0)

    def _count(self, harm: Harm) -> int:
        return harm.injuries if self.kind == "injuries" else harm.wounds

    def outcome_line(self) -> str:
        """What the test did, in words."""
        single = "injury" if self.kind == "injuries" else "wound"
        if self.test.succeeded:
            return f"{count(self.removed, single, self.kind)} removed: {self.after.text()}."
        if self.after != self.before:
            worse = ("a wound instead, injuries being full" if self.kind == "injuries" and
                     self.after.wounds > self.before.wounds else f"another {single}")
            return f"A critical failure: {self.who} gains {worse}: {self.after.text()}."
        if self.healer:
            return f"No recovery; a failed Healing test never makes things worse: " \
                   f"{self.after.text()}."
        return f"No recovery: {self.after.text()}."

    def explain(self) -> Explanation:
        """The test and what it did."""
        view = self.test.explain()
        care = f", in {self.healer}'s care" if self.healer else ""
        title = f"{self.who}: recovering {self.kind} ({self.activity} activity{care})"
        return Explanation(title=title, pool=view.pool, rolls=view.rolls,
                           lines=(*view.lines, self.outcome_line()),
                           outcome=Outcome.of(self.test.succeeded), odds=view.odds)

    def short(self) -> str:
        """``2 injuries removed``, ``critical failure, 1 more wound``, ``no recovery``."""
        single = "injury" if self.kind == "injuries" else "wound"
        if self.test.succeeded:
            return f"{count(self.removed, single, self.kind)} removed"
        if self.after != self.before:
            worse = "a wound" if self.after.wounds > self.before.wounds else f"an {single}"
            return f"critical failure, {worse} more"
        return "no recovery"

    def __repr__(self) -> str:
        return (f"<{self.who} recovers {self.kind}: {self.test.result} against "
                f"{self.test.difficulty}, {self.short()}; {self.after.text()}>")


def recovery_test(patient: Character, harm: Harm, kind: str, activity: str, *,
                  healer: Character | None = None, hours: int = HEALER_HOURS,
                  readings: Readings = DEFAULT_READINGS) -> tuple[AbilityTest, Difficulty]:
    """The test a recovery rolls and its Difficulty (the patient's Endurance with their
    penalties, or the Healing of a healer who gives ``hours`` a day, at least 4)."""
    table = INJURY_DIFFICULTY if kind == "injuries" else WOUND_DIFFICULTY
    if activity not in table:
        raise HarmError(f"the activity level is one of {', '.join(table)}, not {activity!r}")
    if healer is not None and hours < HEALER_HOURS:
        raise HarmError(f"{healer.name} tends {patient.name} {count(hours, 'hour')} a day: a "
                        f"healer's Healing test replaces the Endurance test only after at "
                        f"least {HEALER_HOURS} hours a day of care")
    if healer is not None:
        return healer.test("Healing", readings=readings), table[activity]
    test = patient.test("Endurance", readings=readings)
    if harm.injuries:
        test = test.plus("injuries", -harm.injuries)
    if harm.wounds:
        test = test.with_penalty("wound", harm.wounds)
    return test, table[activity]


def recover_injuries(patient: Character, harm: Harm, activity: str = "light", *,
                     dice: DiceSource, days: int = INJURY_DAYS, healer: Character | None = None,
                     hours: int = HEALER_HOURS, readings: Readings = DEFAULT_READINGS
                     ) -> Recovery:
    """A day (or more) after an injury: roll to remove injuries (``healer``: who rolls
    Healing instead, giving ``hours`` of care a day).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> edric = Character("Edric", {"Endurance": 4})
        >>> recover_injuries(edric, Harm("Edric", 4, injuries=2), dice=ScriptedDice("6 5 4 3"))
        <Edric recovers injuries: 16 against Routine (6), 2 injuries removed; Health 12 of 12>
    """
    _check(harm, "injuries", days, INJURY_DAYS)
    test, target = recovery_test(patient, harm, "injuries", activity, healer=healer,
                                 hours=hours, readings=readings)
    rolled = test.against(target, dice)
    after = harm
    if rolled.succeeded:
        after = harm.recovered(injuries=rolled.degrees)
    elif rolled.critical_failure and healer is None:
        after = harm.with_injury()
    return Recovery("injuries", rolled, harm, after, activity, healer.name if healer else "")


def recover_wounds(patient: Character, harm: Harm, activity: str = "light", *,
                   dice: DiceSource, days: int = WOUND_DAYS, healer: Character | None = None,
                   hours: int = HEALER_HOURS, readings: Readings = DEFAULT_READINGS
                   ) -> Recovery:
    """A week (or more) after a wound: roll to remove wounds (``healer`` and ``hours`` as
    for [`recover_injuries`][rules_core.chronicle.recover_injuries])."""
    _check(harm, "wounds", days, WOUND_DAYS)
    test, target = recovery_test(patient, harm, "wounds", activity, healer=healer,
                                 hours=hours, readings=readings)
    rolled = test.against(target, dice)
    after = harm
    if rolled.succeeded:
        after = harm.recovered(wounds=wounds_removed(rolled.degrees, readings))
    elif rolled.critical_failure and healer is None:
        after = harm.with_wound()
    return Recovery("wounds", rolled, harm, after, activity, healer.name if healer else "")


def recovery_table() -> RulesTable:
    """The recovery difficulties by activity level."""
    return RulesTable("Recovery", ("Activity", "For example", "Injury (after a day)",
                                   "Wound (after a week)"),
                      tuple((level.capitalize(), example, str(INJURY_DIFFICULTY[level]),
                             str(WOUND_DIFFICULTY[level]))
                            for level, example in ACTIVITIES.items()))


def _check(harm: Harm, kind: str, days: int, least: int) -> None:
    if harm.dead:
        raise HarmError(f"{harm.who} is dead")
    if (harm.injuries if kind == "injuries" else harm.wounds) == 0:
        raise HarmError(f"{harm.who} has no {kind} to recover from")
    if days < least:
        raise HarmError(f"{kind.capitalize()} are tested {count(least, 'day')} after they were "
                        f"taken, not {count(days, 'day')}")

"""The critical-hit table (counted in sixes) and the fumble table (counted in ones).

A Song of Ice and Fire Roleplaying, "Critical Successes", "Critical Failures (Fumbles)":

- an attack whose result reaches **twice** the target's Combat Defense is a critical: count
  the sixes (among the kept dice by default, see
  [`Readings`][rules_core.chronicle.Readings]) and read the row;
- a test whose dice **all show 1** is a fumble: count the ones, bonus dice included, and read
  the row; a Destiny Point lowers the row one step;
- more than 8 sixes or ones read the 8th row (our reading: the tables stop at 8).

A weapon better than common turns the breaking rows of the fumble table into milder ones:
castle-forged or better reads row 4 as row 3; castle-forged reads row 5 as row 4, Valyrian
steel as row 3 (each row named is applied as it stands, not turned again).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.equipment import CASTLE_FORGED, VALYRIAN, Weapon
from rules_core.chronicle.tables import RulesTable
from rules_core.renames import renamed_callable

MOST_ROWS = 8
"""Both tables have 8 rows."""


@dataclass(frozen=True)
class TableRow:
    """One row of the critical or fumble table: its number, name and effect."""

    number: int
    name: str
    effect: str

    def __str__(self) -> str:
        return f"{self.number} {self.name}: {self.effect}"


SOLID_HIT = TableRow(1, "Solid Hit", "base damage +2 for this attack")
"""One six: +2 base damage."""

POWERFUL_HIT = TableRow(2, "Powerful Hit", "base damage +4 for this attack")
"""Two sixes: +4 base damage."""

BLOODY_WOUND = TableRow(3, "Bloody Wound", "the damage, and 1 injury that soaks nothing "
                        "(a wound if injuries are full; death if wounds are too)")
"""Three sixes: an extra injury."""

CRIPPLING_WOUND = TableRow(4, "Crippling Wound", "the damage, and 1 wound that soaks nothing "
                           "(death if it fills the wounds)")
"""Four sixes: an extra wound."""

KILLING_BLOW = TableRow(5, "Killing Blow", "the target dies")
"""Five sixes: the target dies."""

TERRIBLE_BLOW = TableRow(6, "Terrible Blow", "the target dies; every foe next to it takes "
                         "the base damage, not multiplied by degrees")
"""Six sixes: a kill, and base damage to the victim's neighbours."""

IMPRESSIVE_DEATH = TableRow(7, "Impressive Death", "the target dies; the attacker's allies "
                            "gain +1B on all tests for the rest of the combat")
"""Seven sixes: a kill, and +1B for the attacker's allies."""

HORRIBLE_DEATH = TableRow(8, "Horrible Death", "the target dies; every witness tests Will "
                          "against Challenging (9) or takes −1D for a round; the attacker "
                          "gains +1B on all tests for the rest of the combat")
"""Eight sixes or more: a kill, Will tests for the witnesses, +1B for the attacker."""

CRITICAL_HITS = (SOLID_HIT, POWERFUL_HIT, BLOODY_WOUND, CRIPPLING_WOUND, KILLING_BLOW,
                 TERRIBLE_BLOW, IMPRESSIVE_DEATH, HORRIBLE_DEATH)
"""The critical-hit table, by the number of sixes."""

INJURE_SELF = TableRow(1, "Injure Self", "the attacker takes the weapon's damage")
"""One one: the attacker hits themself."""

STRIKE_ALLY = TableRow(2, "Strike Ally", "the attack goes at an ally instead: a new test "
                       "against the ally (Fighting if adjacent, Marksmanship if in range)")
"""Two ones: an ally may be hit."""

DROP = TableRow(3, "Drop", "the weapon lands 1d6 yards away in a random direction")
"""Three ones: the weapon is dropped."""

MINOR_BREAK = TableRow(4, "Minor Break", "the weapon's damage −1 (castle-forged or better: "
                       "row 3)")
"""Four ones: the weapon is nicked."""

MAJOR_BREAK = TableRow(5, "Major Break", "the weapon is ruined (castle-forged: row 4; "
                       "Valyrian steel: row 3)")
"""Five ones: the weapon breaks."""

SLIPPERY_GRIP = TableRow(6, "Slippery Grip", "−1D on attacks until the end of the "
                         "attacker's next turn")
"""Six ones: −1D on attacks."""

BLOOD_IN_THE_EYES = TableRow(7, "Blood in the Eyes", "−1D on all tests until the end of the "
                             "attacker's next turn")
"""Seven ones: −1D on every test."""

OVERBALANCED = TableRow(8, "Overbalanced", "−5 Combat Defense until the start of the "
                        "attacker's next turn")
"""Eight ones or more: −5 Combat Defense."""

FUMBLES = (INJURE_SELF, STRIKE_ALLY, DROP, MINOR_BREAK, MAJOR_BREAK, SLIPPERY_GRIP,
           BLOOD_IN_THE_EYES, OVERBALANCED)
"""The fumble table, by the number of ones."""


def critical_row(sixes: int) -> TableRow | None:
    """The critical-hit row for ``sixes`` (None for none; more than 8 read row 8).

    Examples:
        >>> critical_row(2).name, critical_row(11).name, critical_row(0)
        ('Powerful Hit', 'Horrible Death', None)
    """
    return CRITICAL_HITS[min(sixes, MOST_ROWS) - 1] if sixes > 0 else None


@dataclass(frozen=True)
class FumbleReading:
    """How a fumble is read: the ``ones`` counted, the ``row`` applied, and ``steps``
    explaining how the row was reached (Destiny, the weapon's make)."""

    ones: int
    row: TableRow
    steps: tuple[str, ...] = ()


def fumble_reading(ones: int, weapon: Weapon | None = None, *, lowered: bool = False
                   ) -> FumbleReading:
    """How ``ones`` are read on the fumble table: the row (at least 1; more than 8 read row
    8), one step lower if ``lowered`` by a Destiny Point, then as ``weapon``'s make reads the
    breaking rows, with the steps taken. Its ``row`` is the row, as
    [`critical_row`][rules_core.chronicle.critical_row] is for sixes.

    Examples:
        >>> fumble_reading(5).row.name
        'Major Break'
        >>> from rules_core.chronicle.equipment import Weapon
        >>> blade = Weapon("Longclaw", make="Valyrian steel")
        >>> reading = fumble_reading(6, blade, lowered=True)
        >>> reading.row.name, reading.steps
        ('Drop', ('a Destiny Point lowers row 6 to row 5', 'Valyrian steel reads row 5 as row 3'))
    """
    number = min(max(ones, 1), MOST_ROWS)
    steps = [f"{ones} ones read the last row, {MOST_ROWS}"] if ones > MOST_ROWS else []
    if lowered and number > 1:
        steps.append(f"a Destiny Point lowers row {number} to row {number - 1}")
        number -= 1
    if weapon is not None:
        better = {(4, CASTLE_FORGED): 3, (4, VALYRIAN): 3, (5, CASTLE_FORGED): 4,
                  (5, VALYRIAN): 3}.get((number, weapon.make))
        if better is not None:
            steps.append(f"{weapon.make} reads row {number} as row {better}")
            number = better
    return FumbleReading(ones, FUMBLES[number - 1], tuple(steps))


fumble_row = renamed_callable("rules_core.chronicle", "fumble_row", fumble_reading)
"""The old name of [`fumble_reading`][rules_core.chronicle.fumble_reading] (it returns a
reading, whose ``row`` is the row), kept until 0.5.0: it warns."""


def critical_table() -> RulesTable:
    """The critical-hit table, as the engine applies it."""
    return RulesTable("Critical hits", ("Sixes", "Result", "Effect"),
                      tuple((_count(r.number), r.name, r.effect) for r in CRITICAL_HITS))


def fumble_table() -> RulesTable:
    """The fumble table, as the engine applies it."""
    return RulesTable("Fumbles", ("Ones", "Result", "Effect"),
                      tuple((_count(r.number), r.name, r.effect) for r in FUMBLES))


def _count(number: int) -> str:
    return f"{number}+" if number == MOST_ROWS else str(number)

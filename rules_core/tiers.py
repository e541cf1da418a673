"""A roll read against a table of tiers: the result node a system need not write.

Many systems read one number off a roll (a total, a count of successes, the highest die)
and look it up in a small table: 6 is a full success, 4–5 a partial one, 1–3 a failure; 10
or more hits, 7–9 hits at a cost. A [`Tiers`][rules_core.tiers.Tiers] table says so, and a
[`TieredRoll`][rules_core.tiers.TieredRoll] explains itself from its procedure, its reading
and its table: the dice, the number read, the tier and what it means, and the odds of
reaching each tier. A system adds only what is its own (a critical, a cost) on top.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Self

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, roll_view
from rules_core.marks import READ, SUCCESS, Mark
from rules_core.outcome import Outcome
from rules_core.procedure import CountAtLeast, Highest, Lowest, Procedure
from rules_core.question import AtLeast, Question
from rules_core.roll import Die, Roll


@dataclass(frozen=True)
class Tier:
    """A band of readings: from ``lowest`` up to the next tier's lowest, the roll's
    ``outcome``; ``meaning`` says what that is at the table (``you do it, at a cost``)."""

    lowest: int
    outcome: Outcome
    meaning: str = ""


@dataclass(frozen=True)
class Tiers:
    """A table of tiers, highest first; the last one catches every lower reading.

    Examples:
        >>> from rules_core.outcome import Outcome
        >>> table = Tiers((Tier(6, Outcome.SUCCESS), Tier(4, Outcome("partial success", True)),
        ...                Tier(1, Outcome.FAILURE)))
        >>> table.of(5).outcome.word, table.band(table.of(5)), table.band(table.of(2))
        ('partial success', '4–5', '3 or less')
    """

    tiers: tuple[Tier, ...]

    def __post_init__(self) -> None:
        lows = [tier.lowest for tier in self.tiers]
        if not lows or lows != sorted(set(lows), reverse=True):
            raise ValueError(f"tiers go highest first, each from a lower reading: {lows}")

    def of(self, value: int) -> Tier:
        """The tier ``value`` falls in."""
        return next((t for t in self.tiers if value >= t.lowest), self.tiers[-1])

    def band(self, tier: Tier) -> str:
        """The readings ``tier`` covers: ``6 or more``, ``4–5``, ``3 or less``."""
        place = self.tiers.index(tier)
        if place == 0:
            return f"{tier.lowest} or more"
        top = self.tiers[place - 1].lowest - 1
        if place == len(self.tiers) - 1:
            return f"{top} or less"
        return f"{tier.lowest}–{top}" if top > tier.lowest else str(tier.lowest)


@dataclass(frozen=True, repr=False)
class TieredRoll:
    """``who`` rolled ``procedure`` for ``task`` (the dice are ``roll``), read against
    ``tiers``.

    The card marks the die a one-die reading reads ([`READ`][rules_core.marks.READ]) or
    the dice a count counts ([`SUCCESS`][rules_core.marks.SUCCESS]). A system adds what is
    its own by subclassing: a critical overrides ``outcome``, ``lines`` and ``odds``; a
    mark of its own, ``die_marks``.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.procedure import Highest, Procedure
        >>> table = Tiers((Tier(6, Outcome.SUCCESS), Tier(4, Outcome("partial success", True),
        ...                "you do it, at a cost"), Tier(1, Outcome.FAILURE)))
        >>> done = TieredRoll.rolled("Ash", "Prowl", Procedure(3, 6, reading=Highest()), table,
        ...                          ScriptedDice("2 5 3"))
        >>> done
        <Ash, Prowl: 2 5 3, a highest die of 5: partial success>
        >>> done.explain().lines
        ('A highest die of 5: partial success (4–5): you do it, at a cost.',)
        >>> [die.mark_names for die in done.explain().rolls[0].dice]
        [(), ('read',), ()]
    """

    who: str
    task: str
    procedure: Procedure
    roll: Roll
    tiers: Tiers

    @classmethod
    def rolled(cls, who: str, task: str, procedure: Procedure, tiers: Tiers,
               dice: DiceSource) -> Self:
        """Roll ``procedure`` with ``dice`` and read it against ``tiers``."""
        return cls(who, task, procedure, procedure.roll(dice), tiers)

    @property
    def value(self) -> int:
        """The number the procedure reads off the roll."""
        return self.procedure.read(self.roll)

    @property
    def tier(self) -> Tier:
        """The tier the roll reached."""
        return self.tiers.of(self.value)

    @property
    def outcome(self) -> Outcome:
        """The reached tier's outcome."""
        return self.tier.outcome

    def die_marks(self, index: int, die: Die) -> tuple[Mark, ...]:
        """The marks of die ``index`` (one that counts): ``read`` for the die a one-die
        reading reads, ``success`` for a die a count counts."""
        reading = self.procedure.reading
        if isinstance(reading, Highest | Lowest):
            return (READ,) if index == self._read_index else ()
        if isinstance(reading, CountAtLeast):
            return (SUCCESS,) if die.face >= reading.target else ()
        return ()

    @functools.cached_property
    def _read_index(self) -> int | None:
        counted = [(die.face, i) for i, die in enumerate(self.roll.dice) if die.counts]
        if not counted:
            return None
        pick = max if isinstance(self.procedure.reading, Highest) else min
        face = pick(face for face, _ in counted)
        return next(i for f, i in counted if f == face)

    def reading_line(self) -> str:
        """``A highest die of 5: partial success (4–5): you do it, at a cost.``"""
        tier = self.tier
        meaning = f": {tier.meaning}" if tier.meaning else ""
        head = f"{self.procedure.reading.phrase} {self.value}"
        return (f"{head[0].upper()}{head[1:]}: {tier.outcome.word} "
                f"({self.tiers.band(tier)}){meaning}.")

    def lines(self) -> tuple[str, ...]:
        """What the card says under the dice: the number read and its tier."""
        return (self.reading_line(),)

    def odds(self) -> tuple[Question, ...]:
        """The chance of reaching each tier above the lowest: ``a partial success or
        better``, and the highest tier itself."""
        tiers = self.tiers.tiers
        return tuple(AtLeast(self.procedure, tier.lowest, who=self.who,
                             event=_tier_event(tier, highest=tier is tiers[0]))
                     for tier in tiers[:-1])

    def explain(self) -> Explanation:
        """The dice, the number read and its tier, and the odds of each tier."""
        described = self.procedure.describe()
        return Explanation(
            title=f"{self.who}: {self.task}", pool=described,
            rolls=(roll_view(f"{self.who} rolls {described}", self.roll, self.die_marks),),
            lines=self.lines(), outcome=self.outcome, odds=self.odds())

    def __repr__(self) -> str:
        return (f"<{self.who}, {self.task}: {self.roll.text()}, "
                f"{self.procedure.reading.phrase} {self.value}: {self.outcome}>")


def _tier_event(tier: Tier, highest: bool) -> str:
    """``a partial success or better``; the highest tier, ``a full success``."""
    word = tier.outcome.word
    article = "an" if word[:1].lower() in "aeiou" else "a"
    return f"{article} {word}" if highest else f"{article} {word} or better"

"""The dice of the Act of Hubris: Chronicles of Darkness pools of d10s (The Act of Hubris,
"Turn by turn action and combat", and the Chronicles of Darkness dice rules it builds on).

- Each die showing **8 or more** is a success; a **10** is a success and is rolled again
  (10-again), adding a die.
- **5 or more** successes make an **exceptional success**.
- A pool cut to **0 dice or fewer** rolls one **chance die** instead: only a 10 succeeds
  (and is rolled again, its added die needing a 10 as well), and a 1 is a **dramatic
  failure**.

A [`HubrisRoll`][rules_core.hubris.HubrisRoll] is the core's
[`SuccessRoll`][rules_core.success_pool.SuccessRoll] with what this system adds to the
reading: successes a Difficulty takes away (under that reading), successes armor adds
(under that reading), and a guaranteed minimum (armor, protective equipment, a guard's
earlier roll). The odds come from the same procedure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.dice import DiceSource, ScriptedDice
from rules_core.errors import DiceScriptError
from rules_core.outcome import Outcome
from rules_core.pool import Pool
from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast
from rules_core.roll import Roll
from rules_core.success_pool import SuccessRoll, SuccessRule
from rules_core.words import amount, count

RULE = SuccessRule(chance_die=True)
"""Ten-sided dice, 8 or more succeeds, 10-again, a chance die for a pool of 0 or fewer."""

EXCEPTIONAL = 5
"""The successes that make an exceptional success."""


@dataclass(frozen=True, repr=False)
class HubrisRoll(SuccessRoll):
    """``who`` rolled ``pool`` (see the module's introduction). ``taken`` successes are
    taken away for ``taken_why`` (a Difficulty read as successes), ``added`` added for
    ``added_why`` (armor read as added successes), and the roll never reads fewer than
    ``floor`` (``floor_why``: armor, a guard's successes). ``event`` says, in the rules'
    words, what its successes or more do, for its odds line (a Defense rolled on its own:
    stopping an attack of so many successes); without it the line is of the result shown.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> pool = Pool(sides=10).plus(2, "Wits").plus(2, "Dexterity")
        >>> HubrisRoll.make("Rook", pool, ScriptedDice("9 5 3 1"), floor=2, floor_why="armor")
        <Rook, 4d10 (8+, 10-again), at least 2 (armor): [9 5 3 1] 2 successes>
    """

    taken: int = 0
    taken_why: str = ""
    added: int = 0
    added_why: str = ""
    floor: int = 0
    floor_why: str = ""
    event: str = ""

    def odds(self) -> AtLeast:
        """The chance of this many successes or more, named by ``event`` if it has one."""
        shown = super().odds()
        return replace(shown, event=self.event) if self.event else shown

    @classmethod
    def make(cls, who: str, pool: Pool, dice: DiceSource, *, label: str = "",
             taken: int = 0, taken_why: str = "", added: int = 0, added_why: str = "",
             floor: int = 0, floor_why: str = "") -> HubrisRoll:
        """Roll ``pool`` for ``who`` with ``dice`` (a chance die if it has no dice left)."""
        made = cls(who, pool, RULE, Roll(RULE.sides), label=label, taken=taken,
                   taken_why=taken_why, added=added, added_why=added_why, floor=floor,
                   floor_why=floor_why)
        start = len(dice.used) if isinstance(dice, ScriptedDice) else 0
        try:
            return replace(made, roll=made.procedure.roll(dice))
        except DiceScriptError as error:
            raise DiceScriptError(made.short_of_again(dice, start) or str(error)) from error

    def short_of_again(self, dice: DiceSource, start: int = 0) -> str:
        """Why written faces ran out, if it was 10-again (``""`` otherwise): each 10, a
        chance die's too, adds a die, so the roll needs one more face per 10 than its pool.
        ``start``: how many of the faces earlier rolls had used."""
        if not isinstance(dice, ScriptedDice):
            return ""
        first = 1 if self.chance else self.pool.net
        used, listed = dice.used[start:], dice.faces[start:]
        tens = used.count(10)
        needed = first + tens
        if len(used) < first or not tens or needed <= len(listed):
            return ""
        short = count(needed - len(listed), "face")
        written = " ".join(map(str, listed))
        if self.chance:
            return (f"{self.who}'s chance die shows 10, a success that is rolled again "
                    "(10-again holds on a chance die too, and on the dice it adds): the roll "
                    f"needs {needed} faces, not the {len(listed)} listed ({written}): add "
                    f"{short} after the last 10 for the die it adds (which succeeds only on a "
                    f"10 as well), e.g. \"{written} 4\" instead of \"{written}\"")
        return (f"{self.who}'s {first}d10 roll shows {count(tens, 'ten')}, and each 10 is "
                f"rolled again (10-again), adding a die: the roll needs {needed} faces, not "
                f"the {len(listed)} listed ({written}): add {short} after the pool's "
                f"{first}, one for each die a 10 adds")

    @property
    def procedure(self) -> Procedure:
        """How the dice were rolled and read: the pool (or the chance die), with what is
        taken, added and guaranteed."""
        base = super().procedure
        if not (self.taken or self.added or self.floor):
            return base
        reading = base.reading
        assert isinstance(reading, CountAtLeast)
        adjusted = replace(reading, plus=self.added - self.taken,
                           minimum=max(self.floor, self.added))
        return replace(base, reading=adjusted, label=f"{base.label}, {self.adjustments()}")

    def adjustments(self) -> str:
        """What the reading adds to the dice, in words: ``less 1 (Difficulty), at least 2
        (armor)``."""
        parts = []
        if self.taken:
            parts.append(f"less {self.taken} ({self.taken_why})")
        if self.added:
            parts.append(f"plus {self.added} ({self.added_why})")
        if self.floor > self.added:
            parts.append(f"at least {self.floor} ({self.floor_why})")
        return ", ".join(parts)

    @property
    def exceptional(self) -> bool:
        """Whether the roll reads 5 or more successes."""
        return self.total >= EXCEPTIONAL

    @property
    def outcome(self) -> Outcome:
        """Dramatic failure, failure, success or exceptional success."""
        if self.dramatic:
            return Outcome.DRAMATIC_FAILURE
        if self.exceptional:
            return Outcome.EXCEPTIONAL_SUCCESS
        return Outcome.of(self.total > 0)

    def tally(self) -> str:
        """``3 successes (10, 9, 8)``, then what is taken, added or guaranteed:
        ``1 success (9), at least 2 (armor): 2``."""
        shown = [str(d.face) for d in self.roll.dice if d.counts and self._worth(d.face)]
        text = amount(self.successes, "success") + (f" ({', '.join(shown)})" if shown else "")
        if not (self.taken or self.added or self.floor):
            return text
        return f"{text}, {self.adjustments()}: {amount(self.total, 'success')}"

    def notes(self) -> tuple[str, ...]:
        """The core's notes (the chance die, a dramatic failure, dice rolled again), and
        that a chance die's added dice need a 10 too."""
        notes = list(super().notes())
        if self.chance and self.rolled_again:
            notes.append("A die the chance die adds needs a 10 to succeed as well.")
        return tuple(notes)

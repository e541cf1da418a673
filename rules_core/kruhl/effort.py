"""Combining effort (Kruhl 3e, "Combining Effort").

Everyone working together rolls as usual; the number of characters working together is added
to the **lowest** roll, up to +10; the other rolls stand as rolled. Read literally (our
reading), though the rule may be miswritten. On a tie for lowest, the first roll listed gets
the bonus. In combat every attacker but one must delay so that all strike at once (see
[`TurnOrder.delay`][rules_core.kruhl.TurnOrder.delay]).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.errors import RulesError
from rules_core.explain import Explanation, TableView
from rules_core.kruhl.contest import Contest, versus
from rules_core.kruhl.roll import SkillRoll

MAX_EFFORT_BONUS = 10
"""Most the lowest roll can gain."""


@dataclass(frozen=True, repr=False)
class CombinedEffort:
    """The rolls of characters working together, the lowest one raised."""

    rolls: tuple[SkillRoll, ...]
    lowest: int

    @property
    def bonus(self) -> int:
        """What the lowest roll gains: the number of participants, at most +10."""
        return min(len(self.rolls), MAX_EFFORT_BONUS)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each roll's total, the lowest one raised."""
        return tuple(roll.total for roll in self.rolls)

    def against(self, target: SkillRoll, *, strict: bool = False) -> tuple[Contest, ...]:
        """Each roll against ``target`` (each outcome is determined normally)."""
        return tuple(versus(roll, target, strict=strict) for roll in self.rolls)

    def explain(self) -> Explanation:
        """One row per participant (no odds: the combined roll meets its Difficulty or
        opponent in the check that follows, which gives them)."""
        rows = tuple((roll.who, roll.sum_words()) for roll in self.rolls)
        raised = self.rolls[self.lowest]
        line = (f"{len(self.rolls)} working together: {raised.who}'s roll, the lowest, "
                f"gains +{self.bonus}.")
        return Explanation(title="Combining effort", rolls=tuple(r.view() for r in self.rolls),
                           lines=(line,),
                           tables=(TableView("Combined rolls", ("Who", "Roll"), rows),))

    def __repr__(self) -> str:
        parts = ", ".join(f"{r.who} {r.total}" for r in self.rolls)
        return f"<Combining effort of {len(self.rolls)}: {parts}>"


def combine_effort(*rolls: SkillRoll) -> CombinedEffort:
    """Combine the rolls of characters working together (two or more).

    Examples:
        Two characters lift a portcullis; the lower roll, 2 2 + 1 Brawn, gains +2:

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> ana = Character("Ana", {"Brawn": 2}, skills={"Athletics": "skilled"})
        >>> bo = Character("Bo", {"Brawn": 1}, skills={"Athletics": "skilled"})
        >>> effort = combine_effort(ana.check("Athletics", "Brawn").roll(ScriptedDice("3 4")),
        ...                         bo.check("Athletics", "Brawn").roll(ScriptedDice("2 2")))
        >>> effort.totals, effort.bonus
        ((9, 7), 2)
    """
    if len(rolls) < 2:
        raise RulesError("combining effort takes at least two rolls, one per participant")
    lowest = min(range(len(rolls)), key=lambda i: (rolls[i].total, i))
    bonus = min(len(rolls), MAX_EFFORT_BONUS)
    raised = rolls[lowest].plus(f"combined effort ({len(rolls)} together)", bonus)
    return CombinedEffort((*rolls[:lowest], raised, *rolls[lowest + 1:]), lowest)

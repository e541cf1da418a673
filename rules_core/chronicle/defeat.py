"""Defeat: what the victor does with a character whose Health drops to 0 or lower.

A Song of Ice and Fire Roleplaying, "Defeat", "Yielding", "Destiny & Defeat": the defeated
character is out of the combat and the victor chooses: **death**, **maimed** (one ability of the
victor's choice one rank lower, for good), **ransom**, **take the black**, or **unconscious**
(waking **2d6 hours** later). A defeat by a **Vicious** weapon is always death. A character who
yields offers the terms of their own defeat; one who burns a Destiny Point chooses their fate.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.tables import RulesTable
from rules_core.explain import Explanation, RollView, roll_view
from rules_core.outcome import Outcome
from rules_core.procedure import Procedure
from rules_core.question import AtLeast, Question
from rules_core.roll import Roll

DEATH = "death"
"""The defeated character dies."""

MAIMED = "maimed"
"""One ability of the victor's choice drops one rank, for good."""

RANSOM = "ransom"
"""The defeated character (or something of theirs) is held for ransom."""

TAKE_THE_BLACK = "take the black"
"""The defeated character joins the Night's Watch."""

UNCONSCIOUS = "unconscious"
"""Knocked out, left for dead; awake 2d6 hours later."""

CONSEQUENCES = {
    DEATH: "dead (the most common choice)",
    MAIMED: "one ability, the victor's choice, one rank lower for good",
    RANSOM: "held, or their arms and horse taken, for ransom",
    TAKE_THE_BLACK: "sent to the Night's Watch on the Wall",
    UNCONSCIOUS: "knocked out, helpless, awake 2d6 hours later",
}
"""The consequences of defeat, in our words."""

UNCONSCIOUS_HOURS = Procedure(2, 6, label="2d6 hours")
"""How long an unconscious character stays out."""


@dataclass(frozen=True, repr=False)
class Defeat:
    """A defeat decided: ``loser``, ``victor``, the ``outcome``, the ``hours`` rolled for
    unconsciousness, the ``ability`` a maiming lowered, and ``notes`` (a Vicious weapon,
    Destiny, yielding)."""

    loser: str
    victor: str
    outcome: str
    hours: Roll | None = None
    ability: str = ""
    notes: tuple[str, ...] = ()

    @property
    def hours_out(self) -> int:
        """Hours until an unconscious character wakes (0 otherwise)."""
        return sum(self.hours.faces) if self.hours else 0

    def line(self) -> str:
        """The outcome in words."""
        if self.outcome == UNCONSCIOUS:
            return f"{self.loser} is knocked out and wakes {self.hours_out} hours later."
        if self.outcome == MAIMED:
            return f"{self.loser} is maimed: {self.ability} one rank lower for good."
        return f"{self.loser}: {CONSEQUENCES[self.outcome]}."

    def odds(self) -> tuple[Question, ...]:
        """The chance of staying out this long or longer (unconsciousness only)."""
        if self.hours is None:
            return ()
        return (AtLeast(UNCONSCIOUS_HOURS, self.hours_out, who=self.loser, shown=True,
                        event=f"the hours {self.loser} stays unconscious"),)

    def explain(self) -> Explanation:
        """Who chose what, and the hours rolled."""
        rolls: tuple[RollView, ...] = ()
        if self.hours is not None:
            rolls = (roll_view(f"{self.loser} rolls 2d6 hours", self.hours),)
        chooser = f"{self.victor} defeats {self.loser}" if self.victor else \
            f"{self.loser} is defeated"
        return Explanation(title=f"{self.loser}: defeated ({self.outcome})", rolls=rolls,
                           lines=(f"{chooser}.", *self.notes, self.line()),
                           outcome=Outcome.NONE, odds=self.odds())

    def __repr__(self) -> str:
        return f"<{self.line()[:-1]}>"


def consequence_table() -> RulesTable:
    """The consequences of defeat."""
    return RulesTable("Defeat", ("Consequence", "What it means"),
                      tuple((name.capitalize(), text) for name, text in CONSEQUENCES.items()))

"""What a turn records: a reflexive action (no roll), or a roll, a mixed action or a contest,
and how each reads in the turn's table (Storypath, "Action-Adventure", "Actions")."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.storypath.contested import Contested
from rules_core.storypath.mixed_actions import MixedResult
from rules_core.storypath.result import ActionResult


@dataclass(frozen=True, repr=False)
class Reflexive:
    """A reflexive action: ``who`` does ``what``, with no roll; ``note`` says what follows."""

    who: str
    what: str
    note: str = ""

    def explain(self) -> Explanation:
        """No dice: what was done."""
        note = f" {self.note[0].upper()}{self.note[1:]}." if self.note else ""
        return Explanation(title=f"{self.who}: {self.what}",
                           lines=(f"Reflexive: no roll.{note}",))

    def __repr__(self) -> str:
        note = f": {self.note}" if self.note else ""
        return f"<{self.who}, {self.what} (reflexive){note}>"


Done = ActionResult | MixedResult | Contested | Reflexive
"""Anything a turn records: a roll, a mixed action, a contest, a reflexive action."""


def outcome_words(done: Done) -> str:
    """How ``done`` turned out, in a few words."""
    if isinstance(done, Reflexive):
        return done.note or "done"
    if isinstance(done, MixedResult):
        return ", ".join(f"{t.action.task} {Outcome.of(t.succeeded)}" for t in done.tasks)
    return str(Outcome.of(done.succeeded))


def short_words(done: Done) -> str:
    """``, success`` for a roll; nothing for a reflexive action."""
    return "" if isinstance(done, Reflexive) else f", {outcome_words(done)}"

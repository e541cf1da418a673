"""What a turn records: a reflexive action (no roll), a simple or trivial action that needs
no roll, or a roll, a mixed action or a contest, and how each reads in the turn's table
(Storypath, "Action-Adventure", "Actions")."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation
from rules_core.outcome import Outcome
from rules_core.storypath.contested import Contested
from rules_core.storypath.errors import TurnError
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
        return Explanation(title=f"{self.who}: {self.what}",
                           lines=(f"Reflexive: no roll.{_sentence(self.note)}",))

    def __repr__(self) -> str:
        note = f": {self.note}" if self.note else ""
        return f"<{self.who}, {self.what} (reflexive){note}>"


SIMPLE_NO_ROLL = "simple"
"""An [`Unrolled`][rules_core.storypath.Unrolled] action that takes the turn's simple action
(a Rush nobody resists)."""

TRIVIAL = "trivial"
"""An [`Unrolled`][rules_core.storypath.Unrolled] trifle anyone may do at any time (a
one-liner): no action at all."""

_KIND_WORDS = {SIMPLE_NO_ROLL: "simple action, no roll", TRIVIAL: "trivial"}


@dataclass(frozen=True, repr=False)
class Unrolled:
    """Something done without a roll that is **not** a reflexive action: ``kind`` is
    ``"simple"`` for a simple action that needs no roll (it still takes the turn's simple
    action: a Rush nobody resists), or ``"trivial"`` for a trifle anyone does at any time,
    on anyone's turn (a one-liner, brushing off snow; Scion 2nd Edition, "Actions")."""

    who: str
    what: str
    note: str = ""
    kind: str = SIMPLE_NO_ROLL

    def __post_init__(self) -> None:
        if self.kind not in _KIND_WORDS:
            raise TurnError(f"an unrolled action is {' or '.join(map(repr, _KIND_WORDS))}, "
                             f"not {self.kind!r}")

    @property
    def succeeded(self) -> bool:
        """Always: with no roll, nothing stood in the way."""
        return True

    def explain(self) -> Explanation:
        """No dice: what was done, and what it cost the turn."""
        cost = ("It takes the turn's simple action." if self.kind == SIMPLE_NO_ROLL
                else "It takes no action: anyone may do it at any time.")
        return Explanation(title=f"{self.who}: {self.what}",
                           lines=(f"No roll.{_sentence(self.note)} {cost}",))

    def __repr__(self) -> str:
        note = f": {self.note}" if self.note else ""
        return f"<{self.who}, {self.what} ({_KIND_WORDS[self.kind]}){note}>"


Done = ActionResult | MixedResult | Contested | Reflexive | Unrolled
"""Anything a turn records: a roll, a mixed action, a contest, an action with no roll."""


def outcome_words(done: Done) -> str:
    """How ``done`` turned out, in a few words."""
    if isinstance(done, Reflexive | Unrolled):
        return done.note or "done"
    if isinstance(done, MixedResult):
        return ", ".join(f"{t.action.task} {Outcome.of(t.succeeded)}" for t in done.tasks)
    return str(Outcome.of(done.succeeded))


def short_words(done: Done) -> str:
    """``, success`` for a roll; nothing for an action with no roll."""
    return "" if isinstance(done, Reflexive | Unrolled) else f", {outcome_words(done)}"


def _sentence(note: str) -> str:
    """`` Under the table.`` for the note ``under the table``: a sentence after another."""
    return f" {note[0].upper()}{note[1:]}." if note else ""

"""What a turn has room for, and the record of what it held (Storypath, "Action-Adventure",
"Actions").

- **One simple action** a turn: a task that takes the character's focus, usually a roll.
  A simple action may go on in a second roll where the rules say so: a Withdraw that must
  first Disengage is one action ("first disengage, and then" roll on; our reading).
- **Reflexive actions**, as many different ones as is reasonable: no roll, no focus.
- **Trivial things** (a one-liner, brushing off snow) by anyone, at any time: they take no
  action at all, so even a turn with everything spent has room for them.

[`Turn`][rules_core.storypath.Turn] adds the moves of the "Movement" section to this record.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.explain import Explanation, TableView
from rules_core.storypath.character import Character
from rules_core.storypath.contested import Contested
from rules_core.storypath.errors import TurnError
from rules_core.storypath.mixed_actions import MixedResult
from rules_core.storypath.movement import check_terrain
from rules_core.storypath.reflexive import (
    TRIVIAL,
    Done,
    Reflexive,
    Unrolled,
    outcome_words,
    short_words,
)
from rules_core.storypath.result import ActionResult

SIMPLE = "simple"
"""An action that takes the turn's focus (one a turn)."""

REFLEXIVE = "reflexive"
"""An action that needs no roll and takes no focus."""


class TurnRecord:
    """``character``'s turn so far on ``terrain``: what they did, in order (``log``), the
    opponents engaging them at close range (``engaged``), whether they are ``prone``, and
    what took the round's movement (``moved``)."""

    def __init__(self, character: Character, *, terrain: str = "open",
                 engaged: Iterable[str] = (), prone: bool = False) -> None:
        self.character = character
        self.terrain = check_terrain(terrain)
        self.engaged = list(engaged)
        self.prone = prone
        self.log: list[tuple[str, str, Done]] = []
        self.moved = ""

    @property
    def who(self) -> str:
        """Whose turn it is."""
        return self.character.name

    @property
    def simple_used(self) -> str:
        """The simple action taken this turn ("" if none yet)."""
        return next((what for kind, what, _ in self.log if kind == SIMPLE), "")

    def simple(self, done: ActionResult | MixedResult | Contested) -> Done:
        """Record a simple action rolled elsewhere (an attack, a mixed action)."""
        what = done.action.task if isinstance(done, ActionResult) else (
            done.task if isinstance(done, Contested) else "mixed action")
        return self._record(SIMPLE, what, done)

    def reflexive(self, what: str, note: str = "") -> Reflexive:
        """Record a reflexive action (drawing a weapon): no roll, and as many different
        ones a turn as is reasonable."""
        done = Reflexive(self.who, what, note)
        self._record(REFLEXIVE, what, done)
        return done

    def trivial(self, what: str, *, who: str = "") -> Unrolled:
        """Record a trifle (a one-liner) by ``who`` (the one whose turn it is, unless
        named): anyone may do it at any time, and it takes no action, so it is never
        refused."""
        by = who or self.who
        done = Unrolled(by, what, "" if by == self.who else f"on {self.who}'s turn", TRIVIAL)
        self.log.append((TRIVIAL, what, done))
        return done

    def table(self) -> TableView:
        """What was done this turn, in order."""
        rows = tuple((str(n), what if done.who == self.who else f"{what} ({done.who})", kind,
                      outcome_words(done)) for n, (kind, what, done) in enumerate(self.log, 1))
        return TableView(f"{self.who}'s turn", ("#", "Action", "Kind", "Outcome"), rows)

    def explain(self) -> Explanation:
        """The turn so far: what was done, what is left."""
        simple = (f"Simple action: {self.simple_used}." if self.simple_used
                  else "Simple action: not taken yet.")
        moved = f"Movement: {self.moved}." if self.moved else "Movement: not used yet."
        return Explanation(title=f"{self.who}'s turn", lines=(simple, moved),
                           tables=(self.table(),))

    def __repr__(self) -> str:
        done = "; ".join(f"{what} ({kind}{short_words(done)})" if done.who == self.who
                         else f"{done.who}: {what} ({kind})" for kind, what, done in self.log)
        return f"<{self.who}'s turn: {done or 'nothing yet'}>"

    def _record(self, kind: str, what: str, done: Done, *, after: str = "") -> Done:
        if kind == SIMPLE:
            self._check_simple(what, after=after)
        self.log.append((kind, what, done))
        return done

    def _check_simple(self, what: str, *, after: str = "") -> None:
        """A clear error if the simple action is spent; ``after`` names the one simple
        action ``what`` may continue (a Withdraw goes on from its Disengage)."""
        taken = [done_what for kind, done_what, _ in self.log if kind == SIMPLE]
        if not taken or (after and taken == [after]):
            return
        raise TurnError(f"{self.who} has already taken this turn's simple action "
                        f"({self.simple_used}), so not {what}: a turn has one; to do two "
                        "things at once, make them one mixed action")

    def _check_movement(self, what: str) -> None:
        if self.moved:
            raise TurnError(f"{self.who} has already used the round's movement "
                            f"({self.moved}), so not {what}")

    def _check_prone(self) -> None:
        if not self.prone:
            raise TurnError(f"{self.who} is not prone: there is nothing to get up from")

    def _check_engaged(self, name: str) -> None:
        if name not in self.engaged:
            raise TurnError(f"{self.who} is not engaged by {name}" + (
                f" (only by {', '.join(self.engaged)})" if self.engaged else ""))

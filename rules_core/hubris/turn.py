"""A character's turn (the Act of Hubris, "Actions", "Minor Actions", "Movement").

- A turn holds **movement**, as many **reflexive actions** as wanted, and **one instant
  action**, which ends the turn once taken and settled.
- **Minor actions** (drawing a gun, kicking a door open, reloading) simply happen, free and
  without a roll, as many as the instant action needs. Some are distracting
  enough to need a roll; doing something *in addition to* the instant action may instead
  give the instant action a **Difficulty**.
- **Movement** is free: a character gets where their instant action needs them. When an
  obstacle or the distance calls it into question, a reflexive roll against the
  Storyteller's Difficulty decides; on a failure the character is stuck, and takes their
  instant action from there.
- A character who fails a reflexive roll meant to set up their instant action does not lose
  it: they can take another instant action within their means.
"""

from __future__ import annotations

import copy
from typing import TypeVar

from rules_core.dice import DiceSource
from rules_core.explain import Explained, Explanation, TableView
from rules_core.hubris.action import Action, ActionResult, Block
from rules_core.hubris.errors import TurnError
from rules_core.hubris.initiative import Combatant
from rules_core.hubris.setup import Setup
from rules_core.outcome import Outcome
from rules_core.words import amount, is_whole

S = TypeVar("S", bound=Setup)
"""Any roll's setup (an action, an attack)."""

INSTANT = "instant"
"""The turn's one instant action."""

REFLEXIVE = "reflexive"
"""An action that takes no instant action (a reflexive roll, movement)."""

MINOR = "minor"
"""A quick action the instant action needs (drawing a weapon)."""

ROUND_SECONDS = 3
"""Roughly how long a round lasts, in seconds of story time ("Rounds and Turns"): each
character's turn falls within it, and an instant action's successes measure what was done
in that time. The engine counts rounds, not seconds; how far a character runs, or what fits
in a round, is the Storyteller's call."""


class Turn:
    """``character``'s turn (a character, or a name); every method returns the turn with
    what was done added (the turn before it is left as it was), and a move the turn has no
    room for is a [`TurnError`][rules_core.hubris.TurnError].

    Examples:
        >>> turn = Turn("Mara").minor("draw the machete").instant("swing at Rook")
        >>> turn
        <Mara's turn: draw the machete (minor); swing at Rook (instant)>
        >>> turn.minor("reload")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.hubris.errors.TurnError: Mara's turn ended with the instant action ...
    """

    def __init__(self, character: str | Combatant) -> None:
        self.who = character if isinstance(character, str) else character.name
        self.log: list[tuple[str, str, str, Explained | None]] = []
        self.strain: list[tuple[str, int]] = []

    @property
    def over(self) -> bool:
        """Whether the instant action has been taken (the turn is over)."""
        return any(kind == INSTANT for kind, *_ in self.log)

    def _record(self, kind: str, what: str, outcome: str = "",
                rolled: Explained | None = None) -> Turn:
        if self.over:
            done = next(w for k, w, *_ in self.log if k == INSTANT)
            raise TurnError(f"{self.who}'s turn ended with the instant action ({done}): "
                            f"{what} waits for the next turn")
        who = getattr(rolled, "who", self.who)
        if who != self.who:
            raise TurnError(f"{who}'s roll cannot be part of {self.who}'s turn")
        twin = copy.copy(self)
        twin.log, twin.strain = [*self.log, (kind, what, outcome, rolled)], list(self.strain)
        return twin

    def minor(self, what: str, roll: Action | None = None, *,
              dice: DiceSource | None = None) -> Turn:
        """A minor action: automatic, or rolled (``roll`` with ``dice``) when distracting or
        hindered."""
        if roll is None:
            return self._record(MINOR, what, "automatic")
        result = _rolled(roll, dice)
        return self._record(MINOR, what, result.outcome.word, result)

    def reflexive(self, what: str, roll: Action | None = None, *,
                  dice: DiceSource | None = None) -> Turn:
        """A reflexive action (perceiving, shaking off an influence), rolled or not."""
        if roll is None:
            return self._record(REFLEXIVE, what)
        result = _rolled(roll, dice)
        return self._record(REFLEXIVE, what, result.outcome.word, result)

    def move(self, where: str, roll: Action | None = None, *,
             dice: DiceSource | None = None) -> Turn:
        """Move ``where``: free, or a reflexive ``roll`` (with the Storyteller's Difficulty)
        when an obstacle or the distance calls it into question; a failure leaves the
        character stuck, instant action and all."""
        if roll is None:
            return self._record(REFLEXIVE, f"move {where}", "moved")
        result = _rolled(roll, dice)
        return self._record(REFLEXIVE, f"move {where}",
                            "moved" if result.succeeded else "stuck", result)

    def alongside(self, what: str, difficulty: int = 1) -> Turn:
        """Do ``what`` besides the instant action: a Difficulty on the instant action."""
        if not is_whole(difficulty, 1):
            raise TurnError(f"extra effort gives a Difficulty of 1 or more, not "
                            f"{difficulty!r}")
        twin = self._record(MINOR, what, f"Difficulty {difficulty} on the instant action")
        twin.strain.append((what, difficulty))
        return twin

    def ready(self, setup: S) -> S:
        """``setup`` (the instant action's roll) with the Difficulty of everything done
        alongside it."""
        for what, difficulty in self.strain:
            setup = setup.with_difficulty(difficulty, what)
        return setup

    def instant(self, done: object) -> Turn:
        """The instant action: a result rolled elsewhere (an attack, a block, a roll) or
        words for one that needs no roll. It ends the turn."""
        if isinstance(done, str):
            return self._record(INSTANT, done)
        if not isinstance(done, Explained):
            raise TurnError(f"an instant action is a rolled result or words for one, not "
                            f"{type(done).__name__}")
        return self._record(INSTANT, _task(done), _outcome(done), done)

    def table(self) -> TableView:
        """What the character did this turn, in order."""
        rows = tuple((str(n), what, kind, outcome)
                     for n, (kind, what, outcome, _) in enumerate(self.log, 1))
        return TableView(f"{self.who}'s turn", ("#", "Action", "Kind", "Outcome"), rows)

    def explain(self) -> Explanation:
        """The turn so far."""
        instant = next((w for k, w, *_ in self.log if k == INSTANT), "")
        lines = [f"Instant action: {instant}; the turn is over." if instant else
                 "Instant action: not taken yet."]
        failed = [w for k, w, o, _ in self.log
                  if k != INSTANT and o in ("failure", "stuck", "dramatic failure")]
        if failed and not instant:
            lines.append("A failed set-up does not cost the instant action: another one "
                         "within reach is still open.")
        shown = [r.explain() for *_, r in self.log if r is not None]
        done = next((r for k, *_, r in self.log if k == INSTANT and r is not None), None)
        if done is not None:
            view = done.explain()
            lines += [f"Pool: {view.pool}."] if view.pool else []
            lines += view.lines
        latest = f": {self.log[-1][1]}" if self.log else ""
        return Explanation(title=f"{self.who}'s turn{latest}",
                           rolls=tuple(view for e in shown for view in e.rolls),
                           lines=tuple(lines), tables=(self.table(),),
                           odds=tuple(q for e in shown for q in e.odds[:1]))

    def __repr__(self) -> str:
        done = "; ".join(
            f"{what} ({kind}{', ' + outcome if outcome not in ('', 'automatic') else ''})"
            for kind, what, outcome, _ in self.log)
        return f"<{self.who}'s turn: {done or 'nothing yet'}>"


def _rolled(roll: Action, dice: DiceSource | None) -> ActionResult:
    if dice is None:
        raise TurnError(f"{roll.task} is rolled: pass dice=")
    return roll.roll(dice)


def _task(done: object) -> str:
    if isinstance(done, ActionResult | Block):
        return done.action.task
    attack = getattr(done, "attack", None)
    task = getattr(attack, "task", "")
    target = getattr(done, "target", "")
    return f"{task} against {target}" if task and target else task or type(done).__name__


def _outcome(done: object) -> str:
    outcome = getattr(done, "outcome", None)
    if isinstance(done, Block):
        return f"{amount(done.successes, 'success')} standing"
    return str(outcome) if isinstance(outcome, Outcome) else ""

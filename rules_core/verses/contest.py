"""'Verses Core tests and contests: counting successes on d6 pools.

Rules ('Verses Core v1, "Tests"; "Dive In" example of play):

- every die showing 5 or 6 is one success;
- a test succeeds when the successes reach its Success Target (``1S``, ``2S``…);
- the Success Margin is successes − target + 1, so a 1S attack with 3 successes has SM 3;
- in a contest the challenger's successes are taken from the initiator's, and the
  initiator needs a net above zero that still reaches the target.

Which of the initiator's dice a contest cancels is not stated anywhere; the Action Chaining
example only works if the **highest** successes go first (the guard's one success takes a
six, leaving Tam one six to chain), so that is the rule here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from rules_core.contest import Comparison, Side
from rules_core.explain import RollView, roll_view
from rules_core.marks import Mark
from rules_core.pool import Pool
from rules_core.procedure import CountAtLeast, Procedure, cancel_highest, count_at_least
from rules_core.question import Wins
from rules_core.roll import Die, Roll
from rules_core.verses.marks import CANCELLED_BY_DEFENCE, CHAINS, VERSES_SUCCESS
from rules_core.words import count

SUCCESS_MINIMUM = 5
"""The lowest face that is a success."""

SIX = 6
"""The face that chains."""


SUCCESSES = CountAtLeast(SUCCESS_MINIMUM)
"""How a 'Verses roll is read: its successes, the dice showing 5 or 6."""


def is_success(face: int) -> bool:
    """A die succeeds on 5 or 6."""
    return face >= SUCCESS_MINIMUM


def count_successes(faces: Iterable[int]) -> int:
    """How many of ``faces`` are successes."""
    return sum(1 for face in faces if is_success(face))


@dataclass(frozen=True)
class Resolution:
    """The outcome of a test or contest on one roll.

    ``roll`` is the initiator's roll with the successes the defence cancelled marked (the
    highest first); die positions refer to its dice.
    """

    roll: Roll
    target: int
    defence_successes: int

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled, in the order rolled."""
        return self.roll.faces

    @cached_property
    def cancelled(self) -> frozenset[int]:
        """Positions of the successes the defence cancelled."""
        return frozenset(i for i, die in enumerate(self.roll.dice) if die.cancelled)

    @cached_property
    def successes(self) -> tuple[int, ...]:
        """Positions of the dice that succeeded, before any cancelling."""
        return tuple(i for i, face in enumerate(self.faces) if is_success(face))

    @cached_property
    def surviving(self) -> tuple[int, ...]:
        """Positions of the successes the defence did not cancel."""
        return tuple(i for i in self.successes if i not in self.cancelled)

    @cached_property
    def net(self) -> int:
        """Successes left after the defence."""
        return count_at_least(self.roll, SUCCESS_MINIMUM)

    @cached_property
    def succeeded(self) -> bool:
        """The net is above zero and reaches the Success Target."""
        return self.net > 0 and self.net >= self.target

    @property
    def margin(self) -> int:
        """Success Margin: net − target + 1 on a success, else 0."""
        return self.net - self.target + 1 if self.succeeded else 0

    @property
    def surviving_sixes(self) -> tuple[int, ...]:
        """Positions of sixes that survived the defence."""
        return tuple(i for i in self.surviving if self.faces[i] == SIX)


def resolve(faces: Iterable[int] | Roll, target: int, defence_successes: int = 0) -> Resolution:
    """Resolve a roll against a Success Target and the defence's successes, if any.

    Examples:
        A 1S test rolling 6 6 5 4 against a defence with one success, which cancels a six:

        >>> outcome = resolve([6, 6, 5, 4], 1, defence_successes=1)
        >>> outcome.net, outcome.margin, outcome.surviving_sixes
        (2, 2, (1,))
    """
    roll = faces if isinstance(faces, Roll) else Roll(6, tuple(Die(6, (f,)) for f in faces))
    cancelled = cancel_highest(roll, defence_successes, among=lambda die: is_success(die.face))
    return Resolution(cancelled, target, defence_successes)


@dataclass(frozen=True)
class PoolRoll:
    """Someone's pool and what it rolled: the initiator's (cancelled successes marked, and
    whether its surviving sixes chain) or a defender's."""

    who: str
    label: str
    pool: Pool
    roll: Roll
    chaining: bool = False

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled."""
        return self.roll.faces

    @property
    def successes(self) -> int:
        """Successes rolled, before any cancelling."""
        return count_successes(self.faces)

    @property
    def procedure(self) -> Procedure:
        """How the pool was rolled and read (for the odds)."""
        return self.pool.procedure(reading=SUCCESSES)

    def view(self) -> RollView:
        """The dice: successes, cancelled successes and sixes that chain marked."""
        return roll_view(self.label, self.roll, self._marks)

    def _marks(self, index: int, die: Die) -> tuple[Mark, ...]:
        marks = [VERSES_SUCCESS] if is_success(die.face) else []
        if die.cancelled:
            marks.append(CANCELLED_BY_DEFENCE)
        if self.chaining and die.face == SIX and not die.cancelled:
            marks.append(CHAINS)
        return tuple(marks)


@dataclass(frozen=True)
class CancelSuccesses:
    """The 'Verses contest rule: each of the defender's successes cancels one of the
    initiator's (highest first); the initiator needs a net above zero reaching ``target``.
    A net of zero fails, so ties go to the defender."""

    target: int

    def compare(self, actor: PoolRoll, opponent: PoolRoll, ties_to: Side) -> Comparison:
        """Net successes against the target."""
        outcome = resolve(actor.faces, self.target, opponent.successes)
        word = "success" if outcome.succeeded else "failure"
        verdict = (f"{count(actor.successes, 'success')} against {opponent.successes}: "
                   f"net {outcome.net} against a target of {self.target}, {word}.")
        return Comparison(outcome.succeeded, outcome.net, verdict)

    def question(self, actor: PoolRoll, opponent: PoolRoll, ties_to: Side) -> Wins:
        """The chance the initiator's net reaches the target: their successes less the
        challenger's, ``target`` or more (and at least 1)."""
        need = max(self.target, 1)
        return Wins(actor.who, actor.procedure, opponent.who, opponent.procedure, need,
                    f"{opponent.who}'s successes cancel {actor.who}'s",
                    event=f"a success against {self.target}S")

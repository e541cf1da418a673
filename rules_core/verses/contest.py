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

from dataclasses import dataclass
from functools import cached_property

SUCCESS_MINIMUM = 5
SIX = 6


def is_success(face: int) -> bool:
    """A die succeeds on 5 or 6."""
    return face >= SUCCESS_MINIMUM


def count_successes(faces: tuple[int, ...]) -> int:
    """How many of ``faces`` are successes."""
    return sum(1 for face in faces if is_success(face))


@dataclass(frozen=True)
class Resolution:
    """The outcome of a test or contest on one roll.

    Die positions refer to ``faces``; ``cancelled`` are the initiator's successes the
    defence took away, highest first.
    """

    faces: tuple[int, ...]
    target: int
    defence_successes: int
    cancelled: frozenset[int]

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
        return len(self.surviving)

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


def resolve(faces: tuple[int, ...], target: int, defence_successes: int = 0) -> Resolution:
    """Resolve a roll against a Success Target and the defence's successes, if any."""
    ranked = sorted(
        (i for i, face in enumerate(faces) if is_success(face)),
        key=lambda i: (-faces[i], i),
    )
    cancelled = frozenset(ranked[:defence_successes])
    return Resolution(faces, target, defence_successes, cancelled)

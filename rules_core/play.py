"""Rounds played until something is decided, never more than a limit, and their log.

Extended tasks, races, chases and roll-offs all repeat a round until an outcome is reached,
and with random dice nothing guarantees one: a [`PlayLoop`][rules_core.play.PlayLoop] stops
at ``max_rounds`` ([`MAX_ROUNDS`][rules_core.limits.MAX_ROUNDS] by default) with a
[`RoundLimitError`][rules_core.errors.RoundLimitError] that says how to give the loop an end.
The log of rounds it keeps becomes a table; [`copy`][rules_core.play.PlayLoop.copy] gives an
independent copy for trying a move.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Generic, Self, TypeVar

from rules_core import limits
from rules_core.dice import DiceSource
from rules_core.errors import RoundLimitError, RulesError
from rules_core.explain import TableView

R = TypeVar("R")
"""What one round of a play loop is (an attempt, a scored round)."""


class PlayLoop(ABC, Generic[R]):
    """Rounds (each an ``R``) played until [`done`][rules_core.play.PlayLoop.done]; the log
    of rounds played is ``log``.

    A subclass says when it is [`done`][rules_core.play.PlayLoop.done], plays one round in
    [`play_round`][rules_core.play.PlayLoop.play_round] (which starts with
    [`begin_round`][rules_core.play.PlayLoop.begin_round] and ends with
    [`record`][rules_core.play.PlayLoop.record]), and words its state for errors in
    [`over`][rules_core.play.PlayLoop.over] and [`stalled`][rules_core.play.PlayLoop.stalled].
    ``limit_error`` is the error raised at the round limit. Kruhl's extended tasks, races and
    chases are play loops.
    """

    limit_error: type[RoundLimitError] = RoundLimitError

    def __init__(self, max_rounds: int | None = None) -> None:
        self.max_rounds = limits.MAX_ROUNDS if max_rounds is None else max_rounds
        self.log: list[R] = []

    @property
    @abstractmethod
    def done(self) -> bool:
        """Whether the outcome is decided."""

    @abstractmethod
    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> R:
        """Play one round (calling [`begin_round`][rules_core.play.PlayLoop.begin_round] first)
    and return it."""

    @abstractmethod
    def over(self) -> str:
        """Why no round can be played: the outcome, in words."""

    @abstractmethod
    def stalled(self) -> str:
        """Why the round limit was reached, and how to give the loop an end."""

    def begin_round(self) -> int:
        """The number of the round about to be played; an error if there can be none."""
        if self.done:
            raise RulesError(self.over())
        if len(self.log) >= self.max_rounds:
            raise self.limit_error(self.stalled())
        return len(self.log) + 1

    def record(self, played: R) -> R:
        """Add a round played to the log."""
        self.log.append(played)
        return played

    def play(self, dice: DiceSource, other: DiceSource | None = None) -> Self:
        """Play rounds until the outcome is decided (or the round limit stops it)."""
        while not self.done:
            self.play_round(dice, other)
        return self

    def copy(self) -> Self:
        """An independent copy (rounds are immutable; the log is not shared)."""
        twin = copy.copy(self)
        twin.log = list(self.log)
        return twin

    def table(self, caption: str, header: tuple[str, ...],
              row: Callable[[int, R], tuple[str, ...]]) -> TableView:
        """The log as a table: ``row(number, round)`` for each round, from 1."""
        return TableView(caption, header, tuple(row(n, r) for n, r in enumerate(self.log, 1)))


def rounds(stalled: Callable[[], str], limit: int | None = None,
           error: type[Exception] = RoundLimitError) -> Iterator[int]:
    """Round numbers 1, 2, … for a loop that ``break``s or ``return``s when decided; past
    ``limit`` (default [`MAX_ROUNDS`][rules_core.limits.MAX_ROUNDS]) raise
    ``error(stalled())``.

    Examples:
        >>> for number in rounds(lambda: "still tied after 3 roll-offs", limit=3):
        ...     pass
        Traceback (most recent call last):
        ...
        rules_core.errors.RoundLimitError: still tied after 3 roll-offs
    """
    yield from range(1, (limits.MAX_ROUNDS if limit is None else limit) + 1)
    raise error(stalled())

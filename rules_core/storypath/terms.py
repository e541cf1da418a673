"""The terms of a Storypath action that its roll settles: Enhancement, Complications and
stunts (Scion 2e, "Action-Adventure"), items that lend an Enhancement, and what a roll reads
from its action.

An [`Action`][rules_core.storypath.Action] rolls itself with
``result``; the result and the spending of threshold successes
read the action through ``PlannedAction``, so
neither imports the action's module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules_core.pool import Pool
from rules_core.procedure import Procedure
from rules_core.storypath.errors import ActionError
from rules_core.success_pool import SuccessRule
from rules_core.words import count, is_whole

MAX_TEAMWORK = 3
"""The most Enhancement teamwork gives a roll (Scion 2e, "Teamwork")."""


ENHANCEMENT = "Enhancement"
"""What a Storypath roll's bonus successes are called."""


ITEM_ENHANCEMENT = 1
"""The Enhancement an item picked up by Snatch and Grab gives a roll it is used in (Scion
2nd Edition, "Action-Adventure", "General Chase Options")."""


@dataclass(frozen=True, repr=False)
class Item:
    """A piece of equipment, ``name``, that lends ``enhancement`` to a roll it is used in:
    what a Snatch and Grab picks up in a chase (+1 Enhancement; Scion 2nd Edition,
    "General Chase Options"). A later roll takes it with
    [`Action.using`][rules_core.storypath.Action.using].

    Examples:
        >>> Item("an ice axe")
        <an ice axe: +1 Enhancement where used>
    """

    name: str
    enhancement: int = ITEM_ENHANCEMENT

    def __post_init__(self) -> None:
        if not is_whole(self.enhancement, 1):
            raise ActionError(f"an item lends a whole Enhancement, 1 or more, not "
                              f"{self.enhancement!r}")

    def __str__(self) -> str:
        return f"{self.name} (+{self.enhancement} {ENHANCEMENT} where used)"

    def __repr__(self) -> str:
        return f"<{self.name}: +{self.enhancement} {ENHANCEMENT} where used>"


@dataclass(frozen=True)
class Complication:
    """A Complication: ``rating`` threshold successes buy it off; otherwise ``what``
    happens."""

    rating: int
    what: str

    def __post_init__(self) -> None:
        if not is_whole(self.rating, 1):
            raise ActionError(f"a Complication's rating must be a whole number, 1 or more, "
                              f"not {self.rating!r}")

    def __str__(self) -> str:
        return f"Complication {self.rating} ({self.what})"


@dataclass(frozen=True)
class Stunt:
    """Something bought with ``cost`` threshold successes (after the Complications), which
    gives ``gives``."""

    name: str
    cost: int
    gives: str = ""

    def __post_init__(self) -> None:
        if not is_whole(self.cost, 1):
            raise ActionError(f"a stunt costs a whole number of successes, 1 or more, "
                              f"not {self.cost!r}")

    def __str__(self) -> str:
        return f"{self.name} ({count(self.cost, 'success')})"


class Helping(Protocol):
    """What an action reads from a helper's roll (a [`Help`][rules_core.storypath.Help])."""

    @property
    def who(self) -> str:
        """The helper."""
        ...

    @property
    def leader(self) -> str:
        """Whom they help."""
        ...

    @property
    def enhancement(self) -> int:
        """The Enhancement the help gives."""
        ...


class PlannedAction(Protocol):
    """What a roll reads from the action it rolled (an
    [`Action`][rules_core.storypath.Action])."""

    @property
    def who(self) -> str:
        """Who acts."""
        ...

    @property
    def task(self) -> str:
        """What they attempt."""
        ...

    @property
    def player(self) -> bool:
        """Whether a player plays who acts (a PC), not the Storyguide."""
        ...

    @property
    def pool(self) -> Pool:
        """The dice pool."""
        ...

    @property
    def rule(self) -> SuccessRule:
        """How the dice are read."""
        ...

    @property
    def difficulty(self) -> int:
        """The successes needed."""
        ...

    @property
    def enhancement(self) -> int:
        """The Enhancement the roll gets if its dice show a success."""
        ...

    @property
    def enhancements(self) -> tuple[tuple[str, int], ...]:
        """Each Enhancement and why."""
        ...

    @property
    def complications(self) -> tuple[Complication, ...]:
        """The Complications, in the order they are bought off."""
        ...

    @property
    def stunts(self) -> tuple[Stunt, ...]:
        """The stunts, bought after the Complications."""
        ...

    def difficulty_text(self) -> str:
        """``Difficulty 2``, with what raised it."""
        ...

    def procedure(self, *, with_enhancement: bool = True) -> Procedure:
        """How the pool is rolled and read."""
        ...

"""What resolving an attack reads from the attack.

An [`Attack`][rules_core.hubris.Attack] resolves itself with
``exchange``; the exchange (and the results of attacks on many
targets) read the attack through this description, so no module of the exchange imports
the attack's.
"""

from __future__ import annotations

from typing import Protocol

from rules_core.dice import DiceSource
from rules_core.hubris.ongoing import Ongoing
from rules_core.hubris.options import Options
from rules_core.hubris.rolls import HubrisRoll
from rules_core.hubris.weapons import Consequence, Weapon


class Striking(Protocol):
    """What resolving an attack reads from it: an [`Attack`][rules_core.hubris.Attack],
    which resolves itself with this module (so this module never imports it)."""

    @property
    def who(self) -> str:
        """Who attacks."""
        ...

    @property
    def task(self) -> str:
        """What the attack is called."""
        ...

    @property
    def traits(self) -> tuple[tuple[str, int], ...]:
        """The traits rolled (name, dots)."""
        ...

    @property
    def options(self) -> Options:
        """The optional rules it is read under."""
        ...

    @property
    def means(self) -> str:
        """The trait paired with the Attribute, or ``hazard``, ``mob``."""
        ...

    @property
    def damage(self) -> str | None:
        """The kind of damage (``None``: none)."""
        ...

    @property
    def weapon(self) -> Weapon | None:
        """The weapon, if any."""
        ...

    @property
    def consequence(self) -> Consequence | None:
        """The serious consequence it aims for, if any."""
        ...

    @property
    def ongoing(self) -> Ongoing | None:
        """The harm it leaves behind, if any."""
        ...

    @property
    def willpower(self) -> bool:
        """Whether a Willpower point was spent on the pool."""
        ...

    @property
    def size(self) -> int:
        """How many dice it rolls."""
        ...

    def pool_text(self) -> str:
        """The pool in words."""
        ...

    def roll_dice(self, dice: DiceSource, *, floor: int = 0, floor_why: str = "",
                  added: int = 0, added_why: str = "") -> HubrisRoll:
        """Roll the attack's pool."""
        ...

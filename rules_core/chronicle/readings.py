"""The choices the source leaves open, in one place, each with our default reading.

A Song of Ice and Fire Roleplaying's "Combat Actions" leans on rules it never states and uses
some words in two senses. Every such choice is a field of
[`Readings`][rules_core.chronicle.Readings]; the defaults are our readings, and a test, an
attack or a combat takes ``readings=`` to play another.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.errors import ChronicleError

FEWER_KEPT = "fewer kept"
"""Penalty dice: roll test + bonus dice, keep the highest (test dice − penalty dice)."""

DROP_HIGHEST = "drop highest"
"""Penalty dice (a house reading): roll an extra die per −1D and drop the highest. Bonus and
penalty dice cancel one for one first."""

KEPT = "kept"
"""Count a critical's sixes among the dice kept."""

ROLLED = "rolled"
"""Count a critical's sixes among every die rolled, bonus dice dropped too."""

MISS_BY_FIVE = "miss by 5"
"""A critical failure is a test that misses its Difficulty by 5 or more (core SIFRP)."""

ALL_ONES = "all ones"
"""A critical failure is a fumble: every die rolled shows 1."""

FINAL = "final"
"""A "+N damage" bonus is added once, after the base damage is multiplied by the degrees."""

BASE = "base"
"""A "+N damage" bonus is added to the base damage, so the degrees multiply it."""

LITERAL = "literal"
"""Wound recovery removes 1 wound plus one per two degrees: 1 + ⌊DoS / 2⌋."""

AFTER_FIRST = "after the first"
"""Wound recovery removes 1 wound plus one per two degrees beyond the first:
1 + ⌊(DoS − 1) / 2⌋."""

_CHOICES = {
    "penalty_dice": (FEWER_KEPT, DROP_HIGHEST),
    "critical_sixes": (KEPT, ROLLED),
    "critical_failure": (MISS_BY_FIVE, ALL_ONES),
    "damage_bonus": (FINAL, BASE),
    "wound_recovery": (LITERAL, AFTER_FIRST),
}


@dataclass(frozen=True)
class Readings:
    """How the engine reads what the source leaves open; the defaults are our readings.

    - ``penalty_dice``: ``FEWER_KEPT`` (default)
      or ``DROP_HIGHEST``.
    - ``critical_sixes``: which sixes a critical counts, ``"kept"`` (default) or
      ``"rolled"``.
    - ``critical_failure``: what Disarm and the recovery tests call a critical failure,
      ``"miss by 5"`` (default) or ``"all ones"`` (a fumble).
    - ``damage_bonus``: where Charge's, Mounted Attack's and an off-hand weapon's bonus to
      damage goes, ``"final"`` (default: added once) or ``"base"`` (multiplied by the
      degrees). Set for Charge always adds to base damage, as written.
    - ``wound_recovery``: ``"literal"`` (default: 1 + ⌊DoS/2⌋ wounds) or
      ``"after the first"`` (1 + ⌊(DoS−1)/2⌋).

    Examples:
        >>> Readings()
        Readings()
        >>> Readings(critical_sixes="rolled")
        Readings(critical_sixes='rolled')
        >>> Readings(penalty_dice="drop best")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.chronicle.errors.ChronicleError: penalty_dice is ... not 'drop best'
    """

    penalty_dice: str = FEWER_KEPT
    critical_sixes: str = KEPT
    critical_failure: str = MISS_BY_FIVE
    damage_bonus: str = FINAL
    wound_recovery: str = LITERAL

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ChronicleError(f"{name} is {allowed[0]!r} or {allowed[1]!r}, "
                                     f"not {value!r}")

    def changed(self) -> tuple[tuple[str, str], ...]:
        """The fields that differ from the defaults, as (name, value)."""
        return tuple((name, getattr(self, name)) for name, allowed in _CHOICES.items()
                     if getattr(self, name) != allowed[0])

    def __repr__(self) -> str:
        return "Readings(" + ", ".join(f"{n}={v!r}" for n, v in self.changed()) + ")"


DEFAULT_READINGS = Readings()
"""Our default readings of what "Combat Actions" leaves open."""

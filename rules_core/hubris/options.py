"""The readings a table chooses where the Act of Hubris is silent or optional.

The section ("Turn by turn action and combat") uses **Edge** and **Difficulty** without
defining them, calls armor "guaranteed minimum successes" without saying how they meet the
roll ("Resisting Supernatural Powers"), and offers two damage caps as optional rules
("Individual Damage Cap", "Group Damage Cap"). Each choice is an
[`Options`][rules_core.hubris.Options] field, set on every setup that rolls
(``.under(options)``); the defaults are the readings the chapter argues for:

- Edge *n* adds *n* dice; Difficulty *n* takes *n* dice away (``difficulty="dice"``), or,
  the other reading, takes *n* successes away from the roll (``difficulty="successes"``);
- armor and protective equipment are a minimum: the resistance reads the better of its
  successes and the rating (``armor="minimum"``), or, the other reading, the rating is added
  (``armor="added"``);
- the individual cap (5 wounds an attack) and the group cap (attacks + 4 a round) are on;
- a Willpower point adds 3 dice (Chronicles of Darkness), ``willpower_dice``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.hubris.errors import HubrisError
from rules_core.words import is_whole

DICE = "dice"
"""Difficulty *n* takes *n* dice from the pool (the default reading)."""

SUCCESSES = "successes"
"""Difficulty *n* takes *n* successes from the roll (the other reading)."""

MINIMUM = "minimum"
"""Armor *n*: the resistance reads at least *n* successes (the default reading)."""

ADDED = "added"
"""Armor *n*: *n* successes are added to the resistance roll (the other reading)."""


@dataclass(frozen=True)
class Options:
    """The table's readings (see the module's introduction).

    Examples:
        >>> Options(group_cap=False)  # doctest: +NORMALIZE_WHITESPACE
        Options(Difficulty takes dice, armor is a minimum, individual cap on,
                group cap off, Willpower +3 dice)
        >>> Options(difficulty="penalty")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.hubris.errors.HubrisError: difficulty is 'dice' ...
    """

    difficulty: str = DICE
    armor: str = MINIMUM
    individual_cap: bool = True
    group_cap: bool = True
    willpower_dice: int = 3

    def __post_init__(self) -> None:
        if self.difficulty not in (DICE, SUCCESSES):
            raise HubrisError(f"difficulty is {DICE!r} (Difficulty takes dice away) or "
                              f"{SUCCESSES!r} (it takes successes away), not "
                              f"{self.difficulty!r}")
        if self.armor not in (MINIMUM, ADDED):
            raise HubrisError(f"armor is {MINIMUM!r} (a guaranteed minimum of successes) or "
                              f"{ADDED!r} (successes added to the roll), not {self.armor!r}")
        if not is_whole(self.willpower_dice, 1):
            raise HubrisError(f"willpower_dice must be a whole number, 1 or more, not "
                              f"{self.willpower_dice!r}")

    def __repr__(self) -> str:
        caps = [f"{name} cap {'on' if on else 'off'}"
                for name, on in (("individual", self.individual_cap),
                                 ("group", self.group_cap))]
        return (f"Options(Difficulty takes {self.difficulty}, armor is "
                f"{'a minimum' if self.armor == MINIMUM else 'added'}, {', '.join(caps)}, "
                f"Willpower +{self.willpower_dice} dice)")


STANDARD_OPTIONS = Options()
"""The chapter's readings: Difficulty takes dice, armor is a minimum, both caps on,
Willpower adds 3 dice."""

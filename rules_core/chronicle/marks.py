"""How Chronicle System dice are marked on a card, beyond the core's *not counted* mark.

A test rolls its test dice and its bonus dice together and keeps the best; the card shows
which dice were bonus dice, which were dropped, and, on a critical hit or a fumble, which
faces the critical or fumble table counts.
"""

from __future__ import annotations

from rules_core.marks import Mark, Tone

BONUS_DIE = Mark("bonus die", "a bonus die (B): rolled with the test dice, counts "
                 "only if among the best", "B", "bonus die (B)", Tone.EXTRA)
"""A bonus die: rolled with the test dice, it counts only if it is among the best (SIFRP core
rules)."""

EXTRA_PENALTY_DIE = Mark("extra penalty die", "an extra die for a penalty die: "
                         "the highest dice are dropped", "−",
                         "extra die for a penalty (−D): the highest are dropped",
                         Tone.EXTRA)
"""Under the house reading of penalty dice, an extra die rolled for each −1D (the highest dice
are then dropped)."""

CRITICAL_SIX = Mark("critical six", "a six, counted on the critical table", "★",
                    "a six counted on the critical table", Tone.ACCENT)
"""A six counted on the critical-hit table."""

FUMBLE_ONE = Mark("fumble one", "a one: every die shows 1, a fumble", "✗",
                  "a one of a fumble (every die shows 1)", Tone.FAILURE)
"""A one of a fumble (every die rolled shows 1); an attack counts them on the fumble
table."""

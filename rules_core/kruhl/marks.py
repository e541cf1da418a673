"""How Kruhl dice are marked on a card, beyond the core's rerolled and not-counted marks."""

from __future__ import annotations

from rules_core.marks import Mark, Tone, register

PLOT_POINT_DIE = register(Mark("plot point", "a die bought with a plot point", "+",
                               "a die bought with a plot point", Tone.EXTRA))
"""A bonus die bought with a plot point after the roll (Kruhl 3e, "Bonus Die")."""

"""How Kruhl dice are marked on a card, beyond the core's rerolled and not-counted marks."""

from __future__ import annotations

from rules_core.marks import Mark, Tone

PLOT_POINT_DIE = Mark("plot point", "a die bought with a plot point", "+",
                      "a die bought with a plot point", Tone.EXTRA)
"""A bonus die bought with a plot point after the roll (Kruhl 3e, "Bonus Die")."""

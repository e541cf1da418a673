"""How 'Verses dice are marked on a card: successes, sixes that chain, successes cancelled."""

from __future__ import annotations

from rules_core.marks import SUCCESS, Mark, Tone

VERSES_SUCCESS = SUCCESS
"""A die showing 5 or 6 (the core's success mark)."""

CHAINS = Mark("chains", "chains to the next action", "↪", "six that chains",
              Tone.ACCENT)
"""A surviving six of a successful chainable action: it joins the next action's pool."""

CANCELLED_BY_DEFENCE = Mark("cancelled by the defence", "cancelled by the defence",
                            "✗", "cancelled by the defence", Tone.STRUCK)
"""A success the defender's successes took away (highest first)."""

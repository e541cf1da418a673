"""'Verses Core v1, "Action Chaining": d6 pools, successes on 5–6, sixes that chain.

Public API:

```python
tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2, "Grappling": 3},
            action_dice=6)
scene = Scene(tam, guard)
first = scene.act(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 4 2 1"))
second = scene.chain(tam, PUNCH, ad=1, dice=...)
```

**Words.** One word names one thing in all five systems of this engine: a pool's ``size``
is how many dice it rolls (``result.size``, chained dice included); ``successes`` are the
successes the dice show, ``net`` those left once the defence cancels some; ``succeeded`` is
the verdict, yes or no.
"""

from rules_core.system import System
from rules_core.verses.actions import CHOKE_OUT, CLINCH, KICK, PUNCH, TAKEDOWN, ActionKind
from rules_core.verses.contest import (
    SUCCESSES,
    CancelSuccesses,
    PoolRoll,
    Resolution,
    count_successes,
    is_success,
    resolve,
)
from rules_core.verses.errors import ActionDiceError, ChainError, ChainLimitError
from rules_core.verses.marks import CANCELLED_BY_DEFENCE, CHAINS
from rules_core.verses.results import ActionResult
from rules_core.verses.roll_form import ROLL_FORM
from rules_core.verses.scene import Ledger, Scene, pool_for
from rules_core.verses.skills import ACTION_CHAINING_DEFAULTS, Actor, SkillCatalog

SYSTEM = System(
    package=__name__,
    title="'Verses Core",
    short_title="'Verses Core",
    source="'Verses Core Rules v1, \"Action Chaining\"",
    sections=(
        'Action Chaining',
    ),
    dice="pools of d6, successes on 5–6, sixes chain",
    chapter="verses/action-chaining.md",
    chapter_title="Action Chaining",
    reference=(
        ("Actors and skill dice", "skills"),
        ("Kinds of action", "actions"),
        ("Scenes and chaining", "scene"),
        ("Action results", "results"),
        ("Tests and contests", "contest"),
        ("Marks", "marks"),
        ("Roll your own", "roll_form"),
        ("Errors", "errors"),
    ),
    marks=(CHAINS, CANCELLED_BY_DEFENCE),
)
"""How the site presents 'Verses Core: its chapter, its engine reference and its marks."""

__all__ = [
    "ACTION_CHAINING_DEFAULTS",
    "CANCELLED_BY_DEFENCE",
    "CHAINS",
    "CHOKE_OUT",
    "CLINCH",
    "KICK",
    "PUNCH",
    "ROLL_FORM",
    "SUCCESSES",
    "TAKEDOWN",
    "ActionDiceError",
    "ActionKind",
    "ActionResult",
    "Actor",
    "CancelSuccesses",
    "ChainError",
    "ChainLimitError",
    "Ledger",
    "PoolRoll",
    "Resolution",
    "Scene",
    "SkillCatalog",
    "count_successes",
    "is_success",
    "pool_for",
    "resolve",
]

"""Storypath "Action-Adventure" (Scion 2nd Edition): d10 pools with 10-again, initiative
rosters, turns and movement, cover, and chases.

Public API:

```python
ana = Character("Ana", {"Might": 2, "Dexterity": 3, "Cunning": 2},
                {"Athletics": 3, "Close Combat": 2}, player=True)
leap = ana.action("Athletics", "Dexterity", difficulty=2, task="Leap")
leap.enhanced(1, "a rope").complicated(1, "she drops the torch").roll(dice)
mixed(first, second, dice=...); teamwork(helper, leader, dice=...); contest(a, b, ...)
roll_initiative(ana.initiative("Close Combat"), ..., dice=...).roster(players=[...])
turn = Turn(ana, engaged=["Frost giant"]); turn.disengage(giant, dice=..., defence=...)
turn.move(dice=...)  # a roll on difficult terrain; reflexive, with no dice, on open ground
railing = Cover("the marble railing", LIGHT); railing.hit("Ana")
chase = Chase(chase_pool(ana, "sprint"), chase_pool(giant, "sprint"), laps=3,
              interval_limit=5); chase.interval(dice, other, head_start={"Ana": 2})
axe = chase.items["Ana"][0]; ana.action("Close Combat", "Might").using(axe)  # +1
```

**Words.** One word names one thing in all five systems of this engine: ``size`` is how
many dice a pool rolls (``action.size``; a result's ``size``, for a mixed action the
smaller pool's); ``successes`` are the successes the dice show, and ``total`` adds the
Enhancement; ``succeeded`` and ``outcome`` are the verdict; ``order`` lists names in acting
order (``Roster.order``). A mixed action's two tasks are its ``first`` and ``second``
actions, each with its own Difficulty and Complications (``result.first.difficulty``).
"""

from rules_core.storypath.action import Action
from rules_core.storypath.character import ATTRIBUTES, PHYSICAL, SKILLS, Character
from rules_core.storypath.chase import Chase, chase_roll
from rules_core.storypath.chase_options import (
    CHASE_SKILLS,
    COURSES,
    DRIVING,
    SNATCH_COST,
    Hazard,
    chase_pool,
    hazard,
    head_start,
    snatch_and_grab,
)
from rules_core.storypath.contested import Contested, contest
from rules_core.storypath.cover import (
    COVER_KINDS,
    EXPENDABLE,
    FULL,
    HEAVY,
    LIGHT,
    Cover,
    CoverHit,
    CoverKind,
)
from rules_core.storypath.errors import (
    ActionError,
    CharacterError,
    ChaseError,
    CoverError,
    InitiativeError,
    StorypathError,
    TurnError,
)
from rules_core.storypath.helping import Help, teamwork
from rules_core.storypath.initiative import Initiative, Roster, Slot, roll_initiative
from rules_core.storypath.interval import Interval
from rules_core.storypath.mixed_actions import MixedResult, mixed
from rules_core.storypath.movement import (
    DIFFICULT,
    OPEN,
    TWICE_ATHLETICS,
    TWICE_BOTH,
    Speed,
    speed,
)
from rules_core.storypath.race import Race
from rules_core.storypath.reflexive import Reflexive, Unrolled
from rules_core.storypath.result import ActionResult
from rules_core.storypath.roll_form import ROLL_FORM
from rules_core.storypath.terms import (
    ENHANCEMENT,
    ITEM_ENHANCEMENT,
    MAX_TEAMWORK,
    Complication,
    Item,
    Stunt,
)
from rules_core.storypath.turn import Turn
from rules_core.success_pool import COUNTS_DOUBLE, DRAMATIC
from rules_core.system import System

SYSTEM = System(
    package=__name__,
    title="Storypath (Scion 2e)",
    short_title="Storypath",
    source='Scion 2nd Edition, "Action-Adventure"',
    sections=(
        'Action-Adventure', 'Actions', 'Barriers', 'Chases', 'Difficult and Dangerous Terrain',
        'Disengage', 'Drop/Stand', 'General Chase Options', 'Hazard', 'Head Start', 'Initiative',
        'Laps', 'Move', 'Movement', 'Other Chases', 'Rise from Prone', 'Rush', 'Snatch and Grab',
        'Utilize Cover', 'Withdraw',
    ),
    dice="pools of d10, successes on 8+, 10s rolled again; Enhancement and Complications",
    chapter="storypath/index.md",
    chapter_title="Action-Adventure",
    reference=(
        ("Characters", "character"),
        ("Actions and results", "action"),
        ("Actions and results", "terms"),
        ("Actions and results", "result"),
        ("Mixed actions", "mixed_actions"),
        ("Teamwork", "helping"),
        ("Contested rolls", "contested"),
        ("Initiative", "initiative"),
        ("The turn", "turn"),
        ("The turn", "turn_record"),
        ("The turn", "reflexive"),
        ("Movement", "movement"),
        ("Cover", "cover"),
        ("Chases", "chase"),
        ("Chases", "chase_options"),
        ("Chases", "interval"),
        ("Races", "race"),
        ("Roll your own", "roll_form"),
        ("Errors", "errors"),
    ),
    marks=(COUNTS_DOUBLE, DRAMATIC),
)
"""How the site presents Storypath: its chapter, its engine reference and its marks."""

__all__ = [
    "ATTRIBUTES",
    "CHASE_SKILLS",
    "COURSES",
    "COVER_KINDS",
    "DIFFICULT",
    "DRIVING",
    "ENHANCEMENT",
    "EXPENDABLE",
    "FULL",
    "HEAVY",
    "ITEM_ENHANCEMENT",
    "LIGHT",
    "MAX_TEAMWORK",
    "OPEN",
    "PHYSICAL",
    "ROLL_FORM",
    "SKILLS",
    "SNATCH_COST",
    "TWICE_ATHLETICS",
    "TWICE_BOTH",
    "Action",
    "ActionError",
    "ActionResult",
    "Character",
    "CharacterError",
    "Chase",
    "ChaseError",
    "Complication",
    "Contested",
    "Cover",
    "CoverError",
    "CoverHit",
    "CoverKind",
    "Hazard",
    "Help",
    "Initiative",
    "InitiativeError",
    "Interval",
    "Item",
    "MixedResult",
    "Race",
    "Reflexive",
    "Roster",
    "Slot",
    "Speed",
    "StorypathError",
    "Stunt",
    "Turn",
    "TurnError",
    "Unrolled",
    "chase_pool",
    "chase_roll",
    "contest",
    "hazard",
    "head_start",
    "mixed",
    "roll_initiative",
    "snatch_and_grab",
    "speed",
    "teamwork",
]

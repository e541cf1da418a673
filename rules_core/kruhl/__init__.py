"""Warlords of Kruhl 3e, "Actions": d6 skill rolls, opposed and unopposed, and combat.

Public API:

```python
soraya = Character("Soraya", {"Brawn": 2, "Agility": 3, "Reason": 2, "Endurance": 5},
                   skills={"Hand-to-hand Combat": "expert"}, equipment={"sword": 1})
soraya.attack(using="sword")                  # a SkillCheck: 2d6 expert + 2 Brawn + 1 sword
opposed(soraya.attack(), virek.defend(), dice=rolled("1 4 5"), defence=rolled("3 3"))
unopposed(soraya.check("Lockpicking"), 3, dice=rolled("4 4"), gm=rolled("2 3"))
fight = Fight(soraya, virek); fight.grapple("Soraya", "Virek-Kohl", dice=..., defence=...)
order = TurnOrder(["Soraya", "Virek-Kohl"]); order.play_round(delay={"Soraya": ...})
```

**Words.** One word names one thing in all five systems of this engine: a check's ``size``
is how many dice it rolls, and its ``pool`` says why (training, bonus and penalty dice);
``total`` is what a roll reads; ``succeeded`` is the verdict; ``order`` lists names in
acting order (``Initiative.order``, ``TurnOrder.order``) and ``up`` is who acts now. The
old names ``SkillCheck.count`` and ``TurnOrder.up_next`` still work, with a warning, until
0.5.0.
"""

from rules_core.kruhl.attack_results import AttackGroup, AttackResult
from rules_core.kruhl.character import Character
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.conditions import Conditions
from rules_core.kruhl.contest import Contest, RoutineTask, opposed, routine, unopposed
from rules_core.kruhl.difficulties import DV_LADDER, Difficulty, difficulty
from rules_core.kruhl.economy import TurnActions
from rules_core.kruhl.effort import CombinedEffort, combine_effort
from rules_core.kruhl.endurance import Endurance
from rules_core.kruhl.errors import (
    ActionEconomyError,
    CharacterError,
    ContestLimitError,
    FightError,
    ForcedActionError,
    PlotPointError,
    SituationError,
    TurnOrderError,
)
from rules_core.kruhl.extended import ExtendedTask
from rules_core.kruhl.extended_contests import Chase, Race, ScoredRound
from rules_core.kruhl.fight import Fight
from rules_core.kruhl.fight_state import FightState
from rules_core.kruhl.initiative import Initiative, roll_initiative
from rules_core.kruhl.maneuvers import RANGED_ATTACK, AttackTraits, Maneuver
from rules_core.kruhl.marks import PLOT_POINT_DIE
from rules_core.kruhl.plot_points import PlotPoints, Surge, surge
from rules_core.kruhl.ranges import RangeBand, range_band, range_circumstances
from rules_core.kruhl.roll import SkillRoll
from rules_core.kruhl.roll_form import ROLL_FORM
from rules_core.kruhl.situations import Situation, exhaustion
from rules_core.kruhl.training import EXPERT, SKILLED, UNTRAINED, Training
from rules_core.kruhl.turns import ROUND_SECONDS, ROUNDS_PER_MINUTE, Turn, TurnOrder
from rules_core.system import System

SYSTEM = System(
    package=__name__,
    title="Warlords of Kruhl 3e",
    short_title="Warlords of Kruhl",
    source='Warlords of Kruhl 3e, "Actions"',
    sections=(
        'Actions', 'Area Attacks', 'Blinding', 'Bonus Die', 'Bonuses And Penalties',
        'Breaking Free Of A Grapple', 'Burst Fire Weapons', 'Charging', 'Combining Effort',
        'Consequences', 'Cover', 'Death', 'Delaying A Turn', 'Difficulty', 'Disarming',
        'Distracting', 'Dodging', 'Endurance And Recovery', 'Escape', 'Exhaustion',
        'Extended Tasks', 'Failure', 'Forcing An Action', 'Free Action', 'Gaining Plot Points',
        'Grapple vs. Grapple', 'Grappling', 'Helpless Or Unconscious Characters',
        'Hurting A Grappled Target', 'Inanimate Objects', 'Initiating Conflict', 'Inspiration',
        'Move Action', 'Opposed Tasks', 'Order Of Play', 'Penetrating', 'Plot Points',
        'Prone Characters', 'Quick Action', 'Rabble', 'Rally', 'Range', 'Restrained Characters',
        'Retcon', 'Rolling Dice', 'Running For Cover', 'Skill Roll', 'Slamming',
        'Special Actions', 'Special Attack Types', 'Spending Plot Points', 'Standard Action',
        'Stunning', 'Success', 'Surge', 'Sweep Attack', 'Terrifying',
        'Throwing A Grappled Target', 'Types Of Actions', 'Unopposed Tasks',
    ),
    dice="1d6 or 2d6 summed, plus attribute and gear, against an opponent or 2d6 + DV",
    chapter="kruhl/index.md",
    chapter_title="Actions",
    reference=(
        ("Characters", "character"),
        ("Training", "training"),
        ("Skill checks", "check"),
        ("Skill rolls", "roll"),
        ("Opposed and unopposed rolls", "contest"),
        ("Difficulty", "difficulties"),
        ("Circumstances", "situations"),
        ("Combining effort", "effort"),
        ("Extended tasks", "extended"),
        ("Races and chases", "extended_contests"),
        ("Plot points", "plot_points"),
        ("Fights", "fight"),
        ("The state of a fight", "fight_state"),
        ("Maneuvers and attack types", "maneuvers"),
        ("What an attack does", "effects"),
        ("What an attack does", "attack_results"),
        ("Conditions", "conditions"),
        ("Endurance", "endurance"),
        ("Ranges", "ranges"),
        ("Order of play", "turns"),
        ("Initiative", "initiative"),
        ("Actions on a turn", "economy"),
        ("Roll your own", "roll_form"),
        ("Errors", "errors"),
    ),
    marks=(PLOT_POINT_DIE,),
)
"""How the site presents Warlords of Kruhl: its chapter, its engine reference and its marks."""

__all__ = [
    "DV_LADDER",
    "EXPERT",
    "RANGED_ATTACK",
    "ROLL_FORM",
    "ROUNDS_PER_MINUTE",
    "ROUND_SECONDS",
    "SKILLED",
    "UNTRAINED",
    "ActionEconomyError",
    "AttackGroup",
    "AttackResult",
    "AttackTraits",
    "Character",
    "CharacterError",
    "Chase",
    "CombinedEffort",
    "Conditions",
    "Contest",
    "ContestLimitError",
    "Difficulty",
    "Endurance",
    "ExtendedTask",
    "Fight",
    "FightError",
    "FightState",
    "ForcedActionError",
    "Initiative",
    "Maneuver",
    "PlotPointError",
    "PlotPoints",
    "Race",
    "RangeBand",
    "RoutineTask",
    "ScoredRound",
    "Situation",
    "SituationError",
    "SkillCheck",
    "SkillRoll",
    "Surge",
    "Training",
    "Turn",
    "TurnActions",
    "TurnOrder",
    "TurnOrderError",
    "combine_effort",
    "difficulty",
    "exhaustion",
    "opposed",
    "range_band",
    "range_circumstances",
    "roll_initiative",
    "routine",
    "surge",
    "unopposed",
]

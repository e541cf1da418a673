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
"""

from rules_core.kruhl.attack_results import AttackGroup, AttackResult
from rules_core.kruhl.character import SKILL_ATTRIBUTES, Character
from rules_core.kruhl.check import POOL_WORDS, SkillCheck
from rules_core.kruhl.conditions import Conditions
from rules_core.kruhl.contest import (
    TOTALS,
    CompareTotals,
    Contest,
    RoutineTask,
    gm_check,
    opposed,
    routine,
    unopposed,
    versus,
)
from rules_core.kruhl.difficulties import (
    DV_LADDER,
    EXTREME,
    INCONCEIVABLE,
    MODERATE,
    REMARKABLE,
    ROUTINE,
    Difficulty,
    difficulty,
    difficulty_table,
)
from rules_core.kruhl.economy import (
    ALL_OUT_MOVE,
    DOUBLE_MOVE,
    MOVE,
    TurnActions,
    move_through_obstacle,
)
from rules_core.kruhl.effort import MAX_EFFORT_BONUS, CombinedEffort, combine_effort
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
from rules_core.kruhl.fight import RECOVERY, Fight
from rules_core.kruhl.fight_state import FORCED_EFFECTS, FightState
from rules_core.kruhl.initiative import Initiative, roll_initiative
from rules_core.kruhl.maneuvers import (
    ATTACK,
    BREAK_FREE,
    CHARGE,
    DISARM,
    DISTRACT,
    GRAPPLE,
    HURT,
    MANEUVERS,
    PLAIN,
    RANGED_ATTACK,
    SLAM,
    SPELL,
    SWEEP,
    AttackTraits,
    Maneuver,
)
from rules_core.kruhl.marks import PLOT_POINT_DIE
from rules_core.kruhl.plot_points import USES, PlotPoints, Surge, surge
from rules_core.kruhl.ranges import (
    RANGE_BANDS,
    RangeBand,
    range_band,
    range_circumstances,
    range_table,
)
from rules_core.kruhl.roll import SkillRoll
from rules_core.kruhl.roll_form import ROLL_FORM
from rules_core.kruhl.situations import (
    ATTACK_SITUATIONS,
    DEFENSE_SITUATIONS,
    SKILL_SITUATIONS,
    Situation,
    exhaustion,
    situation,
    situation_table,
)
from rules_core.kruhl.training import EXPERT, SKILLED, UNTRAINED, Training
from rules_core.kruhl.turns import (
    DEFENSIVE_ACTIONS,
    ROUND_SECONDS,
    ROUNDS_PER_MINUTE,
    RoundTurns,
    Turn,
    TurnLedger,
    TurnOrder,
)
from rules_core.system import System

SYSTEM = System(
    package=__name__,
    title="Warlords of Kruhl 3e",
    short_title="Warlords of Kruhl",
    source='Warlords of Kruhl 3e, "Actions"',
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
    "ALL_OUT_MOVE",
    "ATTACK",
    "ATTACK_SITUATIONS",
    "BREAK_FREE",
    "CHARGE",
    "DEFENSE_SITUATIONS",
    "DEFENSIVE_ACTIONS",
    "DISARM",
    "DISTRACT",
    "DOUBLE_MOVE",
    "DV_LADDER",
    "EXPERT",
    "EXTREME",
    "FORCED_EFFECTS",
    "GRAPPLE",
    "HURT",
    "INCONCEIVABLE",
    "MANEUVERS",
    "MAX_EFFORT_BONUS",
    "MODERATE",
    "MOVE",
    "PLAIN",
    "PLOT_POINT_DIE",
    "POOL_WORDS",
    "RANGED_ATTACK",
    "RANGE_BANDS",
    "RECOVERY",
    "REMARKABLE",
    "ROLL_FORM",
    "ROUNDS_PER_MINUTE",
    "ROUND_SECONDS",
    "ROUTINE",
    "SKILLED",
    "SKILL_ATTRIBUTES",
    "SKILL_SITUATIONS",
    "SLAM",
    "SPELL",
    "SWEEP",
    "SYSTEM",
    "TOTALS",
    "UNTRAINED",
    "USES",
    "ActionEconomyError",
    "AttackGroup",
    "AttackResult",
    "AttackTraits",
    "Character",
    "CharacterError",
    "Chase",
    "CombinedEffort",
    "CompareTotals",
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
    "RoundTurns",
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
    "TurnLedger",
    "TurnOrder",
    "TurnOrderError",
    "combine_effort",
    "difficulty",
    "difficulty_table",
    "exhaustion",
    "gm_check",
    "move_through_obstacle",
    "opposed",
    "range_band",
    "range_circumstances",
    "range_table",
    "roll_initiative",
    "routine",
    "situation",
    "situation_table",
    "surge",
    "unopposed",
    "versus",
]

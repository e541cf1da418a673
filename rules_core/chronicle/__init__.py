"""The Chronicle System (A Song of Ice and Fire Roleplaying), "Combat Actions": summed d6 tests
with bonus and penalty dice, and combat.

Public API:

```python
edric = Character("Edric", {"Agility": 3, "Athletics": 4, "Awareness": 3, "Endurance": 4,
                            "Fighting": 5}, {"Fighting": {"Long Blades": 2}},
                  weapons=(Weapon("longsword", specialty="Long Blades", damage="Athletics"),))
edric.test("Fighting", "Long Blades").against("Challenging", rolled("6 5 4 4 3 1"))
combat = Combat(edric, [rorik, raider])
combat.attack("Edric", "Rorik", dice=rolled("6 6 5 4 2 1"))   # and charge, disarm, dodge…
recover_injuries(edric, combat.harm("Edric"), "moderate", dice=rolled("5 4 3 3"))
```

**Words.** One word names one thing in all five systems of this engine: ``size`` is how
many dice a test rolls (``test.size``, ``result.size``; ``count()`` says which dice);
``result`` is the test result, the book's word for the kept dice and the modifiers;
``succeeded`` (an attack's ``hit``) and ``outcome()`` are the verdict; a ``row`` is a row
of a table: ``critical_row(sixes)``, and an attack's ``critical_row`` and ``fumble_row``,
are rows, while ``fumble_reading(ones)`` is how a fumble's row is reached (its ``row`` and
its ``steps``). The old name ``fumble_row(ones)`` still works, with a warning, until 0.5.0.
"""

from rules_core.chronicle.action_results import ActionResult, AttackGroup, AttackResult
from rules_core.chronicle.actions import Action, action_table
from rules_core.chronicle.character import Character
from rules_core.chronicle.combat import Combat
from rules_core.chronicle.combat_state import CombatState
from rules_core.chronicle.criticals import (
    TableRow,
    critical_row,
    critical_table,
    fumble_reading,
    fumble_table,
)
from rules_core.chronicle.criticals import fumble_row as fumble_row  # renamed, until 0.5.0
from rules_core.chronicle.damage import Damage
from rules_core.chronicle.defeat import Defeat, consequence_table
from rules_core.chronicle.degrees import Grade, degrees_of_success, degrees_table
from rules_core.chronicle.destiny import DestinyPoints, destiny_table
from rules_core.chronicle.difficulties import Difficulty, difficulty, difficulty_table
from rules_core.chronicle.equipment import Armor, Mount, Weapon
from rules_core.chronicle.errors import (
    ActionError,
    CharacterError,
    ChronicleError,
    CombatError,
    DestinyError,
    HarmError,
    TestError,
)
from rules_core.chronicle.harm import Blow, Harm
from rules_core.chronicle.marks import BONUS_DIE, CRITICAL_SIX, EXTRA_PENALTY_DIE, FUMBLE_ONE
from rules_core.chronicle.opposed_tests import opposed
from rules_core.chronicle.readings import DEFAULT_READINGS, Readings
from rules_core.chronicle.recovery import (
    Recovery,
    recover_injuries,
    recover_wounds,
    recovery_table,
    wounds_removed,
)
from rules_core.chronicle.result import TestResult
from rules_core.chronicle.roll_form import ROLL_FORM
from rules_core.chronicle.rolling import AbilityTest
from rules_core.chronicle.strikes import StrikeOptions
from rules_core.chronicle.tables import RulesTable
from rules_core.system import System

SYSTEM = System(
    package=__name__,
    title="The Chronicle System (A Song of Ice and Fire RPG)",
    short_title="The Chronicle System",
    source='A Song of Ice and Fire Roleplaying, "Combat Actions"',
    sections=(
        'Burning Destiny', 'Combat Actions', 'Critical Failures (Fumbles)', 'Critical Successes',
        'Damage', 'Defeat', 'Destiny & Defeat', 'Healing', 'Injuries', 'Recovery',
        'Spending Destiny', 'Wounds', 'Yielding',
    ),
    dice="d6 per rank summed, bonus dice kept best, degrees of success",
    chapter="chronicle/index.md",
    chapter_title="Combat actions",
    reference=(
        ("Characters and equipment", "character"),
        ("Characters and equipment", "equipment"),
        ("Tests", "rolling"),
        ("Tests", "test_dice"),
        ("Tests", "result"),
        ("Tests", "test_odds"),
        ("Tests", "difficulties"),
        ("Tests", "opposed_tests"),
        ("Readings of what the source leaves open", "readings"),
        ("Degrees of success", "degrees"),
        ("Combat", "combat"),
        ("Combat", "combat_tests"),
        ("Combat", "combat_moves"),
        ("Combat", "holds"),
        ("Combat", "aftermath"),
        ("Combat", "combat_state"),
        ("Combat", "strikes"),
        ("Actions", "actions"),
        ("Actions", "action_results"),
        ("Damage, injuries and wounds", "damage"),
        ("Damage, injuries and wounds", "harm"),
        ("Criticals and fumbles", "criticals"),
        ("Defeat", "defeat"),
        ("Recovery", "recovery"),
        ("Destiny", "destiny"),
        ("Destiny", "negation"),
        ("Rules tables", "tables"),
        ("Marks", "marks"),
        ("Roll your own", "roll_form"),
        ("Errors", "errors"),
    ),
    marks=(BONUS_DIE, EXTRA_PENALTY_DIE, CRITICAL_SIX, FUMBLE_ONE),
)
"""How the site presents The Chronicle System: its chapter, its engine reference and its marks."""

__all__ = [
    "DEFAULT_READINGS",
    "ROLL_FORM",
    "AbilityTest",
    "Action",
    "ActionError",
    "ActionResult",
    "Armor",
    "AttackGroup",
    "AttackResult",
    "Blow",
    "Character",
    "CharacterError",
    "ChronicleError",
    "Combat",
    "CombatError",
    "CombatState",
    "Damage",
    "Defeat",
    "DestinyError",
    "DestinyPoints",
    "Difficulty",
    "Grade",
    "Harm",
    "HarmError",
    "Mount",
    "Readings",
    "Recovery",
    "RulesTable",
    "StrikeOptions",
    "TableRow",
    "TestError",
    "TestResult",
    "Weapon",
    "action_table",
    "consequence_table",
    "critical_row",
    "critical_table",
    "degrees_of_success",
    "degrees_table",
    "destiny_table",
    "difficulty",
    "difficulty_table",
    "fumble_reading",
    "fumble_table",
    "opposed",
    "recover_injuries",
    "recover_wounds",
    "recovery_table",
    "wounds_removed",
]

"""The Act of Hubris (a Chronicles of Darkness hack), "Turn by turn action and combat":
d10 pools, 8+, 10-again and the chance die; initiative and the order of a conflict; the
turn and blocking; attacks contested by rolled resistance; many targets, autofire, mobs,
hazards and ongoing damage; damage kinds and caps.

Public API:

```python
mara = Character("Mara", {"Strength": 3, "Dexterity": 3, "Wits": 2, "Composure": 2},
                 {"Weaponry": 3}, armor=1)
swing = mara.attack("Strength", "Weaponry", weapon=Weapon("a machete", 2))
hit = swing.against(rook.defense(), dice=..., defence=...)     # AttackResult
rook.defense().roll(dice)                                       # a Defense on its own
guard = hana.action("Dexterity", "Weaponry").guard(dice, protects=["Bo"])   # a Block
swing.against(bo.defense(), dice=..., defence=..., shields=[guard])
order = roll_initiative(mara, rook, dice=...).turn_order(); order.delay(to=3)
DamageRound("Rook").take(hit).take(other_hit)                   # the group cap
```

**Words.** One word names one thing in all five systems of this engine: ``size`` is how
many dice a pool rolls (``action.size``, ``attack.size``); ``successes`` are the successes
the dice show, and ``total`` what a roll reads once successes are taken, added or
guaranteed; ``succeeded`` (an attack's ``hit``) and ``outcome`` are the verdict; ``order``
lists names in acting order: ``Initiative.order`` for the first round,
``TurnOrder.order`` for the next one and ``TurnOrder.order_left`` for who still acts in
this one, and ``up`` is who acts now. The old names ``TurnOrder.coming`` and
``TurnOrder.next_order`` still work, with a warning, until 0.5.0.
"""

from rules_core.hubris.action import Action, ActionResult, Block, Hindered
from rules_core.hubris.attack import Attack
from rules_core.hubris.character import ATTRIBUTES, SKILLS, Character
from rules_core.hubris.conflict import Initiative, roll_initiative
from rules_core.hubris.damage import (
    AGGRAVATED,
    BASHING,
    DAMAGE_KINDS,
    INDIVIDUAL_CAP,
    LETHAL,
    DamageRound,
    Wounds,
    group_cap,
    keep_most_severe,
)
from rules_core.hubris.errors import (
    AttackError,
    CharacterError,
    DamageError,
    HubrisError,
    InitiativeError,
    PoolError,
    TurnError,
)
from rules_core.hubris.exchange import AttackResult
from rules_core.hubris.hazards import Hazard
from rules_core.hubris.initiative import InitiativeRoll
from rules_core.hubris.mob import Mob
from rules_core.hubris.obstacle import Obstacle
from rules_core.hubris.ongoing import Ongoing, Tick
from rules_core.hubris.options import STANDARD_OPTIONS, Options
from rules_core.hubris.order import TurnOrder
from rules_core.hubris.resistance import Resistance
from rules_core.hubris.roll_form import ROLL_FORM
from rules_core.hubris.rolls import EXCEPTIONAL, HubrisRoll
from rules_core.hubris.setup import Setup
from rules_core.hubris.targets import Autofire, MobAttack, MultiAttack, spray_damage
from rules_core.hubris.turn import ROUND_SECONDS, Turn
from rules_core.hubris.weapons import Consequence, Weapon
from rules_core.success_pool import COUNTS_DOUBLE, DRAMATIC
from rules_core.system import System

SYSTEM = System(
    package=__name__,
    title="The Act of Hubris (a Chronicles of Darkness hack)",
    short_title="The Act of Hubris",
    source='The Act of Hubris (a Chronicles of Darkness 2e hack by Ferrinus), "Turn by turn '
           'action and combat"',
    sections=(
        'Actions', 'Attacking Multiple Targets', 'Attacking Other Characters', 'Autofire',
        'Blocking Movement', 'Blocking Other Actions', 'Defenseless Characters',
        'Environmental Hazards', 'Group Damage Cap (Optional Rule)', 'Groups, Mobs, and Swarms',
        'Individual Damage Cap (Optional Rule)', 'Initiative', 'Interrupting Other Characters',
        'Minor Actions', 'Movement', 'Ongoing Damage', 'Resisting Attack',
        'Resisting Supernatural Powers', 'Rounds and Turns', 'Turn by turn action and combat',
    ),
    dice="pools of d10, successes on 8+, 10s rolled again; attacks against a rolled resistance",
    chapter="hubris/index.md",
    chapter_title="Action and combat",
    reference=(
        ("Characters", "character"),
        ("Dice and rolls", "rolls"),
        ("Dice and rolls", "setup"),
        ("Options", "options"),
        ("Initiative", "initiative"),
        ("Initiative", "conflict"),
        ("Initiative", "order"),
        ("The turn", "turn"),
        ("Actions and obstacles", "action"),
        ("Actions and obstacles", "obstacle"),
        ("Attacks and weapons", "attack"),
        ("Attacks and weapons", "weapons"),
        ("Resistance", "resistance"),
        ("Resistance", "guarding"),
        ("Attack results", "exchange"),
        ("Attack results", "striking"),
        ("Many targets", "targets"),
        ("Mobs", "mob"),
        ("Hazards and ongoing damage", "hazards"),
        ("Hazards and ongoing damage", "ongoing"),
        ("Damage and caps", "damage"),
        ("Roll your own", "roll_form"),
        ("Errors", "errors"),
    ),
    marks=(COUNTS_DOUBLE, DRAMATIC),
)
"""How the site presents The Act of Hubris: its chapter, its engine reference and its marks."""

__all__ = [
    "AGGRAVATED",
    "ATTRIBUTES",
    "BASHING",
    "DAMAGE_KINDS",
    "EXCEPTIONAL",
    "INDIVIDUAL_CAP",
    "LETHAL",
    "ROLL_FORM",
    "ROUND_SECONDS",
    "SKILLS",
    "STANDARD_OPTIONS",
    "Action",
    "ActionResult",
    "Attack",
    "AttackError",
    "AttackResult",
    "Autofire",
    "Block",
    "Character",
    "CharacterError",
    "Consequence",
    "DamageError",
    "DamageRound",
    "Hazard",
    "Hindered",
    "HubrisError",
    "HubrisRoll",
    "Initiative",
    "InitiativeError",
    "InitiativeRoll",
    "Mob",
    "MobAttack",
    "MultiAttack",
    "Obstacle",
    "Ongoing",
    "Options",
    "PoolError",
    "Resistance",
    "Setup",
    "Tick",
    "Turn",
    "TurnError",
    "TurnOrder",
    "Weapon",
    "Wounds",
    "group_cap",
    "keep_most_severe",
    "roll_initiative",
    "spray_damage",
]

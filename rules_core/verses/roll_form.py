"""The roll a reader can make on the 'Verses pages: one action, contested or not.

The reader picks an action and the dice behind it: PRW, the dice allocated to the action's
skill, and the Action Dice spent; a defender's dice, if any, contest it, each of their
successes cancelling one of the actor's ('Verses Core v1, "Tests" and "Action Chaining").
"""

from __future__ import annotations

from rules_core.dice import DiceSource
from rules_core.roll_form import ChoiceField, NumberField, RollForm, Values
from rules_core.verses.actions import CHOKE_OUT, CLINCH, KICK, PUNCH, TAKEDOWN, ActionKind
from rules_core.verses.results import ActionResult
from rules_core.verses.scene import Scene
from rules_core.verses.skills import Actor

KINDS: dict[str, ActionKind] = {"punch": PUNCH, "kick": KICK, "clinch": CLINCH,
                                "takedown": TAKEDOWN, "choke-out": CHOKE_OUT}
"""The actions the roller offers, by the value a link carries."""


def roll_action(values: Values, dice: DiceSource) -> ActionResult:
    """Roll the form's action: the actor's dice first, then the defender's, from ``dice``."""
    kind = KINDS[str(values["action"])]
    ad, defence = int(values["ad"]), int(values["defence"])
    actor = Actor("Hero", attributes={"PRW": int(values["prw"])},
                  skills={kind.skill: int(values["skill"])},
                  action_dice=int(values["round_ad"]))
    defender = Actor("Defender", attributes={"PRW": defence}) if defence else None
    scene = Scene(actor, defender) if defender else Scene(actor)
    return scene.act(actor, kind, ad=ad, dice=dice, defender=defender,
                     defence=dice if defender else None)


ROLL_FORM = RollForm(
    title="Roll a 'Verses action",
    intro=("Choose an action and the dice behind it. Every 5 or 6 is a success; a defender's "
           "successes cancel yours, highest first; the sixes left can chain into the next "
           "action of the same type."),
    fields=(
        ChoiceField("action", "Action", "punch",
                    tuple((value, f"{kind.name} ({kind.target}S)")
                          for value, kind in KINDS.items()),
                    "the number after it is the successes it needs"),
        NumberField("prw", "PRW (attribute dice)", 3, 0, 12),
        NumberField("skill", "Skill dice in the action's skill", 2, 0, 12,
                    "Unarmed Combat for a punch or kick, Grappling for a grapple"),
        NumberField("round_ad", "AD this round", 6, 0, 12),
        NumberField("ad", "AD spent", 1, 0, 12),
        NumberField("defence", "Defender's dice", 0, 0, 24,
                    "0: nobody contests the action"),
    ),
    roll=roll_action,
)
"""The 'Verses roller: one action with its pool, against a defender's dice or none."""

"""The actions of the "Combat Actions" table: their type, subtype and numbers.

A Song of Ice and Fire Roleplaying, "Combat Actions": a character takes **two Lesser actions
or one Greater action** on their turn, and **at most one attack action**. The numbers of each
action are constants here, read by the combat ([`Combat`][rules_core.chronicle.Combat]); the
table ([`action_table`][rules_core.chronicle.action_table]) shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.tables import RulesTable

LESSER = "Lesser"
"""Half a turn: two Lesser actions make a turn."""

GREATER = "Greater"
"""A whole turn."""

FREE = "Free"
"""Taken at any time, without using the turn."""

VARIES = "Varies"
"""Lesser or Greater, as the situation says."""

CAUTIOUS_DEFENSE = 3
"""A Cautious Attack gives +3 Combat Defense until the start of the attacker's next turn."""

CHARGE_DAMAGE = 2
"""A Charge adds +2 to the damage of a hit."""

CHARGE_DISTANCE = 2
"""A Charge covers up to twice the charger's Movement."""

SET_FOR_CHARGE = 2
"""Set for Charge: +2 base damage on a counterattack that strikes a charger."""

DISARM_DEGREES = 2
"""A Disarm needs 2 degrees of success."""

CATCH_RANK = 4
"""Fighting 4 or more and a free hand catch a weapon knocked loose."""

MOUNTED_BONUS = 1
"""A mounted attacker gains +1B on Fighting tests against foes on foot."""

MOUNTED_DAMAGE = 2
"""+2 damage from a war-trained mount that has not moved this turn."""

AIM_BONUS = 1
"""Aim: +1B on the next Fighting or Marksmanship test."""

PASS_BONUS = 2
"""Pass: +2B on the next test, within the limit."""

HEAVY_ARMOR = 6
"""At Armor Rating 6 or more, standing up is a Greater action."""


@dataclass(frozen=True)
class Action:
    """One action of the table: its ``name``, ``kind`` (Lesser, Greater, Free, Varies),
    ``subtypes`` (Attack, Movement, Misc, Evasion, Mounted) and what it does, in short."""

    name: str
    kind: str
    subtypes: tuple[str, ...]
    summary: str

    @property
    def attack(self) -> bool:
        """Whether it is an attack action (one a turn)."""
        return "Attack" in self.subtypes

    def __repr__(self) -> str:
        return f"<{self.name}: {self.kind}, {', '.join(self.subtypes)}>"


STANDARD_ATTACK = Action("Standard Attack", LESSER, ("Attack",),
                         "a test against the target's Combat Defense")
"""The ordinary attack."""

DIVIDED_ATTACK = Action("Divided Attack", GREATER, ("Attack",),
                        "the test dice split among two or more targets, one test each")
"""Several targets, the test dice shared out."""

TWO_WEAPON_ATTACK = Action("Two-Weapon Attack", GREATER, ("Attack",),
                           "a hit adds the off-hand weapon's bonus to damage; the off-hand "
                           "weapon's Defensive bonus is lost until the next turn")
"""Both hands."""

COMBINING_ATTACKS = Action("Combining Attacks", GREATER, ("Attack",),
                           "a Divided Attack whose every hit adds the off-hand bonus")
"""Divided and two-weapon at once."""

CAUTIOUS_ATTACK = Action("Cautious Attack", LESSER, ("Attack",),
                         f"−1D to hit, +{CAUTIOUS_DEFENSE} Combat Defense until the next turn")
"""Holding something back for defense."""

CHARGE = Action("Charge", GREATER, ("Attack", "Movement"),
                f"move up to {CHARGE_DISTANCE}× Movement, −1D to hit, +{CHARGE_DAMAGE} damage")
"""A running attack."""

COUNTERATTACK = Action("Counterattack", GREATER, ("Attack",),
                       "end the turn and set a trigger; the strike interrupts the target "
                       f"(Set for Charge: +{SET_FOR_CHARGE} base damage against a charge)")
"""A held strike."""

DISARM = Action("Disarm", GREATER, ("Attack",),
                f"a test against passive Fighting; {DISARM_DEGREES}+ degrees disarm; a "
                "critical failure disarms the attacker")
"""Knock a weapon loose."""

MOUNTED_ATTACK = Action("Mounted Attack", VARIES, ("Attack",),
                        f"+{MOUNTED_BONUS}B on Fighting against foes on foot; "
                        f"+{MOUNTED_DAMAGE} damage if a war-trained mount has not moved")
"""An attack from the saddle."""

PULL_FROM_MOUNT = Action("Pull from Mount", GREATER, ("Attack",),
                         "with a Grab weapon or a polearm: Fighting against the rider's "
                         "passive Animal Handling (Ride); the rider lands prone")
"""Unhorse a rider."""

PIN = Action("Pin", GREATER, ("Attack",),
             "while grabbing: an opposed Athletics test; a Greater action keeps the pin")
"""Pin a grabbed foe."""

AIM = Action("Aim", LESSER, ("Misc",), f"+{AIM_BONUS}B on the next Fighting or Marksmanship "
             "test; does not stack")
"""Take aim."""

ASSIST = Action("Assist", LESSER, ("Misc",), "half the helper's rank added to an adjacent "
                "ally's test; assists stack; on an attack it is the helper's attack")
"""Help an ally."""

CATCH_YOUR_BREATH = Action("Catch Your Breath", GREATER, ("Misc",),
                           "Endurance against Automatic (0); each degree removes 1 damage")
"""A moment's rest."""

DISTRACT = Action("Distract", LESSER, ("Misc",), "Cunning against passive Will; the target "
                  "loses Awareness from Combat Defense until the end of its next turn")
"""Draw a foe's eye."""

DODGE = Action("Dodge", GREATER, ("Evasion", "Movement"),
               "an Agility test (+ shield bonus dice, + Defensive bonuses) becomes Combat "
               "Defense until the next turn; move up to ½ Movement")
"""Dodge."""

INTERACT = Action("Interact", LESSER, ("Misc",), "handle an object, draw a weapon, climb a "
                  "mount; drawing while moving costs −1D on that round's attacks")
"""Handle something."""

MOVE = Action("Move", LESSER, ("Movement",), "Movement in yards (two Moves: twice that)")
"""Walk."""

SPRINT = Action("Sprint", GREATER, ("Movement",), "the Sprint distance in yards")
"""Run."""

STAND_DROP = Action("Stand/Drop", LESSER, ("Misc",), "drop prone or stand up; standing is "
                    f"Greater at Armor Rating {HEAVY_ARMOR}+")
"""Get up, or down."""

RIDE_OR_DRIVE = Action("Ride or Drive", VARIES, ("Misc", "Mounted"),
                       "the mount moves or attacks; Lesser if war-trained, Greater if "
                       "untrained or injured")
"""Control a mount."""

PASS = Action("Pass", GREATER, ("Misc",), f"+{PASS_BONUS}B on the next test, within the "
              "limit; passes do not stack")
"""Wait for an opening."""

USE_ABILITY = Action("Use Ability", VARIES, ("Misc",), "any other test (find an exit, swing "
                     "on a rope)")
"""Anything else."""

USE_DESTINY = Action("Use Destiny Point", FREE, ("Misc",), "spend or burn a Destiny Point")
"""Destiny."""

YIELD = Action("Yield", GREATER, ("Misc",), "give up the turn to the foes' mercy; coming back "
               "costs −1D on Persuasion and Status with the witnesses")
"""Surrender."""

ACTIONS = (STANDARD_ATTACK, DIVIDED_ATTACK, TWO_WEAPON_ATTACK, COMBINING_ATTACKS,
           CAUTIOUS_ATTACK, CHARGE, COUNTERATTACK, DISARM, MOUNTED_ATTACK, PULL_FROM_MOUNT, PIN,
           AIM, ASSIST, CATCH_YOUR_BREATH, DISTRACT, DODGE, INTERACT, MOVE, SPRINT, STAND_DROP,
           RIDE_OR_DRIVE, PASS, USE_ABILITY, USE_DESTINY, YIELD)
"""Every action of the "Combat Actions" table, in its order."""

BREAK_FREE = Action("Break Free", GREATER, ("Misc",), "a pinned character's one action: "
                    "Fighting opposed by the pinner's Athletics")
"""Not an action of the table: what a pinned character may still do ("Pin" names the test,
Fighting, not what it is against)."""

RESIST_HORROR = Action("Resist Horror", FREE, ("Misc",), "a witness of a Horrible Death tests "
                       "Will against Challenging (9), or takes −1D for a round")
"""Not an action of the table: the Will test a Horrible Death forces on its witnesses."""


def action_table() -> RulesTable:
    """The actions as a table."""
    return RulesTable("Combat actions", ("Action", "Type", "Subtype", "What it does"),
                      tuple((a.name, a.kind, ", ".join(a.subtypes), a.summary)
                            for a in ACTIONS))

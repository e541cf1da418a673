"""The attack, defense and skill modifier tables of Kruhl 3e, as data.

Kruhl 3e, "Bonuses And Penalties" (tables "Attack bonuses and penalties" and "Defense
bonuses and penalties"), "Move Action", "Exhaustion" and the special actions and attack
types that add to them. A circumstance gives a roll a **bonus die**, a **penalty die**, or
makes it **fail** outright.

Our reading of "skill rolls" ("Move Action"): the movement rule's penalty on "any skill rolls
or attack rolls" means rolls other than attack and defense, so running gives −1 die on attacks
and other rolls and +1 die on defense; sprinting makes every roll but defense fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules_core.explain import TableView
from rules_core.kruhl.errors import SituationError

BONUS = "bonus die"
"""The circumstance adds a die to the roll."""

PENALTY = "penalty die"
"""The circumstance takes a die from the roll."""

FAILS = "fails"
"""The roll fails, whatever the dice."""

ROLES = ("attack", "defense", "skill")
"""The three kinds of roll a circumstance can apply to."""


@dataclass(frozen=True)
class Situation:
    """A circumstance on one kind of roll: its effect and the part of the rules it is from."""

    name: str
    role: str
    effect: str
    source: str


def _table(role: str, rows: tuple[tuple[str, str, str], ...]) -> Mapping[str, Situation]:
    return MappingProxyType({name: Situation(name, role, effect, src)
                             for name, effect, src in rows})


_TIRED = (("exhausted", PENALTY, "Exhaustion: 8 hours of strenuous activity"),
          ("sleepless", PENALTY, "Exhaustion: more than 24 hours without sleep"))

ATTACK_SITUATIONS = _table("attack", (
    ("impossible", FAILS, "GM deems attempt impossible"),
    ("sprinting", FAILS, "Attacker is making an all-out move (sprinting)"),
    ("can't perceive (ranged)", FAILS, "Attacker can't perceive defender in ranged combat"),
    ("blinded (magic)", FAILS, "Blinding: a blinded character fails magical attack rolls"),
    ("can't perceive (hand-to-hand)", PENALTY,
     "Attacker can't perceive defender in hand-to-hand combat"),
    ("blinded, target located (ranged)", PENALTY,
     "Blinding: the blinded attacker has located the target to within a meter"),
    ("disarming", PENALTY, "Attacker is attempting to disarm the defender"),
    ("distracted", PENALTY, "Attacker is distracted"),
    ("restrained", PENALTY, "Attacker is restrained"),
    ("running", PENALTY, "Attacker is running"),
    ("surprised", PENALTY, "Attacker is surprised"),
    ("sweeping", PENALTY, "Attacker is using a sweep attack"),
    ("two-handed weapon in one hand", PENALTY,
     "Attacker is using a two-handed weapon with one hand"),
    ("beyond effective range", PENALTY, "Target is beyond effective range of the weapon"),
    ("underwater", PENALTY, "Underwater combat"),
    *_TIRED,
    ("charging", BONUS, "Attacker is charging the defender"),
    ("burst fire", BONUS, "Burst Fire Weapons: multiple shots in a round"),
))
"""Kruhl 3e, table "Attack bonuses and penalties", plus Blinding and Burst Fire Weapons."""

DEFENSE_SITUATIONS = _table("defense", (
    ("distracted", PENALTY, "Defender is distracted"),
    ("prone (hand-to-hand)", PENALTY, "Defender is prone in hand-to-hand combat"),
    ("restrained", PENALTY, "Defender is restrained"),
    ("surprised", PENALTY, "Defender is surprised"),
    ("can't perceive", PENALTY, "Defender can't perceive attacker"),
    ("cowering", PENALTY, "Terrifying: a cowering character defends with a penalty die"),
    ("moving (slam)", PENALTY, "Slamming: the defender is moving at the time of the attack"),
    *_TIRED,
    ("cover", BONUS, "Defender has cover"),
    ("prone (ranged)", BONUS, "Defender is prone in ranged combat"),
    ("prone (magic resistance)", BONUS, "Prone characters: bonus die on Magic Resistance"),
    ("running", BONUS, "Defender is making a double move (running)"),
    ("sprinting", BONUS, "Defender is making an all-out move (sprinting)"),
    ("dodging", BONUS, "Dodging: bonus die on defense until the dodger's next turn"),
    ("fleeing", BONUS, "Terrifying: a fleeing character defends with a bonus die"),
    ("stationary (slam)", BONUS,
     "Slamming: the defender is stationary and not restrained"),
))
"""Kruhl 3e, table "Defense bonuses and penalties", plus Dodging, Slamming and Terrifying."""

SKILL_SITUATIONS = _table("skill", (
    ("impossible", FAILS, "GM deems attempt impossible"),
    ("sprinting", FAILS, "Move Action: an all-out move fails all other rolls"),
    ("running", PENALTY, "Move Action: a double move gives a penalty die on skill rolls"),
    ("restrained", PENALTY, "Restrained characters: penalty die on skill rolls"),
    *_TIRED,
))
"""Rolls that are neither attack nor defense: Move Action, Restrained Characters, Exhaustion."""

SITUATIONS: Mapping[str, Mapping[str, Situation]] = MappingProxyType(
    {"attack": ATTACK_SITUATIONS, "defense": DEFENSE_SITUATIONS, "skill": SKILL_SITUATIONS}
)
"""The three tables by kind of roll."""


def situation(role: str, name: str) -> Situation:
    """The circumstance ``name`` on a roll of kind ``role`` (attack, defense or skill).

    A name not in that table is a [`SituationError`][rules_core.kruhl.SituationError] that
    suggests the nearest name and lists the table.

    Examples:
        >>> situation("defense", "cover")
        Situation(name='cover', role='defense', effect='bonus die', source='Defender has cover')
    """
    table = SITUATIONS[situation_role(role)]
    if name in table:
        return table[name]
    import difflib  # only for a "did you mean": not imported where every name is known

    near = difflib.get_close_matches(name, table, n=1)
    hint = f"did you mean {near[0]!r}? " if near else ""
    raise SituationError(
        f"{name!r} is not in the {role} table: {hint}the {role} circumstances are "
        + ", ".join(repr(n) for n in table)
    )


def situation_table(role: str) -> TableView:
    """One modifier table, for a docs page."""
    rows = tuple((s.source, s.effect) for s in SITUATIONS[situation_role(role)].values())
    return TableView(f"{role.capitalize()} bonuses and penalties", ("Circumstance", "Modifier"),
                     rows)


def situation_role(role: str) -> str:
    """``role`` if it is a kind of roll, else a
    [`SituationError`][rules_core.kruhl.SituationError]."""
    if role not in SITUATIONS:
        raise SituationError(f"a roll is an attack, a defense or a skill roll, not {role!r}")
    return role


def exhaustion(hours_strenuous: float = 0, hours_without_sleep: float = 0) -> tuple[str, ...]:
    """The exhaustion circumstances after so many hours (Kruhl 3e, "Exhaustion").

    Eight hours of strenuous activity without rest: a penalty die on all rolls. More than 24
    hours without sleep: another one.
    """
    tired = ("exhausted",) if hours_strenuous >= 8 else ()
    return tired + (("sleepless",) if hours_without_sleep > 24 else ())

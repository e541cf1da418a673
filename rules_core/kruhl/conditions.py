"""What state a character is in during a fight, and the circumstances that state adds to
their rolls (Kruhl 3e, "Bonuses And Penalties" and the sections its tables point to).

Conditions: ``prone``, ``distracted`` (until the next attack or defense roll), ``dodging``
and ``running``/``sprinting``/``moving`` (until the character's next turn), ``blinded``,
``cowering``/``fleeing`` (terrified), ``cover``, ``surprised``, ``exhausted``, ``sleepless``,
``clear of the area`` (ran for cover). ``restrained`` follows from the grapples.
"""

from __future__ import annotations

import copy

from rules_core.kruhl.maneuvers import HTH, RANGED

UNTIL_NEXT_TURN = frozenset({"dodging", "running", "sprinting", "moving", "clear of the area"})
"""Conditions that end when the character's next turn begins."""

UNTIL_SCENE_ENDS = frozenset({"blinded", "cowering", "fleeing", "distracted", "surprised",
                              "cover", "prone"}) | UNTIL_NEXT_TURN
"""Conditions that end with the scene ("Blinding", "Terrifying": they recover shortly after)."""

#: Conditions that carry straight into a roll of the same name, on any table that has it.
_SAME_NAME = ("restrained", "distracted", "surprised", "running", "sprinting", "exhausted",
              "sleepless", "dodging", "cowering", "fleeing", "cover")

#: Conditions that carry into attack rolls, and into other rolls, under their own names.
_ON_ATTACKS = ("restrained", "distracted", "surprised", "running", "sprinting", "exhausted",
               "sleepless")
_ON_SKILLS = ("restrained", "running", "sprinting", "exhausted", "sleepless")

MAGIC_SKILLS = frozenset({"Thaumaturgy", "Theology"})
"""The skills that cast attack spells (a blinded caster's spells fail)."""


def mode_of(skill: str) -> str:
    """``hand-to-hand``, ``ranged``, ``magic`` (attack spells), ``magic resistance`` or ``""``."""
    if skill == HTH:
        return "hand-to-hand"
    if skill == RANGED:
        return "ranged"
    if skill in MAGIC_SKILLS:
        return "magic"
    return "magic resistance" if skill == "Magic Resistance" else ""


class Conditions:
    """Every character's conditions and who grapples whom.

    A fight keeps one ([`FightState.conditions`][rules_core.kruhl.FightState]); ``grapples``
    holds ``(holder, held)`` pairs, and whoever is held is ``restrained``.
    """

    def __init__(self) -> None:
        self._of: dict[str, set[str]] = {}
        self.grapples: set[tuple[str, str]] = set()

    def of(self, name: str) -> tuple[str, ...]:
        """``name``'s conditions, sorted, ``restrained`` included if someone holds them."""
        own = set(self._of.get(name, set()))
        if self.holders_of(name):
            own.add("restrained")
        return tuple(sorted(own))

    def has(self, name: str, condition: str) -> bool:
        """Whether ``name`` is in ``condition``."""
        return condition in self.of(name)

    def add(self, name: str, *conditions: str) -> None:
        """Put ``name`` in ``conditions``."""
        self._of.setdefault(name, set()).update(conditions)

    def remove(self, name: str, *conditions: str) -> None:
        """Take ``conditions`` off ``name`` (those they are in)."""
        self._of.setdefault(name, set()).difference_update(conditions)

    def holders_of(self, name: str) -> tuple[str, ...]:
        """Who is grappling ``name``."""
        return tuple(sorted(holder for holder, held in self.grapples if held == name))

    def next_turn(self, name: str) -> None:
        """``name``'s turn begins: dodging and this turn's movement end."""
        self.remove(name, *UNTIL_NEXT_TURN)

    def end_scene(self) -> None:
        """The scene ends: lasting fight conditions fade, grapples end."""
        for name in self._of:
            self.remove(name, *UNTIL_SCENE_ENDS)
        self.grapples.clear()

    def attack_circumstances(self, name: str, skill: str, *, located: bool = False,
                             escape: bool = False, role: str = "attack") -> tuple[str, ...]:
        """What ``name``'s conditions add to their attack (or skill) roll with ``skill``."""
        mine = set(self.of(name))
        if escape:
            mine.discard("restrained")
        if role != "attack":
            return tuple(c for c in _ON_SKILLS if c in mine)
        found: list[str] = [c for c in _ON_ATTACKS if c in mine]
        if "blinded" in mine:
            found.append(_blind_attack(mode_of(skill), located))
        return tuple(c for c in found if c)

    def defense_circumstances(self, name: str, attack_skill: str) -> tuple[str, ...]:
        """What ``name``'s conditions add to their defense against an attack with that skill."""
        mine = set(self.of(name))
        mode = mode_of(attack_skill) or "hand-to-hand"
        if mode == "magic":
            mode = "magic resistance"
        found: list[str] = [c for c in _SAME_NAME if c in mine]
        if "prone" in mine:
            found.append(f"prone ({mode})")
        if "blinded" in mine and mode != "magic resistance":
            found.append("can't perceive")
        return tuple(found)

    def __repr__(self) -> str:
        names = sorted({*self._of, *(n for pair in self.grapples for n in pair)})
        shown = [f"{n}: {', '.join(self.of(n))}" for n in names if self.of(n)]
        return f"<Conditions: {'; '.join(shown) or 'none'}>"

    def copy(self) -> Conditions:
        """An independent copy."""
        return copy.deepcopy(self)


def _blind_attack(mode: str, located: bool) -> str:
    if mode == "hand-to-hand":
        return "can't perceive (hand-to-hand)"
    if mode == "ranged":
        return "blinded, target located (ranged)" if located else "can't perceive (ranged)"
    return "blinded (magic)" if mode == "magic" else ""

"""Kinds of action in 'Verses Core, and the ones Tam uses in the Action Chaining example.

An action kind names the action type it belongs to (chains stay within one type), the
skill rolled, the skill whose dice set the chain limit, and its Success Target.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.errors import RulesError
from rules_core.words import is_whole


@dataclass(frozen=True)
class ActionKind:
    """A kind of action.

    ``action_type`` groups kinds that chain into each other (chains stay within one type);
    ``skill`` is the skill rolled; ``target`` is the Success Target (``1S`` for most melee
    attacks, 'Verses "Tests"); ``chain_skill`` is the capability whose allocated dice are the
    chain limit for the action type (Action Chaining), by default the skill rolled;
    ``resisted_by`` is what a defender rolls to contest it, by default the same skill; a
    ``damaging`` action deals its Success Margin as damage; a kind that is not
    ``chainable`` never chains, nor is chained to.

    Examples:
        A kind of action the Action Chaining text does not name, chaining with punches:

        >>> ELBOW = ActionKind("Elbow strike", "unarmed attack", "Unarmed Combat",
        ...                    damaging=True)
        >>> ELBOW.chain_skill, ELBOW.resisted_by, ELBOW.target
        ('Unarmed Combat', 'Unarmed Combat', 1)
        >>> ActionKind("Pin", "grapple", "Grappling", target=0)
        Traceback (most recent call last):
        ...
        rules_core.errors.RulesError: Pin's Success Target must be a whole number, 1 or more, not 0
    """

    name: str
    action_type: str
    skill: str
    target: int = 1
    chainable: bool = True
    damaging: bool = False
    chain_skill: str = ""
    resisted_by: str = ""

    def __post_init__(self) -> None:
        if not is_whole(self.target, 1):
            raise RulesError(f"{self.name}'s Success Target must be a whole number, 1 or more, "
                             f"not {self.target!r}")
        if not self.chain_skill:
            object.__setattr__(self, "chain_skill", self.skill)
        if not self.resisted_by:
            object.__setattr__(self, "resisted_by", self.skill)


PUNCH = ActionKind("Punch", "unarmed attack", "Unarmed Combat", damaging=True)
"""A punch: an unarmed attack with Unarmed Combat, 1S, damage = Success Margin."""

KICK = ActionKind("Kick", "unarmed attack", "Unarmed Combat", damaging=True)
"""A kick: the other unarmed attack the text names; it chains with punches."""

CLINCH = ActionKind("Clinch", "grapple", "Grappling", target=2)
"""A Clinch pins the arms and body; the text says two successes are what Tam needs (2S)."""

TAKEDOWN = ActionKind("Takedown", "grapple", "Grappling")
"""A Takedown puts the opponent on the ground (prone)."""

CHOKE_OUT = ActionKind("Choke-out", "grapple", "Grappling")
"""A choke-out: held for a few seconds, it leaves the opponent unconscious."""

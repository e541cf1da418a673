"""How well a character knows a skill (Kruhl 3e, "Skill Roll").

Untrained: roll 1d6. Skilled: 2d6. Expertise: 2d6, and every die showing 1 or 2 is rerolled
until it shows 3 or more, bonus dice included.
"""

from __future__ import annotations

from enum import Enum


class Training(Enum):
    """Untrained, skilled or expert in a skill."""

    UNTRAINED = "untrained"
    """Not trained: 1d6."""
    SKILLED = "skilled"
    """Trained: 2d6."""
    EXPERT = "expert"
    """Expertise: 2d6, every 1 and 2 rerolled until it shows 3 or more."""

    @property
    def dice(self) -> int:
        """Dice rolled before bonus and penalty dice: 1 untrained, else 2."""
        return 1 if self is Training.UNTRAINED else 2

    @property
    def rerolls(self) -> bool:
        """Whether 1s and 2s are rerolled (expertise)."""
        return self is Training.EXPERT

    def __repr__(self) -> str:
        return self.value


UNTRAINED = Training.UNTRAINED
"""Not trained in a skill: roll 1d6."""

SKILLED = Training.SKILLED
"""Trained in a skill: roll 2d6."""

EXPERT = Training.EXPERT
"""Expert in a skill: roll 2d6, rerolling 1s and 2s."""

EXPERT_REROLLS = frozenset({1, 2})
"""Faces expertise rerolls."""

PENETRATION_REROLLS = frozenset({5, 6})
"""Faces a penetrating attack makes the defender reroll (Kruhl 3e, "Penetrating")."""

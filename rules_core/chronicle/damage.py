"""The damage of a hit: base damage × degrees of success − Armor Rating, never below 0.

A Song of Ice and Fire Roleplaying, core rules ("Combat Actions" never states it): a hit
deals the weapon's **base damage** times the attack's **degrees of success**, less the
target's **Armor Rating**. Bonuses written "+N base damage" (a critical's Solid and
Powerful Hit, Set for Charge) are multiplied; bonuses written "+N damage" (Charge, Mounted
Attack, an off-hand weapon) are added once after it, unless ``Readings(damage_bonus="base")``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation


@dataclass(frozen=True)
class Damage:
    """A hit's damage, part by part: ``base`` (reason, amount) parts, the ``degrees`` that
    multiply them, ``added`` parts after that, and the ``armor`` rating taken off.

    Examples:
        >>> hit = Damage((("Athletics", 4), ("longsword", 1)), 2, (("charge", 2),), 4)
        >>> hit.total
        8
        >>> hit.text()
        'base 4 (Athletics) + 1 (longsword) = 5 × 2 degrees = 10 + 2 (charge) − 4 (AR) = 8'
    """

    base: tuple[tuple[str, int], ...]
    degrees: int
    added: tuple[tuple[str, int], ...] = ()
    armor: int = 0

    @property
    def base_total(self) -> int:
        """The base damage with its bonuses."""
        return sum(amount for _, amount in self.base)

    @property
    def total(self) -> int:
        """Base × degrees + added − Armor Rating, at least 0."""
        raw = self.base_total * self.degrees + sum(a for _, a in self.added) - self.armor
        return max(raw, 0)

    def explain(self) -> Explanation:
        """Every step of the sum."""
        return Explanation(title="Damage", lines=(f"{self.text()}.",))

    def text(self) -> str:
        """Every step of the sum."""
        first, *rest = self.base
        text = f"base {first[1]} ({first[0]})" + "".join(
            f" {'+' if a >= 0 else '−'} {abs(a)} ({r})" for r, a in rest)
        if rest:
            text += f" = {self.base_total}"
        text += f" × {self.degrees} degree{'s' if self.degrees != 1 else ''}"
        running = self.base_total * self.degrees
        text += f" = {running}"
        for reason, amount in self.added:
            running += amount
            text += f" {'+' if amount >= 0 else '−'} {abs(amount)} ({reason})"
        if self.armor:
            text += f" − {self.armor} (AR)"
        if self.added or self.armor:
            raw = running - self.armor
            text += f" = −{-raw}, so none" if raw < 0 else f" = {raw}"
        return text

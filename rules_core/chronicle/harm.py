"""Health, injuries and wounds: what a character can take before defeat and death.

A Song of Ice and Fire Roleplaying, "Damage", "Injuries", "Wounds", "Defeat":

- **Health** (3 × Endurance) takes a hit's damage; it is all restored when the combat ends.
  At 0 or lower the character is **defeated**.
- Taking an **injury** instead reduces the incoming damage by the Endurance rank; each
  injury is −1 on every test; at most as many injuries as Endurance ranks, then wounds.
- Taking a **wound** negates all the damage of one attack; each wound is −1D on every test;
  as many wounds as Endurance ranks kills.

Players usually take injuries and wounds when a blow would bring Health to 0; ``soak="auto"``
does that (an injury if it keeps the character standing, else a wound if that does not kill).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.chronicle.character import HEALTH_PER_ENDURANCE
from rules_core.chronicle.errors import HarmError
from rules_core.explain import Explanation
from rules_core.words import count, whole

AUTO = "auto"
"""Take an injury or a wound only if the blow would otherwise defeat (and it helps)."""

NONE = "none"
"""Take the whole blow on Health."""

INJURY = "injury"
"""Take an injury: the blow loses the Endurance rank."""

WOUND = "wound"
"""Take a wound: the blow does nothing to Health."""

SOAKS = (AUTO, NONE, INJURY, WOUND)
"""The ways to take a blow."""


@dataclass(frozen=True, repr=False)
class Harm:
    """One character's damage, injuries and wounds (``endurance`` is the Endurance rank).

    Examples:
        >>> harm = Harm("Edric", 4)
        >>> harm.take(7, INJURY).after
        <Edric: Health 9 of 12, 1 injury (−1)>
        >>> harm.take(14).after
        <Edric: Health 2 of 12, 1 injury (−1)>
        >>> harm.take(30).after
        <Edric: Health 12 of 12, 1 wound (−1D)>
    """

    who: str
    endurance: int
    damage: int = 0
    injuries: int = 0
    wounds: int = 0
    dead: bool = False

    def __post_init__(self) -> None:
        whole(self.endurance, f"{self.who}'s Endurance", minimum=1, error=HarmError)

    @property
    def most_health(self) -> int:
        """Health unharmed: 3 × Endurance."""
        return HEALTH_PER_ENDURANCE * self.endurance

    @property
    def health(self) -> int:
        """Health left (may be 0 or below: defeated)."""
        return self.most_health - self.damage

    @property
    def defeated(self) -> bool:
        """Whether Health is 0 or lower, or the character is dead."""
        return self.dead or self.health <= 0

    @property
    def can_take_injury(self) -> bool:
        """Whether one more injury is allowed (fewer injuries than Endurance ranks)."""
        return self.injuries < self.endurance

    def take(self, incoming: int, soak: str = AUTO) -> Blow:
        """Take ``incoming`` damage as ``soak`` says (auto, none, injury or wound)."""
        whole(incoming, "damage", error=HarmError)
        if soak not in SOAKS:
            raise HarmError(f"a blow is taken as one of {', '.join(SOAKS)}, not {soak!r}")
        self._alive()
        if soak == AUTO:
            soak = self._best_soak(incoming)
        if incoming == 0 or soak == NONE:
            return Blow(self, replace(self, damage=self.damage + incoming), incoming, "",
                        incoming)
        if soak == INJURY:
            if not self.can_take_injury:
                raise HarmError(f"{self.who} has {count(self.injuries, 'injury', 'injuries')},"
                                f" as many as Endurance {self.endurance} allows: take a wound "
                                "instead")
            taken = max(incoming - self.endurance, 0)
            after = replace(self, damage=self.damage + taken, injuries=self.injuries + 1)
            return Blow(self, after, incoming, INJURY, taken)
        return Blow(self, self._plus_wound(), incoming, WOUND, 0)

    def with_injury(self) -> Harm:
        """One more injury that reduces no damage (a critical's Bloody Wound); past the
        limit, a wound; past that, death."""
        self._alive()
        if self.can_take_injury:
            return replace(self, injuries=self.injuries + 1)
        return self._plus_wound()

    def with_wound(self) -> Harm:
        """One more wound that negates no damage (a critical's Crippling Wound)."""
        self._alive()
        return self._plus_wound()

    def killed(self) -> Harm:
        """Dead (a Killing Blow, a defeat the victor ends in death)."""
        return replace(self, dead=True)

    def recovered(self, damage: int = 0, injuries: int = 0, wounds: int = 0) -> Harm:
        """With up to ``damage`` points of damage, ``injuries`` and ``wounds`` removed."""
        return replace(self, damage=max(self.damage - damage, 0),
                       injuries=max(self.injuries - injuries, 0),
                       wounds=max(self.wounds - wounds, 0))

    def after_combat(self) -> Harm:
        """Health restored at the end of a combat; injuries and wounds stay."""
        return replace(self, damage=0)

    def text(self) -> str:
        """``Health 9 of 12, 1 injury (−1)``, ``dead``."""
        if self.dead:
            return "dead"
        health = f"−{-self.health}" if self.health < 0 else str(self.health)
        parts = [f"Health {health} of {self.most_health}"]
        if self.injuries:
            parts.append(f"{count(self.injuries, 'injury', 'injuries')} (−{self.injuries})")
        if self.wounds:
            parts.append(f"{count(self.wounds, 'wound')} (−{self.wounds}D)")
        text = ", ".join(parts)
        return text + (": defeated" if self.defeated else "")

    def explain(self) -> Explanation:
        """Health, injuries and wounds in words."""
        return Explanation(title=f"{self.who}'s harm", lines=(self.text() + ".",))

    def _best_soak(self, incoming: int) -> str:
        if incoming < self.health:
            return NONE
        if self.can_take_injury and incoming - self.endurance < self.health:
            return INJURY
        if self.wounds + 1 < self.endurance:
            return WOUND
        return NONE

    def _plus_wound(self) -> Harm:
        wounds = self.wounds + 1
        return replace(self, wounds=wounds, dead=wounds >= self.endurance)

    def _alive(self) -> None:
        if self.dead:
            raise HarmError(f"{self.who} is dead")

    def __repr__(self) -> str:
        return f"<{self.who}: {self.text()}>"


@dataclass(frozen=True, repr=False)
class Blow:
    """One blow taken: ``incoming`` damage, the ``soak`` chosen (``""``, injury or wound),
    the damage ``taken`` on Health, and the harm ``before`` and ``after``."""

    before: Harm
    after: Harm
    incoming: int
    soak: str
    taken: int

    def text(self) -> str:
        """The blow in words."""
        who = self.before.who
        if self.soak == INJURY:
            head = (f"{who} takes an injury: {self.incoming} damage − {self.before.endurance} "
                    f"(Endurance) = {self.taken} on Health")
        elif self.soak == WOUND:
            head = f"{who} takes a wound instead of {self.incoming} damage"
        else:
            head = f"{who} takes {self.incoming or 'no'} damage"
        return f"{head}: {self.after.text()}."

    def explain(self) -> Explanation:
        """The blow in words."""
        return Explanation(title=f"{self.before.who} takes a blow", lines=(self.text(),))

    def __repr__(self) -> str:
        return f"<{self.text()}>"

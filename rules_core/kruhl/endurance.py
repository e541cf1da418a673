"""Endurance: damage, defeat and recovery (Kruhl 3e, "Endurance And Recovery",
"Inanimate Objects", "Rabble", "Stunning", "Rally").

- Each successful attack costs **1 Endurance**; at 0 the character is defeated, and END never
  goes below 0. Rabble are defeated by any successful attack.
- Stunning damage is recorded separately and all comes back with an hour's rest.
- An hour's rest recovers **half the lost END, rounded up**; after that only a night's sleep
  helps, and it restores everything.
- Rally (a plot point) recovers half the lost END at once, "as though they'd had a
  half-hour's worth of rest" (the text says an hour elsewhere; the amount is the same).
  It takes stunned points back first, and does not use up the hour's rest.
- An object that has lost more than half its END is damaged; at 0 it is destroyed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.errors import RulesError
from rules_core.explain import Explanation
from rules_core.words import whole

CHARACTER = "character"
"""The Endurance of a character: lost 1 at a time, back with rest and sleep."""

OBJECT = "object"
"""The structural integrity of an inanimate object: damaged past half, destroyed at 0."""

RABBLE = "rabble"
"""A nameless foe's: any successful attack defeats them."""


@dataclass(frozen=True, repr=False)
class Endurance:
    """Current Endurance as maximum, lasting loss and stunned loss. Methods return new values.

    ``kind`` is ``"character"``, ``"object"`` or ``"rabble"`` (see
    [`of_object`][rules_core.kruhl.Endurance.of_object] and
    [`of_rabble`][rules_core.kruhl.Endurance.of_rabble]); ``rested`` records that the hour's
    rest since the last night's sleep was taken. A fight keeps one for every fighter.

    Examples:
        >>> hurt = Endurance(5, who="Soraya").hit().hit().hit(stunning=True)
        >>> hurt.text()
        'END 2 of 5 (1 stunned)'
        >>> hurt.rest().text()
        'END 4 of 5'
    """

    maximum: int
    lost: int = 0
    stunned: int = 0
    kind: str = CHARACTER
    rested: bool = False
    who: str = ""

    def __post_init__(self) -> None:
        if self.kind not in (CHARACTER, OBJECT, RABBLE):
            raise RulesError(f"Endurance is a character's, an object's or rabble's, "
                             f"not {self.kind!r}")
        whole(self.maximum, f"{self.who}'s maximum Endurance" if self.who
              else "maximum Endurance", 1)

    @classmethod
    def of_object(cls, maximum: int, who: str = "") -> Endurance:
        """An inanimate object's structural integrity."""
        return cls(maximum, kind=OBJECT, who=who)

    @classmethod
    def of_rabble(cls, who: str = "") -> Endurance:
        """Rabble: down on any successful attack."""
        return cls(1, kind=RABBLE, who=who)

    @property
    def current(self) -> int:
        """Current Endurance (never below 0)."""
        return max(self.maximum - self.lost - self.stunned, 0)

    @property
    def defeated(self) -> bool:
        """Out of the fight: Endurance 0."""
        return self.current == 0

    @property
    def damaged(self) -> bool:
        """An object that has lost more than half its Endurance."""
        return 2 * (self.lost + self.stunned) > self.maximum

    @property
    def destroyed(self) -> bool:
        """An object with no Endurance left."""
        return self.kind == OBJECT and self.current == 0

    def hit(self, *, stunning: bool = False) -> Endurance:
        """After one successful attack: 1 END less (all of it for rabble), never below 0."""
        if self.current == 0:
            return self
        if self.kind == RABBLE:
            return replace(self, lost=self.maximum - self.stunned)
        if stunning:
            return replace(self, stunned=self.stunned + 1)
        return replace(self, lost=self.lost + 1)

    def rest(self) -> Endurance:
        """An hour's rest: stunned END back, and half the lost END (rounded up), once."""
        self._living("rest")
        if self.rested:
            return replace(self, stunned=0)
        return replace(self, lost=self.lost // 2, stunned=0, rested=True)

    def night(self) -> Endurance:
        """A night's sleep: all Endurance back."""
        self._living("sleep")
        return replace(self, lost=0, stunned=0, rested=False)

    def rally(self) -> Endurance:
        """Rally: half the lost END back at once (rounded up), stunned points first."""
        self._living("rally")
        back = -(-(self.lost + self.stunned) // 2)
        from_stun = min(back, self.stunned)
        return replace(self, stunned=self.stunned - from_stun, lost=self.lost - (back - from_stun))

    def recovered_by(self, later: Endurance) -> int:
        """END regained between this value and ``later``."""
        return later.current - self.current

    def _living(self, what: str) -> None:
        if self.kind == OBJECT:
            raise RulesError(f"an object cannot {what}: it keeps its damage until repaired")

    def _state(self) -> str:
        if self.kind == OBJECT:
            return ": destroyed" if self.destroyed else ": damaged" if self.damaged else ""
        return ": defeated" if self.defeated else ""

    def explain(self) -> Explanation:
        """Current, maximum and state."""
        return Explanation(title=f"{self.who or 'Endurance'}: END", lines=(self.text(),))

    def text(self) -> str:
        """``END 4 of 6``, ``END 3 of 6 (1 stunned)``, ``END 0 of 6: defeated``."""
        if self.kind == RABBLE:
            return f"rabble, {'defeated' if self.defeated else 'standing'}"
        stunned = f" ({self.stunned} stunned)" if self.stunned else ""
        return f"END {self.current} of {self.maximum}{stunned}{self._state()}"

    def __repr__(self) -> str:
        return f"<{self.text()}>"

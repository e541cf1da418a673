"""Plot points (Kruhl 3e, "Plot Points").

Each player starts a session with one plot point (the text says "at least one" in one
paragraph and "one" in the next; one is the default here) and spends them on: a **bonus
die** (even after the roll), an **escape** from a grapple or lasting spell, **inspiration**
(a hint), a **rally** (half the lost END back), a **retcon**, or a **surge** (+1 to one
attribute for a round, or a scene if the GM agrees). Unspent points do not carry over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.explain import Explanation
from rules_core.kruhl.character import Character
from rules_core.kruhl.errors import PlotPointError

BONUS_DIE = "bonus die"
"""A bonus die on a roll, even after it is made (Kruhl 3e, "Bonus Die")."""

ESCAPE = "escape"
"""An escape from a grapple or a lasting spell."""

INSPIRATION = "inspiration"
"""A hint from the GM."""

RALLY = "rally"
"""Half the lost Endurance back at once."""

RETCON = "retcon"
"""A detail of the story changed after the fact."""

SURGE = "surge"
"""One attribute +1 for a round (or a scene, if the GM agrees)."""

USES = (BONUS_DIE, ESCAPE, INSPIRATION, RALLY, RETCON, SURGE)
"""Everything a plot point can be spent on."""

SESSION_START = 1
"""Plot points a player starts each session with."""


@dataclass(frozen=True)
class PlotPoints:
    """A player's plot points and what they were spent on."""

    count: int = SESSION_START
    spent: tuple[str, ...] = ()

    def gain(self, n: int = 1) -> PlotPoints:
        """After earning ``n`` plot points."""
        return replace(self, count=self.count + n)

    def spend(self, use: str) -> PlotPoints:
        """After spending one on ``use``."""
        if use not in USES:
            raise PlotPointError(f"{use!r} is not a use of plot points: {', '.join(USES)}")
        if self.count < 1:
            raise PlotPointError(f"no plot point left to spend on {use!r}: earn one first")
        return PlotPoints(self.count - 1, (*self.spent, use))

    def next_session(self) -> PlotPoints:
        """Unspent points do not carry over: a new session starts with one."""
        return PlotPoints()

    def __str__(self) -> str:
        """``0 plot points left, spent on: bonus die``."""
        left = f"{self.count} plot point{'' if self.count == 1 else 's'} left"
        return f"{left}, spent on: {', '.join(self.spent)}" if self.spent else left


@dataclass(frozen=True)
class Surge:
    """A surge: one attribute one higher for a round (or a scene)."""

    before: Character
    attribute: str
    lasts: str = "one round"

    @property
    def after(self) -> Character:
        """The character during the surge."""
        return self.before.surged(self.attribute)

    def explain(self) -> Explanation:
        """Before and after."""
        return Explanation(title=f"{self.before.name}: surge", lines=(self._text() + ".",))

    def _text(self) -> str:
        old = self.before.attribute(self.attribute)
        return f"{self.before.name}'s {self.attribute} {old} → {old + 1} for {self.lasts}"

    def __repr__(self) -> str:
        return f"<Surge: {self._text()}>"


def surge(character: Character, attribute: str, *, scene: bool = False) -> Surge:
    """Spend a plot point to raise ``attribute`` by one for a round (``scene``: a scene)."""
    character.attribute(attribute)
    return Surge(character, attribute, "the scene" if scene else "one round")

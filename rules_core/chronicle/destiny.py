"""Destiny Points: what spending one and burning one can do (a Free action).

A Song of Ice and Fire Roleplaying, "Combat Actions" (Use Destiny Point), "Critical Failures",
"Destiny & Defeat". "Combat Actions" lists more uses than the core player aid; each use here says
whether the core list has it. A test's own uses (+1B, 1B → 1D, −1D removed; all B → D, +5, an
automatic success) are applied by [`AbilityTest.spend`][rules_core.chronicle.AbilityTest.spend]
and [`AbilityTest.burn`][rules_core.chronicle.AbilityTest.burn]; in a combat, every use takes one
point from the character.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.chronicle.errors import DestinyError
from rules_core.chronicle.harm import Harm
from rules_core.chronicle.tables import RulesTable
from rules_core.explain import Explanation

SPEND = "spend"
"""Spending a point."""

BURN = "burn"
"""Burning a point."""


@dataclass(frozen=True)
class DestinyUse:
    """One use: ``kind`` (spend or burn), its ``name`` in the engine, what it does, and
    whether the core player aid lists it (``core``)."""

    kind: str
    name: str
    effect: str
    core: bool


USES = (
    DestinyUse(SPEND, "bonus die", "+1B, past the limit on bonus dice", True),
    DestinyUse(SPEND, "convert", "one bonus die becomes a test die (+1B → +1D)", True),
    DestinyUse(SPEND, "remove penalty", "remove one penalty die (−1D)", True),
    DestinyUse(SPEND, "bestow penalty", "−1D on an opponent's next test", False),
    DestinyUse(SPEND, "extra lesser action", "one more Lesser action this turn", True),
    DestinyUse(SPEND, "ignore armor penalty", "no armor penalty for a round", True),
    DestinyUse(SPEND, "negate spent point", "cancel another character's spent point", True),
    DestinyUse(SPEND, "minor detail", "add a minor detail to the scene", True),
    DestinyUse(SPEND, "activate environment", "bring an environmental quality into play",
               False),
    DestinyUse(SPEND, "ignore environment", "ignore an environmental quality", False),
    DestinyUse(SPEND, "lower fumble", "read a fumble one row lower", False),
    DestinyUse(BURN, "all bonus dice", "every bonus die becomes a test die", True),
    DestinyUse(BURN, "+5", "+5 to a test's result", True),
    DestinyUse(BURN, "automatic success", "a test succeeds with 1 degree, unrolled", True),
    DestinyUse(BURN, "remove damage and injuries", "all damage and injuries gone (not wounds)",
               False),
    DestinyUse(BURN, "decide defeat", "choose the consequence of one's own defeat", False),
    DestinyUse(BURN, "foil success", "another character's successful test fails", False),
    DestinyUse(BURN, "negate burned point", "cancel another character's burned point", False),
    DestinyUse(BURN, "significant detail", "add a significant detail to the scene", False),
    DestinyUse(BURN, "avoid death", "escape certain death: defeated, not dead", False),
)
"""Every use "Combat Actions" lists (and the fumble rule's), spends first."""


NEGATIONS = {SPEND: "negate spent point", BURN: "negate burned point"}
"""The use that cancels another character's point, by how that point was used: a spent point
is negated by a spent one, a burned point by a burned one."""


@dataclass(frozen=True)
class StandingUse:
    """A point ``who`` used (``kind``: spent or burned) outside a test, whose effect is still
    in play and can be negated: the ``use``, the opponent it went ``on``, the scene's
    ``detail``, and ``who``'s harm ``before`` and ``after`` it (for a use that changed the
    harm)."""

    who: str
    kind: str
    use: str
    on: str = ""
    detail: str = ""
    before: Harm | None = None
    after: Harm | None = None


def destiny_use(kind: str, name: str) -> DestinyUse:
    """The use ``name`` of ``kind`` (spend or burn); an error listing the uses otherwise."""
    for use in USES:
        if use.kind == kind and use.name == name:
            return use
    names = ", ".join(repr(u.name) for u in USES if u.kind == kind)
    done = {SPEND: "spent", BURN: "burned"}.get(kind, kind)
    raise DestinyError(f"{name!r} is not a use of a {done} Destiny Point: {names}"
                       if kind in (SPEND, BURN) else f"Destiny Points are spent or burned, "
                       f"not {kind!r}")


@dataclass(frozen=True)
class DestinyPoints:
    """A character's Destiny Points: how many are left and what was done with them.

    "Combat Actions" does not say how points come back; here spending and burning each take one.

    Examples:
        >>> points = DestinyPoints("Edric", 2).spend("bonus die").burn("+5")
        >>> points
        <Edric: 0 Destiny Points (spent: bonus die; burned: +5)>
        >>> points.spend("convert")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.chronicle.errors.DestinyError: Edric has no Destiny Point left to spend ...
    """

    who: str
    left: int
    used: tuple[tuple[str, str], ...] = ()

    def spend(self, use: str) -> DestinyPoints:
        """After spending a point on ``use``."""
        return self._use(SPEND, use)

    def burn(self, use: str) -> DestinyPoints:
        """After burning a point for ``use``."""
        return self._use(BURN, use)

    def _use(self, kind: str, name: str) -> DestinyPoints:
        destiny_use(kind, name)
        if self.left < 1:
            raise DestinyError(f"{self.who} has no Destiny Point left to {kind} on {name!r}: "
                               "the sheet's destiny= says how many they start with")
        return DestinyPoints(self.who, self.left - 1, (*self.used, (kind, name)))

    def explain(self) -> Explanation:
        """The points left and what was done with them."""
        return Explanation(title=f"{self.who}'s Destiny Points", lines=(repr(self)[1:-1] + ".",))

    def __repr__(self) -> str:
        parts = []
        for kind, word in ((SPEND, "spent"), (BURN, "burned")):
            names = [name for k, name in self.used if k == kind]
            if names:
                parts.append(f"{word}: {', '.join(names)}")
        note = f" ({'; '.join(parts)})" if parts else ""
        noun = "Point" if self.left == 1 else "Points"
        return f"<{self.who}: {self.left} Destiny {noun}{note}>"


def destiny_table() -> RulesTable:
    """Every use, with whether the core player aid lists it."""
    return RulesTable("Destiny Points", ("Spend or burn", "Use", "Effect", "Core list"),
                      tuple((u.kind, u.name, u.effect, "yes" if u.core else "no (this text only)")
                            for u in USES))

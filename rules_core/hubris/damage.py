"""Damage: its three kinds, the individual cap on one attack, and the group cap on a round
(the Act of Hubris, "Individual Damage Cap", "Group Damage Cap"; the kinds from Chronicles
of Darkness).

- **Bashing** < **lethal** < **aggravated**: each wound is one of these, the later ones more
  severe.
- **Individual cap** (optional): one damaging attack inflicts at most **5** wounds; net
  successes past the fifth add nothing.
- **Group cap** (optional): a character attacked several times in one round takes at most
  **the number of attacks + 4** wounds from them (6 from two, 7 from three). More severe
  wounds push out less severe ones: 4 lethal, then 4 aggravated, under a cap of 6 leave 4
  aggravated and 2 lethal.

A [`DamageRound`][rules_core.hubris.DamageRound] keeps one character's wounds of a round and
recomputes the cap after every attack, so a later, worse hit can push out an earlier one.
Every attack aimed at the character that round counts toward the cap, even one that did no
damage (our reading: "Group Damage Cap" does not say).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from rules_core.explain import Explanation, TableView
from rules_core.hubris.errors import DamageError
from rules_core.hubris.options import STANDARD_OPTIONS, Options
from rules_core.words import count, is_whole

BASHING = "bashing"
"""Bruising damage: fists, clubs, falls."""

LETHAL = "lethal"
"""Cutting and piercing damage: blades, bullets."""

AGGRAVATED = "aggravated"
"""The worst damage: supernatural harm that heals slowest."""

DAMAGE_KINDS = (BASHING, LETHAL, AGGRAVATED)
"""The kinds of damage, least severe first."""

INDIVIDUAL_CAP = 5
"""The most wounds one damaging attack inflicts (an optional rule)."""

GROUP_CAP_EXTRA = 4
"""The group cap is the number of attacks in the round plus this (an optional rule)."""


def check_kind(kind: str) -> str:
    """``kind`` if it is a kind of damage; otherwise a clear error."""
    if kind not in DAMAGE_KINDS:
        raise DamageError(f"damage is {', '.join(DAMAGE_KINDS)}, not {kind!r}")
    return kind


@dataclass(frozen=True)
class Wounds:
    """``count`` wounds of ``kind``.

    Examples:
        >>> Wounds(LETHAL, 3)
        Wounds(3 lethal)
    """

    kind: str
    count: int

    def __post_init__(self) -> None:
        check_kind(self.kind)
        if not is_whole(self.count):
            raise DamageError(f"wounds are a whole number, 0 or more, not {self.count!r}")

    def __str__(self) -> str:
        return f"{self.count} {self.kind}"

    def __repr__(self) -> str:
        return f"Wounds({self})"


def capped(net: int, options: Options = STANDARD_OPTIONS) -> int:
    """The wounds ``net`` successes inflict: at most 5 under the individual cap."""
    return min(net, INDIVIDUAL_CAP) if options.individual_cap else net


def group_cap(attacks: int) -> int:
    """The most wounds ``attacks`` attacks in one round inflict together: attacks + 4.

    Examples:
        >>> group_cap(2), group_cap(3)
        (6, 7)
    """
    return attacks + GROUP_CAP_EXTRA


def keep_most_severe(wounds: Iterable[Wounds], cap: int) -> tuple[Wounds, ...]:
    """``wounds`` cut to ``cap`` in all, the most severe kept: one entry per kind, most
    severe first.

    Examples:
        >>> keep_most_severe([Wounds(LETHAL, 4), Wounds(AGGRAVATED, 4)], 6)
        (Wounds(4 aggravated), Wounds(2 lethal))
    """
    totals = {kind: 0 for kind in DAMAGE_KINDS}
    for wound in wounds:
        totals[wound.kind] += wound.count
    kept = []
    room = cap
    for kind in reversed(DAMAGE_KINDS):
        taken = min(totals[kind], room)
        room -= taken
        if taken:
            kept.append(Wounds(kind, taken))
    return tuple(kept)


def wounds_text(wounds: Iterable[Wounds]) -> str:
    """``4 aggravated and 2 lethal``, or ``no wounds``."""
    parts = [str(w) for w in wounds if w.count]
    if not parts:
        return "no wounds"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class Damaging(Protocol):
    """Anything that deals wounds to a character: an attack's result, a tick of ongoing
    damage."""

    @property
    def wounds(self) -> Wounds | None:
        """The wounds dealt (``None``: the attack deals no damage)."""
        ...

    @property
    def source(self) -> str:
        """What dealt them, in a few words."""
        ...


class DamageRound:
    """The wounds ``target`` takes in one round, under ``options`` (the group cap on or
    off). [`take`][rules_core.hubris.DamageRound.take] records each attack aimed at them,
    returning the round with it added.

    Examples:
        >>> ward = DamageRound("Rook")
        >>> ward.take(Wounds(LETHAL, 4), "Mara's machete").take(Wounds(AGGRAVATED, 4), "claws")
        <Rook, round: 2 attacks, cap 6: 4 aggravated and 2 lethal (2 lethal stopped by the cap)>
    """

    def __init__(self, target: str, options: Options = STANDARD_OPTIONS) -> None:
        self.target = target
        self.options = options
        self.attacks: list[tuple[str, Wounds | None]] = []

    def take(self, hit: Damaging | Wounds | None, source: str = "") -> DamageRound:
        """Record an attack aimed at the character: an attack's result, or ``Wounds`` from
        ``source`` (``None``: it did no damage, but it still counts toward the cap)."""
        twin = DamageRound(self.target, self.options)
        entry = ((source or "an attack", hit) if hit is None or isinstance(hit, Wounds) else
                 (source or hit.source, hit.wounds))
        twin.attacks = [*self.attacks, entry]
        return twin

    @property
    def cap(self) -> int | None:
        """The group cap: attacks + 4 (``None`` when the rule is off)."""
        return group_cap(len(self.attacks)) if self.options.group_cap else None

    @property
    def dealt(self) -> tuple[Wounds, ...]:
        """Every wound the attacks dealt, before the cap."""
        return tuple(w for _, w in self.attacks if w is not None and w.count)

    @property
    def taken(self) -> tuple[Wounds, ...]:
        """The wounds the character takes: the most severe, up to the cap."""
        total = sum(w.count for w in self.dealt)
        return keep_most_severe(self.dealt, total if self.cap is None else self.cap)

    @property
    def stopped(self) -> tuple[Wounds, ...]:
        """The wounds the cap stopped, most severe first."""
        kept = {w.kind: w.count for w in self.taken}
        dealt = {kind: 0 for kind in DAMAGE_KINDS}
        for wound in self.dealt:
            dealt[wound.kind] += wound.count
        return tuple(Wounds(kind, dealt[kind] - kept.get(kind, 0))
                     for kind in reversed(DAMAGE_KINDS) if dealt[kind] > kept.get(kind, 0))

    def total(self) -> int:
        """How many wounds the character takes this round."""
        return sum(w.count for w in self.taken)

    def explain(self) -> Explanation:
        """The attacks of the round, the cap, and the wounds taken."""
        rows = tuple((str(n), source, str(w) if w is not None and w.count else "none")
                     for n, (source, w) in enumerate(self.attacks, 1))
        dealt = sum(w.count for w in self.dealt)
        lines = [f"{count(len(self.attacks), 'attack')} dealt {count(dealt, 'wound')}: "
                 f"{wounds_text(keep_most_severe(self.dealt, dealt))}."]
        if self.cap is None:
            lines.append("The group cap is off: every wound is taken.")
        else:
            lines.append(f"Group cap: {len(self.attacks)} attacks + {GROUP_CAP_EXTRA} = "
                         f"{count(self.cap, 'wound')} this round.")
            if self.stopped:
                lines.append(f"The most severe wounds are kept; the cap stops "
                             f"{wounds_text(self.stopped)}.")
        lines.append(f"{self.target} takes {wounds_text(self.taken)}.")
        return Explanation(title=f"{self.target}'s wounds this round, after "
                                 f"{count(len(self.attacks), 'attack')}", lines=tuple(lines),
                           tables=(TableView(f"Attacks on {self.target}",
                                             ("#", "Attack", "Wounds dealt"), rows),))

    def __repr__(self) -> str:
        cap = "no cap" if self.cap is None else f"cap {self.cap}"
        stopped = (f" ({wounds_text(self.stopped)} stopped by the cap)" if self.stopped
                   else "")
        return (f"<{self.target}, round: {count(len(self.attacks), 'attack')}, {cap}: "
                f"{wounds_text(self.taken)}{stopped}>")

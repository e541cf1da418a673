"""Cover: what a character hides behind, and how many Injuries it absorbs (Storypath,
"Action-Adventure", "Utilize Cover").

Getting behind cover under fire takes a simple Athletics + Dexterity roll, or a Defensive
Stunt (see [`Turn.utilize_cover`][rules_core.storypath.Turn.utilize_cover]). Cover comes in
four kinds:

| Kind | Absorbs | Notes |
|---|---|---|
| expendable | 1 Injury | small things: a chair, a crate; then it is destroyed |
| light | 4 Injuries | a railing, a pillar; shared by everyone behind it; then destroyed |
| heavy | 10 Injuries | a car's hood, an armoured door's slit; shared |
| full | 10 Injuries | heavy cover blocking line of sight: no ranged attack targets those behind |

**The unit.** "Utilize Cover" counts "Injuries" without saying whether one is an Injury
Condition (one damaging hit) or one success of damage; the engine counts whatever it is
given, and the chapter's examples count one Injury per damaging hit (our reading).
**Heavy and full cover** are never said to be destroyed when spent; by default all cover
breaks when spent (``breaks_when_spent=False`` keeps heavy or full cover standing, absorbing
nothing more, full cover still blocking sight).
**Destroyed cover** protects nobody: a hit on someone who was behind it when it broke lands
in full (our reading; "Utilize Cover" says only that it absorbs so many Injuries "before it
is destroyed").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation, TableView
from rules_core.storypath.errors import CoverError
from rules_core.words import count, whole


@dataclass(frozen=True)
class CoverKind:
    """A kind of cover: how many Injuries it absorbs, and whether it blocks line of sight."""

    name: str
    capacity: int
    blocks_sight: bool = False


EXPENDABLE = CoverKind("expendable", 1)
"""Less than person-sized (a kitchen chair, a knee-high crate): absorbs 1 Injury."""

LIGHT = CoverKind("light", 4)
"""Covers much of the body (a balcony railing, a pillar): absorbs 4 Injuries, shared."""

HEAVY = CoverKind("heavy", 10)
"""Covers almost all of the body (a car's hood): absorbs 10 Injuries, shared."""

FULL = CoverKind("full", 10, blocks_sight=True)
"""Heavy cover that blocks line of sight: no ranged attack can normally target those behind
it."""

DEFENSIVE_STUNT = "Defensive Stunt"
"""The stunt that takes a character into cover without the Utilize Cover roll (Scion 2nd
Edition, "Utilize Cover", pointing to the combat rules for its cost)."""

COVER_KINDS = {kind.name: kind for kind in (EXPENDABLE, LIGHT, HEAVY, FULL)}
"""Every kind of cover by name."""


@dataclass(frozen=True, repr=False)
class CoverHit:
    """One hit on someone behind cover: the Injuries it brought, how many the cover
    absorbed and how many got through, and what the cover has left. ``already_destroyed``:
    the cover was destroyed before this hit, which lands in full."""

    cover: str
    who: str
    injuries: int
    absorbed: int
    left: int
    destroyed: bool
    already_destroyed: bool = False

    @property
    def through(self) -> int:
        """The Injuries the cover did not absorb."""
        return self.injuries - self.absorbed

    def explain(self) -> Explanation:
        """The hit in words."""
        if self.already_destroyed:
            return Explanation(title=f"A hit on {self.who}, once behind {self.cover}", lines=(
                f"{self.who} takes a hit of {count(self.injuries, 'Injury', 'Injuries')}.",
                f"{self.cover[0].upper()}{self.cover[1:]} is already destroyed: it absorbs "
                f"nothing, and all {self.through} {'gets' if self.through == 1 else 'get'} "
                f"through to {self.who}."))
        lines = [f"{self.who} takes a hit of {count(self.injuries, 'Injury', 'Injuries')} "
                 f"behind {self.cover}.",
                 f"The cover absorbs {self.absorbed}; {self.through} "
                 f"{'gets' if self.through == 1 else 'get'} through to {self.who}."]
        lines.append(f"{self.cover[0].upper()}{self.cover[1:]} is destroyed." if self.destroyed
                     else f"It can absorb {count(self.left, 'more Injury', 'more Injuries')}.")
        return Explanation(title=f"A hit on {self.who} behind {self.cover}", lines=tuple(lines))

    def __repr__(self) -> str:
        state = ("already destroyed" if self.already_destroyed else "destroyed"
                 if self.destroyed else f"{self.left} left")
        return (f"<Hit on {self.who}: {self.absorbed} absorbed, {self.through} through; "
                f"cover {state}>")


class Cover:
    """A piece of cover of ``kind`` (a [`CoverKind`][rules_core.storypath.CoverKind] or its
    name); ``name`` says what it is (``the marble railing``). It keeps who is behind it
    and every hit it took.

    Examples:
        >>> railing = Cover("the marble railing", "light")
        >>> railing.shelter("Ana", "Bo")
        >>> railing.hit("Ana", 3)
        <Hit on Ana: 3 absorbed, 0 through; cover 1 left>
        >>> railing.hit("Bo", 2)
        <Hit on Bo: 1 absorbed, 1 through; cover destroyed>
        >>> railing
        <Cover: the marble railing (light), destroyed after absorbing 4 of 4 Injuries>
    """

    def __init__(self, name: str, kind: CoverKind | str, *,
                 breaks_when_spent: bool = True) -> None:
        if isinstance(kind, str):
            if kind not in COVER_KINDS:
                raise CoverError(f"{kind!r} is not a kind of cover: the kinds are "
                                 f"{', '.join(COVER_KINDS)}")
            kind = COVER_KINDS[kind]
        if not breaks_when_spent and kind in (EXPENDABLE, LIGHT):
            raise CoverError(f"{kind.name} cover is destroyed when spent (\"Utilize Cover\" "
                             "says so); only heavy and full cover may be kept standing")
        self.name, self.kind, self.breaks_when_spent = name, kind, breaks_when_spent
        self.behind: list[str] = []
        self.exposed: list[str] = []
        self.hits: list[CoverHit] = []

    @property
    def absorbed(self) -> int:
        """The Injuries absorbed so far, from everyone behind it together."""
        return sum(hit.absorbed for hit in self.hits)

    @property
    def left(self) -> int:
        """The Injuries it can still absorb."""
        return self.kind.capacity - self.absorbed

    @property
    def destroyed(self) -> bool:
        """Whether it is spent and broken."""
        return self.breaks_when_spent and self.left == 0

    @property
    def blocks_sight(self) -> bool:
        """Whether it blocks line of sight (full cover still standing)."""
        return self.kind.blocks_sight and not self.destroyed

    def shelter(self, *names: str) -> None:
        """Put ``names`` behind it (after their Utilize Cover roll, or a Defensive Stunt)."""
        if self.destroyed:
            raise CoverError(f"{self.name} is destroyed: nobody can take cover behind it")
        self.behind.extend(n for n in names if n not in self.behind)

    def leave(self, name: str) -> None:
        """``name`` steps out from behind it."""
        self._check_behind(name)
        self.behind.remove(name)

    def hit(self, who: str, injuries: int = 1, *, ranged: bool = False) -> CoverHit:
        """A hit bringing ``injuries`` on ``who``, who is behind it: the cover absorbs what
        it still can, shared with everyone behind it; past that the Injuries get through.
        On someone who was behind it when it was destroyed, the hit lands in full: nothing
        is absorbed. ``ranged``: a ranged attack, which cannot target someone behind full
        cover."""
        injuries = whole(injuries, "the Injuries of a hit", 1, CoverError)
        if self.destroyed and who in self.exposed:
            hit = CoverHit(self.name, who, injuries, 0, 0, True, already_destroyed=True)
            self.hits.append(hit)
            return hit
        self._check_behind(who)
        if ranged and self.blocks_sight:
            raise CoverError(f"{who} is behind full cover ({self.name}), which blocks line of "
                             "sight: a ranged attack cannot target them")
        absorbed = min(injuries, self.left)
        hit = CoverHit(self.name, who, injuries, absorbed, self.left - absorbed,
                       self.breaks_when_spent and self.left - absorbed == 0)
        self.hits.append(hit)
        if self.destroyed:
            self.exposed, self.behind = list(self.behind), []
        return hit

    def copy(self) -> Cover:
        """An independent copy (for trying a hit without changing this cover)."""
        twin = Cover(self.name, self.kind, breaks_when_spent=self.breaks_when_spent)
        twin.behind, twin.hits = list(self.behind), list(self.hits)
        twin.exposed = list(self.exposed)
        return twin

    def table(self) -> TableView:
        """Every hit it took, with what was left after it."""
        rows = tuple((str(n), h.who, str(h.injuries), str(h.absorbed), str(h.through),
                      "destroyed" if h.destroyed else str(h.left))
                     for n, h in enumerate(self.hits, 1))
        return TableView(f"Hits on {self.name}", ("Hit", "On", "Injuries", "Absorbed",
                                                   "Through", "Cover left"), rows)

    def explain(self) -> Explanation:
        """The cover, who is behind it and the hits it took."""
        shared = " (shared by everyone behind it)" if len(self.behind) > 1 else ""
        lines = [f"{self.kind.name.capitalize()} cover absorbs "
                 f"{count(self.kind.capacity, 'Injury', 'Injuries')} in all{shared}.",
                 self._state()[0].upper() + self._state()[1:] + "."]
        if self.kind.blocks_sight:
            lines.append("It blocks line of sight: no ranged attack can target those behind "
                         "it." if self.blocks_sight else "It no longer blocks line of sight.")
        return Explanation(title=f"Cover: {self.name}", lines=tuple(lines),
                           tables=(self.table(),) if self.hits else ())

    def _state(self) -> str:
        if self.destroyed:
            return (f"destroyed after absorbing {self.absorbed} of {self.kind.capacity} "
                    "Injuries")
        who = f"; behind it: {', '.join(self.behind)}" if self.behind else ""
        spent = "spent, still standing" if self.left == 0 else (
            f"{self.left} of {self.kind.capacity} Injuries left")
        return f"{spent}{who}"

    def _check_behind(self, name: str) -> None:
        if name not in self.behind:
            raise CoverError(f"{name} is not behind {self.name}" + (
                f" (behind it: {', '.join(self.behind)})" if self.behind else
                " (nobody is)" if not self.destroyed else " (it is destroyed)"))

    def __str__(self) -> str:
        """``the wall (full cover): spent, still standing; behind it: Bo``."""
        return f"{self.name} ({self.kind.name} cover): {self._state()}"

    def __repr__(self) -> str:
        return f"<Cover: {self.name} ({self.kind.name}), {self._state()}>"



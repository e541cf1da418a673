"""The oracle of the odds tests: every face sequence, through the engine, weighed exactly.

The oracle is a dice source that hands out a prefix of faces and, when the engine asks for
more, is run again with every possible continuation; each finished run weighs
``(1/sides)`` per face. Rerolls and explosions are unbounded, so the engine's limits are
lowered for the oracle (a run past them ends in the engine's limit error, the outcome
:data:`~rules_core.odds.LIMIT`) and compared with ``odds.distribution(..., limit=k)``.

Faces a roll cannot tell apart may be enumerated once, weighed by how many they stand for
(:func:`face_classes`): on a d10 counting 8+ with 10-again, 1 to 7 all read as a failure
and nothing more happens to them, so one of them is rolled with weight 7/10. A face is
only grouped with faces that every procedure of the question reads alike (the same value,
rerolled or rolled again alike), and never in a roll that keeps some dice, so the runs
still cover every outcome the engine can reach, exactly.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction

import pytest

from rules_core import limits
from rules_core.errors import ExplosionLimitError, RerollLimitError
from rules_core.limits import check_roll_size
from rules_core.odds import LIMIT
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    KeepHighest,
    KeepLowest,
    Procedure,
    RerollWhile,
    success_value,
)

#: Most engine runs one enumeration may take (the parity run repeats them in Pyodide).
BUDGET = 60_000

Classes = Mapping[int, Sequence[tuple[int, int]]]
"""For a die size, the faces the oracle rolls and how many faces each stands for."""


class Need(Exception):
    """The engine asked for more faces than the prefix holds."""

    def __init__(self, count: int, sides: int) -> None:
        super().__init__(count, sides)
        self.count, self.sides = count, sides


class Prefix:
    """A dice source holding a prefix of faces; past it, it asks for more (:class:`Need`)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces, self.used = faces, 0

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        check_roll_size(count, sides)
        if self.used + count > len(self.faces):
            raise Need(count, sides)
        taken = self.faces[self.used:self.used + count]
        self.used += count
        return taken


def enumerate_engine(run: Callable[[Prefix], Hashable], classes: Classes | None = None
                     ) -> dict[Hashable, Fraction]:
    """The exact distribution of ``run``'s outcome over every face sequence it can ask for
    (each face of a class standing for the faces it groups, see :func:`face_classes`)."""
    found: dict[Hashable, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    while stack:
        prefix, weight = stack.pop()
        runs += 1
        assert runs <= BUDGET, "the enumeration is too big for the oracle"
        try:
            outcome: Hashable = run(Prefix(prefix))
        except Need as need:
            options = (classes or {}).get(need.sides) or [(f, 1) for f in
                                                          range(1, need.sides + 1)]
            share = weight / need.sides ** need.count
            for combo in itertools.product(options, repeat=need.count):
                stack.append((prefix + tuple(face for face, _ in combo),
                              share * math.prod(many for _, many in combo)))
            continue
        except (RerollLimitError, ExplosionLimitError):
            outcome = LIMIT
        found[outcome] += weight
    assert sum(found.values()) == 1
    return dict(found)


def face_classes(procedures: Iterable[Procedure]) -> dict[int, list[tuple[int, int]]]:
    """Faces every one of ``procedures`` reads alike, grouped (the lowest face stands for
    its group): successes counted the same, rerolled and rolled again alike. A roll that
    keeps some dice, or reads a total, tells every face apart."""
    procedures = list(procedures)
    found: dict[int, list[tuple[int, int]]] = {}
    for sides in {p.sides for p in procedures}:
        same = [p for p in procedures if p.sides == sides]
        groups: dict[tuple[object, ...], list[int]] = {}
        for face in range(1, sides + 1):
            groups.setdefault(tuple(_reads(p, face) for p in same), []).append(face)
        found[sides] = [(faces[0], len(faces)) for faces in groups.values()]
    return found


def _reads(procedure: Procedure, face: int) -> tuple[object, ...]:
    reading = procedure.reading
    if not isinstance(reading, CountAtLeast) or any(
            isinstance(s, KeepHighest | KeepLowest) for s in procedure.steps):
        return (face,)
    value = success_value(face, reading.target, reading.doubles)
    return (value, *(face in s.faces for s in procedure.steps
                     if isinstance(s, RerollWhile | Explode)))


def runs_needed(procedures: Sequence[Procedure], k: int, classes: Classes | None = None) -> int:
    """How many engine runs enumerating ``procedures`` takes with limits at ``k``."""
    total = 1
    for procedure in procedures:
        options = (classes or {}).get(procedure.sides) or [(f, 1) for f in
                                                           range(1, procedure.sides + 1)]
        faces = [face for face, _ in options]
        per_die = len(faces)
        for step in procedure.steps:
            if isinstance(step, RerollWhile | Explode):
                r = sum(1 for face in faces if face in step.faces)
                per_die = sum(r ** j * (len(faces) - r) for j in range(k + 1)) + r ** (k + 1)
        total *= per_die ** procedure.size
    return total


def set_limits(monkeypatch: pytest.MonkeyPatch, k: int) -> None:
    """The engine's reroll and explosion limits at ``k``."""
    monkeypatch.setattr(limits, "MAX_REROLLS_PER_DIE", k)
    monkeypatch.setattr(limits, "MAX_EXPLOSIONS_PER_DIE", k)


def mass_above(found: dict[Hashable, Fraction], value: int, *, inclusive: bool = True
               ) -> Fraction:
    """The chance of a finished run reading ``value`` or more (more, if not inclusive)."""
    return sum((p for o, p in found.items() if isinstance(o, int)
                and (o >= value if inclusive else o > value)), Fraction(0))


def reading(procedure: Procedure) -> Callable[[Prefix], Hashable]:
    """A run that rolls ``procedure`` and reads it."""
    return lambda dice: procedure.read(procedure.roll(dice))


def margin_at_least(actor: Procedure, opponent: Procedure, margin: int
                    ) -> Callable[[Prefix], Hashable]:
    """A run that rolls both and says whether the actor's reading leads by ``margin``."""
    def run(dice: Prefix) -> Hashable:
        return actor.read(actor.roll(dice)) - opponent.read(opponent.roll(dice)) >= margin
    return run

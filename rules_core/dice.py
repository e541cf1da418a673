"""Dice sources: where the faces of a roll come from.

Code that rolls takes a [`DiceSource`][rules_core.dice.DiceSource]. A
[`ScriptedDice`][rules_core.dice.ScriptedDice] hands out the faces printed in a rules text, so
a worked example replays exactly; a [`RandomDice`][rules_core.dice.RandomDice] draws fresh
faces from its own seedable ``random.Random``. Nothing here reads or seeds the global
``random`` module. A rule that rolls several pools from one source says what each roll is
for with [`rolling_for`][rules_core.dice.rolling_for], so that written faces that run short
name whose roll lacks them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol, runtime_checkable

from rules_core.errors import DiceScriptError
from rules_core.limits import MAX_SIDES, check_roll_size
from rules_core.words import count as count_of
from rules_core.words import noun

#: How many of the engine's dice sources this process has made (see :func:`sources_made`).
_made = [0]


def sources_made() -> int:
    """How many :class:`ScriptedDice` and :class:`RandomDice` this process has made so far.

    A page's examples ask ``rolled()`` for their dice; the checker compares this count with
    the sources ``rolled()`` handed out, so a source made any other way (``ScriptedDice``
    spelled through ``getattr``, a copy of the class under another name) is caught by what
    it is, not by how its name is written.
    """
    return _made[0]


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll ``count`` dice of ``sides`` faces."""

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        """Return ``count`` faces, each from 1 to ``sides``."""
        ...


def parse_faces(text: str | Iterable[int]) -> tuple[int, ...]:
    """Read faces written as in a rules text: ``"6 6 5 4 2 1"`` (commas allowed).

    A face past the most sides a die may have (:data:`~rules_core.limits.MAX_SIDES`) is
    refused here, whatever its length, as no die could show it.

    Examples:
        >>> parse_faces("6 6, 5")
        (6, 6, 5)
    """
    if isinstance(text, str):
        words = text.replace(",", " ").split()
        faces = []
        for word in words:
            if not (word.isascii() and word.isdigit()):
                raise DiceScriptError(
                    f"{word[:20]!r} in {text[:60]!r} is not a die face: write faces as whole "
                    'numbers in the digits 0 to 9, like "6 6 5 4 2 1"'
                )
            if len(word.lstrip("0")) > len(str(MAX_SIDES)):  # before int(): it may be huge
                raise DiceScriptError(_past_every_die(len(word.lstrip("0")), word))
            faces.append(int(word))
        return tuple(_on_some_die(face) for face in faces)
    given = tuple(text)
    for face in given:
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceScriptError(f"{face!r:.40} is not a die face: faces are whole numbers")
    return tuple(_on_some_die(face) for face in given)


def _on_some_die(face: int) -> int:
    """``face``, unless no die the engine rolls has it."""
    if abs(face) > MAX_SIDES:
        size = abs(face)
        digits = len(str(size)) if size.bit_length() < 14_000 else int(math.log10(size)) + 1
        raise DiceScriptError(_past_every_die(digits, face))
    return face


def _past_every_die(digits: int, face: object) -> str:
    """Why a face of ``digits`` digits is refused (the face itself named when it is short)."""
    what = f"the face {face}" if digits <= 12 else f"a face of {digits:,} digits"
    return (f"{what} cannot come up on any die: a die has at most {MAX_SIDES:,} faces "
            "(rules_core.limits.MAX_SIDES); write the faces the dice showed, like \"6 5 1\"")


def format_faces(faces: Iterable[int]) -> str:
    """Write faces the way rules texts do: ``6 6 5 4 2 1``."""
    return " ".join(str(face) for face in faces)


class ScriptedDice:
    """The faces a rules text says were rolled, handed out in order.

    A roll takes exactly as many faces as it has dice; a script with faces left over, or
    too few, is an error that names the pool and the faces, so the example can be fixed.
    On a page, the ``rolled("6 6 5")`` helper of an example makes one of these.

    Examples:
        >>> dice = ScriptedDice("6 5 1 2")
        >>> dice.roll(3, 6)
        (6, 5, 1)
        >>> dice.leftover
        (2,)
        >>> dice.check_used_up()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.errors.DiceScriptError: 4 faces are listed (6 5 1 2) but only 3 were rolled: ...
    """

    def __init__(self, faces: str | Iterable[int]) -> None:
        self.faces = parse_faces(faces)
        self._next = 0
        #: The parameter a roll was given these faces in (``"defence"``), and why that roll
        #: took none of them, if it said (see :func:`given_as`).
        self.given_as = ""
        self.unrolled_why = ""
        _made[0] += 1

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        """The next ``count`` faces of the script; an error if they run out or do not fit a die
        of ``sides`` faces."""
        check_roll_size(count, sides)
        remaining = self.faces[self._next :]
        if self._next and not remaining and count:
            raise DiceScriptError(
                f"every face written ({format_faces(self.faces)}) is used up and {count}d{sides} "
                f"more are rolled: add {count_of(count, 'face')} (a bonus die, a reroll, an "
                "explosion rolls dice of its own), or give another roll its own faces"
            )
        if len(remaining) < count:
            raise DiceScriptError(
                f"the pool is {count}d{sides} but {_faces_listed(remaining)}: "
                f"add {count_of(count - len(remaining), 'face')}"
            )
        taken = remaining[:count]
        for face in taken:
            if not 1 <= face <= sides:
                raise DiceScriptError(
                    f"{face} cannot come up on a d{sides} (faces 1 to {sides}), "
                    f"in {format_faces(self.faces)}"
                )
        self._next += count
        return taken

    @property
    def leftover(self) -> tuple[int, ...]:
        """Faces listed but not rolled (yet)."""
        return self.faces[self._next :]

    @property
    def used(self) -> tuple[int, ...]:
        """Faces rolled so far."""
        return self.faces[: self._next]

    def check_used_up(self) -> None:
        """Raise unless every listed face was rolled."""
        extra = self.leftover
        if not extra:
            return
        if not self._next and self.given_as:
            why = f" ({self.unrolled_why})" if self.unrolled_why else ""
            raise DiceScriptError(
                f"the faces {format_faces(self.faces)} were never rolled: they were given as "
                f"{self.given_as}=, and no roll took them{why}: leave {self.given_as}= out"
            )
        if not self._next:
            raise DiceScriptError(
                f"the faces {format_faces(self.faces)} were never rolled: "
                "pass them to an action as dice=..."
            )
        raise DiceScriptError(
            f"{len(self.faces)} faces are listed ({format_faces(self.faces)}) but only "
            f"{self._next} were rolled: remove {count_of(len(extra), 'face')}"
        )

    def __repr__(self) -> str:
        return f"ScriptedDice({format_faces(self.faces)!r})"


def given_as(source: object, argument: str, *, unrolled: str = "") -> None:
    """Note that a rule was given ``source`` in its parameter ``argument`` (``"defence"``)
    and, with ``unrolled``, why it rolls none of those faces (the roll was denied), so that
    written faces nothing rolled are named by where they were given, not taken for dice meant
    for an action. Only written faces (:class:`ScriptedDice`) keep it; the first note stays.

    Examples:
        >>> dice = ScriptedDice("8 6 5")
        >>> given_as(dice, "defence", unrolled="Ike is unaware: no Defense")
        >>> dice.check_used_up()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.errors.DiceScriptError: the faces 8 6 5 were never rolled: they were given ...
    """
    if not isinstance(source, ScriptedDice):
        return
    if not source.given_as:
        source.given_as = argument
    if unrolled and not source.unrolled_why:
        source.unrolled_why = unrolled


@contextmanager
def rolling_for(what: str) -> Iterator[None]:
    """Say what the rolls made inside are for (``"the second target's Defense (Bo)"``): a
    :class:`~rules_core.errors.DiceScriptError` raised there (written faces that run out, or
    a face the die lacks) begins with it, so a rule that takes several rolls from one source
    names whose roll lacks faces. Where rolls nest, the innermost says it.

    Examples:
        >>> dice = ScriptedDice("9 8 3")
        >>> with rolling_for("Mara's attack"):
        ...     dice.roll(2, 10)
        (9, 8)
        >>> with rolling_for("the second target's Defense (Bo)"):
        ...     dice.roll(2, 10)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.errors.DiceScriptError: the second target's Defense (Bo): the pool is 2d10 ...
    """
    try:
        yield
    except DiceScriptError as error:
        if error.rolled_for:
            raise
        said = DiceScriptError(f"{what}: {error}")
        said.rolled_for = what
        raise said from error


class RandomDice:
    """Fresh faces from a private, seedable ``random.Random``; remembers what it rolled.

    The same ``seed`` rolls the same faces, here and in the browser (the Reroll button).

    Examples:
        >>> dice = RandomDice(seed=7)
        >>> faces = dice.roll(3, 6)
        >>> faces == RandomDice(seed=7).roll(3, 6) and list(faces) == dice.rolled
        True
    """

    def __init__(self, seed: int | None = None, *, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self.rolled: list[int] = []
        _made[0] += 1

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        """``count`` fresh faces of a die of ``sides`` faces, also added to ``rolled``."""
        check_roll_size(count, sides)
        faces = tuple(self._rng.randint(1, sides) for _ in range(count))
        self.rolled.extend(faces)
        return faces

    def __repr__(self) -> str:
        return f"RandomDice(rolled={format_faces(self.rolled)!r})"


def _faces_listed(faces: tuple[int, ...]) -> str:
    if not faces:
        return "no faces are listed"
    return f"{count_of(len(faces), 'face')} {noun(len(faces), 'is')} listed " \
        f"({format_faces(faces)})"

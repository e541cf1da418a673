"""How dice are rolled and read: a handful of verbs, and one description that composes them.

The verbs, each a few lines, build every mechanic the systems need (the way icepool builds
every game from ``reroll``, ``explode``, ``highest`` and a count or a sum):

- [`roll_pool`][rules_core.procedure.roll_pool]: roll some dice;
- [`reroll_while`][rules_core.procedure.reroll_while]: reroll dice while they show certain
  faces (in waves);
- [`explode`][rules_core.procedure.explode]: a die showing certain faces adds another die (in
  waves);
- [`keep_highest`][rules_core.procedure.keep_highest],
  [`keep_lowest`][rules_core.procedure.keep_lowest]: only some dice count;
- [`count_at_least`][rules_core.procedure.count_at_least]: successes, the dice showing a
  target number or more;
- [`cancel_highest`][rules_core.procedure.cancel_highest]: the other side takes away the
  highest dice;
- [`total`][rules_core.procedure.total]: the sum of the dice that count.

A [`Procedure`][rules_core.procedure.Procedure] describes a roll as those verbs in order (how
many dice, the steps, and how the roll is read). The same description rolls the dice
([`Procedure.roll`][rules_core.procedure.Procedure.roll]) and measures them:
[`odds`][rules_core.odds] turns it into an exact distribution, so the odds on a card are
always the odds of what the engine actually rolled.

**Waves.** Rerolls and explosions go as a player does them: pick up every die that must be
rolled again, roll them together, repeat. Scripted faces are read in that order: the first
roll, then the first wave, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import ClassVar, Protocol

from rules_core import limits
from rules_core.dice import DiceSource, ScriptedDice, format_faces
from rules_core.errors import DiceScriptError, ExplosionLimitError, RerollLimitError
from rules_core.roll import Die, Roll
from rules_core.words import count, noun

# -- the verbs ---------------------------------------------------------------------------


def roll_pool(dice: DiceSource, size: int, sides: int, origin: str = "") -> Roll:
    """Roll ``size`` dice of ``sides`` faces from ``dice``."""
    return Roll(sides, tuple(Die(sides, (face,), origin) for face in dice.roll(size, sides)))


def reroll_while(roll: Roll, dice: DiceSource, must_reroll: Callable[[int], bool], *,
                 rule: str = "the reroll rule", limit: int | None = None) -> Roll:
    """Reroll every kept die whose face ``must_reroll``, in waves, until none must.

    A die is rerolled at most ``limit`` times
    ([`MAX_REROLLS_PER_DIE`][rules_core.limits.MAX_REROLLS_PER_DIE] by default): reaching it
    means the rule can never be satisfied or the dice are stuck.
    """
    limit = limits.MAX_REROLLS_PER_DIE if limit is None else limit
    histories = [list(die.faces) for die in roll.dice]
    live = [i for i, die in enumerate(roll.dice) if die.kept]
    for _ in range(limit):
        pending = [i for i in live if must_reroll(histories[i][-1])]
        if not pending:
            break
        faces = _wave(dice, [histories[i][-1] for i in pending], roll.sides,
                      f"{rule} rerolls {count(len(pending), 'die')}",
                      "for the reroll (rerolls come after the first roll, in waves)")
        for i, face in zip(pending, faces, strict=True):
            histories[i].append(face)
    stuck = [histories[i][-1] for i in live if must_reroll(histories[i][-1])]
    if stuck:
        raise RerollLimitError(
            f"under {rule} a die was rerolled {limit} times and still shows "
            f"{format_faces(stuck)}: a die may be rerolled at most {limit} times; check that "
            "the rule leaves some face to keep and that the dice source is not stuck"
        )
    return Roll(roll.sides, tuple(
        die if len(history) == len(die.faces) else replace(die, faces=tuple(history))
        for die, history in zip(roll.dice, histories, strict=True)))


def explode(roll: Roll, dice: DiceSource, faces: Collection[int], *,
            rule: str = "exploding dice", origin: str = "rolled again",
            limit: int | None = None) -> Roll:
    """Every kept die showing one of ``faces`` adds a die (``origin``), in waves; added dice
    explode too. One die's chain may add at most ``limit`` dice
    ([`MAX_EXPLOSIONS_PER_DIE`][rules_core.limits.MAX_EXPLOSIONS_PER_DIE] by default)."""
    limit = limits.MAX_EXPLOSIONS_PER_DIE if limit is None else limit
    dice_out = list(roll.dice)
    depth = [0] * len(dice_out)
    pending = [i for i, die in enumerate(dice_out) if die.kept and die.face in faces]
    while pending:
        if any(depth[i] >= limit for i in pending):
            raise ExplosionLimitError(
                f"under {rule} one die added {limit} dice and would add another: a die may "
                f"add at most {limit} dice; check that the dice source is not stuck"
            )
        shown = [dice_out[i].face for i in pending]
        new = _wave(dice, shown, roll.sides, f"{rule} adds {count(len(pending), 'die')}",
                    "for the dice rolled again (they come after the roll before them, in waves)")
        for i in pending:
            dice_out[i] = replace(dice_out[i], exploded=True)
        start = len(dice_out)
        dice_out.extend(Die(roll.sides, (face,), origin) for face in new)
        depth.extend(depth[i] + 1 for i in pending)
        pending = [j for j in range(start, len(dice_out)) if dice_out[j].face in faces]
    return Roll(roll.sides, tuple(dice_out))


def keep_highest(roll: Roll, n: int) -> Roll:
    """Only the ``n`` highest kept dice stay kept (the earlier die on a tie)."""
    return _keep(roll, n, highest=True)


def keep_lowest(roll: Roll, n: int) -> Roll:
    """Only the ``n`` lowest kept dice stay kept (the earlier die on a tie)."""
    return _keep(roll, n, highest=False)


def _keep(roll: Roll, n: int, *, highest: bool) -> Roll:
    ranked = sorted((i for i, die in enumerate(roll.dice) if die.kept),
                    key=lambda i: (-roll.dice[i].face if highest else roll.dice[i].face, i))
    return roll.with_dice(ranked[max(n, 0):], kept=False)


def count_at_least(roll: Roll, target: int, doubles: int | None = None) -> int:
    """How many dice that count show ``target`` or more (successes); with ``doubles``, a die
    showing that face or more counts two."""
    return sum(success_value(die.face, target, doubles) for die in roll.dice if die.counts)


def success_value(face: int, target: int, doubles: int | None = None) -> int:
    """What one face is worth in successes: 0 below ``target``, else 1, or 2 from
    ``doubles`` up (``None``: no face counts double)."""
    if face < target:
        return 0
    return 2 if doubles is not None and face >= doubles else 1


def cancel_highest(roll: Roll, n: int, among: Callable[[Die], bool] = lambda die: True) -> Roll:
    """Cancel the ``n`` highest dice that count and satisfy ``among`` (earlier die on a tie)."""
    ranked = sorted((i for i, die in enumerate(roll.dice) if die.counts and among(die)),
                    key=lambda i: (-roll.dice[i].face, i))
    return roll.with_dice(ranked[:max(n, 0)], cancelled=True)


def total(roll: Roll) -> int:
    """The sum of the dice that count."""
    return sum(die.face for die in roll.dice if die.counts)


# -- one description of a roll -----------------------------------------------------------


class Step(Protocol):
    """One verb applied to a roll, as part of a [`Procedure`][rules_core.procedure.Procedure]."""

    def apply(self, roll: Roll, dice: DiceSource) -> Roll:
        """The roll after this step (rolling more dice from ``dice`` if it needs to)."""
        ...

    def describe(self) -> str:
        """The step in words, e.g. ``rerolling 1s and 2s``."""
        ...


@dataclass(frozen=True)
class RerollWhile:
    """Reroll dice while they show one of ``faces`` (``rule`` names the rule in errors)."""

    faces: frozenset[int]
    rule: str = "the reroll rule"

    def apply(self, roll: Roll, dice: DiceSource) -> Roll:
        """The roll after its dice are rerolled, in waves, until none shows ``faces``."""
        return reroll_while(roll, dice, self.faces.__contains__, rule=self.rule)

    def describe(self) -> str:
        """``rerolling 1s and 2s``."""
        return f"rerolling {_faces_words(self.faces)}"


@dataclass(frozen=True)
class Explode:
    """A die showing one of ``faces`` adds a die, which may explode in turn."""

    faces: frozenset[int]
    rule: str = "exploding dice"
    origin: str = "rolled again"

    def apply(self, roll: Roll, dice: DiceSource) -> Roll:
        """The roll with a die added for every die showing one of ``faces``, in waves."""
        return explode(roll, dice, self.faces, rule=self.rule, origin=self.origin)

    def describe(self) -> str:
        """``10s rolled again``."""
        return f"{_faces_words(self.faces)} rolled again"


@dataclass(frozen=True)
class KeepHighest:
    """Keep the ``n`` highest dice."""

    n: int

    def apply(self, roll: Roll, dice: DiceSource) -> Roll:
        """The roll with only its ``n`` highest dice kept (it rolls nothing)."""
        return keep_highest(roll, self.n)

    def describe(self) -> str:
        """``keeping the highest 2``."""
        return f"keeping the highest {self.n}"


@dataclass(frozen=True)
class KeepLowest:
    """Keep the ``n`` lowest dice."""

    n: int

    def apply(self, roll: Roll, dice: DiceSource) -> Roll:
        """The roll with only its ``n`` lowest dice kept (it rolls nothing)."""
        return keep_lowest(roll, self.n)

    def describe(self) -> str:
        """``keeping the lowest 2``."""
        return f"keeping the lowest {self.n}"


class Reading:
    """How a procedure reads its roll as one number, and how that number is said.

    The core's readings are [`CountAtLeast`][rules_core.procedure.CountAtLeast] (successes),
    [`Total`][rules_core.procedure.Total] (a sum), [`Highest`][rules_core.procedure.Highest]
    and [`Lowest`][rules_core.procedure.Lowest] (one die); [`odds`][rules_core.odds] knows
    each. A system may define its own reading (a frozen dataclass subclassing this one, with
    ``read``); the card then says there are no exact odds for it. The odds line's words come
    from the reading: ``noun`` counts (``3 or more successes``); without one, ``phrase``
    introduces the number (``a total of 7 or more``) and ``name`` compares two of them (``a
    total beating Rook``).
    """

    noun: str = ""
    phrase: ClassVar[str] = "a total of"
    name: ClassVar[str] = "total"

    def read(self, roll: Roll) -> int:
        """What ``roll`` counts for."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it reads a roll")

    @property
    def modifier(self) -> int:
        """The fixed number the reading adds to the dice (shown with them: ``2d6 + 3``)."""
        return 0

    def at_least_words(self, value: int) -> str:
        """``3 or more successes``, ``a total of 7 or more``."""
        if self.noun:
            return f"{value} or more {noun(2, self.noun)}"
        return f"{self.phrase} {value} or more"

    def at_most_words(self, value: int) -> str:
        """``2 or fewer successes``, ``no successes``, ``a highest die of 1 or less``."""
        if self.noun:
            return f"no {noun(2, self.noun)}" if value <= 0 else (
                f"{value} or fewer {noun(2, self.noun)}")
        return f"{self.phrase} {value} or less"

    def fewest_words(self, value: int) -> str:
        """The lowest reading possible, said as such: ``no successes``, ``a total of exactly
        2 (the lowest possible)``."""
        if self.noun:
            return (f"no {noun(2, self.noun)}" if value == 0 else
                    f"exactly {count(value, self.noun)} (the fewest possible)")
        return f"{self.phrase} exactly {value} (the lowest possible)"

    def beats_words(self, margin: int, opponent: str) -> str:
        """What a contest asks of this reading against ``opponent``'s, by ``margin`` or more:
        ``more successes than Rook``, ``at least 3 more successes than Rook``, ``a total
        tying or beating Virek-Kohl``."""
        if self.noun:
            nouns = noun(2, self.noun)
            if margin == 1:
                return f"more {nouns} than {opponent}"
            if margin > 1:
                return f"at least {margin} more {nouns} than {opponent}"
            return (f"at least as many {nouns} as {opponent}" if margin == 0 else
                    f"at most {-margin} fewer {nouns} than {opponent}")
        if margin == 1:
            return f"a {self.name} beating {opponent}"
        if margin > 1:
            return f"a {self.name} beating {opponent} by {margin} or more"
        return (f"a {self.name} tying or beating {opponent}" if margin == 0 else
                f"a {self.name} at most {-margin} below {opponent}")

    def mean_unit(self, one: bool) -> str:
        """What follows an average: `` successes`` (`` success`` for exactly 1), or nothing."""
        return f" {noun(1 if one else 2, self.noun)}" if self.noun else ""


@dataclass(frozen=True)
class CountAtLeast(Reading):
    """Read a roll as its successes: dice showing ``target`` or more.

    ``doubles``: a die showing that face or more counts two successes (``None``: none
    does). ``bonus``: successes added to a roll whose dice show at least one success (a
    roll with none stays at none), such as Storypath's Enhancement. ``plus``: successes
    added whatever the dice show (negative: taken away), after the bonus. ``minimum``: the
    fewest successes the roll reads (guaranteed successes, such as armor's); the reading is
    never below it, nor below 0.

    Examples:
        Three successes, two taken away, but never fewer than the two guaranteed:

        >>> from rules_core.dice import ScriptedDice
        >>> roll = Procedure(4, 10).roll(ScriptedDice("9 8 8 1"))
        >>> CountAtLeast(8, plus=-2).read(roll), CountAtLeast(8, plus=-2, minimum=2).read(roll)
        (1, 2)
    """

    target: int
    noun: str = "success"
    doubles: int | None = None
    bonus: int = 0
    plus: int = 0
    minimum: int = 0

    def read(self, roll: Roll) -> int:
        """The successes (with ``bonus`` added when the dice show any), then ``plus``, never
        below ``minimum``."""
        found = count_at_least(roll, self.target, self.doubles)
        found = found + self.bonus if found else found
        return max(found + self.plus, self.minimum, 0)


@dataclass(frozen=True)
class Total(Reading):
    """Read a roll as the sum of its dice plus ``plus``."""

    plus: int = 0
    noun: str = ""

    def read(self, roll: Roll) -> int:
        """The total."""
        return total(roll) + self.plus

    @property
    def modifier(self) -> int:
        """``plus``."""
        return self.plus


@dataclass(frozen=True)
class OneDie(Reading):
    """Read a roll as one of its dice that count (which one, ``pick`` says), plus ``plus``;
    0 when no die counts. The core's are [`Highest`][rules_core.procedure.Highest] and
    [`Lowest`][rules_core.procedure.Lowest]."""

    plus: int = 0
    noun: str = ""
    pick: ClassVar[Callable[[list[int]], int]] = max

    def read(self, roll: Roll) -> int:
        """The face ``pick`` picks among those that count, plus ``plus``."""
        faces = [die.face for die in roll.dice if die.counts]
        return (type(self).pick(faces) if faces else 0) + self.plus

    @property
    def modifier(self) -> int:
        """``plus``."""
        return self.plus


@dataclass(frozen=True)
class Highest(OneDie):
    """Read a roll as its highest die that counts, plus ``plus``.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> best = Procedure(3, 6, reading=Highest())
        >>> best.read(best.roll(ScriptedDice("2 5 3"))), best.reading.at_least_words(4)
        (5, 'a highest die of 4 or more')
    """

    phrase: ClassVar[str] = "a highest die of"
    name: ClassVar[str] = "highest die"
    pick: ClassVar[Callable[[list[int]], int]] = max


@dataclass(frozen=True)
class Lowest(OneDie):
    """Read a roll as its lowest die that counts, plus ``plus``.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> worst = Procedure(2, 6, reading=Lowest())
        >>> worst.read(worst.roll(ScriptedDice("6 3")))
        3
    """

    phrase: ClassVar[str] = "a lowest die of"
    name: ClassVar[str] = "lowest die"
    pick: ClassVar[Callable[[list[int]], int]] = min


PoolStep = RerollWhile | Explode | KeepHighest | KeepLowest
"""The steps a procedure may take, in order."""


@dataclass(frozen=True)
class Procedure:
    """How a roll is made and read: ``size`` dice of ``sides``, ``steps`` in order, ``reading``.

    ``label`` names the roll in words (``6d6``, ``2d6 expert + 3``); by default the dice.
    The odds on a card are computed from the same procedure ([`odds`][rules_core.odds]).

    Examples:
        An expert's 2d6 + 3, rerolling 1s and 2s (the 1 is rerolled into a 5):

        >>> from rules_core.dice import ScriptedDice
        >>> expert = Procedure(2, 6, (RerollWhile(frozenset({1, 2})),), Total(plus=3))
        >>> expert.describe()
        '2d6 + 3, rerolling 1s and 2s'
        >>> roll = expert.roll(ScriptedDice("1 4 5"))
        >>> roll.text(), expert.read(roll)
        ('1→5 4', 12)

        Successes on 8 or more, 10s rolled again (the 10 adds the 9):

        >>> pool = Procedure(2, 10, (Explode(frozenset({10})),), CountAtLeast(8))
        >>> pool.read(pool.roll(ScriptedDice("10 3 9")))
        2
    """

    size: int
    sides: int
    steps: tuple[PoolStep, ...] = ()
    reading: Reading = field(default_factory=Total)
    label: str = ""

    def roll(self, dice: DiceSource, origin: str = "") -> Roll:
        """Roll it: the pool, then each step in order."""
        roll = roll_pool(dice, self.size, self.sides, origin)
        for step in self.steps:
            roll = step.apply(roll, dice)
        return roll

    def read(self, roll: Roll) -> int:
        """What ``roll`` counts for under this procedure."""
        return self.reading.read(roll)

    @property
    def modifier(self) -> int:
        """The fixed number the reading adds to the dice: a total's ``plus``, 0 for a count."""
        return self.reading.modifier

    def describe(self) -> str:
        """``6d6``, or the label; with its steps: ``2d6, rerolling 1s and 2s``."""
        if self.label:
            return self.label
        steps = ", ".join(step.describe() for step in self.steps)
        plus = self.modifier
        text = f"{self.size}d{self.sides}" + (f" {'+' if plus > 0 else '−'} {abs(plus)}"
                                               if plus else "")
        return f"{text}, {steps}" if steps else text


def _wave(dice: DiceSource, shown: list[int], sides: int, what: str,
          extra: str) -> tuple[int, ...]:
    n = len(shown)
    what = f"{what} (showing {format_faces(shown)})"
    if isinstance(dice, ScriptedDice) and len(dice.leftover) < n:
        short = n - len(dice.leftover)
        raise DiceScriptError(
            f"{what} but the faces {format_faces(dice.faces)} run out: add "
            f"{count(short, 'face')} {extra}"
        )
    try:
        return dice.roll(n, sides)
    except DiceScriptError as error:
        raise DiceScriptError(f"{what}: {error}") from error


def _faces_words(faces: frozenset[int]) -> str:
    shown = sorted(faces)
    words = [f"{f}s" for f in shown]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


__all__ = ["CountAtLeast", "Explode", "Highest", "KeepHighest", "KeepLowest", "Lowest",
           "OneDie", "PoolStep", "Procedure", "Reading", "RerollWhile", "Step", "Total",
           "cancel_highest", "count_at_least", "explode", "keep_highest", "keep_lowest",
           "reroll_while", "roll_pool", "success_value", "total"]

"""Rerolling dice until they show an allowed face, keeping every face rolled on the way.

Systems that reroll some faces ("reroll 1s and 2s until every die shows 3 or more") share
this helper. The rerolls go in **waves**, as a player does it: pick up every die that must
be rerolled, roll them together, and repeat with the ones that must go again. So scripted
faces are read in that order: the first roll, then the first wave of rerolls, and so on.

A die is never rerolled more than ``limit`` times: with random dice a rule that rerolls a
third of the faces passes 100 rerolls of one die with odds near 10^-48, so reaching the
limit means the rule can never be satisfied, and a clear error beats a frozen browser tab.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules_core.dice import DiceSource, ScriptedDice, format_faces
from rules_core.errors import DiceScriptError, RerollLimitError

#: Most times one die may be rerolled.
MAX_REROLLS_PER_DIE = 100


def reroll_while(dice: DiceSource, faces: Sequence[int], sides: int,
                 must_reroll: Callable[[int], bool], *, rule: str = "the reroll rule",
                 limit: int = MAX_REROLLS_PER_DIE) -> tuple[tuple[int, ...], ...]:
    """Reroll every die whose face ``must_reroll``, in waves, until none must.

    Returns one tuple per die: the faces it showed, in order, ending with the one kept.
    """
    histories = [[face] for face in faces]
    for _ in range(limit):
        pending = [i for i, history in enumerate(histories) if must_reroll(history[-1])]
        if not pending:
            return tuple(tuple(history) for history in histories)
        for i, face in zip(pending, _reroll(dice, pending, histories, sides, rule), strict=True):
            histories[i].append(face)
    stuck = [h[-1] for h in histories if must_reroll(h[-1])]
    if not stuck:
        return tuple(tuple(history) for history in histories)
    raise RerollLimitError(
        f"under {rule} a die was rerolled {limit} times and still shows "
        f"{format_faces(stuck)}: a die may be rerolled at most {limit} times; check that "
        "the rule leaves some face to keep and that the dice source is not stuck"
    )


def _reroll(dice: DiceSource, pending: list[int], histories: list[list[int]], sides: int,
            rule: str) -> tuple[int, ...]:
    n = len(pending)
    what = (f"{rule} rerolls {n} {'die' if n == 1 else 'dice'} "
            f"(showing {format_faces(histories[i][-1] for i in pending)})")
    if isinstance(dice, ScriptedDice) and len(dice.leftover) < n:
        short = n - len(dice.leftover)
        raise DiceScriptError(
            f"{what} but the faces {format_faces(dice.faces)} run out: add {short} "
            f"face{'' if short == 1 else 's'} for the reroll (rerolls come after the "
            "first roll, in waves)"
        )
    try:
        return dice.roll(n, sides)
    except DiceScriptError as error:
        raise DiceScriptError(f"{what}: {error}") from error

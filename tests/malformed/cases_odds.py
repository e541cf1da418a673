"""Malformed pages of rolls whose exact odds are too costly to work out: legal rolls, claimed
correctly, that once hung the build (20d1000 summed: about 190 million steps of icepool, in
the build's own process) or took it down (a d1000 pool that keeps some dice, or reads its
highest die: icepool's evaluation recursed past Python's limit). Each must pass both
checkers quickly, its card saying there are no exact odds for the roll because it is too
large (``tests/site_plugins/test_odds_budget_build.py`` builds them); a wrong claim on such a
roll still fails at its line.
"""

from __future__ import annotations

from tests.malformed.cases import Case, case, fence, page
from tests.malformed.cases import Expected as E

#: The twenty faces of the issue's roll (20d1000, a total of 9365).
TWENTY_FACES = "913 27 640 388 999 1 475 702 256 831 64 590 777 120 345 868 403 59 721 186"

IMPORTS = (">>> from rules_core.procedure import CountAtLeast, Explode, Highest, KeepHighest, "
           "Procedure, Total\n>>> from rules_core.rolled_pool import RolledPool")

TWENTY = (f'>>> RolledPool.of("Ana", Procedure(20, 1000, reading=Total()), '
          f'rolled("{TWENTY_FACES}"))')

CASES: tuple[Case, ...] = (
    case("odds-20d1000-total", page(fence(
        IMPORTS, TWENTY, f"<Ana, 20d1000: [{TWENTY_FACES}] a total of 9365>")),
         passes=True),
    case("odds-5d1000-total", page(fence(
        IMPORTS, '>>> RolledPool.of("Ana", Procedure(5, 1000), rolled("913 27 640 388 999"))',
        "<Ana, 5d1000: [913 27 640 388 999] a total of 2967>")), passes=True),
    # Within the budget (1,000,000 steps of 2,000,000): its card keeps its odds.
    case("odds-2d1000-total", page(fence(
        IMPORTS, '>>> RolledPool.of("Ana", Procedure(2, 1000), rolled("913 27"))',
        "<Ana, 2d1000: [913 27] a total of 940>")), passes=True),
    case("odds-keep-d1000", page(fence(
        IMPORTS, '>>> RolledPool.of("Bo", Procedure(5, 1000, (KeepHighest(3),)), '
                 'rolled("913 27 640 388 999"))',
        "<Bo, 5d1000, keeping the highest 3: [913 (27) 640 (388) 999] a total of 2552>")),
         passes=True),
    case("odds-highest-d1000", page(fence(
        IMPORTS, '>>> RolledPool.of("Bo", Procedure(10, 1000, reading=Highest()), '
                 'rolled("913 27 640 388 999 1 475 702 256 831"))',
        "<Bo, 10d1000: [913 27 640 388 999 1 475 702 256 831] a total of 999>")),
         passes=True),
    # 1s rolled again while 8s and up count: a chain of 1s is worth nothing and never ends.
    case("odds-explode-worthless-face", page(fence(
        IMPORTS, '>>> RolledPool.of("Cy", Procedure(5, 10, (Explode(frozenset({1})),), '
                 'CountAtLeast(8)), rolled("9 8 3 2 7"))',
        "<Cy, 5d10, 1s rolled again: [9 8 3 2 7] 2 successes>")), passes=True),
    case("odds-20d1000-wrong-total", page(fence(
        IMPORTS, TWENTY, f"<Ana, 20d1000: [{TWENTY_FACES}] a total of 9366>")),
         E(TWENTY, ("example did not verify", "a total of 9365"))),
)

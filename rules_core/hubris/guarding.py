"""Guards: standing successes that defend a character against an incoming attack (the Act
of Hubris, "Resisting Attack", "Blocking Other Actions", "Defenseless Characters").

- A character who spends their instant action guarding someone (a
  [`Block`][rules_core.hubris.Block] that ``protects`` them) keeps its successes standing
  until their next turn. When several characters or forces defend one character, **the best
  roll of the group** is applied to the incoming attack: the guard's successes are a
  minimum under the target's own resistance roll.
- The section says "the incoming attack", whatever its kind: a guard helps against one
  attacker, a sweep at several targets, a mob's roll, autofire or a hazard alike. Each
  target is helped by the guards that protect them, and by no one else's.
- A target who **cannot act at all** gets no defensive roll of any kind, a guard's
  included (armor still works).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_core.dice import DiceSource, given_as, rolling_for
from rules_core.hubris.action import Block
from rules_core.hubris.errors import AttackError
from rules_core.hubris.resistance import Resistance
from rules_core.hubris.rolls import HubrisRoll


def check_guards(shields: Sequence[Block], targets: Sequence[str]) -> None:
    """Refuse a guard whose successes have lapsed, or who protects none of ``targets``
    (with one target: who does not protect that target)."""
    for shield in shields:
        if len(targets) == 1:
            shield.check_shields(targets[0])
            continue
        shield.check_standing()
        if not set(shield.protects) & set(targets):
            shielded = ", ".join(shield.protects) or "no one"
            raise AttackError(f"{shield.who}'s {shield.action.task} shields {shielded}, none "
                              f"of the targets ({', '.join(targets)})")


def guarding(target: str, shields: Sequence[Block]) -> tuple[Block, ...]:
    """The guards among ``shields`` that protect ``target``."""
    return tuple(shield for shield in shields if target in shield.protects)


def best_guard(shields: Sequence[Block]) -> tuple[int, str]:
    """The best standing successes of ``shields`` (0 if none) and whose they are."""
    best = max((shield.successes for shield in shields), default=0)
    why = next((f"{s.who}'s {s.action.task}" for s in shields if s.successes == best), "")
    return best, why


def defend(resistance: Resistance, defence: DiceSource | None,
           shields: Sequence[Block] = (), *, rolled_for: str = "") -> HubrisRoll | None:
    """Roll ``resistance`` with ``defence`` (``None`` when it is denied), the best of
    ``shields`` (the guards protecting this target) as a minimum; faces that run short are
    named as ``rolled_for``'s (by default, the target's: ``Rook's Defense``). Written faces
    given for a roll that is denied are left unrolled, and the check of unused faces names
    ``defence=`` and why."""
    if resistance.denied:
        given_as(defence, "defence", unrolled=resistance.denied)
        return None
    given_as(defence, "defence")
    if defence is None:
        raise AttackError(f"{resistance.who} rolls {resistance.kind}: pass defence=")
    floor, why = best_guard(shields)
    with rolling_for(rolled_for or f"{resistance.who}'s {resistance.kind}"):
        return resistance.roll_against(defence, floor=floor, floor_why=why)

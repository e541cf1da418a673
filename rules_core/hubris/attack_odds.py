"""What an attack's odds are of, in the rules' words (the Act of Hubris, "Attacking Other
Characters", "Resisting Attack", "Serious Consequences").

Each resistance success cancels one attack success, so the net successes decide: one is a
hit, more deal more wounds (5 at most under the individual cap), as many as the target's
relevant Attribute carry a serious consequence out completely, and five or more make an
exceptional success. Where one side's successes are fixed, the other side's roll alone
decides: the resistance stops the attack entirely with as many successes as it has.
"""

from __future__ import annotations

from rules_core.hubris.damage import Wounds, capped
from rules_core.hubris.options import Options
from rules_core.hubris.rolls import EXCEPTIONAL, HubrisRoll
from rules_core.question import AtLeast
from rules_core.words import count


def net_words(net: int, *, target: str, damage: str | None, options: Options,
              consequence: str = "", needed: int = 0) -> str:
    """What ``net`` net successes or more do: ``a hit``, ``a hit for 2 lethal or more``,
    ``enough to disarm Rook``, ``…, an exceptional success``.

    Examples:
        >>> from rules_core.hubris.options import STANDARD_OPTIONS
        >>> net_words(6, target="Ike", damage="lethal", options=STANDARD_OPTIONS)
        'a hit for 5 lethal, an exceptional success'
    """
    if consequence and net == max(needed, 1):
        return f"enough to {consequence} {target}"
    if net <= 1:
        return "a hit"
    words = f"{net} net successes or more"
    if damage is not None:
        dealt = capped(net, options)
        more = " or more" if capped(net + 1, options) > dealt else ""
        words = f"a hit for {Wounds(damage, dealt)}{more}"
    return f"{words}, an exceptional success" if net >= EXCEPTIONAL else words


def stop_odds(defended: HubrisRoll, target: str, attacker: str,
              successes: int) -> tuple[AtLeast, ...]:
    """A resistance's odds against an attack of fixed ``successes``: its own result or
    better (what it cancels), then enough to stop the attack entirely. A result that stops
    it already is asked once, as stopping it: its own line would repeat that event with a
    smaller chance ("exactly 4, enough to stop all 3": the chance of 4, not of stopping 3).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris.character import Character
        >>> ike = Character("Ike", {"Dexterity": 2, "Wits": 2, "Strength": 2})
        >>> stopped = ike.defense().roll(ScriptedDice("9 8 8 2"))
        >>> [q.value for q in stop_odds(stopped, "Ike", "Voss", 3)]
        [3]
    """
    t = defended.total
    attack = f"{attacker}'s {count(successes, 'success')}"
    stop_all = f"enough to stop {'all ' if successes > 1 else ''}{attack}"
    stopping = AtLeast(defended.procedure, successes, who=target, event=stop_all)
    if t >= successes:
        return (stopping,)
    stopped = f"enough to cancel {t} of {attack}" if t else f"none of {attack} cancelled"
    return (AtLeast(defended.procedure, t, who=target, event=stopped, shown=True), stopping)

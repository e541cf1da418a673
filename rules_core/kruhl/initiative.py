"""Initiative: who acts first (Kruhl 3e, "Initiating Conflict").

Everyone makes a Perception (Reason) roll; characters who get the drop on their opponents (an
ambush) roll with a bonus die. Turns go from the highest roll to the lowest. Ties are not
covered by the text; our reading breaks them by higher Reason, then player characters first,
then a roll-off (1d6 each, higher first, again while tied).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation, TableView
from rules_core.kruhl.character import Character
from rules_core.kruhl.errors import TurnOrderError
from rules_core.kruhl.roll import SkillRoll
from rules_core.kruhl.turns import TurnOrder
from rules_core.limits import MAX_ROUNDS
from rules_core.play import rounds

AMBUSH = "ambush"
"""The reason given to an ambusher's bonus die."""


@dataclass(frozen=True, repr=False)
class Initiative:
    """The initiative rolls and the order of play they give (highest first)."""

    rolls: tuple[SkillRoll, ...]
    order: tuple[str, ...]
    roll_offs: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def total(self, name: str) -> int:
        """``name``'s initiative total."""
        return next(roll.total for roll in self.rolls if roll.who == name)

    def turn_order(self, *, environment: bool = False) -> TurnOrder:
        """A [`TurnOrder`][rules_core.kruhl.TurnOrder] in this order."""
        return TurnOrder(self.order, environment=environment)

    def explain(self) -> Explanation:
        """Each roll, and the order (no odds: initiative asks who goes first, not whether a
        total is reached)."""
        rows = tuple((str(i), name, str(self.total(name)))
                     for i, name in enumerate(self.order, 1))
        lines = tuple(f"Roll-off for {name}: {' '.join(map(str, faces))}"
                      for name, faces in self.roll_offs)
        return Explanation(title="Initiative: Perception (Reason)",
                           rolls=tuple(r.view() for r in self.rolls), lines=lines,
                           tables=(TableView("Order of play", ("Turn", "Who", "Roll"), rows),))

    def __repr__(self) -> str:
        return "<Initiative: " + ", ".join(f"{n} {self.total(n)}" for n in self.order) + ">"


def roll_initiative(*characters: Character, dice: DiceSource,
                    ambush: Iterable[str] = ()) -> Initiative:
    """Everyone's Perception (Reason) roll, in the order listed; ``ambush`` names those who
    get the drop on their opponents (a bonus die each).

    Examples:
        A tie at 9: equal Reason, so the player character goes first:

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> soraya = Character("Soraya", {"Reason": 2}, skills={"Perception": "skilled"},
        ...                    player=True)
        >>> virek = Character("Virek-Kohl", {"Reason": 2}, skills={"Perception": "skilled"})
        >>> roll_initiative(virek, soraya, dice=ScriptedDice("3 4 5 2")).order
        ('Soraya', 'Virek-Kohl')
    """
    names = [c.name for c in characters]
    if len(set(names)) != len(names) or not names:
        raise TurnOrderError("initiative needs one or more characters with different names")
    ambushers = set(ambush)
    unknown = ambushers - set(names)
    if unknown:
        raise TurnOrderError(f"{', '.join(sorted(unknown))} rolls no initiative here: "
                             "ambushers must be among the characters")
    rolls = []
    for character in characters:
        check = character.check("Perception")
        if character.name in ambushers:
            check = check.with_bonus(AMBUSH)
        with rolling_for(f"{character.name}'s initiative"):
            rolls.append(check.roll(dice))
    by_name = {c.name: c for c in characters}
    ranked = sorted(rolls, key=lambda r: (-r.total, -r.check.attribute_value,
                                          not by_name[r.who].player))
    offs = _roll_offs(ranked, by_name, dice)
    order = sorted(ranked, key=lambda r: (-r.total, -r.check.attribute_value,
                                          not by_name[r.who].player, offs.get(r.who, ())))
    return Initiative(tuple(rolls), tuple(r.who for r in order),
                      tuple((name, tuple(-f for f in faces)) for name, faces in offs.items()))


def _roll_offs(ranked: list[SkillRoll], by_name: dict[str, Character],
               dice: DiceSource) -> dict[str, tuple[int, ...]]:
    """Negated roll-off faces for every group still tied after Reason and player status."""
    def key(r: SkillRoll) -> tuple[int, int, bool]:
        return (-r.total, -r.check.attribute_value, not by_name[r.who].player)

    offs: dict[str, tuple[int, ...]] = {}
    groups: dict[tuple[int, int, bool], list[str]] = {}
    for roll in ranked:
        groups.setdefault(key(roll), []).append(roll.who)
    pending = [group for group in groups.values() if len(group) > 1]
    stalled = f"initiative roll-offs stayed tied {MAX_ROUNDS} times: check the dice source"
    for _ in rounds(lambda: stalled, error=TurnOrderError):
        if not pending:
            return offs
        tied = pending.pop(0)
        with rolling_for(f"the roll-off of {' and '.join(tied)}"):
            faces = dice.roll(len(tied), 6)
        for name, face in zip(tied, faces, strict=True):
            offs[name] = (*offs.get(name, ()), -face)
        again: dict[tuple[int, ...], list[str]] = {}
        for name in tied:
            again.setdefault(offs[name], []).append(name)
        pending.extend(group for group in again.values() if len(group) > 1)
    raise AssertionError("rounds() ends the loop")  # pragma: no cover

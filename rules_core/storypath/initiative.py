"""Initiative: who acts first, as slots on a roster (Storypath, "Action-Adventure",
"Initiative").

Everyone rolls their most fitting Skill + Cunning (a combat Skill in a fight, Athletics in a
footrace) and counts successes; Storyguide characters with similar statistics may **share
one roll**. The results, highest first, become **slots**: a player character's result is a
PC slot, a Storyguide character's an SGC slot, and on a tie between the two the PC slot
comes first. The players then choose which PC takes each PC slot, and the Storyguide which
SGC takes each SGC slot: the **initiative roster**. The first slot acts first, then the
second, and so on; when all have acted the round ends and the next starts again from the
first slot, until initiative is no longer needed. Each character takes one slot (a shared
roll gives one slot to each character sharing it: our reading, see the chapter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation, TableView
from rules_core.question import AtLeast, Question
from rules_core.storypath.action import Action
from rules_core.storypath.contested import roll_for
from rules_core.storypath.errors import InitiativeError
from rules_core.success_pool import SuccessRoll
from rules_core.words import whole


@dataclass(frozen=True)
class Slot:
    """A place on the roster: its number (1 acts first), whether it is a PC or an SGC slot,
    the successes that made it and whose roll that was."""

    number: int
    kind: str
    successes: int
    rolled_by: str


@dataclass(frozen=True, repr=False)
class Roster:
    """The initiative roster: each slot and the character who takes it, in order."""

    places: tuple[tuple[Slot, str], ...]

    @property
    def order(self) -> tuple[str, ...]:
        """The characters in the order they act."""
        return tuple(name for _, name in self.places)

    def acting(self, turn: int) -> tuple[int, str]:
        """The round and the character of the ``turn``-th turn, counting from round 1's
        first slot: once the last slot has acted the round ends, and the next begins again
        with the character in the first slot, round after round.

        Examples:
            >>> roster = Roster(((Slot(1, "PC", 2, "Ana"), "Ana"),
            ...                  (Slot(2, "SGC", 1, "Giant"), "Giant")))
            >>> roster.acting(2), roster.acting(3)
            ((1, 'Giant'), (2, 'Ana'))
        """
        whole(turn, "the turn's number", 1, InitiativeError)
        played, index = divmod(turn - 1, len(self.places))
        return played + 1, self.places[index][1]

    def table(self) -> TableView:
        """The roster as a table."""
        rows = tuple((str(slot.number), str(slot.successes), slot.kind, name)
                     for slot, name in self.places)
        return TableView("Initiative roster", ("Slot", "Successes", "Slot for", "Character"),
                         rows)

    def explain(self) -> Explanation:
        """The roster, slot by slot."""
        return Explanation(title="Initiative roster", tables=(self.table(),),
                           lines=("Each round the characters act in this order, slot 1 "
                                  "first.",))

    def __repr__(self) -> str:
        return "<Roster: " + ", ".join(f"{name} ({slot.kind} {slot.successes})"
                                       for slot, name in self.places) + ">"


@dataclass(frozen=True, repr=False)
class Initiative:
    """Everyone's initiative roll and the slots they make. ``groups`` are the characters
    each roll is for (more than one where Storyguide characters share a roll)."""

    actions: tuple[Action, ...]
    rolls: tuple[SuccessRoll, ...]
    groups: tuple[tuple[str, ...], ...]

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """The slots, first to act first: more successes first, a PC before an SGC on a
        tie (between two PCs, or two SGCs, the order does not matter: their sides choose)."""
        made = [(roll.total, 0 if action.player else 1, index, roll.who)
                for index, (action, roll, group) in enumerate(
                    zip(self.actions, self.rolls, self.groups, strict=True))
                for _ in group]
        made.sort(key=lambda m: (-m[0], m[1], m[2]))
        return tuple(Slot(number, "PC" if kind == 0 else "SGC", successes, who)
                     for number, (successes, kind, _, who) in enumerate(made, 1))

    def successes(self, name: str) -> int:
        """The successes of the roll ``name`` made or shares."""
        for roll, group in zip(self.rolls, self.groups, strict=True):
            if name in group:
                return roll.total
        raise InitiativeError(f"{name} rolled no initiative here")

    def characters(self, kind: str) -> tuple[str, ...]:
        """The ``PC`` or ``SGC`` characters, best roll first (the order rolled on a tie)."""
        found = [(-roll.total, i, name) for i, (action, roll, group) in enumerate(
                     zip(self.actions, self.rolls, self.groups, strict=True))
                 for name in group if ("PC" if action.player else "SGC") == kind]
        return tuple(name for *_, name in sorted(found))

    def roster(self, players: Sequence[str] = (), storyguide: Sequence[str] = ()) -> Roster:
        """The roster once the players place the PCs in the PC slots (``players``, in slot
        order) and the Storyguide the SGCs (``storyguide``). Either left out: each character
        takes the slot their own roll made."""
        picks = {"PC": self._order("PC", players, "players"),
                 "SGC": self._order("SGC", storyguide, "Storyguide")}
        taken = {"PC": 0, "SGC": 0}
        places = []
        for slot in self.slots:
            places.append((slot, picks[slot.kind][taken[slot.kind]]))
            taken[slot.kind] += 1
        return Roster(tuple(places))

    def odds(self) -> tuple[Question, ...]:
        """The chance of each roll's successes or more."""
        return tuple(AtLeast(roll.procedure, roll.total, who=roll.who, event="for initiative",
                             shown=True) for roll in self.rolls)

    def explain(self) -> Explanation:
        """Each roll, the ties broken, the shared rolls, and the roster with each character in
        the slot of their own roll (no odds: initiative asks who acts first, not whether a
        number of successes is met)."""
        lines = [f"{roll.who}: {roll.tally()}." for roll in self.rolls]
        lines += [f"{' and '.join(group)} share the roll made for {roll.who}: a slot each."
                  for roll, group in zip(self.rolls, self.groups, strict=True)
                  if group != (roll.who,)]
        lines += self._ties()
        return Explanation(title="Initiative: Skill + Cunning",
                           rolls=tuple(r.view() for r in self.rolls), lines=tuple(lines),
                           tables=(self.roster().table(),))

    def _ties(self) -> list[str]:
        ties = []
        for first, second in zip(self.slots, self.slots[1:], strict=False):
            if first.successes == second.successes and first.kind != second.kind:
                ties.append(f"{first.rolled_by} and {second.rolled_by} tie at "
                            f"{first.successes}: the PC slot comes first.")
        return ties

    def _order(self, kind: str, chosen: Sequence[str], side: str) -> tuple[str, ...]:
        everyone = self.characters(kind)
        if not chosen:
            return everyone
        if sorted(chosen) != sorted(everyone):
            raise InitiativeError(
                f"the {side} place every {kind} once, in the {kind} slots' order: "
                f"{', '.join(everyone)}, not {', '.join(chosen)}")
        return tuple(chosen)

    def __repr__(self) -> str:
        return "<Initiative: " + ", ".join(f"{s.kind} {s.successes} ({s.rolled_by})"
                                           for s in self.slots) + ">"


def roll_initiative(*actions: Action, dice: DiceSource,
                    shared: Mapping[str, Sequence[str]] | None = None) -> Initiative:
    """Everyone's initiative roll (made with
    [`Character.initiative`][rules_core.storypath.Character.initiative]), in the order
    listed, from ``dice``. ``shared`` names the Storyguide characters who share a roll:
    ``{"Wolves": ("Grey wolf", "White wolf")}`` gives each of them a slot at the result of
    the roll made for ``Wolves``.

    Examples:
        A tie at 2 between Ana (a PC) and the giant (an SGC): her slot comes first.

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Cunning": 2}, {"Close Combat": 2}, player=True)
        >>> giant = Character("Frost giant", {"Cunning": 1}, {"Close Combat": 4})
        >>> roll_initiative(giant.initiative("Close Combat"), ana.initiative("Close Combat"),
        ...                 dice=ScriptedDice("9 8 1 1 1  8 9 2 3"))
        <Initiative: PC 2 (Ana), SGC 2 (Frost giant)>
    """
    if not actions:
        raise InitiativeError("initiative needs one or more rolls")
    shared = dict(shared or {})
    names = [a.who for a in actions]
    unknown = sorted(set(shared) - set(names))
    if unknown:
        raise InitiativeError(f"no initiative roll is made for {', '.join(unknown)}: name "
                              "the roll the group shares by its character's name")
    groups = []
    for action in actions:
        group = tuple(shared.get(action.who, (action.who,)))
        if action.who in shared and action.player:
            raise InitiativeError(f"{action.who} is a player character: only Storyguide "
                                  "characters share an initiative roll")
        if not group:
            raise InitiativeError(f"nobody shares {action.who}'s roll: name its characters")
        groups.append(group)
    everyone = [name for group in groups for name in group]
    twice = sorted({name for name in everyone if everyone.count(name) > 1})
    if twice:
        raise InitiativeError(f"{', '.join(twice)} would take two slots: every character "
                              "rolls (or shares a roll) once")
    rolls = []
    for action in actions:
        with rolling_for(f"{action.who}'s initiative"):
            rolls.append(roll_for(action, dice))
    return Initiative(tuple(actions), tuple(rolls), tuple(groups))

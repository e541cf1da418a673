"""The order of play through a conflict: rounds, delays, interruptions and late arrivals
(the Act of Hubris, "Initiative", "Rounds and Turns", "Interrupting Other Characters").

- A **round** is about three seconds; everyone takes one turn in it, in initiative order,
  and each turn is resolved before the next begins.
- Initiative is kept for the **whole conflict**, across pauses and negotiations. Between
  rounds comes a **pause** to take stock and talk; the next round begins as soon as someone
  presses on.
- When their turn comes up, a character may **delay**: drop their initiative to a lower
  value of their choice, acting later, this round and the ones after.
- While delaying, they may **interrupt**: act at once in answer to another character's
  action (parry the blow, block the getaway). From the next round on, they act directly
  behind the character they answered, taking that character's initiative value.
- A character oblivious of the conflict rolls initiative only once it drags them in. If
  their total beats that of the one who **tipped them off**, they act right after that
  character's turn; either way, they take their usual place from the next round.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, TableView
from rules_core.hubris.errors import InitiativeError
from rules_core.hubris.initiative import (
    Combatant,
    InitiativeRoll,
    rank,
)
from rules_core.renames import renamed_attribute


@dataclass
class _Entry:
    value: int
    modifier: int


class TurnOrder:
    """The order of play of a conflict, from its [`Initiative`][rules_core.hubris.Initiative]
    (made by [`turn_order`][rules_core.hubris.Initiative.turn_order]). Each move returns the
    order after it; the order before it is left as it was. Read it with
    [`up`][rules_core.hubris.TurnOrder.up] (who acts now),
    [`order_left`][rules_core.hubris.TurnOrder.order_left] (who acts next this round, in
    order), [`order`][rules_core.hubris.TurnOrder.order] (the next round's order, as
    ``Initiative.order`` is the first's) and
    [`value`][rules_core.hubris.TurnOrder.value] (a character's initiative). The names
    ``coming`` and ``next_order`` are old names of ``order_left`` and ``order``, kept until
    0.5.0 (they warn).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character, roll_initiative
        >>> ana = Character("Ana", {"Dexterity": 2, "Composure": 2})
        >>> bo = Character("Bo", {"Dexterity": 3, "Composure": 3})
        >>> order = roll_initiative(ana, bo, dice=ScriptedDice("8 3")).turn_order()
        >>> order.up, order.delay(to=5).up
        ('Ana', 'Bo')
        >>> order.order_left, order.delay(to=5).order_left
        (('Ana', 'Bo'), ('Bo', 'Ana'))
    """

    def __init__(self, rolls: tuple[InitiativeRoll, ...], order: tuple[str, ...]) -> None:
        self.entries = {r.who: _Entry(r.total, r.modifier) for r in rolls}
        self.ranking = list(order)
        self.round = 1
        self.queue = list(self.ranking)
        self.acted: list[str] = []
        self.delaying: set[str] = set()
        self.events: list[str] = []
        self.joined: list[InitiativeRoll] = []

    def take_turn(self) -> TurnOrder:
        """The character who is up takes their turn."""
        twin = self._copy()
        twin._take_turn()
        return twin

    def delay(self, *, to: int) -> TurnOrder:
        """The character who is up delays: their initiative drops to ``to`` (lower than it
        is), this round and the next ones."""
        twin = self._copy()
        twin._delay(to=to)
        return twin

    def interrupt(self, who: str) -> TurnOrder:
        """``who``, delaying, acts now in answer to the character who is up; from the next
        round, ``who`` acts directly behind them. To sit there, ``who`` **takes the
        answered character's initiative value** ([`value`][rules_core.hubris.TurnOrder.value]
        reads it afterwards), placed right after them among those who share it."""
        twin = self._copy()
        twin._interrupt(who)
        return twin

    def join(self, newcomer: Combatant, *, tipped_off_by: str, dice: DiceSource) -> TurnOrder:
        """``newcomer`` is dragged into the conflict by ``tipped_off_by``'s action and rolls
        initiative (``dice``, then any roll-off)."""
        twin = self._copy()
        twin._join(newcomer, tipped_off_by=tipped_off_by, dice=dice)
        return twin

    def next_round(self, *, pressed_by: str = "") -> TurnOrder:
        """Start the next round, once everyone has taken a turn. Between the rounds is the
        pause: a moment to take stock, talk and decide; the next round begins as soon as
        someone presses on (``pressed_by``: a character, or whatever in the scene demands
        an answer), and everyone becomes aware of it. Initiative carries over."""
        twin = self._copy()
        twin._next_round()
        if pressed_by:
            twin.events.append(f"{pressed_by} presses on: everyone is aware, and round "
                               f"{twin.round} begins, in the same order.")
        return twin

    def _copy(self) -> TurnOrder:
        twin = copy.copy(self)
        twin.entries = {n: _Entry(e.value, e.modifier) for n, e in self.entries.items()}
        twin.ranking, twin.queue = list(self.ranking), list(self.queue)
        twin.acted = list(self.acted)
        twin.delaying, twin.events = set(self.delaying), list(self.events)
        twin.joined = list(self.joined)
        return twin

    @property
    def up(self) -> str | None:
        """Whose turn it is (``None`` once everyone has acted this round: the pause before
        the next)."""
        return self.queue[0] if self.queue else None

    @property
    def order_left(self) -> tuple[str, ...]:
        """Who acts next this round, in order, starting with who is up (empty once everyone
        has acted); a delaying character is listed at the place their new initiative
        gives them."""
        return tuple(self.queue)

    @property
    def order(self) -> tuple[str, ...]:
        """The order of the next round, first to act first: everyone, with the places
        delays and interruptions gave them."""
        return tuple(self.ranking)

    coming = renamed_attribute("TurnOrder", "coming", "order_left")
    """The old name of ``order_left``, until 0.5.0 (it warns)."""
    next_order = renamed_attribute("TurnOrder", "next_order", "order")
    """The old name of ``order``, until 0.5.0 (it warns)."""

    def _current(self) -> str:
        if not self.queue:
            raise InitiativeError(f"everyone has acted in round {self.round}: start the next "
                                  "round")
        return self.queue[0]

    def value(self, name: str) -> int:
        """``name``'s initiative."""
        self._known(name)
        return self.entries[name].value

    def _take_turn(self) -> None:
        who = self._current()
        self.queue.pop(0)
        self.acted.append(who)
        self.delaying.discard(who)
        self.events.append(f"{who} takes their turn.")

    def _delay(self, *, to: int) -> None:
        who = self._current()
        now = self.entries[who].value
        if to >= now:
            raise InitiativeError(f"{who} delays by lowering their initiative, {now}: to a "
                                  f"lower value, not {to}")
        self.entries[who].value = to
        self.queue.remove(who)
        self.ranking.remove(who)
        self._insert(self.queue, who)
        self._insert(self.ranking, who)
        self.delaying.add(who)
        self.events.append(f"{who} delays, from {now} to {to}.")

    def _insert(self, names: list[str], who: str) -> None:
        """Put ``who`` after every name whose initiative is as high or higher."""
        value = self.entries[who].value
        at = next((i for i, n in enumerate(names) if self.entries[n].value < value),
                  len(names))
        names.insert(at, who)

    def _interrupt(self, who: str) -> None:
        self._known(who)
        answered = self._current()
        if who not in self.delaying:
            raise InitiativeError(f"{who} is not delaying this round: only a delaying "
                                  "character can interrupt")
        if who == answered:
            raise InitiativeError(f"it is {who}'s own turn: there is nothing to interrupt")
        self.queue.remove(who)
        self.acted.append(who)
        self.delaying.discard(who)
        self.ranking.remove(who)
        self.ranking.insert(self.ranking.index(answered) + 1, who)
        self.entries[who].value = self.entries[answered].value
        self.events.append(f"{who} interrupts {answered}'s action; from the next round, "
                           f"{who} acts right behind {answered}.")

    def _join(self, newcomer: Combatant, *, tipped_off_by: str, dice: DiceSource) -> None:
        self._known(tipped_off_by)
        if newcomer.name in self.entries:
            raise InitiativeError(f"{newcomer.name} already has initiative in this conflict")
        roll = InitiativeRoll.of(newcomer, dice)
        self.joined.append(roll)
        self.entries[newcomer.name] = _Entry(roll.total, roll.modifier)
        tied = [InitiativeRoll(n, self.entries[n].modifier, roll.roll) for n in self.ranking
                if (self.entries[n].value, self.entries[n].modifier) == (roll.total,
                                                                           roll.modifier)]
        log: dict[str, list[int]] = {}
        order = rank([roll, *tied], dice, log) if tied else [newcomer.name]
        at = next((i for i, n in enumerate(self.ranking)
                   if (self.entries[n].value, self.entries[n].modifier)
                   < (roll.total, roll.modifier) or (n in order and order.index(n)
                                                      > order.index(newcomer.name))),
                  len(self.ranking))
        self.ranking.insert(at, newcomer.name)
        tipper = self.entries[tipped_off_by].value
        text = f"{newcomer.name} joins: {roll.face} + {roll.modifier} = {roll.total}"
        if log:
            text += " (a tie, rolled off: " + "; ".join(
                f"{n} {' '.join(map(str, faces))}" for n, faces in log.items()) + ")"
        if roll.total > tipper:
            place = (self.queue.index(tipped_off_by) + 1 if tipped_off_by in self.queue
                     else 0)
            self.queue.insert(place, newcomer.name)
            text += (f", beating {tipped_off_by}'s {tipper}: acts right after "
                     f"{tipped_off_by} this round, and in their usual place from the next")
        else:
            self._insert(self.queue, newcomer.name)
            text += f", not above {tipped_off_by}'s {tipper}: acts in their usual place"
        self.events.append(text + ".")

    def _next_round(self) -> None:
        if self.queue:
            has = "has" if len(self.queue) == 1 else "have"
            raise InitiativeError(f"{', '.join(self.queue)} {has} not taken a turn in round "
                                  f"{self.round}: every character takes one turn a round")
        self.round += 1
        self.queue = list(self.ranking)
        self.acted, self.events, self.joined = [], [], []
        self.delaying.clear()

    def _known(self, name: str) -> None:
        if name not in self.entries:
            raise InitiativeError(f"{name} has no initiative in this conflict: roll it, or "
                                  "join() them")

    def table(self) -> TableView:
        """This round so far: who has acted, who is up, who waits or delays."""
        rows = [(str(i), n, str(self.entries[n].value), "acted")
                for i, n in enumerate(self.acted, 1)]
        for i, name in enumerate(self.queue, len(self.acted) + 1):
            state = ("up" if i == len(self.acted) + 1 else "delaying"
                     if name in self.delaying else "waiting")
            if state == "up" and name in self.delaying:
                state = "up (delayed)"
            rows.append((str(i), name, str(self.entries[name].value), state))
        return TableView(f"Round {self.round}", ("#", "Character", "Initiative", "Turn"),
                         tuple(rows))

    def explain(self) -> Explanation:
        """The round so far, what happened in it, and the order of the rounds to come (no
        odds: an initiative roll asks where a character acts, not whether a total is met)."""
        lines = [*self.events, f"Next round: {', '.join(self.ranking)}."]
        latest = self.events[-1].rstrip(".") if self.events else "the order"
        return Explanation(title=f"Round {self.round}: {latest}",
                           rolls=tuple(roll.view() for roll in self.joined), lines=tuple(lines),
                           tables=(self.table(),))

    def __repr__(self) -> str:
        return (f"<Round {self.round}: acted {', '.join(self.acted) or 'none'}; up "
                f"{self.up or 'nobody'}; next round {', '.join(self.ranking)}>")

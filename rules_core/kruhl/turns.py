"""Order of play: rounds, turns, delaying and forcing actions (Kruhl 3e, "Order Of Play").

- A round is about six seconds (ten a minute); each character gets one turn per round, from
  the highest initiative to the lowest; the environment goes last.
- **Delaying** a turn keeps it for later in the round, or a later round; the character may
  interrupt anyone with it. The order of play does not change.
- **Forcing** an action spends the character's *next available* turn (this round's if it is
  still to come, else next round's) on a defensive action now; at most once per round; the
  order of play does not change.
- "A character can't get more than one turn in a round." A forced turn borrowed from the
  next round is counted in **the round it belongs to** (our reading): in the example of
  "Forcing An Action" Soraya acts twice in round 6, but only one of those turns is round 6's.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules_core.explain import Explanation, TableView
from rules_core.kruhl.errors import ForcedActionError, TurnOrderError
from rules_core.renames import renamed_attribute

ROUND_SECONDS = 6
"""A round is about six seconds."""

ROUNDS_PER_MINUTE = 60 // ROUND_SECONDS
"""Ten rounds a minute."""

ROUND_HEADER = ("Round", "Turns, in order")
"""The columns of a round's row in a turn table."""

ENVIRONMENT = "Environment"
"""The name of the environment's turn, the last of each round when it takes one."""

DEFENSIVE_ACTIONS = ("dodge", "dive clear", "defensive spell", "protect someone",
                     "run for cover")
"""Actions a character may force: defensive only (Kruhl 3e, "Forcing An Action", "Dodging", "Running
For Cover")."""


@dataclass(frozen=True, repr=False)
class Turn:
    """A turn taken: by whom, in which round, and which round's turn it was."""

    name: str
    played_in: int
    belongs_to: int
    note: str = ""

    def text(self) -> str:
        """``Soraya`` or ``Soraya (forced from round 7)``."""
        return f"{self.name} ({self.note})" if self.note else self.name

    def __repr__(self) -> str:
        return f"<{self.phrase()}, round {self.played_in}>"

    def phrase(self) -> str:
        """As the source writes it: ``Soraya's turn (delayed)``."""
        possessive = f"{self.name}'" if self.name.endswith("s") else f"{self.name}'s"
        return f"{possessive} turn" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True)
class RoundTurns:
    """The turns played in one round, and the turns lost in it."""

    number: int
    turns: tuple[Turn, ...]
    lost: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Who acted, in order."""
        return tuple(turn.name for turn in self.turns)

    def explain(self) -> Explanation:
        """The round as one row of a turn table (``Round 1 | Soraya, Virek-Kohl``), so that
        consecutive rounds read as one table; and any turns lost in it."""
        row = (f"Round {self.number}", ", ".join(turn.text() for turn in self.turns))
        return Explanation(title="Order of play", lines=self.lost,
                           tables=(TableView("Order of play", ROUND_HEADER, (row,)),))

    def __repr__(self) -> str:
        return f"Round {self.number}: " + ", ".join(turn.text() for turn in self.turns)


@dataclass(frozen=True)
class TurnLedger:
    """Every round so far, for a turn table."""

    rounds: tuple[RoundTurns, ...]

    def round(self, number: int) -> RoundTurns:
        """One round's turns."""
        for played in self.rounds:
            if played.number == number:
                return played
        raise TurnOrderError(f"round {number} has not been played: the ledger has rounds "
                             f"{', '.join(str(r.number) for r in self.rounds) or 'none'}")

    def turns_belonging_to(self, number: int) -> tuple[Turn, ...]:
        """The turns that were round ``number``'s, wherever they were played."""
        return tuple(t for r in self.rounds for t in r.turns if t.belongs_to == number)

    def rows(self) -> tuple[tuple[str, str], ...]:
        """As in the source: ``Round 1 | Soraya's turn``, then blank round cells."""
        return tuple((f"Round {r.number}" if i == 0 else "", turn.phrase())
                     for r in self.rounds for i, turn in enumerate(r.turns))

    def explain(self) -> Explanation:
        """The turn table, and any turns lost."""
        lost = tuple(note for r in self.rounds for note in r.lost)
        return Explanation(title="Order of play", lines=lost,
                           tables=(TableView("Order of play", ("Round", "Turn"), self.rows()),))

    def __repr__(self) -> str:
        return "\n".join(repr(r) for r in self.rounds)


class TurnOrder:
    """The order of play and the turns taken, round by round.

    ``names`` is the order from highest initiative to lowest (declared by the GM, or from
    [`roll_initiative`][rules_core.kruhl.roll_initiative]). With ``environment`` the
    environment takes a last turn each round.

    Examples:
        Soraya delays her turn until after Issvisk's; next round she forces a dodge during
        Virek-Kohl's turn, spending round 3's turn:

        >>> order = TurnOrder(["Soraya", "Virek-Kohl", "Issvisk"])
        >>> order.play_round(delay={"Soraya": "Issvisk"})
        Round 1: Virek-Kohl, Issvisk, Soraya (delayed)
        >>> order.play_round(force={"Soraya": "Virek-Kohl"})
        Round 2: Soraya, Virek-Kohl, Soraya (forced from round 3), Issvisk
    """

    def __init__(self, names: Iterable[str], *, environment: bool = False,
                 round: int = 1) -> None:
        self.order: list[str] = []
        for name in names:
            self._add(name, len(self.order))
        if not self.order:
            raise TurnOrderError("the order of play needs at least one character")
        self.environment = environment
        self.round = round
        self._cursor = 0
        self._played: list[RoundTurns] = []
        self._turns: list[Turn] = []
        self._lost: list[str] = []
        self._used: dict[int, set[str]] = {}
        self._holding: dict[str, int] = {}
        self._forced: dict[int, set[str]] = {}
        self._notes: dict[int, list[str]] = {}

    @property
    def slots(self) -> tuple[str, ...]:
        """The order of play, with the environment last if it takes a turn."""
        return (*self.order, ENVIRONMENT) if self.environment else tuple(self.order)

    @property
    def up(self) -> str | None:
        """Whose turn comes next in this round (None when the round is done)."""
        index = self._next_slot()
        return None if index is None else self.slots[index]

    up_next = renamed_attribute("TurnOrder", "up_next", "up")
    """The old name of ``up``, until 0.5.0 (it warns)."""

    @property
    def holding(self) -> tuple[str, ...]:
        """Who is holding a delayed turn."""
        return tuple(self._holding)

    def take_turn(self, name: str | None = None) -> Turn:
        """The next character in the order takes their turn."""
        who = self._expect(name, "take a turn")
        self._cursor = self.slots.index(who) + 1
        return self._record(who, self.round, "")

    def delay(self, name: str | None = None) -> None:
        """The next character delays their turn, to act later (this round or after)."""
        who = self._expect(name, "delay")
        if who == ENVIRONMENT:
            raise TurnOrderError("the environment cannot delay: it always goes last")
        self._cursor = self.slots.index(who) + 1
        self._holding[who] = self.round

    def act_delayed(self, name: str) -> Turn:
        """``name`` uses the turn they delayed, now (interrupting if need be)."""
        if name not in self._holding:
            raise TurnOrderError(f"{name} is not holding a delayed turn: delay() on "
                                 f"{name}'s turn first")
        since = self._holding.pop(name)
        note = "delayed" if since == self.round else f"delayed from round {since}"
        return self._record(name, self.round, note)

    def force(self, name: str, action: str = "dodge") -> Turn:
        """``name`` forces a defensive action now, spending their next available turn."""
        if action not in DEFENSIVE_ACTIONS:
            raise ForcedActionError(
                f"a forced action must be defensive ({', '.join(DEFENSIVE_ACTIONS)}), "
                f"not {action!r}: nothing the GM could construe as an attack"
            )
        self._known(name)
        if name in self._forced.setdefault(self.round, set()):
            raise ForcedActionError(f"{name} already forced an action in round {self.round}: "
                                    "a character may force an action once per round")
        self._forced[self.round].add(name)
        if self._holding.pop(name, None) is not None:
            return self._record(name, self.round, "forced")
        owed = self.round
        while name in self._used.get(owed, set()):
            owed += 1
        return self._record(name, owed, "forced" if owed == self.round
                            else f"forced from round {owed}")

    def join(self, name: str, *, after: str | None = None, before: str | None = None) -> None:
        """A late joiner, placed where the GM says (at the end if nowhere is said)."""
        if after is not None and before is not None:
            raise TurnOrderError("place a late joiner after= someone or before= someone, "
                                 "not both")
        index = len(self.order)
        if after is not None:
            index = self._known(after) + 1
        elif before is not None:
            index = self._known(before)
        self._add(name, index)
        if index < self._cursor:
            self._cursor += 1

    def leave(self, name: str) -> None:
        """``name`` leaves the fight (defeated, fled): no more turns."""
        index = self._known(name)
        self.order.pop(index)
        self._holding.pop(name, None)
        if index < self._cursor:
            self._cursor -= 1

    def next_round(self) -> RoundTurns:
        """Finish this round (everyone still to act takes their turn) and start the next."""
        while self.up is not None:
            self.take_turn()
        for name in self._holding:
            self._lost.append(f"{name} still holds a delayed turn at the end of round "
                              f"{self.round}: it carries over as round {self.round + 1}'s")
        played = RoundTurns(self.round, tuple(self._turns), tuple(self._lost))
        self._played.append(played)
        self.round += 1
        self._cursor, self._turns = 0, []
        self._lost = self._notes.pop(self.round, [])
        return played

    def play_round(self, *, delay: Mapping[str, str] | None = None,
                   force: Mapping[str, str] | None = None) -> RoundTurns:
        """Play the rest of this round and start the next one.

        ``delay={"Soraya": "Issvisk"}``: Soraya delays and acts right after Issvisk's turn.
        ``force={"Soraya": "Virek-Kohl"}``: Soraya forces an action during Virek-Kohl's turn.
        """
        delay, force = dict(delay or {}), dict(force or {})
        for name, after in (*delay.items(), *force.items()):
            self._known(name)
            self._known(after)
        while (who := self.up) is not None:
            if who in delay:
                self.delay(who)
                continue
            self._answer(self.take_turn().name, delay, force)
        return self.next_round()

    def ledger(self) -> TurnLedger:
        """The rounds played so far (and the current one, if turns were taken in it)."""
        current = (RoundTurns(self.round, tuple(self._turns), tuple(self._lost)),)
        return TurnLedger(tuple(self._played) + (current if self._turns else ()))

    def copy(self) -> TurnOrder:
        """An independent copy."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return f"<Order of play, round {self.round}: {', '.join(self.slots)}>"

    def _answer(self, name: str, delay: dict[str, str], force: dict[str, str]) -> None:
        for waiting, after in list(force.items()):
            if after == name:
                del force[waiting]
                self._answer(self.force(waiting).name, delay, force)
        for waiting, after in list(delay.items()):
            if after == name and waiting in self._holding:
                del delay[waiting]
                self._answer(self.act_delayed(waiting).name, delay, force)

    def _record(self, name: str, belongs_to: int, note: str) -> Turn:
        used = self._used.setdefault(belongs_to, set())
        if name in used and name != ENVIRONMENT:
            raise TurnOrderError(f"{name} already had round {belongs_to}'s turn: "
                                 "a character can't get more than one turn in a round")
        used.add(name)
        if belongs_to > self.round:
            self._lost_note(belongs_to, f"{name} has no turn in round {belongs_to}: "
                            f"it was forced in round {self.round}")
        turn = Turn(name, self.round, belongs_to, note)
        self._turns.append(turn)
        return turn

    def _lost_note(self, round_number: int, note: str) -> None:
        self._notes.setdefault(round_number, []).append(note)

    def _next_slot(self) -> int | None:
        used = self._used.get(self.round, set())
        for index in range(self._cursor, len(self.slots)):
            name = self.slots[index]
            if name not in used and name not in self._holding:
                return index
        return None

    def _expect(self, name: str | None, what: str) -> str:
        who = self.up
        if who is None:
            raise TurnOrderError(f"everyone has acted in round {self.round}: "
                                 "call next_round() to start the next")
        if name is not None and name != who:
            raise TurnOrderError(f"it is {who}'s turn, not {name}'s: {name} cannot {what} "
                                 "now (a delayed turn is used with act_delayed)")
        return who

    def _known(self, name: str) -> int:
        if name not in self.order:
            raise TurnOrderError(f"{name} is not in the order of play "
                                 f"({', '.join(self.order)}): add them with join()")
        return self.order.index(name)

    def _add(self, name: str, index: int) -> None:
        if not name or name == ENVIRONMENT or name in self.order:
            raise TurnOrderError(f"{name!r} cannot join the order of play: names must be "
                                 "new, non-empty, and not the environment")
        self.order.insert(index, name)

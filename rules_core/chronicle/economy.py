"""What a character may do on a turn: two Lesser actions or one Greater, one attack.

A Song of Ice and Fire Roleplaying, "Combat Actions". A Free action (Destiny) takes nothing
from the turn; a spent Destiny Point can add one more Lesser action.
"""

from __future__ import annotations

from rules_core.chronicle.actions import FREE, GREATER, LESSER, VARIES, Action
from rules_core.chronicle.errors import ActionError
from rules_core.explain import Explanation, TableView

TURN_SLOTS = 2
"""A turn is two Lesser actions; a Greater action takes both."""


class TurnActions:
    """The actions one character takes on one turn.

    Examples:
        >>> from rules_core.chronicle.actions import AIM, CHARGE, MOVE
        >>> turn = TurnActions("Edric")
        >>> turn.take(AIM)
        >>> turn.take(CHARGE)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.chronicle.errors.ActionError: Edric cannot take Charge, a Greater action...
        >>> turn.take(MOVE)
        >>> turn
        <Edric's turn: Aim (Lesser), Move (Lesser)>
    """

    def __init__(self, who: str) -> None:
        self.who = who
        self.taken: list[tuple[str, str]] = []
        self.extra_lesser = 0
        self.attack = ""

    @property
    def slots_used(self) -> int:
        """Lesser actions' worth used (a Greater action is two)."""
        return sum(2 if kind == GREATER else 1 for _, kind in self.taken if kind != FREE)

    def take(self, action: Action, kind: str = "", what: str = "",
             counts_as_attack: bool = False) -> None:
        """Take ``action`` (as ``kind``, for an action whose type varies)."""
        kind = kind or action.kind
        if kind == VARIES or kind not in (LESSER, GREATER, FREE):
            raise ActionError(f"{action.name} is a Lesser or a Greater action as the situation "
                              "says: give kind='Lesser' or kind='Greater'")
        name = what or action.name
        if kind != FREE:
            self._room(name, kind)
        if action.attack or counts_as_attack:
            if self.attack:
                raise ActionError(f"{self.who} already attacked this turn ({self.attack}): "
                                  "one attack action a turn")
            self.attack = name
        self.taken.append((name, kind))

    def grant_lesser(self) -> None:
        """One more Lesser action this turn (a spent Destiny Point)."""
        self.extra_lesser += 1

    def _room(self, name: str, kind: str) -> None:
        used = self.slots_used
        if kind == GREATER and used:
            raise ActionError(f"{self.who} cannot take {name}, a Greater action, after "
                              f"{self._list()}: a turn is two Lesser actions or one Greater")
        if kind == LESSER and used >= TURN_SLOTS + self.extra_lesser:
            raise ActionError(f"{self.who} has no action left for {name} after {self._list()}:"
                              " a turn is two Lesser actions or one Greater")

    def _list(self) -> str:
        return ", ".join(f"{name} ({kind})" for name, kind in self.taken) or "nothing"

    def rows(self) -> tuple[tuple[str, str], ...]:
        """One row per action taken: (action, type)."""
        return tuple(self.taken)

    def explain(self) -> Explanation:
        """The turn's actions as a table, and what is left of the turn."""
        left = TURN_SLOTS + self.extra_lesser - self.slots_used
        room = (f"Room left: {left} Lesser action{'s' if left != 1 else ''}" +
                (" or one Greater action" if self.slots_used == 0 else "") + "." if left > 0
                else "No action left this turn.")
        if self.attack:
            room += f" The attack of the turn is taken ({self.attack})."
        tables = (TableView("Actions", ("Action", "Type"), self.rows()),) if self.taken else ()
        return Explanation(title=f"{self.who}'s turn", lines=(room,), tables=tables)

    def __repr__(self) -> str:
        return f"<{self.who}'s turn: {self._list()}>"

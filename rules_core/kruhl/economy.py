"""What a character may do on a turn (Kruhl 3e, "Types Of Actions", "Move Action").

On their turn a character has **one move action**, **one standard action** and as many
**quick actions** as the GM deems reasonable, in any order; **free actions** can be taken
at any time. A **double move** (running) gives a bonus die on defense and a penalty die on
attacks and other rolls; an **all-out move** (sprinting) a bonus die on defense, and every
other roll fails. Either is the turn's move action at a faster pace: the standard action is
still there, under those penalties. A failed Athletics (Agility) roll against an obstacle
halves the move.
"""

from __future__ import annotations

from rules_core.explain import Explanation, TableView
from rules_core.kruhl.contest import Contest
from rules_core.kruhl.errors import ActionEconomyError

MOVE = "move"
"""A move action at an ordinary pace (leaves the character ``moving``)."""

DOUBLE_MOVE = "double move"
"""Running: a bonus die on defense, a penalty die on attacks and other rolls."""

ALL_OUT_MOVE = "all-out move"
"""Sprinting: a bonus die on defense; every other roll fails."""

PACES = {MOVE: "moving", DOUBLE_MOVE: "running", ALL_OUT_MOVE: "sprinting"}
"""The condition each pace of movement leaves until the character's next turn."""


class TurnActions:
    """The actions one character takes on one turn.

    ``quick_limit``: the most quick actions the GM allows (None: no set limit). A fight's
    [`begin_turn`][rules_core.kruhl.FightState.begin_turn] starts one; its attacks and moves
    are checked against it.

    Examples:
        >>> turn = TurnActions("Soraya")
        >>> turn.move(DOUBLE_MOVE)
        'running'
        >>> turn.standard("attack")
        >>> turn.standard("dodge")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.kruhl.errors.ActionEconomyError: Soraya already took the standard action ...
    """

    def __init__(self, who: str, *, quick_limit: int | None = None) -> None:
        self.who = who
        self.quick_limit = quick_limit
        self.move_action = ""
        self.pace = ""
        self.standard_action = ""
        self.quick_actions: list[str] = []
        self.free_actions: list[str] = []

    def move(self, pace: str = MOVE, what: str = "") -> str:
        """Use the move action; return the condition the pace leaves (moving, running…)."""
        if pace not in PACES:
            raise ActionEconomyError(f"a move is one of {', '.join(PACES)}, not {pace!r}")
        if self.move_action:
            raise ActionEconomyError(
                f"{self.who} already used the move action this turn ({self.move_action}): "
                "one move action per turn; a double or all-out move covers more ground"
            )
        self.move_action, self.pace = what or pace, pace
        return PACES[pace]

    def standard(self, what: str) -> None:
        """Use the standard action (a skill roll, an attack, a spell, a dodge)."""
        if self.standard_action:
            raise ActionEconomyError(
                f"{self.who} already took the standard action this turn "
                f"({self.standard_action}), so the {what} must wait for the next turn: "
                "one standard action per turn"
            )
        self.standard_action = what

    def quick(self, what: str) -> None:
        """Take a quick action (drop a weapon, crouch behind cover)."""
        if self.quick_limit is not None and len(self.quick_actions) >= self.quick_limit:
            raise ActionEconomyError(
                f"{self.who} has taken {self.quick_limit} quick actions, as many as the GM "
                "allows this turn"
            )
        self.quick_actions.append(what)

    def free(self, what: str) -> None:
        """Take a free action (banter, a shouted warning): always allowed."""
        self.free_actions.append(what)

    def rows(self) -> tuple[tuple[str, str], ...]:
        """One row per action taken."""
        rows = [("move", self.move_action)] if self.move_action else []
        rows += [("standard", self.standard_action)] if self.standard_action else []
        rows += [("quick", q) for q in self.quick_actions]
        return tuple(rows + [("free", f) for f in self.free_actions])

    def explain(self) -> Explanation:
        """The turn's actions as a table."""
        return Explanation(title=f"{self.who}'s turn",
                           tables=(TableView("Actions", ("Kind", "Action"), self.rows()),))

    def __repr__(self) -> str:
        taken = ", ".join(f"{kind}: {what}" for kind, what in self.rows()) or "nothing yet"
        return f"<{self.who}'s turn: {taken}>"


def move_through_obstacle(distance: float, roll: Contest) -> float:
    """The distance moved after an Athletics (Agility) roll against an obstacle: all of it
    on a success, half on a failure."""
    return distance if roll.succeeded else distance / 2

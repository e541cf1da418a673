"""How a roll's successes are spent on one task or, in a mixed action, on two.

Storypath (Scion 2nd Edition, "Rolling Dice"):

- a task's **Enhancement** is added only when the dice show at least one success, and only
  to its own task;
- the successes first pay each task's **Difficulty**, in the order the tasks are given (a
  task the successes cannot pay fails and takes none of them);
- what is left are **threshold successes**: they buy off each task's Complications, then pay
  for its stunts, in the order listed, its own spare Enhancement first;
- a Complication left unbought happens, whether its task succeeded or failed.

The order is the engine's choice where the source leaves it to the table: list the task
(and the Complication) that matters most first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_core.storypath.terms import Complication, PlannedAction, Stunt


@dataclass(frozen=True)
class TaskOutcome:
    """One task of a roll: the Enhancement it got, whether its Difficulty was paid, the
    Complications bought off or not and the stunts paid for or not. ``threshold`` is what it
    could spend: its own Enhancement beyond its Difficulty plus the successes all tasks
    share; ``own_left`` what is left of its own Enhancement."""

    action: PlannedAction
    enhancement: int
    succeeded: bool
    threshold: int
    own_left: int
    bought: tuple[Complication, ...] = ()
    unbought: tuple[Complication, ...] = ()
    stunts: tuple[Stunt, ...] = ()
    unpaid: tuple[Stunt, ...] = ()


@dataclass(frozen=True)
class Settlement:
    """The tasks of a roll as settled, the threshold successes there were once every
    Difficulty was paid (``available``), and those they share still left."""

    tasks: tuple[TaskOutcome, ...]
    shared_left: int
    available: int = 0

    @property
    def spare(self) -> int:
        """Every threshold success left: the shared ones and each task's own."""
        return self.shared_left + sum(t.own_left for t in self.tasks)


def settle(successes: int, actions: Sequence[PlannedAction]) -> Settlement:
    """Spend ``successes`` (the dice's, before any Enhancement) on ``actions`` in order.

    Examples:
        Three successes for a Difficulty 2 task with a Complication 2: one threshold
        success is not enough to buy it off.

        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Dexterity": 3}, {"Athletics": 3})
        >>> task = ana.action("Athletics", "Dexterity", difficulty=2).complicated(2, "a fall")
        >>> outcome, = settle(3, [task]).tasks
        >>> outcome.succeeded, outcome.threshold, outcome.unbought
        (True, 1, (Complication(rating=2, what='a fall'),))
    """
    any_success = successes > 0
    shared = successes
    paid: list[tuple[PlannedAction, int, bool, int]] = []
    for action in actions:
        enhancement = action.enhancement if any_success else 0
        need = max(action.difficulty - enhancement, 0)
        succeeded = shared >= need and (any_success or action.difficulty == 0)
        if succeeded:
            shared -= need
        own = max(enhancement - action.difficulty, 0) if succeeded else 0
        paid.append((action, enhancement, succeeded, own))
    available = shared + sum(own for *_, own in paid)
    outcomes = []
    for action, enhancement, succeeded, own in paid:
        threshold = own + shared if succeeded else 0
        bought, unbought, stunts, unpaid = [], [], [], []
        for complication in action.complications:
            cost = complication.rating
            if succeeded and own + shared >= cost:
                own, shared = _pay(own, shared, cost)
                bought.append(complication)
            else:
                unbought.append(complication)
        for stunt in action.stunts:
            if succeeded and own + shared >= stunt.cost:
                own, shared = _pay(own, shared, stunt.cost)
                stunts.append(stunt)
            else:
                unpaid.append(stunt)
        outcomes.append(TaskOutcome(action, enhancement, succeeded, threshold, own,
                                    tuple(bought), tuple(unbought), tuple(stunts),
                                    tuple(unpaid)))
    return Settlement(tuple(outcomes), shared, available)


def _pay(own: int, shared: int, cost: int) -> tuple[int, int]:
    """``own`` and ``shared`` after paying ``cost``, from ``own`` first."""
    from_own = min(own, cost)
    return own - from_own, shared - (cost - from_own)

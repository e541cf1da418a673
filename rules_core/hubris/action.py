"""Actions that are rolled on their own: an instant action against no one, a reflexive roll
to move past an obstacle, a minor action that is not automatic (the Act of Hubris,
"Actions", "Minor Actions", "Movement").

A roll with one success or more succeeds; 5 or more is an exceptional success; a chance
die's 1 is a dramatic failure. A passive obstacle may need several successes in all
([`Obstacle`][rules_core.hubris.Obstacle]): each turn's roll adds to the total, since in
combat every second counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, TableView
from rules_core.hubris.errors import HubrisError
from rules_core.hubris.rolls import EXCEPTIONAL, HubrisRoll
from rules_core.hubris.setup import Setup
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question
from rules_core.words import count, is_whole

if TYPE_CHECKING:
    from rules_core.hubris.block import Block


@dataclass(frozen=True, repr=False)
class Action(Setup):
    """A roll of ``traits`` for ``task`` (made by
    [`Character.action`][rules_core.hubris.Character.action]).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character
        >>> mara = Character("Mara", {"Dexterity": 3}, {"Athletics": 2})
        >>> leap = mara.action("Dexterity", "Athletics", task="Leap the gap")
        >>> leap.with_difficulty(2, "a long way").roll(ScriptedDice("9 4 1"))
        <Mara, Leap the gap: [9 4 1] 1 success: success>
    """

    def roll(self, dice: DiceSource) -> ActionResult:
        """Roll it with ``dice``."""
        return ActionResult(self, self.roll_dice(dice))

    def block(self, dice: DiceSource, *, protects: tuple[str, ...] | list[str] = (),
              against: str = "") -> Block:
        """Roll it as an instant action spent opposing others: its successes stand until
        this character's next turn, shielding ``protects`` (names) from attacks and
        contesting ``against`` (what it hinders)."""
        from rules_core.hubris.block import Block  # block.py imports this module

        return Block(self, self.roll_dice(dice), tuple(protects), against)


@dataclass(frozen=True, repr=False)
class ActionResult:
    """A rolled [`Action`][rules_core.hubris.Action]: ``dice`` is the roll."""

    action: Action
    dice: HubrisRoll

    @property
    def who(self) -> str:
        """Whose roll it is."""
        return self.action.who

    @property
    def successes(self) -> int:
        """The successes the roll reads."""
        return self.dice.total

    @property
    def succeeded(self) -> bool:
        """Whether it has a success."""
        return self.successes > 0

    @property
    def outcome(self) -> Outcome:
        """Dramatic failure, failure, success or exceptional success."""
        return self.dice.outcome

    def verdict(self) -> str:
        """The outcome in words."""
        task = self.action.task
        if self.dice.dramatic:
            return f"{task}: a dramatic failure."
        if self.dice.exceptional:
            return f"{task}: an exceptional success ({EXCEPTIONAL} or more successes)."
        return f"{task}: {'success' if self.succeeded else 'failure, no success'}."

    def odds(self) -> tuple[Question, ...]:
        """The chance of this many successes or more, and of a success at all."""
        procedure = self.dice.procedure
        asked = [AtLeast(procedure, self.successes, who=self.who)]
        if self.successes != 1:
            asked.append(AtLeast(procedure, 1, who=self.who, note="a success"))
        return tuple(sorted(asked, key=lambda q: q.value))

    def explain(self) -> Explanation:
        """The pool, the dice, the tally and the verdict."""
        tally = self.dice.tally()
        return Explanation(title=f"{self.who}: {self.action.task}",
                           pool=self.action.pool_text(), rolls=(self.dice.view(),),
                           lines=(tally[0].upper() + tally[1:] + ".", *self.dice.notes(),
                                  self.verdict()),
                           outcome=self.outcome, odds=self.odds())

    def __repr__(self) -> str:
        return (f"<{self.who}, {self.action.task}: [{self.dice.roll.text()}] "
                f"{count(self.successes, 'success')}: {self.outcome.value}>")


class Obstacle:
    """A passive obstacle that takes ``needed`` successes in all to overcome (a barricade,
    a locked gate): each roll's successes add up, a turn at a time (each roll returns the
    obstacle after it).

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character
        >>> rook = Character("Rook", {"Strength": 3}, {"Athletics": 1})
        >>> door = Obstacle("the barricaded door", 4)
        >>> door.work(rook.action("Strength", "Athletics").roll(ScriptedDice("9 8 2 1")))
        <the barricaded door: 2 of 4 successes>
    """

    def __init__(self, name: str, needed: int) -> None:
        if not is_whole(needed, 1):
            raise HubrisError(f"an obstacle needs a whole number of successes, 1 or more, "
                              f"not {needed!r}")
        self.name = name
        self.needed = needed
        self.log: list[ActionResult] = []

    @property
    def gathered(self) -> int:
        """The successes rolled against it so far."""
        return sum(result.successes for result in self.log)

    @property
    def overcome(self) -> bool:
        """Whether the successes have reached the total needed."""
        return self.gathered >= self.needed

    def work(self, result: ActionResult) -> Obstacle:
        """Add a roll's successes (an instant action spent on the obstacle)."""
        if self.overcome:
            raise HubrisError(f"{self.name} is already overcome ({self.gathered} of "
                              f"{self.needed} successes)")
        twin = Obstacle(self.name, self.needed)
        twin.log = [*self.log, result]
        return twin

    def explain(self) -> Explanation:
        """The rolls so far and what is left."""
        rows = tuple((str(n), r.who, str(r.successes), str(sum(x.successes
                                                               for x in self.log[:n])))
                     for n, r in enumerate(self.log, 1))
        left = max(self.needed - self.gathered, 0)
        line = (f"{self.name.capitalize()} is overcome." if self.overcome else
                f"{count(left, 'success')} still needed.")
        last = self.log[-1] if self.log else None
        return Explanation(title=f"Overcoming {self.name} ({self.needed} successes)",
                           rolls=(last.dice.view(),) if last else (), lines=(line,),
                           tables=(TableView(self.name.capitalize(),
                                             ("Turn", "Who", "Successes", "In all"), rows),),
                           outcome=Outcome.of(self.overcome), odds=last.odds() if last else ())

    def __repr__(self) -> str:
        return f"<{self.name}: {self.gathered} of {self.needed} successes>"

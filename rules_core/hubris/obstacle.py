"""A passive obstacle that needs several successes in all (the Act of Hubris, "Actions").

Each turn's roll adds its successes to the total, since in combat every second counts.
"""

from __future__ import annotations

from rules_core.explain import Explanation, TableView
from rules_core.hubris.action import ActionResult
from rules_core.hubris.errors import HubrisError
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question
from rules_core.words import count, is_whole


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
                           outcome=Outcome.of(self.overcome), odds=self.odds())

    def odds(self) -> tuple[Question, ...]:
        """The last roll's chance of a success, and of enough successes to overcome what
        was left of the obstacle before it."""
        if not self.log:
            return ()
        last = self.log[-1]
        left = self.needed - sum(result.successes for result in self.log[:-1])
        overcome = AtLeast(last.dice.procedure, left, who=last.who,
                           event=f"enough to overcome {self.name}")
        return (last.odds()[0], overcome) if left > 1 else (overcome,)

    def __repr__(self) -> str:
        return f"<{self.name}: {self.gathered} of {self.needed} successes>"

"""An action as set up before the dice fall: the pool, the Difficulty, Enhancements,
Complications and stunts (Storypath, "Action-Adventure"; Scion 2e's dice rules).

- The **pool** is Skill + Attribute, in d10s; a die showing 8 or more (the character's
  target number, 7 at higher tiers) is a success, and a 10 is rolled again (10-again).
- The **Difficulty** is how many successes the task needs (1 unless the Storyguide says
  otherwise; 0 for a task that cannot fail, such as getting up).
- An **Enhancement** adds successes, but only to a roll whose dice show at least one.
- A **Complication** of rating *n* costs *n* threshold successes (successes beyond the
  Difficulty) to buy off; one not bought off still happens, even when the task succeeds.
- A **stunt** (Snatch and Grab in a chase) is bought with threshold successes too, after
  the Complications.

Methods return a new, changed action; [`roll`][rules_core.storypath.Action.roll] rolls it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.dice import DiceSource
from rules_core.pool import Pool
from rules_core.procedure import Procedure
from rules_core.storypath.errors import ActionError
from rules_core.storypath.result import ActionResult, roll_action
from rules_core.storypath.terms import (
    ENHANCEMENT,
    MAX_TEAMWORK,
    Complication,
    Helping,
    Item,
    Stunt,
)
from rules_core.success_pool import SuccessRule
from rules_core.words import is_whole


@dataclass(frozen=True, repr=False)
class Action:
    """``who`` rolls ``pool`` under ``rule`` for ``task``.

    Made by [`Character.action`][rules_core.storypath.Character.action]. ``difficulty`` is
    the base Difficulty and ``raised`` what raises it (difficult terrain: +1);
    ``enhancements``, ``complications`` and ``stunts`` as in the module's introduction.
    ``player`` says whether a player plays the character (PC) or the Storyguide (SGC).

    Examples:
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Dexterity": 3}, {"Athletics": 3}, player=True)
        >>> leap = ana.action("Athletics", "Dexterity", difficulty=2, task="Leap")
        >>> leap.enhanced(1, "a rope").complicated(1, "a fall")
        <Ana, Leap: 6d10, Difficulty 2, +1 Enhancement (a rope), Complication 1 (a fall)>
    """

    who: str
    pool: Pool
    rule: SuccessRule
    task: str
    difficulty_base: int = 1
    player: bool = False
    raised: tuple[tuple[str, int], ...] = ()
    enhancements: tuple[tuple[str, int], ...] = ()
    complications: tuple[Complication, ...] = ()
    stunts: tuple[Stunt, ...] = ()

    def __post_init__(self) -> None:
        if not is_whole(self.difficulty_base):
            raise ActionError(f"a Difficulty must be a whole number, 0 or more, not "
                              f"{self.difficulty_base!r}")

    @property
    def difficulty(self) -> int:
        """The successes needed: the base Difficulty and whatever raises it."""
        return self.difficulty_base + sum(n for _, n in self.raised)

    @property
    def enhancement(self) -> int:
        """The Enhancement the roll gets if its dice show a success."""
        return sum(n for _, n in self.enhancements)

    @property
    def size(self) -> int:
        """How many dice the pool rolls."""
        return self.pool.size

    def against(self, difficulty: int) -> Action:
        """This action at another base Difficulty."""
        return replace(self, difficulty_base=difficulty)

    def harder(self, by: int, why: str) -> Action:
        """This action with its Difficulty raised ``by`` for ``why``."""
        if not is_whole(by, 1):
            raise ActionError(f"a Difficulty is raised by a whole number, 1 or more, not {by!r}")
        return replace(self, raised=(*self.raised, (why, by)))

    def enhanced(self, rating: int, why: str) -> Action:
        """This action with an Enhancement of ``rating`` for ``why`` (0 adds nothing)."""
        if not is_whole(rating):
            raise ActionError(f"an Enhancement must be a whole number, 0 or more, not "
                              f"{rating!r}")
        return self if rating == 0 else replace(self, enhancements=(*self.enhancements,
                                                                    (why, rating)))

    def using(self, *items: Item) -> Action:
        """This action with ``items`` put to use: each lends its Enhancement (an item a
        Snatch and Grab picked up: +1), named after it."""
        for item in items:
            if not isinstance(item, Item):
                raise ActionError(f"using() takes items (a chase's Chase.items), not "
                                  f"{item!r}: for any other help, use enhanced()")
        action = self
        for item in items:
            action = action.enhanced(item.enhancement, item.name)
        return action

    def complicated(self, rating: int, what: str) -> Action:
        """This action with a Complication of ``rating``: ``what`` happens unless bought
        off."""
        return replace(self, complications=(*self.complications, Complication(rating, what)))

    def with_stunt(self, name: str, cost: int, gives: str = "") -> Action:
        """This action with a stunt bought with ``cost`` threshold successes, if there are
        enough once the Complications are bought off."""
        return replace(self, stunts=(*self.stunts, Stunt(name, cost, gives)))

    def helped_by(self, *helps: Helping) -> Action:
        """This action with the Enhancement ``helps`` give (teamwork): their successes, at
        most 3 in all."""
        strangers = [h.who for h in helps if h.leader != self.who]
        if strangers:
            raise ActionError(f"{', '.join(strangers)} rolled to help someone else, not "
                              f"{self.who}: roll teamwork() with this action")
        given = min(sum(h.enhancement for h in helps), MAX_TEAMWORK)
        return self.enhanced(given, f"teamwork: {', '.join(h.who for h in helps)}")

    def counting(self, rule: SuccessRule) -> Action:
        """The same action read under another rule (for comparing readings: tens that count
        double, a target number of 7)."""
        return replace(self, rule=rule)

    def named(self, task: str) -> Action:
        """The same action under another name."""
        return replace(self, task=task)

    def procedure(self, *, with_enhancement: bool = True) -> Procedure:
        """How the pool is rolled and read (for the odds), with or without its Enhancement."""
        bonus = self.enhancement if with_enhancement else 0
        return self.rule.procedure(self.size, bonus=bonus, bonus_name=ENHANCEMENT)

    def roll(self, dice: DiceSource) -> ActionResult:
        """Roll it: the successes pay the Difficulty, then the Complications, then the
        stunts."""
        return roll_action(self, dice)

    def difficulty_text(self) -> str:
        """``Difficulty 2``, or ``Difficulty 2 (1 + 1 for difficult terrain)``."""
        if not self.raised:
            return f"Difficulty {self.difficulty}"
        parts = " + ".join(f"{n} for {why}" for why, n in self.raised)
        return f"Difficulty {self.difficulty} ({self.difficulty_base} + {parts})"

    def setup_text(self) -> str:
        """Everything but the dice: ``Difficulty 2, +1 Enhancement (a rope), …``."""
        parts = [self.difficulty_text()]
        parts += [f"+{n} {ENHANCEMENT} ({why})" for why, n in self.enhancements]
        parts += [str(c) for c in self.complications]
        parts += [f"stunt: {s}" for s in self.stunts]
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<{self.who}, {self.task}: {self.size}d{self.rule.sides}, {self.setup_text()}>"

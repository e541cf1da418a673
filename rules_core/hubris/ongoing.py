"""Ongoing damage: poison, burning (the Act of Hubris, "Ongoing Damage").

Ongoing damage strikes at the end of each of the afflicted character's turns, in dice or in
automatic wounds. Defense cannot cancel it as it strikes; it opposes the attack that
inflicts it in the first place. The afflicted character can often try to be rid of it in
their own turn ([`shake_off`][rules_core.hubris.Ongoing.shake_off]), with some difficulty
when it has no obvious, external source.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.hubris.action import Action, ActionResult
from rules_core.hubris.damage import LETHAL, Wounds, check_kind, wounds_text
from rules_core.hubris.errors import DamageError
from rules_core.hubris.rolls import HubrisRoll
from rules_core.hubris.setup import Setup
from rules_core.question import AtLeast, Question, Settled
from rules_core.words import count, is_whole, noun, verb_s


def check_amount(name: str, automatic: int, dice: int, what: str) -> None:
    """Refuse harm that deals both automatic wounds and dice, or neither."""
    if not (is_whole(automatic) and is_whole(dice)) or (automatic > 0) == (dice > 0):
        raise DamageError(f"{name} deals {what}: give automatic=N wounds or dice=N, one of "
                          f"them, a whole number above 0 (not automatic={automatic!r}, "
                          f"dice={dice!r})")


@dataclass(frozen=True)
class Ongoing:
    """Ongoing harm (``name``: ``burning``) dealing ``damage`` at the end of each of the
    afflicted character's turns: ``levels`` automatic wounds, or ``dice`` dice of them.
    ``obvious``: whether it has an obvious, external source (flames, not a poison in the
    blood).

    Examples:
        >>> Ongoing("burning", levels=1).words()
        'burning, 1 lethal at the end of each of their turns'
    """

    name: str
    damage: str = LETHAL
    levels: int = 0
    dice: int = 0
    obvious: bool = True

    def __post_init__(self) -> None:
        check_kind(self.damage)
        check_amount(self.name, self.levels, self.dice, "ongoing damage")

    def shake_off(self, attempt: Action, *, dice: DiceSource,
                  difficulty: int = 0) -> ActionResult:
        """The afflicted character tries to end it in their own turn (``attempt``: rolling
        in the dirt, a dose of antiserum), rolled with ``dice``; a success ends it. Harm
        with no obvious, external source (not ``obvious``: a poison in the blood) is harder
        to be rid of: the attempt takes the Storyteller's ``difficulty``, 1 or more."""
        if not is_whole(difficulty):
            raise DamageError(f"a Difficulty is a whole number, 0 or more, not "
                              f"{difficulty!r}")
        if not self.obvious and difficulty < 1:
            raise DamageError(f"{self.name} has no obvious outside source, so being rid of it "
                              "comes with some difficulty: give the Storyteller's Difficulty "
                              "(difficulty=1 or more)")
        why = "no obvious source" if not self.obvious else "the Storyteller's"
        return attempt.with_difficulty(difficulty, why).roll(dice)

    def words(self) -> str:
        """What it does, in words."""
        amount = (f"{self.levels} {self.damage}" if self.levels else
                  f"{self.dice} dice of {self.damage}")
        return f"{self.name}, {amount} at the end of each of their turns"

    def tick(self, who: str, dice: DiceSource | None = None) -> Tick:
        """The end of ``who``'s turn: the damage strikes (``dice`` for dice of damage), and
        no Defense cancels it."""
        if self.dice and dice is None:
            raise DamageError(f"{self.name} deals {self.dice} dice of damage: pass dice=")
        rolled = None
        if self.dice and dice is not None:
            traits = ((self.name, self.dice),)
            rolled = Setup(self.name, traits, "damage").roll_dice(dice)
        return Tick(self, who, rolled)


@dataclass(frozen=True, repr=False)
class Tick:
    """One strike of ``ongoing`` harm on ``who``, at the end of their turn (``rolled``: the
    dice of damage, if it deals dice)."""

    ongoing: Ongoing
    who: str
    rolled: HubrisRoll | None = None

    @property
    def wounds(self) -> Wounds:
        """The wounds it deals: its levels, or its dice's successes."""
        amount = self.rolled.total if self.rolled is not None else self.ongoing.levels
        return Wounds(self.ongoing.damage, amount)

    @property
    def source(self) -> str:
        """What dealt the wounds."""
        return self.ongoing.name

    def explain(self) -> Explanation:
        """The damage, and why no Defense is rolled."""
        lines = []
        if self.rolled is not None:
            lines.append(f"{self.ongoing.name.capitalize()}: {self.rolled.tally()}.")
        lines += [f"At the end of {self.who}'s turn, {self.ongoing.name} deals "
                  f"{wounds_text((self.wounds,))}.",
                  "Defense cannot cancel ongoing damage as it strikes; it only opposed the "
                  "attack that caused it."]
        return Explanation(title=f"{self.ongoing.name.capitalize()}: the end of {self.who}'s "
                                 "turn",
                           rolls=(self.rolled.view(),) if self.rolled is not None else (),
                           lines=tuple(lines), odds=self.odds())

    def odds(self) -> tuple[Question, ...]:
        """The chance of these wounds or more (a wound a success); certain with no roll."""
        kind, dealt = self.ongoing.damage, self.wounds.count
        if self.rolled is None:
            return (Settled(self.ongoing.name, f"{dealt} {kind} {noun(dealt, 'wound')} on "
                            f"{self.who}", True,
                            f"{count(dealt, 'wound')} {verb_s(dealt, 'strike')} with no roll"),)
        wounds = (f"{dealt} {kind} {noun(dealt, 'wound')} or more on {self.who}" if dealt else
                  f"no wound on {self.who}")
        return (AtLeast(self.rolled.procedure, self.rolled.total, who=self.ongoing.name,
                        event=wounds, shown=True),)

    def __repr__(self) -> str:
        return f"<{self.ongoing.name} on {self.who}: {self.wounds}>"

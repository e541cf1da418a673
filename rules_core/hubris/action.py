"""Actions that are rolled on their own, and actions spent getting in the way: an instant
action against no one, a reflexive roll to move past an obstacle, a minor action that is not
automatic, a block (the Act of Hubris, "Actions", "Minor Actions", "Movement", "Blocking
Movement", "Blocking Other Actions", "Resisting Attack").

A roll with one success or more succeeds; 5 or more is an exceptional success; a chance
die's 1 is a dramatic failure. A passive obstacle may need several successes in all
([`Obstacle`][rules_core.hubris.Obstacle]): each turn's roll adds to the total, since in
combat every second counts.

Blocking:

- A character spends their **instant action** opposing others: they declare what they
  guard or hinder and roll (Strength + Brawl to seize and hold, Dexterity + Weaponry to
  shield someone). Their successes **stand until their next turn**, and may contest the
  actions of several characters; the blocker's initiative does not change.
- A hindered character may have to roll for what is normally automatic (moving, drawing a
  weapon), but needs only to **match** the blocker's successes; for anything they would
  have rolled anyway, they must beat them (our reading: the section states only the
  matching, "match, not overcome", and the contrast implies the rest).
- Blocking leaves the blocker's **initiative** as it was (unlike delaying).
- Standing successes that shield someone join that character's defence: the **best** roll
  of the group applies. A character who shielded themself rolls Defense too and uses the
  better of the two.
- **Blocking movement** needs no action: a character standing in a doorway or a hallway
  simply declares no one passes. Getting past takes an attack that deals no damage
  ([`Character.push_past`][rules_core.hubris.Character.push_past]) against the bulwark's
  Strength + Stamina or Brawl ([`Character.bulwark`][rules_core.hubris.Character.bulwark]).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.hubris.errors import AttackError, TurnError
from rules_core.hubris.rolls import EXCEPTIONAL, HubrisRoll
from rules_core.hubris.setup import Setup
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question, Settled
from rules_core.words import amount, count


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
        return Block(self, self.roll_dice(dice), tuple(protects), against)

    def guard(self, dice: DiceSource, *, protects: tuple[str, ...] | list[str]) -> Block:
        """Roll it as an instant action spent guarding ``protects`` (names; the character's
        own name to guard themself): a [`block`][rules_core.hubris.Action.block] whose
        standing successes shield them from attacks until this character's next turn
        ("Resisting Attack": the best roll of the group defending someone applies).

        Examples:
            >>> from rules_core.dice import ScriptedDice
            >>> from rules_core.hubris import Character
            >>> hana = Character("Hana", {"Dexterity": 3}, {"Weaponry": 2})
            >>> hana.action("Dexterity", "Weaponry", task="Guard Ike").guard(
            ...     ScriptedDice("9 8 4 2 1"), protects=["Ike"])
            <Hana, Guard Ike: 2 successes standing until Hana's next turn, shielding Ike>
        """
        if isinstance(protects, str) or not protects:
            named = repr(protects) if isinstance(protects, str) and protects else "'a name'"
            raise AttackError(f"{self.who} guards someone: name them in a list, "
                              f"protects=[{named}] ({self.who}'s own name to guard "
                              f"themself); to hinder others, block() with against=")
        return self.block(dice, protects=protects)


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
        """The chance of a success (one success or more) and of an exceptional success
        (five or more): what an action's successes mean on their own."""
        procedure = self.dice.procedure
        return (AtLeast(procedure, 1, who=self.who, event="a success"),
                AtLeast(procedure, EXCEPTIONAL, who=self.who, event="an exceptional success"))

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
                f"{count(self.successes, 'success')}: {self.outcome.word}>")


@dataclass(frozen=True, repr=False)
class Block:
    """An instant action spent opposing others (made by
    [`Action.block`][rules_core.hubris.Action.block]): ``dice`` rolled for ``action``, its
    successes standing until the blocker's next turn (``lapsed`` once it comes), shielding
    ``protects`` and hindering ``against``.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character
        >>> hana = Character("Hana", {"Dexterity": 3}, {"Weaponry": 2})
        >>> guard = hana.action("Dexterity", "Weaponry", task="Guard Bo").block(
        ...     ScriptedDice("9 8 4 2 1"), protects=["Bo"])
        >>> guard
        <Hana, Guard Bo: 2 successes standing until Hana's next turn, shielding Bo>
    """

    action: Action
    dice: HubrisRoll
    protects: tuple[str, ...] = ()
    against: str = ""
    lapsed: bool = False

    @property
    def who(self) -> str:
        """The blocker."""
        return self.action.who

    @property
    def successes(self) -> int:
        """The standing successes."""
        return self.dice.total

    def lapse(self) -> Block:
        """The block once the blocker's next turn comes: its successes no longer stand."""
        return replace(self, lapsed=True)

    def check_standing(self) -> None:
        """Refuse to use a block whose successes have lapsed."""
        if self.lapsed:
            raise TurnError(f"{self.who}'s {self.action.task} lapsed at {self.who}'s next "
                            "turn: its successes no longer stand")

    def check_shields(self, target: str) -> None:
        """Refuse to shield ``target`` unless this block protects them and still stands."""
        self.check_standing()
        if target not in self.protects:
            shielded = ", ".join(self.protects) or "no one"
            raise AttackError(f"{self.who}'s {self.action.task} shields {shielded}, not "
                              f"{target}")

    def hinders(self, attempt: Action, *, dice: DiceSource,
                automatic: bool = True) -> Hindered:
        """``attempt`` made against this block, rolled with ``dice``: for something
        normally ``automatic`` it must match the standing successes, otherwise beat them
        (our reading: the section states only the matching)."""
        self.check_standing()
        if attempt.who == self.who:
            raise AttackError(f"{self.who} cannot hinder themself")
        return Hindered(self, attempt, attempt.roll_dice(dice), automatic)

    def explain(self) -> Explanation:
        """The roll and what its successes do until the blocker's next turn."""
        tally = self.dice.tally()
        uses = [f"shielding {', '.join(self.protects)}"] if self.protects else []
        uses += [f"hindering {self.against}"] if self.against else []
        stand = (f"They stand until {self.who}'s next turn" +
                 (f", {' and '.join(uses)}." if uses else "."))
        lines = [tally[0].upper() + tally[1:] + ".", *self.dice.notes(), stand]
        if self.lapsed:
            lines.append(f"{self.who}'s next turn has come: they have lapsed.")
        return Explanation(title=f"{self.who}: {self.action.task} (instant action)",
                           pool=self.action.pool_text(), rolls=(self.dice.view(),),
                           lines=tuple(lines), outcome=self.dice.outcome, odds=(self.odds(),))

    def odds(self) -> AtLeast:
        """The chance of these standing successes or more: what the block stands with."""
        n = self.successes
        uses = [f"over {', '.join(self.protects)}"] if self.protects else []
        uses += [f"against {self.against}"] if self.against else []
        stand = f"{n} or more standing" if n else "nothing standing"
        return AtLeast(self.dice.procedure, n, who=self.who, shown=True,
                       event=" ".join([stand, *uses]) if n else stand)

    def __repr__(self) -> str:
        uses = [f"shielding {', '.join(self.protects)}"] if self.protects else []
        uses += [f"hindering {self.against}"] if self.against else []
        state = "lapsed" if self.lapsed else f"standing until {self.who}'s next turn"
        return (f"<{self.who}, {self.action.task}: {count(self.successes, 'success')} "
                f"{state}{''.join(', ' + u for u in uses)}>")


@dataclass(frozen=True, repr=False)
class Hindered:
    """``attempt`` (rolled as ``dice``) against ``block``'s standing successes: matching
    them is enough for something normally ``automatic``."""

    block: Block
    attempt: Action
    dice: HubrisRoll
    automatic: bool

    @property
    def needed(self) -> int:
        """The successes the attempt needs: the block's, or one more."""
        return self.block.successes + (0 if self.automatic else 1)

    @property
    def succeeded(self) -> bool:
        """Whether the attempt got through."""
        return self.dice.total >= self.needed

    def explain(self) -> Explanation:
        """Both sides' successes and the verdict."""
        who, blocker = self.attempt.who, self.block.who
        rule = ("normally automatic, so matching is enough" if self.automatic else
                "it must beat them")
        verdict = (f"{who} gets through." if self.succeeded else
                   f"{blocker}'s {self.block.action.task} stops {who}.")
        tally = self.dice.tally()
        return Explanation(
            title=f"{who}: {self.attempt.task} against {blocker}'s {self.block.action.task}",
            pool=self.attempt.pool_text(), rolls=(self.dice.view(),),
            lines=(f"{who}: {tally}.", *self.dice.notes(),
                   f"{blocker}'s block stands with {amount(self.block.successes, 'success')}; "
                   f"{self.attempt.task}: {rule} ({amount(self.needed, 'success')} needed).",
                   verdict),
            outcome=Outcome.of(self.succeeded), odds=(self.odds(),))

    def odds(self) -> Question:
        """The chance of enough successes (certain against a block with none)."""
        if not self.needed:
            return Settled(self.attempt.who, f"getting past {self.block.who}'s "
                           f"{self.block.action.task}", True,
                           f"{self.block.who}'s block has no success to match")
        how = "match" if self.automatic else "beat"
        standing = amount(self.block.successes, "standing success", "standing successes")
        return AtLeast(self.dice.procedure, self.needed, who=self.attempt.who,
                       event=f"enough to {how} {self.block.who}'s block of {standing}")

    def __repr__(self) -> str:
        return (f"<{self.attempt.who}, {self.attempt.task}: {self.dice.total} against "
                f"{self.block.who}'s {self.block.successes}: "
                f"{'through' if self.succeeded else 'stopped'}>")

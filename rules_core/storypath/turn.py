"""A character's turn: one simple action, reflexive actions, and the round's one Move
(Storypath, "Action-Adventure", "Actions" and "Movement").

- A turn has **one simple action**: a task that takes the character's focus and usually a
  roll. Two things at once are one simple action, a mixed action.
- **Reflexive actions** need no roll (drawing a weapon, dropping prone); a character takes
  as many as is reasonable. Trivial things (a one-liner) happen any time.
- **Move** (one range band) is reflexive, once per round. **Standing up** is reflexive too
  but takes the round's movement. Rising while an engaged opponent threatens it is a mixed
  action with a Complication 1 (an Injury unless bought off).
- On **difficult terrain** the Move is a roll, and so the simple action; other movement
  actions are one Difficulty harder, a threatened rise included (Difficulty 0 + 1; our
  reading: the source lists "Rise from Prone" among the movement actions), and so is the
  roll to cross dangerous terrain (Difficulty 0 + 1; our reading: the source is silent).
- Only an opponent **engaging** the character can threaten the rise: with nobody at close
  range, getting up is the reflexive stand.
- A **barrier** nothing presses (a garden fence on a quiet day) is no challenge: no roll.
- A **Rush** is a simple action, also when nobody resists it and so nothing is rolled. It
  is a charge: not from the ground, and not at an opponent already engaged.
- A **Withdraw** that must first Disengage is one simple action: the contested Disengage,
  then the Withdraw roll (our reading of "first disengage, and then" roll).

Every method returns the result of the move (a roll, a contest, or an action with no roll)
and records it ([`TurnRecord`][rules_core.storypath.turn_record.TurnRecord]); a move the
turn has no room for is a [`TurnError`][rules_core.storypath.TurnError].
"""

from __future__ import annotations

from typing import overload

from rules_core.dice import DiceSource
from rules_core.storypath.action import Action
from rules_core.storypath.character import Character
from rules_core.storypath.contested import Contested
from rules_core.storypath.cover import DEFENSIVE_STUNT, Cover
from rules_core.storypath.errors import TurnError
from rules_core.storypath.mixed_actions import MixedResult, mixed
from rules_core.storypath.movement import (
    DIFFICULT,
    difficult_move,
    disengaging,
    movement,
    rushing,
)
from rules_core.storypath.reflexive import Done, Reflexive, Unrolled
from rules_core.storypath.result import ActionResult
from rules_core.storypath.turn_record import SIMPLE, TurnRecord

RISE_INJURY = "an Injury"
"""What rising while threatened risks (the Complication 1 of the mixed action)."""


class Turn(TurnRecord):
    """``character``'s turn on ``terrain`` (``"open"`` or ``"difficult"``); ``engaged``
    names the opponents fighting them at close range, ``prone`` whether they start it on
    the ground.

    Examples:
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Dexterity": 3, "Might": 2}, {"Athletics": 3})
        >>> turn = Turn(ana)
        >>> turn.move()
        <Ana, Move (reflexive): one range band>
        >>> turn.move()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.storypath.errors.TurnError: Ana has already used the round's movement ...
    """

    def move(self, *, dice: DiceSource | None = None, engaging: str = "") -> Done:
        """Move one range band: reflexive, once a round; on difficult terrain a roll
        (Athletics + Dexterity, ``dice``) that takes the simple action. ``engaging`` names
        an opponent the move brings into close range (a fight begins)."""
        self._check_movement("Move")
        if self.prone:
            raise TurnError(f"{self.who} is prone: standing up takes the round's movement, so "
                            "there is no Move left this round")
        if self.engaged:
            raise TurnError(f"{self.who} is engaged by {', '.join(self.engaged)}: disengage "
                            "first")
        if self.terrain == DIFFICULT:
            if dice is None:
                raise TurnError("on difficult terrain the Move is a roll: pass dice=")
            self._check_simple("Move (difficult terrain)")
            done: Done = difficult_move(self.character).roll(dice)
            self.moved = "Move"
            self._record(SIMPLE, "Move (difficult terrain)", done)
        else:
            if dice is not None:
                raise TurnError("on open ground the Move is reflexive: no dice are rolled")
            self.moved = "Move"
            done = self.reflexive("Move", "one range band" + (
                f", into close range of {engaging}" if engaging else ""))
        if engaging and (isinstance(done, Reflexive) or done.succeeded):
            self.engaged.append(engaging)
        return done

    def drop_prone(self) -> Reflexive:
        """Drop prone: reflexive."""
        self.prone = True
        return self.reflexive("Drop prone", "on the ground")

    def stand_up(self) -> Reflexive:
        """Stand up: reflexive, but it takes the round's movement (no Move this round). With
        no roll there is no Difficulty for difficult terrain to raise."""
        self._check_prone()
        self._check_movement("Stand up")
        self.prone, self.moved = False, "Stand up"
        return self.reflexive("Stand up", "it takes the round's movement")

    def rise(self, other: Action, *, dice: DiceSource, attribute: str = "Dexterity"
             ) -> MixedResult:
        """Rise while an engaged opponent threatens it: a mixed action of rising (Athletics +
        ``attribute``, Difficulty 0, +1 on difficult terrain; Complication 1: an Injury
        unless bought off) and ``other``. It takes the simple action and the round's
        movement. Only an opponent engaging the character at close range can threaten the
        rise: with nobody engaging, getting up is ``stand_up``, reflexive and unrolled. A
        rise that fails (on difficult terrain, where it needs a success) leaves the
        character on the ground."""
        self._check_prone()
        if not self.engaged:
            raise TurnError(f"nobody engages {self.who} at close range, so nobody can "
                            "threaten the rise: standing up is reflexive, with no roll")
        self._check_movement("Rise")
        self._check_simple("Rise (mixed action)")
        rising = movement(self.character, "Rise", attribute, difficulty=0,
                          terrain=self.terrain).complicated(1, RISE_INJURY)
        done = mixed(rising, other, dice=dice)
        self.prone, self.moved = not done.each_succeeded[0], "Rise"
        self._record(SIMPLE, "Rise (mixed action)", done)
        return done

    @overload
    def barrier(self, difficulty: None = None, *, dice: None = None,
                attribute: str = "Might") -> Reflexive: ...

    @overload
    def barrier(self, difficulty: int, *, dice: DiceSource,
                attribute: str = "Might") -> ActionResult: ...

    def barrier(self, difficulty: int | None = None, *, dice: DiceSource | None = None,
                attribute: str = "Might") -> ActionResult | Reflexive:
        """Get past a barrier under pressure: Athletics + ``attribute`` against the
        Storyguide's ``difficulty`` (+1 on difficult terrain), a simple action. With no
        ``difficulty`` nothing presses (a garden fence on a quiet day): the barrier is no
        challenge, so there is no roll, and getting over it is part of moving unimpeded,
        reflexive (Scion 2nd Edition, "Barriers" and "Actions")."""
        if difficulty is None:
            if dice is not None:
                raise TurnError("a barrier the Storyguide gives no Difficulty is no "
                                "challenge: nothing is rolled (give the Difficulty when the "
                                "pressure is on)")
            return self.reflexive("Barrier", "nothing presses, so no roll: over it")
        if dice is None:
            raise TurnError(f"a barrier under pressure (Difficulty {difficulty}) is a roll: "
                            "pass dice=")
        return self._roll(movement(self.character, "Barrier", attribute, difficulty=difficulty,
                                   terrain=self.terrain), dice)

    def utilize_cover(self, cover: Cover, *, dice: DiceSource | None = None,
                      stunt: ActionResult | None = None) -> Done:
        """Get behind ``cover`` under fire: Athletics + Dexterity (``dice``; +1 Difficulty
        on difficult terrain), a simple action; on a success the character is behind it.
        Or a Defensive Stunt: ``stunt`` is this character's roll that paid for one
        (``action.with_stunt("Defensive Stunt", cost)``, at the cost the combat rules
        set); it puts them behind the cover with no roll and no action of its own."""
        if stunt is not None:
            return self._cover_by_stunt(cover, stunt, dice)
        if dice is None:
            raise TurnError("getting behind cover takes a roll (dice=) or a Defensive Stunt "
                            "paid on another roll (stunt=)")
        done = self._roll(movement(self.character, f"Utilize Cover ({cover.name})",
                                   terrain=self.terrain), dice)
        if done.succeeded:
            cover.shelter(self.who)
        return done

    def disengage(self, opponent: Character, *, dice: DiceSource | None = None,
                  defence: DiceSource | None = None, attribute: str = "Dexterity",
                  relents: bool = False) -> Done:
        """Pull one range band away from ``opponent``. Reflexive if they relent (and an
        Extra never stops it); otherwise a simple action, contested (Athletics +
        ``attribute`` against Close Combat + Might), ties to the one disengaging. It may
        come before or after the Move; a failed one leaves the two engaged."""
        self._check_engaged(opponent.name)
        if relents or opponent.extra:
            self.engaged.remove(opponent.name)
            why = "an Extra never stops it" if opponent.extra else f"{opponent.name} relents"
            return self.reflexive("Disengage", f"{why}: one range band away")
        self._check_simple("Disengage")
        done = disengaging(self.character, opponent, _given(dice, "dice"),
                           _given(defence, "defence"), attribute=attribute,
                           terrain=self.terrain)
        if done.succeeded:
            self.engaged.remove(opponent.name)
        return self._record(SIMPLE, "Disengage", done)

    def rush(self, opponent: Character, *, dice: DiceSource | None = None,
             defence: DiceSource | None = None, attribute: str = "Dexterity",
             resisting: str = "Dexterity", resists: bool = True) -> Done:
        """Charge one range band to ``opponent``: a simple action, which may follow the Move.
        If they resist, contested (Athletics + ``attribute`` against Athletics +
        ``resisting``), ties to the one rushing; if not, no roll, but still the simple
        action. On a success the two are engaged. A Rush is a charge: not from the ground
        (stand up first, which leaves the simple action for it), and not at an opponent
        already engaged at close range, with no distance left to close."""
        if self.prone:
            raise TurnError(f"{self.who} is prone: a Rush is a charge, made on one's feet; "
                            "stand up first (reflexive), and the Rush can follow")
        if opponent.name in self.engaged:
            raise TurnError(f"{self.who} is already engaged with {opponent.name} at close "
                            "range: there is no distance left for a Rush to close")
        self._check_simple("Rush")
        if not resists:
            done: Unrolled | Contested = Unrolled(self.who, "Rush",
                                                  f"{opponent.name} lets them close in")
        else:
            done = rushing(self.character, opponent, _given(dice, "dice"),
                           _given(defence, "defence"), attribute=attribute,
                           resisting=resisting, terrain=self.terrain)
        if done.succeeded:
            self.engaged.append(opponent.name)
        return self._record(SIMPLE, "Rush", done)

    def withdraw(self, *, dice: DiceSource, attribute: str = "Dexterity",
                 pursuer: Character | None = None, defence: DiceSource | None = None) -> Done:
        """Run: once disengaged, Athletics + ``attribute`` to cross a range band (+1
        Difficulty on difficult terrain). If ``pursuer`` gives chase, it is contested as
        more disengaging (ties to the one withdrawing; an Extra cannot stop it, so the roll
        is not contested). A simple action; after a contested Disengage this turn it is
        the same action going on."""
        if self.engaged:
            raise TurnError(f"{self.who} is still engaged by {', '.join(self.engaged)}: "
                            "disengage first (reflexively if they relent)")
        if pursuer is None or pursuer.extra:
            action = movement(self.character, "Withdraw", attribute, terrain=self.terrain)
            self._check_simple("Withdraw", after="Disengage")
            return self._record(SIMPLE, "Withdraw", action.roll(dice), after="Disengage")
        self._check_simple("Withdraw", after="Disengage")
        done = disengaging(self.character, pursuer, dice, _given(defence, "defence"),
                           attribute=attribute, terrain=self.terrain, task="Withdraw")
        return self._record(SIMPLE, "Withdraw", done, after="Disengage")

    def cross_dangerous(self, rating: int, what: str, *, dice: DiceSource | None = None,
                        attribute: str = "Dexterity") -> Done:
        """Cross dangerous terrain, which brings a Complication of ``rating`` (``what``
        happens). With ``dice``, an Athletics + ``attribute`` roll (a simple action) whose
        threshold successes can buy it off; without, it simply happens. On difficult
        terrain the roll is one of the other movement actions, so its Difficulty goes from 0
        to 1: the first success keeps the footing, only the rest buy the Complication off
        (our reading: the source does not say)."""
        if dice is None:
            return self.reflexive(f"Cross {what}",
                                  f"Complication {rating} happens: {what}")
        crossing = movement(self.character, f"Cross {what}", attribute, difficulty=0,
                            terrain=self.terrain)
        return self._roll(crossing.complicated(rating, what), dice)

    def copy(self) -> Turn:
        """An independent copy (for trying a move)."""
        twin = Turn(self.character, terrain=self.terrain, engaged=self.engaged,
                    prone=self.prone)
        twin.log, twin.moved = list(self.log), self.moved
        return twin

    def _roll(self, action: Action, dice: DiceSource) -> ActionResult:
        self._check_simple(action.task)
        done = action.roll(dice)
        self._record(SIMPLE, action.task, done)
        return done

    def _cover_by_stunt(self, cover: Cover, stunt: ActionResult,
                        dice: DiceSource | None) -> Reflexive:
        if dice is not None:
            raise TurnError("a Defensive Stunt takes the character into cover with no roll "
                            "of its own: pass stunt= or dice=, not both")
        if stunt.who != self.who:
            raise TurnError(f"the stunt was paid on {stunt.who}'s roll, not {self.who}'s")
        if not any(s.name == DEFENSIVE_STUNT for s in stunt.stunts):
            raise TurnError(f"{stunt.action.task} paid for no {DEFENSIVE_STUNT}: add it with "
                            f"with_stunt({DEFENSIVE_STUNT!r}, cost) and roll enough threshold "
                            "successes, or roll Utilize Cover (dice=)")
        cover.shelter(self.who)
        return self.reflexive(f"Utilize Cover ({cover.name})",
                              f"a {DEFENSIVE_STUNT} on {stunt.action.task}: no roll of its own")


def _given(dice: DiceSource | None, name: str) -> DiceSource:
    if dice is None:
        raise TurnError(f"this move is contested: pass {name}=")
    return dice

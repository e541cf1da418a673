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
  actions are one Difficulty harder.

Every method returns the result of the move (a roll, a contest, or a reflexive action) and
records it; a move the turn has no room for is a [`TurnError`][rules_core.storypath.TurnError].
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.dice import DiceSource
from rules_core.explain import Explanation, TableView
from rules_core.storypath.action import Action
from rules_core.storypath.character import Character
from rules_core.storypath.contested import Contested
from rules_core.storypath.cover import Cover
from rules_core.storypath.errors import TurnError
from rules_core.storypath.mixed_actions import MixedResult, mixed
from rules_core.storypath.movement import (
    DIFFICULT,
    OPEN,
    check_terrain,
    difficult_move,
    disengaging,
    movement,
    rushing,
)
from rules_core.storypath.reflexive import Done, Reflexive, outcome_words, short_words
from rules_core.storypath.result import ActionResult

SIMPLE = "simple"
"""An action that takes the turn's focus (one a turn)."""

REFLEXIVE = "reflexive"
"""An action that needs no roll and takes no focus."""

RISE_INJURY = "an Injury"
"""What rising while threatened risks (the Complication 1 of the mixed action)."""


class Turn:
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

    def __init__(self, character: Character, *, terrain: str = OPEN,
                 engaged: Iterable[str] = (), prone: bool = False) -> None:
        self.character = character
        self.terrain = check_terrain(terrain)
        self.engaged = list(engaged)
        self.prone = prone
        self.log: list[tuple[str, str, Done]] = []
        self.moved = ""

    @property
    def who(self) -> str:
        """Whose turn it is."""
        return self.character.name

    @property
    def simple_used(self) -> str:
        """The simple action taken this turn ("" if none yet)."""
        return next((what for kind, what, _ in self.log if kind == SIMPLE), "")

    # -- recording ----------------------------------------------------------------------

    def simple(self, done: ActionResult | MixedResult | Contested) -> Done:
        """Record a simple action rolled elsewhere (an attack, a mixed action)."""
        what = done.action.task if isinstance(done, ActionResult) else (
            done.task if isinstance(done, Contested) else "mixed action")
        return self._record(SIMPLE, what, done)

    def reflexive(self, what: str, note: str = "") -> Reflexive:
        """Record a reflexive action (drawing a weapon): no roll."""
        done = Reflexive(self.who, what, note)
        self._record(REFLEXIVE, what, done)
        return done

    # -- moving -------------------------------------------------------------------------

    def move(self, dice: DiceSource | None = None, *, engaging: str = "") -> Done:
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
        """Stand up: reflexive, but it takes the round's movement (no Move this round)."""
        self._check_prone()
        self._check_movement("Stand up")
        self.prone, self.moved = False, "Stand up"
        return self.reflexive("Stand up", "it takes the round's movement")

    def rise(self, other: Action, *, dice: DiceSource, attribute: str = "Dexterity"
             ) -> MixedResult:
        """Rise while an engaged opponent threatens it: a mixed action of rising (Athletics +
        ``attribute``, Difficulty 0, Complication 1: an Injury unless bought off) and
        ``other``. It takes the simple action and the round's movement."""
        self._check_prone()
        self._check_movement("Rise")
        self._check_simple("Rise (mixed action)")
        rising = movement(self.character, "Rise", attribute, difficulty=0).complicated(
            1, RISE_INJURY)
        done = mixed(rising, other, dice=dice)
        self.prone, self.moved = False, "Rise"
        self._record(SIMPLE, "Rise (mixed action)", done)
        return done

    def barrier(self, difficulty: int, *, dice: DiceSource, attribute: str = "Might"
                ) -> ActionResult:
        """Get past a barrier under pressure: Athletics + ``attribute`` against the
        Storyguide's ``difficulty`` (+1 on difficult terrain). A simple action."""
        return self._roll(movement(self.character, "Barrier", attribute, difficulty=difficulty,
                                   terrain=self.terrain), dice)

    def utilize_cover(self, cover: Cover, *, dice: DiceSource) -> ActionResult:
        """Get behind ``cover`` under fire: Athletics + Dexterity (+1 Difficulty on
        difficult terrain). A simple action; on a success the character is behind it."""
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
        follow the Move."""
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
        ``resisting``), ties to the one rushing. On a success the two are engaged."""
        self._check_simple("Rush")
        if not resists:
            done: Done = Reflexive(self.who, "Rush", f"{opponent.name} lets them close in")
        else:
            done = rushing(self.character, opponent, _given(dice, "dice"),
                           _given(defence, "defence"), attribute=attribute,
                           resisting=resisting, terrain=self.terrain)
        if not isinstance(done, Contested) or done.succeeded:
            self.engaged.append(opponent.name)
        return self._record(SIMPLE, "Rush", done)

    def withdraw(self, *, dice: DiceSource, attribute: str = "Dexterity",
                 pursuer: Character | None = None, defence: DiceSource | None = None) -> Done:
        """Run: once disengaged, Athletics + ``attribute`` to cross a range band (+1
        Difficulty on difficult terrain). If ``pursuer`` gives chase, it is contested as
        more disengaging (ties to the one withdrawing; an Extra cannot stop it, so the roll
        is not contested). A simple action."""
        if self.engaged:
            raise TurnError(f"{self.who} is still engaged by {', '.join(self.engaged)}: "
                            "disengage first (reflexively if they relent)")
        if pursuer is None or pursuer.extra:
            return self._roll(movement(self.character, "Withdraw", attribute,
                                       terrain=self.terrain), dice)
        self._check_simple("Withdraw")
        done = disengaging(self.character, pursuer, dice, _given(defence, "defence"),
                           attribute=attribute, terrain=self.terrain, task="Withdraw")
        return self._record(SIMPLE, "Withdraw", done)

    def cross_dangerous(self, rating: int, what: str, *, dice: DiceSource | None = None,
                        attribute: str = "Dexterity") -> Done:
        """Cross dangerous terrain, which brings a Complication of ``rating`` (``what``
        happens). With ``dice``, an Athletics + ``attribute`` roll (a simple action) whose
        threshold successes can buy it off; without, it simply happens."""
        if dice is None:
            return self.reflexive(f"Cross {what}",
                                  f"Complication {rating} happens: {what}")
        crossing = movement(self.character, f"Cross {what}", attribute, difficulty=0)
        return self._roll(crossing.complicated(rating, what), dice)

    # -- the record -----------------------------------------------------------------------

    def table(self) -> TableView:
        """What the character did this turn, in order."""
        rows = tuple((str(n), what, kind, outcome_words(done))
                     for n, (kind, what, done) in enumerate(self.log, 1))
        return TableView(f"{self.who}'s turn", ("#", "Action", "Kind", "Outcome"), rows)

    def explain(self) -> Explanation:
        """The turn so far: what was done, what is left."""
        simple = (f"Simple action: {self.simple_used}." if self.simple_used
                  else "Simple action: not taken yet.")
        moved = f"Movement: {self.moved}." if self.moved else "Movement: not used yet."
        return Explanation(title=f"{self.who}'s turn", lines=(simple, moved),
                           tables=(self.table(),))

    def copy(self) -> Turn:
        """An independent copy (for trying a move)."""
        twin = Turn(self.character, terrain=self.terrain, engaged=self.engaged,
                    prone=self.prone)
        twin.log, twin.moved = list(self.log), self.moved
        return twin

    def __repr__(self) -> str:
        done = "; ".join(f"{what} ({kind}{short_words(done)})" for kind, what, done in self.log)
        return f"<{self.who}'s turn: {done or 'nothing yet'}>"

    # -- checks -------------------------------------------------------------------------

    def _roll(self, action: Action, dice: DiceSource) -> ActionResult:
        self._check_simple(action.task)
        done = action.roll(dice)
        self._record(SIMPLE, action.task, done)
        return done

    def _record(self, kind: str, what: str, done: Done) -> Done:
        if kind == SIMPLE:
            self._check_simple(what)
        self.log.append((kind, what, done))
        return done

    def _check_simple(self, what: str) -> None:
        if self.simple_used:
            raise TurnError(f"{self.who} has already taken this turn's simple action "
                            f"({self.simple_used}), so not {what}: a turn has one; to do two "
                            "things at once, make them one mixed action")

    def _check_movement(self, what: str) -> None:
        if self.moved:
            raise TurnError(f"{self.who} has already used the round's movement "
                            f"({self.moved}), so not {what}")

    def _check_prone(self) -> None:
        if not self.prone:
            raise TurnError(f"{self.who} is not prone: there is nothing to get up from")

    def _check_engaged(self, name: str) -> None:
        if name not in self.engaged:
            raise TurnError(f"{self.who} is not engaged by {name}" + (
                f" (only by {', '.join(self.engaged)})" if self.engaged else ""))


def _given(dice: DiceSource | None, name: str) -> DiceSource:
    if dice is None:
        raise TurnError(f"this move is contested: pass {name}=")
    return dice

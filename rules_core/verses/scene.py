"""A 'Verses scene: rounds, each actor's Action Dice budget, and action chaining.

Rules ('Verses Core v1, "Action Chaining"):

- when a chainable action succeeds, each of its dice showing a six joins the pool of the
  next action of the same type, if that action follows immediately;
- the chain limit for an action type is the number of dice allocated to the capability
  that enables chaining it, and the first action of a chain counts towards it;
- each chained action after the first costs at least 1 AD;
- actions are not chained across rounds, nor from one action type to another.

AD ('Verses Core v1, "Fundamentals", "Tests"): each actor has a budget of Action Dice for
the round; AD spent on an action join its pool and are gone until the next round.
Sixes the defence cancelled do not chain (only surviving sixes are "from the successful
roll"); a failed action ends its chain.
"""

from __future__ import annotations

import copy

from rules_core.dice import DiceSource, rolling_for
from rules_core.errors import RulesError
from rules_core.explain import Explanation, TableView
from rules_core.outcome import Outcome
from rules_core.pool import Pool
from rules_core.verses.actions import ActionKind
from rules_core.verses.contest import SUCCESSES, PoolRoll, resolve
from rules_core.verses.errors import ActionDiceError, ChainError, ChainLimitError
from rules_core.verses.results import ActionResult
from rules_core.verses.skills import Actor
from rules_core.words import count, is_whole


class Scene:
    """The actors in a fight, the round it is, their AD left and every action taken.

    Every actor who acts or defends must be in the scene. An action that starts a chain (or
    stands alone) is [`act`][rules_core.verses.Scene.act]; the next action of the same type,
    taking the surviving sixes, is [`chain`][rules_core.verses.Scene.chain]. Both return an
    [`ActionResult`][rules_core.verses.ActionResult] and log it;
    [`ledger`][rules_core.verses.Scene.ledger] shows the round so far.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.verses import PUNCH, Actor
        >>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2},
        ...             action_dice=6)
        >>> scene = Scene(tam)
        >>> scene.act(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 4 2 1"))
        <Punch by Tam: 6d6 [6 6 5 4 2 1], 3 net, success>
        >>> scene.chain(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 5 5 4 3 1"))
        <Punch by Tam: 8d6 [6 6 5 5 5 4 3 1], 5 net, success>
        >>> scene.ad_left(tam)
        4
    """

    def __init__(self, *actors: Actor, round: int = 1) -> None:
        if not actors:
            raise RulesError("a scene needs at least one actor")
        self.round = round
        self._actors = {actor.name: actor for actor in actors}
        self._ad_left = {actor.name: actor.action_dice for actor in actors}
        self.log: list[ActionResult] = []

    def ad_left(self, actor: Actor) -> int:
        """AD the actor can still spend this round."""
        return self._ad_left[self._known(actor).name]

    def act(self, actor: Actor, kind: ActionKind, *, ad: int = 0, dice: DiceSource,
            defender: Actor | None = None, defence: DiceSource | None = None,
            defender_ad: int = 0) -> ActionResult:
        """Take an action that starts a new chain (or stands alone).

        ``ad`` Action Dice join the pool; ``dice`` rolls it. A ``defender`` contests the
        action with their ``defence`` dice (the skill ``kind.resisted_by``, plus
        ``defender_ad``), each of their successes cancelling one of the actor's, the highest
        first.
        """
        self._check_spend(actor, ad)
        return self._resolve(actor, kind, 1, 0, ad, dice, defender, defence, defender_ad)

    def chain(self, actor: Actor, kind: ActionKind, *, ad: int, dice: DiceSource,
              defender: Actor | None = None, defence: DiceSource | None = None,
              defender_ad: int = 0) -> ActionResult:
        """Chain an action to the actor's previous one, adding its surviving sixes.

        The previous action must be the actor's, the last one taken in the scene, this
        round, of the same action type, and a success; the chain must stay within the
        actor's chain limit, and a chained action costs at least 1 AD. Otherwise a
        [`ChainError`][rules_core.verses.ChainError] (or
        [`ActionDiceError`][rules_core.verses.ActionDiceError]) says which rule refuses it.
        """
        previous = self._chainable_previous(actor, kind)
        limit = actor.allocated(kind.chain_skill)
        if previous.link + 1 > limit:
            raise ChainLimitError(
                f"{actor.name}'s chain limit for {kind.action_type}s is {limit} (the dice in "
                f"{kind.chain_skill}) and the {kind.name} would be action {previous.link + 1} "
                "of the chain: start a new action with act() instead"
            )
        if ad < 1:
            raise ActionDiceError(
                f"each chained action costs at least 1 AD, and {actor.name} spends "
                f"{ad or 'none'}"
            )
        self._check_spend(actor, ad)
        return self._resolve(actor, kind, previous.link + 1, previous.sixes_to_chain, ad,
                             dice, defender, defence, defender_ad)

    def next_round(self) -> None:
        """Start the next round: every actor's AD come back; no chain carries over."""
        self.round += 1
        self._ad_left = {name: a.action_dice for name, a in self._actors.items()}

    def copy(self) -> Scene:
        """An independent copy, to try a move without changing this scene."""
        twin = copy.copy(self)
        twin._ad_left = dict(self._ad_left)
        twin.log = list(self.log)
        return twin

    def ledger(self) -> Ledger:
        """Every action so far, with pools and AD, round by round."""
        return Ledger(tuple(self.log), {n: a.action_dice for n, a in self._actors.items()})

    def _known(self, actor: Actor) -> Actor:
        if self._actors.get(actor.name) != actor:
            raise RulesError(f"{actor.name} is not in this scene: add them to Scene(...)")
        return actor

    def _check_spend(self, actor: Actor, ad: int) -> None:
        left = self.ad_left(actor)
        if not is_whole(ad):
            raise ActionDiceError(f"AD spent must be a whole number, 0 or more, not {ad!r}")
        if ad > left:
            raise ActionDiceError(
                f"{actor.name} has {left or 'no'} AD left in round {self.round} and cannot "
                f"spend {ad}"
            )

    def _chainable_previous(self, actor: Actor, kind: ActionKind) -> ActionResult:
        own = [r for r in self.log if r.actor == self._known(actor).name]
        if not own:
            raise ChainError(f"{actor.name} has not acted yet: start with act(), then chain")
        previous = own[-1]
        if previous.round != self.round:
            raise ChainError(
                f"actions cannot be chained across rounds: {actor.name}'s {previous.kind.name} "
                f"was in round {previous.round} and this is round {self.round}"
            )
        if self.log[-1] is not previous:
            raise ChainError(
                f"{self.log[-1].actor}'s {self.log[-1].kind.name} came after {actor.name}'s "
                f"{previous.kind.name}: a chained action must follow immediately"
            )
        if previous.kind.action_type != kind.action_type:
            raise ChainError(
                f"a {kind.name} ({kind.action_type}) cannot chain from a {previous.kind.name} "
                f"({previous.kind.action_type}): chains stay within one action type"
            )
        if not (kind.chainable and previous.kind.chainable):
            raise ChainError(f"a {kind.name} cannot be chained to a {previous.kind.name}")
        if not previous.succeeded:
            raise ChainError(
                f"{actor.name}'s {previous.kind.name} failed, so its chain ends: "
                "start a new action with act()"
            )
        return previous

    def _resolve(self, actor: Actor, kind: ActionKind, link: int, chained: int, ad: int,
                 dice: DiceSource, defender: Actor | None, defence: DiceSource | None,
                 defender_ad: int) -> ActionResult:
        pool = pool_for(actor, kind, ad, chained)
        roll = pool.procedure(reading=SUCCESSES).roll(dice)
        defence_roll = self._defend(kind, defender, defence, defender_ad)
        resolution = resolve(roll, kind.target, defence_roll.successes if defence_roll else 0)
        self._ad_left[actor.name] -= ad
        limit = actor.allocated(kind.chain_skill)
        sixes, note = self._sixes_on(actor, kind, link, limit, resolution.surviving_sixes,
                                     resolution.succeeded)
        result = ActionResult(actor.name, kind, self.round, link, limit, pool, resolution,
                              defence_roll, ad, self._ad_left[actor.name], actor.action_dice,
                              sixes, note)
        self.log.append(result)
        return result

    def _defend(self, kind: ActionKind, defender: Actor | None, defence: DiceSource | None,
                defender_ad: int) -> PoolRoll | None:
        if defender is None:
            if defence is not None:
                raise RulesError("defence dice were given but no defender=: say who contests")
            return None
        if defence is None:
            raise RulesError(f"{defender.name} contests: give their dice as defence=...")
        self._check_spend(defender, defender_ad)
        pool = defender.skill_dice(kind.resisted_by).plus(defender_ad, "AD")
        with rolling_for(f"{defender.name}'s defence"):
            roll = pool.procedure(reading=SUCCESSES).roll(defence)
        self._ad_left[defender.name] -= defender_ad
        return PoolRoll(defender.name, f"{defender.name} contests: {pool.breakdown()}", pool, roll)

    def _sixes_on(self, actor: Actor, kind: ActionKind, link: int, limit: int,
                  sixes: tuple[int, ...], succeeded: bool) -> tuple[int, str]:
        n = len(sixes)
        some = count(n, "six")
        if not succeeded:
            return 0, "The action failed, so the chain ends here."
        if not kind.chainable:
            return 0, f"A {kind.name} does not chain."
        if not n:
            return 0, "No sixes to chain."
        if link >= limit:
            return 0, (f"{some}, but the chain limit of {limit} is reached: "
                       f"{'it does' if n == 1 else 'they do'} not chain.")
        if self._ad_left[actor.name] < 1:
            return 0, f"{some}, but no AD are left to pay for a chained action."
        return n, f"{some} can join the next {kind.action_type} if it follows at once."


class Ledger:
    """The actions of a scene as a table: pools, rolls and the AD budget.

    Made by [`Scene.ledger`][rules_core.verses.Scene.ledger]; its ``repr`` is the table in
    plain text, its ``explain()`` the table a card draws.
    """

    def __init__(self, results: tuple[ActionResult, ...], ad_per_round: dict[str, int]):
        self.results = results
        self.ad_per_round = ad_per_round

    def rows(self) -> tuple[tuple[str, ...], ...]:
        """One row per action."""
        return tuple(
            (str(r.round), r.actor, r.kind.name, f"{r.link}/{r.chain_limit}",
             f"{r.pool.size}d{r.pool.sides}", str(r.net), str(Outcome.of(r.succeeded)),
             str(r.ad_spent), str(r.ad_left))
            for r in self.results
        )

    HEADER = ("Round", "Actor", "Action", "Link", "Pool", "Net", "Outcome", "AD spent", "AD left")
    """The table's columns."""

    def explain(self) -> Explanation:
        """The ledger as a table."""
        table = TableView("Actions and AD so far", self.HEADER, self.rows())
        return Explanation(title="Action ledger", tables=(table,))

    def __repr__(self) -> str:
        widths = [max(len(c) for c in col) for col in zip(self.HEADER, *self.rows(), strict=False)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip()
                 for row in (self.HEADER, *self.rows())]
        return "\n".join(lines)


def pool_for(actor: Actor, kind: ActionKind, ad: int = 0, chained: int = 0) -> Pool:
    """The pool an actor would roll for an action, without rolling it: the skill dice, ``ad``
    Action Dice and ``chained`` sixes from the action before.

    Examples:
        >>> from rules_core.verses import TAKEDOWN, Actor
        >>> tam = Actor("Tam", attributes={"PRW": 3},
        ...             skills={"Unarmed Combat": 2, "Grappling": 3})
        >>> pool_for(tam, TAKEDOWN, ad=1, chained=1)
        10d6: 3 Grappling + 2 Unarmed Combat + 3 PRW + 1 AD + 1 chained
    """
    return actor.skill_dice(kind.skill).plus(ad, "AD").plus(chained, "chained")

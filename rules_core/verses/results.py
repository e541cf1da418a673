"""What one 'Verses action did, and how it explains itself."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.contest import Contest, Side
from rules_core.dice import format_faces
from rules_core.explain import Explanation, RollView
from rules_core.outcome import Outcome
from rules_core.pool import Pool
from rules_core.question import AtLeast, Question, naming
from rules_core.verses.actions import ActionKind
from rules_core.verses.contest import SIX, CancelSuccesses, PoolRoll, Resolution
from rules_core.words import amount, verb_s


@dataclass(frozen=True)
class ActionResult:
    """One action: its pool, its roll, the defence, the outcome and what chains on.

    [`Scene.act`][rules_core.verses.Scene.act] and
    [`Scene.chain`][rules_core.verses.Scene.chain] return one. ``link`` is the action's place
    in its chain (1 for an action that starts one) and ``chain_limit`` the actor's limit for
    the action type; ``sixes_to_chain`` is how many dice join the next action of the same
    type (0 when the chain cannot go on, with the reason in ``chain_note``); ``ad_spent``
    and ``ad_left`` are the actor's AD for this action and for the rest of the round.

    [`sixes`][rules_core.verses.ActionResult.sixes] counts every six rolled;
    ``sixes_to_chain`` only those that carry on: not the sixes the defence cancelled, and
    none past the chain limit, after a failure, or with no AD left for another link.

    Examples:
        Tam's Clinch rolls two sixes; the guard's one success cancels one of them, so one
        six chains:

        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.verses import CLINCH, Actor, Scene
        >>> tam = Actor("Tam", attributes={"PRW": 3},
        ...             skills={"Unarmed Combat": 2, "Grappling": 3}, action_dice=6)
        >>> guard = Actor("Guard", attributes={"PRW": 2})
        >>> clinch = Scene(tam, guard).act(tam, CLINCH, ad=2,
        ...     dice=ScriptedDice("6 6 5 4 4 3 3 2 2 1"),
        ...     defender=guard, defence=ScriptedDice("5 2"))
        >>> clinch.successes, clinch.net, clinch.sixes, clinch.sixes_to_chain
        (3, 2, 2, 1)
        >>> clinch.chain_note
        '1 six can join the next grapple if it follows at once.'
    """

    actor: str
    kind: ActionKind
    round: int
    link: int
    chain_limit: int
    pool: Pool
    resolution: Resolution
    defence: PoolRoll | None
    ad_spent: int
    ad_left: int
    ad_per_round: int
    sixes_to_chain: int
    chain_note: str

    @property
    def size(self) -> int:
        """How many dice the action rolled (its pool's size, chained dice included)."""
        return self.pool.size

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled, in the order rolled."""
        return self.resolution.faces

    @property
    def successes(self) -> int:
        """Successes rolled, before the defence cancels any."""
        return len(self.resolution.successes)

    @property
    def net(self) -> int:
        """Successes left after the defence."""
        return self.resolution.net

    @property
    def succeeded(self) -> bool:
        """Whether the action succeeded."""
        return self.resolution.succeeded

    @property
    def margin(self) -> int:
        """Success Margin (0 on a failure)."""
        return self.resolution.margin

    @property
    def damage(self) -> int:
        """Damage dealt: the Success Margin of a damaging action that succeeded."""
        return self.margin if self.kind.damaging else 0

    @property
    def chained_dice(self) -> int:
        """Dice in the pool that came from the previous action's sixes."""
        return sum(t.dice for t in self.pool.terms if t.source == "chained")

    @property
    def sixes(self) -> int:
        """Sixes rolled (before the defence); the sixes that chain are ``sixes_to_chain``."""
        return sum(1 for face in self.faces if face == SIX)

    @property
    def roll(self) -> PoolRoll:
        """The actor's pool and dice, cancelled successes and chaining sixes marked."""
        return PoolRoll(self.actor, f"{self.actor} rolls {self.pool.size}d{self.pool.sides}",
                        self.pool, self.resolution.roll, chaining=bool(self.sixes_to_chain))

    @property
    def contest(self) -> Contest[PoolRoll] | None:
        """The contest with the defender, if someone contested the action."""
        if self.defence is None:
            return None
        return Contest(self.roll, self.defence, CancelSuccesses(self.kind.target), Side.OPPONENT)

    def odds(self) -> Question:
        """In a contest, the chance of winning it; alone, the chance of this Success Margin
        or better (this damage or more, for an attack), or, after a failure, of success.

        Alone, a roll succeeds with successes reaching the Success Target (and at least 1);
        its Success Margin is successes − target + 1, an attack's damage ('Verses Core,
        "Tests")."""
        contest = self.contest
        name = self.kind.name
        if contest is not None:
            return naming(contest.odds(), f"a successful {name}")
        procedure, target = self.roll.procedure, self.resolution.target
        if not self.succeeded:
            return AtLeast(procedure, max(target, 1), who=self.actor,
                           event=f"a successful {name} ({target}S)")
        won = (f"enough for {self.damage} damage" if self.kind.damaging else
               f"a successful {name} with a Success Margin of {self.margin} or more")
        return AtLeast(procedure, self.successes, who=self.actor, event=won, shown=True)

    def explain(self) -> Explanation:
        """The card view: pool, marked dice, outcome, chain and AD."""
        return Explanation(
            title=f"{self.actor}: {self.kind.name} ({self._place()})",
            pool=self.pool.breakdown(),
            rolls=self._rolls(),
            lines=(self._tally(), self._verdict(), self.chain_note, self._ad_line()),
            outcome=Outcome.of(self.succeeded),
            odds=(self.odds(),),
        )

    def __repr__(self) -> str:
        verdict = "success" if self.succeeded else "failure"
        return (
            f"<{self.kind.name} by {self.actor}: {self.pool.size}d{self.pool.sides} "
            f"[{format_faces(self.faces)}], {self.net} net, {verdict}>"
        )

    def __str__(self) -> str:
        return "\n".join([self.pool.breakdown(), *self.explain().lines])

    def _place(self) -> str:
        if self.link == 1:
            return f"{self.kind.action_type}, round {self.round}"
        return f"chained {self.kind.action_type}, link {self.link} of {self.chain_limit}"

    def _rolls(self) -> tuple[RollView, ...]:
        rolls = [self.roll.view()]
        if self.defence is not None:
            rolls.append(self.defence.view())
        return tuple(rolls)

    def _tally(self) -> str:
        res = self.resolution
        rolled = _count(self.successes, "success", [res.faces[i] for i in res.successes])
        if not self.successes:
            if self.defence is None:
                return f"No successes against a target of {res.target}."
            return (f"No successes, so {self.defence.who}'s dice have nothing to cancel, "
                    f"against a target of {res.target}.")
        if self.defence is None:
            return f"{rolled} against a target of {res.target}."
        if not self.defence.successes:
            return (f"{rolled} against a target of {res.target}; {self.defence.who} rolls no "
                    "successes to cancel any.")
        cancelled = sorted((res.faces[i] for i in res.cancelled), reverse=True)
        taken = _count(self.defence.successes, "success", [])
        return (
            f"{rolled}; {self.defence.who}'s {taken} "
            f"{verb_s(self.defence.successes, 'cancel')} "
            f"{'the highest ' + format_faces(cancelled) if cancelled else 'nothing'}, "
            f"leaving {_count(self.net, 'success', [res.faces[i] for i in res.surviving])} "
            f"against a target of {res.target}."
        )

    def _verdict(self) -> str:
        if not self.succeeded:
            return f"Failure: the {self.kind.name} does not come off."
        damage = f": {self.damage} damage" if self.kind.damaging else ""
        return f"Success, margin {self.margin}{damage}."

    def _ad_line(self) -> str:
        return f"AD: {self.ad_spent} spent, {self.ad_left} of {self.ad_per_round} left this round."


def _count(n: int, noun: str, faces: list[int]) -> str:
    words = amount(n, noun)
    return f"{words} ({format_faces(faces)})" if faces else words

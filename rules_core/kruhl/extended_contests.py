"""Extended contests (Kruhl 3e, "Extended Tasks", and its Kestrel example).

- **Race** (extended opposed task): the first side to the required number of successes
  wins. Each round both sides roll against each other (the round's winner scores), or, with
  ``dv``, each rolls against the DV and scores on a success.
- **Chase** (the Kestrel example): both roll each round, the fleeing side wins ties, and she
  gets away when she leads by ``lead`` successes. The text gives the pursuer no way to win;
  ``catch`` gives him one (he catches her when *he* leads by that much).

With random dice nothing guarantees an end, so both stop at ``max_rounds`` with a
[`ContestLimitError`][rules_core.kruhl.ContestLimitError].
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.errors import RulesError
from rules_core.explain import Explanation
from rules_core.kruhl.check import SkillCheck
from rules_core.kruhl.contest import Contest, unopposed, versus
from rules_core.kruhl.difficulties import Difficulty, difficulty
from rules_core.kruhl.errors import ContestLimitError
from rules_core.play import PlayLoop
from rules_core.question import NoOdds, Question, each, naming
from rules_core.words import count, verb_s, whole


@dataclass(frozen=True, repr=False)
class ScoredRound:
    """One round of an extended contest: the contests rolled and who scored."""

    number: int
    contests: tuple[Contest, ...]
    scorers: tuple[str, ...]

    def explain(self) -> Explanation:
        """The round's rolls and who scored."""
        rolls = tuple(view for c in self.contests for view in (c.roll.view(), c.target.view()))
        lines = tuple(f"{c.who}: {c.verdict()}" for c in self.contests)
        return Explanation(title=f"Round {self.number}", rolls=rolls,
                           lines=(*lines, self._scored() + "."),
                           odds=tuple(scoring(c) for c in self.contests))

    def _scored(self) -> str:
        if not self.scorers:
            return "nobody scores"
        return f"{' and '.join(self.scorers)} {verb_s(len(self.scorers), 'score')}"

    def __repr__(self) -> str:
        against = "; ".join(
            f"{c.who} {c.roll.total} vs "
            f"{c.target.who if c.opposed else 'DV'} {c.target.total}" for c in self.contests)
        return f"Round {self.number}: {against}: {self._scored()}"


def scoring(contest: Contest) -> Question:
    """The chance ``contest``'s actor scores the round: wins it (head to head; a loss
    scores for the other side) or succeeds against the DV."""
    return naming(contest.odds(), "scoring the round")


class _ScoredContest(PlayLoop[ScoredRound]):
    """Two sides rolling round after round and scoring successes."""

    kind = "Extended contest"
    limit_error = ContestLimitError

    def __init__(self, first: SkillCheck, second: SkillCheck, max_rounds: int | None) -> None:
        if first.who == second.who:
            raise RulesError(f"{first.who} cannot contest against themself")
        super().__init__(max_rounds)
        self.first, self.second = first, second

    @property
    def rounds(self) -> list[ScoredRound]:
        """Every round played so far."""
        return self.log

    def score(self, who: str) -> int:
        """Rounds ``who`` has scored in."""
        return sum(1 for r in self.log if who in r.scorers)

    @property
    def winner(self) -> str | None:
        """Who has won, if anyone yet."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        """Whether someone has won."""
        return self.winner is not None

    def round(self, dice: DiceSource, other: DiceSource | None = None) -> ScoredRound:
        """Play one round: the first side rolls, then the second (from ``other`` or ``dice``)."""
        number = self.begin_round()
        contests, scorers = self._play(number, dice, other or dice)
        return self.record(ScoredRound(number, contests, scorers))

    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> ScoredRound:
        """One round (see ``round``)."""
        return self.round(dice, other)

    def over(self) -> str:
        """Why no round can be played: someone has won."""
        return f"the contest is over: {self.winner} won"

    def stalled(self) -> str:
        """Why the round limit stopped the contest (the score), and how to give it an end."""
        return f"{len(self.log)} rounds played with no winner ({self._tally()}): " \
            f"{self._limit_hint()}"

    def explain(self) -> Explanation:
        """One row per round, with the running score; the odds of each round, none for the
        whole (rounds repeat until someone is ahead)."""
        def row(n: int, played: ScoredRound) -> tuple[str, ...]:
            a = sum(1 for r in self.log[:n] if self.first.who in r.scorers)
            b = sum(1 for r in self.log[:n] if self.second.who in r.scorers)
            totals = " / ".join(f"{c.roll.total} vs {c.target.total}" for c in played.contests)
            return (str(played.number), totals, ", ".join(played.scorers) or "nobody",
                    f"{a}–{b}")

        header = ("Round", "Totals", "Scores", f"{self.first.who}–{self.second.who}")
        lines = (self._rule(), self._verdict())
        odds = tuple(each(scoring(c), "round") for r in self.log for c in r.contests)
        whole = (NoOdds(f"the {self.kind.lower()} as a whole",
                        "only the odds of each round are worked out"),) if odds else ()
        return Explanation(title=f"{self.kind}: {self.first.who} and {self.second.who}",
                           lines=lines, tables=(self.table("Rounds", header, row),),
                           odds=(*odds, *whole))

    def _tally(self) -> str:
        return (f"{self.first.who} {self.score(self.first.who)}, "
                f"{self.second.who} {self.score(self.second.who)}")

    def _verdict(self) -> str:
        return f"{self._tally()}: {self.winner} wins." if self.winner else f"{self._tally()}."

    def _head_to_head(self, dice: DiceSource, other: DiceSource,
                      ties_to: str) -> tuple[tuple[Contest, ...], tuple[str, ...]]:
        a, b = self.first.roll(dice), self.second.roll(other)
        actor, target = (a, b) if ties_to == self.first.who else (b, a)
        contest = versus(actor, target)
        return (contest,), (actor.who if contest.succeeded else target.who,)

    def _play(self, number: int, dice: DiceSource,
              other: DiceSource) -> tuple[tuple[Contest, ...], tuple[str, ...]]:
        raise NotImplementedError

    def _rule(self) -> str:
        raise NotImplementedError

    def _limit_hint(self) -> str:
        return "raise max_rounds"

    def __repr__(self) -> str:
        ending = f"{self.winner} wins" if self.winner else "under way"
        return f"<{self.kind}: {self._tally()} after {count(len(self.log), 'round')}, {ending}>"


class Race(_ScoredContest):
    """First to ``first_to`` successes wins (an extended opposed task).

    Without ``dv`` each round is head to head: both roll, the higher scores, ties go to
    ``ties_to`` (the first side unless named). With ``dv`` each side rolls against the GM's
    2d6 + DV (first side, GM, second side, GM) and scores on a success; if both reach the
    target in the same round, ``ties_to`` wins. Play it a ``round`` at a time (the first
    side's dice, then the second's) or ``play`` it out; ``score(who)`` and ``winner`` tell
    how it stands.
    """

    kind = "Race"

    def __init__(self, first: SkillCheck, second: SkillCheck, *, first_to: int,
                 dv: int | str | Difficulty | None = None, ties_to: str | None = None,
                 max_rounds: int | None = None) -> None:
        super().__init__(first, second, max_rounds)
        self.first_to = whole(first_to, "first_to", 1)
        self.difficulty = None if dv is None else difficulty(dv)
        self.ties_to = _side(ties_to or first.who, first, second)

    @property
    def winner(self) -> str | None:
        """Who reached ``first_to`` successes (``ties_to`` if both did at once), if anyone."""
        reached = [c.who for c in (self.first, self.second) if self.score(c.who) >= self.first_to]
        if len(reached) == 2:
            return self.ties_to
        return reached[0] if reached else None

    def _play(self, number: int, dice: DiceSource,
              other: DiceSource) -> tuple[tuple[Contest, ...], tuple[str, ...]]:
        if self.difficulty is None:
            return self._head_to_head(dice, other, self.ties_to)
        contests = (unopposed(self.first, self.difficulty, dice=dice),
                    unopposed(self.second, self.difficulty, dice=other))
        return contests, tuple(c.who for c in contests if c.succeeded)

    def _rule(self) -> str:
        how = "head to head" if self.difficulty is None else f"each against {self.difficulty}"
        return f"First to {self.first_to} successes, {how}; ties go to {self.ties_to}."


class Chase(_ScoredContest):
    """Kestrel's chase: both roll each round, the fleeing side wins ties, and she escapes
    with a lead of ``lead`` successes. ``catch``: the pursuer wins with a lead that big.

    ``running`` gives both rolls the running penalty die; the Kestrel example ("Extended
    Tasks") does not, though the "Move Action" rule read literally would.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.kruhl import Character
        >>> kestrel = Character("Kestrel", {"Agility": 3}, skills={"Athletics": "skilled"})
        >>> guard = Character("City guard", {"Agility": 2}, skills={"Athletics": "skilled"})
        >>> chase = Chase(kestrel.check("Athletics"), guard.check("Athletics"), lead=2)
        >>> chase.round(ScriptedDice("4 4"), ScriptedDice("3 3"))
        Round 1: Kestrel 11 vs City guard 8: Kestrel scores
        >>> chase.round(ScriptedDice("6 5"), ScriptedDice("1 2"))
        Round 2: Kestrel 14 vs City guard 5: Kestrel scores
        >>> chase.winner
        'Kestrel'
    """

    kind = "Chase"

    def __init__(self, fleeing: SkillCheck, pursuer: SkillCheck, *, lead: int,
                 catch: int | None = None, running: bool = False,
                 max_rounds: int | None = None) -> None:
        if running:
            fleeing, pursuer = fleeing.under("running"), pursuer.under("running")
        super().__init__(fleeing, pursuer, max_rounds)
        self.lead = whole(lead, "lead", 1)
        self.catch = None if catch is None else whole(catch, "catch", 1)

    @property
    def margin(self) -> int:
        """The fleeing side's successes minus the pursuer's."""
        return self.score(self.first.who) - self.score(self.second.who)

    @property
    def winner(self) -> str | None:
        """The fleeing side once she leads by ``lead``; the pursuer once he leads by
        ``catch``; else nobody yet."""
        if self.margin >= self.lead:
            return self.first.who
        if self.catch is not None and -self.margin >= self.catch:
            return self.second.who
        return None

    def _play(self, number: int, dice: DiceSource,
              other: DiceSource) -> tuple[tuple[Contest, ...], tuple[str, ...]]:
        return self._head_to_head(dice, other, self.first.who)

    def _rule(self) -> str:
        catch = (f"; {self.second.who} catches her with a lead of {self.catch}"
                 if self.catch is not None else f"; {self.second.who} has no way to win")
        return (f"{self.first.who} wins ties and gets away with a lead of {self.lead}"
                f"{catch}.")

    def _limit_hint(self) -> str:
        hint = "raise max_rounds"
        return hint + (" or give the pursuer a way to win with catch=" if self.catch is None
                       else "")


def _side(who: str, first: SkillCheck, second: SkillCheck) -> str:
    if who not in (first.who, second.who):
        raise RulesError(f"ties go to {first.who} or {second.who}, not {who!r}")
    return who

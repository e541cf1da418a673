"""Races: every racer rolls for a fixed number of intervals (Storypath, "Action-Adventure",
"Other Chases").

A race runs until its interval limit, the end of the track; each interval a racer rolls
their chase pool against the lap's Difficulty, and every success is a lap, a stretch where
they pulled ahead or saved their strength. The most laps at the end wins. "Other Chases" does
not say what a tie in laps means: the engine calls it a dead heat and names every leader.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation
from rules_core.limits import MAX_ROUNDS
from rules_core.play import PlayLoop
from rules_core.question import AtLeast, Question, Repeated
from rules_core.storypath.action import Action
from rules_core.storypath.errors import ChaseError
from rules_core.storypath.interval import Hazards, Interval, check_sides, with_options
from rules_core.words import count, whole


class Race(PlayLoop[Interval]):
    """``racers`` over ``intervals`` intervals.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character, chase_pool
        >>> ana = Character("Ana", {"Might": 2}, {"Athletics": 3})
        >>> rook = Character("Rook", {"Might": 3}, {"Athletics": 1})
        >>> race = Race(chase_pool(ana, "sprint"), chase_pool(rook, "sprint"), intervals=2)
        >>> race.play(ScriptedDice("9 1 1 1 1  8 1 1 1  2 2 2 2 2  9 1 1 1"))
        <Race over 2 intervals: Ana 1 lap, Rook 2 laps; Rook wins>
    """

    def __init__(self, *racers: Action, intervals: int) -> None:
        if len(racers) < 2:
            raise ChaseError("a race needs two or more racers")
        names = [r.who for r in racers]
        if len(set(names)) != len(names):
            raise ChaseError(f"every racer needs a name of their own, not {', '.join(names)}")
        self.intervals = whole(intervals, "intervals", 1, ChaseError)
        if self.intervals > MAX_ROUNDS:
            raise ChaseError(f"a race of {self.intervals} intervals is over the engine's limit "
                             f"of {MAX_ROUNDS} rounds")
        super().__init__(self.intervals)
        self.racers = racers

    @property
    def names(self) -> tuple[str, ...]:
        """The racers, in order."""
        return tuple(r.who for r in self.racers)

    def laps(self, who: str) -> int:
        """The laps ``who`` has earned."""
        if who not in self.names:
            raise ChaseError(f"{who!r} is not in this race ({', '.join(self.names)})")
        return sum(1 for interval in self.log if interval.lap_of(who))

    @property
    def done(self) -> bool:
        """Whether every interval has been run."""
        return len(self.log) >= self.intervals

    @property
    def leaders(self) -> tuple[str, ...]:
        """The racers with the most laps so far (more than one: level)."""
        best = max(self.laps(n) for n in self.names)
        return tuple(n for n in self.names if self.laps(n) == best)

    @property
    def winner(self) -> str | None:
        """The winner once the race is over (``None`` before, or on a dead heat)."""
        return self.leaders[0] if self.done and len(self.leaders) == 1 else None

    def interval(self, *dice: DiceSource, head_start: Mapping[str, int] | None = None,
                 hazard: Hazards = None, grab: Mapping[str, str] | None = None) -> Interval:
        """One interval: every racer rolls, from one dice source each or one for all; the
        options as for [`Chase.interval`][rules_core.storypath.Chase.interval]."""
        number = self.begin_round()
        if len(dice) not in (1, len(self.racers)):
            raise ChaseError(f"give one dice source for all, or one for each of the "
                             f"{len(self.racers)} racers, not {len(dice)}")
        head_start, grab = dict(head_start or {}), dict(grab or {})
        check_sides(self.names, head_start=head_start, hazard=hazard, grab=grab)
        sources = dice * len(self.racers) if len(dice) == 1 else dice
        results = []
        for racer, source in zip(self.racers, sources, strict=True):
            with rolling_for(f"{racer.who}'s roll in interval {number}"):
                results.append(with_options(racer, head_starts=head_start, hazards=hazard,
                                            grabs=grab).roll(source))
        laps = tuple((r.who, self.laps(r.who) + results[i].succeeded)
                     for i, r in enumerate(self.racers))
        return self.record(Interval(number, tuple(results), laps))

    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> Interval:
        """One interval with no options (``other`` for the second racer, if given)."""
        if other is not None and len(self.racers) == 2:
            return self.interval(dice, other)
        return self.interval(dice)

    def over(self) -> str:
        """Why no interval can be run: the track has ended."""
        return f"the race is over after {count(self.intervals, 'interval')}: {self._verdict()}"

    def stalled(self) -> str:
        """The race ends at its last interval, so this is never reached."""
        return f"{len(self.log)} intervals run: a race ends at its interval limit"

    def odds(self) -> tuple[Question, ...]:
        """Each racer's chance of a lap each interval, and of this many laps or more over the
        whole race where every interval was the same roll."""
        asked: list[Question] = []
        for racer in self.racers:
            per = tuple(dict.fromkeys(q for i in self.log for q in i.odds()
                                      if isinstance(q, AtLeast) and q.who == racer.who))
            asked += per
            if len(per) == 1 and self.done:
                laps = self.laps(racer.who)
                earned = f"{count(laps, 'lap')} or more, as many as {racer.who} earned"
                asked.append(Repeated(per[0], laps, self.intervals, earned, "the race's length"))
        return tuple(asked)

    def explain(self) -> Explanation:
        """One row per interval, the laps, and the result."""
        def row(n: int, played: Interval) -> tuple[str, ...]:
            return (str(n), *(f"{r.total}{' ✓ lap' if r.succeeded else ''}"
                              for r in played.results),
                    " – ".join(str(laps) for _, laps in played.laps))

        header = ("Interval", *(f"{who} (successes)" for who in self.names),
                  "Laps (" + " – ".join(self.names) + ")")
        rule = (f"The most laps after {count(self.intervals, 'interval')} wins; level racers "
                "finish in a dead heat.")
        return Explanation(title="Race: " + ", ".join(self.names),
                           lines=(rule, self._verdict() + "."),
                           tables=(self.table("Intervals", header, row),), odds=self.odds())

    def _verdict(self) -> str:
        laps = ", ".join(f"{n} {count(self.laps(n), 'lap')}" for n in self.names)
        if not self.done:
            return laps
        leaders = self.leaders
        ending = (f"{leaders[0]} wins" if len(leaders) == 1 else
                  f"a dead heat between {' and '.join(leaders)}")
        return f"{laps}; {ending}"

    def __repr__(self) -> str:
        return f"<Race over {count(self.intervals, 'interval')}: {self._verdict()}>"

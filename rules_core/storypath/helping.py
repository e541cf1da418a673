"""Teamwork: helpers roll, and their successes become the leader's Enhancement, at most 3
(Scion 2nd Edition, "Teamwork").

A helper rolls their own pool; every success they get is +1 Enhancement on the leader's
roll. However many help, teamwork adds **at most 3**. Like every Enhancement, it counts
only if the leader's own dice show a success.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.explain import Explanation
from rules_core.names import running_text
from rules_core.question import AtLeast, Question
from rules_core.storypath.action import Action
from rules_core.storypath.result import tally
from rules_core.storypath.terms import ENHANCEMENT, MAX_TEAMWORK
from rules_core.success_pool import SuccessRoll
from rules_core.words import count


@dataclass(frozen=True, repr=False)
class Help:
    """``helper`` rolled to help ``leader``: ``dice`` is the helper's roll."""

    helper: Action
    leader: str
    dice: SuccessRoll

    @property
    def who(self) -> str:
        """The helper."""
        return self.helper.who

    @property
    def successes(self) -> int:
        """The helper's successes (their own Enhancement included)."""
        return self.dice.total

    @property
    def enhancement(self) -> int:
        """The Enhancement this help gives the leader: the successes, at most 3."""
        return min(self.successes, MAX_TEAMWORK)

    def odds(self) -> tuple[Question, ...]:
        """The chance of this many successes or more (this Enhancement or more), and of the
        most teamwork gives (more successes give no more)."""
        procedure = self.helper.procedure()
        most = AtLeast(procedure, MAX_TEAMWORK, who=self.who,
                       event=f"enough for +{MAX_TEAMWORK} {ENHANCEMENT} to {self.leader}, "
                             "the most teamwork gives")
        if self.successes >= MAX_TEAMWORK:
            return (most,)
        gives = (f"enough for +{self.successes} {ENHANCEMENT} to {self.leader}"
                 if self.successes else f"no {ENHANCEMENT} for {self.leader}")
        return (AtLeast(procedure, self.successes, who=self.who, event=gives, shown=True), most)

    def explain(self) -> Explanation:
        """The helper's dice and the Enhancement they give."""
        capped = (f" (teamwork gives at most +{MAX_TEAMWORK})"
                  if self.successes > MAX_TEAMWORK else "")
        gives = (f"{self.leader} gets +{self.enhancement} {ENHANCEMENT}{capped}."
                 if self.enhancement else f"No help: {self.leader} gets no {ENHANCEMENT}.")
        return Explanation(title=f"{self.who} helps {self.leader}: {self.helper.task}",
                           pool=self.helper.pool.breakdown(), rolls=(self.dice.view(),),
                           lines=(tally(self.helper, self.dice).replace(
                               f", against {self.helper.difficulty_text()}", ""),
                               *self.dice.notes(), gives),
                           odds=self.odds())

    def __repr__(self) -> str:
        gives = f"+{self.enhancement}" if self.enhancement else "no"
        return running_text(f"<{self.who} helps {self.leader}: [{self.dice.roll.text()}] "
                            f"{count(self.successes, 'success')}, {gives} {ENHANCEMENT}>")


def teamwork(helper: Action, leader: Action, *, dice: DiceSource) -> Help:
    """``helper`` rolls to help ``leader``'s action; pass the result to
    [`Action.helped_by`][rules_core.storypath.Action.helped_by].

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.storypath import Character
        >>> ana = Character("Ana", {"Might": 2}, {"Athletics": 3})
        >>> bo = Character("Bo", {"Might": 3}, {"Athletics": 2})
        >>> heave = ana.action("Athletics", "Might", difficulty=3, task="Heave")
        >>> boost = teamwork(bo.action("Athletics", "Might"), heave, dice=ScriptedDice("9 9 8 8 1"))
        >>> boost
        <Bo helps Ana: [9 9 8 8 1] 4 successes, +3 Enhancement>
        >>> heave.helped_by(boost)
        <Ana, Heave: 5d10, Difficulty 3, +3 Enhancement (teamwork: Bo)>
    """
    rolled = SuccessRoll.of(helper.who, helper.pool, helper.rule, dice,
                            bonus=helper.enhancement, bonus_name=ENHANCEMENT,
                            label=helper.task)
    return Help(helper, leader.who, rolled)

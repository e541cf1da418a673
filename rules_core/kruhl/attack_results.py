"""What an attack or special action did in a fight, and how it explains itself."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation, TableView
from rules_core.kruhl.contest import Contest
from rules_core.kruhl.endurance import Endurance
from rules_core.kruhl.maneuvers import AttackTraits, Maneuver
from rules_core.kruhl.roll import SkillRoll
from rules_core.question import Question, naming


@dataclass(frozen=True, repr=False)
class AttackResult:
    """One attack (or special action) against one target.

    ``damage`` is the Endurance the target lost (0 or 1; stunning damage if the attack was
    stunning); ``effects`` the conditions it left (``restrained``, ``prone``, ``blinded``…);
    ``endurance`` the target's Endurance afterwards.
    """

    maneuver: Maneuver
    traits: AttackTraits
    contest: Contest
    target: str
    damage: int
    effects: tuple[str, ...]
    endurance: Endurance
    notes: tuple[str, ...] = ()

    @property
    def who(self) -> str:
        """The attacker."""
        return self.contest.who

    @property
    def succeeded(self) -> bool:
        """Whether the attack succeeded."""
        return self.contest.succeeded

    def summary(self) -> str:
        """``13 vs 9, success, 1 END: END 4 of 5``."""
        c = self.contest
        text = f"{c.roll.total} vs {c.target.total}, {'success' if c.succeeded else 'failure'}"
        if self.damage:
            stun = " stunning" if self.traits.stunning else ""
            text += f", {self.damage}{stun} END: {self.endurance.text()}"
        return text + "".join(f", {effect}" for effect in self.effects)

    def explain(self) -> Explanation:
        """The contest, then what it did."""
        base = self.contest.explain()
        traits = self.traits.names()
        title = f"{self.who}: {self.maneuver.name} {self.maneuver.preposition} {self.target}"
        if traits:
            title += f" ({', '.join(traits)})"
        lines = (*base.lines, *self._aftermath(), *self.notes)
        return Explanation(title=title, pool=base.pool, rolls=base.rolls, lines=lines,
                           outcome=base.outcome, odds=(self.odds(),))

    def odds(self) -> Question:
        """The chance the attack succeeds: the contest's, in the maneuver's words."""
        m = self.maneuver
        return naming(self.contest.odds(),
                      f"a successful {m.name} {m.preposition} {self.target}")

    def _aftermath(self) -> tuple[str, ...]:
        lines = []
        if self.damage:
            kind = "stunning damage, recorded apart" if self.traits.stunning else "Endurance"
            lines.append(f"{self.target} loses {self.damage} {kind}: {self.endurance.text()}.")
        if self.effects:
            lines.append(f"{self.target} is now {', '.join(self.effects)}.")
        return tuple(lines)

    def __repr__(self) -> str:
        m = self.maneuver
        return f"<{self.who}'s {m.name} {m.preposition} {self.target}: {self.summary()}>"


@dataclass(frozen=True, repr=False)
class AttackGroup:
    """Several targets of one action: a sweep (a roll per target) or an area attack (one
    roll for all)."""

    name: str
    results: tuple[AttackResult, ...]

    def __getitem__(self, index: int) -> AttackResult:
        return self.results[index]

    def __len__(self) -> int:
        return len(self.results)

    @property
    def hits(self) -> tuple[str, ...]:
        """The targets hit."""
        return tuple(r.target for r in self.results if r.succeeded)

    def explain(self) -> Explanation:
        """Every roll, and one row per target."""
        seen: dict[int, SkillRoll] = {}
        for result in self.results:
            for roll in (result.contest.roll, result.contest.target):
                seen.setdefault(id(roll), roll)
        rolls = [roll.view() for roll in seen.values()]
        rows = tuple((r.target, r.summary()) for r in self.results)
        who = self.results[0].who if self.results else ""
        return Explanation(title=f"{who}: {self.name}", rolls=tuple(rolls),
                           tables=(TableView("Targets", ("Target", "Outcome"), rows),),
                           odds=tuple(r.odds() for r in self.results))

    def __repr__(self) -> str:
        return "\n".join(repr(r) for r in self.results)

"""One attack, many targets (the Act of Hubris, "Attacking Multiple Targets", "Autofire",
"Groups, Mobs, and Swarms").

- **Several targets**: the pool is assembled once (Willpower and other bonuses included)
  and **rolled once per target**; the **single worst** roll applies to every target, and
  each target resists it on their own.
- **A mob** (a crowd, a swarm) makes **one** attack roll against every character it is
  engaged with, as many as its reach allows; each resists on their own, and one target's
  resistance protects no one else.
- **Autofire**: besides the attack on its target, a gun firing automatically deals **half
  its Edge, rounded up**, in automatic lethal damage to **every other character** in the
  area, each reducing it with their own Defense. Whether the primary target takes it too
  is not said: by default they do not (they face the attack itself).

A **guard** helps against all of these as against a single attack: each target meets the
best roll of their own group (``guarding``).

This module holds what such an attack makes (``MultiAttack``, ``MobAttack``, ``Autofire``),
reading the attack through ``Striking``; the attack rolls them itself
([`against_each`][rules_core.hubris.Attack.against_each],
[`against_all`][rules_core.hubris.Attack.against_all],
[`autofire`][rules_core.hubris.Attack.autofire]).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules_core.explain import Explanation, RollView, TableView
from rules_core.hubris.action import Block
from rules_core.hubris.errors import AttackError
from rules_core.hubris.exchange import AttackResult
from rules_core.hubris.rolls import HubrisRoll
from rules_core.hubris.striking import Striking
from rules_core.question import AtLeast, Question
from rules_core.words import amount, count


def _against_each(who: str, successes: int) -> str:
    """A table's caption: ``Rook's 2 successes against each target``, or ``Rook: no
    successes against each target``."""
    if not successes:
        return f"{who}: no successes against each target"
    return f"{who}'s {count(successes, 'success')} against each target"


def _table(caption: str, results: tuple[AttackResult, ...]) -> TableView:
    rows = tuple((r.target, _resists_with(r), str(r.resisted), str(r.net),
                  str(r.wounds) if r.wounds is not None and r.hit else
                  ("miss" if not r.hit else "hit")) for r in results)
    return TableView(caption, ("Target", "Resists with", "Successes", "Net", "Result"), rows)


def _resists_with(result: AttackResult) -> str:
    """``Defense (2 Wits + 3 Strength = 5d10)``: the table's column of what each target rolled."""
    if result.defended is None:
        return result.resistance.kind
    return f"{result.resistance.kind} ({result.resistance.pool_text()})"


def _target_lines(results: tuple[AttackResult, ...]) -> list[str]:
    """What each target's row of the table does not say: guards, armor, notes, a cap, a
    lasting effect. The resistance roll, the successes cancelled, the net and the wounds
    are the table's, and are not said again."""
    lines: list[str] = []
    for result in results:
        said = _said_by_table(result)
        lines += [line for line in result.defence_lines() if not line.startswith(said)]
        against = f"Against {result.target}: "
        lines += [line if line.startswith(f"{result.target} ") else against + line
                  for line in result.result_lines() if not line.startswith(said)]
    return lines


def _said_by_table(result: AttackResult) -> tuple[str, ...]:
    """The starts of the lines a target's row of the table already says."""
    return (f"{result.target} resists with ", f"{result.target} takes ", "Nothing cancels ",
            f"{result.who} has no successes to cancel",
            f"The attack does nothing to {result.target}.",
            *(f"{count(n, 'success')} of {result.who}'s " for n in range(1, result.successes + 1)))


def _defended(results: tuple[AttackResult, ...],
              shown: tuple[Block, ...] = ()) -> tuple[RollView, ...]:
    """The resistance rolls, then each guard's roll (once, however many it shields, and
    not if among ``shown``)."""
    guards: list[Block] = list(shown)
    for result in results:
        guards += [s for s in result.shields if not any(s is g for g in guards)]
    return (*(r.defended.view() for r in results if r.defended is not None),
            *(guard.dice.view() for guard in guards[len(shown):]))


@dataclass(frozen=True, repr=False)
class MultiAttack:
    """``attack`` rolled once per target (``rolls``); the worst applies to each target
    (``results``, in the order listed)."""

    attack: Striking
    rolls: tuple[HubrisRoll, ...]
    results: tuple[AttackResult, ...]

    @property
    def worst(self) -> int:
        """The fewest successes of the rolls: what every target faces."""
        return min(roll.total for roll in self.rolls)

    def odds(self) -> tuple[Question, ...]:
        """Each target's chance to stop the worst roll entirely: their resistance (a guard's
        standing successes its minimum) reaching the worst roll's successes, a miss (an
        attack roll's own chance of its successes or more answers nothing the rules ask:
        the worst of them applies). Where the minimum reaches them, the chance is certain."""
        worst = self.worst
        every = "all" if worst > 1 else "the"
        stop = (f"enough to stop {every} {count(worst, 'success')} of {self.attack.who}'s "
                "worst roll")
        return tuple(AtLeast(r.defended.procedure, worst, who=r.target, event=stop)
                     for r in self.results if r.defended is not None and worst)

    def explain(self) -> Explanation:
        """Every roll, the worst applied, and each target's resistance."""
        who = self.attack.who
        lines = [f"{who}, roll {n} (against {r.target}): {roll.tally()}."
                 for n, (roll, r) in enumerate(zip(self.rolls, self.results, strict=True), 1)]
        if self.attack.willpower:
            lines.append(f"Willpower: one point, spent once on the pool; its dice are in "
                         f"each of the {len(self.rolls)} rolls.")
        lines.append(f"The worst roll, {amount(self.worst, 'success')}, applies to each "
                     "target.")
        return Explanation(title=f"{who} attacks {count(len(self.results), 'target')}: "
                                 f"{self.attack.task}",
                           pool=self.attack.pool_text(),
                           rolls=(*(roll.view() for roll in self.rolls),
                                  *_defended(self.results)),
                           lines=(*lines, *_target_lines(self.results)),
                           tables=(_table(_against_each(who, self.worst), self.results),),
                           odds=self.odds())

    def __repr__(self) -> str:
        each = ", ".join(f"{r.target} {r.net} net" for r in self.results)
        return (f"<{self.attack.who} attacks {count(len(self.results), 'target')}: rolls "
                f"{' '.join(str(r.total) for r in self.rolls)}, worst {self.worst}: {each}>")


@dataclass(frozen=True, repr=False)
class MobAttack:
    """A mob's single roll (``rolled``) against every engaged target (``results``)."""

    attack: Striking
    rolled: HubrisRoll
    results: tuple[AttackResult, ...]

    def explain(self) -> Explanation:
        """The mob's roll and each target's resistance to it."""
        who = self.attack.who
        return Explanation(title=f"{who} attacks everyone it is engaged with",
                           pool=self.attack.pool_text(),
                           rolls=(self.rolled.view(), *_defended(self.results)),
                           lines=(f"{who}: {self.rolled.tally()}; one roll against each "
                                  "target.", *self.rolled.notes(),
                                  *_target_lines(self.results)),
                           tables=(_table(_against_each(who, self.rolled.total),
                                          self.results),),
                           odds=tuple(q for r in self.results for q in r.odds()[:1]))

    def __repr__(self) -> str:
        each = ", ".join(f"{r.target} {r.net} net" for r in self.results)
        return (f"<{self.attack.who} attacks all: {count(self.rolled.total, 'success')}: "
                f"{each}>")


@dataclass(frozen=True, repr=False)
class Autofire:
    """An autofire attack: the normal attack on the primary target (``primary``) and the
    automatic damage to everyone else in the area (``sprayed``)."""

    attack: Striking
    primary: AttackResult
    sprayed: tuple[AttackResult, ...]

    @property
    def automatic(self) -> int:
        """The automatic lethal damage: half the gun's Edge, rounded up."""
        return spray_damage(self.attack)

    def explain(self) -> Explanation:
        """The attack on the target, then the spray on everyone else."""
        first = self.primary.explain()
        edge = self.attack.weapon.edge if self.attack.weapon else 0
        spray = [f"Autofire: half of the gun's Edge {edge}, rounded up: "
                 f"{count(self.automatic, 'automatic success', 'automatic successes')} of "
                 "lethal damage to every "
                 "other character in the area, each resisting with Defense."]
        return Explanation(title=f"{self.attack.who} fires on automatic: {self.attack.task}",
                           pool=first.pool,
                           rolls=(*first.rolls, *_defended(self.sprayed, self.primary.shields)),
                           lines=(*first.lines, *spray, *_target_lines(self.sprayed)),
                           outcome=first.outcome,
                           tables=(_table("The spray", self.sprayed),),
                           odds=(*first.odds[:1], *(q for r in self.sprayed
                                                    for q in r.odds()[1:])))

    def __repr__(self) -> str:
        each = ", ".join(f"{r.target} {r.wounds}" for r in self.sprayed)
        return (f"<{self.attack.who} autofire: {self.primary.target} {self.primary.net} net; "
                f"spray {self.automatic}: {each}>")


def spray_damage(attack: Striking) -> int:
    """Half the firearm's Edge, rounded up.

    Examples:
        >>> from rules_core.hubris import Character, Weapon
        >>> gun = Weapon("a submachine gun", 5, "Firearms", autofire=True)
        >>> ana = Character("Ana", {"Dexterity": 3}, {"Firearms": 2})
        >>> spray_damage(ana.attack("Dexterity", "Firearms", weapon=gun))
        3
    """
    if attack.weapon is None or not attack.weapon.autofire:
        gun = attack.weapon.name if attack.weapon else "no weapon"
        raise AttackError(f"{attack.who} attacks with {gun}, which cannot fire "
                          "automatically: give the gun autofire=True")
    return ceil(attack.weapon.edge / 2)

"""One attack against one target, resolved: the attack's successes, the resistance's, and
what the net successes do (the Act of Hubris, "Attacking Other Characters", "Resisting
Attack", "Defenseless Characters").

Each resistance success cancels one attack success; a tie leaves nothing, so the attacker
needs one net success to do anything at all. Net successes become wounds (5 at most under
the individual cap), or a serious consequence if there are at least as many as the target's
relevant Attribute (fewer: a Difficulty on the target's next turn). Five or more net
successes make an exceptional success (our reading: counted on the net, as they are what
the attack achieves). When several rolls defend one target (a guard's standing successes),
the best applies.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.dice import DiceSource, rolling_for
from rules_core.explain import Explanation, RollView
from rules_core.hubris.action import Block
from rules_core.hubris.attack_odds import net_words, stop_odds
from rules_core.hubris.damage import Wounds, capped
from rules_core.hubris.errors import AttackError
from rules_core.hubris.guarding import check_guards, defend
from rules_core.hubris.ongoing import Ongoing
from rules_core.hubris.resistance import Resistance
from rules_core.hubris.rolls import EXCEPTIONAL, HubrisRoll
from rules_core.hubris.striking import Striking
from rules_core.names import running_text
from rules_core.outcome import Outcome
from rules_core.question import AtLeast, Question, Settled, Wins
from rules_core.words import amount, cancelling_line, count


@dataclass(frozen=True, repr=False)
class AttackResult:
    """``attack`` against ``resistance``: the attack's roll (``rolled``; ``None`` when its
    successes are fixed: ``fixed`` for ``fixed_why``), the resistance's roll (``defended``;
    ``None`` when it is denied), and the ``shields`` that defend the target too.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.hubris import Character, Weapon
        >>> mara = Character("Mara", {"Strength": 3, "Dexterity": 3}, {"Weaponry": 2})
        >>> rook = Character("Rook", {"Strength": 3, "Dexterity": 2, "Wits": 2})
        >>> swing = mara.attack("Strength", "Weaponry", weapon=Weapon("a machete", 2))
        >>> swing.against(rook.defense(), dice=ScriptedDice("9 8 8 6 4 2 1"),
        ...               defence=ScriptedDice("9 5 3 2"))
        <Mara attacks Rook: 3 successes against 1: 2 net, 2 lethal>
    """

    attack: Striking
    resistance: Resistance
    rolled: HubrisRoll | None
    defended: HubrisRoll | None
    shields: tuple[Block, ...] = ()
    fixed: int = 0
    fixed_why: str = ""

    @property
    def who(self) -> str:
        """The attacker."""
        return self.attack.who

    @property
    def target(self) -> str:
        """The target."""
        return self.resistance.who

    @property
    def source(self) -> str:
        """The attack in a few words, for a round's record: ``Mara's Strength + Weaponry``."""
        return f"{self.who}'s {self.attack.task}"

    @property
    def successes(self) -> int:
        """The attack's successes (fixed, or rolled)."""
        return self.rolled.total if self.rolled is not None else self.fixed

    @property
    def guarded(self) -> int:
        """The best of the shields' standing successes that apply (0 if none)."""
        if self.resistance.incapable:
            return 0
        return max((shield.successes for shield in self.shields), default=0)

    @property
    def resisted(self) -> int:
        """The successes that cancel the attack's: the resistance roll (with armor), or,
        without one, armor and any guard."""
        if self.defended is not None:
            return self.defended.total
        return max(self.resistance.protection, self.guarded)

    @property
    def net(self) -> int:
        """The attack's successes left once the resistance cancels its own."""
        return max(self.successes - self.resisted, 0)

    @property
    def hit(self) -> bool:
        """Whether any net success is left."""
        return self.net > 0

    @property
    def wounds(self) -> Wounds | None:
        """The wounds inflicted (``None`` for an attack that deals no damage)."""
        if self.attack.damage is None:
            return None
        return Wounds(self.attack.damage, capped(self.net, self.attack.options))

    @property
    def needed(self) -> int:
        """The net successes a serious consequence needs (0 without one)."""
        consequence = self.attack.consequence
        if consequence is None:
            return 0
        return consequence.needed(self.resistance.target)[1]

    @property
    def complete(self) -> bool:
        """Whether the attack does all it aimed for (a consequence: net ≥ the Attribute)."""
        return self.hit and self.net >= self.needed

    @property
    def for_good(self) -> bool:
        """Whether a complete consequence may last for good (cripple, maim): only with net
        successes enough to take the target out (its ``health_left``)."""
        consequence = self.attack.consequence
        return self.complete and consequence is not None and consequence.for_good(self.net)

    @property
    def difficulty_left(self) -> int:
        """A partial result's Difficulty on the target's next turn (the net successes; 0
        when the attack missed or did everything)."""
        return self.net if self.hit and not self.complete else 0

    @property
    def afflicted(self) -> Ongoing | None:
        """The ongoing harm the attack leaves on the target (only if it hit)."""
        return self.attack.ongoing if self.hit else None

    @property
    def outcome(self) -> Outcome:
        """Exceptional (5 net or more), success, failure, or the attacker's dramatic
        failure on a chance die."""
        if self.rolled is not None and self.rolled.dramatic:
            return Outcome.DRAMATIC_FAILURE
        if self.net >= EXCEPTIONAL:
            return Outcome.EXCEPTIONAL_SUCCESS
        return Outcome.of(self.hit)

    # -- words ------------------------------------------------------------------------------

    def attack_line(self) -> str:
        """The attack's successes and where they come from."""
        if self.rolled is None:
            return f"{self.who}: {count(self.fixed, 'success')} ({self.fixed_why})."
        return f"{self.who}: {self.rolled.tally()}."

    def defence_lines(self) -> tuple[str, ...]:
        """How the target resisted, and what the guards added."""
        who, kind = self.target, self.resistance.kind
        lines = list(self.resistance.notes)
        if self.defended is not None:
            lines.append(f"{who} resists with {kind} ({self.resistance.pool_text()}): "
                         f"{self.defended.tally()}.")
            lines += [f"{who}: {note}" for note in self.defended.notes()]
        else:
            armor = self.resistance.protection
            kept = (f"; {self.resistance.protection_why} still gives {count(armor, 'success')}"
                    if armor else "")
            lines.append(f"{self.resistance.denied}{kept}.")
        if self.shields and self.resistance.incapable:
            lines.append(f"{who} cannot act, so no defensive roll helps them, the guard's "
                         "included.")
        for shield in self.shields if not self.resistance.incapable else ():
            lines.append(f"{shield.who}'s {shield.action.task}: "
                         f"{amount(shield.successes, 'success')} standing.")
        if self.shields and not self.resistance.incapable:
            lines.append(f"The best of the group applies: {count(self.resisted, 'success')}.")
        return tuple(lines)

    def result_lines(self) -> tuple[str, ...]:
        """The net successes and what they do."""
        lines = [cancelling_line(self.who, self.successes, min(self.resisted, self.successes),
                                 self.net)]
        if self.rolled is not None and self.rolled.dramatic:
            lines.append(f"{self.who}'s chance die shows 1: a dramatic failure.")
        if not self.hit:
            lines.append(f"The attack does nothing to {self.target}.")
            return tuple(lines)
        wounds = self.wounds
        if wounds is not None:
            if wounds.count < self.net:
                lines.append(f"One attack inflicts at most {wounds.count} wounds (the "
                             f"individual cap): {wounds}.")
            else:
                noun = "wound" if wounds.count == 1 else "wounds"
                lines.append(f"{self.target} takes {wounds} {noun}.")
        consequence = self.attack.consequence
        if consequence is not None:
            attribute, dots = consequence.needed(self.resistance.target)
            if self.complete:
                lines.append(f"{self.net} net ≥ {self.target}'s {attribute} {dots}: "
                             f"{consequence} completely.")
                lines.append(consequence.lasting(self.target, self.net))
            else:
                lines.append(f"{self.net} net < {self.target}'s {attribute} {dots}: not a "
                             f"complete {consequence}, but Difficulty {self.difficulty_left} "
                             f"on {self.target}'s next turn.")
        if wounds is None and consequence is None:
            lines.append(f"{self.attack.task}: a success, with no damage.")
        if self.afflicted is not None:
            lines.append(f"{self.target} is afflicted: {self.afflicted.words()}.")
        if self.net >= EXCEPTIONAL:
            lines.append(f"{EXCEPTIONAL}+ net successes: an exceptional success for {self.who}.")
        return tuple(lines)

    def odds(self) -> tuple[Question, ...]:
        """The chance of a hit, of this many net successes or more, and of a complete
        consequence; with a side fixed, the other side's roll alone decides."""
        margins = sorted({1, max(self.net, 1), max(self.needed, 1)})
        if self.rolled is not None and self.defended is not None:
            return tuple(Wins(self.who, self.rolled.procedure, self.target,
                              self.defended.procedure, m,
                              f"{self.target}'s successes cancel {self.who}'s",
                              event=self.net_words(m)) for m in margins)
        if self.rolled is not None:
            cancels = f" ({self.target} cancels {self.resisted})" if self.resisted else ""
            return tuple(AtLeast(self.rolled.procedure, self.resisted + m, who=self.who,
                                 event=f"{self.net_words(m)}{cancels}") for m in margins)
        if self.defended is not None:
            return stop_odds(self.defended, self.target, self.who, self.successes)
        return (Settled(self.who, f"a hit on {self.target}", self.hit,
                        f"{self.fixed_why}, and {self.target} cannot roll"),)

    def net_words(self, net: int) -> str:
        """What ``net`` net successes or more do to the target (``attack_odds``)."""
        return net_words(net, target=self.target, damage=self.attack.damage,
                         options=self.attack.options, needed=self.needed,
                         consequence=str(self.attack.consequence or ""))

    def rolls(self) -> tuple[RollView, ...]:
        """The dice rolled: the attack's, then the resistance's, then the guards'."""
        views = [roll.view() for roll in (self.rolled, self.defended) if roll is not None]
        return (*views, *(shield.dice.view() for shield in self.shields))

    def explain(self) -> Explanation:
        """Both rolls, the cancelling, and what the net successes do."""
        task = ("" if self.attack.task == self.who or self.attack.means in ("hazard", "mob") else
                f": {self.attack.task}")
        title = f"{self.who} attacks {self.target}{task}"
        return Explanation(title=title[0].upper() + title[1:],
                           pool=self.attack.pool_text() if self.attack.traits else "",
                           rolls=self.rolls(), lines=(self.attack_line(),
                                                      *self.defence_lines(), *self.result_lines()),
                           outcome=self.outcome, odds=self.odds())

    def __repr__(self) -> str:
        consequence = self.attack.consequence
        what = ("a miss" if not self.hit else
                str(self.wounds) if self.wounds is not None else
                "a success" if consequence is None else
                f"{consequence}{', for good' if self.for_good else ''}" if self.complete else
                f"Difficulty {self.difficulty_left} next turn")
        return running_text(f"<{self.who} attacks {self.target}: {count(self.successes, 'success')}"
                            f" against {self.resisted}: {self.net} net, {what}>")


def check_target(attack: Striking, resistance: Resistance) -> None:
    """Refuse an attack on its own attacker, or a consequence the target has no Attribute
    to resist."""
    if attack.who == resistance.who:
        raise AttackError(f"{attack.who} cannot attack themself")
    if attack.consequence is not None:
        attack.consequence.needed(resistance.target)


def resolve(attack: Striking, resistance: Resistance, *, dice: DiceSource,
            defence: DiceSource | None, shields: tuple[Block, ...] = (),
            helpless: bool = False) -> AttackResult:
    """Roll ``attack`` (``dice``; not at all when ``helpless``) and ``resistance``
    (``defence``; not at all when it is denied), with ``shields`` defending too."""
    check_target(attack, resistance)
    check_guards(shields, (resistance.who,))
    if helpless:
        resistance.check_helpless(dice)
    with rolling_for(f"{attack.who}'s attack roll"):
        rolled = None if helpless else attack.roll_dice(dice)
    fixed = max(attack.size, 0) if helpless else 0
    defended = defend(resistance, defence, shields)
    return AttackResult(attack, resistance, rolled, defended, shields, fixed,
                        f"{resistance.who} is helpless: each of the {fixed} attack dice is an "
                        "automatic success" if helpless else "")


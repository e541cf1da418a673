"""Resisting an attack: the dice pool a target rolls, each success stopping one of the
attacker's (the Act of Hubris, "Resisting Attack", "Defenseless Characters", "Resisting
Supernatural Powers").

- **Defense**, Wits + the lower of Strength and Dexterity: dodging, ducking, diving for
  cover. It contests any attack that tries to make physical contact, and takes no Edge from
  equipment or other persistent states of affairs (an Edge of the moment and a Difficulty,
  yes: ``with_edge(..., persistent=False)``).
- **Strength + Dexterity**: grip and balance, against being disarmed or tripped.
- **Strength + Stamina**: holding one's ground; size adds an Edge. A **bulwark** blocking a
  passage resists with Strength + Stamina or Brawl.
- **Supernatural resistance**: Composure, Resolve or Stamina + the Power Trait, usable even
  unconscious, never increased by an Edge from equipment or other persistent states of
  affairs.

**Armor** (and protective equipment against powers) gives 1 to 3 guaranteed successes: a
minimum, by default ([`Options`][rules_core.hubris.Options]); it works even when its wearer
cannot roll. A target who is unaware of the attack and out of combat gets no Defense (one
Willpower keeps them alert for a scene); one who cannot act at all gets no defensive roll,
and outside combat time the attacker may count every attack die as a success.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rules_core.dice import DiceSource, given_as
from rules_core.hubris.errors import AttackError, PoolError
from rules_core.hubris.options import MINIMUM
from rules_core.hubris.rolls import HubrisRoll
from rules_core.hubris.setup import Setup
from rules_core.words import count, is_whole

DEFENSE = "Defense"
"""The usual resistance pool: Wits + the lower of Strength and Dexterity."""

POWER_RESISTANCES = ("Composure", "Resolve", "Stamina")
"""The Attributes that resist supernatural powers, each with the Power Trait."""

MAX_PROTECTION = 3
"""The most guaranteed successes armor or protective equipment gives."""


@dataclass(frozen=True, repr=False)
class Resistance(Setup):
    """``who`` resists with ``kind`` (``Defense``, ``Strength + Dexterity``…), made by a
    character's [`defense`][rules_core.hubris.Character.defense],
    [`resist`][rules_core.hubris.Character.resist],
    [`bulwark`][rules_core.hubris.Character.bulwark] or
    [`resist_power`][rules_core.hubris.Character.resist_power].

    ``no_edge``: the pool takes no Edge from equipment or another persistent state of
    affairs, only an Edge of the moment (Defense, supernatural resistance). ``protection``:
    the guaranteed successes of ``protection_why`` (armor). ``denied``: why there is no
    roll at all; ``incapable``: the target cannot act (a helpless target); ``in_combat``: the
    attack comes in combat time, the target having initiative. ``supernatural``:
    it works whatever state the target is in. ``target``: the target's Attributes (for
    serious consequences). ``notes``: sentences the card adds.

    Examples:
        >>> from rules_core.hubris import Character
        >>> rook = Character("Rook", {"Strength": 3, "Dexterity": 2, "Wits": 2}, armor=1)
        >>> rook.defense()
        <Rook, Defense: 4d10, armor 1>
        >>> rook.defense().with_edge(2, "a riot shield")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.hubris.errors.PoolError: Defense takes no Edge from equipment ...
        >>> rook.defense().with_edge(1, "a warning shout", persistent=False)
        <Rook, Defense: 5d10, Edge 1 (a warning shout), armor 1>
    """

    kind: str = DEFENSE
    no_edge: bool = False
    protection: int = 0
    protection_why: str = "armor"
    denied: str = ""
    incapable: bool = False
    in_combat: bool = False
    supernatural: bool = False
    target: Mapping[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def check_edge(self, rating: int, why: str, *, persistent: bool = True) -> None:
        """Defense and supernatural resistance take no Edge from equipment or another
        persistent state of affairs; an Edge of the moment (``persistent=False``) they
        take."""
        if not (self.no_edge and rating and persistent):
            return
        moment = ("; only an Edge of the moment counts, a warning shout say: "
                  "with_edge(..., persistent=False)")
        if self.supernatural:
            raise PoolError(f"{self.kind} takes no Edge from equipment or another persistent "
                            f"state of affairs, so not from {why}: equipment that protects "
                            f"against powers gives guaranteed successes instead (protected())"
                            f"{moment}")
        raise PoolError(f"{self.kind} takes no Edge from equipment or another persistent "
                        f"state of affairs, so not from {why}: a guard's instant action can "
                        f"use it instead{moment}")

    def check_helpless(self, dice: object = None) -> None:
        """Refuse the helpless conversion unless the target cannot act at all and is attacked
        outside combat time (in combat time there is no time to line up a killing blow).
        ``dice``: faces given for the attack roll, which is not made: left unrolled, they
        are named as given in ``dice=`` by the check of unused faces."""
        if not self.incapable:
            raise AttackError(f"only a target who cannot act at all, attacked outside combat "
                              f"time, is helpless; {self.who} can still resist: mark their "
                              "resistance cannot_act()")
        if self.in_combat:
            raise AttackError(f"{self.who} cannot act, but is attacked in combat time: there "
                              "is no time to line up a killing blow, so the attack is rolled "
                              "(with no defensive roll against it)")
        given_as(dice, "dice", unrolled=f"{self.who} is helpless: every attack die is an "
                                        "automatic success, with nothing rolled")

    @property
    def is_defense(self) -> bool:
        """Whether this is the Defense pool."""
        return self.kind == DEFENSE

    def protected(self, rating: int, why: str) -> Resistance:
        """This resistance with ``rating`` guaranteed successes from ``why`` (armor,
        protective equipment: 1 to 3); the better of two applies."""
        if not (is_whole(rating, 1) and rating <= MAX_PROTECTION):
            raise PoolError(f"protection gives 1 to {MAX_PROTECTION} guaranteed successes, "
                            f"not {rating!r}")
        if rating <= self.protection:
            return self
        return replace(self, protection=rating, protection_why=why)

    def unaware(self, *, in_combat: bool = False, alert: bool = False) -> Resistance:
        """The target does not see the attack coming. Out of combat, that costs them the
        roll (supernatural resistance excepted); a character with initiative (``in_combat``)
        or who spent a Willpower point to stay alert this scene (``alert``) still rolls."""
        if self.supernatural:
            return self._noted(f"{self.who} resists with {self.kind} even unaware.")
        if in_combat:
            return replace(self._noted(f"{self.who} is acting in combat time: surprise "
                                       f"cannot take away their {self.kind}."), in_combat=True)
        if alert:
            return self._noted(f"{self.who} spent a Willpower point to stay alert this "
                               f"scene: they keep their {self.kind}.")
        return replace(self, denied=f"{self.who} is unaware of the attack and not in "
                                    f"combat: no {self.kind}")

    def cannot_act(self, why: str, *, in_combat: bool = False) -> Resistance:
        """The target cannot act at all (``why``: paralysed, bound and unconscious): no
        defensive roll helps them, though armor still does (supernatural resistance
        excepted: it works even unconscious). ``in_combat``: the attack comes in combat time
        (the target has initiative), so it cannot be made helpless, only unopposed."""
        if self.supernatural:
            return self._noted(f"{self.who} is {why}, but {self.kind} resists even so.")
        return replace(self, incapable=True, in_combat=in_combat or self.in_combat,
                       denied=f"{self.who} is {why}: no defensive roll of any kind")

    def _noted(self, note: str) -> Resistance:
        return replace(self, notes=(*self.notes, note))

    def roll_against(self, dice: DiceSource, *, floor: int = 0,
                     floor_why: str = "") -> HubrisRoll:
        """Roll it with ``dice``: armor as a minimum or added, and ``floor`` (a guard's
        standing successes) as a minimum too."""
        armor = self.protection
        added = armor if armor and self.options.armor != MINIMUM else 0
        minimum, why = (armor, self.protection_why) if added == 0 else (0, "")
        if floor > minimum:
            minimum, why = floor, floor_why
        return self.roll_dice(dice, floor=minimum, floor_why=why, added=added,
                              added_why=f"{self.protection_why} {armor}")

    def roll(self, dice: DiceSource) -> HubrisRoll:
        """Roll this resistance on its own, apart from any attack (the target's answer to
        successes an attacker has announced, or a Defense shown by itself): its successes,
        armor included as a minimum, are the attack successes it stops. A roll that is
        denied (an unaware target out of combat, one who cannot act) is refused, saying why.
        To settle an attack, [`Attack.against`][rules_core.hubris.Attack.against] rolls it.

        Examples:
            >>> from rules_core.dice import ScriptedDice
            >>> from rules_core.hubris import Character
            >>> rook = Character("Rook", {"Strength": 4, "Dexterity": 2, "Wits": 2}, armor=1)
            >>> rook.defense().roll(ScriptedDice("9 8 5 1"))
            <Rook, 4d10 (8+, 10-again), at least 1 (armor): [9 8 5 1] 2 successes>
        """
        if self.denied:
            raise AttackError(f"{self.denied}: there is nothing to roll")
        rolled = self.roll_against(dice)
        stops = (f"enough to stop an attack of {count(rolled.total, 'success')}" if rolled.total
                 else "no attack success stopped")
        return replace(rolled, event=stops)

    def setup_text(self) -> str:
        """The Edge, Difficulty and Willpower, the armor, and why there is no roll."""
        parts = [super().setup_text()]
        if self.protection:
            parts.append(f"{self.protection_why} {self.protection}")
        if self.denied:
            parts.append("no roll")
        return ", ".join(part for part in parts if part)


def defense(who: str, wits: int, strength: int, dexterity: int, *, armor: int = 0,
            target: Mapping[str, int] | None = None) -> Resistance:
    """Defense: Wits + the lower of Strength and Dexterity, with ``armor``'s guaranteed
    successes."""
    lower = ("Strength", strength) if strength <= dexterity else ("Dexterity", dexterity)
    made = Resistance(who, (("Wits", wits), lower), DEFENSE, no_edge=True,
                      target=dict(target or {}))
    return made.protected(armor, "armor") if armor else made

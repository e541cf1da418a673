"""Attacks: an instant action contested by the target's resistance roll (the Act of
Hubris, "Attacking Other Characters").

An attack pool is **Strength or Dexterity** (raw strength and speed, or balance and
coordination; the player's choice unless the Storyteller or a weapon says otherwise) +
one of:

| Trait | Usually | Edge |
|---|---|---|
| Stamina (with Strength) | bashing; mostly shoving | size: an Edge, or a Difficulty for the small |
| Athletics | bashing, or a hazard (a thrown grenade) | rarely much |
| Brawl | bashing | **none from equipment** |
| Weaponry | lethal | the weapon's |
| Firearms | lethal, **never bashing** | the weapon's |

The attacker rolls and declares the successes and what they will do before the defender
chooses a response. Methods return a new, changed attack;
[`against`][rules_core.hubris.Attack.against] resolves it (against several targets, a mob's
targets or under autofire, [`against_each`][rules_core.hubris.Attack.against_each],
[`against_all`][rules_core.hubris.Attack.against_all] and
[`autofire`][rules_core.hubris.Attack.autofire]: their results are in ``targets``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules_core.dice import DiceSource, rolling_for
from rules_core.hubris.action import Block
from rules_core.hubris.damage import BASHING, LETHAL, check_kind
from rules_core.hubris.errors import AttackError, PoolError
from rules_core.hubris.exchange import AttackResult, check_target, resolve
from rules_core.hubris.guarding import check_guards, defend, guarding
from rules_core.hubris.ongoing import Ongoing
from rules_core.hubris.resistance import Resistance
from rules_core.hubris.setup import Setup
from rules_core.hubris.targets import Autofire, MobAttack, MultiAttack, spray_damage
from rules_core.hubris.weapons import Consequence, Weapon
from rules_core.words import ordinal

ATTACK_ATTRIBUTES = ("Strength", "Dexterity")
"""The Attributes of an attack pool."""

ATTACK_TRAITS = ("Stamina", "Athletics", "Brawl", "Weaponry", "Firearms")
"""What an attack pool pairs with Strength or Dexterity."""

DAMAGE_OF = {"Stamina": BASHING, "Athletics": BASHING, "Brawl": BASHING,
             "Weaponry": LETHAL, "Firearms": LETHAL}
"""The damage each kind of attack usually deals."""


@dataclass(frozen=True, repr=False)
class Attack(Setup):
    """An attack by ``who`` (made by [`Character.attack`][rules_core.hubris.Character.attack]
    or a mob's): ``means`` is the trait paired with the Attribute (``Weaponry``), ``damage``
    its kind (``None``: it deals none, as pushing past someone), ``weapon`` the weapon,
    ``consequence`` a serious consequence it aims for, ``ongoing`` the harm it leaves
    behind, ``reach`` how many characters a mob's single roll can strike.

    Examples:
        >>> from rules_core.hubris import Character
        >>> mara = Character("Mara", {"Strength": 3, "Dexterity": 3}, {"Weaponry": 2})
        >>> mara.attack("Strength", "Weaponry", weapon=Weapon("a machete", 2))
        <Mara, Strength + Weaponry: 7d10, Edge 2 (a machete); lethal>
        >>> mara.attack("Dexterity", "Brawl", weapon=Weapon("brass knuckles", 1))
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules_core.hubris.errors.PoolError: Brawl attacks gain no Edge from equipment ...
    """

    means: str = ""
    damage: str | None = None
    weapon: Weapon | None = None
    consequence: Consequence | None = None
    ongoing: Ongoing | None = None
    reach: int | None = None

    def check_equipment(self, what: str) -> None:
        """Brawl attacks take no Edge from equipment."""
        if self.means == "Brawl":
            raise PoolError(f"Brawl attacks gain no Edge from equipment alone, so not from "
                            f"{what}: use Weaponry for a weapon")

    def with_equipment(self, rating: int, what: str) -> Attack:
        """This attack with an Edge of ``rating`` from ``what`` (equipment: never on
        Brawl)."""
        self.check_equipment(what)
        return self.with_edge(rating, what)

    def dealing(self, damage: str | None) -> Attack:
        """This attack dealing ``damage`` instead (``None``: no damage)."""
        if damage is not None:
            check_kind(damage)
            gun = self.means == "Firearms" or (self.weapon is not None
                                               and self.weapon.skill == "Firearms")
            if damage == BASHING and gun:
                raise PoolError("Firearms attacks deal lethal damage, with no option of "
                                "bashing")
        return replace(self, damage=damage)

    def aiming_to(self, what: str, *attributes: str, health_left: int = 0) -> Attack:
        """This attack aiming for a serious consequence (``what``), resisted by the target's
        highest of ``attributes``; it deals no wounds. ``health_left``, for harm meant to
        cripple or maim for the long term: the wounds that would take the target out; only
        that many net successes make it last for good."""
        return replace(self, consequence=Consequence(what, attributes, health_left),
                       damage=None)

    def inflicting(self, ongoing: Ongoing) -> Attack:
        """This attack leaving ``ongoing`` harm on a target it hits (poison, fire)."""
        return replace(self, ongoing=ongoing)

    def against(self, resistance: Resistance, *, dice: DiceSource,
                defence: DiceSource | None = None, shields: Sequence[Block] = (),
                helpless: bool = False) -> AttackResult:
        """Roll the attack (``dice``) and the target's ``resistance`` (``defence``); each
        resistance success cancels one attack success. ``shields``: guards' standing
        successes (the best of the group applies). ``helpless``: the target cannot act and
        is attacked outside combat time, so every attack die is an automatic success."""
        return resolve(self, resistance, dice=dice, defence=defence, shields=tuple(shields),
                       helpless=helpless)

    def against_each(self, resistances: Sequence[Resistance], *, dice: DiceSource,
                     defence: DiceSource | None = None,
                     shields: Sequence[Block] = ()) -> MultiAttack:
        """Strike several targets: roll the pool once per target (``dice``), apply the
        single worst roll to each, and let each resist on their own (``defence``).
        ``shields``: guards' standing successes, each helping the targets it protects (the
        best of a target's group applies).

        The faces are taken in this order: **every attack roll first**, one per target in
        the order listed (each with its 10-again dice right after it), **then each
        target's resistance roll**, in the same order (none for a target denied one)."""
        return against_each(self, tuple(resistances), dice=dice, defence=defence,
                            shields=tuple(shields))

    def against_all(self, resistances: Sequence[Resistance], *, dice: DiceSource,
                    defence: DiceSource | None = None,
                    shields: Sequence[Block] = ()) -> MobAttack:
        """A mob's attack: one roll (``dice``) against every engaged target, each resisting
        on their own (``defence``). ``shields``: guards' standing successes, each helping
        the targets it protects.

        The faces are taken in this order: **the mob's one attack roll first** (with its
        10-again dice), **then each target's resistance roll**, in the order listed."""
        return against_all(self, tuple(resistances), dice=dice, defence=defence,
                           shields=tuple(shields))

    def autofire(self, primary: Resistance, others: Sequence[Resistance], *,
                 dice: DiceSource, defence: DiceSource | None = None,
                 primary_too: bool = False, shields: Sequence[Block] = ()) -> Autofire:
        """Autofire: the normal attack on ``primary``, and automatic lethal damage of half
        the gun's Edge (rounded up) to every other character in the area (``others``), each
        resisting with their own Defense. ``primary_too``: the other reading, where the
        primary target takes the automatic damage as well. ``shields``: guards' standing
        successes, each helping the targets it protects, against the attack and the spray.
        With nobody else in the area (``others`` empty, the primary target spared), the
        spray has no one to hit: that is refused, as an attack on one target is
        [`against`][rules_core.hubris.Attack.against].

        The faces are taken in this order: **the attack roll first** (with its 10-again
        dice), then the **primary target's resistance roll**, then **each other
        character's Defense** in the order listed; with ``primary_too`` the primary target
        **defends twice**, a second Defense against the spray coming right after their first
        roll, before the others'."""
        return autofire(self, primary, tuple(others), dice=dice, defence=defence,
                        primary_too=primary_too, shields=tuple(shields))

    def setup_text(self) -> str:
        """The Edge, Difficulty and Willpower, then the damage or the consequence."""
        text = super().setup_text()
        aim = (f"to {self.consequence}" if self.consequence else
               self.damage if self.damage else "no damage")
        return f"{text}; {aim}" if text else aim


def make_attack(who: str, attribute: tuple[str, int], trait: tuple[str, int], *,
                weapon: Weapon | None = None, damage: str | None = "",
                size_edge: int = 0, task: str = "") -> Attack:
    """An attack pool of ``attribute`` + ``trait`` (each a name and dots), checked against
    the rules: the usual damage unless ``damage`` says (``None``: none), the weapon's Edge,
    the character's size on Strength + Stamina."""
    name, means = attribute[0], trait[0]
    if name not in ATTACK_ATTRIBUTES:
        raise PoolError(f"an attack pool uses Strength or Dexterity, not {name}")
    if means not in ATTACK_TRAITS:
        raise PoolError(f"an attack pairs {name} with {', '.join(ATTACK_TRAITS)}, not "
                        f"{means}")
    attack = Attack(who, (attribute, trait), task or f"{name} + {means}", means=means,
                    damage=DAMAGE_OF[means])
    if weapon is not None:
        attack.check_equipment(weapon.name)
        if weapon.skill != means:
            raise PoolError(f"{weapon.name} is used with {weapon.skill}, not {means}: attack "
                            f"with Strength or Dexterity + {weapon.skill}")
        if weapon.requires and weapon.requires != name:
            raise PoolError(f"{weapon.name} needs {weapon.requires} in its attack pool, not "
                            f"{name}")
        attack = replace(attack, weapon=weapon, damage=weapon.damage).with_equipment(
            weapon.edge, weapon.name)
    if means == "Stamina" and name == "Strength":
        attack = (attack.with_edge(size_edge, "size") if size_edge > 0 else
                  attack.with_difficulty(-size_edge, "size"))
    if damage != "":
        attack = attack.dealing(damage)
    return attack


def check_reach(attack: Attack, targets: int) -> None:
    """Refuse a one-roll attack on every target unless a mob makes it, within its reach."""
    if attack.reach is None:
        raise AttackError(f"only a mob strikes every character it is engaged with in one "
                          f"roll; {attack.who} rolls once per target (against_each)")
    if targets > attack.reach:
        raise AttackError(f"{attack.who} can attack {attack.reach} characters at once, not "
                          f"{targets}")


def against_each(attack: Attack, resistances: tuple[Resistance, ...], *, dice: DiceSource,
                 defence: DiceSource | None, shields: tuple[Block, ...] = ()) -> MultiAttack:
    """``attack`` rolled once per target, the worst applied to each (see
    [`Attack.against_each`][rules_core.hubris.Attack.against_each])."""
    if len(resistances) < 2:
        raise AttackError("an attack on several targets needs two or more: use against() "
                          "for one")
    check_guards(shields, [r.who for r in resistances])
    rolls = []
    for n, r in enumerate(resistances, 1):
        with rolling_for(f"{attack.who}'s {ordinal(n)} attack roll (against {r.who})"):
            rolls.append(attack.named(f"{attack.task}, roll {n} (against {r.who})")
                         .roll_dice(dice))
    worst = min(roll.total for roll in rolls)
    why = f"the worst of {attack.who}'s {len(rolls)} rolls"
    results = []
    for n, resistance in enumerate(resistances, 1):
        check_target(attack, resistance)
        guards = guarding(resistance.who, shields)
        results.append(AttackResult(attack, resistance, None,
                                    defend(resistance, defence, guards,
                                           rolled_for=_nth_target(n, resistance)),
                                    guards, worst, why))
    return MultiAttack(attack, tuple(rolls), tuple(results))


def _nth_target(n: int, resistance: Resistance) -> str:
    """``the second target's Defense (Bo)``: whose roll lacks faces, when one runs short."""
    return f"the {ordinal(n)} target's {resistance.kind} ({resistance.who})"


def against_all(attack: Attack, resistances: tuple[Resistance, ...], *, dice: DiceSource,
                defence: DiceSource | None, shields: tuple[Block, ...] = ()) -> MobAttack:
    """A mob's one roll against every engaged target (see
    [`Attack.against_all`][rules_core.hubris.Attack.against_all])."""
    check_reach(attack, len(resistances))
    for resistance in resistances:
        check_target(attack, resistance)
    check_guards(shields, [r.who for r in resistances])
    with rolling_for(f"{attack.who}'s attack roll"):
        rolled = attack.roll_dice(dice)
    results = tuple(
        AttackResult(attack, r, rolled,
                     defend(r, defence, guarding(r.who, shields), rolled_for=_nth_target(n, r)),
                     guarding(r.who, shields))
        for n, r in enumerate(resistances, 1))
    return MobAttack(attack, rolled, results)


def autofire(attack: Attack, primary: Resistance, others: tuple[Resistance, ...], *,
             dice: DiceSource, defence: DiceSource | None,
             primary_too: bool = False, shields: tuple[Block, ...] = ()) -> Autofire:
    """The attack on ``primary`` and the spray on ``others`` (see
    [`Attack.autofire`][rules_core.hubris.Attack.autofire])."""
    automatic = spray_damage(attack)
    victims = ((primary,) if primary_too else ()) + others
    if not victims:
        raise AttackError(f"{attack.who}'s autofire sprays no one: nobody but "
                          f"{primary.who} is in the area, and the spray hits only the others "
                          f"there. List them in others=, or attack {primary.who} alone with "
                          "against()")
    for other in victims:
        if not other.is_defense:
            raise AttackError(f"{other.who} resists autofire with their own Defense, not "
                              f"{other.kind}")
    check_guards(shields, [primary.who, *(r.who for r in others)])
    hit = resolve(attack, primary, dice=dice, defence=defence,
                  shields=guarding(primary.who, shields))
    spray = replace(attack, damage=LETHAL, consequence=None, ongoing=None, task="autofire")
    why = f"autofire: half of Edge {attack.weapon.edge if attack.weapon else 0}, rounded up"
    sprayed = tuple(
        AttackResult(spray, r, None,
                     defend(r, defence, guarding(r.who, shields),
                            rolled_for=f"{r.who}'s {r.kind} against the spray"),
                     guarding(r.who, shields), automatic, why)
        for r in victims)
    return Autofire(attack, hit, sprayed)

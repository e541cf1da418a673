"""The state of a combat: who fights on which side, their harm and Destiny, what they hold,
the effects in play, and whose turn it is.

A Song of Ice and Fire Roleplaying, "Combat Actions": a turn is two Lesser actions or one
Greater action, and at most one attack; a defeated, yielded or pinned character acts no more
(a pinned one may only try to break free).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from rules_core.chronicle.actions import Action
from rules_core.chronicle.character import HEALTH_PER_ENDURANCE, Character
from rules_core.chronicle.defeat import Defeat
from rules_core.chronicle.destiny import DestinyPoints, StandingUse
from rules_core.chronicle.economy import TurnActions
from rules_core.chronicle.effects import Effects
from rules_core.chronicle.equipment import Mount, Weapon
from rules_core.chronicle.errors import ActionError, CombatError, HarmError
from rules_core.chronicle.harm import Harm
from rules_core.chronicle.readings import DEFAULT_READINGS, Readings


class CombatState:
    """Fighters in sides, with their harm, Destiny, weapons, mounts and effects.

    ``sides`` are characters or sequences of characters: each argument is a side, and a
    character's allies are the others on its side. ``readings`` apply to every test of the
    combat. Until [`begin_turn`][rules_core.chronicle.CombatState.begin_turn] is called,
    actions are not checked against a turn.
    """

    def __init__(self, *sides: Character | Sequence[Character],
                 readings: Readings = DEFAULT_READINGS) -> None:
        self.readings = readings
        self._people: dict[str, Character] = {}
        self._side: dict[str, int] = {}
        for number, side in enumerate(sides):
            for person in (side,) if isinstance(side, Character) else tuple(side):
                if person.name in self._people:
                    raise CombatError(f"two fighters are called {person.name}: give each "
                                      "character its own name")
                self._people[person.name] = person
                self._side[person.name] = number
        if not self._people:
            raise CombatError("a combat needs fighters: Combat(edric, [rorik, raider])")
        self._harm = {name: Harm(name, self._endurance(c)) for name, c in self._people.items()}
        self._destiny = {name: DestinyPoints(name, c.destiny) for name, c in self._people.items()}
        self._held = {name: list(c.weapons) for name, c in self._people.items()}
        self.ground: list[str] = []
        self.mounts: dict[str, Mount] = {}
        self.mount_moved: set[str] = set()
        self.prone: set[str] = set()
        self.grabbing: set[tuple[str, str]] = set()
        self.pins: dict[tuple[str, str], bool] = {}
        self.effects = Effects()
        self.turn: TurnActions | None = None
        self.moved: dict[str, int] = {}
        self.defeated_by: dict[str, tuple[str, Weapon | None]] = {}
        self.dishonored: dict[str, tuple[str, ...]] = {}
        self.yielded: set[str] = set()
        self.defeats: dict[str, Defeat] = {}
        self.standing: list[StandingUse] = []
        self.log: list[object] = []

    # -- who and what ------------------------------------------------------------------------
    def character(self, name: str) -> Character:
        """``name``'s sheet as it stands (maimed, for instance)."""
        if name not in self._people:
            raise CombatError(f"{name} is not in this combat ({', '.join(self._people)})")
        return self._people[name]

    def harm(self, name: str) -> Harm:
        """``name``'s Health, injuries and wounds."""
        self.character(name)
        return self._harm[name]

    def destiny(self, name: str) -> DestinyPoints:
        """``name``'s Destiny Points."""
        self.character(name)
        return self._destiny[name]

    def held(self, name: str) -> tuple[Weapon, ...]:
        """The weapons ``name`` holds, main hand first."""
        self.character(name)
        return tuple(self._held[name])

    def set_harm(self, name: str, harm: Harm) -> None:
        """Record ``name``'s harm after a blow, a recovery or a Destiny Point, or before the
        fight (a character who starts it hurt); the harm must be ``name``'s own, with the
        Endurance of ``name``'s sheet (Health is 3 × Endurance: the sheet already says it, so
        a harm that says otherwise is refused, with the harm the sheet gives)."""
        person = self.character(name)
        if harm.who != name:
            raise HarmError(f"that harm is {harm.who}'s, not {name}'s: build it as "
                            f"Harm({name!r}, ...) or from combat.harm({name!r})")
        endurance = self._endurance(person)
        if harm.endurance != endurance:
            raise HarmError(f"{name}'s sheet gives Endurance {endurance} (Health "
                            f"{HEALTH_PER_ENDURANCE * endurance}), not {harm.endurance}: write "
                            f"{_harm_call(harm, endurance)}")
        self._harm[name] = harm

    def swap(self, name: str, weapon: Weapon, new: Weapon | None) -> None:
        """``name`` holds ``new`` in place of ``weapon`` (None: no longer holds it)."""
        held = self._held[self.character(name).name]
        index = held.index(weapon)
        if new is None:
            del held[index]
        else:
            held[index] = new

    def hold(self, name: str, weapon: Weapon) -> None:
        """``name`` takes ``weapon`` in hand (after the ones held)."""
        self._held[self.character(name).name].append(weapon)

    def allies(self, name: str) -> tuple[str, ...]:
        """The others on ``name``'s side."""
        side = self._side[self.character(name).name]
        return tuple(n for n, s in self._side.items() if s == side and n != name)

    def opponents(self, name: str) -> tuple[str, ...]:
        """Everyone on another side."""
        side = self._side[self.character(name).name]
        return tuple(n for n, s in self._side.items() if s != side)

    def free_hand(self, name: str) -> bool:
        """Whether ``name`` has a hand free: fewer than two things held, none two-handed."""
        held = self.held(name)
        return len(held) < 2 and not any(w.has("Two-Handed") for w in held)

    def status(self, name: str) -> tuple[str, ...]:
        """``name``'s state in words: effects, prone, mounted, grabbing, pinned, defeated."""
        words = list(self.effects.names(name))
        words += ["prone"] if name in self.prone else []
        words += [f"mounted on the {self.mounts[name].name}"] if name in self.mounts else []
        words += [f"grabbing {b}" for a, b in sorted(self.grabbing) if a == name]
        words += [f"pinned by {a}" for a, b in sorted(self.pins) if b == name]
        words += ["yielded"] if name in self.yielded else []
        harm = self.harm(name)
        words += ["dead"] if harm.dead else ["defeated"] if harm.defeated else []
        return tuple(words)

    # -- turns -------------------------------------------------------------------------------
    def begin_turn(self, name: str) -> TurnActions:
        """``name``'s turn begins: effects to the start of this turn end; the mount is fresh."""
        self.able(name, acting=False)
        if self.turn is not None:
            self.end_turn()
        self.effects.begin_turn(name)
        for pin in self.pins:
            if pin[0] == name:
                self.pins[pin] = False
        self.mount_moved.discard(name)
        self.moved[name] = 0
        self.turn = TurnActions(name)
        return self.turn

    def end_turn(self) -> None:
        """The current turn ends; a pin its holder did not keep up ends too."""
        if self.turn is None:
            return
        name = self.turn.who
        self.effects.end_turn(name)
        for pin, kept in list(self.pins.items()):
            if pin[0] == name and not kept:
                del self.pins[pin]
        self.turn = None

    def take_action(self, name: str, action: Action, kind: str = "", what: str = "",
                    counts_as_attack: bool = False) -> None:
        """``name`` takes ``action`` on their turn (checked when a turn is running)."""
        self.able(name)
        if self.turn is None:
            return
        if self.turn.who != name:
            raise ActionError(f"it is {self.turn.who}'s turn: {name} acts on their own turn "
                              "(begin_turn)")
        self.turn.take(action, kind, what, counts_as_attack)

    def able(self, name: str, *, acting: bool = True) -> None:
        """Refuse unless ``name`` can act (alive, undefeated, not yielded, not pinned)."""
        harm = self.harm(name)
        if harm.defeated:
            raise CombatError(f"{name} is {'dead' if harm.dead else 'defeated'} and out of "
                              "the combat")
        if name in self.defeats:
            raise CombatError(f"{name} is out of the combat ({self.defeats[name].outcome})")
        if name in self.yielded:
            raise CombatError(f"{name} has yielded: re_enter() first (a dishonorable return)")
        if acting and any(b == name for _, b in self.pins):
            raise ActionError(f"{name} is pinned and can only try to break free "
                              "(break_free)")

    def target_of(self, attacker: str, target: str) -> None:
        """Refuse an attack on oneself or on someone out of the combat."""
        if attacker == target:
            raise CombatError(f"{attacker} cannot attack themself")
        harm = self.harm(target)
        if harm.defeated:
            raise CombatError(f"{target} is already {'dead' if harm.dead else 'defeated'}")
        if target in self.defeats:
            raise CombatError(f"{target} is out of the combat ({self.defeats[target].outcome})")

    def copy(self) -> CombatState:
        """An independent copy."""
        return copy.deepcopy(self)

    def _endurance(self, person: Character) -> int:
        if "Endurance" not in person.abilities:
            raise CombatError(f"{person.name} has no Endurance rank, and a combat keeps "
                              "everyone's Health (3 × Endurance): add it, e.g. "
                              "abilities={'Endurance': 3}")
        return person.rank("Endurance")

    def __repr__(self) -> str:
        return "<Combat: " + "; ".join(f"{name} {h.text()}" for name, h in
                                        self._harm.items()) + ">"


def _harm_call(harm: Harm, endurance: int) -> str:
    """``Harm('Bronn', 3, damage=5)``: ``harm`` as written with the sheet's ``endurance``."""
    fields = [f"{key}={value!r}" for key, value in (
        ("damage", harm.damage), ("injuries", harm.injuries), ("wounds", harm.wounds),
        ("dead", harm.dead)) if value]
    return f"Harm({', '.join([repr(harm.who), str(endurance), *fields])})"

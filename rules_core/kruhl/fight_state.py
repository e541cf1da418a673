"""The state of a fight, apart from the attacks: fighters, Endurance, conditions, turns,
movement, forced actions, rest and plot points (Kruhl 3e, "Order Of Play", "Types Of
Actions", "Endurance And Recovery", "Plot Points").
"""

from __future__ import annotations

import copy
from dataclasses import replace

from rules_core.explain import Explanation, TableView
from rules_core.kruhl.character import Character
from rules_core.kruhl.conditions import Conditions
from rules_core.kruhl.economy import MOVE, TurnActions
from rules_core.kruhl.endurance import Endurance
from rules_core.kruhl.errors import (
    ActionEconomyError,
    FightError,
    ForcedActionError,
    PlotPointError,
)
from rules_core.kruhl.plot_points import PlotPoints, Surge, surge
from rules_core.kruhl.turns import DEFENSIVE_ACTIONS, Turn, TurnOrder

FORCED_EFFECTS = {"dodge": ("dodging",),
                  "run for cover": ("sprinting", "cover", "clear of the area"),
                  "dive clear": ("prone", "clear of the area"),
                  "defensive spell": (), "protect someone": ()}
"""What each forced defensive action leaves until the character's next turn ("Dodging", "Running For
Cover": the character sprints clear of the area or behind cover)."""

Snapshot = tuple[dict[str, Character], dict[str, Endurance], Conditions]
"""What an attack may change, saved so a plot-point die bought afterwards can redo it."""


class FightState:
    """Fighters, their Endurance, conditions and plot points, and whose turn it is.

    With an ``order``, [`begin_turn`][rules_core.kruhl.FightState.begin_turn] follows it (and
    delayed turns); without one, turns are whatever the caller says. Until a turn begins,
    actions are not checked against the turn's move and standard action.
    """

    def __init__(self, *characters: Character, order: TurnOrder | None = None) -> None:
        self._people = {c.name: c for c in characters}
        if len(self._people) != len(characters) or not characters:
            raise FightError("a fight needs one or more characters with different names")
        self._end = {c.name: Endurance.of_rabble(c.name) if c.rabble
                     else Endurance(c.endurance, who=c.name) for c in characters}
        self.conditions = Conditions()
        self.order = order
        self.turn: TurnActions | None = None
        self._plot = {c.name: PlotPoints(1 if c.player else 0) for c in characters}
        self._surges: dict[str, tuple[Character, bool]] = {}

    def character(self, name: str) -> Character:
        """``name``'s sheet as it stands now (surged, disarmed)."""
        if name not in self._people:
            raise FightError(f"{name} is not in this fight ({', '.join(self._people)})")
        return self._people[name]

    def endurance(self, name: str) -> Endurance:
        """``name``'s Endurance."""
        self.character(name)
        return self._end[name]

    def status(self, name: str) -> tuple[str, ...]:
        """``name``'s conditions (restrained, prone, dodging…), sorted."""
        self.character(name)
        return self.conditions.of(name)

    def damage(self, name: str, *, stunning: bool = False) -> Endurance:
        """``name`` loses 1 END (from a successful attack, or a fall the GM rules)."""
        self._end[name] = self.endurance(name).hit(stunning=stunning)
        return self._end[name]

    def take_item(self, name: str, item: str) -> None:
        """``name`` no longer holds ``item``."""
        held = dict(self.character(name).equipment)
        held.pop(item, None)
        self._people[name] = replace(self._people[name], equipment=held)

    def copy(self) -> FightState:
        """An independent copy."""
        return copy.deepcopy(self)

    def rows(self) -> tuple[tuple[str, str, str, str], ...]:
        """One row per fighter: Endurance, conditions, plot points."""
        return tuple((name, self._end[name].text(), ", ".join(self.conditions.of(name)) or "–",
                      str(self._plot[name].count)) for name in self._people)

    def explain(self) -> Explanation:
        """The fighters' state as a table."""
        table = TableView("Fighters", ("Who", "Endurance", "Conditions", "Plot points"),
                          self.rows())
        return Explanation(title="The fight so far", tables=(table,))

    def __repr__(self) -> str:
        people = [f"{name} {end}" + (f", {cond}" if cond != "–" else "")
                  for name, end, cond, _ in self.rows()]
        return f"<Fight: {'; '.join(people)}>"

    # -- turns and movement ---------------------------------------------------------------
    def begin_turn(self, name: str) -> TurnActions:
        """``name``'s turn begins: dodging and last turn's movement end, a surge fades."""
        self._able(name)
        if self.order is not None:
            if name in self.order.holding:
                self.order.act_delayed(name)
            else:
                self.order.take_turn(name)
        self.conditions.next_turn(name)
        if name in self._surges and not self._surges[name][1]:
            self._people[name] = self._surges.pop(name)[0]
        self.turn = TurnActions(name)
        return self.turn

    def end_turn(self) -> None:
        """The current turn ends; until the next begins, actions are not checked."""
        self.turn = None

    def move(self, name: str, pace: str = MOVE, what: str = "") -> None:
        """A move action: a move, a double move (running) or an all-out move (sprinting)."""
        if self.conditions.has(name, "restrained"):
            raise ActionEconomyError(f"{name} is restrained and cannot use move actions "
                                     "until they break free")
        self.conditions.add(name, self._own_turn(name).move(pace, what))

    def stand_up(self, name: str) -> None:
        """Standing up from prone takes the move action."""
        self.move(name, MOVE, "stand up")
        self.conditions.remove(name, "prone", "moving")

    def dodge(self, name: str) -> None:
        """Dodge (the standard action): a bonus die on defense until the next turn."""
        self._own_turn(name).standard("dodge")
        self.conditions.add(name, "dodging")

    def force(self, name: str, action: str = "dodge") -> Turn | None:
        """A forced defensive action now, paid for with the next available turn."""
        self._able(name)
        if action not in FORCED_EFFECTS:
            raise ForcedActionError(f"a forced action must be defensive "
                                    f"({', '.join(DEFENSIVE_ACTIONS)}), not {action!r}")
        turn = self.order.force(name, action) if self.order is not None else None
        self.conditions.add(name, *FORCED_EFFECTS[action])
        return turn

    # -- after the fight, and plot points --------------------------------------------------
    def end_scene(self) -> None:
        """The scene ends: blindness and terror fade, grapples end, surges fade."""
        self.conditions.end_scene()
        for name, (before, _) in self._surges.items():
            self._people[name] = before
        self._surges.clear()

    def rest(self, name: str) -> Endurance:
        """An hour's rest after the fight."""
        self._end[name] = self.endurance(name).rest()
        return self._end[name]

    def night(self, name: str) -> Endurance:
        """A night's sleep."""
        self._end[name] = self.endurance(name).night()
        return self._end[name]

    def plot_points(self, name: str) -> PlotPoints:
        """``name``'s plot points (player characters start with one)."""
        self.character(name)
        return self._plot[name]

    def give_plot_point(self, name: str, n: int = 1) -> None:
        """``name`` earns ``n`` plot points."""
        self._plot[name] = self.plot_points(name).gain(n)

    def spend_plot_point(self, name: str, use: str, *, attribute: str = "",
                         scene: bool = False) -> Endurance | Surge | None:
        """Spend a plot point: ``escape`` (every grapple on ``name`` ends), ``rally`` (half
        the lost END back), ``surge`` (``attribute`` +1 until the next turn, or the scene),
        ``inspiration`` or ``retcon``. A bonus die goes through ``plot_point_die``."""
        if use == "bonus die":
            raise PlotPointError("buy a bonus die with plot_point_die(name, dice=...)")
        self._plot[name] = self.plot_points(name).spend(use)
        if use == "escape":
            for holder in self.conditions.holders_of(name):
                self.conditions.grapples.discard((holder, name))
        elif use == "rally":
            self._end[name] = self._end[name].rally()
            return self._end[name]
        elif use == "surge":
            before = self._surges.get(name, (self.character(name), scene))[0]
            raised = surge(self.character(name), attribute, scene=scene)
            self._people[name] = raised.after
            self._surges[name] = (before, scene)
            return raised
        return None

    # -- helpers ----------------------------------------------------------------------------
    def _own_turn(self, name: str) -> TurnActions:
        """The turn ``name`` acts in (a scratch one when turns are not tracked)."""
        if self.turn is None:
            return TurnActions(name)
        if self.turn.who != name:
            raise ActionEconomyError(
                f"it is {self.turn.who}'s turn: {name} acts on their own turn "
                "(begin_turn), or forces a defensive action (force)"
            )
        return self.turn

    def _able(self, name: str) -> None:
        if self.endurance(name).defeated:
            raise FightError(f"{name} is defeated (END 0) and out of the fight")

    def _snapshot(self) -> Snapshot:
        return copy.deepcopy((self._people, self._end, self.conditions))

    def _restore(self, state: Snapshot) -> None:
        self._people, self._end, self.conditions = copy.deepcopy(state)

"""Effects that last a while in a combat: until a turn starts or ends, until the next test,
until the combat ends.

"Combat Actions" and its critical and fumble tables give each effect its span: a Cautious
Attack's +3 Combat Defense lasts "until the start of your next turn"; Slippery Grip "until the
end of your next turn"; Aim until the next Fighting or Marksmanship test; an Impressive
Death's +1B "for the duration of the combat". An effect created during its holder's own turn
lasts through the *next* turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

START = "until the start of the next turn"
"""Ends when the holder's next turn begins."""

END = "until the end of the next turn"
"""Ends when the holder's next turn ends."""

THIS_TURN = "this turn"
"""Ends when the current turn ends."""

NEXT_TEST = "until the next test"
"""Ends once a test it applies to is rolled."""

COMBAT = "for the combat"
"""Lasts until the combat ends."""


@dataclass(frozen=True)
class Effect:
    """An effect on ``holder``: its ``name``, its ``span``, an ``amount`` (+3 Combat Defense,
    1 penalty die…), a ``detail`` (the ability an assist helps, a trigger) and whether the
    holder's next turn has begun (``armed``, for effects that last to its end)."""

    holder: str
    name: str
    span: str
    amount: int = 0
    detail: str = ""
    armed: bool = False

    def text(self) -> str:
        """``cautious (+3) until the start of the next turn``."""
        amount = f" ({self.amount:+d})" if self.amount else ""
        detail = f" [{self.detail}]" if self.detail else ""
        return f"{self.name}{amount}{detail} {self.span}"


class Effects:
    """The effects in play, with the turn boundaries that end them.

    Examples:
        >>> effects = Effects()
        >>> effects.add(Effect("Edric", "slippery grip", END, -1))
        >>> effects.begin_turn("Edric"); effects.names("Edric")
        ('slippery grip',)
        >>> effects.end_turn("Edric"); effects.names("Edric")
        ()
    """

    def __init__(self) -> None:
        self.active: list[Effect] = []

    def add(self, effect: Effect) -> None:
        """Put ``effect`` in play."""
        self.active.append(effect)

    def of(self, holder: str, name: str = "") -> tuple[Effect, ...]:
        """``holder``'s effects (named ``name``, if given)."""
        return tuple(e for e in self.active if e.holder == holder and name in ("", e.name))

    def has(self, holder: str, name: str) -> bool:
        """Whether ``holder`` has an effect named ``name``."""
        return bool(self.of(holder, name))

    def names(self, holder: str) -> tuple[str, ...]:
        """The names of ``holder``'s effects, in the order they came."""
        return tuple(dict.fromkeys(e.name for e in self.of(holder)))

    def remove(self, holder: str, name: str) -> tuple[Effect, ...]:
        """End ``holder``'s effects named ``name``; return them."""
        gone = self.of(holder, name)
        self.active = [e for e in self.active if e not in gone]
        return gone

    def discard(self, effects: tuple[Effect, ...]) -> None:
        """End these effects."""
        self.active = [e for e in self.active if e not in effects]

    def begin_turn(self, holder: str) -> None:
        """``holder``'s turn begins: effects to the start of it end; effects to the end of
        the next turn now run to the end of this one."""
        kept = []
        for effect in self.active:
            if effect.holder == holder and effect.span == START:
                continue
            if effect.holder == holder and effect.span == END:
                effect = replace(effect, armed=True)
            kept.append(effect)
        self.active = kept

    def end_turn(self, holder: str) -> None:
        """``holder``'s turn ends: effects of this turn, and armed effects, end."""
        self.active = [e for e in self.active if not (
            e.holder == holder and (e.span == THIS_TURN or (e.span == END and e.armed)))]

    def clear(self) -> None:
        """The combat is over: every effect ends."""
        self.active = []

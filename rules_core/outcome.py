"""How a roll or an action turned out: a word, whether it succeeded, and a tone.

Most results are a plain success or failure; some systems grade them further (an
exceptional success and a dramatic failure, a critical success and a fumble), and some have
outcomes between the two (a partial success: the roller gets it, at a cost). An outcome is
data: a system that needs one the core does not have declares it in its own package, with
a [`Tone`][rules_core.marks.Tone] of its own if none of the core's fits. The card draws the
word and the tone from the outcome, whatever the system.

The core's ready-made outcomes are ``Outcome.NONE`` (neither: a table, a state),
``Outcome.SUCCESS``, ``Outcome.FAILURE``, ``Outcome.EXCEPTIONAL_SUCCESS``,
``Outcome.DRAMATIC_FAILURE``, ``Outcome.CRITICAL_SUCCESS`` and ``Outcome.FUMBLE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.marks import Tone


@dataclass(frozen=True)
class Outcome:
    """An outcome: ``word`` as a reader says it (``"dramatic failure"``), whether it
    ``succeeded`` (``None``: neither), and the ``tone`` its verdict is drawn in (``None``:
    no verdict is drawn).

    Examples:
        A partial success counts as a success, in a tone of its own:

        >>> from rules_core.marks import Tone
        >>> partial = Outcome("partial success", True,
        ...                   Tone("partial", "#8a5a00", "#f0b75a", glyph="◐"))
        >>> partial.label, partial.succeeded, partial.tone.name
        ('Partial success', True, 'partial')
    """

    word: str
    succeeded: bool | None = None
    tone: Tone | None = None

    NONE: ClassVar[Outcome]
    """Neither success nor failure: a table, a state, a roll with nothing to beat."""
    SUCCESS: ClassVar[Outcome]
    """A plain success."""
    FAILURE: ClassVar[Outcome]
    """A plain failure."""
    EXCEPTIONAL_SUCCESS: ClassVar[Outcome]
    """A success graded above a plain one."""
    DRAMATIC_FAILURE: ClassVar[Outcome]
    """A failure graded below a plain one."""
    CRITICAL_SUCCESS: ClassVar[Outcome]
    """A critical success."""
    FUMBLE: ClassVar[Outcome]
    """A fumble (a failure)."""

    @property
    def label(self) -> str:
        """The verdict as a card shows it: ``Success``, ``Dramatic failure``."""
        return self.word.capitalize()

    @classmethod
    def of(cls, succeeded: bool) -> Outcome:
        """``SUCCESS`` or ``FAILURE``."""
        return cls.SUCCESS if succeeded else cls.FAILURE

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        """``<Outcome.FUMBLE: 'fumble'>`` for the core's own, ``<Outcome: 'partial
        success'>`` for a system's."""
        name = next((n for n in _READY_MADE if getattr(Outcome, n) == self), "")
        return f"<Outcome{'.' + name if name else ''}: {self.word!r}>"


_READY_MADE = ("NONE", "SUCCESS", "FAILURE", "EXCEPTIONAL_SUCCESS", "DRAMATIC_FAILURE",
               "CRITICAL_SUCCESS", "FUMBLE")

Outcome.NONE = Outcome("")
Outcome.SUCCESS = Outcome("success", True, Tone.SUCCESS)
Outcome.FAILURE = Outcome("failure", False, Tone.FAILURE)
Outcome.EXCEPTIONAL_SUCCESS = Outcome("exceptional success", True, Tone.SUCCESS)
Outcome.DRAMATIC_FAILURE = Outcome("dramatic failure", False, Tone.FAILURE)
Outcome.CRITICAL_SUCCESS = Outcome("critical success", True, Tone.SUCCESS)
Outcome.FUMBLE = Outcome("fumble", False, Tone.FAILURE)

"""A roll a reader can make: a system's own description of one roll, as fields and a rule.

Each system describes the roll its readers most want to try (a pool and an attribute, bonus
or penalty dice, a target…) as a [`RollForm`][rules_core.roll_form.RollForm]: the fields a
reader sets, each with its bounds, and the function that rolls them by the system's rules
and returns a result that explains itself. The site draws the form from these fields and
rolls it with this same engine in the reader's browser, so no rule lives anywhere else.

Values arrive from a form or a link as text: [`RollForm.read`][rules_core.roll_form.RollForm.read]
turns them into numbers and choices, or refuses them with a
[`RollFormError`][rules_core.roll_form.RollFormError] that names the field and what it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules_core.dice import DiceSource
from rules_core.errors import RulesError
from rules_core.explain import Explained, Explanation


class RollFormError(RulesError):
    """A value a roll form cannot take: it names the field and what the field takes."""


@dataclass(frozen=True)
class NumberField:
    """A whole number from ``minimum`` to ``maximum`` (a pool, a rating, a count of dice).

    Examples:
        >>> NumberField("skill", "Skill dice", 2, 0, 10).read("3")
        3
    """

    name: str
    label: str
    default: int
    minimum: int
    maximum: int
    help: str = ""

    def read(self, raw: object) -> int:
        """``raw`` as a number within the bounds, or a ``RollFormError``."""
        text = str(raw).strip()
        if not (text.lstrip("-").isdigit() and len(text) <= 6):
            raise RollFormError(f"{self.label} must be a whole number from {self.minimum} to "
                                f"{self.maximum}, not {_given(text)}")
        value = int(text)
        if not self.minimum <= value <= self.maximum:
            raise RollFormError(f"{self.label} must be from {self.minimum} to {self.maximum}, "
                                f"not {value}")
        return value


@dataclass(frozen=True)
class ChoiceField:
    """One of a few named options (a training, an action, a difficulty).

    ``choices`` are ``(value, label)`` pairs: the value travels in a link, the label is what
    the reader reads.

    Examples:
        >>> ChoiceField("training", "Training", "skilled",
        ...             (("skilled", "Skilled"), ("expert", "Expert"))).read("expert")
        'expert'
    """

    name: str
    label: str
    default: str
    choices: tuple[tuple[str, str], ...]
    help: str = ""

    def read(self, raw: object) -> str:
        """``raw`` if it is one of the choices' values, or a ``RollFormError``."""
        text = str(raw).strip()
        values = [value for value, _label in self.choices]
        if text not in values:
            raise RollFormError(f"{self.label} must be one of {', '.join(values)}, "
                                f"not {_given(text)}")
        return text


Field = NumberField | ChoiceField
"""A field of a roll form."""

Values = Mapping[str, int | str]
"""A roll form's values, read: each field's name → its number or choice."""


@dataclass(frozen=True)
class RollForm:
    """A roll a reader can make, described by its system.

    ``title`` names it (``Roll a 'Verses action``); ``fields`` are what the reader sets;
    ``roll`` takes the values read and a dice source (every die of the roll comes from it, in
    the order the rules roll them) and returns a result that explains itself; ``intro``
    says in a sentence what the roll is.

    Examples:
        >>> from rules_core.dice import ScriptedDice
        >>> from rules_core.procedure import CountAtLeast, Procedure
        >>> from rules_core.rolled_pool import RolledPool
        >>> form = RollForm("Roll a pool", (NumberField("dice", "Dice", 3, 1, 10),),
        ...                 lambda values, dice: RolledPool.of(
        ...                     "You", Procedure(int(values["dice"]), 6, (), CountAtLeast(5)),
        ...                     dice))
        >>> form.make({"dice": "2"}, ScriptedDice("6 1")).title
        'You: 2d6'
    """

    title: str
    fields: tuple[Field, ...]
    roll: Callable[[Values, DiceSource], Explained]
    intro: str = ""

    def read(self, raw: Mapping[str, object]) -> dict[str, int | str]:
        """Every field's value from ``raw`` (its default where ``raw`` has none); a name
        that is no field of this form is refused."""
        names = {field.name for field in self.fields}
        unknown = sorted(set(raw) - names)
        if unknown:
            raise RollFormError(f"{self.title} has no field {unknown[0]!r}: its fields are "
                                f"{', '.join(field.name for field in self.fields)}")
        return {field.name: field.read(raw[field.name]) if field.name in raw else field.default
                for field in self.fields}

    def make(self, raw: Mapping[str, object], dice: DiceSource) -> Explanation:
        """Read ``raw``, roll it with ``dice`` and return the result's explanation."""
        return self.roll(self.read(raw), dice).explain()


def _given(text: str) -> str:
    """What a reader typed, as an answer quotes it: ``“12x”``, or ``empty`` for nothing."""
    return f"“{text[:20]}”" if text else "empty"

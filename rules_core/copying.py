"""What a page session copies when a check tries a move without changing the page.

A ``rules-check`` block runs on a copy of everything the page defined before it. A value is
copied by the first rule that fits:

- immutable values (frozen dataclasses, enums, strings, numbers, tuples of them) are shared:
  nothing a check does can change them;
- a [`Copyable`][rules_core.copying.Copyable] value (a scene, a fight, a turn order) gives
  its own copy;
- anything else is deep-copied.
"""

from __future__ import annotations

import copy
import enum
import types
from typing import Any, Protocol, Self, runtime_checkable

_ATOMIC = (str, bytes, int, float, complex, bool, type(None), range, enum.Enum,
           types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType)


@runtime_checkable
class Copyable(Protocol):
    """A stateful result that knows how to copy itself independently."""

    def copy(self) -> Self:
        """An independent copy: a move made on it leaves the original as it was."""
        ...


def is_immutable(value: object) -> bool:
    """Whether nothing can change ``value`` (so a copy may share it)."""
    if isinstance(value, _ATOMIC):
        return True
    if isinstance(value, tuple | frozenset):
        return all(is_immutable(item) for item in value)
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def independent_copy(value: Any) -> Any:
    """A copy of ``value`` that a move cannot change through the original (see above)."""
    if is_immutable(value):
        return value
    if isinstance(value, Copyable) and not isinstance(value, dict | list | set):
        return value.copy()
    return copy.deepcopy(value)

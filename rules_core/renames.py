"""Old names kept for one version after a rename, each saying what replaced it.

A public name of the engine that is renamed (so that results of one kind name the same thing
the same way, in every system) keeps working under its old name for one minor version: each
use warns with a ``DeprecationWarning`` that names the new spelling and the version that
drops the old one. A page's examples and an author's code keep running while they are moved
over; the CHANGELOG lists each rename.

Two kinds of name are renamed here, each by one helper, and anything else by a warning:

* an attribute or property of a class:
  [`renamed_attribute`][rules_core.renames.renamed_attribute], as a class attribute;
* a module's function or class: [`renamed_callable`][rules_core.renames.renamed_callable],
  in the module's namespace;
* an argument or a dataclass field kept under its old name (an ``InitVar``):
  [`warn_renamed`][rules_core.renames.warn_renamed], where the old one is read.

Examples:
    >>> import warnings
    >>> class Order:
    ...     def __init__(self) -> None:
    ...         self.order = ("Mara", "Rook")
    ...     coming = renamed_attribute("Order", "coming", "order")
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     Order().coming
    ('Mara', 'Rook')
    >>> print(said[0].message)
    Order.coming is renamed Order.order (the old name goes in 0.5.0)
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

REMOVED_IN = "0.5.0"
"""The version that drops every old name kept here (one minor version after the renames)."""

_Callable = TypeVar("_Callable", bound=Callable[..., Any])


def _warn(old: str, new: str, stacklevel: int = 3) -> None:
    warnings.warn(f"{old} is renamed {new} (the old name goes in {REMOVED_IN})",
                  DeprecationWarning, stacklevel=stacklevel)


def warn_renamed(old: str, new: str) -> None:
    """Warn that ``old`` (an argument, a field) is renamed ``new``: for a rename the two
    helpers below do not fit, such as a dataclass field kept as an ``InitVar``."""
    _warn(old, new, stacklevel=4)


def renamed_attribute(owner: str, old: str, new: str) -> property:
    """A property of the class ``owner`` under its ``old`` name that reads (and, where the
    new one can be set, sets) the attribute ``new``, warning each time."""

    def get(self: Any) -> Any:
        _warn(f"{owner}.{old}", f"{owner}.{new}")
        return getattr(self, new)

    def set_(self: Any, value: Any) -> None:
        _warn(f"{owner}.{old}", f"{owner}.{new}")
        setattr(self, new, value)

    return property(get, set_, doc=f"Renamed ``{new}``; this old name goes in "
                                     f"{REMOVED_IN}.")


def renamed_callable(module: str, old: str, function: _Callable) -> _Callable:
    """``function`` (a function or a class) under its ``old`` name in ``module``: calling it
    warns, then calls the new one."""
    new = getattr(function, "__name__", repr(function))

    @functools.wraps(function)
    def call_old(*args: Any, **kwargs: Any) -> Any:
        _warn(f"{module}.{old}", f"{module}.{new}")
        return function(*args, **kwargs)

    call_old.__name__ = call_old.__qualname__ = old
    call_old.__doc__ = f"Renamed ``{new}``; this old name goes in {REMOVED_IN}."
    return call_old  # type: ignore[return-value]

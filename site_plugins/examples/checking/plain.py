"""Results as plain data: what a page's process tells the checker, and how the checker reads it.

A page's examples run in a process of their own (:mod:`~site_plugins.examples.checking.worker`), and
what they made crosses to the build as **JSON**: text, numbers, lists and objects, never a
pickle. The build reads it back with no code of the page's choosing:

* :func:`encode` (in the page's process) turns a run into plain values. Results are the
  engine's frozen dataclasses (an :class:`~rules_core.explain.Explanation`, a
  :class:`~rules_core.explain.StatLine` and what they hold); each is written as the name of
  its class and its fields. Anything else (a class of the page's own, a function) is refused
  with :class:`PlainDataError`, which the page's process reports at the example's line.
* :func:`decode` (in the build) rebuilds a value of an expected type. A class is only ever
  one the build has already imported from the engine (``rules_core``), never imported on
  the data's say-so, and only where the field's type admits it; every field is checked
  against its type, so a renderer never meets a ``str`` where a view was due. Anything else
  is :class:`PlainDataError`: the build reports the page, not a traceback of its own.

The run's own frame (its steps, rolls, bound values) is written by hand
(:func:`run_to_data`, :func:`run_from_data`): the build joins it to the example as *it* read
the page, so the page's process never tells the build what the page says.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any

from site_plugins.examples.language.bound_values import BoundRun
from site_plugins.examples.language.contracts import ContractRun
from site_plugins.examples.language.lexer import Example
from site_plugins.examples.language.session import DiceMode, ExampleRun, StepRun

__all__ = ["PlainDataError", "decode", "encode", "run_from_data", "run_to_data"]

#: The package whose classes may cross: the engine's results and what they are made of.
ENGINE_PACKAGE = "rules_core"
#: Deepest nesting a value may have (an explanation is four or five levels deep).
MAX_DEPTH = 32
#: Largest whole number that crosses (Python writes no number past 4,300 digits as text).
MAX_INT_DIGITS = 4_000
MAX_INT_BITS = int(MAX_INT_DIGITS * math.log2(10))


class PlainDataError(ValueError):
    """A value that cannot cross as plain data, or data that is not a value of its type."""


# -- encoding (in the page's process) ---------------------------------------------------------

def encode(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-ready plain data (see the module's docstring)."""
    if depth > MAX_DEPTH:
        raise PlainDataError(f"a value nested more than {MAX_DEPTH} deep")
    cls = type(value)
    if isinstance(value, enum.Enum):  # before str and int: a StrEnum is both
        if not _is_engine_class(cls):
            raise PlainDataError(_foreign(cls))
        return {"_enum": _class_name(cls), "value": encode(value.value, depth + 1)}
    if value is None or cls in (bool, str):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        if value.bit_length() > MAX_INT_BITS:  # JSON would write it out: Python refuses to
            raise PlainDataError(f"a number of more than {MAX_INT_DIGITS:,} digits")
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PlainDataError(f"the number {value!r}")
        return float(value)
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value, key=repr) if isinstance(value, frozenset) else value
        return {"_" + _container(value): [encode(item, depth + 1) for item in items]}
    if dataclasses.is_dataclass(value) and _is_engine_class(cls):
        return {"_class": _class_name(cls),
                "fields": {f.name: encode(getattr(value, f.name), depth + 1)
                           for f in dataclasses.fields(value) if f.init}}
    raise PlainDataError(_foreign(cls))


def _foreign(cls: type) -> str:
    name = cls.__qualname__
    article = "an" if name[:1].lower() in "aeiou" else "a"
    return (f"{article} {name} (from {cls.__module__}), which is not one of the engine's "
            "result types")


def _container(value: tuple[Any, ...] | list[Any] | frozenset[Any]) -> str:
    return "tuple" if isinstance(value, tuple) else "list" if isinstance(value, list) \
        else "frozenset"


def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _is_engine_class(cls: type) -> bool:
    module = cls.__module__
    return module == ENGINE_PACKAGE or module.startswith(ENGINE_PACKAGE + ".")


# -- decoding (in the build) ------------------------------------------------------------------

def decode(data: Any, hint: Any, where: str = "the value", depth: int = 0) -> Any:
    """Plain ``data`` read back as a value of type ``hint`` (a class, ``X | Y``,
    ``tuple[X, ...]``, ``list[X]``, ``frozenset[X]``), or :class:`PlainDataError`."""
    if depth > MAX_DEPTH:
        raise PlainDataError(f"{where} is nested more than {MAX_DEPTH} deep")
    origin = typing.get_origin(hint)
    if hint is Any:
        if data is None or isinstance(data, bool | int | float | str):
            return data
        raise PlainDataError(f"{where}: expected a plain value, got {_what(data)}")
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arm in typing.get_args(hint):
            try:
                return decode(data, arm, where, depth)
            except PlainDataError as error:
                errors.append(str(error))
        raise PlainDataError(errors[-1] if len(errors) == 1 else
                             f"{where}: {_what(data)} is none of {_hint_name(hint)}")
    if hint is type(None):
        if data is None:
            return None
        raise PlainDataError(f"{where}: expected nothing (None), got {_what(data)}")
    if hint in (str, bool):
        if type(data) is hint:
            return data
        raise PlainDataError(f"{where}: expected {hint.__name__}, got {_what(data)}")
    if hint is int:
        if type(data) is int:
            return data
        raise PlainDataError(f"{where}: expected a whole number, got {_what(data)}")
    if hint is float:
        if type(data) in (int, float) and math.isfinite(data):
            return float(data)
        raise PlainDataError(f"{where}: expected a number, got {_what(data)}")
    if origin in (tuple, list, frozenset):
        return _decode_container(data, hint, origin, where, depth)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not (isinstance(data, dict) and set(data) == {"_enum", "value"}
                and data["_enum"] == _class_name(hint)):
            raise PlainDataError(f"{where}: expected a {hint.__name__}, got {_what(data)}")
        try:
            return hint(data["value"])
        except ValueError:
            raise PlainDataError(f"{where}: {data['value']!r:.60} is no "
                                 f"{hint.__name__}") from None
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_engine_class(hint)):
        return _decode_dataclass(data, hint, where, depth)  # an engine base: its dataclasses
    raise PlainDataError(f"{where}: values of type {_hint_name(hint)} cannot be read")


def _decode_container(data: Any, hint: Any, origin: type, where: str, depth: int) -> Any:
    key = "_" + origin.__name__
    if not (isinstance(data, dict) and set(data) == {key} and isinstance(data[key], list)):
        raise PlainDataError(f"{where}: expected a {origin.__name__}, got {_what(data)}")
    items = data[key]
    args = typing.get_args(hint)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(items) != len(args):
            raise PlainDataError(f"{where}: expected {len(args)} items, got {len(items)}")
        return tuple(decode(item, arg, f"{where}[{i}]", depth + 1)
                     for i, (item, arg) in enumerate(zip(items, args, strict=True)))
    arg = args[0] if args else Any
    values = [decode(item, arg, f"{where}[{i}]", depth + 1) for i, item in enumerate(items)]
    try:
        return origin(values)
    except TypeError as error:  # an unhashable item of a frozenset
        raise PlainDataError(f"{where}: {error}") from None


def _decode_dataclass(data: Any, hint: type, where: str, depth: int) -> Any:
    if not (isinstance(data, dict) and set(data) == {"_class", "fields"}
            and isinstance(data["_class"], str) and isinstance(data["fields"], dict)):
        raise PlainDataError(f"{where}: expected a {hint.__name__}, got {_what(data)}")
    cls = _known_class(data["_class"])
    if cls is None or not issubclass(cls, hint):
        raise PlainDataError(f"{where}: expected a {hint.__name__}, got a "
                             f"{data['_class']!r:.80}")
    hints = _field_hints(cls)
    fields: Mapping[str, Any] = data["fields"]
    unknown = set(fields) - set(hints)
    if unknown:
        raise PlainDataError(f"{where}: a {cls.__name__} has no field {sorted(unknown)[0]!r:.40}")
    values = {name: decode(value, hints[name], f"{where}.{name}", depth + 1)
              for name, value in fields.items()}
    try:
        return cls(**values)
    except Exception as error:  # the class's own checks refused the values
        raise PlainDataError(f"{where}: not a valid {cls.__name__} "
                             f"({type(error).__name__}: {error})") from None


def _known_class(name: str) -> type | None:
    """The engine class ``module:qualname`` names, if the build has imported it (never
    imported here: the data does not choose what code the build loads)."""
    module_name, _, qualname = name.partition(":")
    if not (module_name == ENGINE_PACKAGE or module_name.startswith(ENGINE_PACKAGE + ".")):
        return None
    module = sys.modules.get(module_name)
    if module is None or "." in qualname or not qualname.isidentifier():
        return None
    cls = vars(module).get(qualname)
    if isinstance(cls, type) and cls.__module__ == module_name and (
            dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum)):
        return cls
    return None


_HINTS: dict[type, dict[str, Any]] = {}


def _field_hints(cls: type) -> dict[str, Any]:
    """The types of ``cls``'s constructor fields (read once per class)."""
    if cls not in _HINTS:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}
    return _HINTS[cls]


def _what(data: Any) -> str:
    if isinstance(data, dict) and "_class" in data:
        return f"a {str(data['_class']).partition(':')[2]!r:.60}"
    if isinstance(data, dict) and len(data) == 1:
        return f"a {next(iter(data)).lstrip('_')!r:.20}"
    return f"{type(data).__name__} {data!r:.60}"


def _hint_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


# -- a run's frame ----------------------------------------------------------------------------

#: The fields of a step's run that cross, with their types (its ``step`` is the build's own).
_STEP_FIELDS = {f.name: f for f in dataclasses.fields(StepRun) if f.name != "step"}
#: The fields of a bound value's run that cross, with their types (its binding is the
#: build's own).
_BOUND_FIELDS = {"text": str, "error": str, "raised": str, "unmade": str, "size": int,
                 "stopped": str}
#: How a card's reroll contract went: each field and its type.
_CONTRACT_FIELDS = {"held": bool, "tries": int, "kept": int, "error": str}


def run_to_data(run: ExampleRun) -> dict[str, Any]:
    """What a page's process sends of an example's run (without the example itself)."""
    return {
        "steps": [{name: encode(getattr(step, name)) for name in _STEP_FIELDS}
                  for step in run.steps],
        "rolls": encode(run.rolls),
        "cast": encode(run.cast),
        "bound": [{name: getattr(b, name) for name in _BOUND_FIELDS} for b in run.bound],
        "contract": None if run.contract is None else {
            name: getattr(run.contract, name) for name in _CONTRACT_FIELDS},
    }


def run_from_data(data: Any, example: Example) -> ExampleRun:
    """An example's run from what its page's process sent, joined to ``example`` as the
    build read it; :class:`PlainDataError` if the data is not such a run."""
    if not (isinstance(data, dict)
            and set(data) == {"steps", "rolls", "cast", "bound", "contract"}):
        raise PlainDataError(f"a run: expected its steps, rolls, cast, bound values and "
                             f"contract, got {_what(data)}")
    steps, bound = data["steps"], data["bound"]
    if not isinstance(steps, list) or len(steps) > len(example.steps):
        raise PlainDataError(f"a run of {_what(steps)} steps, for an example of "
                             f"{len(example.steps)}")
    if not isinstance(bound, list) or len(bound) not in (0, len(example.bindings)):
        raise PlainDataError(f"{_what(bound)} bound values, for an example of "
                             f"{len(example.bindings)}")
    hints = typing.get_type_hints(StepRun)
    run = ExampleRun(example, DiceMode())
    for index, (step, fields) in enumerate(zip(example.steps, steps, strict=False)):
        if not (isinstance(fields, dict) and set(fields) == set(_STEP_FIELDS)):
            raise PlainDataError(f"step {index + 1}: expected the fields of a step's run")
        run.steps.append(StepRun(step, **{
            name: decode(value, hints[name], f"step {index + 1}'s {name}")
            for name, value in fields.items()}))
    run.rolls = decode(data["rolls"], tuple[tuple[int, ...], ...], "the rolls")
    run.cast = decode(data["cast"], typing.get_type_hints(ExampleRun)["cast"], "the cast")
    for binding, fields in zip(example.bindings, bound, strict=False):
        if not (isinstance(fields, dict) and set(fields) == set(_BOUND_FIELDS)
                and all(type(fields[name]) is kind for name, kind in _BOUND_FIELDS.items())):
            raise PlainDataError(f"the bound value at line {binding.line}: expected its text")
        run.bound.append(BoundRun(binding, **fields))
    run.contract = _contract_from_data(data["contract"], example)
    return run


def _contract_from_data(data: Any, example: Example) -> ContractRun | None:
    """How a card's contract went, from the plain data; ``None`` where it has no ``keep``."""
    if data is None and (example.contract is None or not example.contract.keep):
        return None
    if not (isinstance(data, dict) and set(data) == set(_CONTRACT_FIELDS)
            and all(type(data[name]) is kind for name, kind in _CONTRACT_FIELDS.items())):
        raise PlainDataError(f"the reroll contract: expected how it went, got {_what(data)}")
    return ContractRun(**data)

"""The engine's docstrings: every public name has one, and their examples are true.

The engine reference (docs/reference/) is generated from the docstrings by mkdocstrings, which
reads them with griffe. So this file reads them with griffe too: whatever griffe sees is what
the reference shows, including the docstring of a constant (a string right after the
assignment: griffe does not read ``#:`` comments). Public means: a module; a module-level name
not starting with ``_`` (and listed in ``__all__`` where the module has one); a public method
or property of any class (a private base's methods are shown on its public subclasses).

Under Pyodide, which runs this folder too (tests/pyodide/test_parity.py) but has no griffe,
the same rules are read from the source with ``ast``; here both readers must agree, so the
fallback cannot drift from griffe's view.

A docstring's ``>>>`` example is shown as code in the reference and never checked by the
site's build: the doctests below run every one of them. That every core module and every
name a system exports is on a page of the reference is tests/site_plugins/test_system_pages.py.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import rules_core

try:
    import griffe
except ImportError:  # Pyodide: the parity run installs only pytest, Hypothesis and icepool
    griffe = None  # type: ignore[assignment]

PACKAGE = Path(rules_core.__file__).parent
ROOT = PACKAGE.parent
MODULES = sorted(info.name for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."))


# -- public names, as griffe sees them ------------------------------------------------------


def public_names_griffe() -> dict[str, bool]:
    """Every public name of the engine (its full path) and whether griffe finds a docstring."""
    assert griffe is not None
    found: dict[str, bool] = {}

    def walk_module(module: griffe.Module) -> None:
        found[module.path] = bool(module.docstring)
        exports = None if module.exports is None else {str(name) for name in module.exports}
        for name, member in module.members.items():
            if member.is_alias:  # an import: checked where it is defined
                continue
            if isinstance(member, griffe.Module):
                walk_module(member)
                continue
            if not name.startswith("_") and (exports is None or name in exports):
                found[member.path] = bool(member.docstring)
            if isinstance(member, griffe.Class):
                walk_class(member)

    def walk_class(cls: griffe.Class) -> None:
        for name, member in cls.members.items():
            if name.startswith("_") or member.is_alias:
                continue
            if member.is_function or (member.is_attribute and "property" in member.labels):
                found[member.path] = bool(member.docstring)
            elif isinstance(member, griffe.Class):
                found[member.path] = bool(member.docstring)
                walk_class(member)

    package = griffe.load("rules_core", search_paths=[str(ROOT)], submodules=True,
                          docstring_parser=None)
    assert isinstance(package, griffe.Module)
    walk_module(package)
    return found


# -- the same rules, read from the source with ast (for Pyodide) -----------------------------


def _docstring_after(body: list[ast.stmt], index: int) -> str | None:
    """The string right after statement ``index`` (a constant's docstring), if any."""
    following = body[index + 1] if index + 1 < len(body) else None
    if (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)):
        return following.value.value
    return None


def _string_after(body: list[ast.stmt], index: int) -> bool:
    return _docstring_after(body, index) is not None


def _assigned(node: ast.stmt) -> list[str]:
    """The names a plain assignment binds (griffe reads no tuple unpacking either)."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    return []


def public_names_ast() -> dict[str, bool]:
    """Every public name of the engine and whether it has a docstring, read with ``ast``."""
    found: dict[str, bool] = {}
    for module in ["rules_core", *MODULES]:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        found[module] = ast.get_docstring(tree) is not None
        exports = _exports(tree)
        for index, node in enumerate(tree.body):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                documented = {node.name: ast.get_docstring(node) is not None}
            else:
                documented = dict.fromkeys(_assigned(node), _string_after(tree.body, index))
            for name, has_docstring in documented.items():
                if not name.startswith("_") and (exports is None or name in exports):
                    found[f"{module}.{name}"] = has_docstring
            if isinstance(node, ast.ClassDef):
                _walk_class(node, f"{module}.{node.name}", found)
    return found


def _exports(tree: ast.Module) -> set[str] | None:
    """The names in the module's ``__all__``, if it has one."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and "__all__" in _assigned(node):
            return set(ast.literal_eval(node.value))
    return None


def _walk_class(cls: ast.ClassDef, path: str, found: dict[str, bool]) -> None:
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name.startswith("_"):
                continue
            found[f"{path}.{node.name}"] = ast.get_docstring(node) is not None
            if isinstance(node, ast.ClassDef):
                _walk_class(node, f"{path}.{node.name}", found)


def public_names() -> dict[str, bool]:
    """Griffe's view where griffe is installed (and the ``ast`` reader must agree), else
    the ``ast`` reader's."""
    read = public_names_ast()
    if griffe is None:
        return read
    seen = public_names_griffe()
    assert sorted(seen) == sorted(read), (
        "griffe and the ast reader of this test disagree on which names are public: "
        f"only griffe {sorted(set(seen) - set(read))}, only ast {sorted(set(read) - set(seen))}")
    return seen


def test_every_public_name_has_a_docstring() -> None:
    names = public_names()
    assert len(names) > 400  # the whole engine was read
    missing = sorted(path for path, documented in names.items() if not documented)
    assert missing == [], (
        f"{len(missing)} public names of rules_core have no docstring (write one: for a "
        "constant, a string right after the assignment; the engine reference shows only "
        "what has one):\n  " + "\n  ".join(missing))


# -- the examples in the docstrings ---------------------------------------------------------


@pytest.mark.parametrize("module", ["rules_core", *MODULES])
def test_the_docstring_examples_are_true(module: str) -> None:
    # No option flags: an example that cuts a long message short says so itself
    # (``# doctest: +ELLIPSIS``), so ``python -m doctest`` agrees with this test.
    results = doctest.testmod(importlib.import_module(module), verbose=False, report=True)
    assert results.failed == 0, f"{results.failed} docstring examples in {module} failed"


def test_no_constant_has_an_example_doctest_cannot_run() -> None:
    """doctest reads ``__doc__``, which a constant's docstring is not: an example there would
    be shown in the reference and never run. Put it on the class or function instead."""
    unchecked = []
    for module in ["rules_core", *MODULES]:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        for body in _bodies(ast.parse(Path(spec.origin).read_text(encoding="utf-8"))):
            for index, node in enumerate(body):
                text = _docstring_after(body, index) if _assigned(node) else None
                if text is not None and ">>>" in text:
                    unchecked.append(f"{module}: {', '.join(_assigned(node))}")
    assert unchecked == []


def _bodies(tree: ast.Module) -> list[list[ast.stmt]]:
    """The module's body and every class body in it."""
    return [tree.body, *(node.body for node in ast.walk(tree) if isinstance(node, ast.ClassDef))]

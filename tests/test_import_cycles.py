"""No import cycles in ``rules_core`` or ``site_plugins``, late imports included.

An import inside a function, or one under ``if TYPE_CHECKING:``, still ties two modules
together: it only hides the cycle until the day the import moves to the top. So every import
statement anywhere in a module counts. Importing a name from a package counts as importing
the package's ``__init__``; importing a submodule (``from rules_core import limits``) counts
as importing that submodule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("rules_core", "site_plugins")


def module_name(path: Path) -> str:
    """``rules_core/kruhl/roll.py`` → ``rules_core.kruhl.roll``; a package's ``__init__.py``
    is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(node: ast.AST) -> Iterator[str]:
    """The dotted names one import statement asks for."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom) and node.module:
        yield from (f"{node.module}.{alias.name}" for alias in node.names)


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of ``package`` it imports, anywhere in it."""
    paths = {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in imported(node):
                while target and target not in paths:  # a name in a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without
    recursion), each sorted: every group is at least one cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for edge in edges:
                if edge not in index:
                    index[edge] = low[edge] = len(index)
                    stack.append(edge)
                    on_stack.add(edge)
                    work.append((edge, iter(sorted(graph[edge]))))
                    break
                if edge in on_stack:
                    low[node] = min(low[node], index[edge])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def test_the_cycle_finder_finds_a_late_import_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_counts_imports_inside_functions() -> None:
    source = "def later():\n    from rules_core.dice import ScriptedDice\n"
    tree = ast.parse(source)
    assert [t for node in ast.walk(tree) for t in imported(node)] == [
        "rules_core.dice.ScriptedDice"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 10, f"{package}: too few modules found to be checking anything"
    found = cycles(graph)
    assert not found, f"{package} has import cycles (late imports included): " + "; ".join(
        " ↔ ".join(group) for group in found)

"""The Kruhl engine is standard library plus rules_core only, with no global randomness."""

from __future__ import annotations

from pathlib import Path

import rules_core.kruhl
from tests.rules_core.test_layering import imports, top

PACKAGE = Path(rules_core.kruhl.__file__).parent
ALLOWED = {"__future__", "collections", "copy", "dataclasses", "difflib", "enum", "types",
           "typing", "rules_core"}


def imported_roots(path: Path) -> set[str]:
    """The top-level packages ``path`` imports."""
    return {top(name) for name in imports(path)}


def test_every_module_imports_only_the_standard_library_and_the_core() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        assert imported_roots(path) <= ALLOWED, path.name


def test_no_module_uses_the_global_random_module() -> None:
    assert all("random" not in imported_roots(p) for p in PACKAGE.glob("*.py"))


def test_the_public_api_is_exported() -> None:
    missing = [name for name in rules_core.kruhl.__all__ if not hasattr(rules_core.kruhl, name)]
    assert missing == []

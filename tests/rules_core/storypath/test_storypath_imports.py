"""The Storypath engine is standard library plus rules_core only, with no global randomness,
and its public API is exported."""

from __future__ import annotations

from pathlib import Path

import rules_core.storypath
from tests.rules_core.test_layering import imports, top

PACKAGE = Path(rules_core.storypath.__file__).parent
ALLOWED = {"__future__", "collections", "dataclasses", "functools", "types", "typing",
           "rules_core"}


def imported_roots(path: Path) -> set[str]:
    """The top-level packages ``path`` imports."""
    return {top(name) for name in imports(path)}


def test_every_module_imports_only_the_standard_library_and_the_core() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        assert imported_roots(path) <= ALLOWED, path.name


def test_the_public_api_is_exported() -> None:
    missing = [n for n in rules_core.storypath.__all__ if not hasattr(rules_core.storypath, n)]
    assert missing == []

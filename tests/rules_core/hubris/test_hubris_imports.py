"""The Act of Hubris engine is standard library plus rules_core only, its public API is
exported, and its roller rolls an attack against a defence."""

from __future__ import annotations

from pathlib import Path

import rules_core.hubris
from rules_core.dice import ScriptedDice
from rules_core.hubris import ROLL_FORM
from tests.rules_core.test_layering import imports, top

PACKAGE = Path(rules_core.hubris.__file__).parent
ALLOWED = {"__future__", "collections", "copy", "dataclasses", "functools", "math", "types",
           "typing", "rules_core"}


def imported_roots(path: Path) -> set[str]:
    """The top-level packages ``path`` imports."""
    return {top(name) for name in imports(path)}


def test_every_module_imports_only_the_standard_library_and_the_core() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        assert imported_roots(path) <= ALLOWED, path.name


def test_the_public_api_is_exported() -> None:
    missing = [n for n in rules_core.hubris.__all__ if not hasattr(rules_core.hubris, n)]
    assert missing == []


def test_no_module_is_past_three_hundred_lines() -> None:
    long = [p.name for p in PACKAGE.glob("*.py")
            if len(p.read_text(encoding="utf-8").splitlines()) > 300]
    assert long == []


def test_the_roller_rolls_an_attack_against_armored_defense() -> None:
    view = ROLL_FORM.make({"attack": "3", "edge": "0", "defense": "2", "armor": "1"},
                          ScriptedDice("9 8 1  5 4"))
    assert (view.title, view.lines[-1]) == ("Hero attacks Foe: Attack",
                                            "Foe takes 1 lethal wound.")


def test_the_roller_reads_armor_as_added_when_asked() -> None:
    view = ROLL_FORM.make({"attack": "3", "edge": "0", "defense": "2", "armor": "1",
                           "reading": "added"}, ScriptedDice("9 8 1  9 4"))
    assert "2 successes of Hero's 2 are cancelled: no net successes." in view.lines

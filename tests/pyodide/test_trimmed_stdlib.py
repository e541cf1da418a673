"""The trimmed, compiled standard library the site ships holds everything a reroll imports,
and rerolls on it answer exactly as on Pyodide's own.

The build keeps only the standard library modules the engine imported while every docs example
was rerolled in Pyodide (with two seeds), compiled to bytecode without docstrings or asserts.
Here every docs example is rerolled in Pyodide again, with other seeds, once on Pyodide's own
standard library and once on the shipped one: a module missing from it fails the test naming
the example, and every answer (the card drawn, the odds) must be the same on both.
"""

from __future__ import annotations

import json
from pathlib import Path

from site_plugins.examples.pyodide_node import (
    check_stdlib,
    compile_stdlib,
    trace_stdlib,
    trimmed_stdlib,
)
from site_plugins.examples.render import page_card_data
from site_plugins.examples.verify import verify_page
from site_plugins.examples.wheels import build_wheel, installed_wheel
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = Path.home() / ".cache" / "rules-examples"
SEEDS = range(100, 102)


def docs_cards() -> list[list[dict[str, object]]]:
    pages = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = page.relative_to(ROOT).as_posix()
        result = verify_page(name, page.read_text(encoding="utf-8"))
        if any(run.rolls_dice for run in result.runs):
            pages.append(page_card_data(result.runs, "s", result.setup_source))
    return pages


def test_every_docs_example_rerolls_alike_on_the_shipped_standard_library() -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    cards = docs_cards()
    used = trace_stdlib(PYODIDE, wheels, lock, cards, CACHE)
    shipped = compile_stdlib(PYODIDE, trimmed_stdlib(PYODIDE / "python_stdlib.zip", used), CACHE)
    trimmed = check_stdlib(PYODIDE, wheels, lock, cards, shipped, SEEDS)
    whole = check_stdlib(PYODIDE, wheels, lock, cards, None, SEEDS)
    assert len(trimmed) > 50 and trimmed == whole

"""The engine as the site ships it, trimmed standard library and compiled wheels, holds
everything a reroll imports, and rerolls on it answer exactly as on Pyodide's own library with
the engine's sources.

The build keeps only the standard library modules the engine imported while every docs example
was rerolled in Pyodide (with two seeds), compiled to bytecode without docstrings or asserts,
and compiles the engine's wheels the same way. Here every docs example is rerolled in Pyodide
again, with another seed, once on Pyodide's own standard library with the wheels' sources and
once as shipped: a module missing from the shipped library fails the test naming the example,
and every answer (the card drawn, the odds) must be the same on both.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from site_plugins.examples.lexer import slug
from site_plugins.examples.pyodide_node import (
    check_stdlib,
    compile_stdlib,
    compiled_wheel,
    trace_stdlib,
    trimmed_stdlib,
)
from site_plugins.examples.render import page_card_data
from site_plugins.examples.runtime import trace_cards
from site_plugins.examples.verify import verify_page
from site_plugins.examples.wheels import build_wheel, installed_wheel
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = Path.home() / ".cache" / "rules-examples"
SEEDS = range(100, 101)  # the build traced with seeds 0 and 1


def docs_cards() -> list[list[dict[str, object]]]:
    """Every rerollable docs page's cards as the build collects them (pages in the order of
    their paths, each under its slug): traced as the build traces them (``trace_cards``), the
    trace is the one a build of the site has cached."""
    pages = []
    docs = ROOT / "docs"
    for page in sorted(docs.rglob("*.md"), key=lambda path: path.relative_to(docs).as_posix()):
        uri = page.relative_to(docs).as_posix()
        result = verify_page(f"docs/{uri}", page.read_text(encoding="utf-8"))
        if any(run.rerollable for run in result.runs):
            pages.append(page_card_data(result.runs, slug(uri), result.setup_source))
    return pages


def test_every_docs_example_rerolls_alike_on_the_shipped_engine() -> None:
    sources = [build_wheel(), installed_wheel("icepool")]
    compiled = [compiled_wheel(PYODIDE, wheel, CACHE) for wheel in sources]
    cards = docs_cards()
    used = trace_stdlib(PYODIDE, compiled, trace_cards(cards), CACHE)
    shipped = compile_stdlib(PYODIDE, trimmed_stdlib(PYODIDE / "python_stdlib.zip", used), CACHE)
    # The two runs are two Node processes: side by side, they share the machine's cores.
    with ThreadPoolExecutor(2) as pool:
        shipped_run = pool.submit(check_stdlib, PYODIDE, compiled, cards, shipped, SEEDS)
        sources_run = pool.submit(check_stdlib, PYODIDE, sources, cards, None, SEEDS)
        as_shipped, from_sources = shipped_run.result(), sources_run.result()
    # A reroll that runs past the check's 5 s (a loaded machine) is left out of that run's
    # answers; every reroll both runs answered must be answered alike.
    both = as_shipped.keys() & from_sources.keys()
    assert len(both) > 50 and len(both) >= 0.95 * len(from_sources)
    assert {key: as_shipped[key] for key in both} == {key: from_sources[key] for key in both}

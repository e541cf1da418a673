"""The step any generator runs after its build to ship what the MkDocs plugin ships from its
own hooks: the cards' stylesheet and scripts, the browser engine (Reroll) and the
Content-Security-Policy, through the plugin's own functions
(:mod:`~site_plugins.examples.shipping.files`)::

    zensical build --strict
    python -m site_plugins.examples.shipping site --docs docs

The engine ships when Pyodide's npm package is found (``node_modules/pyodide`` beside the
site, or ``--pyodide``), as with the plugin's ``reroll: auto``; under Node with a start-up
snapshot (``--no-snapshot``, ``--no-node`` to leave the steps under Node out). Its standard
library is shipped whole: only the plugin keeps the pages' cards to trace what they import.
Exits 1 with the reason on a problem, never with a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules_core.system import systems
from site_plugins.examples.browser_engine.runtime import (
    BrowserEngineError,
    find_node,
    plan_engine,
)
from site_plugins.examples.shipping.files import (
    EngineOptions,
    ShippingError,
    asset_files,
    finish_site,
    write_assets,
    write_engine,
)
from site_plugins.examples.site.system_pages import present


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(
        prog="python -m site_plugins.examples.shipping",
        description="Write the cards' assets and the browser engine into a built site.")
    parser.add_argument("site", type=Path, help="the built site's folder (site_dir)")
    parser.add_argument("--docs", type=Path, default=Path("docs"),
                        help="the pages' folder (docs_dir), for the systems' tones")
    parser.add_argument("--pyodide", type=Path, default=None,
                        help="Pyodide's npm package (default: ./node_modules/pyodide)")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "rules-examples",
                        help="where built engine files are kept between builds")
    parser.add_argument("--no-reroll", action="store_true", help="ship no engine, no scripts")
    parser.add_argument("--no-node", action="store_true",
                        help="leave out the steps under Node (snapshot, compiled wheels)")
    parser.add_argument("--no-snapshot", action="store_true", help="no start-up snapshot")
    return parser.parse_args(argv)


def ship(options: argparse.Namespace) -> list[str]:
    """Write the assets and the engine into the built site; the notes to print."""
    site: Path = options.site
    if not (site / "index.html").is_file() and not any(site.rglob("*.html")):
        raise ShippingError(f"{site} holds no built page: build the site first")
    uris = [page.relative_to(options.docs).as_posix() for page in options.docs.rglob("*.md")]
    pyodide = options.pyodide or Path.cwd() / "node_modules" / "pyodide"
    plan = plan_engine(False if options.no_reroll else "auto", [pyodide],
                       node=None if options.no_node else find_node(),
                       make_snapshot=not options.no_snapshot, root=Path.cwd())
    write_assets(site, asset_files(present(systems(), sorted(uris)), plan.reroll))
    # Asked for with --no-node, the engine's plain start is no news.
    notes = [plan.note] if plan.note and not (options.no_node and plan.reroll) else []
    if plan.pyodide is not None:
        notes += write_engine(site, plan.pyodide, options.cache,
                              EngineOptions(make_snapshot=not options.no_snapshot),
                              cards=None, use_node=plan.node is not None)
    policy, scan = finish_site(site)
    notes.append(f"Content-Security-Policy for hosts: {policy}")
    notes += [f"{handler}: the recommended Content-Security-Policy blocks it"
              for handler in scan.inline_handlers]
    return notes


def main(argv: list[str] | None = None) -> int:
    """Run the step; 0, or 1 with the reason on standard error."""
    options = arguments(argv)
    try:
        notes = ship(options)
    except (ShippingError, BrowserEngineError, OSError) as error:
        print(f"ship: {error}", file=sys.stderr)
        return 1
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())

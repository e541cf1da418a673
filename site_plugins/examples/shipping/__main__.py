"""The step any generator runs after its build to ship what the MkDocs plugin ships from its
own hooks: the cards' stylesheet and script, the browser engine (Reroll) and, asked for, the
Content-Security-Policy, through the plugin's own functions
(:mod:`~site_plugins.examples.shipping.files`)::

    zensical build --strict
    python -m site_plugins.examples.shipping site --docs docs

The engine ships when Pyodide's npm package is found (``node_modules/pyodide`` beside the
site, or ``--pyodide``), as with the plugin's ``reroll: auto``; under Node with a start-up
snapshot (``--no-snapshot``, ``--no-node`` to leave the steps under Node out). Its standard
library is shipped whole: only the plugin keeps the pages' cards to trace what they import.
The plugin's options ``service_worker``, ``offline_pages``, ``content_security_policy`` and
``csp_sources`` are ``--no-service-worker``, ``--offline-pages``,
``--content-security-policy`` and ``--csp-source DIRECTIVE=SOURCE`` (once per source).
Exits 1 with the reason on a problem, never with a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules_core.system import SystemDeclarationError, systems
from site_plugins.examples.browser_engine.csp_origins import checked_sources
from site_plugins.examples.browser_engine.engine_plan import (
    BrowserEngineError,
    find_node,
    plan_engine,
)
from site_plugins.examples.browser_engine.runtime_fetch import find_npm, user_cache
from site_plugins.examples.shipping.files import (
    EngineOptions,
    ShippingError,
    asset_files,
    finish_site,
    write_assets,
    write_engine,
)
from site_plugins.examples.site.chapters.system_pages import present, used


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
    parser.add_argument("--cache", type=Path, default=user_cache(),
                        help="where built engine files (and the Pyodide runtime a site "
                             "without node_modules gets) are kept between builds")
    parser.add_argument("--no-reroll", action="store_true", help="ship no engine, no scripts")
    parser.add_argument("--no-node", action="store_true",
                        help="leave out the steps under Node (snapshot, compiled wheels)")
    parser.add_argument("--no-snapshot", action="store_true", help="no start-up snapshot")
    parser.add_argument("--no-service-worker", action="store_true",
                        help="ship no service worker (Reroll still works)")
    parser.add_argument("--offline-pages", action="store_true",
                        help="let the service worker keep the pages read, for offline reading")
    parser.add_argument("--content-security-policy", action="store_true",
                        help="write the Content-Security-Policy for hosts into the site")
    parser.add_argument("--csp-source", action="append", default=[], metavar="DIRECTIVE=SOURCE",
                        help="a source the policy allows beyond what the pages show, such as "
                             "connect-src=https://search.example.org (repeat for more)")
    return parser.parse_args(argv)


def csp_sources(given: list[str]) -> dict[str, tuple[str, ...]]:
    """``--csp-source`` values (``DIRECTIVE=SOURCE``) as the plugin's ``csp_sources``."""
    sources: dict[str, list[str]] = {}
    for pair in given:
        directive, _, source = pair.partition("=")
        if not source:
            raise ShippingError(f"--csp-source {pair}: write DIRECTIVE=SOURCE, such as "
                                "connect-src=https://search.example.org")
        sources.setdefault(directive.strip(), []).append(source)
    try:
        return checked_sources(sources)
    except ValueError as error:
        raise ShippingError(f"--csp-source: {error}") from None


def ship(options: argparse.Namespace) -> list[str]:
    """Write the assets and the engine into the built site; the notes to print."""
    site: Path = options.site
    if not (site / "index.html").is_file() and not any(site.rglob("*.html")):
        raise ShippingError(f"{site} holds no built page: build the site first")
    policy = csp_sources(options.csp_source) if options.content_security_policy else None
    pages = sorted(options.docs.rglob("*.md"))
    uris = [page.relative_to(options.docs).as_posix() for page in pages]
    pyodide = options.pyodide or Path.cwd() / "node_modules" / "pyodide"
    plan = plan_engine(False if options.no_reroll else "auto", [pyodide],
                       node=None if options.no_node else find_node(),
                       make_snapshot=not options.no_snapshot, root=Path.cwd(),
                       cache=options.cache, npm=find_npm())
    declared = systems()
    write_assets(site, asset_files(present(declared, uris), plan.reroll))
    # Asked for with --no-node, the engine's plain start is no news.
    notes = [plan.note] if plan.note else []
    if plan.warning and not (options.no_node and plan.reroll):
        notes.append(f"warning: {plan.warning}")
    if plan.pyodide is not None:
        shipped = used(declared, uris, (page.read_text("utf-8") for page in pages))
        notes += [f"warning: {note}" for note in write_engine(
            site, plan.pyodide, options.cache, engine_options(options),
            cards=None, systems=shipped, use_node=plan.node is not None)]
    written = finish_site(site, policy)
    if written is not None:
        notes.append(f"Content-Security-Policy for hosts: {written[0]}")
        notes += [f"{handler}: the recommended Content-Security-Policy blocks it"
                  for handler in written[1].inline_handlers]
    return notes


def engine_options(options: argparse.Namespace) -> EngineOptions:
    """The engine's options from the command line's."""
    return EngineOptions(make_snapshot=not options.no_snapshot,
                         service_worker=not options.no_service_worker,
                         offline_pages=options.offline_pages)


def main(argv: list[str] | None = None) -> int:
    """Run the step; 0, or 1 with the reason on standard error."""
    options = arguments(argv)
    try:
        notes = ship(options)
    except (ShippingError, BrowserEngineError, SystemDeclarationError, OSError) as error:
        print(f"ship: {error}", file=sys.stderr)
        return 1
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a built site ships beside its pages, whichever generator built them: the cards'
stylesheet (with the rules of every tone of the site's systems) and script, one file each, the
browser engine, the checks a stock static host needs and, where the author asks for it, the
Content-Security-Policy.

A page loads one script and one stylesheet of ours. The script is the small modules of
``assets/`` joined by :mod:`~site_plugins.examples.shipping.bundle` from ``cards.js``, shipped
as a classic script that the page defers (a host cannot refuse it with a module's type check,
and none of its names reaches the page's globals); the engine's module worker, joined the
same way from ``engine-worker.js``, loads only when the engine is first used.

The MkDocs plugin hands :func:`asset_files` to MkDocs as generated files and calls
:func:`write_engine` and :func:`finish_site` after its build; a generator without the plugin
(Zensical) runs the same three after its build through
``python -m site_plugins.examples.shipping`` (its ``__main__``). No MkDocs types here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rules_core.system import System, all_tones
from site_plugins.examples.browser_engine.csp import SiteScan, write_policy
from site_plugins.examples.browser_engine.hosting import wrongly_typed
from site_plugins.examples.browser_engine.runtime import write_runtime
from site_plugins.examples.serving.kept import Kept
from site_plugins.examples.shipping.bundle import BundleError, bundle
from site_plugins.examples.site.tone_styles import tone_rules

ASSETS = Path(__file__).parents[1] / "assets"
ASSET_DIR = "assets/rules-examples"
STYLESHEET = f"{ASSET_DIR}/examples.css"
#: The page's one script: a classic script, deferred (``<script defer src>``).
PAGE_SCRIPT = f"{ASSET_DIR}/rules-examples.js"
#: The engine's module worker, which the page's script starts when the engine is first used.
WORKER_SCRIPT = f"{ASSET_DIR}/engine-worker.js"
#: Each script shipped → the module of ``assets/`` it is joined from, and whether it is a
#: classic script (else a module).
BUNDLES = {PAGE_SCRIPT: ("cards.js", True), WORKER_SCRIPT: ("engine-worker.js", False)}
#: The rules that make a card say so when the page's script never started, appended to the
#: stylesheet of a site that ships Reroll (no script can say that of itself).
SCRIPT_CHECK = ASSETS / "reroll-check.css"
#: Where the browser engine (Pyodide, our wheel, the snapshot) goes in the built site.
RUNTIME_DIR = f"{ASSET_DIR}/pyodide"


class ShippingError(Exception):
    """What a site ships cannot be written or served as it is; the message says what to fix."""


@dataclass(frozen=True)
class EngineOptions:
    """How the browser engine runs Reroll (the plugin's options of the same names)."""

    make_snapshot: bool = True
    snapshot_first_visit: bool = False
    #: Seconds a Reroll may run, and a download may stall, before the page gives up.
    time_limit: float = 10.0
    stall_limit: float = 30.0
    #: Ship the service worker that keeps the engine (``service_worker``), and let it keep
    #: the pages read too (``offline_pages``).
    service_worker: bool = True
    offline_pages: bool = False


def asset_files(systems: tuple[System, ...], reroll: bool) -> dict[str, str | Path]:
    """Each asset's path in the built site → its text: the cards' stylesheet (followed by
    the rules of the core's tones and each of ``systems``'), and, where the site ships the
    engine (``reroll``), the page's script and the engine's worker, each joined from its
    modules (:data:`BUNDLES`). An error naming the module and line where they cannot be."""
    files: dict[str, str | Path] = {STYLESHEET: stylesheet(systems, reroll)}
    if reroll:
        for uri, (entry, classic) in BUNDLES.items():
            try:
                files[uri] = bundle(ASSETS, entry, classic=classic, name=uri.rsplit("/", 1)[-1])
            except BundleError as error:
                raise ShippingError(f"the browser's scripts cannot be joined into {uri}: "
                                    f"{error}") from None
    return files


def stylesheet(systems: tuple[System, ...], reroll: bool = True) -> str:
    """The cards' stylesheet, with the rules that say so when the page's script never
    started (where the site ships Reroll) and those of the core's tones and each system's."""
    try:
        tones = all_tones(systems)
    except ValueError as error:
        raise ShippingError(str(error)) from None
    check = SCRIPT_CHECK.read_text(encoding="utf-8") if reroll else ""
    return (ASSETS / "examples.css").read_text(encoding="utf-8") + check + \
        "\n/* Tones (rules_core.marks.Tone and each system's SYSTEM.tones). */\n" + \
        tone_rules(tones)


def write_assets(site: Path, files: dict[str, str | Path]) -> None:
    """Write :func:`asset_files` into the built site ``site``."""
    for uri, content in files.items():
        target = site / uri
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            target.write_bytes(content.read_bytes())
        else:
            target.write_text(content, encoding="utf-8")


def write_engine(site: Path, pyodide: Path, cache: Path, options: EngineOptions, *,
                 cards: list[list[dict[str, object]]] | None, systems: tuple[System, ...],
                 use_node: bool) -> list[str]:
    """Ship the browser engine into the built site ``site`` (under :data:`RUNTIME_DIR`, the
    service worker at its root unless ``options`` leave it out); return notes about what was
    left out. ``cards`` are every
    page's rerollable cards, for the trace that trims the standard library (``None``:
    shipped whole); ``systems`` the game systems the site uses (``system_pages.used``),
    each a wheel of its own: no other system ships."""
    return write_runtime(site / RUNTIME_DIR, pyodide, cache,
                         make_snapshot=options.make_snapshot,
                         snapshot_first_visit=options.snapshot_first_visit,
                         time_limit=options.time_limit, stall_limit=options.stall_limit,
                         service_worker=options.service_worker,
                         offline_pages=options.offline_pages,
                         cards=cards, systems=systems, site=site, use_node=use_node)


def finish_site(site: Path, policy: Mapping[str, Sequence[str]] | None = None,
                kept: Kept[tuple[str, str], SiteScan] | None = None
                ) -> tuple[str, SiteScan] | None:
    """The last step of a build: an error naming every file a stock static host would
    serve with the wrong type; then, where the author asks for one (``policy``: the sources
    to add to what the site's pages show, ``csp_sources``; ``None``: no policy), the
    Content-Security-Policy hosts can send with the built site (written beside it) and the
    scan of its pages it comes from."""
    problems = wrongly_typed(site)
    if problems:
        raise ShippingError("the built site has files a stock static host would serve with "
                            "the wrong type:\n  " + "\n  ".join(problems))
    return None if policy is None else write_policy(site, policy, kept)

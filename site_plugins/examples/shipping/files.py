"""What a built site ships beside its pages, whichever generator built them: the cards'
stylesheet (with the rules of every tone of the site's systems) and scripts, the browser
engine, and the checks a stock static host needs.

The MkDocs plugin hands :func:`asset_files` to MkDocs as generated files and calls
:func:`write_engine` and :func:`finish_site` after its build; a generator without the plugin
(Zensical) runs the same three after its build through
``python -m site_plugins.examples.shipping`` (its ``__main__``). No MkDocs types here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules_core.system import System, all_tones
from site_plugins.examples.browser_engine.csp import SiteScan, write_policy
from site_plugins.examples.browser_engine.hosting import wrongly_typed
from site_plugins.examples.browser_engine.runtime import write_runtime
from site_plugins.examples.serving.kept import Kept
from site_plugins.examples.site.tone_styles import tone_rules

ASSETS = Path(__file__).parents[1] / "assets"
ASSET_DIR = "assets/rules-examples"
STYLESHEET = f"{ASSET_DIR}/examples.css"
PAGE_SCRIPT = f"{ASSET_DIR}/cards.js"
#: A classic script that says so on the cards when the module script cannot start.
CHECK_SCRIPT = f"{ASSET_DIR}/reroll-check.js"
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


def asset_files(systems: tuple[System, ...], reroll: bool) -> dict[str, str | Path]:
    """Each asset's path in the built site → its text (the cards' stylesheet, followed by
    the rules of the core's tones and each of ``systems``') or the package file copied
    as it is. No script when the site ships no engine (``reroll`` false)."""
    files: dict[str, str | Path] = {}
    for asset in sorted(ASSETS.iterdir()):
        uri = f"{ASSET_DIR}/{asset.name}"
        if uri == STYLESHEET:
            files[uri] = stylesheet(asset, systems)
        elif asset.suffix != ".js" or reroll:
            files[uri] = asset
    return files


def stylesheet(asset: Path, systems: tuple[System, ...]) -> str:
    """The cards' stylesheet, with the rules of the core's tones and each system's."""
    try:
        tones = all_tones(systems)
    except ValueError as error:
        raise ShippingError(str(error)) from None
    return asset.read_text(encoding="utf-8") + "\n/* Tones (rules_core.marks.Tone and " \
        "each system's SYSTEM.tones). */\n" + tone_rules(tones)


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
                 cards: list[list[dict[str, object]]] | None, use_node: bool) -> list[str]:
    """Ship the browser engine into the built site ``site`` (under :data:`RUNTIME_DIR`, the
    service worker at its root); return notes about what was left out. ``cards`` are every
    page's rerollable cards, for the trace that trims the standard library (``None``:
    shipped whole)."""
    return write_runtime(site / RUNTIME_DIR, pyodide, cache,
                         make_snapshot=options.make_snapshot,
                         snapshot_first_visit=options.snapshot_first_visit,
                         time_limit=options.time_limit, stall_limit=options.stall_limit,
                         cards=cards, site=site, use_node=use_node)


def finish_site(site: Path, kept: Kept[tuple[str, str], SiteScan] | None = None
                ) -> tuple[str, SiteScan]:
    """The last step of a build: an error naming every file a stock static host would
    serve with the wrong type, else the Content-Security-Policy hosts can send with the
    built site (written beside it) and the scan of its pages it comes from."""
    problems = wrongly_typed(site)
    if problems:
        raise ShippingError("the built site has files a stock static host would serve with "
                            "the wrong type:\n  " + "\n  ".join(problems))
    return write_policy(site, kept)

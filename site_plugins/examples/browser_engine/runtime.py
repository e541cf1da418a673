"""The in-browser engine a built site ships: Pyodide, our wheels, a lock file, a snapshot.

Build-time only (never imported in the browser). Everything is written under one folder of
the site, so the site needs no other origin, and works on any static host:

* ``manifest.json``: which files the page script loads, with their decoded sizes; the only
  file a host should not cache for long;
* ``<hash>/``: every engine file, in a folder named by its content, which a host may cache
  forever (a new build that changes the engine writes a new folder):

  - Pyodide's runtime from the pinned npm package, its ES modules renamed to ``.js``
    (``pyodide.esm.js``, ``pyodide.asm.js``, their one reference rewritten): stock hosts
    (Debian's nginx among them) know no ``.mjs`` and send a type browsers refuse;
  - ``python_stdlib.zip`` cut down to the modules the engine imports while every docs
    example is rerolled in Pyodide
    (:mod:`~site_plugins.examples.browser_engine.pyodide_node`), compiled to bytecode and
    stored uncompressed, so that its compressed copies compress across it;
  - the wheels (:mod:`~site_plugins.examples.browser_engine.wheels`), compiled to bytecode
    in Pyodide too, which the page puts on ``sys.path`` as they are (no install step), after
    checking their sha256; and a lock file listing only them;
  - ``snapshot-<key>.bin``: a memory snapshot with the engine already imported, which the page
    restores instead of starting Python, once a visit has cached it (or on a first visit too,
    with the plugin's ``snapshot_first_visit``); taken with the standard library and the wheels
    of its folder, and restored under Node before it is shipped (a snapshot of a memory larger
    than the runtime starts with cannot be restored: no browser gets one);
  - the brotli decoder the page unpacks ``.br`` files with (``brotli-dec-wasm``, from npm);
  - ``<file>.gz`` beside every file that compresses and ``<file>.br`` beside the ones a first
    visit fetches (:mod:`~site_plugins.examples.browser_engine.packing`).

``rules-examples-sw.js`` (written at the site's root, unless the plugin's ``service_worker`` is
off) is the service worker that keeps the engine, once fetched, for a second visit, and, with
``offline_pages``, the pages read too, for a reader with no network.

Whether a build ships the engine at all, and with Node's steps, is decided before any page is
drawn (:mod:`~site_plugins.examples.browser_engine.engine_plan`).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import shutil
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rules_core.system import System
from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.engine_plan import LOCK_FILE, RUNTIME_FILES, find_node
from site_plugins.examples.browser_engine.packing import (
    brotli_beside,
    write_folder,
    write_if_changed,
)
from site_plugins.examples.browser_engine.pyodide_node import (
    compiled_stdlib,
    compiled_wheel,
    pyodide_version,
    snapshot,
    trace_stdlib,
)
from site_plugins.examples.browser_engine.wheels import (
    DEPENDENCIES,
    Wheel,
    build_wheel,
    installed_wheel,
    lock_with_wheels,
    system_wheels,
    wheel_sources,
)

__all__ = ["BrowserEngineError", "engine_wheels", "write_runtime"]

#: The name each runtime file ships under: every script a ``.js`` that any host types right.
SHIPPED_NAMES = {"pyodide.mjs": "pyodide.esm.js", "pyodide.asm.mjs": "pyodide.asm.js"}
#: Text replaced in the shipped scripts: the module's reference to its twin.
SCRIPT_REWRITES = (("pyodide.asm.mjs", "pyodide.asm.js"),)
STDLIB = "python_stdlib.zip"
#: The brotli decoder the page unpacks ``.br`` files with: its npm package (beside Pyodide's
#: in ``node_modules``) and the files of it the page loads.
DECODER_PACKAGE = "brotli-dec-wasm"
DECODER_FILES = {"script": "brotli_dec_wasm.js", "wasm": "brotli_dec_wasm_bg.wasm"}
#: The service worker, written at the site's root so that its scope is the whole site.
SERVICE_WORKER = "rules-examples-sw.js"
SERVICE_WORKER_SOURCE = Path(__file__).parent / "service_worker" / SERVICE_WORKER
#: The service worker's cache of one engine folder, by the folder's name: where the engine's
#: worker keeps the files it unpacked, for the next visit (engine-fetch.js).
ENGINE_CACHE = "rules-examples-engine-{version}"


#: Wheels packed by this process, by a hash of their sources (``mkdocs serve`` rebuilds).
_WHEELS: dict[str, Wheel] = {}


def engine_wheels(shipped: Sequence[System]) -> list[Wheel]:
    """Our wheels and our dependencies' (:mod:`~site_plugins.examples.browser_engine.wheels`):
    the core's first, then one per system of ``shipped`` (the systems the site uses), then
    the dependencies'; packed once per process for the same sources."""
    digest = hashlib.sha256()
    for system in (None, *shipped):
        digest.update(f"\0system {system.package if system else ''}".encode())
        for name, data in wheel_sources(system).items():
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    for name in DEPENDENCIES:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "missing"  # installed_wheel says so, below
        digest.update(f"\0{name}=={version}".encode())
    key = digest.hexdigest()
    if key not in _WHEELS:
        _WHEELS.clear()
        _WHEELS[key] = build_wheel()
        for wheel in system_wheels(shipped):
            _WHEELS[f"{key}:{wheel.needed_by}"] = wheel
        for name in DEPENDENCIES:
            _WHEELS[f"{key}:{name}"] = installed_wheel(name)
    return [wheel for name, wheel in _WHEELS.items() if name.startswith(key)]


def write_runtime(out: Path, pyodide: Path, cache: Path, *, make_snapshot: bool = True,
                  snapshot_first_visit: bool = False, time_limit: float = 10.0,
                  stall_limit: float = 30.0, service_worker: bool = True,
                  offline_pages: bool = False,
                  cards: list[list[dict[str, object]]] | None = None,
                  systems: Sequence[System] = (),
                  site: Path | None = None, use_node: bool = True) -> list[str]:
    """Write the whole browser engine into ``out`` (and the service worker at ``site``'s
    root); return notes about what was left out. ``systems`` are the game systems the site
    uses (each ships a wheel); ``cards`` are every page's rerollable cards, for the
    standard-library trace, which also rolls each system's roller and dice in the prose
    (``None``: no trace, the whole library). A site with no cards and no system gets no
    start-up snapshot: its one answer, dice in the prose, imports little. With ``use_node``
    off (no Node, which :func:`plan_engine` has said), the steps that need it are left out
    without a note: no snapshot, the whole standard library. With ``service_worker`` off, no
    service worker is written (one an earlier build wrote is deleted) and the manifest names
    no cache for the engine (so the page keeps nothing), and so no snapshot either unless
    ``snapshot_first_visit`` (a later visit restores it only from that cache);
    ``offline_pages`` lets the service worker keep the pages read too."""
    notes: list[str] = []
    if not use_node:
        make_snapshot, cards = False, None
    make_snapshot = make_snapshot and bool(cards or systems)
    make_snapshot = make_snapshot and (service_worker or snapshot_first_visit)
    wheels = _compiled_wheels(pyodide, engine_wheels(systems), cache, notes) if use_node \
        else engine_wheels(systems)
    lock = lock_with_wheels(json.loads((pyodide / LOCK_FILE).read_text("utf-8")), wheels,
                            only=True)
    files: dict[str, bytes | Path] = {shipped_name(name): rewritten_script(
        (pyodide / name).read_bytes()) for name in SHIPPED_NAMES}
    files["pyodide.asm.wasm"] = pyodide / "pyodide.asm.wasm"
    trimmed = _trimmed_stdlib(pyodide, wheels, cards, cache, notes)
    stdlib = pyodide / STDLIB if trimmed is None else trimmed
    files[STDLIB] = stdlib
    files[LOCK_FILE] = json.dumps(lock, sort_keys=True).encode()
    files.update({wheel.file_name: wheel.data for wheel in wheels})
    decoder = find_decoder(pyodide) if use_node and find_node() else None
    if decoder:
        files.update({name: decoder / name for name in DECODER_FILES.values()})
    snapshot_name = None
    if make_snapshot:
        try:  # with the library and the wheels shipped beside it, restored once to be sure
            made = snapshot(pyodide, wheels, cache, stdlib)
            snapshot_name = made.name
            files[snapshot_name] = made
        except BrowserEngineError as error:
            notes.append(f"no start-up snapshot: {error}; the page starts Pyodide plainly, "
                         "on a second visit too")
    digest = _digest(files, pyodide)
    folder = out / digest
    # What a first visit fetches gets a .br too (the snapshot, kept in the background for
    # later visits, is restored faster from the browser's own gzip); the scripts' .br is for a
    # host that sends it for the script's own name (brotli_static): the page imports them.
    first_visit = ["pyodide.asm.wasm", STDLIB, *(wheel.file_name for wheel in wheels),
                   *(shipped_name(name) for name in SHIPPED_NAMES)]
    packed = write_folder(folder, files, cache, brotli_for=first_visit if decoder else ())
    notes += [_no_brotli(name, why) for name, why in packed.failed]
    manifest = {
        "pyodide": pyodide_version(pyodide),
        "dir": f"{digest}/",
        "module": shipped_name("pyodide.mjs"),
        "files": [shipped_name(name) for name in RUNTIME_FILES],
        "sizes": {name: (folder / name).stat().st_size for name in files},
        # Fetched (not imported) files with a .gz or a .br beside them: the page fetches the
        # smaller copy and unpacks it itself, so a host that compresses nothing sends it too.
        "packed": [name for name in packed.gz if not name.endswith(".js")],
        # What the .gz of each costs to download: the page says so before it fetches one
        # that the reader's result does not need (the snapshot, for a later visit).
        "packedSizes": {name: (folder / f"{name}.gz").stat().st_size for name in packed.gz
                        if not name.endswith(".js")},
        "brotli": [name for name in packed.br if not name.endswith(".js")],
        "decoder": DECODER_FILES if decoder else None,
        "lock": LOCK_FILE,
        "stdlib": STDLIB,
        "wheel": wheels[0].file_name,
        "wheels": [wheel.file_name for wheel in wheels],
        # What a page loads: the core at every start; a system's wheel (or icepool, for the
        # odds) once a request names the module that needs it (engine-worker.js).
        "core": [wheel.file_name for wheel in wheels if not wheel.needed_by],
        "needs": {wheel.needed_by: wheel.file_name for wheel in wheels if wheel.needed_by},
        "sha256": {wheel.file_name: wheel.sha256 for wheel in wheels},
        "integrity": {wheel.file_name: _integrity(wheel.data) for wheel in wheels},
        "snapshot": snapshot_name,
        # The engine's cache, which the service worker deletes once a build changes the
        # engine: none without a service worker (engine-fetch.js then keeps nothing).
        "cache": ENGINE_CACHE.format(version=digest) if service_worker else None,
        "serviceWorker": service_worker,
        "snapshotFirstVisit": snapshot_first_visit,
        "timeLimitMs": int(time_limit * 1000),
        "stallLimitMs": int(stall_limit * 1000),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), "utf-8")
    # Its .br tells the page the host sends .br copies encoded (engine-fetch.js).
    failed = brotli_beside(out / "manifest.json", cache) if decoder else None
    if failed:
        notes.append(f"no brotli copy of manifest.json: {failed}; a host that sends .br copies "
                     "encoded for the files' own names is not told so, and the page unpacks "
                     "them itself")
    for stale in out.iterdir():  # engines of earlier builds (mkdocs serve), older layouts
        if stale.name not in (digest, "manifest.json", "manifest.json.br"):
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    if site is not None:
        if service_worker:
            write_if_changed(site / SERVICE_WORKER, service_worker_source(digest, offline_pages))
        else:
            (site / SERVICE_WORKER).unlink(missing_ok=True)
    return notes


def find_decoder(pyodide: Path) -> Path | None:
    """The folder of the brotli decoder's files, beside Pyodide's npm package, or ``None``
    (an older ``node_modules``: the page then unpacks the ``.gz`` copies instead)."""
    folder = pyodide.parent / DECODER_PACKAGE / "pkg"
    return folder if all((folder / name).is_file() for name in DECODER_FILES.values()) else None


def service_worker_source(version: str, offline_pages: bool = False) -> bytes:
    """The service worker's source for the engine folder ``version``, keeping the pages read
    too where ``offline_pages``."""
    source = SERVICE_WORKER_SOURCE.read_text("utf-8")
    return source.replace("__ENGINE_CACHE__", ENGINE_CACHE.format(version=version)) \
        .replace("__OFFLINE_PAGES__", "true" if offline_pages else "false").encode("utf-8")


def shipped_name(name: str) -> str:
    """The name a runtime file ships under (``pyodide.mjs`` → ``pyodide.esm.js``)."""
    return SHIPPED_NAMES.get(name, name)


def rewritten_script(data: bytes) -> bytes:
    """A Pyodide script as shipped: references to renamed files rewritten, no source maps."""
    text = data.decode("utf-8")
    for old, new in SCRIPT_REWRITES:
        text = text.replace(old, new)
    lines = [line for line in text.split("\n") if not line.startswith("//# sourceMappingURL=")]
    return "\n".join(lines).encode("utf-8")


def _compiled_wheels(pyodide: Path, wheels: list[Wheel], cache: Path,
                     notes: list[str]) -> list[Wheel]:
    """``wheels`` compiled to bytecode (:func:`compiled_wheel`, one Node process each, side by
    side, one per core), or as they are where that fails (the page then compiles their
    modules when it imports them)."""
    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            return list(pool.map(lambda wheel: compiled_wheel(pyodide, wheel, cache), wheels))
    except BrowserEngineError as error:
        notes.append(f"the engine's wheels are not compiled: {error}; the engine ships as "
                     "Python sources, which the page compiles as it imports them")
        return wheels


def _no_brotli(name: str, why: str) -> str:
    """The note for a file shipped without its ``.br``: what the reader gets instead."""
    instead = (f"a host that sends .br copies encoded sends {name} gzipped or as it is instead"
               if name.endswith(".js") else f"the page fetches {name}.gz instead (larger)")
    return f"no brotli copy of {name}: {why}; {instead}"


def _integrity(data: bytes) -> str:
    """The Subresource Integrity of ``data`` (what ``fetch`` checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def _trimmed_stdlib(pyodide: Path, wheels: list[Wheel],
                    cards: list[list[dict[str, object]]] | None, cache: Path,
                    notes: list[str]) -> Path | None:
    """The standard library cut down to what the engine imports and compiled to bytecode (a
    file in the cache), or ``None`` (ship it whole) without cards to trace (``None``) or
    where Node cannot tell."""
    if cards is None:
        return None
    try:
        return compiled_stdlib(pyodide, trace_stdlib(pyodide, wheels, trace_cards(cards), cache),
                               cache)
    except BrowserEngineError as error:
        notes.append(f"no trimmed standard library: {error}; the page loads Pyodide's whole "
                     "standard library instead (a larger download, compiled as it imports it)")
        return None


def trace_cards(cards: list[list[dict[str, object]]]) -> list[list[dict[str, object]]]:
    """``cards`` as the trace sees them: each card's lines counted from its own fence (the
    card at 1), which import nothing, so that a line added above an example (the trace's
    cache key is the cards) does not run the trace under Node again."""
    return [[_card_from_its_fence(card) for card in page] for page in cards]


def _card_from_its_fence(card: dict[str, object]) -> dict[str, object]:
    line, steps = card.get("line"), card.get("steps")
    if not isinstance(line, int) or not isinstance(steps, list):
        return card
    moved = [{**step, "line": step["line"] - line + 1}
             if isinstance(step, dict) and isinstance(step.get("line"), int) else step
             for step in steps]
    return {**card, "line": 1, "steps": moved}


def _digest(files: dict[str, bytes | Path], pyodide: Path) -> str:
    """The engine folder's name: a hash of every file's name and content. Files from the npm
    package and snapshots (named by their content) are hashed by name, size and version."""
    digest = hashlib.sha256(pyodide_version(pyodide).encode())
    for name in sorted(files):
        content = files[name]
        digest.update(name.encode() + b"\0")
        if isinstance(content, Path):
            digest.update(str(content.stat().st_size).encode() + content.name.encode())
        else:
            digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()[:12]

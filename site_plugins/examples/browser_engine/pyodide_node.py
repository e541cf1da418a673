"""Build steps that run under Node: Pyodide for the start-up snapshot, the trace of the
standard library the engine imports and the bytecode compiler, and Node's own brotli for the
precompressed files.

Build-time only. Each step's result is cached by everything it depends on, so a rebuild with
nothing changed runs no Node at all. Where Node is missing or a step fails, the caller ships
without that step's result (a plain start, the whole standard library) and says so; a failed
step's whole output is kept in ``<cache>/logs``
(:mod:`~site_plugins.examples.browser_engine.node_step`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import shutil
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.made_once import made_once
from site_plugins.examples.browser_engine.node_step import logs_in, node_program, run_step
from site_plugins.examples.browser_engine.wheels import Wheel, reproducible_zip

NODE = Path(__file__).parent / "node"
SNAPSHOT_SCRIPT = NODE / "make_snapshot.mjs"
TRACE_SCRIPT = NODE / "trace_stdlib.mjs"
COMPILE_SCRIPT = NODE / "compile_stdlib.mjs"
BROTLI_SCRIPT = NODE / "brotli.mjs"
#: Node processes the standard-library trace runs side by side (each Pyodide is one core).
TRACE_PROCESSES = 2
#: Longest a step of fixed work (the snapshot and its restore, a compile) may take under
#: Node, in seconds: each takes 2–10 s on a quiet machine; only a Node that hangs runs past it.
STEP_TIME_LIMIT = 600
#: Longest Node's brotli of one file may take, in seconds: the 9.6 MB wasm at quality 11
#: takes 20–50 s on a quiet machine and ran past 120 s on two busy cores.
BROTLI_TIME_LIMIT = 600
#: The standard-library trace and its check report each reroll as they go; one that reports
#: nothing for this long, in seconds, is stopped (each reroll is stopped after 5 s of CPU time
#: of its own: a loaded machine slows it down, and never stops it).
TRACE_SILENCE_LIMIT = 120
#: Longest the trace may take, in seconds: this much per reroll it makes (each card of each
#: page twice), and a start. Only a trace that hangs between its reports runs past it.
TRACE_START_LIMIT = 300
TRACE_REROLL_LIMIT = 30
#: Standard library files always shipped, whatever the trace saw: what Python needs to report
#: an error in words (an example that fails in a way no docs example does).
ALWAYS = ("traceback.py", "linecache.py", "tokenize.py", "token.py", "textwrap.py",
          "warnings.py", "_py_warnings.py", "reprlib.py", "contextlib.py")
#: Standard library files left out whatever the trace saw: modules the library imports only
#: under ``try: … except ImportError`` for what the engine never does (TLS in asyncio, bz2,
#: lzma and zstd archives in shutil and zipfile), whose importers carry on without them.
#: tests/pyodide/test_trimmed_stdlib.py rerolls every docs example on the library without
#: them.
OPTIONAL = ("ssl.py", "_ssl.py", "bz2.py", "lzma.py", "compression/zstd/")


def pyodide_version(folder: Path) -> str:
    """The version in the npm package's package.json (``unknown`` without one)."""
    try:
        return str(json.loads((folder / "package.json").read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def snapshot(pyodide: Path, wheels: list[Wheel], cache: Path, stdlib: Path,
             node: str | None = None) -> Path:
    """A memory snapshot of Pyodide with the modules of ``wheels`` imported, taken with the
    standard library ``stdlib``: the file the page loads beside it, and the only one it can
    be restored with (Python's importer keeps where each module lies in that zip). Cached by
    all it holds. It is restored under Node as the page restores it before it is kept
    (``node/make_snapshot.mjs``).

    Raises ``BrowserEngineError`` when Node is missing, or the snapshot fails or does not
    restore; the site then works without it (the page starts Pyodide the plain way).
    """
    node = node_program(node)
    key = _key(pyodide, SNAPSHOT_SCRIPT, *(w.data for w in wheels), stdlib.read_bytes())
    target = cache / f"snapshot-{key}.bin"

    def make(partial: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            paths = [Path(tmp) / wheel.file_name for wheel in wheels]
            for path, wheel in zip(paths, wheels, strict=True):
                path.write_bytes(wheel.data)
            run_step([node, str(SNAPSHOT_SCRIPT), str(pyodide), str(partial), str(stdlib),
                      _system_packages(wheels), *map(str, paths)],
                     "the snapshot", logs_in(cache), limit=STEP_TIME_LIMIT)
        if not partial.is_file():
            raise BrowserEngineError("the snapshot failed under Node: it wrote no file")

    return made_once(target, make)


def trace_stdlib(pyodide: Path, wheels: list[Wheel], cards: list[list[dict[str, object]]],
                 cache: Path, node: str | None = None) -> tuple[str, ...]:
    """The standard library files the engine imports while every card of ``cards`` (one list
    per page) is rerolled in Pyodide, the ``wheels`` on ``sys.path`` as the page puts them, as
    paths in ``python_stdlib.zip`` (cached)."""
    node = node_program(node)
    cards_json = json.dumps(cards, sort_keys=True).encode()
    key = _key(pyodide, TRACE_SCRIPT, *(w.data for w in wheels), cards_json)

    def make(partial: Path) -> None:
        parts = _shares(cards, TRACE_PROCESSES)
        with ThreadPoolExecutor(len(parts)) as pool:
            found = pool.map(lambda part: _trace_part(pyodide, wheels, part, node, cache), parts)
            used = sorted(set().union(*found))
        partial.write_text("".join(f"{name}\n" for name in used), "utf-8")

    target = made_once(cache / f"stdlib-{key}.txt", make)
    return tuple(line for line in target.read_text("utf-8").split("\n") if line)


def _trace_part(pyodide: Path, wheels: list[Wheel], cards: list[list[dict[str, object]]],
                node: str, cache: Path) -> set[str]:
    """What one Node process of the trace found imported (see :func:`trace_stdlib`)."""
    with _trace_folder(wheels, json.dumps(cards, sort_keys=True).encode()) as work:
        partial = work / "stdlib.txt"
        run_step([node, str(TRACE_SCRIPT), str(pyodide), str(work), str(partial)],
                 "the standard-library trace", logs_in(cache), limit=trace_limit(cards),
                 silence=TRACE_SILENCE_LIMIT)
        return {line for line in partial.read_text("utf-8").split("\n") if line}


def trace_limit(cards: list[list[dict[str, object]]], seeds: int = 2) -> float:
    """How long a trace of ``cards`` may take, in seconds: :data:`TRACE_START_LIMIT` and
    :data:`TRACE_REROLL_LIMIT` for each reroll it makes (every card of every page, with each
    of ``seeds``)."""
    rerolls = sum(len(page) for page in cards) * seeds
    return TRACE_START_LIMIT + TRACE_REROLL_LIMIT * rerolls


def _shares(pages: list[list[dict[str, object]]],
            count: int) -> list[list[list[dict[str, object]]]]:
    """``pages`` dealt into at most ``count`` shares of about as many cards each (the largest
    page first, each to the share with the fewest cards so far); never an empty share. Every
    process imports what its own cards need, so the union of what the shares import is what
    all the pages import."""
    shares: list[list[list[dict[str, object]]]] = [[] for _ in range(max(1, count))]
    sizes = [0] * len(shares)
    for page in sorted(pages, key=len, reverse=True):
        lightest = sizes.index(min(sizes))
        shares[lightest].append(page)
        sizes[lightest] += len(page)
    return [share for share in shares if share] or [[]]


def check_stdlib(pyodide: Path, wheels: list[Wheel], cards: list[list[dict[str, object]]],
                 stdlib: Path | None, seeds: range, node: str | None = None, *,
                 first_only: bool = False, cache: Path | None = None) -> dict[str, str]:
    """Reroll every card of ``cards`` with ``seeds`` in Pyodide on the standard library
    ``stdlib`` (Pyodide's own with ``None``) and the ``wheels`` (sources or compiled); return
    a sha256 of every answer. Raise ``BrowserEngineError`` naming every reroll that imports
    what the library lacks. With ``first_only``, a page is rerolled from its first example
    only (each card after it runs once with the new dice). A failure's log goes into
    ``cache`` (:func:`~site_plugins.examples.browser_engine.node_step.logs_in`)."""
    node = node_program(node)
    with _trace_folder(wheels, json.dumps(cards).encode()) as work:
        out = work / "digests.json"
        run_step([node, str(TRACE_SCRIPT), str(pyodide), str(work), str(out),
                  str(stdlib) if stdlib else "-", str(seeds.start), str(len(seeds)),
                  "first" if first_only else "every"],
                 "the standard-library check", logs_in(cache),
                 limit=trace_limit(cards, len(seeds)), silence=TRACE_SILENCE_LIMIT)
        return dict(json.loads(out.read_text("utf-8")))


def compiled_stdlib(pyodide: Path, files: Iterable[str], cache: Path,
                    node: str | None = None) -> Path:
    """Pyodide's standard library cut down to ``files`` (:func:`trimmed_stdlib`) and compiled
    to Python 3.14 bytecode (:func:`compile_stdlib`), cached by the files named."""
    listed = "\n".join([*sorted(files), *ALWAYS]).encode()

    def make(partial: Path) -> None:
        compiled = compile_stdlib(pyodide, trimmed_stdlib(pyodide / "python_stdlib.zip", files),
                                  cache, node)
        shutil.copyfile(compiled, partial)

    return made_once(cache / f"stdlib-{_key(pyodide, COMPILE_SCRIPT, listed)}.pyc.zip", make)


def compile_stdlib(pyodide: Path, source: bytes, cache: Path, node: str | None = None) -> Path:
    """``source`` (a standard-library zip) compiled to Python 3.14 bytecode in Pyodide, as a
    file in ``cache`` (cached by content)."""
    node = node_program(node)

    def make(partial: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            source_file = Path(tmp) / "source.zip"
            source_file.write_bytes(source)
            run_step([node, str(COMPILE_SCRIPT), str(pyodide), str(source_file), str(partial)],
                     "the bytecode compile", logs_in(cache), limit=STEP_TIME_LIMIT)

    return made_once(cache / f"stdlib-{_key(pyodide, COMPILE_SCRIPT, source)}.pyc.zip", make)


def compiled_wheel(pyodide: Path, wheel: Wheel, cache: Path, node: str | None = None) -> Wheel:
    """``wheel`` with its modules compiled to Python 3.14 bytecode in Pyodide, as
    :func:`compile_stdlib` compiles the standard library (no docstrings, no asserts, line
    numbers without columns); the page imports it from the zip and compiles nothing. Its
    members are stored, not deflated, so that its ``.br`` compresses across them. Its
    ``RECORD`` (which lists the sources) is left out; its name says which Python it is for
    (``…-cp314-none-any.whl``). Cached by content."""
    compiled = compile_stdlib(pyodide, wheel.data, cache, node)
    with zipfile.ZipFile(compiled) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()
                   if not name.endswith(".dist-info/RECORD")}
    name, version, *_ = wheel.file_name.split("-")
    return dataclasses.replace(
        wheel, file_name=f"{name}-{version}-{python_tag(pyodide)}-none-any.whl",
        data=reproducible_zip(entries, stored=True))


def python_tag(pyodide: Path) -> str:
    """The wheel tag of the npm package's Python (``cp314``), from its lock file."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return f"cp{major}{minor}"


def brotli(source: Path, target: Path, node: str | None = None, *,
           logs: Path | None = None) -> None:
    """Write ``source`` compressed with brotli by Node (quality 11, a 16 MB window) to
    ``target`` (what :mod:`~site_plugins.examples.browser_engine.packing` caches); a
    failure's log goes into ``logs`` (the system's temporary folder without one)."""
    run_step([node_program(node), str(BROTLI_SCRIPT), str(source), str(target)],
             f"the brotli compression of {source.name}", logs or logs_in(None),
             limit=BROTLI_TIME_LIMIT)


def _system_packages(wheels: list[Wheel]) -> str:
    """The packages of the game systems among ``wheels``, as JSON (what the Node scripts
    import: every module of each, as a page may)."""
    return json.dumps([wheel.system for wheel in wheels if wheel.system])


@contextlib.contextmanager
def _trace_folder(wheels: list[Wheel], cards_json: bytes) -> Iterator[Path]:
    """A folder with the wheels, the cards and the systems' packages, as the trace reads
    it."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for wheel in wheels:
            (work / wheel.file_name).write_bytes(wheel.data)
        (work / "cards.json").write_bytes(cards_json)
        (work / "systems.json").write_text(_system_packages(wheels), "utf-8")
        yield work


def trimmed_stdlib(full: Path, files: Iterable[str]) -> bytes:
    """``full`` (Pyodide's ``python_stdlib.zip``) cut down to ``files`` and the files in
    :data:`ALWAYS`, less those in :data:`OPTIONAL`, and every package ``__init__.py`` above
    them (sources, deflated: what :func:`compile_stdlib` compiles). Same input, same
    bytes."""
    with zipfile.ZipFile(full) as source:
        names = set(source.namelist())
        wanted = {name for name in (*files, *ALWAYS)
                  if name in names and not name.startswith(OPTIONAL)}
        for name in list(wanted):
            parts = name.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                package = "/".join(parts[:depth]) + "/__init__.py"
                if package in names:
                    wanted.add(package)
        return reproducible_zip({name: source.read(name) for name in sorted(wanted)})


def _key(pyodide: Path, script: Path, *parts: bytes) -> str:
    digest = hashlib.sha256(pyodide_version(pyodide).encode() + script.read_bytes())
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]

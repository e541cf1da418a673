"""Build steps that run under Node: Pyodide for the start-up snapshot, the trace of the
standard library the engine imports and the bytecode compiler, and Node's own brotli for the
precompressed files.

Build-time only. Each step's result is cached by everything it depends on, so a rebuild with
nothing changed runs no Node at all. Where Node is missing or a step fails, the caller ships
without that step's result (a plain start, the whole standard library) and says so.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.made_once import made_once
from site_plugins.examples.browser_engine.wheels import Wheel, reproducible_zip

NODE = Path(__file__).parent / "node"
SNAPSHOT_SCRIPT = NODE / "make_snapshot.mjs"
TRACE_SCRIPT = NODE / "trace_stdlib.mjs"
COMPILE_SCRIPT = NODE / "compile_stdlib.mjs"
BROTLI_SCRIPT = NODE / "brotli.mjs"
#: Node processes the standard-library trace runs side by side (each Pyodide is one core).
TRACE_PROCESSES = 2
#: Longest a step may take under Node before the build gives up on it, in seconds.
SNAPSHOT_TIME_LIMIT = 120
#: Longest Node's brotli of one file may take, in seconds: the 9.6 MB wasm at quality 11
#: takes 20–50 s on a quiet machine and ran past 120 s on two busy cores.
BROTLI_TIME_LIMIT = 600
#: Longest the standard-library trace may take, in seconds: it rerolls every docs example
#: twice (each reroll stopped after 5 s), and on a cold 2-core machine busy with other work it
#: took over 120 s, after which the build shipped the whole standard library.
TRACE_TIME_LIMIT = 300
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


def snapshot(pyodide: Path, wheels: list[Wheel], cache: Path, stdlib: Path | None = None,
             node: str | None = None) -> Path:
    """A memory snapshot of Pyodide with the wheels' modules imported (cached by content),
    taken with the standard library ``stdlib`` (the one the page will load) or the whole one.

    Raises ``BrowserEngineError`` when Node is missing or the snapshot fails; the site then
    works without it (the page starts Pyodide the plain way).
    """
    node = _node(node)
    stdlib_bytes = stdlib.read_bytes() if stdlib else b""
    key = _key(pyodide, SNAPSHOT_SCRIPT, *(w.data for w in wheels), stdlib_bytes)
    target = cache / f"snapshot-{key}.bin"

    def make(partial: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            paths = [Path(tmp) / wheel.file_name for wheel in wheels]
            for path, wheel in zip(paths, wheels, strict=True):
                path.write_bytes(wheel.data)
            _run([node, str(SNAPSHOT_SCRIPT), str(pyodide), str(partial),
                  str(stdlib) if stdlib else "-", _system_packages(wheels), *map(str, paths)],
                 "the snapshot")
        if not partial.is_file():
            raise BrowserEngineError("the snapshot failed under Node: it wrote no file")

    return made_once(target, make)


def trace_stdlib(pyodide: Path, wheels: list[Wheel], cards: list[list[dict[str, object]]],
                 cache: Path, node: str | None = None) -> tuple[str, ...]:
    """The standard library files the engine imports while every card of ``cards`` (one list
    per page) is rerolled in Pyodide, the ``wheels`` on ``sys.path`` as the page puts them, as
    paths in ``python_stdlib.zip`` (cached)."""
    node = _node(node)
    cards_json = json.dumps(cards, sort_keys=True).encode()
    key = _key(pyodide, TRACE_SCRIPT, *(w.data for w in wheels), cards_json)

    def make(partial: Path) -> None:
        parts = _shares(cards, TRACE_PROCESSES)
        with ThreadPoolExecutor(len(parts)) as pool:
            found = pool.map(lambda part: _trace_part(pyodide, wheels, part, node), parts)
            used = sorted(set().union(*found))
        partial.write_text("".join(f"{name}\n" for name in used), "utf-8")

    target = made_once(cache / f"stdlib-{key}.txt", make)
    return tuple(line for line in target.read_text("utf-8").split("\n") if line)


def _trace_part(pyodide: Path, wheels: list[Wheel], cards: list[list[dict[str, object]]],
                node: str) -> set[str]:
    """What one Node process of the trace found imported (see :func:`trace_stdlib`)."""
    with _trace_folder(wheels, json.dumps(cards, sort_keys=True).encode()) as work:
        partial = work / "stdlib.txt"
        _run([node, str(TRACE_SCRIPT), str(pyodide), str(work), str(partial)],
             "the standard-library trace", TRACE_TIME_LIMIT)
        return {line for line in partial.read_text("utf-8").split("\n") if line}


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
                 first_only: bool = False) -> dict[str, str]:
    """Reroll every card of ``cards`` with ``seeds`` in Pyodide on the standard library
    ``stdlib`` (Pyodide's own with ``None``) and the ``wheels`` (sources or compiled); return
    a sha256 of every answer. Raise ``BrowserEngineError`` naming every reroll that imports
    what the library lacks. With ``first_only``, a page is rerolled from its first example
    only (each card after it runs once with the new dice)."""
    node = _node(node)
    with _trace_folder(wheels, json.dumps(cards).encode()) as work:
        out = work / "digests.json"
        _run([node, str(TRACE_SCRIPT), str(pyodide), str(work), str(out),
              str(stdlib) if stdlib else "-", str(seeds.start), str(len(seeds)),
              "first" if first_only else "every"],
             "the standard-library check", TRACE_TIME_LIMIT)
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
    node = _node(node)

    def make(partial: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            source_file = Path(tmp) / "source.zip"
            source_file.write_bytes(source)
            _run([node, str(COMPILE_SCRIPT), str(pyodide), str(source_file), str(partial)],
                 "compiling the standard library")

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


def brotli(source: Path, target: Path, node: str | None = None) -> None:
    """Write ``source`` compressed with brotli by Node (quality 11, a 16 MB window) to
    ``target`` (what :mod:`~site_plugins.examples.browser_engine.packing` caches)."""
    _run([_node(node), str(BROTLI_SCRIPT), str(source), str(target)],
         f"brotli compression of {source.name}", BROTLI_TIME_LIMIT)


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


def _node(node: str | None) -> str:
    found = node or shutil.which("node")
    if not found:
        raise BrowserEngineError("Node.js is not installed")
    return found


def _key(pyodide: Path, script: Path, *parts: bytes) -> str:
    digest = hashlib.sha256(pyodide_version(pyodide).encode() + script.read_bytes())
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


def _run(command: list[str], what: str, limit: float = SNAPSHOT_TIME_LIMIT) -> None:
    """Run ``command`` under Node, stopped after ``limit`` seconds; a failure or a stop is a
    ``BrowserEngineError`` naming ``what``."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit,
                              check=False)
    except subprocess.TimeoutExpired as error:
        raise BrowserEngineError(f"{what} took over {limit:g} s") from error
    if done.returncode != 0:
        raise BrowserEngineError(f"{what} failed under Node: {done.stderr.strip()[-600:]}")

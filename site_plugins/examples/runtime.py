"""The in-browser engine a built site ships: Pyodide, our wheel, its lock entry, a snapshot.

Build-time only (never imported in the browser). Everything is written under one folder
of the site, so the site needs no other origin:

* the runtime files of the pinned npm package ``pyodide`` (copied, or hard-linked when the
  file system allows), its ES modules renamed to ``.js`` (``pyodide.esm.js``,
  ``pyodide.asm.js``) with the one reference between them rewritten: stock hosts (Debian's
  nginx among them) know no ``.mjs`` and serve it with a type browsers refuse for a module;
* ``rules_reference-<version>+<hash>-py3-none-any.whl``: ``rules_core`` and the MkDocs-free
  example modules, built deterministically here (same sources, same bytes);
* ``icepool-<version>-py3-none-any.whl``: icepool, which ``rules_core.odds`` uses for the
  exact odds on every card, repacked deterministically from the installed distribution
  (it is pure Python; the npm package ships no wheels, and nothing is downloaded);
* ``pyodide-lock.json``: Pyodide's lock file with both wheels added under their real sha256
  (the entries ``pyodide lockfile add-wheels`` writes; ours depends on icepool), so the
  browser checks their integrity;
* ``snapshot-<hash>.bin``: a Pyodide memory snapshot taken under Node with the engine and
  icepool already imported, when Node is available; the page falls back to a plain start;
* ``manifest.json``: which of those files the page script should load.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import os
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import rules_core

#: The runtime files of the npm package that a page needs (no maps, typings or consoles).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The name each runtime file ships under: every script a ``.js`` that any host types right.
SHIPPED_NAMES = {"pyodide.mjs": "pyodide.esm.js", "pyodide.asm.mjs": "pyodide.asm.js"}
#: Text replaced in the shipped scripts: the module's reference to its twin, and source-map
#: comments (the maps are not shipped).
SCRIPT_REWRITES = (("pyodide.asm.mjs", "pyodide.asm.js"),)
LOCK_FILE = "pyodide-lock.json"
#: The pinned npm package version the site is tested with.
PYODIDE_VERSION = "314.0.7"
WHEEL_NAME = "rules_reference"
WHEEL_VERSION = "0.2.0"
#: Pure-Python distributions the engine needs in the browser, shipped as wheels of their own.
DEPENDENCIES = ("icepool",)
#: The example modules the browser imports (the rest of site_plugins needs MkDocs or pytest).
BROWSER_MODULES = ("__init__.py", "lexer.py", "session.py", "verify.py", "render.py",
                   "reroll.py")
SNAPSHOT_SCRIPT = Path(__file__).parent / "node" / "make_snapshot.mjs"
#: Longest the snapshot may take under Node before the build gives up on it, in seconds.
SNAPSHOT_TIME_LIMIT = 120


class BrowserEngineError(Exception):
    """The browser engine could not be prepared (the message says what to fix)."""


@dataclass(frozen=True)
class Wheel:
    """A built wheel: its file name, bytes, the modules it provides and what it needs."""

    file_name: str
    data: bytes
    imports: tuple[str, ...]
    depends: tuple[str, ...] = ()

    @property
    def sha256(self) -> str:
        """Hex sha256 of the wheel's bytes (what Pyodide checks)."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def name(self) -> str:
        """The package name in the lock file (``rules-reference``, ``icepool``)."""
        return self.file_name.split("-")[0].replace("_", "-").lower()

    @property
    def version(self) -> str:
        """The version in the file name."""
        return self.file_name.split("-")[1]


def wheel_sources() -> dict[str, bytes]:
    """Archive path → bytes of every file the browser's Python needs, in a stable order."""
    core = Path(rules_core.__file__).parent
    examples = Path(__file__).parent
    files: dict[str, bytes] = {}
    for path in sorted(core.rglob("*")):
        if path.is_file() and (path.suffix == ".py" or path.name == "py.typed"):
            files[f"rules_core/{path.relative_to(core).as_posix()}"] = path.read_bytes()
    files["site_plugins/__init__.py"] = (examples.parent / "__init__.py").read_bytes()
    for name in BROWSER_MODULES:
        files[f"site_plugins/examples/{name}"] = (examples / name).read_bytes()
    return files


def build_wheel(sources: dict[str, bytes] | None = None) -> Wheel:
    """A py3-none-any wheel of ``sources``; its version carries a hash of the contents."""
    sources = wheel_sources() if sources is None else sources
    digest = hashlib.sha256()
    for name, data in sources.items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    version = f"{WHEEL_VERSION}+g{digest.hexdigest()[:10]}"
    return _pack(WHEEL_NAME, version, sources, ("rules_core", "site_plugins"), DEPENDENCIES)


def installed_wheel(distribution: str) -> Wheel:
    """A py3-none-any wheel of an installed pure-Python ``distribution`` (e.g. icepool),
    packed from its installed files: the same files give the same bytes."""
    try:
        dist = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError as error:
        raise BrowserEngineError(f"{distribution} is not installed: run `make setup` (it is a "
                                 "dependency in pyproject.toml)") from error
    sources: dict[str, bytes] = {}
    for file in sorted(dist.files or (), key=str):
        parts = PurePosixPath(str(file)).parts
        if not parts or parts[0].endswith(".dist-info") or "__pycache__" in parts:
            continue
        located = Path(str(dist.locate_file(file)))
        if located.suffix in (".py", ".typed", ".pyi") and located.is_file():
            sources[PurePosixPath(str(file)).as_posix()] = located.read_bytes()
    if not sources:
        raise BrowserEngineError(f"the installed {distribution} has no Python files to ship")
    tops = tuple(sorted({name.split("/")[0].removesuffix(".py") for name in sources}))
    return _pack(dist.metadata["Name"].replace("-", "_"), dist.version, sources, tops, ())


def _pack(name: str, version: str, sources: dict[str, bytes], imports: tuple[str, ...],
          depends: tuple[str, ...]) -> Wheel:
    dist_info = f"{name}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {d}\n" for d in depends)
    meta = {
        f"{dist_info}/METADATA": (f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}"
                                  f"\nVersion: {version}\n{requires}").encode(),
        f"{dist_info}/WHEEL": (b"Wheel-Version: 1.0\nGenerator: site_plugins.examples.runtime\n"
                               b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        f"{dist_info}/top_level.txt": ("".join(f"{t}\n" for t in imports)).encode(),
    }
    entries = {**sources, **meta}
    record = [f"{entry},sha256={_b64sha(data)},{len(data)}" for entry, data in entries.items()]
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry, data in entries.items():
            info = zipfile.ZipInfo(entry, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return Wheel(f"{name}-{version}-py3-none-any.whl", buffer.getvalue(), imports, depends)


def lock_with_wheels(lock: dict[str, object], wheels: list[Wheel]) -> dict[str, object]:
    """A copy of Pyodide's lock data with ``wheels`` registered as loadable packages.

    Each entry has the fields ``pyodide lockfile add-wheels`` writes for a pure-Python wheel.
    """
    packages = dict(lock.get("packages", {}))  # type: ignore[call-overload]
    for wheel in wheels:
        packages[wheel.name] = {
            "name": wheel.name,
            "version": wheel.version,
            "file_name": wheel.file_name,
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": list(wheel.imports),
            "depends": list(wheel.depends),
            "unvendored_tests": False,
        }
    return {**lock, "packages": packages}


def find_pyodide(candidates: list[Path]) -> Path:
    """The first folder holding Pyodide's runtime files, or an error saying how to get one."""
    for folder in candidates:
        if all((folder / name).is_file() for name in (*RUNTIME_FILES, LOCK_FILE)):
            return folder
    tried = ", ".join(str(c) for c in candidates)
    raise BrowserEngineError(f"Pyodide's runtime files were not found (looked in {tried}): run "
                        f"`npm ci` (or `make setup`) to install the pinned npm package "
                        f"pyodide@{PYODIDE_VERSION}")


def pyodide_version(folder: Path) -> str:
    """The version in the npm package's package.json (``unknown`` without one)."""
    try:
        return str(json.loads((folder / "package.json").read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def snapshot(pyodide: Path, wheels: list[Wheel], cache: Path, node: str | None = None) -> Path:
    """A memory snapshot of Pyodide with the wheels' modules imported (cached by content).

    Raises ``BrowserEngineError`` when Node is missing or the snapshot fails; the site then
    works without it (the page starts Pyodide the plain way).
    """
    node = node or shutil.which("node")
    if not node:
        raise BrowserEngineError("Node.js is not installed, so no start-up snapshot was made")
    key = hashlib.sha256(
        pyodide_version(pyodide).encode() + b"".join(w.data for w in wheels)
        + SNAPSHOT_SCRIPT.read_bytes()
    ).hexdigest()[:16]
    target = cache / f"snapshot-{key}.bin"
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    paths = [cache / wheel.file_name for wheel in wheels]
    for path, wheel in zip(paths, wheels, strict=True):
        path.write_bytes(wheel.data)
    partial = target.with_suffix(".partial")
    command = [node, str(SNAPSHOT_SCRIPT), str(pyodide), str(partial), *map(str, paths)]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=SNAPSHOT_TIME_LIMIT, check=False)
    except subprocess.TimeoutExpired as error:
        raise BrowserEngineError(f"the snapshot took over {SNAPSHOT_TIME_LIMIT} s") from error
    finally:
        for path in paths:
            path.unlink(missing_ok=True)
    if done.returncode != 0 or not partial.is_file():
        raise BrowserEngineError(f"the snapshot failed under Node: {done.stderr.strip()[-600:]}")
    partial.replace(target)
    return target


def place(source: Path, target: Path) -> None:
    """Put ``source`` at ``target``: a hard link where possible, else a copy."""
    if target.exists():
        same = target.stat()
        if same.st_ino == source.stat().st_ino or (
            same.st_size == source.stat().st_size and same.st_mtime >= source.stat().st_mtime
        ):
            return
        target.unlink()
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def write_runtime(out: Path, pyodide: Path, cache: Path, *, make_snapshot: bool = True,
                  time_limit: float = 10.0) -> list[str]:
    """Write the whole browser engine into ``out``; return notes about what was left out."""
    notes: list[str] = []
    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shipped = shipped_name(name)
        if shipped == name:
            place(pyodide / name, out / name)
        else:
            write_if_changed(out / shipped, rewritten_script((pyodide / name).read_bytes()))
    wheel = build_wheel()
    wheels = [wheel, *(installed_wheel(name) for name in DEPENDENCIES)]
    for each in wheels:
        (out / each.file_name).write_bytes(each.data)
    lock = json.loads((pyodide / LOCK_FILE).read_text("utf-8"))
    (out / LOCK_FILE).write_text(json.dumps(lock_with_wheels(lock, wheels)), "utf-8")
    snapshot_name = None
    if make_snapshot:
        try:
            made = snapshot(pyodide, wheels, cache)
            snapshot_name = made.name
            place(made, out / snapshot_name)
        except BrowserEngineError as error:
            notes.append(f"no start-up snapshot: {error}; the page will start Pyodide plainly")
    files = [shipped_name(name) for name in RUNTIME_FILES]
    manifest = {
        "pyodide": pyodide_version(pyodide),
        "module": shipped_name("pyodide.mjs"),
        "files": files,
        "sizes": {name: (out / name).stat().st_size
                  for name in [*files, LOCK_FILE, *(w.file_name for w in wheels),
                               *([snapshot_name] if snapshot_name else [])]},
        "lock": LOCK_FILE,
        "package": WHEEL_NAME.replace("_", "-"),
        "wheel": wheel.file_name,
        "wheels": [each.file_name for each in wheels],
        "snapshot": snapshot_name,
        "timeLimitMs": int(time_limit * 1000),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), "utf-8")
    keep = {snapshot_name, *(each.file_name for each in wheels)}
    for stale in out.iterdir():  # old wheels and snapshots of earlier builds (mkdocs serve)
        if stale.name.startswith(("snapshot-", f"{WHEEL_NAME}-", *DEPENDENCIES)) and (
            stale.name not in keep
        ):
            stale.unlink()
    return notes


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


def write_if_changed(target: Path, data: bytes) -> None:
    """Write ``data`` unless ``target`` already holds it (a rebuild keeps the file's time)."""
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return
    target.write_bytes(data)


def _b64sha(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

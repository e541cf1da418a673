"""The engine's compressed copies: cached by a file's content and the compressor's settings
alone, so that another clone, or a rebuild after a change to our Python code, compresses the
runtime no more."""

from __future__ import annotations

import gzip
import os
import threading
import time
from pathlib import Path

import pytest

from site_plugins.examples.browser_engine import made_once as made_once_module
from site_plugins.examples.browser_engine import packing
from site_plugins.examples.browser_engine.made_once import made_once
from site_plugins.examples.browser_engine.packing import write_folder

#: Bytes that compress (a packed copy is kept only when it saves a tenth).
RUNTIME = b"pyodide runtime " * 4096


@pytest.fixture
def brotli_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files brotli is run on (stood in for by gzip: Node is not what is tested)."""
    runs: list[str] = []

    def fake_brotli(source: Path, target: Path, node: str | None = None, **_: object) -> None:
        runs.append(source.name)
        target.write_bytes(gzip.compress(source.read_bytes(), mtime=0))

    monkeypatch.setattr(packing, "brotli", fake_brotli)
    return runs


def npm_package(folder: Path, data: bytes, mtime: int) -> Path:
    """A runtime file as a fresh ``npm ci`` leaves it: another folder, another time."""
    file = folder / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    file.parent.mkdir(parents=True)
    file.write_bytes(data)
    os.utime(file, (mtime, mtime))
    return file


def test_a_second_clone_with_the_same_runtime_compresses_nothing_again(
        tmp_path: Path, brotli_runs: list[str]) -> None:
    cache = tmp_path / "cache"
    for clone, mtime in (("one", 1_700_000_000), ("two", 1_800_000_000)):
        wasm = npm_package(tmp_path / clone, RUNTIME, mtime)
        write_folder(tmp_path / clone / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])
    assert brotli_runs == ["pyodide.asm.wasm"]


def test_both_clones_ship_the_same_compressed_copy(tmp_path: Path,
                                                   brotli_runs: list[str]) -> None:
    cache = tmp_path / "cache"
    for clone, mtime in (("one", 1_700_000_000), ("two", 1_800_000_000)):
        wasm = npm_package(tmp_path / clone, RUNTIME, mtime)
        write_folder(tmp_path / clone / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])
    one, two = (tmp_path / clone / "site" / "pyodide.asm.wasm.br" for clone in ("one", "two"))
    assert one.read_bytes() == two.read_bytes() == gzip.compress(RUNTIME, mtime=0)


def test_a_changed_file_is_compressed_again(tmp_path: Path, brotli_runs: list[str]) -> None:
    cache = tmp_path / "cache"
    for clone, data in (("one", RUNTIME), ("two", RUNTIME + b"patched")):
        wasm = npm_package(tmp_path / clone, data, 1_700_000_000)
        write_folder(tmp_path / clone / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])
    assert brotli_runs == ["pyodide.asm.wasm", "pyodide.asm.wasm"]


def test_other_files_of_the_build_do_not_touch_the_runtime_s_compressed_copy(
        tmp_path: Path, brotli_runs: list[str]) -> None:
    cache = tmp_path / "cache"
    wasm = npm_package(tmp_path, RUNTIME, 1_700_000_000)
    for wheel in (b"rules engine " * 2000, b"rules engine, changed " * 2000):
        write_folder(tmp_path / "site", {"pyodide.asm.wasm": wasm, "engine.whl": wheel}, cache,
                     brotli_for=["pyodide.asm.wasm", "engine.whl"])
    assert sorted(brotli_runs) == ["engine.whl", "engine.whl", "pyodide.asm.wasm"]  # side by side


def test_a_change_to_the_brotli_settings_compresses_again(
        tmp_path: Path, brotli_runs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    wasm = npm_package(tmp_path, RUNTIME, 1_700_000_000)
    for script in ("quality 11", "quality 9"):
        monkeypatch.setattr(packing, "compressor_key",
                            lambda suffix, script=script: f"{suffix}:{script}")
        write_folder(tmp_path / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])
    assert brotli_runs == ["pyodide.asm.wasm", "pyodide.asm.wasm"]


def test_the_brotli_key_follows_the_script_that_holds_its_settings() -> None:
    assert packing.compressor_key(".br") != packing.compressor_key(".gz")
    assert packing.compressor_key(".br") == packing.compressor_key(".br")


def test_two_builds_at_once_compress_the_runtime_once(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Two builds that reach the same file together (the two test workers, two clones): the
    second waits for the first's brotli and reads it (site_plugins/…/made_once.py)."""
    runs: list[str] = []
    started = threading.Event()

    def slow_brotli(source: Path, target: Path, node: str | None = None, **_: object) -> None:
        runs.append(source.name)
        started.set()
        time.sleep(0.5)  # the other build arrives while this one compresses
        target.write_bytes(gzip.compress(source.read_bytes(), mtime=0))

    monkeypatch.setattr(packing, "brotli", slow_brotli)
    cache = tmp_path / "cache"

    def build(clone: str) -> None:
        wasm = npm_package(tmp_path / clone, RUNTIME, 1_700_000_000)
        write_folder(tmp_path / clone / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])

    first = threading.Thread(target=build, args=("one",))
    first.start()
    assert started.wait(10)
    build("two")
    first.join()
    assert runs == ["pyodide.asm.wasm"]
    one, two = (tmp_path / clone / "site" / "pyodide.asm.wasm.br" for clone in ("one", "two"))
    assert one.read_bytes() == two.read_bytes() == gzip.compress(RUNTIME, mtime=0)


def test_a_cache_that_cannot_be_locked_is_still_filled(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without ``flock`` (some network mounts): the build makes the file without
    a lock, as before the lock existed, instead of failing."""
    def no_flock(*args: object) -> None:
        raise OSError(37, "No locks available")

    monkeypatch.setattr(made_once_module.fcntl, "flock", no_flock)
    target = tmp_path / "cache" / "file.gz"
    made: list[Path] = []

    def make(partial: Path) -> None:
        made.append(partial)
        partial.write_bytes(b"made")

    assert made_once(target, make).read_bytes() == b"made"
    assert made_once(target, make) == target
    assert len(made) == 1


def test_a_compression_that_fails_leaves_no_partial_file(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def failing_brotli(source: Path, target: Path, node: str | None = None, **_: object) -> None:
        target.write_bytes(b"half")
        raise RuntimeError("killed")

    monkeypatch.setattr(packing, "brotli", failing_brotli)
    cache = tmp_path / "cache"
    wasm = npm_package(tmp_path / "one", RUNTIME, 1_700_000_000)
    with pytest.raises(RuntimeError):
        write_folder(tmp_path / "one" / "site", {"pyodide.asm.wasm": wasm}, cache,
                     brotli_for=["pyodide.asm.wasm"])
    assert not [p for p in cache.rglob("*") if p.is_file() and p.suffix not in {".gz", ".lock"}]

"""How the engine's files are written into the site: hard links to cached files, and beside
every large file that compresses, a ``.gz`` and (for the files a first visit fetches) a
``.br``.

Build-time only. The page fetches the ``.br`` of a file and unpacks it itself with a small
brotli decoder (``brotli-dec-wasm``, from npm), or the ``.gz`` with the browser's own
``DecompressionStream`` where the decoder is missing, so a host that compresses nothing sends
the small file too; a host with ``gzip_static`` also sends the ``.gz`` of scripts, which the
page imports and cannot unpack itself. Every compressed copy is cached in the build's cache
folder by the file's content and the compressor's settings alone (a rebuild, or a build in
another clone, compresses nothing again; a change to our Python code never makes the runtime's
``.br`` again).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.made_once import made_once
from site_plugins.examples.browser_engine.node_step import logs_in
from site_plugins.examples.browser_engine.pyodide_node import BROTLI_SCRIPT, brotli

#: Files smaller than this are not precompressed (a compressed copy would save nothing).
COMPRESS_FROM = 1024
#: Files already compressed, which a compressed copy would not shrink.
COMPRESSED = (".gz", ".br")
#: A compressed copy is kept only if it is at most this share of the file.
WORTH_COMPRESSING = 0.9


@dataclass(frozen=True)
class Packed:
    """Which files of a folder have a compressed copy beside them."""

    gz: tuple[str, ...] = ()
    br: tuple[str, ...] = ()
    #: The files whose ``.br`` could not be made, each with why (``the brotli compression of
    #: pyodide.asm.wasm took over …``): the page fetches their ``.gz`` instead.
    failed: tuple[tuple[str, str], ...] = ()


def write_folder(folder: Path, files: dict[str, bytes | Path], cache: Path, *,
                 brotli_for: Collection[str] = (), node: str | None = None) -> Packed:
    """Write ``files`` into ``folder``, with a ``.gz`` beside each that compresses and a
    ``.br`` beside those of them named in ``brotli_for`` (made by ``node``; none where Node
    fails, the page then unpacking the ``.gz``). Files are packed side by side, one per core
    (a cold build's brotli of the 9.6 MB wasm no longer waits for the others')."""
    folder.mkdir(parents=True, exist_ok=True)
    failed: dict[str, str] = {}

    def pack(name: str) -> tuple[bool, bool]:
        """Write ``name``; whether it got a ``.gz`` and a ``.br``."""
        content, target = files[name], folder / name
        if isinstance(content, Path):
            place(content, target)
        else:
            write_if_changed(target, content)
        size = target.stat().st_size
        if size < COMPRESS_FROM or name.endswith(COMPRESSED):
            return False, False
        key = _content_key(target)
        packed = _compressed(target, key, ".gz", cache, node)
        if packed.stat().st_size > WORTH_COMPRESSING * size:
            return False, False
        place(packed, folder / f"{name}.gz")
        if name not in brotli_for:
            return True, False
        try:
            place(_compressed(target, key, ".br", cache, node), folder / f"{name}.br")
        except BrowserEngineError as error:
            failed[name] = str(error)
            return True, False  # the page fetches the .gz instead
        return True, True

    names = list(files)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        done = dict(zip(names, pool.map(pack, names), strict=True))
    return Packed(tuple(name for name in names if done[name][0]),
                  tuple(name for name in names if done[name][1]),
                  tuple((name, failed[name]) for name in names if name in failed))


def brotli_beside(target: Path, cache: Path, node: str | None = None) -> str | None:
    """Write ``<target>.br`` beside ``target`` (cached by content); where Node could not make
    it, why not (the page then never learns the host sends ``.br`` copies encoded)."""
    try:
        place(_compressed(target, _content_key(target), ".br", cache, node),
              target.with_name(f"{target.name}.br"))
    except BrowserEngineError as error:
        return str(error)
    return None


def place(source: Path, target: Path) -> None:
    """Put ``source`` at ``target``: a hard link where possible, else a copy."""
    if target.exists():
        if target.stat().st_ino == source.stat().st_ino:
            return
        target.unlink()
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def write_if_changed(target: Path, data: bytes) -> None:
    """Write ``data`` unless ``target`` already holds it (a rebuild keeps the file's time)."""
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _content_key(target: Path) -> str:
    """What the compressed copies of a file are cached by: its bytes alone, never where they
    were read from, so that another clone (another ``node_modules``, the same Pyodide) or a
    cached file written again with the same bytes reuses them."""
    digest = hashlib.sha256()
    with target.open("rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _compressed(target: Path, key: str, suffix: str, cache: Path, node: str | None) -> Path:
    """``target`` compressed (gzip level 9 without a timestamp, or brotli), cached by ``key``
    (its content) and by how it is compressed (:func:`compressor_key`)."""
    name = hashlib.sha256(f"{key}:{compressor_key(suffix)}".encode()).hexdigest()[:24]

    def make(partial: Path) -> None:
        if suffix == ".gz":
            partial.write_bytes(gzip.compress(target.read_bytes(), compresslevel=9, mtime=0))
        else:
            brotli(target, partial, node, logs=logs_in(cache))

    return made_once(cache / suffix.lstrip(".") / f"{name}{suffix}", make)


def compressor_key(suffix: str) -> str:
    """What a compressed copy depends on besides its file: the compressor and its settings
    (gzip's level, the brotli script's source, which holds them)."""
    if suffix == ".gz":
        return "gzip-9"
    return "brotli-" + hashlib.sha256(BROTLI_SCRIPT.read_bytes()).hexdigest()[:16]

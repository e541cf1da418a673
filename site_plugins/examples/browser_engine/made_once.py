"""A file of the build's shared cache (``~/.cache/rules-examples``), made once and written whole.

Two builds that need the same cached file at once (the two test workers of ``make test``, two
clones, ``mkdocs serve`` beside a test run) would each run the same minutes of Node work: the
standard-library trace, the wheels' and the library's bytecode, the wasm's brotli. Under
:func:`made_once` the second waits for the first and reads what it made. The file is written
under a name of the maker's own process and thread, then renamed, so a reader never sees half
of it; a maker that fails leaves nothing, and the next build (or the one waiting) tries
again. Where no lock can be taken (no ``fcntl`` on Windows, a file system without ``flock``,
a read-only cache), builds make the file side by side and the last rename wins with the same
bytes.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def made_once(target: Path, make: Callable[[Path], None]) -> Path:
    """``target``, made by ``make`` unless it is there already. ``make`` writes the path it is
    given (beside ``target``), which is renamed to ``target`` once ``make`` returns; while one
    build makes it, another that needs it waits (``<target>.lock``) and then reads it."""
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with _locked(target):
        if not target.is_file():
            partial = target.with_name(
                f"{target.name}.{os.getpid()}.{threading.get_ident()}.partial")
            try:
                make(partial)
                partial.replace(target)
            finally:
                partial.unlink(missing_ok=True)
    return target


@contextlib.contextmanager
def _locked(target: Path) -> Iterator[None]:
    """Hold ``target``'s lock, where one can be taken (released when its file is closed)."""
    with contextlib.ExitStack() as held:
        try:
            if fcntl is not None:
                lock = held.enter_context(target.with_name(f"{target.name}.lock").open("a"))
                fcntl.flock(lock, fcntl.LOCK_EX)
        except OSError:
            pass
        yield


__all__ = ["made_once"]

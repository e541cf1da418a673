"""One maker at a time for a file of the build's shared cache (``~/.cache/rules-examples``).

Two builds that need the same cached file at once (the two test workers of ``make test``, two
clones, ``mkdocs serve`` beside a test run) would each run the same minutes of Node work: the
standard-library trace, the wheels' and the library's bytecode, the wasm's brotli. Under
:func:`made_once` the second waits for the first and reads what it made. Files are still
written whole (a partial name, then a rename), so a reader that takes no lock never sees half
a file. Where no lock can be taken (no ``fcntl`` on Windows, a file system without
``flock``, a read-only cache), builds make the file side by side, each under a name of its
own process and thread (:func:`partial_name`), and the last rename wins with the same bytes.
A maker that fails leaves no file: the next build (or the one waiting) tries again.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


@contextlib.contextmanager
def made_once(target: Path) -> Iterator[bool]:
    """Hold ``target``'s lock (``<target>.lock`` beside it) while it is made; yield whether it
    is still to be made (``False``: another build made it while this one waited). Where no
    lock can be taken (no ``fcntl``, a file system without ``flock``, a read-only cache), the
    file is made without one, as before."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as held:
        try:
            if fcntl is not None:
                lock = held.enter_context(target.with_name(f"{target.name}.lock").open("a"))
                fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        except OSError:
            pass
        yield not target.is_file()


def partial_name(target: Path) -> Path:
    """A name beside ``target`` of this process's and thread's own, for writing it before it is
    renamed into place whole."""
    return target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.partial")


__all__ = ["made_once", "partial_name"]

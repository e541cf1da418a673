"""One maker at a time for a file of the build's shared cache (``~/.cache/rules-examples``).

Two builds that need the same cached file at once (the two test workers of ``make test``, two
clones, ``mkdocs serve`` beside a test run) would each run the same minutes of Node work: the
standard-library trace, the wheels' and the library's bytecode, the wasm's brotli. Under
:func:`made_once` the second waits for the first and reads what it made. Files are still
written whole (a partial name, then a rename), so a reader that takes no lock never sees half
a file. Where the platform has no ``fcntl`` (Windows), builds make the file side by side, as
before, and the last rename wins with the same bytes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


@contextlib.contextmanager
def made_once(target: Path) -> Iterator[bool]:
    """Hold ``target``'s lock (``<target>.lock`` beside it) while it is made; yield whether it
    is still to be made (``False``: another build made it while this one waited)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:  # pragma: no cover - Windows
        yield not target.is_file()
        return
    with target.with_name(f"{target.name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield not target.is_file()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


__all__ = ["made_once"]

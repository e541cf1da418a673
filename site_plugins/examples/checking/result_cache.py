"""Checked pages kept for the next build in the same process, so that ``mkdocs serve``
re-verifies only the page an author saved, as long as the engine has not changed.

A page's result is kept under a key of everything it depends on:

* the page's path (failures name it), its Markdown and the file line that Markdown starts
  at (front matter shifts it);
* the checker's limits;
* the engine's code: every ``.py`` file under ``rules_core/`` and ``site_plugins/examples/``
  by path, size and modification time (:func:`engine_hash`). Saving or touching any of them
  (or adding or removing one) changes the key of every page, so every page is checked again,
  by new worker processes that import the engine as it is on disk.

Only pages that verified are kept. A failure can come from the moment (an example past its
time on a loaded machine, a worker that was lost), and a failing page is the one being
edited: it is checked again at every build until it passes.

The process's cache is part of its one state (:mod:`~site_plugins.examples.serving.
serve_state`), so it outlasts the plugin's builds within one ``mkdocs serve``. It holds at most
:data:`MAX_PAGES` pages, the least recently used leaving first. No MkDocs here.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Iterable
from pathlib import Path

from site_plugins.examples.checking.worker import CheckLimits
from site_plugins.examples.language.verify import PageResult
from site_plugins.examples.serving.kept import Kept

__all__ = ["MAX_PAGES", "ResultCache", "engine_hash", "engine_roots", "page_key"]

#: Most pages kept: a docs site many times this one's size.
MAX_PAGES = 512


def engine_roots() -> tuple[Path, ...]:
    """The folders of the engine's code: ``rules_core`` and this plugin's package."""
    spec = importlib.util.find_spec("rules_core")
    if spec is None or spec.origin is None:  # pragma: no cover - installed with the plugin
        raise ModuleNotFoundError("rules_core")
    return (Path(spec.origin).parent, Path(__file__).parents[1])


def engine_hash(roots: Iterable[Path] | None = None) -> str:
    """A hash of every ``.py`` file under ``roots`` (default :func:`engine_roots`) by its
    path, size and modification time in nanoseconds: about a millisecond, no file read."""
    digest = hashlib.sha256()
    for root in roots if roots is not None else engine_roots():
        for path in sorted(root.rglob("*.py")):
            try:
                stat = path.stat()
            except OSError:  # removed while we looked: the next build sees it gone
                continue
            name = path.relative_to(root.parent).as_posix()
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def page_key(path: str, text: str, first_line: int, limits: CheckLimits, engine: str) -> str:
    """The key of a page's result: a hash of everything the result depends on."""
    digest = hashlib.sha256()
    for part in (path, str(first_line), repr(limits), engine, text):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


class ResultCache:
    """Results of pages that verified, by :func:`page_key`, the newest ``max_pages``."""

    def __init__(self, max_pages: int = MAX_PAGES) -> None:
        self.max_pages = max_pages
        self._results: Kept[str, PageResult] = Kept(max_pages)
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> PageResult | None:
        """The result kept under ``key``, or ``None``."""
        result = self._results.find(key)
        if result is None:
            self.misses += 1
        else:
            self.hits += 1
        return result

    def put(self, key: str, result: PageResult) -> bool:
        """Keep ``result`` if the page verified; say whether it was kept."""
        if result.all_failures:
            return False
        self._results.keep(key, result)
        return True

    def clear(self) -> None:
        self._results.clear()
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._results)

    def __contains__(self, key: object) -> bool:
        return key in self._results

"""What one process keeps from a build to the next: a map of at most ``limit`` entries, the
least recently used leaving first.

``mkdocs serve`` runs all its builds in one process, and keeps there what a save did not
change: checked pages (``result_cache``), converted pages (``page_cache``), drawn cards
(``page_cards``), search entries (``search_cache``), compiled templates (``template_cache``)
and scanned pages (``csp``). Each is a :class:`Kept`, bounded so that a long session of a
big site stays bounded too. No MkDocs here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(OrderedDict[K, V], Generic[K, V]):
    """A map of at most ``limit`` entries; :meth:`find` and :meth:`keep` make an entry the
    most recently used, and are safe to call from several threads."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self._lock = threading.Lock()

    def find(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            value = self.get(key)
            if value is not None:
                self.move_to_end(key)
            return value

    def keep(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key``; the least recently used entries go past the limit."""
        with self._lock:
            self[key] = value
            self.move_to_end(key)
            while len(self) > self.limit:
                self.popitem(last=False)

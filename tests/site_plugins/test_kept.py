"""The bounded map every ``mkdocs serve`` cache keeps its entries in."""

from __future__ import annotations

import threading

from site_plugins.examples.serving.kept import Kept


def test_the_least_recently_used_entry_leaves_first() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    assert kept.find("a") == 1  # used: now the newest
    kept.keep("c", 3)
    assert dict(kept) == {"a": 1, "c": 3}
    assert kept.find("b") is None
    kept.keep("a", 4)  # kept again: replaced, and the newest
    kept.keep("d", 5)
    assert dict(kept) == {"a": 4, "d": 5}


def test_threads_keeping_at_once_stay_within_the_limit() -> None:
    kept: Kept[int, int] = Kept(50)

    def fill(start: int) -> None:
        for n in range(start, start + 500):
            kept.keep(n, n)
            kept.find(n - 1)

    threads = [threading.Thread(target=fill, args=(1000 * t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kept) == 50

"""The cache of checked pages that lets ``mkdocs serve`` re-verify only the page saved."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from site_plugins.examples.checking.result_cache import (
    ResultCache,
    engine_hash,
    engine_roots,
    page_key,
)
from site_plugins.examples.checking.worker import CheckLimits
from site_plugins.examples.language.verify import Failure, PageResult

LIMITS = CheckLimits()
PAGE = "```rules-example\n>>> 1 + 1\n2\n```\n"


def passing(path: str = "docs/page.md") -> PageResult:
    return PageResult(path)


def failing(path: str = "docs/page.md") -> PageResult:
    result = PageResult(path)
    result.failures[0] = [Failure(path, 2, "example did not verify")]
    return result


def test_a_page_kept_is_found_under_the_same_key() -> None:
    cache = ResultCache()
    key = page_key("docs/page.md", PAGE, 1, LIMITS, "engine")
    result = passing()
    assert cache.put(key, result)
    assert cache.get(page_key("docs/page.md", PAGE, 1, LIMITS, "engine")) is result
    assert (cache.hits, cache.misses) == (1, 0)


def test_a_change_to_anything_the_result_depends_on_misses() -> None:
    cache = ResultCache()
    cache.put(page_key("docs/page.md", PAGE, 1, LIMITS, "engine"), passing())
    changed = [
        page_key("docs/page.md", PAGE.replace("1 + 1", "1+1"), 1, LIMITS, "engine"),  # text
        page_key("docs/other.md", PAGE, 1, LIMITS, "engine"),  # path (failures name it)
        page_key("docs/page.md", PAGE, 4, LIMITS, "engine"),  # first line (front matter)
        page_key("docs/page.md", PAGE, 1, CheckLimits(time_limit=2.0), "engine"),  # limits
        page_key("docs/page.md", PAGE, 1, LIMITS, "engine changed"),  # the engine's code
    ]
    assert len(set(changed)) == len(changed)
    assert [cache.get(key) for key in changed] == [None] * len(changed)


def test_a_page_that_failed_is_not_kept() -> None:
    cache = ResultCache()
    key = page_key("docs/page.md", PAGE, 1, LIMITS, "engine")
    assert not cache.put(key, failing())
    assert cache.get(key) is None and len(cache) == 0


def test_the_cache_keeps_the_pages_used_last() -> None:
    cache = ResultCache(max_pages=2)
    keys = [page_key(f"docs/{n}.md", PAGE, 1, LIMITS, "e") for n in range(3)]
    cache.put(keys[0], passing())
    cache.put(keys[1], passing())
    assert cache.get(keys[0]) is not None  # used: now the newest
    cache.put(keys[2], passing())
    assert keys[0] in cache and keys[2] in cache and keys[1] not in cache
    assert len(cache) == 2


def engine_copy(tmp_path: Path) -> list[Path]:
    """A copy of the engine's code (rules_core and the plugin's package), with the files'
    times kept."""
    roots = []
    for root in engine_roots():
        copy = tmp_path / root.parent.name / root.name
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns("__pycache__"))
        roots.append(copy)
    return roots


def test_the_engine_hash_covers_every_python_file_of_the_engine(tmp_path: Path) -> None:
    roots = engine_copy(tmp_path)
    before = engine_hash(roots)
    assert engine_hash(roots) == before  # nothing changed: the same hash
    (roots[1] / "assets" / "examples.css").touch()  # not Python: no change
    assert engine_hash(roots) == before

    touched = roots[0] / "dice.py"
    stat = touched.stat()
    os.utime(touched, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    after_touch = engine_hash(roots)
    assert after_touch != before  # a save (or a touch) counts as a change

    (roots[1] / "new_module.py").write_text("X = 1\n", encoding="utf-8")
    after_new = engine_hash(roots)
    assert after_new not in (before, after_touch)

    (roots[0] / "kruhl" / "check.py").unlink()
    assert engine_hash(roots) not in (before, after_touch, after_new)


def test_the_engine_hash_is_that_of_the_engine_on_disk() -> None:
    names = {root.name for root in engine_roots()}
    assert names == {"rules_core", "examples"}
    assert engine_hash() == engine_hash(engine_roots())

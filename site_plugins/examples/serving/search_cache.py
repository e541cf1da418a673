"""``mkdocs serve`` only: the search entries of a page whose HTML did not change.

Material's search plugin parses every page's HTML again on every build, to cut it into the
sections its index holds: on this site about 1.2 s of a 1.8 s rebuild, most of it the engine
reference's long pages, though a save changes one page. While ``mkdocs serve`` runs, the
entries the plugin made for a page are kept, keyed by everything they are made from (the
page's address, title, HTML, table of contents and search and tags metadata); a later build
that finds the same key adds those entries again instead of parsing the page. A page whose
HTML changed is parsed as before. ``mkdocs build`` never uses it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from mkdocs.structure.pages import Page

from site_plugins.examples.serving.kept import Kept


def search_index_of(plugins: Any) -> Any | None:
    """The search index Material's search plugin fills during this build, or ``None`` when
    the site has no such plugin (or it is disabled, or it changed shape)."""
    search = plugins.get("material/search") or plugins.get("search")
    index = getattr(search, "search_index", None)
    if index is None or not callable(getattr(index, "add_entry_from_context", None)) \
            or not isinstance(getattr(index, "entries", None), list):
        return None
    return index


def entries_key(page: Page) -> str:
    """What a page's search entries are made from, hashed."""
    digest = hashlib.sha256()
    meta = page.meta or {}
    for part in (page.url, str(page.title), page.content or "", _toc_text(page.toc),
                 repr(meta.get("search")), repr(meta.get("tags"))):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


def install(index: Any, kept: Kept[str, list[dict[str, Any]]]) -> None:
    """Wrap ``index.add_entry_from_context`` (this build's index) so that a page seen before
    with the same key gets its entries from ``kept`` (the process's, in
    :mod:`~site_plugins.examples.serving.serve_state`), and any other page is parsed and
    kept."""
    original: Callable[[Page], None] = index.add_entry_from_context

    def add_entry_from_context(page: Page) -> None:
        key = entries_key(page)
        entries = kept.find(key)
        if entries is not None:
            index.entries.extend(dict(entry) for entry in entries)
            return
        before = len(index.entries)
        original(page)
        kept.keep(key, [dict(entry) for entry in index.entries[before:]])

    index.add_entry_from_context = add_entry_from_context


def _toc_text(items: Iterable[Any], depth: int = 0) -> str:
    """The table of contents as text: each anchor's depth, address and title."""
    return "".join(f"{depth} {item.url} {item.title}\n" + _toc_text(item.children, depth + 1)
                   for item in items)

"""``mkdocs serve`` only: the engine reference's pages, converted once while nothing they are
made from changes.

A page of the engine reference is mostly mkdocstrings blocks (``::: rules_core.verses``):
rendering them again takes seconds on every save of any page. While ``mkdocs serve`` runs,
such a page (one with mkdocstrings blocks and no examples) is kept after its first
conversion, keyed by its Markdown, the engine's code (whose docstrings it shows), the
configuration file and the set of pages (which its links may reach). A later build that
finds the same key skips the conversion and puts back what it made: the HTML, the table of
contents, the title, the anchors on the page, and the anchors mkdocstrings registered with
autorefs (so links to the reference from other pages still resolve). ``mkdocs build``
never uses it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents

#: A mkdocstrings block: a line starting ``::: ``.
_BLOCK = re.compile(r"^::: \S", re.MULTILINE)
#: Most pages kept (a serve session of a big reference stays bounded).
MAX_PAGES = 200


@dataclass
class Rendered:
    """What converting a page made, to put back on a later build."""

    html: str
    toc: TableOfContents
    title: str | None
    present_anchor_ids: set[str] | None
    #: The ``(identifier, anchor, title, primary)`` of each anchor registered with autorefs.
    anchors: list[tuple[str, str | None, str | None, bool]] = field(default_factory=list)


#: Pages kept by this process (``mkdocs serve`` runs its builds in one process).
KEPT: dict[str, Rendered] = {}


def cacheable(markdown: str, has_examples: bool) -> bool:
    """Whether a page is one the cache keeps: mkdocstrings blocks and no examples."""
    return not has_examples and bool(_BLOCK.search(markdown))


def page_key(src_uri: str, markdown: str, engine: str, config_text: str,
             pages: tuple[str, ...]) -> str:
    """The key a page is kept under: everything its conversion depends on."""
    digest = hashlib.sha256()
    for part in (src_uri, markdown, engine, config_text, "\n".join(pages)):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


class Recording:
    """The anchors autorefs is told of while one page converts (``autorefs`` is the
    autorefs plugin: its ``register_anchor`` is wrapped until :meth:`stop`)."""

    def __init__(self, autorefs: Any) -> None:
        self.autorefs = autorefs
        self.anchors: list[tuple[str, str | None, str | None, bool]] = []
        original: Callable[..., None] = autorefs.register_anchor

        def register_anchor(page: Page, identifier: str, anchor: str | None = None, *,
                            title: str | None = None, primary: bool = True) -> None:
            self.anchors.append((identifier, anchor, title, primary))
            original(page, identifier, anchor, title=title, primary=primary)

        autorefs.register_anchor = register_anchor

    def stop(self) -> list[tuple[str, str | None, str | None, bool]]:
        """Unwrap ``register_anchor``; return the anchors recorded."""
        vars(self.autorefs).pop("register_anchor", None)
        return self.anchors


def keep(key: str, page: Page, html: str, anchors: list[tuple[str, str | None, str | None,
                                                                  bool]]) -> None:
    """Keep what converting ``page`` made (the oldest page goes when the cache is full)."""
    if len(KEPT) >= MAX_PAGES:
        KEPT.pop(next(iter(KEPT)))
    KEPT[key] = Rendered(html, page.toc, page.title, page.present_anchor_ids, anchors)


def put_back(rendered: Rendered, page: Page, autorefs: Any) -> str:
    """Give ``page`` what its first conversion made; return its HTML."""
    page.toc = rendered.toc
    page.title = rendered.title
    page.present_anchor_ids = rendered.present_anchor_ids
    if autorefs is not None:
        for identifier, anchor, title, primary in rendered.anchors:
            autorefs.register_anchor(page, identifier, anchor, title=title, primary=primary)
    return rendered.html

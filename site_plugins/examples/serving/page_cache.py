"""``mkdocs serve`` only: a page converted once while nothing it is made from changes.

Every build of ``mkdocs serve`` converts every page's Markdown to HTML again, though a save
changes one page; a page of the engine reference, mostly mkdocstrings blocks (``:::
rules_core.verses``), takes a good part of a second. While ``mkdocs serve`` runs, a page is
kept after its conversion, keyed by the Markdown converted (the examples' placeholders and
the glossary's abbreviations already in it), the engine's code (whose docstrings the
reference shows), the configuration file and the set of pages (which its links may reach).
A later build that finds the same key skips the conversion and puts back what it made: the
HTML, the table of contents, the title, the anchors on the page, and the anchors
mkdocstrings registered with autorefs (so links to the reference from other pages still
resolve). The cards are drawn into the HTML afterwards, on every build.

A conversion that logged a warning (a link to a page that does not exist) is not kept: the
next build converts the page again and says it again, so ``strict`` still stops on it.
``mkdocs build`` never uses the cache.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents

from site_plugins.examples.serving.kept import Kept


@dataclass
class Rendered:
    """What converting a page made, to put back on a later build."""

    html: str
    toc: TableOfContents
    #: The title the page's first heading gave (a ``title`` in the front matter, read on
    #: every build, still comes first).
    title: str | None
    present_anchor_ids: set[str] | None
    #: The links to anchors on other pages (and this one) that MkDocs checks once every page
    #: is built: each target page's ``src_uri`` → ``{anchor: link as written}``.
    links_to_anchors: dict[str, dict[str, str]] | None = None
    #: The ``(identifier, anchor, title, primary)`` of each anchor registered with autorefs.
    anchors: list[tuple[str, str | None, str | None, bool]] = field(default_factory=list)


#: Where MkDocs 1.6 keeps the title a page's first heading gave (``Page.title`` reads the
#: front matter's ``title`` before it).
_HEADING_TITLE = "_title_from_render"


def page_key(src_uri: str, markdown: str, engine: str, config_text: str,
             pages: tuple[str, ...]) -> str:
    """The key a page is kept under: everything its conversion depends on."""
    digest = hashlib.sha256()
    for part in (src_uri, markdown, engine, config_text, "\n".join(pages)):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


class _Warnings(logging.Handler):
    """Counts the warnings (and errors) MkDocs and its plugins log."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class Recording:
    """What one page's conversion tells others: the anchors autorefs is told of
    (``autorefs`` is the autorefs plugin, if the site has it: its ``register_anchor`` is
    wrapped until :meth:`stop`) and the warnings logged meanwhile."""

    def __init__(self, autorefs: Any | None) -> None:
        self.autorefs = autorefs
        self.anchors: list[tuple[str, str | None, str | None, bool]] = []
        self.warnings = _Warnings()
        logging.getLogger("mkdocs").addHandler(self.warnings)
        if autorefs is None:
            return
        original: Callable[..., None] = autorefs.register_anchor

        def register_anchor(page: Page, identifier: str, anchor: str | None = None, *,
                            title: str | None = None, primary: bool = True) -> None:
            self.anchors.append((identifier, anchor, title, primary))
            original(page, identifier, anchor, title=title, primary=primary)

        autorefs.register_anchor = register_anchor

    def stop(self) -> list[tuple[str, str | None, str | None, bool]] | None:
        """Stop recording; return the anchors recorded, or ``None`` if a warning was logged
        (the page is then not to be kept)."""
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        if self.autorefs is not None:
            vars(self.autorefs).pop("register_anchor", None)
        return None if self.warnings.count else self.anchors


def keep(kept: Kept[str, Rendered], key: str, page: Page, html: str,
         anchors: list[tuple[str, str | None, str | None, bool]]) -> None:
    """Keep in ``kept`` what converting ``page`` made (the page least recently used goes
    when it is full)."""
    links = page.links_to_anchors
    kept.keep(key, Rendered(
        html, page.toc, getattr(page, _HEADING_TITLE, None) if _HEADING_TITLE in vars(page)
        else page.title, page.present_anchor_ids,
        None if links is None else {target.src_uri: dict(anchors_of)
                                    for target, anchors_of in links.items()},
        anchors))


def put_back(rendered: Rendered, page: Page, autorefs: Any, files: Files) -> str:
    """Give ``page`` what its first conversion made, as converting it sets it (``files``
    are this build's: the links to anchors point at its pages); return its HTML."""
    page.toc = rendered.toc
    if _HEADING_TITLE in vars(page):  # MkDocs 1.6: the front matter's title stays first
        setattr(page, _HEADING_TITLE, rendered.title)
    else:
        page.title = rendered.title
    page.present_anchor_ids = rendered.present_anchor_ids
    if rendered.links_to_anchors is not None:
        page.links_to_anchors = {
            target: dict(anchors_of) for uri, anchors_of in rendered.links_to_anchors.items()
            if (target := files.get_file_from_path(uri)) is not None}
    if autorefs is not None:
        for identifier, anchor, title, primary in rendered.anchors:
            autorefs.register_anchor(page, identifier, anchor, title=title, primary=primary)
    return rendered.html


class Conversions:
    """One ``mkdocs serve`` build's use of the pages ``kept`` (the process's, in
    :mod:`~site_plugins.examples.serving.serve_state`): the pages it puts back and the pages
    whose conversion it records (by ``src_uri``)."""

    def __init__(self, kept: Kept[str, Rendered]) -> None:
        self.kept = kept
        self.from_cache: dict[str, Rendered] = {}
        self.recording: dict[str, tuple[str, Recording]] = {}

    def markdown_to_convert(self, page: Page, markdown: str, key: str,
                            autorefs: Any | None) -> str:
        """What MkDocs should convert for ``page``: nothing (``""``) when a conversion of the
        same key is kept, else ``markdown``, with the conversion recorded."""
        rendered = self.kept.find(key)
        if rendered is not None:
            self.from_cache[page.file.src_uri] = rendered
            return ""
        self.recording[page.file.src_uri] = (key, Recording(autorefs))
        return markdown

    def converted(self, page: Page, html: str, autorefs: Any | None, files: Files,
                  prepare: Callable[[str], str]) -> str:
        """The page's HTML: the kept conversion put back, or ``prepare(html)`` (kept for the
        next build unless the conversion warned; ``prepare`` runs before it is kept)."""
        rendered = self.from_cache.pop(page.file.src_uri, None)
        html = put_back(rendered, page, autorefs, files) if rendered is not None \
            else prepare(html)
        recorded = self.recording.pop(page.file.src_uri, None)
        if recorded is not None:
            anchors = recorded[1].stop()
            if anchors is not None:  # a conversion that warned is done again, warning again
                keep(self.kept, recorded[0], page, html, anchors)
        return html

    def stop(self) -> None:
        """Stop recording conversions a failed build left unfinished (nothing is kept)."""
        for _key, recording in self.recording.values():
            recording.stop()
        self.recording = {}
        self.from_cache = {}

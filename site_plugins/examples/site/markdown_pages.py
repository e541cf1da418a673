"""The page a Python-Markdown conversion is of, for the examples extension
(:mod:`~site_plugins.examples.site.examples_markdown`), and the checks of one process.

Python-Markdown tells an extension nothing of the file it converts. Zensical does, through
the context it registers on every conversion (``zensical.extensions.context``): the page's
path under ``docs_dir``, and the configuration (``docs_dir``, ``root_dir``: the folder of
its configuration file). Zensical strips a page's front matter before Markdown runs; the
page's whole file, read again here, gives the line its body starts on and its setup.

No MkDocs types, no Zensical import outside :func:`zensical_page`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from site_plugins.examples.checking.checker import CheckLimits
from site_plugins.examples.checking.page_checks import PageChecks
from site_plugins.examples.checking.page_text import PageTextError, read_page
from site_plugins.examples.checking.result_cache import engine_hash
from site_plugins.examples.language.verify import PageResult

#: A YAML front matter block, as MkDocs and Zensical read it (the blank lines after it go
#: with it).
FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:-{3}|\.{3})[ \t]*\n\n*", re.DOTALL)


@dataclass(frozen=True)
class MarkdownPage:
    """A page being converted: where it is and its whole file."""

    #: Its path under ``docs_dir`` (``kruhl/rolling-dice.md``).
    src_uri: str
    docs_dir: Path
    #: The folder paths in messages are relative to (of the configuration file).
    root: Path
    #: The page's whole file, front matter included ("" when it cannot be read).
    raw: str

    @property
    def path(self) -> str:
        """The page as an author finds it: ``docs/kruhl/rolling-dice.md``."""
        try:
            return (self.docs_dir / self.src_uri).relative_to(self.root).as_posix()
        except ValueError:
            return (self.docs_dir / self.src_uri).as_posix()

    def first_line(self, markdown: str) -> int:
        """The file line ``markdown`` (the page's body, its front matter stripped) starts
        on."""
        body, raw = markdown.rstrip(), self.raw.rstrip()
        if body and raw.endswith(body):
            return raw[: len(raw) - len(body)].count("\n") + 1
        match = FRONT_MATTER.match(self.raw)
        return self.raw[: match.end()].count("\n") + 1 if match else 1


def zensical_page(md: Any) -> MarkdownPage | None:
    """The page Zensical is converting with the Markdown instance ``md``, or ``None``
    (another generator, or plain Python-Markdown)."""
    try:  # installed in Zensical's environment only (untyped there, missing here)
        from zensical.extensions.context import (  # type: ignore[import-not-found]
            ContextPreprocessor,
        )
    except ImportError:
        return None
    context = ContextPreprocessor.from_markdown(md)
    if context is None:
        return None
    config = context.config
    root = Path(str(config.get("root_dir") or Path.cwd())).resolve()
    docs_dir = root / str(config.get("docs_dir") or "docs")
    src_uri = str(context.page.path)
    try:
        raw = read_page(docs_dir / src_uri)
    except (OSError, PageTextError):
        raw = ""
    return MarkdownPage(src_uri, docs_dir, root, raw)


def body_of(raw: str) -> str:
    """A page's Markdown without its front matter, as a generator hands it to Markdown."""
    match = FRONT_MATTER.match(raw)
    return raw[match.end():] if match else raw


class ProcessChecks:
    """The checks of one process (a ``zensical build`` or ``serve``): one checker whose
    workers outlive a page, started again when the engine's code changes (``zensical
    serve``). At the second page a build converts, every other page of ``docs_dir`` is sent,
    so pages are checked in parallel while the generator converts them one by one; a build
    that converts one page (the rest from Zensical's cache) checks that page alone (a process
    waits for every page sent before it ends)."""

    def __init__(self) -> None:
        self.checks = PageChecks()
        self.started_for: tuple[CheckLimits, int, str, Path] | None = None
        #: The pages converted since the checker started.
        self.seen: set[str] = set()

    def result(self, page: MarkdownPage, markdown: str, limits: CheckLimits,
               jobs: int) -> PageResult:
        """The page's checked examples."""
        wanted = (limits, jobs, engine_hash(), page.docs_dir)
        if self.started_for != wanted:
            self.checks.start_build(limits, jobs)
            self.started_for, self.seen = wanted, set()
        second = page.src_uri not in self.seen and len(self.seen) == 1
        if second:  # the first page is checked already; this one is collected below
            self._send_all(page, but=set(self.seen))
        self.seen.add(page.src_uri)
        return self.checks.result(page.src_uri, page.path, markdown,
                                  page.first_line(markdown), page.raw)

    def _send_all(self, first: MarkdownPage, but: set[str]) -> None:
        for file in sorted(first.docs_dir.rglob("*.md")):
            src_uri = file.relative_to(first.docs_dir).as_posix()
            if src_uri in but:
                continue
            try:
                raw = read_page(file)
            except (OSError, PageTextError):
                continue  # reported when the generator reads the page
            page = MarkdownPage(src_uri, first.docs_dir, first.root, raw)
            body = body_of(raw).rstrip("\n") + "\n"
            self.checks.send(src_uri, page.path, body, page.first_line(body), raw)

    def close(self) -> None:
        """Stop the checker's workers."""
        self.checks.close()
        self.started_for = None


#: The process's checks: Zensical makes a new Markdown instance, and so a new extension, for
#: every page; the workers are kept across them (stopped when the process ends).
PROCESS_CHECKS = ProcessChecks()

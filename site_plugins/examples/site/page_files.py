"""A page's file as an author finds it: its path under the site's folder, its whole text,
and the line its body starts on (MkDocs strips the front matter before plugins see it)."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page


def site_root(config: MkDocsConfig) -> Path:
    """The folder of ``mkdocs.yml`` (the current folder for a configuration without one)."""
    return Path(os.path.dirname(config.config_file_path or "") or os.getcwd())


def source_path(file: File, config: MkDocsConfig) -> str:
    """A file's source as an author finds it: ``docs/rules/page.md``."""
    source = file.abs_src_path
    if source is None:
        return file.src_uri
    return Path(os.path.relpath(source, site_root(config))).as_posix()


def raw_text(page: Page) -> str:
    """The page's whole file as MkDocs read it ("" if it cannot be read again)."""
    try:
        return page.file.content_string.replace("\r\n", "\n")
    except (OSError, TypeError, ValueError):
        return ""


def first_line_of(raw: str, markdown: str) -> int:
    """File line of the first line of ``markdown``, the end of the file ``raw``."""
    if markdown and raw.endswith(markdown):
        return raw[: len(raw) - len(markdown)].count("\n") + 1
    return 1


def plural(count: int, noun: str) -> str:
    """``1 page``, ``2 pages``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"

"""A page's file as the checker reads it: UTF-8 text, its front matter valid YAML.

The build and pytest read a page through :func:`read_page`, so they agree on every file: a
byte-order mark is dropped (as MkDocs drops it), every line end (``\\r\\n``, and ``\\r`` alone
as old Mac editors write it) is read as ``\\n`` (as MkDocs reads it, with Python's universal
newlines), a file that is not UTF-8 and front matter that is not YAML are errors at their
line, never a traceback or a page checked as something else. No MkDocs here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from site_plugins.examples.language.verify import Failure

__all__ = ["PageTextError", "decode_page", "front_matter_error", "page_text_failure",
           "read_page"]

BOM = "\ufeff"


@dataclass(frozen=True)
class PageTextError(Exception):
    """A page file that cannot be read as a page: ``line`` (1-based) and what is wrong."""

    line: int
    message: str

    def __str__(self) -> str:
        return self.message


def decode_page(raw: bytes) -> str:
    """The text of a page file's bytes: UTF-8, without a byte-order mark, ``\\r\\n`` and a
    lone ``\\r`` read as ``\\n``; :class:`PageTextError` at the first byte that is not
    UTF-8."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = _line_ends(raw[:error.start]) + 1
        raise PageTextError(line, (
            f"the file is not UTF-8: byte 0x{raw[error.start]:02X} on line {line} cannot be "
            "read (it may be Latin-1 or Windows-1252): save the file as UTF-8")) from None
    return _lines(text.removeprefix(BOM))


def _lines(text: str) -> str:
    """``text`` with every line end, ``\\r\\n`` or a lone ``\\r``, written ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _line_ends(raw: bytes) -> int:
    """The line ends in ``raw``, as :func:`_lines` reads them."""
    return raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n")


def front_matter_error(text: str) -> PageTextError | None:
    """Why the page's front matter (``---`` … ``---`` at its top) is not YAML of names and
    values, or ``None`` (also when it has none)."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        return None
    try:
        import yaml  # type: ignore[import-untyped]  # MkDocs' own; not in the browser's Python
    except ImportError:
        return None
    try:
        data = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error).split("\n")[0]
        return PageTextError(line, f"the front matter is not valid YAML ({problem}, line "
                                   f"{line}): MkDocs would show it as text and drop the "
                                   "page's settings")
    if data is not None and not isinstance(data, dict):
        return PageTextError(2, "the front matter must be names and values (name: value), "
                                f"not a {type(data).__name__}")
    return None


def read_page(path: Path) -> str:
    """A page file's text (see :func:`decode_page`)."""
    return decode_page(path.read_bytes())


def page_text_failure(path: str, error: PageTextError) -> Failure:
    """A page file that cannot be read as a page (not UTF-8, front matter not YAML)."""
    return Failure(path, error.line, f"unreadable page: {error.message}",
                   hint="Nothing on this page was checked as written." if "UTF-8" in
                   error.message else "")

"""Fenced code blocks in Markdown: where each opens and closes, whatever its language.

The one scanner of fences: the example lexer reads its examples from them, and the prose
scanners leave them out. No MkDocs here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: A fence's opening or closing line: its indent, its backticks or tildes, its info string.
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*?)[ \t]*$")


def _closing_index(lines: list[str], opening_index: int, opening: re.Match[str]) -> int | None:
    fence = opening["fence"]
    for j in range(opening_index + 1, len(lines)):
        closing = FENCE.match(lines[j])
        if (closing and not closing["info"] and closing["fence"][0] == fence[0]
                and len(closing["fence"]) >= len(fence)):
            return j
    return None


def fences(lines: list[str]) -> Iterator[tuple[int, int | None, re.Match[str]]]:
    """Every fenced block of ``lines``: the index of its opening line, of its closing line
    (``None`` if it is never closed) and the opening's match (``indent``, ``fence``,
    ``info``). The lines between are the block's, never the opening of another."""
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        close = _closing_index(lines, i, opening)
        yield i, close, opening
        i = (close if close is not None else len(lines) - 1) + 1

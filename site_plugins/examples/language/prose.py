"""What of a Markdown page is prose: the text a reader reads as sentences, line for line.

Front matter, fenced blocks (the examples among them), HTML comments, code spans, link
targets, HTML tags, attribute lists and abbreviation definitions are not prose: they are
blanked out with spaces, line breaks kept, so that what is left is found at its file line.
Used by the glossary check (:mod:`site_plugins.examples.site.glossary`); no MkDocs here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from site_plugins.examples.language.fences import fences

#: An all-capitals word: two or more capital letters, a whole word (``GM's`` uses ``GM``).
ALL_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:-{3}|\.{3})[ \t]*(?:\n|\Z)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
#: What is in a line of prose but is not prose: link targets, reference definitions,
#: autolinks, HTML tags, abbreviation definitions and attribute lists.
_NOT_PROSE = re.compile(
    r"\]\((?:[^()\n]|\([^()\n]*\))*\)"  # [text](target "title")
    r"|\]\[[^\]\n]*\]"  # [text][label]
    r"|^ {0,3}\[[^\]\n]+\]:.*$"  # [label]: target
    r"|^\*\[[^\]\n]*\]:.*$"  # *[ABBR]: title
    r"|</?[A-Za-z][^>\n]*>"  # <tag attribute="…">, <https://…>
    r"|\{:?[ \t]*[#.][^}\n]*\}"  # { #id .class }
    r"|^[ \t]*\{:[ \t]*(?:narrates|about)\b[^}\n]*\}[ \t]*$",  # {: narrates }, {: about=… }
    re.MULTILINE)
#: The start of a bound value: its documented text in brackets, then ``{=``.
BOUND_OPENING = re.compile(r"(?<!\\)\[(?P<text>[^\[\]]*)\]\{[ \t]*=")
#: A link's target (and title), a reference link's label, an HTML tag: text a reader never
#: reads as a sentence of its page.
LINK_TARGET = re.compile(r"\]\((?:[^()\n]|\([^()\n]*\))*\)|\]\[[^\]\n]*\]|</?[A-Za-z][^>\n]*>")
_BACKTICKS = re.compile(r"`+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_MARKDOWN_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\](?:\([^)]*\)|\[[^\]]*\])")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=\S)(?P<text>.+?)(?<=\S)\1")


@dataclass(frozen=True)
class BoundSource:
    """A bound value as written, ``[21]{= test.total}``: where it starts and ends in the
    text, its bracketed text and its expression. ``closed`` is false for an expression that
    runs to the end of its paragraph with no ``}``."""

    start: int
    end: int
    text: str
    expression: str
    closed: bool = True

    @property
    def expression_start(self) -> int:
        """Where the braces start: the end of the bracketed text."""
        return self.start + len(self.text) + 2


def bound_sources(text: str) -> Iterator[BoundSource]:
    """Every bound value of ``text``, in order. The expression ends at the brace that closes
    the one after the brackets: braces inside it (a set, a dict) and inside its strings are
    its own. It never runs past a blank line."""
    position = 0
    while (opening := BOUND_OPENING.search(text, position)) is not None:
        end = _closing_brace(text, opening.end())
        if end is None:
            paragraph = _BLANK_LINE.search(text, opening.end())
            stop = paragraph.start() if paragraph else len(text)
            yield BoundSource(opening.start(), stop, opening["text"],
                              text[opening.end():stop], closed=False)
            position = stop
            continue
        yield BoundSource(opening.start(), end + 1, opening["text"], text[opening.end():end])
        position = end + 1


def _closing_brace(text: str, position: int) -> int | None:
    """The index of the ``}`` that closes a brace opened before ``position``."""
    depth, quote = 1, ""
    index = position
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        elif char == "\n" and text[index + 1:].lstrip(" \t").startswith("\n"):
            return None
        index += 1
    return None


def prose(text: str) -> str:
    """``text`` with everything that is not prose blanked out, line for line: front matter,
    fenced blocks (examples among them), HTML comments, code spans, link targets, HTML tags,
    attribute lists, abbreviation definitions and the expressions of bound values."""
    text = mask_blocks(text)
    text = mask_code_spans(text)
    for bound in bound_sources(text):
        start = bound.expression_start - 1
        text = text[:start] + _blank_text(text[start:bound.end]) + text[bound.end:]
    return _NOT_PROSE.sub(_blank, text)


def mask_blocks(text: str) -> str:
    """``text`` with its front matter, fenced blocks and HTML comments blanked out, each
    character but line breaks a space (so every line keeps its length)."""
    lines = _FRONT_MATTER.sub(_blank, text).split("\n")
    for start, end, _opening in fences(lines):
        for j in range(start, (end if end is not None else len(lines) - 1) + 1):
            lines[j] = " " * len(lines[j])
    return _COMMENT.sub(_blank, "\n".join(lines))


def mask_code_spans(text: str) -> str:
    """``text`` with its code spans blanked out: a run of backticks up to the next run of as
    many, within one paragraph."""
    out = []
    position = 0
    while (opening := _BACKTICKS.search(text, position)) is not None:
        ticks = opening.group()
        closing = _BACKTICKS.search(text, opening.end())
        while closing is not None and closing.group() != ticks:
            closing = _BACKTICKS.search(text, closing.end())
        if closing is None or _BLANK_LINE.search(text, opening.end(), closing.start()):
            out.append(text[position:opening.end()])
            position = opening.end()
            continue
        out.append(text[position:opening.start()])
        out.append(_blank_text(text[opening.start():closing.end()]))
        position = closing.end()
    out.append(text[position:])
    return "".join(out)


def _blank(match: re.Match[str]) -> str:
    return _blank_text(match.group())


def _blank_text(text: str) -> str:
    """Spaces for every character but line breaks, so that line numbers stay."""
    return re.sub(r"[^\n]", " ", text)


def plain_text(markdown: str) -> str:
    """Inline Markdown as the words a reader sees: links keep their text, emphasis and code
    lose their marks, HTML tags go, spaces and line breaks become one space."""
    text = _MARKDOWN_LINK.sub(lambda m: m["text"], markdown)
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text)
    text = text.replace("`", "")
    previous = None
    while previous != text:
        previous, text = text, _EMPHASIS.sub(lambda m: m["text"], text)
    return " ".join(text.split())

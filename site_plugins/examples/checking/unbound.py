"""An author's aid: numbers in the prose next to an example that equal a value the example
computes, but are not bound, so nothing narrating a roll is left behind when the dice change.

    python -m site_plugins.examples.checking.unbound [PATH ...]   (default: docs)

For every paragraph narrating an example (the paragraph right above it, and those after it,
as bound values attach: :mod:`~site_plugins.examples.language.bindings`), each number written in
digits or words, and each run of dice faces, that is not inside a bound value is compared
with what the example computed: the values its statements showed (``_``) and the names they
bound, with their attributes two levels down. A match is listed with the expressions that
give it, shortest first, to paste into ``[21]{= …}``. Numbers that match nothing are not
listed: they may be rules (a Difficulty of 3) rather than rolls; read them anyway.

Each page runs in a fresh forked process (the examples are code), one after another. No
MkDocs here.
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from site_plugins.examples.language.bindings import Place, paragraphs
from site_plugins.examples.language.bound_values import is_number, written_number
from site_plugins.examples.language.lexer import Example, card_ids, lex_page, read_setup
from site_plugins.examples.language.session import Session

#: How deep into a value's attributes the aid looks for numbers.
DEPTH = 2
#: Most expressions suggested for one number.
SUGGESTIONS = 3
_WORD = re.compile(r"(?<![\w.-])(?:\d+(?: \d+)+|[+\-−]?\d+|[A-Za-z]+(?:-[a-z]+)?)(?!\w|\.\d)")
_ATTRIBUTE = re.compile(r"[a-z_][a-z0-9_]*")
_SKIPPED_WORDS = frozenset({"a", "an", "no", "none", "first", "second"})


@dataclass(frozen=True)
class Unbound:
    """A number of the prose that an example computes: where, what, and how to bind it."""

    path: str
    line: int
    text: str
    example: str
    expressions: tuple[str, ...]

    def __str__(self) -> str:
        options = " or ".join(f"[{self.text}]{{= {e}}}" for e in self.expressions)
        return (f"{self.path}:{self.line}: {self.text!r} narrates “{self.example}”: bind it, "
                f"{options}")


def unbound_numbers(path: str, text: str) -> list[Unbound]:
    """The unbound numbers of one page's prose that its examples compute (runs the page)."""
    lexed = lex_page(text)
    if not lexed.blocks:
        return []
    places = [Place(b.start, b.end, b.indent, card_id)
              for b, card_id in zip(lexed.blocks, card_ids(list(lexed.blocks)), strict=True)]
    values = _computed(lexed, text)
    found: list[Unbound] = []
    for paragraph in paragraphs(text, places):
        example = lexed.blocks[paragraph.index].example
        known = values[paragraph.index]
        for line, written in _numbers(paragraph.line, paragraph.text):
            wanted = _value_of(written)
            if wanted is None:
                continue
            matches = sorted((e for e, v in known if v == wanted), key=lambda e: (len(e), e))
            if matches:
                found.append(Unbound(path, line, written, example.title or f"line {example.line}",
                                     tuple(matches[:SUGGESTIONS])))
    return found


def _computed(lexed: Any, text: str) -> list[list[tuple[str, Any]]]:
    """Each example's values: ``(expression, value)`` pairs of what it showed and bound."""
    session = Session()
    setup = read_setup(text)
    if setup is not None:
        session.run(setup, explain=False)
    out = []
    for block in lexed.blocks:
        before = dict(session.namespace)
        run = session.run(block.example)
        used = _names(block.example)
        names = {name: value for name, value in session.namespace.items()
                 if not name.startswith("_") and (name not in before or before[name] is not value
                                                  or name in used) and not callable(value)}
        pairs: list[tuple[str, Any]] = []
        if session.last_shown is not None:
            pairs += _walk("_", session.last_shown, DEPTH)
        for name, value in names.items():
            pairs += _walk(name, value, DEPTH)
        out.append(pairs)
        del run
    return out


def _names(example: Example) -> set[str]:
    """The names an example's statements use."""
    found: set[str] = set()
    for step in example.steps:
        try:
            tree = ast.parse(step.source)
        except SyntaxError:
            continue
        found.update(node.id for node in ast.walk(tree) if isinstance(node, ast.Name))
    return found


def _walk(expression: str, value: Any, depth: int) -> Iterator[tuple[str, Any]]:
    """``value`` and its attributes, as (expression, number or faces) pairs."""
    if isinstance(value, bool):
        return
    if is_number(value):
        yield expression, value
        return
    if isinstance(value, tuple | list) and value and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        yield expression, tuple(value)
        yield f"len({expression})", len(value)
        return
    if isinstance(value, str | bytes | dict | set | frozenset) or depth == 0 or callable(value):
        return
    for name in dir(value):
        if not _ATTRIBUTE.fullmatch(name):
            continue
        try:
            attribute = getattr(value, name)
        except Exception:
            continue
        if callable(attribute):
            continue
        yield from _walk(f"{expression}.{name}", attribute, depth - 1)


def _numbers(first_line: int, paragraph: str) -> Iterator[tuple[int, str]]:
    """The numbers (and runs of dice faces) of a paragraph (its bound values blanked out),
    with their lines."""
    masked = paragraph.replace("*", " ")
    for match in _WORD.finditer(masked):
        word = match.group()
        if word.lower() in _SKIPPED_WORDS:
            continue
        if " " in word or written_number(word) is not None:
            yield first_line + masked.count("\n", 0, match.start()), word


def _value_of(written: str) -> Any:
    if " " in written:
        return tuple(int(face) for face in written.split())
    return written_number(written)


def _page(path: str) -> list[str]:
    return [str(u) for u in unbound_numbers(path, Path(path).read_text("utf-8"))]


def main(argv: list[str] | None = None) -> int:
    """List the unbound numbers of the pages under the given paths."""
    parser = argparse.ArgumentParser(prog="python -m site_plugins.examples.checking.unbound",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=["docs"])
    args = parser.parse_args(argv)
    pages = sorted({page.as_posix() for given in map(Path, args.paths)
                    for page in ([given] if given.is_file() else given.rglob("*.md"))})
    if not pages:
        parser.error(f"no Markdown page under {', '.join(args.paths)}")
    found = 0
    with multiprocessing.get_context("fork").Pool(1, maxtasksperchild=1) as pool:
        for lines in pool.imap(_page, pages):
            for line in lines:
                print(line)
            found += len(lines)
    print(f"{found} unbound number{'s' if found != 1 else ''} that an example computes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

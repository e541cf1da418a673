"""An author's aid: numbers in the prose next to an example that equal a value the example
computes, but are not bound, so nothing narrating a roll is left behind when the dice change;
and bound values that another result of the page gives too, which may read the wrong card.

    python -m site_plugins.examples.checking.unbound [PATH ...]   (default: docs)

For every paragraph narrating an example (the paragraph right above it, and those after it,
as bound values attach: :mod:`~site_plugins.examples.language.bindings`), each number written in
digits or words, and each run of dice faces, that is not inside a bound value is compared
with what the example computed: the values its statements showed (``_``) and the names they
bound, with their attributes two levels down. A match is listed with the expressions that
give it, shortest first, to paste into ``[21]{= …}``. Numbers that match nothing are not
listed: they may be rules (a Difficulty of 3) rather than rolls; read them anyway.

A bound value is right by the engine's word, but only about the result its expression reads:
a paragraph about the first punch bound to ``second.damage`` verifies as long as both punches
did 3 damage, and a Reroll of the first punch leaves its sentence telling the second's. So a
bound value that reads a result (``_`` or a name, then attributes and indexes:
``second.damage``, ``_.test.result``) is listed where another result of the same kind on the
page (an object of the same class, which another name or another example's ``_`` holds)
gives the same number there: check that the sentence is about the result it reads.

Each page runs in a fresh forked process (the examples are code), one after another. No
MkDocs here.
"""

from __future__ import annotations

import argparse
import ast
import functools
import multiprocessing
import random
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from site_plugins.examples.checking.page_text import read_page
from site_plugins.examples.language.bindings import Place, paragraphs
from site_plugins.examples.language.bound_values import Binding, is_number, written_number
from site_plugins.examples.language.lexer import Example, LexedPage, card_ids, lex_page, read_setup
from site_plugins.examples.language.session import DiceMode, Session

#: How deep into a value's attributes the aid looks for numbers.
DEPTH = 2
#: Most expressions suggested for one number.
SUGGESTIONS = 3
#: Times the page runs again with other dice, to tell a bound value the dice change.
REROLLS = 3
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


@dataclass(frozen=True)
class Twin:
    """A bound value that another result of the page gives too: where, what it reads, and
    the other result."""

    path: str
    line: int
    source: str
    reads: str
    other: str
    elsewhere: str
    value: Any

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}: {self.source} reads {self.reads}; {self.other} of "
                f"{self.elsewhere} is {_shown(self.value)} too: check that the sentence is "
                "about the result it reads (a Reroll changes them apart)")


def unbound_numbers(path: str, text: str) -> list[Unbound]:
    """The unbound numbers of one page's prose that its examples compute (runs the page)."""
    return unbound_and_twins(path, text)[0]


def unbound_and_twins(path: str, text: str) -> tuple[list[Unbound], list[Twin]]:
    """The unbound numbers of one page's prose that its examples compute, and its bound
    values that another result of the page gives too (runs the page once)."""
    lexed = lex_page(text)
    if not lexed.blocks:
        return [], []
    places = [Place(b.start, b.end, b.indent, card_id)
              for b, card_id in zip(lexed.blocks, card_ids(list(lexed.blocks)), strict=True)]
    ran = _PageRun(lexed, text)
    values = ran.pairs
    rerolled = [_PageRun(lexed, text, functools.partial(DiceMode, "random",
                                                        rng=random.Random(seed)))
                for seed in range(REROLLS)]
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
                found.append(Unbound(path, line, written, _called(example),
                                     tuple(matches[:SUGGESTIONS])))
    return found, ran.twins(path, rerolled)


def _called(example: Example) -> str:
    """How the aid names an example: its title, or its line."""
    return example.title or f"line {example.line}"


@dataclass(frozen=True)
class _Read:
    """A bound value that reads a result: the result (``root``, by the name ``name``, made by
    the example ``maker``) and the value its ``chain`` gives."""

    binding: Binding
    maker: int
    name: str
    root: Any
    chain: str
    value: Any


class _PageRun:
    """A page's examples run once, and what the aid compares: each example's values
    (``pairs``), what each bound value reads, and every result the examples made."""

    def __init__(self, lexed: LexedPage, text: str, dice: Callable[[], DiceMode] = DiceMode,
                 ) -> None:
        self.lexed = lexed
        self.pairs: list[list[tuple[str, Any]]] = []
        self.reads: list[_Read] = []
        #: (example index, the name or ``_``, the result) for each result an example made.
        self.results: list[tuple[int, str, Any]] = []
        #: Each name → the example that last made it.
        self.maker: dict[str, int] = {}
        session = Session()
        setup = read_setup(text)
        if setup is not None:
            session.run(setup, explain=False)
        for index, block in enumerate(lexed.blocks):
            made = self._run(session, block.example, dice())
            self.maker |= dict.fromkeys(made, index)
            self._read_bindings(session, index, block.example)
            self.results += [(index, name, value) for name, value in made.items()
                             if not (_comparable(value) or callable(value))]

    def _run(self, session: Session, example: Example, dice: DiceMode) -> dict[str, Any]:
        """Run one example: its values and what it made (``_`` first, then its names)."""
        before = dict(session.namespace)
        session.run(example, dice)
        used = _names(example)
        names = {name: value for name, value in session.namespace.items()
                 if not name.startswith("_") and (name not in before or before[name] is not value
                                                  or name in used) and not callable(value)}
        made = ({"_": session.last_shown} if session.last_shown is not None else {}) | names
        self.pairs.append([pair for name, value in made.items()
                           for pair in _walk(name, value, DEPTH)])
        return made

    def _read_bindings(self, session: Session, index: int, example: Example) -> None:
        """What each bound value of the example reads, right after it ran."""
        for binding in example.bindings:
            found = result_chain(binding.expression)
            if found is None:
                continue
            name, chain = found
            root = session.last_shown if name == "_" else session.namespace.get(name)
            value = _on(root, chain)
            if root is not None and _comparable(value):
                maker = index if name == "_" else self.maker.get(name, -1)
                self.reads.append(_Read(binding, maker, name, root, chain, value))

    def twins(self, path: str, rerolled: list[_PageRun]) -> list[Twin]:
        """The bound values the dice change that a result of the same class, made by the
        example before or after the one they read, gives too (see the module); ``rerolled``:
        the page run again with other dice."""
        found = []
        for read in self.reads:
            if not any(other.binding == read.binding and other.value != read.value
                       for run in rerolled for other in run.reads):
                continue  # the same whatever the dice: a slip would never show on a Reroll
            twin = self._twin(read)
            if twin is not None:
                name, index = twin
                found.append(Twin(path, read.binding.line, read.binding.source,
                                  f"{read.name}{read.chain} of {self._called(read.maker)}",
                                  f"{name}{read.chain}", self._called(index), read.value))
        return found

    def _twin(self, read: _Read) -> tuple[str, int] | None:
        """Another result that gives what ``read`` gives (its name and example), or
        ``None``."""
        for index, name, result in self.results:
            if abs(index - read.maker) == 1 and type(result) is type(read.root) \
                    and result is not read.root and _on(result, read.chain) == read.value:
                return name, index
        return None

    def _called(self, index: int) -> str:
        """How the aid names the example ``index`` (the page's setup: -1)."""
        if index < 0:
            return "the page's setup"
        return f"“{_called(self.lexed.blocks[index].example)}”"


def result_chain(expression: str) -> tuple[str, str] | None:
    """``second.damage`` → ``("second", ".damage")``: an expression that reads a result (a
    name, then attributes and constant indexes), split at its name; ``None`` for any other."""
    try:
        node = ast.parse(expression, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Attribute | ast.Subscript):
        return None
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Constant):
            return None
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return node.id, expression.strip()[len(node.id):]


def _on(result: Any, chain: str) -> Any:
    """What ``chain`` (``.damage``, ``[0].count``) gives on ``result`` (``None`` if it
    gives nothing)."""
    try:
        return eval(f"result{chain}", {"result": result})
    except Exception:
        return None


def _comparable(value: Any) -> bool:
    """Whether ``value`` is what the aid compares: a number or dice faces."""
    return is_number(value) or (isinstance(value, tuple | list) and bool(value) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value))


def _shown(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


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


def _page(path: str) -> tuple[list[str], list[str]]:
    unbound, twins = unbound_and_twins(path, read_page(Path(path)))
    return [str(u) for u in unbound], [str(t) for t in twins]


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
    found, twins = 0, []
    with multiprocessing.get_context("fork").Pool(1, maxtasksperchild=1) as pool:
        for lines, twinned in pool.imap(_page, pages):
            for line in lines:
                print(line)
            found += len(lines)
            twins += twinned
    for line in twins:
        print(line)
    print(f"{found} unbound number{'s' if found != 1 else ''} that an example computes; "
          f"{len(twins)} bound value{'s' if len(twins) != 1 else ''} that another result gives "
          "too")
    return 0


if __name__ == "__main__":
    sys.exit(main())

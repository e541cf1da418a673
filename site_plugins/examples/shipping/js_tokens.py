"""The tokens of a JavaScript source, as far as the bundler
(:mod:`~site_plugins.examples.shipping.bundle`) needs them: names, punctuators and literals,
each with its offset, its line and the depth of the brackets around it.

Not a parser: it reads comments, strings, template literals and regular expressions as wholes
(so that nothing inside them is taken for code) and knows which bracket closes which, which
is what finding a module's top-level statements takes. A ``/`` starts a regular expression
unless a value ends right before it (a name, a literal, ``)``, ``]`` or ``}``): the usual
rule. What it cannot read (a string, comment, template, regular expression or bracket left
open, a bracket closed by the wrong one, a character outside ASCII in the code itself) is a
:class:`BundleError` at its line, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class BundleError(Exception):
    """A script the bundler cannot read or join safely; the message names its file and line
    and says what to change."""


@dataclass(frozen=True)
class Token:
    """One token: ``kind`` is ``name``, ``number``, ``string``, ``template`` (a template
    literal, or the part of one up to a ``${`` or from a ``}``), ``regex`` or ``punct``."""

    kind: str
    text: str
    start: int
    end: int
    line: int
    #: Brackets open around the token (``(``, ``[``, ``{`` and a template's ``${``); an
    #: opening bracket and its closing one have the depth outside them.
    depth: int
    #: A line break (or a comment holding one) lies between this token and the one before.
    newline_before: bool


_NAME = re.compile(r"[A-Za-z_$][\w$]*", re.ASCII)
_NUMBER = re.compile(r"0[xXoObB][\da-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)"
                     r"(?:[eE][+-]?\d[\d_]*)?n?", re.ASCII)
_SPACE = re.compile(r"[ \t\r\f\v]+")
#: Every punctuator, longest first (the longest one that matches is the token).
_PUNCTUATORS = sorted(
    ("{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^",
     "!", "~", "?", ":", "=", ".", "@", "#", "...", "?.", "=>", "==", "!=", "<=", ">=", "&&",
     "||", "??", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
     "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", ">>>="),
    key=len, reverse=True)
_CLOSER = {"(": ")", "[": "]", "{": "}", "${": "}"}
#: Names after which a ``/`` starts a regular expression (they expect a value).
_BEFORE_A_VALUE = frozenset({"return", "typeof", "instanceof", "in", "of", "new", "delete",
                             "void", "throw", "case", "do", "else", "yield", "await"})


def tokenize(source: str, file: str) -> list[Token]:
    """Every token of ``source`` (the file ``file``, for errors), in order."""
    return _Lexer(source, file).run()


class _Lexer:
    def __init__(self, source: str, file: str) -> None:
        self.source, self.file = source, file
        self.tokens: list[Token] = []
        self.open: list[tuple[str, int]] = []  # the brackets open: (opener, its line)
        self.at, self.line, self.newline = 0, 1, False

    def fail(self, message: str, line: int | None = None) -> BundleError:
        return BundleError(f"{self.file}:{line or self.line}: {message}")

    def run(self) -> list[Token]:
        source = self.source.removeprefix("\ufeff")
        self.at = len(self.source) - len(source)
        while self.at < len(self.source):
            self.step()
        if self.open:
            opener, line = self.open[-1]
            raise self.fail(f"this `{opener}` is never closed", line)
        return self.tokens

    def step(self) -> None:
        source, at = self.source, self.at
        char = source[at]
        if char == "\n":
            self.line, self.newline, self.at = self.line + 1, True, at + 1
        elif space := _SPACE.match(source, at):
            self.at = space.end()
        elif source.startswith("//", at):
            end = source.find("\n", at)
            self.at = len(source) if end < 0 else end
        elif source.startswith("/*", at):
            self.comment()
        elif char in "'\"":
            self.emit("string", self.string_end(at, char))
        elif char == "`":
            self.template(at + 1)
        elif char == "}" and self.open and self.open[-1][0] == "${":
            self.open.pop()
            self.template(at + 1)
        elif char == "/" and self.regex_may_start():
            self.emit("regex", self.regex_end(at))
        elif (name := _NAME.match(source, at)) is not None:
            self.emit("name", name.end())
        elif (number := _NUMBER.match(source, at)) is not None and number.end() > at:
            self.emit("number", number.end())
        elif not char.isascii():
            raise self.fail(f"{char!r} outside a string or comment: the bundler reads ASCII code")
        else:
            self.punctuator(at)

    def emit(self, kind: str, end: int, depth: int | None = None) -> None:
        start, line = self.at, self.line
        self.line += self.source.count("\n", start, end)
        self.tokens.append(Token(kind, self.source[start:end], start, end, line,
                                 len(self.open) if depth is None else depth, self.newline))
        self.at, self.newline = end, False

    def comment(self) -> None:
        end = self.source.find("*/", self.at + 2)
        if end < 0:
            raise self.fail("this comment is never closed")
        lines = self.source.count("\n", self.at, end)
        self.line, self.newline, self.at = self.line + lines, self.newline or lines > 0, end + 2

    def string_end(self, at: int, quote: str) -> int:
        index = at + 1
        while index < len(self.source):
            char = self.source[index]
            if char == "\\":
                index += 2
                continue
            if char == quote:
                return index + 1
            if char == "\n":
                break
            index += 1
        raise self.fail("this string is never closed")

    def template(self, index: int) -> None:
        """Emit a template literal's text from ``index`` to its closing backtick or to its
        next ``${`` (which opens a bracket its ``}`` closes)."""
        depth = len(self.open)
        while index < len(self.source):
            char = self.source[index]
            if char == "\\":
                index += 2
            elif char == "`":
                self.emit("template", index + 1, depth)
                return
            elif self.source.startswith("${", index):
                self.emit("template", index + 2, depth)
                self.open.append(("${", self.line))
                return
            else:
                index += 1
        raise self.fail("this template literal is never closed")

    def regex_may_start(self) -> bool:
        if not self.tokens:
            return True
        last = self.tokens[-1]
        if last.kind == "punct":
            return last.text not in (")", "]", "}")
        if last.kind == "template":
            return last.text.endswith("${")
        return last.kind == "name" and last.text in _BEFORE_A_VALUE

    def regex_end(self, at: int) -> int:
        index, in_class = at + 1, False
        while index < len(self.source) and self.source[index] != "\n":
            char = self.source[index]
            if char == "\\":
                index += 2
                continue
            if char == "/" and not in_class:
                flags = _NAME.match(self.source, index + 1)
                return flags.end() if flags else index + 1
            in_class = (in_class or char == "[") and char != "]"
            index += 1
        raise self.fail("this regular expression is never closed")

    def punctuator(self, at: int) -> None:
        text = next((p for p in _PUNCTUATORS if self.source.startswith(p, at)), None)
        if text is None:
            raise self.fail(f"{self.source[at]!r} is not JavaScript the bundler can read")
        if text in ("(", "[", "{"):
            self.emit("punct", at + len(text))
            self.open.append((text, self.line))
        elif text in (")", "]", "}"):
            if not self.open:
                raise self.fail(f"this `{text}` closes nothing: a bracket is missing")
            opener, line = self.open[-1]
            if _CLOSER[opener] != text:
                raise self.fail(f"this `{text}` does not close the `{opener}` of line {line}: "
                                "a bracket is missing")
            self.open.pop()
            self.emit("punct", at + 1)
        else:
            self.emit("punct", at + len(text))

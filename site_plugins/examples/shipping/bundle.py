"""One script from the browser's small ES modules (``assets/``), so that a page loads one file
of ours, not a dozen.

The modules stay the sources: one job each, read and reviewed as they are. The build joins an
entry module and every module it imports into one file, each module after the modules it
imports (the order a browser runs them in), in one scope, as bundlers that "hoist scopes" do,
without their machinery. A classic bundle (the page's, loaded as ``<script defer>``, which no
host can break with a module's type check) is wrapped in a function, so that none of its
names reaches the page's globals; a module bundle (the engine's worker) stays a module.

What a module may use, and all that this understands:

* ``import { a, b } from "./name.js";`` at its top level: names that another module of the
  same folder exports, under their own names;
* ``export`` before a top-level ``function``, ``async function``, ``class``, ``const``,
  ``let`` or ``var``;
* ``import.meta.url``, the module's address: in a classic bundle, the script's own
  (``document.currentScript.src``, read as it starts; the bundle is written where its
  modules are, so an address made from it is the same);
* ``import(…)``, a module loaded as the script runs, left as it is.

Anything else is refused with a :class:`BundleError` naming the file and line, rather than
joined into a script that would run differently: another form of import or export, an import
of a name the module does not export, a cycle of imports, two modules that declare the same
name at their top level (one scope cannot hold both), a top-level destructuring (whose names
are not read), and, in a classic bundle, a top-level ``await``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from site_plugins.examples.shipping.js_tokens import BundleError, Token, tokenize

__all__ = ["BundleError", "Module", "bundle", "modules_in_order", "read_module"]

#: The name a classic bundle gives its own address, in place of ``import.meta.url``.
SCRIPT_URL = "scriptURL"
_SPECIFIER = re.compile(r"""(["'])\./([\w.-]+\.js)\1""")
_DECLARATIONS = frozenset({"function", "class", "const", "let", "var"})
#: The kinds of token a value can end with: after one, a line break ends a statement.
_VALUE_KINDS = frozenset({"name", "number", "string", "template", "regex"})


@dataclass(frozen=True)
class Import:
    """``import { names } from "./module";`` at ``line``."""

    module: str
    names: tuple[str, ...]
    line: int


@dataclass
class Module:
    """One module as the bundler reads it."""

    name: str
    source: str
    imports: list[Import] = field(default_factory=list)
    exports: set[str] = field(default_factory=set)
    #: Every name declared at its top level → the line.
    declared: dict[str, int] = field(default_factory=dict)
    #: What a bundle leaves out (its imports, the word ``export``): (start, end) offsets.
    cuts: list[tuple[int, int]] = field(default_factory=list)
    #: Where it writes ``import.meta.url``: (start, end).
    meta_urls: list[tuple[int, int]] = field(default_factory=list)
    #: The lines of an ``await`` at its top level.
    awaits: list[int] = field(default_factory=list)

    def joined(self, classic: bool) -> str:
        """Its text as a bundle holds it."""
        edits = [(start, end, "") for start, end in self.cuts]
        if classic:
            edits += [(start, end, SCRIPT_URL) for start, end in self.meta_urls]
        text = self.source.removeprefix("\ufeff")
        offset = len(self.source) - len(text)
        for start, end, new in sorted(edits, reverse=True):
            text = text[:start - offset] + new + text[end - offset:]
        return text.strip("\n")


def bundle(folder: Path, entry: str, *, classic: bool, name: str) -> str:
    """The bundle ``name`` of the module ``entry`` of ``folder`` and every module it imports:
    a classic script (``classic``) or a module."""
    modules = modules_in_order(folder, entry)
    _check(modules, classic)
    listed = ", ".join(module.name for module in modules)
    header = (f"// {name}, joined by the rules-examples build (site_plugins/examples/shipping/"
              f"bundle.py)\n// from {listed}: edit those, not this.\n")
    body = "\n\n".join(f"// ==== {module.name} ====\n{module.joined(classic)}"
                       for module in modules)
    if not classic:
        return f"{header}{body}\n"
    return (f'{header}(function () {{\n"use strict";\n'
            f'if (!document.currentScript) throw new Error("{name}: load it as a classic '
            f'script (<script defer src>), not as a module");\n'
            f"const {SCRIPT_URL} = document.currentScript.src;\n\n{body}\n}})();\n")


def modules_in_order(folder: Path, entry: str) -> list[Module]:
    """``entry`` and every module it imports, each after the modules it imports, in the
    order of its imports (the order a browser runs them)."""
    done: dict[str, Module] = {}
    order: list[Module] = []

    def visit(name: str, path: tuple[str, ...], importer: str) -> None:
        if name in done:
            return
        if name in path:
            cycle = " → ".join((*path[path.index(name):], name))
            raise BundleError(f"{importer}: an import cycle ({cycle}): a bundle runs each "
                              "module after those it imports, so a cycle has no order")
        if not (folder / name).is_file():
            raise BundleError(f"{importer}: there is no module {name} in {folder}")
        module = read_module(folder, name)
        for imported in module.imports:
            visit(imported.module, (*path, name), f"{name}:{imported.line}")
        done[name] = module
        order.append(module)

    visit(entry, (), "the bundle's entry")
    return order


def read_module(folder: Path, name: str) -> Module:
    """The module ``name`` of ``folder``: its imports, exports and top-level names."""
    source = (folder / name).read_text(encoding="utf-8")
    module = Module(name, source)
    _Reader(module, tokenize(source, name)).read()
    return module


def _check(modules: list[Module], classic: bool) -> None:
    """Refuse what one scope cannot hold, or a classic script cannot run."""
    owners: dict[str, str] = {SCRIPT_URL: "the bundle itself"} if classic else {}
    by_name = {module.name: module for module in modules}
    for module in modules:
        for imported in module.imports:
            for missing in [n for n in imported.names if n not in by_name[imported.module].exports]:
                raise BundleError(f"{module.name}:{imported.line}: {imported.module} exports "
                                  f"no `{missing}`")
        for declared, line in module.declared.items():
            other = owners.setdefault(declared, f"{module.name}:{line}")
            if other != f"{module.name}:{line}":
                raise BundleError(
                    f"{other} and {module.name}:{line} both declare `{declared}` at their top "
                    "level; a bundle joins its modules in one scope: rename one of them")
        if classic and module.awaits:
            raise BundleError(f"{module.name}:{module.awaits[0]}: `await` at the top level "
                              "cannot run in a classic script: move it into a function")


class _Reader:
    """Reads one module's tokens: its imports and exports, its top-level names, and where it
    writes ``import.meta.url``."""

    def __init__(self, module: Module, tokens: list[Token]) -> None:
        self.module, self.tokens = module, tokens
        #: The tokens at the top level (outside every bracket), where statements are read.
        self.top = [token for token in tokens if token.depth == 0]

    def fail(self, token: Token, message: str) -> BundleError:
        return BundleError(f"{self.module.name}:{token.line}: {message}")

    def read(self) -> None:
        statics: set[int] = set()  # where a static import or an export begins
        for index, token in enumerate(self.tokens):
            if token.kind == "name" and token.text in ("import", "export") \
                    and not self._is_property(index) and self._import_or_export_anywhere(index):
                statics.add(token.start)
        index = 0
        while index < len(self.top):
            if self._starts_statement(index):
                index = self._statement(index)
                continue
            if self.top[index].start in statics:
                raise self.fail(self.top[index], f"`{self.top[index].text}` in the middle of a "
                                                 "statement is not understood")
            index += 1
        self.module.awaits = [t.line for t in self.top if t.kind == "name" and t.text == "await"]

    def _is_property(self, index: int) -> bool:
        """Whether the name at ``index`` is a property (``a.import``, ``{import: 1}``)."""
        before = self.tokens[index - 1].text if index else ""
        after = self.tokens[index + 1].text if index + 1 < len(self.tokens) else ""
        return before in (".", "?.") or after == ":"

    def _import_or_export_anywhere(self, index: int) -> bool:
        """``import(…)`` and ``import.meta.url`` may be anywhere; a static ``import`` or an
        ``export`` (then True) only at the top level, where :meth:`_statement` reads it."""
        token = self.tokens[index]
        texts = [t.text for t in self.tokens[index + 1:index + 5]]
        if token.text == "import" and texts[:1] == ["("]:
            return False
        if token.text == "import" and texts[:2] == [".", "meta"]:
            if texts[2:4] != [".", "url"]:
                raise self.fail(token, "of import.meta only import.meta.url is understood")
            self.module.meta_urls.append((token.start, self.tokens[index + 4].end))
            return False
        if token.depth:
            raise self.fail(token, f"`{token.text}` inside a block is not understood")
        return True

    def _starts_statement(self, index: int) -> bool:
        """Whether the top-level token at ``index`` begins a statement: first, after ``;`` or
        a block's ``}``, or on a new line after a value (where JavaScript ends a statement)."""
        if index == 0:
            return True
        token, before = self.top[index], self.top[index - 1]
        if before.kind == "punct" and before.text in (";", "}"):
            return True
        ends_value = before.kind in _VALUE_KINDS or before.text in (")", "]", "++", "--")
        return token.newline_before and ends_value

    def _statement(self, index: int) -> int:
        """Read the statement beginning at ``index``; the index of the next top-level token
        to read."""
        token = self.top[index]
        if token.kind != "name":
            return index + 1
        if token.text == "import" and self._text(index + 1) not in ("(", "."):
            return self._import(index)
        if token.text == "export":
            after = self.top[index + 1] if index + 1 < len(self.top) else token
            if not self._declares(index + 1):
                raise self.fail(token, f"`export {after.text}…` is not understood: write "
                                       "`export` before a function, class, const or let")
            self.module.cuts.append((token.start, after.start))
            names, next_index = self._declaration(index + 1)
            self.module.exports.update(names)
            return next_index
        if self._declares(index):
            return self._declaration(index)[1]
        return index + 1

    def _text(self, index: int) -> str:
        return self.top[index].text if index < len(self.top) else ""

    def _declares(self, index: int) -> bool:
        text = self._text(index)
        return text in _DECLARATIONS or (text == "async" and self._text(index + 1) == "function")

    def _import(self, index: int) -> int:
        """``import { a, b } from "./m.js";``: recorded, and cut from the bundle."""
        token = self.top[index]
        usage = 'write `import { name } from "./module.js";`'
        if self._text(index + 1) != "{":
            raise self.fail(token, f"this form of import is not understood: {usage}")
        names: list[str] = []
        inside = [t for t in self.tokens if t.depth == 1 and
                  self.top[index + 1].start < t.start < self.top[index + 2].start]
        for position, name in enumerate(inside):
            expected = "name" if position % 2 == 0 else ","
            if (name.kind if expected == "name" else name.text) != expected or name.text == "as":
                raise self.fail(name, f"this import is not understood (a renaming, a default): "
                                      f"{usage}")
            if expected == "name":
                names.append(name.text)
        specifier = self.top[index + 4] if index + 4 < len(self.top) else token
        if self._text(index + 3) != "from" or not _SPECIFIER.fullmatch(specifier.text):
            raise self.fail(token, "only a module of the same folder can be imported "
                                   f"(\"./name.js\"): {usage}")
        if self._text(index + 5) != ";":
            raise self.fail(specifier, "end the import with a semicolon")
        end = self.top[index + 5].end
        self.module.imports.append(Import(specifier.text[3:-1], tuple(names), token.line))
        self.module.cuts.append((token.start, end + (self.module.source[end:end + 1] == "\n")))
        return index + 6

    def _declaration(self, index: int) -> tuple[list[str], int]:
        """The names a top-level declaration at ``index`` declares, and the index after it."""
        keyword = self.top[index]
        if keyword.text in ("function", "async", "class"):
            at = index + (2 if keyword.text == "async" else 1)
            at += self._text(at) == "*"
            name = self.top[at] if at < len(self.top) else keyword
            if name.kind != "name":
                raise self.fail(keyword, f"a `{keyword.text}` at the top level without a name")
            self._declare(name)
            return [name.text], at + 1
        names: list[str] = []
        at = index + 1
        while True:
            name = self.top[at] if at < len(self.top) else keyword
            if name.kind != "name":
                raise self.fail(name, "a destructuring at the top level is not read by the "
                                      "bundler: declare each name on its own")
            self._declare(name)
            names.append(name.text)
            at += 1
            while at < len(self.top) and self._text(at) not in (",", ";") \
                    and not self._starts_statement(at):
                at += 1
            if self._text(at) != ",":
                return names, at + (self._text(at) == ";")
            at += 1

    def _declare(self, name: Token) -> None:
        self.module.declared.setdefault(name.text, name.line)

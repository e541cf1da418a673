"""What the site makes of each system's declaration (``rules_core.system.System``): its
engine reference page and the home page's table of systems.

A system's reference page lists every name of its package's ``__all__`` under the module
that defines it, the modules in the order and under the headings its ``reference`` gives,
each module's docstring first. The table of systems replaces
[`TABLE_MARKER`][site_plugins.examples.site.chapters.system_pages.TABLE_MARKER] in a page. A
system whose chapter is not among the site's pages is left out of both (a site built from
part of the docs). Pure Python: it takes systems and page paths, not MkDocs objects.
"""

from __future__ import annotations

import ast
import importlib
import posixpath
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from rules_core.system import System

REFERENCE_DIR = "reference"
"""The folder of the engine reference, where each system's page is made."""

TABLE_MARKER = "<!-- rules-examples: table of systems -->"
"""The line of a page that becomes the table of systems."""

REFERENCE_SEARCH_BOOST = 0.001
"""How much the search weighs an engine reference page against a chapter (1): so little that
a rule's words find its chapter first ("grapple": the Kruhl chapter, then ``Fight.grapple``),
while a name only the reference holds still finds it. The hand-written reference pages say
the same in their front matter."""

SEARCH_FRONT_MATTER = f"search:\n  boost: {REFERENCE_SEARCH_BOOST}\n"

_MODULE_ONLY = ("    options:\n      members: false\n      show_root_heading: false\n"
                "      show_root_toc_entry: false\n")


class SystemPageError(Exception):
    """A system's declaration that the site cannot make a page of."""


def reference_uri(system: System) -> str:
    """``reference/kruhl.md``: where the system's reference page goes."""
    return f"{REFERENCE_DIR}/{system.name}.md"


def present(systems: Iterable[System], page_uris: Iterable[str]) -> tuple[System, ...]:
    """The systems whose chapter is a page of the site, in the order of ``page_uris``."""
    order = {uri: i for i, uri in enumerate(page_uris)}
    return tuple(sorted((s for s in systems if s.chapter in order),
                        key=lambda s: order[s.chapter]))


def used(systems: Iterable[System], page_uris: Iterable[str], texts: Iterable[str]
         ) -> tuple[System, ...]:
    """The systems a site uses: those whose chapter is one of its pages (:func:`present`),
    then those whose package one of ``texts`` names (``from ember import …`` in an example's
    code or a page's setup), each once. Only these ship to the browser."""
    listed = tuple(systems)
    chosen = list(present(listed, page_uris))
    written = "\n".join(texts)
    for system in listed:
        if system not in chosen and _names(written, system.package):
            chosen.append(system)
    return tuple(chosen)


def _names(text: str, package: str) -> bool:
    """Whether ``text`` names the module ``package`` (not a longer name that starts so)."""
    return package in text and re.search(
        rf"(?<![\w.]){re.escape(package)}(?!\w)", text) is not None


def reference_page(system: System) -> str:
    """The Markdown of ``system``'s engine reference page."""
    sections = _sections(system)
    headings = ", ".join(heading.lower() for heading, _ in sections)
    description = f"Engine reference for {system.short_title}: {headings}.".replace('"', "'")
    parts = [f'---\ndescription: "{description}"\n{SEARCH_FRONT_MATTER}---\n',
             f"# {system.short_title}\n",
             f"::: {system.package}\n{_MODULE_ONLY}"]
    for heading, modules in sections:
        parts.append(f"## {heading}\n")
        for module, names in modules:
            parts.append(f"::: {system.package}.{module}\n{_MODULE_ONLY}")
            parts.extend(f"::: {entry}\n" for entry in names)
    return "\n".join(parts)


def _sections(system: System) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Each heading with its modules, each module with the entries it documents (in the
    order of its source): the names the package exports (``package.Name``), and the
    package's classes an exported class is built on (``package.module.Name``: their methods
    are the exported class's too). An exported name no listed module defines is an error."""
    package = importlib.import_module(system.package)
    exported = set(getattr(package, "__all__", ()))
    folder = Path(package.__file__ or "").parent
    modules = {module: _read(folder / f"{module}.py") for _, module in system.reference}
    defined = {name: module for module, (names, _) in modules.items() for name in names}
    missing = sorted(exported - set(defined))
    if missing:
        raise SystemPageError(
            f"{system.package} exports {', '.join(missing)}, which no module of its SYSTEM's "
            "reference defines: add the module to reference=, or stop exporting the name")
    classes = {cls: names for _, (_, of) in modules.items() for cls, names in of.items()}
    bases: set[str] = set()
    todo = [cls for cls in classes if cls in exported]
    while todo:  # an exported class's bases, their bases, and so on
        for base in classes.get(todo.pop(), ()):
            if base not in bases:
                bases.add(base)
                todo.append(base)
    sections: list[tuple[str, list[tuple[str, list[str]]]]] = []
    for heading, module in system.reference:
        names, _ = modules[module]
        entries = [f"{system.package}.{name}" if name in exported
                   else f"{system.package}.{module}.{name}"
                   for name in names if name in exported
                   or (name in bases and not name.startswith("_") and defined[name] == module)]
        if sections and sections[-1][0] == heading:
            sections[-1][1].append((module, entries))
        else:
            sections.append((heading, [(module, entries)]))
    return sections


def _read(path: Path) -> tuple[list[str], dict[str, list[str]]]:
    """The names a module defines at its top level, in the order of its source, and the
    bases (by name) of each class it defines."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SystemPageError(f"{path} does not exist: a module listed in a SYSTEM's "
                              "reference= must be one of the package's") from None
    names: list[str] = []
    bases: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.append(node.name)
            bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
        elif isinstance(node, ast.FunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names.extend(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return list(dict.fromkeys(names)), bases


def systems_table(systems: Sequence[System], page_uri: str) -> str:
    """The table of ``systems`` as Markdown, its links relative to the page ``page_uri``."""
    here = posixpath.dirname(page_uri)
    rows = [f"| {s.title} | [{s.chapter_title}]({posixpath.relpath(s.chapter, here or '.')}) "
            f"| {s.dice} |" for s in systems]
    return "\n".join(["| System | Chapter | Dice |", "|---|---|---|", *rows])


def with_systems_table(markdown: str, systems: Sequence[System], page_uri: str) -> str:
    """``markdown`` with its table-of-systems line (if any) replaced by the table."""
    if TABLE_MARKER not in markdown:
        return markdown
    return "\n".join(systems_table(systems, page_uri) if line.strip() == TABLE_MARKER
                     else line for line in markdown.split("\n"))

"""Names in example code → their entries in the engine reference.

The reference pages (``docs/reference/``) render the engine's docstrings with mkdocstrings
blocks (``::: rules_core.verses.Actor``); each entry's anchor is its import path. An
example imports names from the engine (``from rules_core.verses import Actor``, in its
code or the page's setup); each such name links to the page that documents its import path,
or the members of a module it documents (``::: rules_core.procedure`` documents
``rules_core.procedure.Procedure``).

Pure Python: it takes pages' text and paths, not MkDocs objects.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Mapping

#: A mkdocstrings block and its indented options (``members: false`` documents the module
#: alone, not its members).
_BLOCK = re.compile(r"^::: (?P<path>rules_core(?:\.\w+)*)[ \t]*\n(?P<options>(?:[ \t]+.*\n?)*)",
                    re.MULTILINE)


def reference_entries(pages: Mapping[str, str]) -> dict[str, str]:
    """Every import path a page documents (``rules_core.verses.Actor``) → that page (its
    key in ``pages``, e.g. ``reference/verses.md``). A module block that leaves its members
    out (``members: false``) documents the module only: its members are not entries."""
    entries: dict[str, str] = {}
    for page, text in sorted(pages.items()):
        for block in _BLOCK.finditer(text if text.endswith("\n") else text + "\n"):
            if re.search(r"^\s*members:\s*false\s*$", block["options"], re.MULTILINE):
                entries.setdefault(f"{block['path']} (module only)", page)
            else:
                entries.setdefault(block["path"], page)
    return entries


def imported_names(sources: Iterable[str]) -> dict[str, str]:
    """The names some code imports from the engine, with their import paths:
    ``from rules_core.verses import Actor as A`` → ``{"A": "rules_core.verses.Actor"}``.
    Code that does not parse on its own (a fragment) is skipped."""
    names: dict[str, str] = {}
    for source in sources:
        names.update(_imports(source))
    return names


@functools.lru_cache(maxsize=4096)  # a page's code is read again by every build of serve
def _imports(source: str) -> tuple[tuple[str, str], ...]:
    """One piece of code's engine imports, as ``(name, import path)`` in order."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    return tuple((alias.asname or alias.name, f"{node.module}.{alias.name}")
                 for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)
                 and (node.module or "").startswith("rules_core")
                 for alias in node.names if alias.name != "*")


def entry_page(path: str, entries: Mapping[str, str]) -> str | None:
    """The page documenting ``path``: its own block, else the closest module block that
    documents it as a member; ``None`` if no page does."""
    while path:
        if path in entries:
            return entries[path]
        path = path.rpartition(".")[0]
    return None


def name_links(names: Mapping[str, str], entries: Mapping[str, str],
               url_of: Mapping[str, str]) -> dict[str, str]:
    """Each imported name → ``<page URL>#<import path>``, for names a reference page
    documents; ``url_of`` gives each reference page's URL as the linking page reaches it."""
    links: dict[str, str] = {}
    for name, path in names.items():
        # A name its own module shares (``rules_core.storypath.contested`` is a module and the
        # function it defines): the reference documents the function inside the module.
        inner = f"{path}.{path.rpartition('.')[2]}"
        path = inner if inner in entries else path
        page = entry_page(path, entries)
        if page is not None and page in url_of:
            links[name] = f"{url_of[page]}#{path}"
    return links

"""Search results that name their game.

Material's search lists a page under its first heading, so a site of five chapters has five
results called "Glossary", five called "Roll your own", and a "Special actions and attacks"
that does not say whose. In the search index only, each page of a chapter and each of its
sections is listed with its game's name after its title, unless the title says it already:
"Glossary — Warlords of Kruhl 3e" (a section that matches alone heads its group of results).
The name is the chapter's section in the navigation (what a reader saw there), else the
system's short title; the page, its headings and the navigation are unchanged.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Callable, Sequence
from typing import Any

from mkdocs.structure.pages import Page

from rules_core.system import System
from site_plugins.examples.site.chapters.roller_pages import section_holding
from site_plugins.examples.site.chapters.system_pages import reference_uri

#: Between a page's title and its game's name.
DASH = " — "


def game_names(nav_items: Sequence[object], systems: Sequence[System]
               ) -> dict[str, tuple[str, ...]]:
    """Each chapter's folder (``kruhl/``), and its system's engine reference page, → the
    names of its game: the one shown (its section's title in the navigation, else the
    system's short title), then the others a title may use (its short title and title)."""
    names = {}
    for system in systems:
        folder = posixpath.dirname(system.chapter) + "/"
        section = section_holding(nav_items, _in(folder))
        shown = str(section.title) if section is not None and section.title \
            else system.short_title
        names[folder] = tuple(dict.fromkeys((shown, system.short_title, system.title)))
        names[reference_uri(system)] = names[folder]  # its engine reference page too
    return names


def _in(folder: str) -> Callable[[str], bool]:
    return lambda src_uri: src_uri.startswith(folder)


def titled(title: str, names: Sequence[str]) -> str:
    """``title`` with the first of ``names`` after it, unless it holds one of them already."""
    if not names or any(name in title for name in names):  # a name, as a name is written
        return title
    return f"{title}{DASH}{html.escape(names[0], quote=False)}"  # the index holds HTML


def name_games(index: Any, names_of: Callable[[str], Sequence[str]]) -> None:
    """Wrap ``index.add_entry_from_context`` (Material's search index of this build) so that
    every entry of a page, its title's and its sections' (a section that matches alone is
    listed first in its group, under its own heading), names the game ``names_of`` gives for
    the page's ``src_uri`` (nothing for a page outside every chapter)."""
    original: Callable[[Page], None] = index.add_entry_from_context

    def add_entry_from_context(page: Page) -> None:
        before = len(index.entries)
        original(page)
        names = names_of(page.file.src_uri)
        for entry in index.entries[before:]:
            if names:
                entry["title"] = titled(str(entry.get("title", "")), names)

    index.add_entry_from_context = add_entry_from_context

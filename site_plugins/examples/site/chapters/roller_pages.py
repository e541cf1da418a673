"""The MkDocs side of each chapter's "Roll your own" page: the generated file and its place
at the end of the chapter's section of the navigation.

A system's chapter is the folder of its ``SYSTEM.chapter`` (``docs/verses/`` for
``verses/action-chaining.md``); a system of the site that declares a ``ROLL_FORM`` gets the
page ``<chapter>/roll-your-own.md`` with nothing written by the chapter's author
(:mod:`site_plugins.examples.cards.roll_forms` draws it).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from rules_core.system import System
from site_plugins.examples.cards.roll_forms import PAGE_NAME, forms_of, roller_page


def add_roller_pages(files: Files, config: MkDocsConfig, site_systems: Sequence[System]
                     ) -> list[str]:
    """Add a roller page to the chapter of each of ``site_systems`` (the systems whose
    chapter is a page of the site) that declares a roll form, unless the chapter has written
    its own page of that name; return their ``src_uri``."""
    added = []
    by_package = {system.package: system for system in site_systems}
    for package, form in sorted(forms_of(site_systems).items()):
        folder = posixpath.dirname(by_package[package].chapter)
        uri = posixpath.join(folder, PAGE_NAME)
        if files.get_file_from_path(uri) is not None:
            continue
        # Not in the configured nav on purpose: ``place_roller_pages`` puts it there.
        files.append(File.generated(config, uri, content=roller_page(package, form, form.title),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        added.append(uri)
    return added


def place_roller_pages(nav: Navigation, uris: list[str], files: Files) -> None:
    """Put each roller page last in the section holding its chapter's pages, and link the
    pages' previous and next again."""
    for uri in uris:
        file = files.get_file_from_path(uri)
        page = file.page if file is not None else None
        section = section_holding(nav.items, _in_folder(posixpath.dirname(uri) + "/"))
        if page is None or section is None:
            continue
        page.parent = section
        page.title = "Roll your own"
        section.children.append(page)
    link_pages(nav)


def link_pages(nav: Navigation) -> None:
    """List the navigation's pages again in order, after pages were added to it, and link
    each page's previous and next again."""
    nav.pages[:] = list(_pages(nav.items))
    for index, page in enumerate(nav.pages):
        page.previous_page = nav.pages[index - 1] if index else None
        page.next_page = nav.pages[index + 1] if index + 1 < len(nav.pages) else None


def _in_folder(folder: str) -> Callable[[str], bool]:
    return lambda src_uri: src_uri.startswith(folder)


def section_holding(items: Sequence[object], holds: Callable[[str], bool]) -> Section | None:
    """The first section (depth first) with a page whose ``src_uri`` ``holds`` is true of."""
    for item in items:
        if isinstance(item, Section):
            if any(isinstance(child, Page) and holds(child.file.src_uri)
                   for child in item.children):
                return item
            found = section_holding(item.children, holds)
            if found is not None:
                return found
    return None


def _pages(items: Sequence[object]) -> list[Page]:
    found: list[Page] = []
    for item in items:
        if isinstance(item, Page):
            found.append(item)
        elif isinstance(item, Section):
            found.extend(_pages(item.children))
    return found

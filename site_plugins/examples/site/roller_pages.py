"""The MkDocs side of each chapter's "Roll your own" page: the generated file and its place
at the end of the chapter's section of the navigation.

A chapter is a folder of the docs named like an engine system (``docs/verses/`` for
``rules_core.verses``); a system that declares a ``ROLL_FORM`` gets the page
``<chapter>/roll-your-own.md`` with nothing written by the chapter's author
(:mod:`site_plugins.examples.cards.roll_forms` draws it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from site_plugins.examples.cards.roll_forms import PAGE_NAME, roller_page, systems_with_forms


def add_roller_pages(files: Files, config: MkDocsConfig) -> list[str]:
    """Add a roller page to every chapter whose system declares a roll form (unless the
    chapter has written its own page of that name); return their ``src_uri``."""
    added = []
    for system, form in sorted(systems_with_forms().items()):
        uri = f"{system}/{PAGE_NAME}"
        has_chapter = any(f.src_uri.startswith(f"{system}/") for f in files.documentation_pages())
        if not has_chapter or files.get_file_from_path(uri) is not None:
            continue
        # Not in the configured nav on purpose: ``place_roller_pages`` puts it there.
        files.append(File.generated(config, uri, content=roller_page(system, form, form.title),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        added.append(uri)
    return added


def place_roller_pages(nav: Navigation, uris: list[str], files: Files) -> None:
    """Put each roller page last in the section holding its chapter's pages, and link the
    pages' previous and next again."""
    for uri in uris:
        file = files.get_file_from_path(uri)
        page = file.page if file is not None else None
        section = section_holding(nav.items, _in_folder(uri.split("/")[0] + "/"))
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

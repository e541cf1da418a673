"""The MkDocs side of each system's engine reference page: the generated file, and its line
under "Engine reference" in the navigation (after the pages written by hand).

The page's Markdown comes from the system's declaration
(:mod:`site_plugins.examples.site.chapters.system_pages`); a system whose chapter is not a
page of the site gets none.
"""

from __future__ import annotations

from collections.abc import Sequence

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation

from rules_core.system import System
from site_plugins.examples.site.chapters.roller_pages import link_pages, section_holding
from site_plugins.examples.site.chapters.system_pages import (
    REFERENCE_DIR,
    reference_page,
    reference_uri,
)

#: The hand-written first page of the engine reference, whose section the pages join.
REFERENCE_INDEX = f"{REFERENCE_DIR}/index.md"


def add_reference_pages(files: Files, config: MkDocsConfig,
                        systems: Sequence[System]) -> list[tuple[str, str]]:
    """Add each system's reference page (unless the docs hold a page of that name); return
    each added page's ``src_uri`` and title."""
    added = []
    for system in systems:
        uri = reference_uri(system)
        if files.get_file_from_path(uri) is not None:
            continue
        files.append(File.generated(config, uri, content=reference_page(system),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        added.append((uri, system.short_title))
    return added


def place_reference_pages(nav: Navigation, added: list[tuple[str, str]], files: Files) -> None:
    """Put the added pages last in the section holding the reference's index page."""
    section = section_holding(nav.items, REFERENCE_INDEX.__eq__)
    if section is None:
        return
    for uri, title in added:
        file = files.get_file_from_path(uri)
        page = file.page if file is not None else None
        if page is None:
            continue
        page.parent = section
        page.title = title
        section.children.append(page)
    link_pages(nav)

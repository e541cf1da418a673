"""Every chapter page opens, right after its h1, with one line citing its source (book, section),
as Archives of Nethys does: ``*Source: <title>, "<section>"[, "<section>"…]. Rules in our own
words; …*``. Fast: reads the Markdown, builds nothing.

A chapter page is any page of a system's chapter folder (the folder of its ``SYSTEM.chapter``)
but its glossary. The title a line cites is the system's source's (``SYSTEM.source_title``)
and the sections it may cite are those the system declares (``SYSTEM.sections``, as its
source text prints them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_core.system import System, systems
from tests.conftest import ROOT

DOCS = ROOT / "docs"

#: What every source line says after its citation, word for word.
RULES_SENTENCE = ("Rules in our own words; every example is checked against the rules engine "
                  "when the site is built.")


#: Each chapter folder's system. The sections a page may cite are the system's own
#: (``SYSTEM.sections``, taken from its source text as printed), so a new system declares
#: them with the rest of itself and this test needs no change.
def systems_by_folder() -> dict[str, System]:
    return {(DOCS / system.chapter).parent.name: system for system in systems()}


KRUHL = next(s for s in systems() if s.name == "kruhl")

#: The line's shape: the citation, the fixed sentence, then any further sentences (notes on the
#: source), all one italic paragraph.
SOURCE_LINE = re.compile(r"\*Source: (?P<citation>.+?)\. " + re.escape(RULES_SENTENCE)
                         + r"(?: (?P<notes>[^*]+))?\*")
#: The sections of a citation, after its title: quoted names, separated by commas.
SECTIONS = re.compile(r'"[^"]+"(?:, "[^"]+")*')


def chapter_folders() -> dict[str, Path]:
    """Each system's chapter folder, by folder name."""
    folders = ((DOCS / system.chapter).parent for system in systems())
    return {folder.name: folder for folder in folders}


def chapter_pages() -> list[Path]:
    """Every chapter page: the pages of the chapter folders, glossaries left out."""
    return sorted(page for folder in chapter_folders().values() for page in folder.glob("*.md")
                  if page.name != "glossary.md")


def opening_paragraph(text: str) -> str | None:
    """The paragraph right after the page's h1 (front matter skipped), its lines joined by
    spaces; None when the h1 is not the first thing of the page."""
    if text.startswith("---\n"):
        text = text[text.index("\n---\n", 3) + len("\n---\n"):]
    lines = text.lstrip("\n").split("\n")
    if not lines[0].startswith("# ") or len(lines) < 3 or lines[1] != "":
        return None
    paragraph = []
    for line in lines[2:]:
        if not line.strip():
            break
        paragraph.append(line.strip())
    return " ".join(paragraph)


def cited_sections(paragraph: str, system: System) -> list[str]:
    """The sections a source line cites; AssertionError, saying why, when the line is not in
    the one form or names another title."""
    line = SOURCE_LINE.fullmatch(paragraph)
    assert line, f"not a source line in the form '*Source: <title>, \"<section>\"…. " \
                 f"{RULES_SENTENCE}[ notes]*': {paragraph!r}"
    citation = line["citation"]
    title = system.source_title
    assert citation.startswith(f"{title}, "), \
        f"the line should cite {title!r} first: {citation!r}"
    sections = citation.removeprefix(f"{title}, ")
    assert SECTIONS.fullmatch(sections), f"sections should be quoted and comma-separated: " \
                                         f"{sections!r}"
    return re.findall(r'"([^"]+)"', sections)


def test_every_system_declares_the_sections_its_pages_may_cite() -> None:
    assert [s.name for s in systems() if not s.sections] == []


@pytest.mark.parametrize("page", chapter_pages(), ids=lambda page: str(page.relative_to(DOCS)))
def test_a_chapter_page_opens_with_its_source_line(page: Path) -> None:
    system = systems_by_folder()[page.parent.name]
    paragraph = opening_paragraph(page.read_text(encoding="utf-8"))
    assert paragraph is not None, "the page should open with its h1 (after any front matter)"
    sections = cited_sections(paragraph, system)
    unknown = [name for name in sections if name not in system.sections]
    assert not unknown, f"sections {system.package}'s SYSTEM does not declare: {unknown}"
    assert len(set(sections)) == len(sections), f"a section cited twice: {sections}"


@pytest.mark.parametrize("paragraph", [
    "*Warlords of Kruhl 3e. Rules in our own words; every example is checked against the rules "
    "engine when the site is built.*",
    '*Source: Warlords of Kruhl 3e, "Actions" Rules in our own words.*',
    '*Source: Warlords of Kruhl, "Actions". ' + RULES_SENTENCE + "*",
    '*Source: Warlords of Kruhl 3e, Actions. ' + RULES_SENTENCE + "*",
    "*Source: Warlords of Kruhl 3e. " + RULES_SENTENCE + "*",
])
def test_a_line_in_another_form_is_refused(paragraph: str) -> None:
    with pytest.raises(AssertionError):
        cited_sections(paragraph, KRUHL)


def test_a_line_with_notes_gives_its_sections() -> None:
    line = ('*Source: Warlords of Kruhl 3e, "Actions", "Grapple vs. Grapple". '
            + RULES_SENTENCE + ' A note, "quoted". Another.*')
    assert cited_sections(line, KRUHL) == ["Actions", "Grapple vs. Grapple"]


def test_the_opening_paragraph_is_the_one_after_the_h1() -> None:
    page = "---\ndescription: x\n---\n\n# Title\n\n*Source: a,\nb.*\n\nText.\n"
    assert opening_paragraph(page) == "*Source: a, b.*"
    assert opening_paragraph("Intro.\n\n# Title\n\n*Source*\n") is None

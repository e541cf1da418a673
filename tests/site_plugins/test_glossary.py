"""Glossaries: reading a chapter's terms, their tooltips, the check of a chapter's
all-capitals words, focusable first uses, and the real chapters under docs/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rules_core.system import systems
from site_plugins.examples.language.prose import plain_text, prose
from site_plugins.examples.site.glossary import (
    GUIDE,
    TOOLTIP_LIMIT,
    Chapters,
    Glossary,
    UnknownTerm,
    focusable_first_uses,
    read_glossary,
    unknown_terms,
)
from tests.conftest import ROOT

DOCS = ROOT / "docs"
PATH = "docs/verses/glossary.md"
GLOSSARY = """\
# Glossary

Intro, naming no abbreviation.

AD
:   **Action Dice.** The dice an actor spends in a round. Spent AD come back next round.

chain limit
:   **How long a chain may grow.** As many actions as the skill has dice,
    the first included.

    A second paragraph, indented.

DoS
:   **Degrees of Success.** How far a roll beat its target.
"""


def entry_error(text: str) -> str:
    """The one error of a glossary made of ``text`` after a title (line 3 on)."""
    errors = read_glossary(f"# Glossary\n\n{text}", PATH).errors
    assert len(errors) == 1, [str(e) for e in errors]
    return str(errors[0])


def test_a_glossary_reads_each_term_with_its_line() -> None:
    glossary = read_glossary(GLOSSARY, PATH)
    assert [(t.name, t.line) for t in glossary.terms] == [
        ("AD", 5), ("chain limit", 8), ("DoS", 14)]


def test_a_glossary_without_mistakes_has_no_errors() -> None:
    assert read_glossary(GLOSSARY, PATH).errors == ()


def test_a_term_s_expansion_is_its_bold_start() -> None:
    assert read_glossary(GLOSSARY, PATH).terms[0].expansion == "Action Dice."


def test_a_tooltip_is_the_expansion_and_the_first_sentence() -> None:
    assert read_glossary(GLOSSARY, PATH).terms[0].tooltip == (
        "Action Dice. The dice an actor spends in a round.")


def test_a_tooltip_joins_a_sentence_wrapped_over_lines() -> None:
    assert read_glossary(GLOSSARY, PATH).terms[1].tooltip == (
        "How long a chain may grow. As many actions as the skill has dice, the first "
        "included.")


def test_a_tooltip_is_plain_text() -> None:
    assert plain_text("**Bold**, *it*, `1S` and [a link](page.md#x).") == (
        "Bold, it, 1S and a link.")


def test_only_abbreviations_get_tooltip_lines() -> None:
    assert read_glossary(GLOSSARY, PATH).abbreviations() == (
        "\n\n*[AD]: Action Dice. The dice an actor spends in a round.\n"
        "*[DoS]: Degrees of Success. How far a roll beat its target.\n")


def test_a_glossary_without_abbreviations_appends_nothing() -> None:
    text = "chain\n:   **Actions in a row.** They pass sixes on.\n"
    assert read_glossary(text, PATH).abbreviations() == ""


def test_a_definition_without_its_bold_expansion_is_an_error_at_its_line() -> None:
    assert entry_error("AD\n:   Action Dice: the dice an actor spends.\n") == (
        f"{PATH}:4: the definition of AD must start with its expansion in bold, ending "
        "with a period: ':   **Action Dice.** The dice …'")


def test_an_expansion_without_its_period_is_an_error() -> None:
    assert entry_error("AD\n:   **Action Dice** The dice.\n").startswith(
        f"{PATH}:4: the definition of AD must start with its expansion in bold")


def test_a_definition_without_a_final_period_is_an_error_at_its_last_line() -> None:
    assert entry_error("AD\n:   **Action Dice.** The dice\n    an actor spends\n") == (
        f"{PATH}:5: the definition of AD must end with a period")


def test_a_term_with_markdown_is_an_error_at_its_line() -> None:
    assert entry_error("**AD**\n:   **Action Dice.** The dice.\n") == (
        f"{PATH}:3: the term '**AD**' is not plain text: write the term alone on its "
        "line, with no Markdown (no **, `, [ or #)")


def test_a_term_defined_twice_is_an_error_at_the_second() -> None:
    text = ("AD\n:   **Action Dice.** The dice.\n\n"
            "AD\n:   **Action Dice.** Again.\n")
    assert entry_error(text) == (
        f"{PATH}:6: AD is defined twice (first on line 3): one entry per term")


def test_a_definition_without_a_term_is_an_error() -> None:
    assert entry_error("\n:   **Action Dice.** The dice.\n") == (
        f"{PATH}:4: a definition without a term: put the term alone on the line just "
        "above it")


def test_a_term_right_after_the_previous_definition_is_an_error() -> None:
    text = ("AD\n:   **Action Dice.** The dice.\n"
            "PRW\n:   **Prowess.** An attribute.\n")
    assert entry_error(text) == (
        f"{PATH}:5: 'PRW' follows the line above directly: leave a blank line before "
        "each term")


def test_a_term_without_a_definition_is_an_error_at_its_line() -> None:
    text = ("AD\n:   **Action Dice.** The dice.\n\nPL\n\n"
            "GM\n:   **Game Master.** Runs the world.\n")
    assert entry_error(text) == (
        f"{PATH}:6: 'PL' belongs to no entry: a term needs its definition on the next "
        "line (':   **Expansion.** …'); put other text above the first term")


def test_a_tooltip_too_long_is_an_error() -> None:
    sentence = "word " * (TOOLTIP_LIMIT // 5)
    assert entry_error(f"AD\n:   **Action Dice.** The {sentence}end.\n").startswith(
        f"{PATH}:4: the tooltip of AD (its expansion and the definition's first sentence) "
        "has ")


def test_a_long_term_of_art_is_fine_it_has_no_tooltip() -> None:
    sentence = "word " * (TOOLTIP_LIMIT // 5)
    text = f"\nchain\n:   **Actions in a row.** The {sentence}end.\n"
    assert read_glossary(text, PATH).errors == ()


def test_a_malformed_entry_s_term_is_still_known() -> None:
    glossary = read_glossary("AD\n:   Action Dice.\n", PATH)
    assert "AD" in glossary.known and glossary.terms == ()


def test_a_colon_line_in_a_code_block_is_no_definition() -> None:
    text = "```text\nAD\n:   not a definition\n```\n"
    glossary = read_glossary(text, PATH)
    assert glossary.known == frozenset() and glossary.errors == ()


KNOWN = read_glossary(GLOSSARY, PATH)


def unknown(text: str) -> dict[str, tuple[int, ...]]:
    return {u.term: u.lines for u in unknown_terms(text, KNOWN, "docs/verses/p.md")}


def test_an_all_capitals_word_the_glossary_lacks_is_found_with_its_lines() -> None:
    assert unknown("# Page\n\nThe GM spends AD.\n\nThe GM's PL, the GM again.\n") == {
        "GM": (3, 5), "PL": (5,)}


def test_words_the_glossary_has_are_not_reported() -> None:
    assert unknown("Tam spends 1 AD and keeps his DoS.\n") == {}


def test_single_capitals_and_mixed_case_are_no_terms() -> None:
    assert unknown("A Punch, I think, and 1S or 2d6 or DoT.\n") == {}


@pytest.mark.parametrize("text", [
    "---\ndescription: The GM\n---\n# Page\n",
    "Code: `GM` and ``a `GM` b``.\n",
    "```python\n>>> gm = 'GM'\n```\n",
    '    ```rules-example title="The GM"\n    >>> 1\n    1\n    ```\n',
    "<!-- GM, a note\nover lines -->\n",
    "A [link](https://example.org/GM \"GM\") and [ref][GM].\n\n[GM]: https://example.org\n",
    '<span title="GM">text</span> and <https://example.org/GM>\n',
    "## Heading { #GM }\n",
    "*[GM]: Game Master\n",
], ids=["front matter", "code spans", "fence", "example", "comment", "link targets",
        "tags", "attribute list", "abbreviation definition"])
def test_what_is_not_prose_is_not_checked(text: str) -> None:
    assert unknown(text) == {}


def test_link_text_is_prose() -> None:
    assert unknown("Ask the [GM](gm.md).\n") == {"GM": (1,)}


def test_blanking_keeps_every_line() -> None:
    text = "---\na: 1\n---\n```\nx\n```\n`a\nb` GM\n"
    assert prose(text).count("\n") == text.count("\n") and "GM" in prose(text).split("\n")[7]


def test_an_unclosed_code_span_does_not_hide_the_rest_of_the_page() -> None:
    assert unknown("One ` backtick.\n\nThe GM.\n") == {"GM": (3,)}


def scratch_chapter(tmp_path: Path, pages: dict[str, str]) -> Chapters:
    for name, text in pages.items():
        (tmp_path / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    return Chapters(tmp_path / "docs", tmp_path, frozenset({"verses"}))


def test_a_chapter_page_using_a_term_its_glossary_lacks_names_page_line_and_fix(
        tmp_path: Path) -> None:
    page = "# Page\n\nThe GM rolls.\n\nThe GM again, and GM.\n"
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": GLOSSARY})
    assert chapters.page_terms("verses/p.md", page).problems == (
        f"docs/verses/p.md:3: GM is not in the chapter's glossary (also on line 5): add it "
        f"to docs/verses/glossary.md; {GUIDE}",)


def test_a_chapter_without_a_glossary_says_so(tmp_path: Path) -> None:
    chapters = scratch_chapter(tmp_path, {"verses/p.md": ""})
    assert chapters.page_terms("verses/p.md", "The GM.\n").problems == (
        "docs/verses/p.md:1: GM is not in the chapter's glossary: add it to "
        f"docs/verses/glossary.md (the chapter has no glossary yet); {GUIDE}",)


def test_a_chapter_page_gets_its_glossary_s_abbreviations(tmp_path: Path) -> None:
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": GLOSSARY})
    assert chapters.page_terms("verses/p.md", "AD\n").abbreviations == (
        KNOWN.abbreviations())


def test_a_chapter_page_s_cards_get_its_abbreviations_tooltips(tmp_path: Path) -> None:
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": GLOSSARY})
    assert chapters.tooltips("verses/p.md") == {
        "AD": "Action Dice. The dice an actor spends in a round.",
        "DoS": "Degrees of Success. How far a roll beat its target."}
    assert chapters.tooltips("index.md") == {}


def test_a_page_outside_every_chapter_gets_nothing(tmp_path: Path) -> None:
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": GLOSSARY})
    terms = chapters.page_terms("index.md", "The GM and AD.\n")
    assert terms.abbreviations == "" and terms.problems == ()


def test_a_folder_that_is_no_system_is_no_chapter(tmp_path: Path) -> None:
    chapters = scratch_chapter(tmp_path, {"reference/glossary.md": GLOSSARY})
    assert chapters.page_terms("reference/p.md", "The GM.\n").problems == ()


def test_the_glossary_page_reports_its_entries_and_skips_its_terms(tmp_path: Path) -> None:
    text = "# Glossary\n\nGM\n:   Game Master.\n"
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": text})
    assert chapters.page_terms("verses/glossary.md", text).problems == (
        "docs/verses/glossary.md:4: the definition of GM must start with its expansion in "
        "bold, ending with a period: ':   **Action Dice.** The dice …'",)


def test_a_glossary_s_definitions_are_checked_too(tmp_path: Path) -> None:
    text = "# Glossary\n\nAD\n:   **Action Dice.** What the GM hands out.\n"
    chapters = scratch_chapter(tmp_path, {"verses/glossary.md": text})
    assert [p.split(": ", 1)[0] for p in
            chapters.page_terms("verses/glossary.md", text).problems] == [
        "docs/verses/glossary.md:4"]


ABBR = '<abbr title="Action Dice.">AD</abbr>'
FOCUSABLE = '<abbr title="Action Dice." tabindex="0">AD</abbr>'


def test_the_first_use_of_a_term_in_a_section_is_focusable() -> None:
    assert focusable_first_uses(f"<p>{ABBR} and {ABBR}</p>") == (
        f"<p>{FOCUSABLE} and {ABBR}</p>")


def test_each_section_has_its_own_first_use() -> None:
    html = f'<p>{ABBR}</p><h2 id="x">X</h2><p>{ABBR} {ABBR}</p>'
    assert focusable_first_uses(html) == (
        f'<p>{FOCUSABLE}</p><h2 id="x">X</h2><p>{FOCUSABLE} {ABBR}</p>')


def test_each_term_has_its_own_first_use() -> None:
    other = '<abbr title="Prowess.">PRW</abbr>'
    assert focusable_first_uses(f"<p>{ABBR} {other}</p>") == (
        f'<p>{FOCUSABLE} <abbr title="Prowess." tabindex="0">PRW</abbr></p>')


def test_a_term_inside_a_link_is_left_to_the_link() -> None:
    html = f'<p><a href="x">{ABBR}</a> {ABBR}</p>'
    assert focusable_first_uses(html) == f'<p><a href="x">{ABBR}</a> {FOCUSABLE}</p>'


def test_a_glossary_s_own_term_has_no_tooltip() -> None:
    assert focusable_first_uses(f"<dl><dt>{ABBR}</dt><dd>x</dd></dl>") == (
        "<dl><dt>AD</dt><dd>x</dd></dl>")


# The real chapters: every docs/<system>/ whose name is a package of rules_core.
CHAPTERS = sorted(system.name for system in systems() if (DOCS / system.name).is_dir())
SITE = Chapters(DOCS, ROOT, frozenset(CHAPTERS))


def test_the_project_has_chapters() -> None:
    assert {"verses", "kruhl"} <= set(CHAPTERS)


@pytest.mark.parametrize("system", CHAPTERS)
def test_every_chapter_has_a_glossary_that_reads(system: str) -> None:
    glossary = SITE.glossary(system)
    assert glossary.exists, f"add docs/{system}/glossary.md ({GUIDE})"
    assert [str(e) for e in glossary.errors] == []


@pytest.mark.parametrize("system", CHAPTERS)
def test_no_chapter_uses_an_all_capitals_term_its_glossary_lacks(system: str) -> None:
    problems = [problem for page in sorted((DOCS / system).rglob("*.md"))
                for problem in SITE.page_terms(page.relative_to(DOCS).as_posix(),
                                               page.read_text(encoding="utf-8")).problems]
    assert problems == []


def nav_pages(entry: object) -> list[str]:
    """Every page a ``nav`` entry of mkdocs.yml lists."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return [page for value in entry.values() for page in nav_pages(value)]
    if isinstance(entry, list):
        return [page for item in entry for page in nav_pages(item)]
    return []


@pytest.mark.parametrize("system", CHAPTERS)
def test_every_chapter_s_glossary_is_in_the_nav(system: str) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert f"{system}/glossary.md" in nav_pages(config["nav"])


def test_the_site_turns_on_abbreviations_tooltips_and_keys() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions = [e if isinstance(e, str) else next(iter(e))
                  for e in config["markdown_extensions"]]
    assert {"abbr", "def_list", "pymdownx.keys"} <= set(extensions)
    assert "content.tooltips" in config["theme"]["features"]


def test_the_verses_glossary_defines_action_dice() -> None:
    ad = next(t for t in SITE.glossary("verses").terms if t.name == "AD")
    assert ad.expansion == "Action Dice."


def test_an_empty_glossary_knows_nothing() -> None:
    assert Glossary(PATH).known == frozenset()


def test_the_authoring_guide_quotes_the_check_s_own_words() -> None:
    guide = (DOCS / "authoring.md").read_text(encoding="utf-8")
    quoted = re.search(r"^WARNING -  rules-examples: (?P<message>(?P<page>\S+):(?P<line>\d+): "
                       r"(?P<term>\w+) is not in .*lines (?P<also>[\d, ]+)\).*)$", guide,
                       re.MULTILINE)
    assert quoted is not None
    lines = (int(quoted["line"]), *(int(n) for n in quoted["also"].split(", ")))
    system = quoted["page"].split("/")[1]
    assert str(UnknownTerm(quoted["page"], quoted["term"], lines,
                           SITE.glossary(system))) == quoted["message"]

"""Names in example code link to their entries in the engine reference."""

from __future__ import annotations

from site_plugins.examples.site.chapters.reference_links import (
    entry_page,
    imported_names,
    name_links,
    reference_entries,
)

PAGES = {
    "reference/verses.md": ("# Verses\n\n::: rules_core.verses.Actor\n\n"
                            "::: rules_core.verses.PUNCH\n"),
    "reference/core.md": ("::: rules_core.procedure\n    options:\n      heading_level: 2\n\n"
                          "::: rules_core\n    options:\n      members: false\n"),
}


def test_a_block_documents_its_path_and_a_module_block_its_members() -> None:
    entries = reference_entries(PAGES)
    assert entry_page("rules_core.verses.Actor", entries) == "reference/verses.md"
    assert entry_page("rules_core.procedure.Procedure", entries) == "reference/core.md"


def test_a_module_block_without_members_documents_no_member() -> None:
    assert entry_page("rules_core.dice.ScriptedDice", reference_entries(PAGES)) is None


def test_the_names_code_imports_from_the_engine() -> None:
    names = imported_names(["from rules_core.verses import Actor, PUNCH as P\nimport json",
                            "from json import loads", "not python ("])
    assert names == {"Actor": "rules_core.verses.Actor", "P": "rules_core.verses.PUNCH"}


def test_each_name_links_to_its_page_and_anchor() -> None:
    links = name_links({"Actor": "rules_core.verses.Actor", "Nope": "rules_core.verses.Nope"},
                       reference_entries(PAGES), {"reference/verses.md": "../../reference/verses/"})
    assert links == {"Actor": "../../reference/verses/#rules_core.verses.Actor"}

"""What the site makes of the systems' declarations: each system's engine reference page
(every exported name, and every core module on a hand-written page), the table of systems,
and the tones' stylesheet rules."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import rules_core
from rules_core.marks import CORE_TONES, Tone
from rules_core.system import System, all_tones, systems
from site_plugins.examples.site.chapters.system_pages import (
    TABLE_MARKER,
    SystemPageError,
    present,
    reference_page,
    systems_table,
    with_systems_table,
)
from site_plugins.examples.site.tone_styles import tone_rules
from tests.conftest import ROOT

REFERENCE = ROOT / "docs" / "reference"
SYSTEMS = systems()
CHAPTERS = [s.chapter for s in SYSTEMS]


def blocks(markdown: str) -> set[str]:
    """Every path a page renders with a ``::: path`` block."""
    return set(re.findall(r"^::: ([\w.]+)\s*$", markdown, flags=re.MULTILINE))


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_a_system_s_page_shows_every_name_it_exports_and_every_module_it_lists(
        system: System) -> None:
    page = blocks(reference_page(system))
    exported = importlib.import_module(system.package).__all__
    assert {f"{system.package}.{name}" for name in exported} <= page
    assert {f"{system.package}.{module}" for _, module in system.reference} <= page


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_no_system_exports_more_than_sixty_names(system: System) -> None:
    assert len(importlib.import_module(system.package).__all__) <= 60


def test_every_core_module_is_on_a_hand_written_reference_page() -> None:
    shown = {path for page in REFERENCE.glob("*.md") for path in blocks(page.read_text("utf-8"))}
    packages = {s.package for s in SYSTEMS}
    core = {m.name for m in pkgutil.walk_packages(rules_core.__path__, "rules_core.")
            if not m.name.startswith(tuple(f"{p}." for p in packages)) and m.name not in packages}
    assert sorted(core - shown) == []


def test_a_class_an_exported_class_is_built_on_is_shown_from_its_module() -> None:
    chronicle = next(s for s in SYSTEMS if s.name == "chronicle")
    assert "rules_core.chronicle.combat_tests.CombatTests" in blocks(reference_page(chronicle))


def test_an_exported_name_no_listed_module_defines_is_refused() -> None:
    verses = next(s for s in SYSTEMS if s.name == "verses")
    short = System(verses.package, verses.title, verses.short_title, verses.source,
                   verses.dice, verses.chapter, verses.chapter_title, verses.reference[:1])
    with pytest.raises(SystemPageError, match="which no module of its SYSTEM's reference"):
        reference_page(short)


def test_the_table_lists_the_systems_whose_chapter_is_in_the_site_in_its_order() -> None:
    pages = ["index.md", "kruhl/index.md", "verses/action-chaining.md"]
    shown = present(SYSTEMS, pages)
    assert [s.name for s in shown] == ["kruhl", "verses"]
    table = systems_table(shown, "index.md")
    assert table.splitlines()[2].startswith("| Warlords of Kruhl 3e | [Actions](kruhl/index.md) |")
    assert "[Action Chaining](../verses/action-chaining.md)" in systems_table(shown, "a/b.md")
    page = f"# Home\n\n{TABLE_MARKER}\n\nMore."
    assert with_systems_table(page, shown, "index.md").count("\n| ") == 3


def test_the_home_page_asks_for_the_table() -> None:
    assert TABLE_MARKER in (ROOT / "docs" / "index.md").read_text("utf-8")


def test_every_system_s_tones_get_rules_and_the_core_s_too() -> None:
    css = tone_rules(all_tones(SYSTEMS))
    for tone in CORE_TONES:
        assert f".rx-die.rx-tone-{tone.name}" in css
    assert '.rx-verdict.rx-failure::before { content: "✗ "; }' in css


def test_two_systems_declaring_one_tone_name_differently_are_refused() -> None:
    base = SYSTEMS[0]
    one = System(base.package, "One", "One", "", "", "one/index.md", "One", base.reference,
                 tones=(Tone("partial", "#8a5a00"),))
    two = System(base.package, "Two", "Two", "", "", "two/index.md", "Two", base.reference,
                 tones=(Tone("partial", "#005a8a"),))
    with pytest.raises(ValueError, match="the tone 'partial' of Two differs"):
        all_tones((one, two))

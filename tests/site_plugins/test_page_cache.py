"""``mkdocs serve`` keeps each page's conversion between builds: converted once, put back
while nothing it is made from changes, converted again when something does, and never kept
when the conversion warned."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples.checking import page_checks as page_checks_module
from site_plugins.examples.serving import page_cache
from site_plugins.examples.serving.serve_state import SERVE

REFERENCE = "# Reference\n\n::: rules_core.words.count\n"
LINKING = "# Prose\n\nA [count][rules_core.words.count] of things.\n"
EXAMPLE = ('# Turns\n\nEach round, everyone acts once.\n\n'
           '```rules-example title="Rounds"\n'
           '>>> from rules_core.kruhl import TurnOrder\n'
           '>>> TurnOrder(["Ana", "Bo"]).play_round()\nRound 1: Ana, Bo\n```\n')


def site(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    (docs / "reference.md").write_text(REFERENCE, encoding="utf-8")
    (docs / "prose.md").write_text(LINKING, encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text("site_name: Sample\nplugins:\n  - rules-examples:\n      reroll: false\n"
                      "  - mkdocstrings\n", encoding="utf-8")
    return config


def serve_build(config_file: Path) -> dict[str, str]:
    config = load_config(str(config_file))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    site_dir = Path(config.site_dir)
    return {path.parent.name: path.read_text("utf-8")
            for path in site_dir.glob("*/index.html")}


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Each test starts with nothing kept (the cache lives as long as the process)."""
    SERVE.pages.clear()


def conversions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages kept in the cache from now on (each a conversion that was recorded)."""
    kept: list[str] = []
    real = page_cache.keep

    def spy(into: Any, key: str, page: Any, *args: Any) -> None:
        kept.append(page.file.src_uri)
        real(into, key, page, *args)

    monkeypatch.setattr(page_cache, "keep", spy)
    return kept


def test_a_reference_page_is_converted_once_and_put_back_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = site(tmp_path)
    converted = conversions(monkeypatch)
    first = serve_build(config)
    assert sorted(converted) == ["prose.md", "reference.md"]
    assert 'id="rules_core.words.count"' in first["reference"]
    (tmp_path / "docs" / "prose.md").write_text(LINKING + "\nEdited.\n", encoding="utf-8")
    converted.clear()
    again = serve_build(config)
    assert converted == ["prose.md"]  # the reference is not converted again
    assert again["reference"] == first["reference"]
    # The link from another page still finds the entry the kept page holds.
    assert 'href="../reference/#rules_core.words.count"' in again["prose"]


def test_a_page_of_examples_is_put_back_with_its_cards_drawn_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = site(tmp_path)
    (tmp_path / "docs" / "turns.md").write_text(EXAMPLE, encoding="utf-8")
    converted = conversions(monkeypatch)
    first = serve_build(config)
    assert "turns.md" in converted
    assert 'class="rx-card"' in first["turns"] and "Round 1" in first["turns"]
    assert "✓ verified" in first["turns"] and "does not verify" not in first["turns"]
    (tmp_path / "docs" / "prose.md").write_text(LINKING + "\nEdited.\n", encoding="utf-8")
    converted.clear()
    again = serve_build(config)
    assert converted == ["prose.md"]
    assert again["turns"] == first["turns"]
    # Its own edit converts it again.
    (tmp_path / "docs" / "turns.md").write_text(EXAMPLE + "\nA new line.\n", encoding="utf-8")
    converted.clear()
    edited = serve_build(config)
    assert converted == ["turns.md"]
    assert "A new line." in edited["turns"] and 'class="rx-card"' in edited["turns"]


def test_a_change_to_the_engine_converts_every_page_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = site(tmp_path)
    converted = conversions(monkeypatch)
    serve_build(config)
    monkeypatch.setattr(page_checks_module, "engine_hash", lambda: "the engine changed")
    serve_build(config)
    assert sorted(converted) == ["prose.md", "prose.md", "reference.md", "reference.md"]


def test_a_conversion_that_warned_is_done_again_and_warns_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """``strict`` stops every build on the broken link, not only the first."""
    config = site(tmp_path)
    (tmp_path / "docs" / "broken.md").write_text("# Broken\n\nSee [the rules](missing.md).\n",
                                                 encoding="utf-8")
    converted = conversions(monkeypatch)
    for _ in range(2):
        caplog.clear()
        with caplog.at_level(logging.INFO):
            serve_build(config)
        assert "'missing.md', but the target is not found" in caplog.text
    assert sorted(converted) == ["prose.md", "reference.md"]  # broken.md was never kept
    # The recordings stopped: no counting handler is left on MkDocs' logger.
    assert not [h for h in logging.getLogger("mkdocs").handlers
                if type(h).__name__ == "_Warnings"]


def test_a_build_never_uses_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(str(site(tmp_path)))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    assert SERVE.pages == {}


def test_a_kept_page_takes_its_title_from_front_matter_added_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = site(tmp_path)
    converted = conversions(monkeypatch)
    first = serve_build(config)
    assert "<title>Prose - Sample</title>" in first["prose"]
    (tmp_path / "docs" / "prose.md").write_text("---\ntitle: Prose, retitled\n---\n" + LINKING,
                                                encoding="utf-8")
    converted.clear()
    again = serve_build(config)
    assert converted == []  # the Markdown converted is the same: the page is kept
    assert "<title>Prose, retitled - Sample</title>" in again["prose"]


def test_links_to_anchors_of_kept_pages_are_checked_at_every_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """MkDocs checks links to anchors once every page is built, from what converting each
    page found: a kept page's links are checked against this build's pages."""
    config = site(tmp_path)
    docs = tmp_path / "docs"
    (docs / "later.md").write_text("# Later\n\n## Against the world\n\nRolls.\n", "utf-8")
    (docs / "linker.md").write_text("# Linker\n\nSee [it](later.md#against-the-world).\n",
                                    "utf-8")
    converted = conversions(monkeypatch)
    missing = ("Doc file 'linker.md' contains a link 'later.md#against-the-world', but the doc "
               "'later.md' does not contain an anchor '#against-the-world'")
    with caplog.at_level(logging.INFO):
        serve_build(config)
    assert missing not in caplog.text
    (docs / "later.md").write_text("# Later\n\n## Against everyone\n\nRolls.\n", "utf-8")
    for edit in ("", "\nEdited.\n"):
        (docs / "prose.md").write_text(LINKING + edit, encoding="utf-8")
        converted.clear()
        caplog.clear()
        with caplog.at_level(logging.INFO):
            serve_build(config)
        assert "linker.md" not in converted  # kept, and its link still checked
        assert missing in caplog.text

"""``mkdocs serve`` keeps Material's search entries of a page whose HTML did not change: the
next build parses only the page saved, and writes the same search index as a build that
parsed everything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from material.plugins.search import plugin as material_search
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples.serving import search_cache
from site_plugins.examples.serving.serve_state import SERVE

PAGES = {
    "index.md": "# Home\n\nWhere the rules start.\n",
    "combat.md": "# Combat\n\n## Attacks\n\nRoll to hit.\n\n## Damage\n\nSubtract armor.\n",
    "chases.md": "---\nsearch:\n  boost: 2\n---\n# Chases\n\nLaps and hazards.\n",
}


def site(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    for name, text in PAGES.items():
        (docs / name).write_text(text, encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text("site_name: Sample\ntheme:\n  name: material\nplugins:\n  - search\n"
                      "  - rules-examples:\n      reroll: false\n", encoding="utf-8")
    return config


def built_index(config_file: Path, command: str) -> list[dict[str, object]]:
    config = load_config(str(config_file))
    config.plugins.on_startup(command=command, dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    index = Path(config.site_dir) / "search" / "search_index.json"
    docs: list[dict[str, object]] = json.loads(index.read_text(encoding="utf-8"))["docs"]
    return sorted(docs, key=lambda entry: str(entry["location"]))


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages Material's search parses from now on (by the start of their HTML)."""
    seen: list[str] = []
    real = material_search.Parser.feed

    def feed(self: material_search.Parser, data: str) -> None:
        seen.append(data)
        real(self, data)

    monkeypatch.setattr(material_search.Parser, "feed", feed)
    SERVE.search_entries.clear()
    return seen


def test_a_second_serve_build_parses_only_the_page_saved_and_indexes_alike(
        tmp_path: Path, parsed: list[str]) -> None:
    config = site(tmp_path)
    first = built_index(config, "serve")
    assert len(parsed) == len(PAGES)

    combat = tmp_path / "docs" / "combat.md"
    combat.write_text(PAGES["combat.md"].replace("Subtract armor.", "Subtract armor twice."),
                      encoding="utf-8")
    parsed.clear()
    second = built_index(config, "serve")
    assert len(parsed) == 1 and "Subtract armor twice." in parsed[0]

    parsed.clear()
    SERVE.search_entries.clear()
    assert second == built_index(config, "build")  # what a build that parses everything writes
    assert len(parsed) == len(PAGES)
    assert [e for e in first if "Damage" in str(e["title"])] != \
        [e for e in second if "Damage" in str(e["title"])]
    assert any(entry.get("boost") == 2 for entry in second)


def test_a_build_never_uses_the_kept_entries(tmp_path: Path, parsed: list[str]) -> None:
    config = site(tmp_path)
    built_index(config, "serve")
    parsed.clear()
    built_index(config, "build")
    assert len(parsed) == len(PAGES)


def test_a_renamed_heading_changes_the_key(tmp_path: Path, parsed: list[str]) -> None:
    config = site(tmp_path)
    built_index(config, "serve")
    combat = tmp_path / "docs" / "combat.md"
    combat.write_text(PAGES["combat.md"].replace("## Damage", "## Harm"), encoding="utf-8")
    parsed.clear()
    entries = built_index(config, "serve")
    assert len(parsed) == 1
    assert any(entry["title"] == "Harm" for entry in entries)
    assert not any(entry["title"] == "Damage" for entry in entries)


def test_a_site_without_material_search_is_left_alone() -> None:
    assert search_cache.search_index_of({}) is None
    assert search_cache.search_index_of({"search": object()}) is None

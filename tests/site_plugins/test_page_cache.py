"""``mkdocs serve`` keeps the engine reference's pages between builds: converted once, put
back while nothing they are made from changes, converted again when something does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples import page_cache
from site_plugins.examples import page_checks as page_checks_module

REFERENCE = "# Reference\n\n::: rules_core.words.count\n"
LINKING = "# Prose\n\nA [count][rules_core.words.count] of things.\n"


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
    return {name: (site_dir / name / "index.html").read_text("utf-8")
            for name in ("reference", "prose")}


def conversions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages kept in the cache from now on (each a conversion that was recorded)."""
    kept: list[str] = []
    real = page_cache.keep

    def spy(key: str, page: Any, *args: Any) -> None:
        kept.append(page.file.src_uri)
        real(key, page, *args)

    monkeypatch.setattr(page_cache, "keep", spy)
    return kept


def test_a_reference_page_is_converted_once_and_put_back_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page_cache.KEPT.clear()
    config = site(tmp_path)
    converted = conversions(monkeypatch)
    first = serve_build(config)
    assert converted == ["reference.md"]
    assert 'id="rules_core.words.count"' in first["reference"]
    (tmp_path / "docs" / "prose.md").write_text(LINKING + "\nEdited.\n", encoding="utf-8")
    again = serve_build(config)
    assert converted == ["reference.md"]  # not converted again
    assert again["reference"] == first["reference"]
    # The link from another page still finds the entry the kept page holds.
    assert 'href="../reference/#rules_core.words.count"' in again["prose"]


def test_a_change_to_the_engine_converts_the_reference_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page_cache.KEPT.clear()
    config = site(tmp_path)
    converted = conversions(monkeypatch)
    serve_build(config)
    monkeypatch.setattr(page_checks_module, "engine_hash", lambda: "the engine changed")
    serve_build(config)
    assert converted == ["reference.md", "reference.md"]


def test_a_build_never_uses_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page_cache.KEPT.clear()
    config = load_config(str(site(tmp_path)))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    assert page_cache.KEPT == {}

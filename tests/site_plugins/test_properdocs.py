"""ProperDocs, the maintained continuation of MkDocs 1.x, builds a site with this plugin as
MkDocs 1.6.1 does: it finds the plugin (declared under both ``mkdocs.plugins`` and
``properdocs.plugins``), fails a strict build on a wrong example at its line, and draws the
same cards. Pinned in the test extras beside MkDocs (``properdocs==1.6.7``); the plugin still
imports MkDocs' base classes, so MkDocs stays installed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, make_site

pytest.importorskip("properdocs", reason="ProperDocs is in the test extras: run `make setup`")

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def build_with(tool: str, root: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``<tool> build --strict`` of a small site of ``pages`` under ``root``."""
    config = make_site(root, pages, theme="material")  # ProperDocs ships no "mkdocs" theme
    return subprocess.run([sys.executable, "-m", tool, "build", "--strict", "-f", str(config)],
                          capture_output=True, text=True, env=ENV, cwd=root, timeout=180)


def cards(site: Path) -> list[str]:
    """Every card of a built site, as drawn."""
    return [card for page in sorted(site.rglob("*.html"))
            for card in re.findall(r"<figure class=\"rx-(?:card|check)\".*?</figure>",
                                   page.read_text(encoding="utf-8"), re.DOTALL)]


def test_a_wrong_example_fails_a_properdocs_build_at_its_line(tmp_path: Path) -> None:
    done = build_with("properdocs", tmp_path, {
        "wrong_result.md": (SAMPLES / "wrong_result.md").read_text(encoding="utf-8")})
    assert done.returncode != 0
    assert "docs/wrong_result.md:10: example did not verify" in done.stderr


def test_properdocs_draws_the_cards_mkdocs_draws(tmp_path: Path) -> None:
    pages = {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")}
    built = {}
    for tool in ("mkdocs", "properdocs"):
        done = build_with(tool, tmp_path / tool, pages)
        assert done.returncode == 0, done.stderr
        built[tool] = cards(tmp_path / tool / "site")
    assert built["mkdocs"] and built["properdocs"] == built["mkdocs"]

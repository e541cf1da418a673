"""Shared fixtures: sample pages and a tiny MkDocs site built into a temporary folder."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = Path(__file__).resolve().parent / "samples"


@pytest.fixture
def sample_text() -> object:
    """Read a sample page by name."""

    def read(name: str) -> str:
        return (SAMPLES / name).read_text(encoding="utf-8")

    return read


def make_site(root: Path, pages: dict[str, str], *, theme: str = "mkdocs",
              plugin_options: str = "") -> Path:
    """Write a site with ``pages`` (path → Markdown) under ``root``; return mkdocs.yml."""
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    config = root / "mkdocs.yml"
    options = f"\n      {plugin_options}" if plugin_options else ""
    plugin = f"  - rules-examples:{options}" if options else "  - rules-examples"
    config.write_text(
        f"site_name: Sample\ntheme:\n  name: {theme}\nplugins:\n{plugin}\n"
        "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n",
        encoding="utf-8",
    )
    return config


def copy_sample(name: str, docs: Path) -> None:
    """Copy a sample page into a site's docs folder."""
    docs.mkdir(parents=True, exist_ok=True)
    shutil.copy(SAMPLES / name, docs / name)


if sys.platform == "emscripten":  # under Pyodide (tests/pyodide/run_pytest.mjs)
    # WebAssembly is slower and its timing noisier: no per-example deadline. No example
    # database either: nothing of a Pyodide run is kept (the runner's /tmp is in memory).
    from hypothesis import settings

    settings.register_profile("pyodide", deadline=None, database=None)
    settings.load_profile("pyodide")

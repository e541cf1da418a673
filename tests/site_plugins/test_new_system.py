"""``rules-reference new-system NAME``: a system's own project and chapter written into a site,
never over a file, and what the author is told to do next. (That what it writes installs,
builds strictly, verifies and rerolls is tests/browser/test_author_site_browser.py.)"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from site_plugins.authoring.cli import main
from site_plugins.authoring.new_system import NewSystemError, missing_config, write_system
from site_plugins.examples.browser_engine import runtime_fetch


def test_it_writes_a_project_declaring_the_system_and_a_chapter(tmp_path: Path) -> None:
    made = write_system(tmp_path, "iron_tide", "Iron Tide")
    project = tomllib.loads((tmp_path / "systems/iron_tide/pyproject.toml").read_text())
    assert project["project"]["entry-points"]["rules_reference.systems"] == {
        "iron_tide": "iron_tide:SYSTEM"}
    assert project["project"]["name"] == "iron-tide-rules"
    assert project["tool"]["setuptools"]["packages"] == ["iron_tide"]
    assert {path.relative_to(tmp_path).as_posix() for path in made.written} == {
        "systems/iron_tide/pyproject.toml", "systems/iron_tide/iron_tide/__init__.py",
        "systems/iron_tide/iron_tide/action.py", "systems/iron_tide/iron_tide/roll_form.py",
        "systems/iron_tide/tests/test_iron_tide.py", "docs/iron_tide/index.md",
        "docs/iron_tide/glossary.md", "mkdocs.yml", "docs/index.md"}
    assert made.new_site and made.install == "pip install -e systems/iron_tide"


def test_every_placeholder_is_filled_and_the_python_parses(tmp_path: Path) -> None:
    made = write_system(tmp_path, "iron_tide", "Iron Tide")
    for path in made.written:
        text = path.read_text("utf-8")
        assert "${" not in text, path
        if path.suffix == ".py":
            ast.parse(text, str(path))
    chapter = (tmp_path / "docs/iron_tide/index.md").read_text("utf-8")
    assert "from iron_tide import Action" in chapter and "# Action rolls" in chapter


def test_in_a_site_with_mkdocs_yml_it_writes_none_and_says_what_it_lacks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: Mine\nplugins:\n  - search\n")
    assert main(["new-system", "ember", "--root", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert (tmp_path / "mkdocs.yml").read_text() == "site_name: Mine\nplugins:\n  - search\n"
    assert not (tmp_path / "docs/index.md").exists()
    assert ("Add the chapter to the nav of mkdocs.yml:\n  - Ember:\n      - ember/index.md\n"
            "      - Glossary: ember/glossary.md") in said
    assert ("mkdocs.yml also needs, in its lists of the same names:\n  plugins:\n"
            "    - rules-examples   # the cards, the glossary, the roller") in said
    assert "  pip install -e systems/ember\n" in said


def test_a_site_with_the_plugin_is_told_nothing_more(tmp_path: Path) -> None:
    assert missing_config("plugins:\n  - search\n  - rules-examples:\n      reroll: true\n") == ()


def test_nothing_is_written_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs/ember").mkdir(parents=True)
    (tmp_path / "docs/ember/index.md").write_text("# Mine\n")
    assert main(["new-system", "ember", "--root", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        "rules-reference: these files are already there, and new-system writes over nothing: "
        "docs/ember/index.md\n")
    assert (tmp_path / "docs/ember/index.md").read_text() == "# Mine\n"
    assert not (tmp_path / "systems").exists()


@pytest.mark.parametrize(("name", "why"), [
    ("Ember", "cannot name a system: use lower-case letters"),
    ("iron-tide", "cannot name a system"),
    ("9lives", "cannot name a system"),
    ("class", "is a name Python already uses"),
    ("json", "is a name Python already uses"),
    ("icepool", "a module named 'icepool' is already installed"),
    ("rules_core", "a module named 'rules_core' is already installed"),
])
def test_a_name_that_cannot_be_a_new_package_is_refused(tmp_path: Path, name: str,
                                                         why: str) -> None:
    with pytest.raises(NewSystemError, match=why):
        write_system(tmp_path, name)
    assert not any(tmp_path.iterdir())


def test_a_title_that_would_break_the_files_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NewSystemError, match="holds a quote"):
        write_system(tmp_path, "ember", 'Ember "the sequel"')


def test_runtime_without_npm_says_what_to_install(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime_fetch, "find_npm", lambda: None)
    assert main(["runtime", "--cache", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        "rules-reference: npm is not installed: install Node.js with npm (Debian: `apt install "
        "npm`), or run `npm install --no-save brotli-dec-wasm@2.3.2 pyodide@314.0.7` beside "
        "mkdocs.yml\n")


def test_runtime_says_where_an_installed_runtime_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = runtime_fetch.runtime_folder(tmp_path)
    folder.mkdir(parents=True)
    (folder / "installed").write_text("{}")
    assert main(["runtime", "--cache", str(tmp_path)]) == 0
    assert capsys.readouterr().out == (
        f"The Pyodide runtime is already installed: {folder / 'node_modules' / 'pyodide'}\n")

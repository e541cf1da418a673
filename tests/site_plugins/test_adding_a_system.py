"""Adding a game system touches only its package, its chapter, its tests and one line of the
navigation: the authoring guide's worked example (Ember: a highest-die roll with a partial
success, a critical on two sixes and a zero-dice rule) is written, file by file, from the
guide itself into a copy of the project, and its tests and a build of the site pass.

The copy holds the engine, the plugin, and of the docs the home page, the hand-written engine
reference and one other chapter ('Verses Core, which the reference's index links to); the
site is built without the browser engine, which the other build tests cover.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "authoring.md"
SECTION = "### A worked example: Ember"
#: A fenced block of the guide that holds a file: its path in the title.
FILE_BLOCK = re.compile(
    r'^(?P<fence>~~~~|```)\w+ title="(?P<path>[^"]+)"\n(?P<body>.*?)^(?P=fence)$',
    re.MULTILINE | re.DOTALL)


def guide_files() -> dict[str, str]:
    """The files of the guide's worked example, by path (``mkdocs.yml``: its nav line)."""
    text = GUIDE.read_text("utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ")]
    return {m["path"]: m["body"] for m in FILE_BLOCK.finditer(section)}


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          env=env, check=False, timeout=600)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the guide's system added, and nothing else changed."""
    root = tmp_path_factory.mktemp("sixth")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("rules_core", "site_plugins"):
        shutil.copytree(ROOT / package, root / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", root)
    (root / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "index.md", root / "docs")
    for folder in ("reference", "stylesheets", "verses"):
        shutil.copytree(ROOT / "docs" / folder, root / "docs" / folder)
    files = guide_files()
    nav_line = files.pop("mkdocs.yml").rstrip("\n")
    for path, body in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(body, encoding="utf-8")
    reference = "\n".join(line for line in _nav_of_reference())
    (root / "mkdocs.yml").write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\nwatch: []\n"
        "plugins:\n  - search\n  - rules-examples:\n      reroll: false\n"
        f"  - mkdocstrings:\n      handlers:\n        python:\n          paths: [{root}]\n"
        "validation:\n  links:\n    not_found: info\n"
        f"nav:\n  - Home: index.md\n  - \"'Verses Core\": verses/action-chaining.md\n"
        f"{nav_line}\n  - Engine reference:\n{reference}\n",
        encoding="utf-8")
    return root


def _nav_of_reference() -> list[str]:
    """The project's "Engine reference" lines of the navigation (the hand-written pages)."""
    lines = (ROOT / "mkdocs.yml").read_text("utf-8").splitlines()
    start = lines.index("  - Engine reference:") + 1
    return [line for line in lines[start:] if line.startswith("      - ")]


def test_the_guide_gives_the_package_the_chapter_the_tests_and_one_nav_line() -> None:
    files = guide_files()
    assert set(files) == {"rules_core/ember/marks.py", "rules_core/ember/action.py",
                          "rules_core/ember/__init__.py", "docs/ember/index.md",
                          "tests/rules_core/ember/test_ember.py", "mkdocs.yml"}
    assert files["mkdocs.yml"].strip() == "- Ember: ember/index.md"


def test_the_new_system_s_tests_and_examples_pass(project: Path) -> None:
    done = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/rules_core/ember",
                "docs/ember"], project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\b(\d+) passed", done.stdout), done.stdout


def test_the_site_builds_with_the_new_system_and_shows_it_everywhere(project: Path) -> None:
    done = run(["-m", "mkdocs", "build", "--strict", "-d", "site"], project)
    assert done.returncode == 0, done.stderr
    site = project / "site"
    chapter = (site / "ember" / "index.html").read_text("utf-8")
    assert chapter.count('data-rx-state="verified"') == 3
    assert 'class="rx-verdict rx-partial"' in chapter
    assert 'data-marks="read critical-six"' in chapter
    css = (site / "assets" / "rules-examples" / "examples.css").read_text("utf-8")
    assert '.rx-verdict.rx-partial::before { content: "◐ "; }' in css
    reference = (site / "reference" / "ember" / "index.html").read_text("utf-8")
    assert 'id="rules_core.ember.Action"' in reference
    home = (site / "index.html").read_text("utf-8")
    assert '<td>Ember (a sample system)</td>' in home
    assert 'href="reference/ember/"' in home  # its line under "Engine reference"

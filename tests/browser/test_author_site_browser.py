"""A rules author's own site, made as they would make it: this project's wheel installed (not
editable) in an environment of its own, the README's commands for one's own site run in an
empty folder, a strict build, the site's examples and the system's tests through pytest, then
the authoring guide's Ember written over what ``rules-reference new-system ember`` wrote, built
and tested again, and a card rerolled in Chromium.

The site has no ``node_modules``: the build installs the pinned Pyodide runtime with npm into
the user's cache (once for every site on the machine), or finds it there.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, serve
from tests.conftest import ROOT

README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "authoring.md"
#: A fenced block of the guide that holds a file: its path in the title.
FILE_BLOCK = re.compile(
    r'^(?P<fence>~~~~|```)\w+ title="(?P<path>[^"]+)"\n(?P<body>.*?)^(?P=fence)$',
    re.MULTILINE | re.DOTALL)
#: Longest one step (an install, a build with its steps under Node) may take, in seconds.
STEP_LIMIT = 600


def readme_commands() -> list[str]:
    """The commands of the README's "Add it to your own site", comments left out."""
    text = README.read_text("utf-8")
    section = text[text.index("## Add it to your own site"):]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the README's section has no commands"
    return [line.split("#", 1)[0].strip() for line in block[1].splitlines() if line.strip()]


def guide_files() -> dict[str, str]:
    """The files of the guide's worked example (Ember), by path in the site."""
    text = GUIDE.read_text("utf-8")
    section = text[text.index("### A worked example: Ember"):]
    section = section[:section.index("\n## ")]
    return {m["path"]: m["body"] for m in FILE_BLOCK.finditer(section)}


@dataclass(frozen=True)
class AuthorSite:
    """The author's site folder and environment, and what each step printed."""

    root: Path
    env: dict[str, str]
    scaffold_output: str

    def run(self, command: str) -> subprocess.CompletedProcess[str]:
        """``command`` (a shell-like line) in the site's folder, in the author's environment."""
        return subprocess.run(shlex.split(command), cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=STEP_LIMIT, check=False)

    def must(self, command: str) -> str:
        done = self.run(command)
        assert done.returncode == 0, f"{command}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done.stdout + done.stderr


@pytest.fixture(scope="module")
def author(tmp_path_factory: pytest.TempPathFactory) -> AuthorSite:
    """An empty folder where the README's four commands were run, the first with this
    project's wheel in place of the name it will have on PyPI."""
    work = tmp_path_factory.mktemp("author")
    dist = work / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(dist), str(ROOT)], check=True, timeout=STEP_LIMIT, capture_output=True)
    [wheel] = dist.glob("rules_reference-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(work / "env")], check=True,
                   timeout=STEP_LIMIT)
    binaries = work / "env" / "bin"
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env.update(PATH=f"{binaries}{os.pathsep}{env.get('PATH', '')}", NO_MKDOCS_2_WARNING="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1",
               # the versions this project is tested with, as its own environment has them
               PIP_CONSTRAINT=str(ROOT / "requirements" / "constraints.txt"))
    site = work / "site"
    site.mkdir()
    made = AuthorSite(site, env, "")
    commands = readme_commands()
    assert len(commands) <= 4 and commands[0] == "pip install rules-reference", commands
    made.must(f"pip install --quiet {wheel}")
    scaffolded = made.must(commands[1])
    for command in commands[2:]:
        made.must(command)
    return AuthorSite(site, env, scaffolded)


def test_the_wheel_is_installed_not_the_checkout(author: AuthorSite) -> None:
    found = author.must("python -c 'import site_plugins, rules_core; "
                        "print(site_plugins.__file__, rules_core.__file__)'")
    assert str(ROOT) not in found and "site-packages" in found


def test_new_system_says_what_it_wrote_and_what_comes_next(author: AuthorSite) -> None:
    assert "Wrote the game system ember (Ember):" in author.scaffold_output
    assert "pip install -e systems/ember" in author.scaffold_output
    assert "mkdocs.yml is new, with the plugin and the chapter in its nav." in \
        author.scaffold_output
    assert (author.root / "systems/ember/pyproject.toml").is_file()


def test_the_scaffolded_site_builds_strictly_with_its_system_alone(author: AuthorSite) -> None:
    site = author.root / "site"
    chapter = (site / "ember" / "index.html").read_text("utf-8")
    assert chapter.count('data-rx-state="verified"') == 3
    assert 'class="rx-verdict rx-ember-partial"' in chapter
    assert (site / "ember" / "roll-your-own" / "index.html").is_file()
    assert (site / "ember" / "glossary" / "index.html").is_file()
    manifest = json.loads((site / "assets/rules-examples/pyodide/manifest.json").read_text())
    assert set(manifest["needs"]) == {"ember", "rules_core.odds"}  # no system of ours
    assert [w for w in manifest["wheels"] if w.startswith("rules_core_")] == []


def test_pytest_runs_the_site_s_examples_and_the_system_s_tests(author: AuthorSite) -> None:
    output = author.must("pytest -q -p no:cacheprovider docs systems/ember/tests")
    assert re.search(r"\b1[0-9] passed\b", output), output  # 4 statements, 9 tests


@pytest.fixture(scope="module")
def ember(author: AuthorSite) -> AuthorSite:
    """The author's site with the guide's Ember written over what new-system wrote, built
    strictly again."""
    for path, body in guide_files().items():
        (author.root / path).write_text(body, encoding="utf-8")
    author.must("mkdocs build --strict")
    return author


def test_the_guide_s_ember_builds_and_its_tests_pass(ember: AuthorSite) -> None:
    chapter = (ember.root / "site" / "ember" / "index.html").read_text("utf-8")
    assert chapter.count('data-rx-state="verified"') == 3
    assert 'data-marks="read critical-six"' in chapter
    css = (ember.root / "site/assets/rules-examples/examples.css").read_text("utf-8")
    assert '.rx-verdict.rx-ember-partial::before { content: "◐ "; }' in css
    home = (ember.root / "site" / "index.html").read_text("utf-8")
    assert "<td>Ember (a sample system)</td>" in home
    output = ember.must("pytest -q -p no:cacheprovider docs systems/ember/tests")
    assert " passed" in output and "failed" not in output


@pytest.fixture(scope="module")
def ember_url(ember: AuthorSite) -> Iterator[str]:
    yield from serve(ember.root / "site")


def test_a_card_of_the_author_s_system_rerolls_in_the_browser(
        page: Page, guard: Guard, ember_url: str) -> None:
    page.goto(f"{ember_url}/ember/")
    card = page.locator("figure[data-rx-rerollable='true']").first
    reroll = card.locator(".rx-reroll")
    expect(reroll).to_be_visible()
    documented = card.locator(".rx-body").inner_html()
    for _ in range(5):  # fresh dice may repeat the documented three; a few tries differ
        reroll.click()
        expect(card).to_have_attribute("data-rx-shown", "rerolled", timeout=ENGINE_TIMEOUT_MS)
        expect(reroll).not_to_have_attribute("aria-busy", "true", timeout=ENGINE_TIMEOUT_MS)
        if card.locator(".rx-body").inner_html() != documented:
            break
    assert card.locator(".rx-body").inner_html() != documented
    assert card.locator(".rx-verdict").count() == 1
    assert any("/rules_system_ember-" in url for url in guard.requests)
    assert not any("/rules_core_" in url for url in guard.requests)

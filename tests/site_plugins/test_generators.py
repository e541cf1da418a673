"""The site's three generators, each in its own environment (README, "Generators"): MkDocs
1.6.1 (this environment), ProperDocs 1.6.7 (``.venv-properdocs``) and Zensical 0.0.73
(``.venv-zensical``: the examples as a Markdown extension, the assets and the engine written
by a step after its build). One configuration serves all three. Each fails a strict build on
a wrong example at its line, with the expected and the actual output; each draws the cards of
one chapter (Warlords of Kruhl, copied from ``docs/``) as MkDocs does, and finds the anchor of
a card another page links to.

The cards are compared as drawn, except where a generator legitimately differs (see
:func:`comparable`). The builds of each test run at once (2 cores: about 25 s in all).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import SAMPLES

ROOT = Path(__file__).parents[2]
CHAPTER = "kruhl"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
#: Each generator's command, and the environment it runs in.
GENERATORS = {
    "mkdocs": [sys.executable, "-m", "mkdocs"],
    "properdocs": [str(ROOT / ".venv-properdocs" / "bin" / "properdocs")],
    "zensical": [str(ROOT / ".venv-zensical" / "bin" / "zensical")],
}
ZENSICAL_PYTHON = ROOT / ".venv-zensical" / "bin" / "python"
#: The configuration of README's "Generators", for all three.
CONFIG = """\
site_name: Sample chapter
theme:
  name: material
  font: false
plugins:
  - rules-examples
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - def_list
  - md_in_html
  - tables
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
  - site_plugins.examples.site.examples_markdown
extra_css:
  - assets/rules-examples/examples.css
extra_javascript:
  - path: assets/rules-examples/rules-examples.js
    defer: true
validation:
  links:
    anchors: warn
"""
#: A page linking to a card of the chapter: each strict build finds the card's anchor.
LINKS = "# Links\n\nSee [untrained and skilled](kruhl/rolling-dice.md#untrained-and-skilled).\n"


def missing(tool: str) -> str | None:
    """Why ``tool`` cannot run here, or ``None``."""
    program = Path(GENERATORS[tool][0])
    if tool != "mkdocs" and not program.is_file():
        return f"{tool}'s environment is missing: run `make generators`"
    return None


def site_of(root: Path, pages: dict[str, str]) -> Path:
    """A site under ``root`` with ``pages`` (path → Markdown) and :data:`CONFIG`."""
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    return root


def build_all(sites: dict[str, Path]) -> dict[str, subprocess.CompletedProcess[str]]:
    """``<generator> build --strict`` of each site by its generator, all at once."""
    running = {tool: subprocess.Popen([*GENERATORS[tool], "build", "--strict"], cwd=site,
                                      env=ENV, text=True, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE)
               for tool, site in sites.items() if missing(tool) is None}
    done = {}
    for tool, process in running.items():
        out, err = process.communicate(timeout=300)
        done[tool] = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    return done


def comparable(card: str) -> str:
    """A card as drawn, without what legitimately differs between the generators:

    * ``data-search-exclude``, which Zensical removes from the HTML once its search index
      has left the marked text out (as Material's search leaves it out under MkDocs);
    * the links from the code to the engine reference (``rx-ref`` anchors, the card
      data's ``links``): they go to the systems' reference pages the MkDocs plugin
      generates, which a Zensical build does not have.
    """
    card = card.replace(" data-search-exclude", "")
    card = re.sub(r'<a class="rx-ref" href="[^"]*">(.*?)</a>', r"\1", card)
    return re.sub(r", &quot;links&quot;: \{[^{}]*\}", "", card)


def cards(site: Path) -> dict[str, list[str]]:
    """Every card of a built site, by page, as drawn."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        drawn = re.findall(r"<figure class=\"rx-(?:card|check)\".*?</figure>",
                           page.read_text(encoding="utf-8"), re.DOTALL)
        if drawn:
            found[page.relative_to(site).as_posix()] = drawn
    return found


@pytest.fixture(scope="module")
def wrong_builds(tmp_path_factory: pytest.TempPathFactory
                 ) -> dict[str, subprocess.CompletedProcess[str]]:
    page = {"wrong_result.md": (SAMPLES / "wrong_result.md").read_text(encoding="utf-8")}
    return build_all({tool: site_of(tmp_path_factory.mktemp(f"wrong-{tool}"), page)
                      for tool in GENERATORS})


@pytest.fixture(scope="module")
def chapter_builds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The chapter built by each generator: its site folder."""
    sites = {}
    for tool in GENERATORS:
        root = tmp_path_factory.mktemp(f"chapter-{tool}")
        shutil.copytree(ROOT / "docs" / CHAPTER, root / "docs" / CHAPTER)
        sites[tool] = site_of(root, {"links.md": LINKS})
    done = build_all(sites)
    for tool, result in done.items():
        assert result.returncode == 0, f"{tool}:\n{result.stdout}\n{result.stderr}"
    yield {tool: sites[tool] / "site" for tool in done}


@pytest.mark.parametrize("tool", list(GENERATORS))
def test_a_wrong_example_fails_a_strict_build_at_its_line(
        tool: str, wrong_builds: dict[str, subprocess.CompletedProcess[str]]) -> None:
    if missing(tool):
        pytest.skip(missing(tool))
    done = wrong_builds[tool]
    said = done.stdout + done.stderr
    assert done.returncode != 0
    assert "docs/wrong_result.md:10: example did not verify" in said
    assert "  expected:\n    4\n  got:\n    3\n" in said


@pytest.mark.parametrize("tool", ["properdocs", "zensical"])
def test_the_chapters_cards_are_drawn_as_mkdocs_draws_them(
        tool: str, chapter_builds: dict[str, Path]) -> None:
    if missing(tool):
        pytest.skip(missing(tool))
    mkdocs = {page: [comparable(c) for c in drawn]
              for page, drawn in cards(chapter_builds["mkdocs"]).items()}
    other = {page: [comparable(c) for c in drawn]
             for page, drawn in cards(chapter_builds[tool]).items()}
    assert sum(len(drawn) for drawn in mkdocs.values()) > 40  # the chapter's every card
    assert other == mkdocs


def test_the_ship_step_writes_after_a_zensical_build_what_the_plugin_writes(
        chapter_builds: dict[str, Path]) -> None:
    if missing("zensical"):
        pytest.skip(missing("zensical"))
    pyodide = ROOT / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.asm.wasm").is_file():
        pytest.skip("Pyodide's npm package is missing: run `make setup`")
    site = chapter_builds["zensical"]
    done = subprocess.run([str(ZENSICAL_PYTHON), "-m", "site_plugins.examples.shipping",
                           str(site), "--docs", str(site.parent / "docs"), "--pyodide",
                           str(pyodide), "--no-node", "--content-security-policy",
                           "--csp-source", "connect-src=https://search.example.org"],
                          capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    assets = site / "assets" / "rules-examples"
    assert (assets / "pyodide" / "manifest.json").is_file()
    assert (site / "rules-examples-sw.js").is_file()
    policy = (assets / "content-security-policy.txt").read_text(encoding="utf-8")
    assert "connect-src 'self' https://search.example.org;" in policy
    assert f"Content-Security-Policy for hosts: {policy.strip()}" in done.stdout
    shipped_by_plugin = chapter_builds["mkdocs"] / "assets" / "rules-examples" / "examples.css"
    assert (assets / "examples.css").read_text(encoding="utf-8") == \
        shipped_by_plugin.read_text(encoding="utf-8")
    assert sorted(script.name for script in assets.glob("*.js")) == [
        "engine-worker.js", "rules-examples.js"]
    html = (site / CHAPTER / "index.html").read_text(encoding="utf-8")
    assert '<script src="../assets/rules-examples/rules-examples.js" defer>' in html


def test_the_ship_step_writes_no_policy_unless_asked_and_refuses_an_unknown_directive(
        chapter_builds: dict[str, Path], tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(chapter_builds["mkdocs"], site)
    for policy_file in (site / "assets" / "rules-examples").glob("content-security-policy*"):
        policy_file.unlink()
    done = subprocess.run([sys.executable, "-m", "site_plugins.examples.shipping", str(site),
                           "--docs", str(chapter_builds["mkdocs"].parent / "docs"),
                           "--no-reroll"], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not list((site / "assets" / "rules-examples").glob("content-security-policy*"))
    assert "Content-Security-Policy" not in done.stdout
    refused = subprocess.run([sys.executable, "-m", "site_plugins.examples.shipping", str(site),
                              "--no-reroll", "--content-security-policy",
                              "--csp-source", "scirpt-src=https://cdn.example"],
                             capture_output=True, text=True, env=ENV, timeout=120)
    assert refused.returncode == 1
    assert refused.stderr.startswith("ship: --csp-source: unknown directive 'scirpt-src': ")


def test_the_ship_step_says_why_without_a_built_site(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "site_plugins.examples.shipping",
                           str(tmp_path / "site")], capture_output=True, text=True, env=ENV,
                          timeout=60)
    assert done.returncode == 1
    assert done.stderr == f"ship: {tmp_path / 'site'} holds no built page: build the site first\n"


def test_under_properdocs_a_failure_drawn_on_its_card_is_not_counted_by_strict() -> None:
    """``properdocs serve --strict`` draws a failing example red and keeps serving, as
    ``mkdocs serve --strict`` does: ProperDocs counts on its own logger and handler."""
    if missing("properdocs"):
        pytest.skip(missing("properdocs"))
    code = """if True:
        import logging
        from properdocs.__main__ import State
        from properdocs.utils import CountHandler
        from site_plugins.examples.serving import drawn_failures
        State()  # ProperDocs' logging: "mkdocs" made a child of "properdocs"
        counter = CountHandler()
        counter.setLevel(logging.WARNING)
        logging.getLogger("properdocs").addHandler(counter)
        assert drawn_failures.leave_out_of_strict() == 1
        log = logging.getLogger("mkdocs.plugins.rules-examples")
        log.error("docs/a.md:3: example did not verify", extra=drawn_failures.MARK)
        log.error("docs/a.md:9: a broken link")
        print(counter.get_counts())
    """
    python = Path(GENERATORS["properdocs"][0]).parent / "python"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, env=ENV,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[('ERROR', 1)]\n"

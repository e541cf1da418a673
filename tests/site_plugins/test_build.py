"""MkDocs builds: a wrong example stops the build and names its file and line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.conftest import ROOT, SAMPLES, make_site

MKDOCS = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def cli_build(tmp_path: Path, page: str) -> subprocess.CompletedProcess[str]:
    config = make_site(tmp_path, {page: (SAMPLES / page).read_text(encoding="utf-8")})
    return subprocess.run([*MKDOCS, "-f", str(config)], capture_output=True, text=True,
                          env=ENV, cwd=tmp_path, timeout=120)


def cli_build_pages(tmp_path: Path, pages: dict[str, str],
                    plugin_options: str = "") -> subprocess.CompletedProcess[str]:
    config = make_site(tmp_path, pages, plugin_options=plugin_options)
    return subprocess.run([*MKDOCS, "-f", str(config)], capture_output=True, text=True,
                          env=ENV, cwd=tmp_path, timeout=120)


def built_html(tmp_path: Path, pages: dict[str, str], command: str = "build",
               plugin_options: str = "") -> str:
    config = load_config(str(make_site(tmp_path, pages, plugin_options=plugin_options)))
    config.plugins.on_startup(command=command, dirty=False)
    build(config)
    return "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "site").rglob("*.html"))


def test_a_wrong_result_fails_the_build_at_its_line(tmp_path: Path) -> None:
    done = cli_build(tmp_path, "wrong_result.md")
    assert done.returncode == 1
    assert ("docs/wrong_result.md:10: example did not verify\n"
            "    >>> punch.damage\n  expected:\n    4\n  got:\n    3") in done.stderr


def test_a_wrong_number_of_faces_fails_the_build_at_its_line(tmp_path: Path) -> None:
    done = cli_build(tmp_path, "wrong_faces.md")
    assert done.returncode == 1
    assert "docs/wrong_faces.md:7: example did not verify" in done.stderr
    assert "the pool is 6d6 but 5 faces are listed (6 6 5 4 2): add 1 face" in done.stderr


def test_a_malformed_block_fails_the_build_at_its_line(tmp_path: Path) -> None:
    done = cli_build(tmp_path, "malformed.md")
    assert done.returncode == 1
    assert ("docs/malformed.md:4: malformed example: expected a '>>> ' statement, found "
            "'Tam rolls six dice.'") in done.stderr


def test_the_build_names_each_failure_in_its_summary(tmp_path: Path) -> None:
    done = cli_build(tmp_path, "wrong_result.md")
    assert ("1 example did not verify:\n  docs/wrong_result.md:10: example did not verify"
            in done.stderr)


@pytest.mark.parametrize(("statement", "words"), [
    ("import os; os._exit(0)", "the example ended the process checking this page"),
    ("import sys; sys.exit(0)", "the example's code raised SystemExit"),
    ("raise KeyboardInterrupt", "the example's code raised KeyboardInterrupt"),
    ("sum(range(10**12))", "the example ran for more than 1 s and did not stop"),
])
def test_an_example_that_ends_or_hangs_its_process_fails_the_build_at_its_line(
        tmp_path: Path, statement: str, words: str) -> None:
    page = f"# Hostile\n\n```rules-example\n>>> {statement}\n```\n"
    done = cli_build_pages(tmp_path, {"hostile.md": page}, "time_limit: 1.0")
    assert done.returncode == 1
    assert f"docs/hostile.md:4: {words}" in done.stderr
    assert "1 example did not verify" in done.stderr


def test_the_summary_counts_examples_not_checked_apart(tmp_path: Path) -> None:
    page = ("```rules-example\n>>> import os; os._exit(1)\n```\n\n"
            "```rules-example\n>>> 1\n1\n```\n")
    done = cli_build_pages(tmp_path, {"exits.md": page}, "time_limit: 2")
    assert "1 example did not verify (1 more not checked):" in done.stderr
    assert "docs/exits.md:5: not checked: the check of this page stopped at line 2" in (
        done.stderr)


def test_a_misspelt_fence_fails_the_build(tmp_path: Path) -> None:
    done = cli_build_pages(tmp_path, {"typo.md": "# T\n\n```rules-exampel\n>>> 1\n1\n```\n"})
    assert done.returncode == 1
    assert "docs/typo.md:3: malformed example: unknown example kind 'rules-exampel'" in (
        done.stderr)


def test_a_page_cannot_make_a_later_page_pass(tmp_path: Path) -> None:
    """The setter's change of a limit would make the claim below true in one interpreter."""
    setter = ("```rules-example\n>>> import rules_core.limits\n"
              ">>> rules_core.limits.MAX_DICE_PER_ROLL = 1\n```\n")
    claim = ("```rules-example\n>>> from rules_core.dice import ScriptedDice\n"
             ">>> ScriptedDice('1 2').roll(2, 6)\n"
             "DiceLimitError: a pool of 2d6 is over the limit of 1 dice per roll\n```\n")
    done = cli_build_pages(tmp_path, {"a-setter.md": setter, "b-claim.md": claim},
                           "jobs: 1")
    assert done.returncode == 1
    assert "docs/b-claim.md:3: example did not verify" in done.stderr


def test_a_good_page_builds(tmp_path: Path) -> None:
    assert cli_build(tmp_path, "good.md").returncode == 0


def test_front_matter_does_not_shift_line_numbers(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                                  ) -> None:
    page = (SAMPLES / "front_matter.md").read_text(encoding="utf-8")
    with pytest.raises(Exception, match="BuildError"):
        built_html(tmp_path, {"front_matter.md": page})
    assert "docs/front_matter.md:9: example did not verify" in caplog.text


def test_a_check_inside_an_admonition_is_verified(tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    page = (SAMPLES / "admonition.md").read_text(encoding="utf-8")
    with pytest.raises(Exception, match="BuildError"):
        built_html(tmp_path, {"admonition.md": page})
    assert "docs/admonition.md:7: example did not verify" in caplog.text


def test_cards_replace_the_fences(tmp_path: Path) -> None:
    html = built_html(tmp_path, {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")})
    assert html.count('<figure class="rx-card"') == 2 and "</span>punch.damage" in html
    assert "language-rules-example" not in html


def test_a_title_s_accented_letters_survive_in_its_card_id(tmp_path: Path) -> None:
    page = '```rules-example title="Émoji, Ærø and Straße"\n>>> 1\n1\n```\n'
    html = built_html(tmp_path, {"accents.md": page})
    assert 'id="emoji-aero-and-strasse"' in html


def test_a_card_inside_an_admonition_stays_inside_it(tmp_path: Path) -> None:
    page = (SAMPLES / "admonition.md").read_text(encoding="utf-8").replace("5\n", "4\n")
    html = built_html(tmp_path, {"admonition.md": page})
    assert re.search(r'<div class="admonition note">.*<figure class="rx-check"', html, re.S)


def test_serve_keeps_going_and_draws_the_failure(tmp_path: Path) -> None:
    page = (SAMPLES / "wrong_result.md").read_text(encoding="utf-8")
    html = built_html(tmp_path, {"wrong_result.md": page}, command="serve")
    assert 'data-rx-state="failed"' in html and "docs/wrong_result.md:10" in html


def test_a_disabled_plugin_leaves_code_blocks(tmp_path: Path) -> None:
    page = (SAMPLES / "wrong_result.md").read_text(encoding="utf-8")
    html = built_html(tmp_path, {"wrong_result.md": page}, plugin_options="enabled: false")
    assert "rx-card" not in html and "punch.damage" in html


def test_the_stylesheet_is_shipped_and_linked(tmp_path: Path) -> None:
    html = built_html(tmp_path, {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")})
    assert (tmp_path / "site/assets/rules-examples/examples.css").is_file()
    assert "assets/rules-examples/examples.css" in html


@pytest.fixture(scope="module")
def project_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's own site, built once with the command line."""
    site = tmp_path_factory.mktemp("project") / "site"
    done = subprocess.run([*MKDOCS, "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                          capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return site


def test_tam_s_first_punch_shows_its_exact_odds_without_javascript(project_site: Path) -> None:
    html = (project_site / "verses" / "action-chaining" / "index.html").read_text("utf-8")
    card = html[html.index('id="tams-first-punch"'):]
    card = card[:card.index("</figure>")]
    assert ('<ul class="rx-odds" aria-label="Odds"><li>Tam: 3 or more successes on 6d6: '
            "32.0% (233/729); on average 2 successes</li></ul>") in card


def test_every_card_that_rolls_shows_odds(project_site: Path) -> None:
    missing = []
    for page in project_site.rglob("*.html"):
        for card in re.findall(r'<figure class="rx-card".*?</figure>', page.read_text("utf-8"),
                               re.DOTALL):
            if 'data-rx-rerollable="true"' in card and 'class="rx-odds"' not in card:
                missing.append(f"{page.relative_to(project_site)}: {card[:120]}")
    assert not missing, missing


def test_the_project_site_ships_no_file_a_stock_host_types_wrongly(project_site: Path) -> None:
    from site_plugins.examples.hosting import wrongly_typed

    assert wrongly_typed(project_site) == [] and not list(project_site.rglob("*.mjs"))


def test_every_module_a_shipped_script_loads_is_shipped_beside_it(project_site: Path) -> None:
    """The engine's worker and the modules it imports, each a .js in the plugin's folder."""
    assets = project_site / "assets" / "rules-examples"
    loaded = {}
    for script in assets.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        names = re.findall(r'^import\s[^;]*?from\s*"\./([^"]+)";', text, re.MULTILINE)
        names += re.findall(r'new URL\("([^"/]+\.m?js)", import\.meta\.url\)', text)
        loaded |= {name: script.name for name in names}
    assert {"engine-client.js", "engine-worker.js", "engine-progress.js",
            "engine-fetch.js"} <= set(loaded)
    assert [f"{by} loads {name}" for name, by in loaded.items()
            if not name.endswith(".js") or not (assets / name).is_file()] == []


def test_the_project_site_builds_with_no_other_origin(project_site: Path) -> None:
    site = project_site
    urls = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        urls |= set(re.findall(r'(?:src|href)="((?:https?:)?//[^"]*)"', text))
    assert {u for u in urls if not u.startswith("http://127.0.0.1")} == set()

"""MkDocs builds: a wrong example stops the build and names its file and line."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from rules_core.system import systems
from site_plugins.examples.browser_engine import runtime as runtime_module
from site_plugins.examples.checking import checker as checker_module
from site_plugins.examples.checking import page_checks as page_checks_module
from site_plugins.examples.checking.checker import Checker
from site_plugins.examples.serving.serve_state import SERVE
from site_plugins.examples.site import plugin as plugin_module
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
    claim = ("```rules-example\n>>> import rules_core\n"
             ">>> rolled('1 2').roll(2, 6)\n"
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


def test_strict_serve_draws_the_failure_and_still_stops_on_other_warnings(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """``make serve`` is strict: a failing example is logged and drawn red, not an aborted
    build that leaves the old page served; a broken link still aborts."""
    pages = {"wrong_result.md": sample("wrong_result.md")}
    config = load_config(str(make_site(tmp_path, pages)), strict=True)
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        with caplog.at_level(logging.INFO):
            build(config)
        html = (tmp_path / "site" / "wrong_result" / "index.html").read_text("utf-8")
        assert 'data-rx-state="failed"' in html and "docs/wrong_result.md:10" in html
        assert "docs/wrong_result.md:10: example did not verify" in caplog.text
        assert any(r.levelno == logging.ERROR and "did not verify" in r.getMessage()
                   for r in caplog.records)
        (tmp_path / "docs" / "link.md").write_text("# Link\n\n[Gone](gone.md)\n", "utf-8")
        config = load_config(str(tmp_path / "mkdocs.yml"), strict=True)
        config.plugins.on_startup(command="serve", dirty=False)
        with pytest.raises(Abort, match="Aborted with 1 warnings in strict mode"):
            build(config)
    finally:
        config.plugins.on_shutdown()
    # mkdocs build still stops on the failing example.
    (tmp_path / "docs" / "link.md").unlink()
    config = load_config(str(tmp_path / "mkdocs.yml"), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    caplog.clear()
    with pytest.raises(Abort, match="Aborted with a BuildError"):
        build(config)
    assert "1 example did not verify:\n  docs/wrong_result.md:10" in caplog.text


def test_a_disabled_plugin_leaves_code_blocks(tmp_path: Path) -> None:
    page = (SAMPLES / "wrong_result.md").read_text(encoding="utf-8")
    html = built_html(tmp_path, {"wrong_result.md": page}, plugin_options="enabled: false")
    assert "rx-card" not in html and "punch.damage" in html


def test_the_stylesheet_is_shipped_and_linked(tmp_path: Path) -> None:
    html = built_html(tmp_path, {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")})
    assert (tmp_path / "site/assets/rules-examples/examples.css").is_file()
    assert "assets/rules-examples/examples.css" in html


def test_tam_s_first_punch_shows_its_exact_odds_without_javascript(project_site: Path) -> None:
    html = (project_site / "verses" / "action-chaining" / "index.html").read_text("utf-8")
    card = html[html.index('id="tams-first-punch"'):]
    card = card[:card.index("</figure>")]
    assert ('<ul class="rx-odds" aria-label="Odds"><li>Tam&#x27;s chance of 3 or more successes '
            "on 6d6, enough for 3 damage: 32.0% (233/729); on average 2 successes</li></ul>"
            ) in card


#: Cards that roll but ask no question odds answer: initiative (who acts first), a lone
#: Kruhl roll with no Difficulty or opponent, and a combined effort before its check. (A card
#: whose contract keeps every face as documented rolls nothing of its own: it has no Reroll.)
ROLLS_WITHOUT_ODDS = {
    "hubris/the-turn#a-blocker-keeps-their-initiative",
    "hubris/dice-and-initiative#the-night-watchman-joins",
    "hubris/dice-and-initiative#a-new-conflict-new-initiative",
    "storypath/initiative-and-turns#everyone-rolls-initiative",
    "kruhl/rolling-dice#untrained-and-skilled",
    "kruhl/rolling-dice#an-experts-reroll",
    "kruhl/rolling-dice#rerolls-in-waves-a-bonus-die-included",
    "kruhl/rolling-dice#combining-effort",
    "kruhl/order-of-play#rolling-initiative-with-an-ambush",
}


def test_every_card_that_rolls_shows_odds_unless_it_asks_nothing(project_site: Path) -> None:
    without = set()
    for page in project_site.rglob("*.html"):
        for card in re.findall(r'<figure class="rx-card".*?</figure>', page.read_text("utf-8"),
                               re.DOTALL):
            if 'data-rx-rerollable="true"' in card and 'class="rx-odds"' not in card:
                card_id = re.search(r' id="([^"]+)"', card)
                folder = page.parent.relative_to(project_site).as_posix()
                without.add(f"{folder}#{card_id[1] if card_id else card[:80]}")
    assert without == ROLLS_WITHOUT_ODDS


def test_the_project_site_ships_no_file_a_stock_host_types_wrongly(project_site: Path) -> None:
    from site_plugins.examples.browser_engine.hosting import wrongly_typed

    assert wrongly_typed(project_site) == [] and not list(project_site.rglob("*.mjs"))


def test_the_plugin_ships_two_scripts_each_one_file_that_imports_no_other(
        project_site: Path) -> None:
    """The page's script (its modules joined) and the engine's worker (joined too), which the
    page's script starts from beside itself: no other script of ours, none importing one."""
    assets = project_site / "assets" / "rules-examples"
    assert sorted(script.name for script in assets.glob("*.js")) == [
        "engine-worker.js", "rules-examples.js"]
    for script in assets.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert not re.findall(r'^\s*(?:import|export)\b(?!\()', text, re.MULTILINE), script.name
    page_script = (assets / "rules-examples.js").read_text(encoding="utf-8")
    assert 'new URL("engine-worker.js", scriptURL)' in page_script


def test_every_page_links_one_script_and_one_stylesheet_of_ours(project_site: Path) -> None:
    for page in project_site.rglob("*.html"):
        ours = re.findall(r'(?:src|href)="[^"]*assets/rules-examples/([^"]+)"',
                          page.read_text(encoding="utf-8"))
        assert sorted(ours) == ["examples.css", "rules-examples.js"], page
    stylesheet = (project_site / "assets/rules-examples/examples.css").read_text("utf-8")
    assert "Reroll is not available here" in stylesheet  # for a script that never started


def test_the_project_site_builds_with_no_other_origin(project_site: Path) -> None:
    site = project_site
    urls = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        urls |= set(re.findall(r'(?:src|href)="((?:https?:)?//[^"]*)"', text))
    assert {u for u in urls if not u.startswith("http://127.0.0.1")} == set()


def test_the_project_build_has_reroll(project_site: Path) -> None:
    """With node_modules/pyodide (CI, ``make test``): the engine ships and every page with
    a card that rolls loads the script that draws the Reroll buttons."""
    assert (project_site / "assets/rules-examples/pyodide/manifest.json").is_file()
    assert (project_site / "rules-examples-sw.js").is_file()
    assert (project_site / "assets/rules-examples/rules-examples.js").is_file()
    pages = [page for page in project_site.rglob("*.html")
             if 'data-rx-rerollable="true"' in page.read_text("utf-8")]
    assert pages
    for page in pages:
        tags = re.findall(r"<script[^>]*assets/rules-examples/[^>]*>", page.read_text("utf-8"))
        assert len(tags) == 1 and "rules-examples.js" in tags[0] and " defer" in tags[0], page
        assert "type=" not in tags[0], page  # a classic script, deferred


def test_the_project_site_ships_its_five_systems_found_through_their_entry_points(
        project_site: Path) -> None:
    manifest = json.loads((project_site / "assets/rules-examples/pyodide/manifest.json")
                          .read_text("utf-8"))
    found = systems()  # rules_core.system reads the entry point group rules_reference.systems
    assert len(found) == 5
    assert set(manifest["needs"]) == {"rules_core.odds", *(system.package for system in found)}
    assert all(manifest["needs"][system.package].startswith(f"rules_core_{system.name}-")
               for system in found)


LOUD = [sys.executable, "-m", "mkdocs", "build", "--strict"]  # no --quiet: warnings count
NO_PYODIDE = "pyodide_dir: missing/pyodide"
REROLL_OFF = ("rules-examples: Reroll is off for this build: there is no pyodide@314.0.7 at "
              "missing/pyodide: run `npm install --no-save brotli-dec-wasm@2.3.2 "
              "pyodide@314.0.7` beside mkdocs.yml; or set `reroll: false` to build without "
              "the Reroll button and without this warning")


def loud_build(tmp_path: Path, pages: dict[str, str], plugin_options: str, *,
               strict: bool = True) -> tuple[int, str]:
    config = make_site(tmp_path, pages, theme="material", plugin_options=plugin_options)
    command = LOUD if strict else LOUD[:-1]
    done = subprocess.run([*command, "-f", str(config)], capture_output=True, text=True,
                          env=ENV, cwd=tmp_path, timeout=120)
    return done.returncode, done.stdout + done.stderr


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def test_without_pyodide_a_strict_build_stops_naming_the_command_that_fixes_it(
        tmp_path: Path) -> None:
    """Never a silent "Reroll off": where Pyodide cannot be had, a warning says what to run,
    and ``strict`` stops on it."""
    status, output = loud_build(tmp_path, {"good.md": sample("good.md")}, NO_PYODIDE)
    assert status == 1
    assert f"WARNING -  {REROLL_OFF}" in output
    assert "Aborted with 1 warnings in strict mode!" in output


def test_without_pyodide_the_site_builds_checked_and_without_reroll(tmp_path: Path) -> None:
    """A clone without node_modules, built without ``strict``: every example is checked and
    drawn, no Reroll anywhere, and one warning says why and what to run."""
    pages = {"index.md": "# Home\n\n```rules-example\n>>> 2 * 3\n6\n```\n",
             "good.md": sample("good.md")}
    status, output = loud_build(tmp_path, pages, NO_PYODIDE, strict=False)
    assert status == 0, output
    assert [line for line in output.splitlines() if "Reroll" in line] == [
        f"WARNING -  {REROLL_OFF}"]
    site = tmp_path / "site"
    html = "".join(page.read_text("utf-8") for page in site.rglob("*.html"))
    assert html.count('data-rx-state="verified"') == 3
    assert "rules-examples.js" not in html
    assert not (site / "assets/rules-examples/pyodide").exists()
    assert not (site / "rules-examples-sw.js").exists()
    assert not list((site / "assets/rules-examples").glob("*.js"))
    # No card says Reroll is missing: the site has none to offer.
    stylesheet = (site / "assets/rules-examples/examples.css").read_text("utf-8")
    assert "Reroll is not available here" not in stylesheet


def test_without_pyodide_a_wrong_claim_still_fails_the_build(tmp_path: Path) -> None:
    status, output = loud_build(tmp_path, {"wrong_result.md": sample("wrong_result.md")},
                                NO_PYODIDE)
    assert status == 1
    assert "docs/wrong_result.md:10: example did not verify" in output
    assert "1 example did not verify" in output


def test_reroll_true_without_pyodide_is_an_error(tmp_path: Path) -> None:
    """The author asked for Reroll: a build without it would be silently less."""
    status, output = loud_build(tmp_path, {"good.md": sample("good.md")},
                                f"{NO_PYODIDE}\n      reroll: true")
    assert status == 1
    assert "the option `reroll: true` needs Pyodide, but there is no pyodide@314.0.7 at " \
           "missing/pyodide: run `npm install --no-save brotli-dec-wasm@2.3.2 " \
           "pyodide@314.0.7` beside mkdocs.yml" in output
    assert not (tmp_path / "site" / "good").exists()


def test_an_unknown_reroll_value_is_a_configuration_error(tmp_path: Path) -> None:
    status, output = loud_build(tmp_path, {"good.md": sample("good.md")}, "reroll: sometimes")
    assert status == 1
    assert "option 'reroll': expected true, false or auto, not 'sometimes'" in output


def test_without_node_reroll_ships_without_a_snapshot_and_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(plugin_module, "find_node", lambda: None)
    pyodide = ROOT / "node_modules" / "pyodide"
    caplog.set_level(logging.INFO)
    html = built_html(tmp_path, {"good.md": sample("good.md")},
                      plugin_options=f"pyodide_dir: {pyodide}")
    notes = [r.getMessage() for r in caplog.records if "rules-examples" in r.name
             and ("Reroll" in r.getMessage() or "Node" in r.getMessage())]
    assert len(notes) == 1 and "Reroll is on, without a start-up snapshot" in notes[0], notes
    assert "rules-examples.js" in html
    engine = tmp_path / "site/assets/rules-examples/pyodide"
    manifest = json.loads((engine / "manifest.json").read_text("utf-8"))
    assert manifest["snapshot"] is None
    stdlib = engine / str(manifest["dir"]) / "python_stdlib.zip"
    assert stdlib.stat().st_size == (pyodide / "python_stdlib.zip").stat().st_size


def test_serve_ships_the_engine_without_steps_under_node(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A save while serving needs no trace, compile or snapshot under Node (20–50 s)."""
    def no_node_step(*args: object, **kwargs: object) -> object:
        raise AssertionError("mkdocs serve ran a step under Node")

    monkeypatch.setattr(runtime_module, "snapshot", no_node_step)
    monkeypatch.setattr(runtime_module, "trace_stdlib", no_node_step)
    monkeypatch.setattr(runtime_module, "compiled_stdlib", no_node_step)
    monkeypatch.setattr(runtime_module, "_compiled_wheels", no_node_step)
    pyodide = ROOT / "node_modules" / "pyodide"
    config_file = make_site(tmp_path, {"good.md": sample("good.md")},
                            plugin_options=f"pyodide_dir: {pyodide}")
    caplog.set_level(logging.INFO)
    config = build_site(config_file, command="serve")
    try:
        (tmp_path / "docs" / "good.md").write_text(sample("good.md") + "\nEdited.\n", "utf-8")
        build(load_config(str(config_file)))  # serve's next build (MkDocs keeps the plugin)
    finally:
        config.plugins.on_shutdown()
    notes = [r.getMessage() for r in caplog.records if "whole standard library" in r.getMessage()]
    assert len(notes) == 1 and "mkdocs serve: Reroll runs on" in notes[0]
    engine = tmp_path / "site/assets/rules-examples/pyodide"
    manifest = json.loads((engine / "manifest.json").read_text("utf-8"))
    assert manifest["snapshot"] is None
    stdlib = engine / str(manifest["dir"]) / "python_stdlib.zip"
    assert stdlib.stat().st_size == (pyodide / "python_stdlib.zip").stat().st_size
    assert "rules-examples.js" in (tmp_path / "site" / "good" / "index.html").read_text("utf-8")


def count_submissions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the pages sent to a checker from now on."""
    submitted: list[str] = []
    real = Checker.submit

    def spy(self: Checker, path: str, *args: Any, **kwargs: Any) -> object:
        submitted.append(path)
        return real(self, path, *args, **kwargs)

    monkeypatch.setattr(Checker, "submit", spy)
    return submitted


def count_worker_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    started: list[int] = []
    real = checker_module._Worker.start

    def start(cls: type, logs: Path) -> object:
        started.append(1)
        return real(logs)

    monkeypatch.setattr(checker_module._Worker, "start", classmethod(start))
    return started


THREE_PAGES = {f"p{n}.md": f"# Page {n}\n\n```rules-example\n>>> {n} + 1\n{n + 1}\n```\n"
               for n in range(3)}


def build_site(config_file: Path, command: str = "build") -> Any:
    config = load_config(str(config_file))
    config.plugins.on_startup(command=command, dirty=False)
    build(config)
    return config


def test_a_second_build_checks_only_the_page_that_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    SERVE.results.clear()
    submitted = count_submissions(monkeypatch)
    config_file = make_site(tmp_path, THREE_PAGES, plugin_options="reroll: false")
    build_site(config_file)
    assert sorted(submitted) == ["docs/p0.md", "docs/p1.md", "docs/p2.md"]

    submitted.clear()
    edited = THREE_PAGES["p1.md"].replace("# Page 1", "# Page 1, edited")
    (tmp_path / "docs" / "p1.md").write_text(edited, encoding="utf-8")
    build_site(config_file)
    assert submitted == ["docs/p1.md"]
    html = (tmp_path / "site" / "p1" / "index.html").read_text("utf-8")
    assert "Page 1, edited" in html and 'data-rx-state="verified"' in html
    for n in (0, 2):  # drawn from the results kept
        page = (tmp_path / "site" / f"p{n}" / "index.html").read_text("utf-8")
        assert 'data-rx-state="verified"' in page

    submitted.clear()
    monkeypatch.setattr(page_checks_module, "engine_hash", lambda: "the engine changed")
    build_site(config_file)
    assert sorted(submitted) == ["docs/p0.md", "docs/p1.md", "docs/p2.md"]


def test_serve_keeps_its_workers_and_checks_a_failing_page_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two builds of ``mkdocs serve`` with the engine unchanged no worker starts; a
    page that failed is checked again (its failure may have been the moment's)."""
    SERVE.results.clear()
    pages = {**THREE_PAGES, "wrong.md": sample("wrong_result.md")}
    config_file = make_site(tmp_path, pages, plugin_options="reroll: false\n      jobs: 1")
    submitted = count_submissions(monkeypatch)
    started = count_worker_starts(monkeypatch)
    config = build_site(config_file, command="serve")
    try:
        assert len(submitted) == 4 and started == [1]
        submitted.clear()
        build_site(config_file, command="serve")
        assert submitted == ["docs/wrong.md"] and started == [1]
        html = (tmp_path / "site" / "wrong" / "index.html").read_text("utf-8")
        assert 'data-rx-state="failed"' in html
    finally:
        config.plugins.on_shutdown()


def test_serve_starts_new_workers_when_the_ones_it_kept_are_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    SERVE.results.clear()
    config_file = make_site(tmp_path, THREE_PAGES, plugin_options="reroll: false\n      jobs: 1")
    config = build_site(config_file, command="serve")
    try:
        plugin = config.plugins["rules-examples"]
        assert plugin.checks.checker is not None
        for worker in plugin.checks.checker._workers:  # what the OOM killer, or a user, may do
            worker.process.kill()
            worker.process.wait()
        edited = THREE_PAGES["p2.md"].replace("2 + 1\n3", "2 + 2\n4")
        (tmp_path / "docs" / "p2.md").write_text(edited, encoding="utf-8")
        started = count_worker_starts(monkeypatch)
        build_site(config_file, command="serve")
        html = (tmp_path / "site" / "p2" / "index.html").read_text("utf-8")
        assert 'data-rx-state="verified"' in html and "2 + 2" in html and started == [1]
    finally:
        config.plugins.on_shutdown()


def test_the_search_index_leaves_the_cards_code_out(project_site: Path) -> None:
    index = json.loads((project_site / "search/search_index.json").read_text(encoding="utf-8"))
    texts = " ".join(doc["text"] for doc in index["docs"]
                     if doc["location"].startswith("verses/action-chaining/"))
    assert "3 successes (6 6 5) against a target of 1" in texts  # the reader view is indexed
    assert "scene.act(tam, PUNCH" not in texts and "&gt;&gt;&gt;" not in texts


def test_every_link_from_a_cards_code_reaches_its_reference_entry(project_site: Path) -> None:
    checked = 0
    for page in project_site.rglob("*.html"):
        for href in re.findall(r'<a class="rx-ref" href="([^"]+)"', page.read_text("utf-8")):
            target, _, anchor = href.partition("#")
            html = (page.parent / target / "index.html").resolve().read_text("utf-8")
            assert f'id="{anchor}"' in html, f"{page}: {href} has no entry"
            checked += 1
    assert checked > 50


def test_no_card_takes_the_id_of_a_heading(project_site: Path) -> None:
    for page in project_site.rglob("*.html"):
        ids = re.findall(r'\bid="([^"]+)"', page.read_text("utf-8"))
        assert len(ids) == len(set(ids)), f"{page}: repeated ids"


def test_every_chapter_gets_a_roller_page_last_in_its_section(project_site: Path) -> None:
    home = (project_site / "index.html").read_text("utf-8")
    nav = home.split('md-nav--primary', 1)[1].split('class="md-content"', 1)[0]
    for chapter in (system.name for system in systems()):
        page = project_site / chapter / "roll-your-own/index.html"
        assert '<form class="rx-roller"' in page.read_text("utf-8"), chapter
        links = re.findall(rf'href="({chapter}/[^"]*)"', nav)
        assert links[-1] == f"{chapter}/roll-your-own/", chapter

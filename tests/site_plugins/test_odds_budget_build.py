"""A build whose cards roll past the budget of exact odds (``rules_core.odds.BUDGET``): it
finishes quickly, each such card says there are no exact odds for its roll because it is too
large, the log says where as information (never a warning: a strict build passes), and a
card within the budget keeps its odds. The pages are the malformed pages of
``tests/malformed/cases_odds.py``."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import ROOT, make_site
from tests.malformed.cases_odds import CASES
from tests.site_plugins.test_build import ENV

PAGES = {case.name: case for case in CASES if case.passes}
TOO_LARGE = ("odds-20d1000-total", "odds-5d1000-total", "odds-keep-d1000",
             "odds-highest-d1000")
#: Seconds the whole build may take (it took minutes when it worked out 20d1000's odds).
CEILING = 60


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    """The odds pages built strictly, with an empty odds cache: the site, the log, seconds."""
    root = tmp_path_factory.mktemp("odds-budget")
    config = make_site(root, {f"{name}.md": case.text for name, case in PAGES.items()
                              if isinstance(case.text, str)},
                       plugin_options=f"reroll: false\n      cache_dir: {root / 'cache'}")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                           str(config)], capture_output=True, text=True, env=ENV, cwd=root,
                          timeout=CEILING)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stderr
    return root / "site", done.stderr, seconds


def odds_lines(site: Path, name: str) -> list[str]:
    html = (site / name / "index.html").read_text("utf-8")
    found = re.findall(r'<ul class="rx-odds" aria-label="Odds">(.*?)</ul>', html)
    return [unescape(item) for odds in found for item in re.findall(r"<li>(.*?)</li>", odds)]


def test_the_build_of_rolls_past_the_budget_finishes_within_its_ceiling(
        built: tuple[Path, str, float]) -> None:
    assert built[2] < CEILING


@pytest.mark.parametrize("name", TOO_LARGE)
def test_a_card_past_the_budget_says_no_exact_odds_too_large(
        built: tuple[Path, str, float], name: str) -> None:
    [line] = odds_lines(built[0], name)
    assert line.endswith(": no exact odds for this roll (too large).")


def test_the_issue_s_card_says_so_in_the_rules_words(built: tuple[Path, str, float]) -> None:
    assert odds_lines(built[0], "odds-20d1000-total") == [
        "Ana's chance of a total of 9365 or more on 20d1000, this result or better: no exact "
        "odds for this roll (too large)."]


def test_a_card_within_the_budget_keeps_its_odds(built: tuple[Path, str, float]) -> None:
    assert odds_lines(built[0], "odds-2d1000-total") == [
        "Ana's chance of a total of 940 or more on 2d1000, this result or better: 56.0%; on "
        "average 1001"]


def test_a_chain_that_never_settles_has_no_odds_but_is_not_too_large(
        built: tuple[Path, str, float]) -> None:
    assert odds_lines(built[0], "odds-explode-worthless-face") == [
        "Cy's chance of 2 or more successes on 5d10, 1s rolled again, this result or better: "
        "no exact odds for this roll."]


@pytest.mark.parametrize("name", TOO_LARGE)
def test_the_log_names_each_card_past_the_budget_as_information(
        built: tuple[Path, str, float], name: str) -> None:
    said = [line for line in built[1].splitlines() if f"docs/{name}.md:" in line]
    assert len(said) == 1 and said[0].startswith("INFO")
    assert f"docs/{name}.md:3: the example shows no exact odds: working them out is past " \
           "the budget of exact odds (2,000,000 steps, rules_core.odds.BUDGET): “" in said[0]


def test_the_log_says_nothing_of_a_card_within_the_budget(
        built: tuple[Path, str, float]) -> None:
    assert "docs/odds-2d1000-total.md" not in built[1]


def test_no_card_of_this_site_is_past_the_budget(project_site: Path) -> None:
    """Every question this site's cards ask is well within the budget (the costliest, a
    contest of 10-again pools, takes 72,156 steps of 2,000,000): none says "too large"."""
    too_large = [line for page in project_site.rglob("*.html")
                 for odds in re.findall(r'<ul class="rx-odds" aria-label="Odds">(.*?)</ul>',
                                        page.read_text("utf-8"))
                 for line in re.findall(r"<li>(.*?)</li>", odds) if "(too large)" in line]
    assert too_large == []


def test_a_fresh_process_with_another_hash_seed_gives_the_same_words() -> None:
    from rules_core.odds_text import describe
    from tests.rules_core.test_odds_budget import JUST_OVER, JUST_UNDER

    code = ("from rules_core.odds_text import describe\n"
            "from tests.rules_core.test_odds_budget import JUST_OVER, JUST_UNDER\n"
            "print(describe(JUST_UNDER)); print(describe(JUST_OVER))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**ENV, "PYTHONHASHSEED": "12345"}, cwd=ROOT,
                          timeout=60)
    assert done.stdout.splitlines() == [describe(JUST_UNDER), describe(JUST_OVER)]

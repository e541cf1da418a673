"""Run the malformed pages through both checkers and sort each verdict.

``mkdocs build --strict`` builds one site of every page; pytest collects the same folder with
the rules-examples plugin. Each checker's word on each page is then one of:

* **clear**: every failure owed is reported at its line with the words that say what to do
  (or, for a good page, nothing is reported);
* **misleading**: a failure is reported, but not where or not what it should be;
* **silent**: nothing is reported on a page that owes a failure (and claims nothing false);
* **false green**: nothing is reported on a page that claims something false;
* **hang**: the checker did not finish within its ceiling;
* **traceback**: the checker crashed (a Python traceback instead of a verdict).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.malformed.cases import Case
from tests.malformed.every_case import CASES

ROOT = Path(__file__).resolve().parents[2]
#: Seconds one example may run in the suite (the hanging pages cost this each).
TIME_LIMIT = 2
#: Seconds a whole checker run may take before it counts as a hang.
CEILING = 300
VERDICTS = ("clear", "misleading", "silent", "false green", "hang", "traceback")


@dataclass(frozen=True)
class Report:
    """What one checker said about one page: the text of each failure, by its line."""

    failures: dict[int, list[str]]
    crashed: bool = False
    hung: bool = False


def write_site(root: Path, cases: Iterable[Case] = CASES) -> Path:
    """The malformed pages as a site under ``root``; its ``mkdocs.yml``."""
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "index.md").write_text("# Malformed pages\n", encoding="utf-8")
    for case in cases:
        (docs / f"{case.name}.md").write_bytes(case.data)
    config = root / "mkdocs.yml"
    config.write_text(
        "site_name: Malformed\ntheme:\n  name: mkdocs\nplugins:\n  - rules-examples:\n"
        f"      time_limit: {TIME_LIMIT}\n      reroll: false\n"
        "markdown_extensions:\n  - admonition\n  - attr_list\n  - pymdownx.superfences\n",
        encoding="utf-8")
    (root / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return config


def _env() -> dict[str, str]:
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return {**os.environ, "PYTHONPATH": path, "NO_MKDOCS_2_WARNING": "1"}


def run_build(root: Path) -> tuple[str, bool]:
    """``mkdocs build --strict`` of the site: its output, and whether it hung."""
    try:
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                               str(root / "mkdocs.yml")], capture_output=True, text=True,
                              cwd=root, env=_env(), timeout=CEILING)
    except subprocess.TimeoutExpired as timeout:
        return str(timeout.stdout or "") + str(timeout.stderr or ""), True
    return done.stdout + done.stderr, False


def run_pytest(root: Path) -> tuple[Path, str, bool]:
    """pytest over the site's pages: its JUnit report, its output, and whether it hung."""
    report = root / "report.xml"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest",
             "-p", "no:cacheprovider", "-o", f"rules_examples_time_limit={TIME_LIMIT}",
             "-q", f"--junitxml={report}", "docs"],
            capture_output=True, text=True, cwd=root, env=_env(), timeout=CEILING)
    except subprocess.TimeoutExpired as timeout:
        return report, str(timeout.stdout or "") + str(timeout.stderr or ""), True
    return report, done.stdout + done.stderr, False


_LOCATION = re.compile(r"docs/(?P<page>[\w-]+)\.md:(?P<line>\d+)")
_LOG_START = re.compile(r"^(ERROR|WARNING|INFO|DEBUG)\b|^\S")


def build_reports(output: str, hung: bool, cases: Iterable[Case] = CASES) -> dict[str, Report]:
    """Each page's failures as the build logged them (a log entry and its indented lines)."""
    entries: list[str] = []
    for line in output.split("\n"):
        if _LOG_START.match(line) or not entries:
            entries.append(line)
        else:
            entries[-1] += "\n" + line
    crashed = any(entry.startswith("Traceback") for entry in entries)
    found: dict[str, dict[int, list[str]]] = {}
    for entry in entries:
        match = _LOCATION.search(entry.split("\n", 1)[0])
        if match and entry.startswith(("ERROR", "WARNING")):
            found.setdefault(match["page"], {}).setdefault(int(match["line"]), []).append(entry)
    return {case.name: Report(found.get(case.name, {}), crashed, hung) for case in cases}


def pytest_reports(report: Path, output: str, hung: bool,
                   cases: Iterable[Case] = CASES) -> dict[str, Report]:
    """Each page's failures as pytest reported them (its JUnit XML)."""
    found: dict[str, dict[int, list[str]]] = {}
    crashed = "INTERNALERROR" in output
    if report.exists():
        for testcase in ElementTree.parse(report).getroot().iter("testcase"):
            for outcome in ("failure", "error"):
                element = testcase.find(outcome)
                if element is None:
                    continue
                text = (element.get("message") or "") + "\n" + (element.text or "")
                match = _LOCATION.match(text.lstrip()) or _LOCATION.search(
                    testcase.get("name", ""))
                if outcome == "error" and not match:
                    crashed = True  # an error of pytest's own, not a page's failure
                if match:
                    found.setdefault(match["page"], {}).setdefault(
                        int(match["line"]), []).append(text)
    else:
        crashed = True
    return {case.name: Report(found.get(case.name, {}), crashed, hung) for case in cases}


def verdict(case: Case, report: Report) -> str:
    """How one checker took one page (see the module's docstring)."""
    if report.hung:
        return "hang"
    if report.crashed and not report.failures:
        return "traceback"
    if case.passes:
        return "clear" if not report.failures else "misleading"
    if not report.failures:
        return "false green" if case.wrong else "silent"
    for expected in case.expect:
        texts = report.failures.get(case.line_of(expected.at), [])
        if not any(all(w in t for w in expected.words) and not any(a in t for a in expected.absent)
                   for t in texts):
            return "misleading"
    return "clear"


def run_all(root: Path, cases: tuple[Case, ...] = CASES
            ) -> dict[str, dict[str, tuple[str, Report]]]:
    """Both checkers over ``cases`` in one site: ``{checker: {case: (verdict, report)}}``."""
    write_site(root, cases)
    with ThreadPoolExecutor(2) as pool:  # side by side: each checker runs pages in parallel
        building, testing = pool.submit(run_build, root), pool.submit(run_pytest, root)
        (build_output, build_hung), (report, pytest_output, pytest_hung) = (
            building.result(), testing.result())
    results = {"mkdocs build --strict": build_reports(build_output, build_hung, cases),
               "pytest": pytest_reports(report, pytest_output, pytest_hung, cases)}
    return {checker: {case.name: (verdict(case, reports[case.name]), reports[case.name])
                      for case in cases} for checker, reports in results.items()}


def run_apart(root: Path, cases: tuple[Case, ...] = CASES
              ) -> dict[str, dict[str, tuple[str, Report]]]:
    """As :func:`run_all`, each case in a site of its own (so that one page that takes its
    checker down does not decide the others' verdicts)."""
    merged: dict[str, dict[str, tuple[str, Report]]] = {}
    for case in cases:
        for checker, verdicts in run_all(root / case.name, (case,)).items():
            merged.setdefault(checker, {}).update(verdicts)
    return merged

"""Parity: the engine tests and the docs' examples pass in Pyodide as they do here.

Readers run the engine in Pyodide (Python 3.14 in WebAssembly); the build and this suite run
CPython. The selection below runs again inside Pyodide under Node
(tests/pyodide/run_pytest.mjs), and must pass there with at least as many tests as CPython
collects for it, so a difference between the two Pythons fails here, and so does an empty
or cut-short run. The Pyodide run also checks that the Reroll button's Python answers
byte-for-byte as CPython does with the same seeds (tests/pyodide/test_reroll_end_to_end.py).

Needs Node, the npm package pyodide and the Pyodide wheels of pytest and Hypothesis: all
three come with ``make setup``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.pyodide.test_reroll_end_to_end import DIGESTS, digests

RUNNER = ROOT / "tests" / "pyodide" / "run_pytest.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"
WHEELS = ROOT / ".cache" / "pyodide-wheels"
#: Each Pyodide run, in seconds (together they take about 35 on two cores).
TIMEOUT = 300
#: The runner's own exit codes (run_pytest.mjs) for a missing Pyodide or missing wheels.
NOT_SET_UP = {11: "Pyodide is not installed", 12: "the Pyodide wheels are missing"}

#: What runs in Pyodide: everything that needs only the standard library, the engine and the
#: MkDocs-free example modules. Every engine test is picked up, whatever folder it is in.
#: Tests of the MkDocs plugin, the build, the runtime bundle and the browser need MkDocs,
#: subprocesses or Chromium, and are not listed.
SELECTION = [
    "tests/rules_core",
    "tests/site_plugins/test_lexer.py",
    "tests/site_plugins/test_verify.py",
    "tests/site_plugins/test_render.py",
    "tests/site_plugins/test_reroll.py",
    "tests/site_plugins/test_docs_reroll.py",
    "tests/pyodide/test_reroll_end_to_end.py",
    "docs",
    # It starts subprocesses, which Pyodide cannot.
    "--ignore=tests/rules_core/test_isolation.py",
    # CPython only: the brute-force check of the exact odds. It tests icepool's answers, the
    # same pure Python in both; that Pyodide's odds are CPython's is shown on every docs card
    # (tests/pyodide/test_trimmed_stdlib.py compares every reroll's answer, odds included)
    # and by test_odds.py, which runs here. In Pyodide it took half of this run's time.
    "--ignore=tests/rules_core/test_odds_oracle.py",
    # CPython only, by design: Session's time limit is a SIGALRM timer (signal.setitimer),
    # which Pyodide does not have, so there the runaway loop runs forever. In the browser the
    # page's watchdog bounds a run instead (reroll_page runs with time_limit=0).
    "--deselect=tests/site_plugins/test_verify.py::test_a_runaway_example_is_stopped",
]


def tail(text: str, lines: int = 60) -> str:
    return "\n".join(text.splitlines()[-lines:])


def collected_by_cpython() -> int:
    """How many tests CPython collects for the selection (failing if it cannot)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *SELECTION],
        cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )
    found = re.search(r"^(\d+)(?:/\d+)? tests? collected", done.stdout, re.MULTILINE)
    if done.returncode != 0 or not found:
        pytest.fail("CPython cannot collect the parity selection either (not a Pyodide "
                    f"problem; fix it first):\n{tail(done.stdout + done.stderr)}",
                    pytrace=False)
    return int(found[1])


def outcomes(output: str) -> dict[str, int]:
    """The counts of pytest's last summary line: {"passed": 392, "failed": 1, ...}."""
    summaries = [line for line in output.splitlines()
                 if re.search(r"\d+ (passed|failed|error)", line)]
    if not summaries:
        return {}
    found = re.findall(r"(\d+) (\w+)", summaries[-1])
    return {word: int(count) for count, word in found}


def check_set_up() -> str:
    """The path of node; fail, saying how to fix it, if anything the run needs is missing."""
    node = shutil.which("node")
    missing = [what for what, ok in [
        ("node (Node.js) on PATH", node is not None),
        (f"the npm package pyodide in {PYODIDE}", (PYODIDE / "pyodide.mjs").is_file()),
        (f"the Pyodide wheels in {WHEELS}", (WHEELS / ".done").is_file()),
    ] if not ok]
    if missing:
        pytest.fail(f"Pyodide parity test not set up: missing {', '.join(missing)}; "
                    "run `make setup`", pytrace=False)
    assert node is not None
    return node


#: The selection runs as two Pyodide processes side by side, so that the run shares the
#: machine's cores: the docs' examples and the rerolls (about half the time), and the rest.
DOCS = ["docs", "tests/site_plugins/test_docs_reroll.py", "tests/site_plugins/test_reroll.py",
        "tests/pyodide/test_reroll_end_to_end.py"]
_OPTIONS = [item for item in SELECTION if item.startswith("--")]
PARTS = [[*DOCS, *_OPTIONS],
         [*(item for item in SELECTION if item not in DOCS and item not in _OPTIONS),
          *_OPTIONS]]


def test_the_engine_tests_and_docs_examples_pass_in_pyodide_as_in_cpython() -> None:
    node = check_set_up()
    env = {**os.environ, DIGESTS: json.dumps(digests()), "PYODIDE_DIR": str(PYODIDE)}
    commands = [[node, str(RUNNER), str(ROOT), str(WHEELS), "-q", *part] for part in PARTS]
    # Pyodide starts in the background while CPython collects the same selection.
    runs = [subprocess.Popen(command, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT) for command in commands]
    outputs = []
    try:
        expected = collected_by_cpython()
        for run in runs:
            try:
                outputs.append(run.communicate(timeout=TIMEOUT)[0])
            except subprocess.TimeoutExpired:
                run.kill()
                pytest.fail(f"the Pyodide run took more than {TIMEOUT} s:\n"
                            f"{tail(run.communicate()[0])}", pytrace=False)
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
                run.communicate()

    passed = 0
    for run, output, part in zip(runs, outputs, PARTS, strict=True):
        if run.returncode in NOT_SET_UP:
            pytest.fail(f"{NOT_SET_UP[run.returncode]}: run `make setup`\n{tail(output, 5)}",
                        pytrace=False)
        assert run.returncode == 0, (
            f"pytest in Pyodide exited with {run.returncode} on {' '.join(part)} (compare "
            f"with `pytest {' '.join(part)}`):\n{tail(output)}")
        passed += outcomes(output).get("passed", 0)
    assert passed >= expected, (
        f"only {passed} tests passed in Pyodide, but CPython collects {expected} for the same "
        f"selection: some were skipped, deselected or never collected there:\n"
        + "\n".join(tail(output, 5) for output in outputs))

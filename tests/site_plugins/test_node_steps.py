"""The build's steps under Node fail in a sentence with their log kept, are stopped only when
they hang, and never ship a snapshot a browser could not restore."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rules_core.system import systems
from site_plugins.examples.browser_engine import node_step, pyodide_node, runtime
from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.node_step import failure_reason, run_step
from site_plugins.examples.browser_engine.pyodide_node import compile_stdlib, trace_limit
from site_plugins.examples.browser_engine.runtime import write_runtime
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = Path.home() / ".cache" / "rules-examples"  # keyed by content: sharing it is safe
#: What Node printed when an error came out of Pyodide's minified runtime: the source line
#: the error was thrown from (65 KB of it), then the error and its stack.
MINIFIED_REPORT = ("file:///site/node_modules/pyodide/pyodide.asm.mjs:1\n"
                   + "async function _createPyodideModule(moduleArg={}){var a=1;" * 1200
                   + "\n\nRangeError: offset is out of bounds\n"
                   "    at Int8Array.set (<anonymous>)\n"
                   "    at API.restoreSnapshot (file:///site/pyodide.asm.mjs:9:1)\n")


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_step_that_fails_under_node_says_why_in_a_sentence_and_keeps_its_log(
        tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError) as failed:
        compile_stdlib(PYODIDE, b"not a zip", tmp_path)
    [log] = (tmp_path / "logs").glob("bytecode-compile-*.log")
    assert str(failed.value) == ("the bytecode compile failed under Node (zipfile.BadZipFile: "
                                 f"File is not a zip file; its log: {log})")
    assert "Traceback (most recent call last):" in log.read_text("utf-8")


def test_an_error_thrown_in_minified_code_is_said_by_its_own_line() -> None:
    assert failure_reason(MINIFIED_REPORT, 1) == "RangeError: offset is out of bounds"


def test_a_python_error_is_said_by_its_exception_line() -> None:
    output = ("Fatal Python error: Failed to import encodings module\n"
              "ModuleNotFoundError: No module named 'encodings'\n"
              "ExitStatus: Program terminated with exit(1)\n")
    assert failure_reason(output, 1) == "ModuleNotFoundError: No module named 'encodings'"


def test_a_step_killed_by_the_system_says_so() -> None:
    assert failure_reason("", -9) == "stopped by SIGKILL"


def test_the_whole_output_of_a_failed_step_is_in_its_log(tmp_path: Path) -> None:
    code = f"import sys; print('out'); sys.stderr.write({MINIFIED_REPORT!r}); sys.exit(3)"
    with pytest.raises(BrowserEngineError) as failed:
        run_step(python(code), "the standard-library trace", tmp_path, limit=60)
    [log] = tmp_path.glob("standard-library-trace-*.log")
    assert str(failed.value) == ("the standard-library trace failed under Node (RangeError: "
                                 f"offset is out of bounds; its log: {log})")
    text = log.read_text("utf-8")
    assert "outcome: exit status 3" in text and "out\n" in text and MINIFIED_REPORT in text


def test_only_the_newest_logs_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(node_step, "KEPT_LOGS", 2)
    for _ in range(4):
        with pytest.raises(BrowserEngineError):
            run_step(python("raise SystemExit(1)"), "the snapshot", tmp_path, limit=60)
    assert len(list(tmp_path.glob("*.log"))) == 2


def test_a_step_that_reports_progress_is_not_stopped_however_long_it_takes(
        tmp_path: Path) -> None:
    code = "import time\nfor _ in range(8):\n    print('.', flush=True); time.sleep(0.2)"
    run_step(python(code), "the standard-library trace", tmp_path, limit=60, silence=1.0)
    assert not list(tmp_path.glob("*.log"))


def test_a_step_that_goes_quiet_is_stopped_with_its_output_kept(tmp_path: Path) -> None:
    code = "import time; print('started', flush=True); time.sleep(30)"
    with pytest.raises(BrowserEngineError) as stopped:
        run_step(python(code), "the standard-library trace", tmp_path, limit=60, silence=0.5)
    [log] = tmp_path.glob("*.log")
    assert str(stopped.value) == ("the standard-library trace reported no progress for 0.5 s "
                                  f"under Node and was stopped (its output: {log})")
    assert "started" in log.read_text("utf-8")


def test_the_trace_may_take_longer_the_more_cards_it_rerolls() -> None:
    """Each card is rerolled with two seeds, each reroll stopped after 5 s of CPU time."""
    assert trace_limit([[{}] * 3, [{}] * 2]) == 300 + 30 * 10
    assert trace_limit([[{}] * 3, [{}] * 2], seeds=1) == 300 + 30 * 5


def test_a_snapshot_no_browser_could_restore_is_not_shipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With Pyodide's whole standard library (the trace failed), the snapshot's memory grows
    past the 30 MB the runtime starts with, which a restore never grows: the page would log
    "snapshot restore failed (RangeError: offset is out of bounds)". The build says so and
    ships none."""
    def failing_trace(*args: object) -> tuple[str, ...]:
        raise BrowserEngineError("the standard-library trace failed under Node (as asked)")

    monkeypatch.setattr(runtime, "trace_stdlib", failing_trace)
    out = tmp_path / "out"
    notes = write_runtime(out, PYODIDE, CACHE, cards=[[{"kind": "example"}]],
                          systems=systems())
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["snapshot"] is None
    assert not list((out / str(manifest["dir"])).glob("snapshot-*"))
    [said] = [note for note in notes if note.startswith("no start-up snapshot")]
    assert "of memory, more than the 30.0 MB Pyodide starts with and a restore cannot grow, " \
           "so no browser could restore it" in said
    assert said.endswith("the page starts Pyodide plainly, on a second visit too")


def test_a_snapshot_is_keyed_by_the_library_it_holds(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Two libraries, two snapshots: never one taken with another library."""
    made: list[list[str]] = []

    def run_step(command: list[str], *args: object, **options: object) -> None:
        made.append(command)
        Path(command[3]).write_bytes(b"snapshot")

    monkeypatch.setattr(pyodide_node, "run_step", run_step)
    one, two = tmp_path / "one.zip", tmp_path / "two.zip"
    one.write_bytes(b"one")
    two.write_bytes(b"two")
    wheels = runtime.engine_wheels(())
    first = pyodide_node.snapshot(PYODIDE, wheels, tmp_path, one)
    second = pyodide_node.snapshot(PYODIDE, wheels, tmp_path, two)
    assert first != second
    assert [command[4] for command in made] == [str(one), str(two)]

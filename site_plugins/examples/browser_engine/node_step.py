"""One build step under Node (the trace, a compile, the snapshot, a brotli copy): run within
its time limits, its whole output kept in a log file when it fails, its failure said in one
sentence.

Build-time only. A step that fails raises ``BrowserEngineError`` with a sentence the build's
warning can carry: what failed, the error's own last line (``ModuleNotFoundError: No module
named 'x'``, ``RangeError: offset is out of bounds``), never Node's report of where it was
thrown (a line of minified Pyodide 65 KB long), and the log file that holds everything the
step printed: ``<cache>/logs/<step>-<time>-<id>.log``. The scripts under ``node/`` import
``node/report_failure.mjs`` first, which prints an uncaught error's stack (Python's traceback
for a ``PythonError``) and nothing of the source it came from.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError

#: The cache's folder of failed steps' logs; only the newest ``KEPT_LOGS`` are kept.
LOGS = "logs"
KEPT_LOGS = 30
#: A line that names an error: ``RangeError: …``, ``ModuleNotFoundError: …``.
ERROR_LINE = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception)\b: .+")
#: Errors that only say the program stopped (the line before them says why).
STOPPED_ONLY = ("ExitStatus", "PythonError: Traceback", "Error: Program terminated")
#: The longest sentence a failure is told in, in characters (the log holds the rest).
REASON_LENGTH = 300


def node_program(node: str | None = None) -> str:
    """``node`` or the ``node`` program on the ``PATH``; an error without one."""
    found = node or shutil.which("node")
    if not found:
        raise BrowserEngineError("Node.js is not installed")
    return found


def logs_in(cache: Path | None) -> Path:
    """Where failed steps' logs go: the cache's ``logs`` folder (the system's temporary
    folder for a step run without a cache, as the tests' checks are)."""
    return (cache if cache is not None else Path(tempfile.gettempdir()) / "rules-examples") / LOGS


def run_step(command: list[str], what: str, logs: Path, *, limit: float,
             silence: float | None = None) -> None:
    """Run ``command``, stopped after ``limit`` seconds, or, with ``silence``, once it has
    printed nothing on its standard output for that long (a step that reports its progress
    is never stopped while it makes some). A failure or a stop is a ``BrowserEngineError``
    naming ``what``, why in a sentence, and the log file with all it printed."""
    began = time.monotonic()
    with tempfile.TemporaryFile() as errors, \
            subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors) as process:
        printed, stopped = _watch(process, limit, silence)
        errors.seek(0)
        error_output = errors.read()
    if not stopped and process.returncode == 0:
        return
    took = time.monotonic() - began
    outcome = stopped or _exit_reason(process.returncode)
    log = _keep_log(logs, what, command, outcome, took, printed, error_output)
    if stopped:
        raise BrowserEngineError(f"{what} {stopped} under Node and was stopped (its output: "
                                 f"{log})")
    reason = failure_reason(error_output.decode("utf-8", "replace"), process.returncode)
    raise BrowserEngineError(f"{what} failed under Node ({reason}; its log: {log})")


def failure_reason(output: str, status: int) -> str:
    """The sentence a failed step's output comes to: the exception a Python traceback ends
    with, else the last line naming an error (not one that only says the program stopped),
    else the output's first short line, else the exit status."""
    lines = [line.rstrip() for line in output.splitlines()]
    short = [line.strip() for line in lines if 0 < len(line.strip()) <= 2 * REASON_LENGTH]
    errors = [line for line in short
              if ERROR_LINE.match(line) and not line.startswith(STOPPED_ONLY)]
    reason = _python_exception(lines) or (errors[-1] if errors else None) \
        or (short[0] if short else _exit_reason(status))
    reason = reason.removeprefix("Error: ")  # a plain Error says its message alone
    return reason if len(reason) <= REASON_LENGTH else reason[:REASON_LENGTH - 1] + "…"


def _python_exception(lines: list[str]) -> str | None:
    """The exception line of the last Python traceback in ``lines`` (the first line after it
    that is not indented: ``zipfile.BadZipFile: File is not a zip file``), if any."""
    starts = [index for index, line in enumerate(lines)
              if line.endswith("Traceback (most recent call last):")]
    if not starts:
        return None
    return next((line.strip() for line in lines[starts[-1] + 1:]
                 if line.strip() and not line[0].isspace()), None)


def _watch(process: subprocess.Popen[bytes], limit: float,
           silence: float | None) -> tuple[bytes, str]:
    """Wait for ``process``, reading its standard output as it comes; stop it after
    ``limit`` seconds or ``silence`` seconds without output. What it printed, and how it ran
    out (``""``: it ended by itself)."""
    assert process.stdout is not None
    printed: list[bytes] = []
    heard = [time.monotonic()]
    reader = threading.Thread(target=_read_lines, args=(process.stdout, printed, heard),
                              daemon=True)
    reader.start()
    began, stopped = time.monotonic(), ""
    while process.poll() is None:
        now = time.monotonic()
        if now - began > limit:
            stopped = f"took over {limit:g} s"
        elif silence is not None and now - heard[0] > silence:
            stopped = f"reported no progress for {silence:g} s"
        if stopped:
            process.kill()
            break
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=0.5)
    process.wait()
    reader.join()
    return b"".join(printed), stopped


def _read_lines(stream: IO[bytes], printed: list[bytes], heard: list[float]) -> None:
    for line in stream:
        printed.append(line)
        heard[0] = time.monotonic()


def _exit_reason(status: int | None) -> str:
    if status is not None and status < 0:
        with contextlib.suppress(ValueError):
            return f"stopped by {signal.Signals(-status).name}"
    return f"exit status {status}"


def _keep_log(logs: Path, what: str, command: list[str], outcome: str, took: float,
              printed: bytes, error_output: bytes) -> Path:
    """Write a failed step's log into ``logs`` (keeping the newest :data:`KEPT_LOGS`);
    return its path."""
    logs.mkdir(parents=True, exist_ok=True)
    step = re.sub(r"[^a-z0-9]+", "-", what.lower().removeprefix("the ")).strip("-")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    handle, name = tempfile.mkstemp(prefix=f"{step}-{stamp}-", suffix=".log", dir=logs)
    with open(handle, "wb") as log:
        log.write(f"{what}\ncommand: {' '.join(command)}\noutcome: {outcome} after {took:.1f} s"
                  f"\n\n--- standard output ---\n".encode())
        log.write(printed)
        log.write(b"\n--- standard error ---\n")
        log.write(error_output)
    for old in sorted(logs.glob("*.log"), key=lambda path: path.stat().st_mtime)[:-KEPT_LOGS]:
        old.unlink(missing_ok=True)
    return Path(name)


__all__ = ["BrowserEngineError", "failure_reason", "logs_in", "node_program", "run_step"]

"""Check pages in worker processes: isolated, bounded from outside, on every core.

:class:`Checker` is what the MkDocs plugin and the pytest collector call: ``submit`` a
page's text and path, get a future of its
:class:`~site_plugins.examples.language.verify.PageResult`. Each page runs in a fresh fork of
a worker that has the engine imported (:mod:`site_plugins.examples.checking.worker`), so a
page cannot change what another verifies, and its result never depends on which pages ran
before it. Pages run in parallel, one per job.

This process keeps the limits, whatever an example does to its own process:

* **time**: an example that runs past its limit (plus :data:`GRACE` for the worker's own
  alarm to act) is killed, with everything it started, and fails at the statement it was
  running;
* **memory, log size and CPU**: kernel limits set in the worker;
* **an ending**: a worker that exits (``sys.exit`` is caught in the worker; ``os._exit``
  is not), is killed by a signal, crashes or loses its channel (an example closed it) fails
  the example it was running, at its line, with the end of its log; the page's later
  examples are reported as not checked.

Each page works in a folder of its own, which the worker removes when the page ends, and on
Linux with Landlock may write nowhere else
(:mod:`~site_plugins.examples.checking.confinement`; without Landlock,
:func:`~site_plugins.examples.checking.confinement.unconfined_reason` says what is not
enforced).

No MkDocs here: the checker takes a page's text and path.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from site_plugins.examples.checking.channel import CHANNEL_LOST, MAX_FRAME
from site_plugins.examples.checking.confinement import checker_folder
from site_plugins.examples.checking.plain import PlainDataError, run_from_data
from site_plugins.examples.checking.worker import (
    CONTROL,
    SETUP_INDEX,
    CheckLimits,
    PageRequest,
)
from site_plugins.examples.language.lexer import Example, lex_page
from site_plugins.examples.language.session import DiceMode, ExampleRun
from site_plugins.examples.language.verify import (
    Failure,
    PageResult,
    check_reroll_limits,
    page_setup,
    syntax_failure,
    verify_run,
)

__all__ = ["GRACE", "CheckLimits", "Checker", "CheckerError", "check_pages", "default_jobs"]

#: Seconds past an example's time limit before it is killed from outside: time for the
#: worker's own alarm to stop it with a traceback at its statement first.
GRACE = 2.0
#: Seconds a worker may take to start (import the engine) before the check gives up.
START_LIMIT = 60.0
#: How much of a worker's log a failure shows.
LOG_TAIL_LINES = 20
LOG_TAIL_BYTES = 4000
#: Largest message a page's process may send (one example's run, as JSON).
MAX_MESSAGE_BYTES = MAX_FRAME


class CheckerError(Exception):
    """The checker itself could not run (a worker would not start): not an example's fault."""


def default_jobs() -> int:
    """Pages checked at once by default: one per core this process may use."""
    with contextlib.suppress(AttributeError, OSError):
        return max(len(os.sched_getaffinity(0)), 1)
    return max(os.cpu_count() or 1, 1)


class Checker:
    """A pool of worker processes that check pages, ``jobs`` at a time.

    Use as a context manager, or call :meth:`close`. Workers start on first use and import
    the engine as it is on disk then, so a new ``Checker`` sees an edited engine.
    """

    def __init__(self, limits: CheckLimits | None = None, jobs: int = 0) -> None:
        self.limits = limits or CheckLimits()
        self.jobs = jobs if jobs > 0 else default_jobs()
        self._executor = ThreadPoolExecutor(self.jobs, thread_name_prefix="rules-examples")
        self._local = threading.local()
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        #: The pages' logs, and each page's own folder (confinement.py).
        self._logs = Path(checker_folder())
        self._pages = 0
        self._finalizer = weakref.finalize(self, _shut, self._workers, self._logs)

    def submit(self, path: str, text: str, first_line: int = 1,
               file_text: str = "") -> Future[PageResult]:
        """Start checking a page; ``path`` is how failures name the file, ``file_text`` is
        its whole file for its setup (by default ``text``, when ``first_line`` is 1)."""
        return self._executor.submit(self._check, path, text, first_line, file_text)

    def verify(self, path: str, text: str, first_line: int = 1,
               file_text: str = "") -> PageResult:
        """Check a page and wait for its result."""
        return self.submit(path, text, first_line, file_text).result()

    def close(self) -> None:
        """Stop the workers (after the pages already submitted)."""
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._finalizer()

    def __enter__(self) -> Checker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check(self, path: str, text: str, first_line: int, file_text: str) -> PageResult:
        lexed = lex_page(text, first_line)
        result = PageResult(path, blocks=list(lexed.blocks), narrations=lexed.narrations)
        result.syntax_failures = [syntax_failure(path, error) for error in lexed.errors]
        setup = page_setup(result, file_text or (text if first_line == 1 else ""))
        if not lexed.blocks:
            return result
        with self._lock:
            self._pages += 1
            log = self._logs / f"page-{self._pages}.log"
        request = PageRequest(path, text, first_line, self.limits, str(log), setup)
        worker = self._worker()
        try:
            examples = [(index, block.example) for index, block in enumerate(lexed.blocks)]
            if setup is not None:
                examples.insert(0, (SETUP_INDEX, setup))
            report = worker.check(request, self.limits.time_limit + GRACE, examples)
        finally:
            if not worker.alive:
                self._local.worker = None
        report.log = _tail(log)
        with contextlib.suppress(OSError):
            log.unlink()
        return assemble(result, report, self.limits, setup)

    def _worker(self) -> _Worker:
        worker: _Worker | None = getattr(self._local, "worker", None)
        if worker is None or not worker.alive:
            worker = _Worker.start(self._logs)
            with self._lock:
                self._workers.append(worker)
            self._local.worker = worker
        return worker


@dataclass
class PageReport:
    """What a worker said about a page, and how its process ended."""

    runs: dict[int, tuple[ExampleRun, list[Failure]]] = field(default_factory=dict)
    done: bool = False
    #: The example and the statement line running when the page's process last spoke.
    example: int | None = None
    line: int | None = None
    timed_out: bool = False
    garbled: str = ""
    exit_status: int | None = None
    log: str = ""


class _Worker:
    """One worker process (see :mod:`site_plugins.examples.checking.worker`), seen from the
    build."""

    def __init__(self, process: subprocess.Popen[bytes], control: socket.socket,
                 stderr: Path) -> None:
        self.process = process
        self.control = control
        self.stderr = stderr
        self.alive = True

    @classmethod
    def start(cls, logs: Path) -> _Worker:
        """Start a worker and wait until it has imported the engine (it makes the pages'
        folders in ``logs`` too)."""
        ours, theirs = socket.socketpair()
        stderr = Path(tempfile.mkstemp(prefix="worker-", suffix=".log", dir=logs)[1])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        with stderr.open("wb") as err:
            process = subprocess.Popen(
                [sys.executable, "-m", "site_plugins.examples.checking.worker",
                 str(theirs.fileno()), str(logs)],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=err, env=env)
        theirs.close()
        worker = cls(process, ours, stderr)
        try:
            worker._control(b"r", START_LIMIT)
        except _WorkerLost as lost:
            worker.close()
            raise CheckerError(f"the checker's worker process did not start ({lost}):\n"
                               f"{_tail(stderr)}") from None
        return worker

    def check(self, request: PageRequest, limit: float,
              examples: list[tuple[int, Example]]) -> PageReport:
        """Run a page in a fresh fork; ``limit``: most seconds one example may take (its
        limit plus grace); ``examples``: the page's setup and examples, as the build read
        them, with the index each is reported under."""
        report = PageReport()
        ours, theirs = socket.socketpair()
        try:
            socket.send_fds(self.control, [b"p"], [theirs.fileno()])
            theirs.close()
            pid = self._control(b"f", START_LIMIT)
        except (OSError, _WorkerLost) as lost:
            theirs.close()
            ours.close()
            self.close()
            raise CheckerError(f"the checker's worker process stopped ({lost}):\n"
                               f"{_tail(self.stderr)}") from None
        page = Connection(ours.detach())
        try:
            page.send(request)
            self._follow(page, pid, report, limit, request, examples)
        except OSError as error:
            report.garbled = f"the page's process could not be reached ({error})"
        finally:
            page.close()
        try:
            report.exit_status = self._control(b"x", GRACE)
        except _WorkerLost:
            _kill_group(pid)  # still running with its socket closed: end it
            try:
                report.exit_status = self._control(b"x", START_LIMIT)
            except _WorkerLost:
                self.close()
        return report

    def _follow(self, page: Connection, pid: int, report: PageReport, limit: float,
                request: PageRequest, examples: list[tuple[int, Example]]) -> None:
        """Read the page's messages until it is done, ends, or runs out of time.

        The clock is the build's: each example has ``limit`` seconds from the moment it
        starts, the examples must start in page order, each once, and the page as a whole
        has at most ``limit`` per example. What the page writes cannot buy it more time.
        """
        page_deadline = time.monotonic() + limit * max(len(examples), 1)
        deadline = page_deadline
        due = iter(examples)
        current: tuple[int, Example] | None = None
        while True:
            if not page.poll(max(min(deadline, page_deadline) - time.monotonic(), 0)):
                report.timed_out = True
                _kill_group(pid)
                return
            try:
                message = _message(page.recv_bytes(MAX_MESSAGE_BYTES))
                kind = message[0]
                if kind == "example" and current is None:
                    current = next(due, None)
                    if current is None or message[1:] != [current[0]]:
                        raise PlainDataError(f"example {message[1:]!r:.40} started out of turn")
                    report.example, report.line = current[0], None
                    deadline = time.monotonic() + limit
                elif kind == "step" and current is not None and len(message) == 2 \
                        and message[1] in {step.line for step in current[1].steps}:
                    report.line = message[1]
                elif kind == "run" and current is not None and len(message) == 3 \
                        and message[1] == current[0]:
                    run = run_from_data(message[2], current[1])
                    report.runs[current[0]] = (run, verify_run(request.path, run))
                    report.example = report.line = None
                    current = None
                elif kind == "done" and len(message) == 1 and current is None \
                        and next(due, None) is None:
                    report.done = True
                    return
                else:
                    raise PlainDataError(f"an unexpected message {message!r:.200}")
            except EOFError:
                return  # the process ended (or closed its end) before saying it was done
            except (OSError, ValueError, RecursionError) as error:
                # Cut off, corrupted or out of turn: the example wrote to the check's channel.
                report.garbled = f"{type(error).__name__}: {error}"
                _kill_group(pid)
                return

    def _control(self, expected: bytes, timeout: float) -> int:
        """The number of the next control message, which must be ``expected``."""
        self.control.settimeout(timeout)
        data = b""
        try:
            while len(data) < CONTROL.size:
                chunk = self.control.recv(CONTROL.size - len(data))
                if not chunk:
                    raise _WorkerLost("it exited")
                data += chunk
        except TimeoutError:
            raise _WorkerLost(f"no answer in {timeout:g} s") from None
        except OSError as error:
            raise _WorkerLost(str(error)) from None
        letter, number = CONTROL.unpack(data)
        if letter != expected:
            raise _WorkerLost(f"it said {letter!r} where {expected!r} was due")
        return int(number)

    def close(self) -> None:
        """End the worker: closing its socket tells it to exit."""
        self.alive = False
        with contextlib.suppress(OSError):
            self.control.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _message(frame: bytes) -> list[Any]:
    """A message from a page's process: a JSON list that starts with its kind."""
    message = json.loads(frame)
    if not (isinstance(message, list) and message and isinstance(message[0], str)):
        raise PlainDataError(f"a message that is not a list of plain values: {frame!r:.100}")
    return message


class _WorkerLost(Exception):
    """The worker process did not answer as it should."""


def _shut(workers: list[_Worker], logs: Path) -> None:
    for worker in workers:
        if worker.alive:
            worker.close()
    shutil.rmtree(logs, ignore_errors=True)


def _kill_group(pid: int) -> None:
    """Kill a page's process and everything it started (it leads its own group)."""
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def _tail(log: Path) -> str:
    """The last lines of a log, as text."""
    try:
        with log.open("rb") as file:
            file.seek(0, os.SEEK_END)
            size = file.tell()
            file.seek(max(size - LOG_TAIL_BYTES, 0))
            data = file.read()
    except OSError:
        return ""
    lines = data.decode("utf-8", "replace").strip("\n").split("\n")
    if size > LOG_TAIL_BYTES:
        lines = lines[1:]  # the first line is probably cut
    return "\n".join(lines[-LOG_TAIL_LINES:]).strip("\n")


def assemble(result: PageResult, report: PageReport, limits: CheckLimits,
             setup: Example | None = None) -> PageResult:
    """The page's result from what its worker reported: an example that never reported
    fails at the statement it was running when its process ended; later ones are not
    checked."""
    ending = "" if report.done else _ending(report, limits)
    result.complete = report.done
    stopped_at: int | None = None
    if setup is not None:
        if SETUP_INDEX in report.runs:
            result.setup, result.setup_failures = report.runs.pop(SETUP_INDEX)
        elif not report.done:
            stopped_at = report.line or setup.line
            result.setup_failures = [Failure(
                result.path, stopped_at, ending, source=setup.steps[0].source,
                got=report.log or None, hint="The page's examples were not checked.")]
    for index, block in enumerate(result.blocks):
        if index in report.runs:
            run, failures = report.runs[index]
            result.runs.append(run)
            result.failures[index] = failures
            continue
        result.runs.append(ExampleRun(block.example, DiceMode()))
        if stopped_at is None:
            line = report.line if report.example == index and report.line else block.fence_line
            stopped_at = line
            result.failures[index] = [Failure(
                result.path, line, ending, source=_source_at(block.example, line),
                got=report.log or None,
                hint="The examples after this one on the page were not checked.")]
        else:
            result.failures[index] = [Failure(
                result.path, block.fence_line,
                f"not checked: the check of this page stopped at line {stopped_at}, above",
                checked=False)]
    if report.done:
        check_reroll_limits(result)
    return result


def _ending(report: PageReport, limits: CheckLimits) -> str:
    """Why a page's process ended before it was done, in an author's words."""
    if report.timed_out:
        return (f"the example ran for more than {limits.time_limit:g} s and did not stop when "
                "its time ran out (a long call into C, or the example turned the time limit "
                "off), so the check ended it from outside")
    if report.garbled:
        return (f"the process checking this page sent something the check cannot read "
                f"({report.garbled}): the example may have written to the check's own channel")
    status = report.exit_status
    if status is None:
        return "the process checking this page was lost (its worker stopped answering)"
    if status < 0:
        return _signalled(-status)
    if status == 70:
        return "the checker itself failed on this page (its traceback is below): please report it"
    if status == CHANNEL_LOST:
        return ("the example closed or replaced the file descriptor the check reports on (as "
                "os.closerange(3, 1024) or os.dup2() onto it does), so nothing after it could "
                "be checked: an example may close only the files it opened itself")
    return (f"the example ended the process checking this page (exit status {status}, as "
            "os._exit() does): an example must not end the check")


def _signalled(number: int) -> str:
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    if name in ("SIGSEGV", "SIGBUS", "SIGABRT", "SIGFPE", "SIGILL"):
        return f"the process checking this page crashed ({name}) while running the example"
    if name == "SIGXCPU":
        return "the process checking this page used more CPU time than a page may (SIGXCPU)"
    if name == "SIGKILL":
        return ("the process checking this page was killed (SIGKILL), by the example itself or "
                "by another process (the check's own memory limit would have raised "
                "MemoryError at the statement instead)")
    return f"the example's process was ended by {name}"


def _source_at(example: Example, line: int) -> str:
    for step in example.steps:
        if step.line == line:
            return step.source
    return ""


def check_pages(pages: list[tuple[str, str]], limits: CheckLimits | None = None,
                jobs: int = 0) -> list[PageResult]:
    """Check ``(path, text)`` pages in parallel; their results, in the pages' order."""
    with Checker(limits, jobs) as checker:
        futures = [checker.submit(path, text) for path, text in pages]
        return [future.result() for future in futures]

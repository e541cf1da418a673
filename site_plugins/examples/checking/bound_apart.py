"""Bound values evaluated apart: in a fork of the page's process, as a ``rules-check`` runs.

A bound value only reads what its example made (the lexer refuses an expression that
assigns, patches or imports: :mod:`~site_plugins.examples.language.bound_expressions`), but
a method can still change its object, and a long call into C ignores the example's alarm.
So at build time the bound values of each example are evaluated in a fork of the page's
process (:func:`run_apart`, the worker's ``bound_runner``); the fork sends each value's text
back through a pipe, one line of JSON each, and the page's process goes on as the example
left it:

* whatever the expression changes dies with the fork, so it never reaches the examples after
  it, nor the build;
* the fork has the example's time: its alarm stops a Python loop, and past
  :data:`KILL_AFTER` more the page's process kills it (a long call into C);
* its text and error are cut as a statement's output is (the session's output limit), so a
  value of 100 MB crosses as its start and its length;
* an expression that ends the fork (``os._exit()``, a signal) or starts a process of its
  own (``os.fork()``) fails at its own line, and the bound values after it run in a new fork;
* the fork closes every file but its standard streams and its pipe: it cannot write on the
  page's channel to the build.

Each example with bound values costs one fork: 2 to 7 ms, by the page's size and the
machine's load. In the browser there is no fork: bound values run in the reader's tab (the
README's trust model). No MkDocs here.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import resource
import select
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from site_plugins.examples.language.bound_values import Binding, BoundRun

__all__ = ["KILL_AFTER", "run_apart"]

#: Seconds past the example's time before the fork is killed from outside (its own alarm,
#: at the time itself, stops anything but a long call into C). Well within the build's own
#: grace (:data:`~site_plugins.examples.checking.checker.GRACE`), so the page's process
#: reports the binding before the build would end the page.
KILL_AFTER = 0.5
#: What each line the fork sends holds: a bound value's run, without its binding.
_FIELDS = {"text": str, "error": str, "raised": str, "unmade": str, "size": int, "stopped": str}
#: Bytes read from the pipe at once.
_CHUNK = 1 << 16


def run_apart(bindings: Sequence[Binding], evaluate_one: Callable[[Binding], BoundRun],
              seconds: float) -> list[BoundRun]:
    """Each of ``bindings`` evaluated by ``evaluate_one`` in a fork of this process, within
    ``seconds`` (0: no limit); a fork that ends before its last value is followed by
    another, for the values after the one that ended it."""
    deadline = time.monotonic() + seconds if seconds > 0 else None
    runs: list[BoundRun] = []
    while len(runs) < len(bindings):
        runs += _fork(bindings[len(runs):], evaluate_one, deadline)
    return runs


def _fork(bindings: Sequence[Binding], evaluate_one: Callable[[Binding], BoundRun],
          deadline: float | None) -> list[BoundRun]:
    """As many of ``bindings`` as one fork evaluates (at least one run: the value that ended
    the fork fails)."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        _evaluate_here(bindings, evaluate_one, writing)  # never returns
    os.close(writing)
    try:
        runs, ending = _read(reading, bindings, pid, deadline)
    finally:
        os.close(reading)
    if ending:
        runs.append(BoundRun(bindings[len(runs)], error=ending[1], stopped=ending[0]))
        if ending[0] == _OUT_OF_TIME:
            runs += [_spent(binding) for binding in bindings[len(runs):]]
    return runs


def _evaluate_here(bindings: Sequence[Binding], evaluate_one: Callable[[Binding], BoundRun],
                   pipe: int) -> NoReturn:
    """In the fork: evaluate each value and send it, then exit. A process the expression
    started returns here too, and leaves without a word."""
    gc.disable()  # a collection would touch, and so copy, every page the fork shares
    _close_all_but(pipe)  # the page's channel to the build is not the fork's to write on
    me = os.getpid()
    status = 0
    try:
        for binding in bindings:
            ran = evaluate_one(binding)
            if os.getpid() != me:
                os._exit(0)
            if _started_a_process():
                ran = BoundRun(binding, stopped="started a process", error=(
                    "the expression started a process of its own (as os.fork() does): a bound "
                    "value only reads what its example made"))
            line = json.dumps({name: getattr(ran, name) for name in _FIELDS}) + "\n"
            _write_all(pipe, line.encode())
    except BaseException:
        status = 70
    finally:
        os._exit(status)


def _close_all_but(pipe: int) -> None:
    """Close every file of the fork but its standard streams (the page's log) and ``pipe``."""
    highest = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    highest = highest if highest != resource.RLIM_INFINITY else 1 << 20
    os.closerange(3, pipe)
    os.closerange(pipe + 1, highest)


def _started_a_process() -> bool:
    """Whether this fork has a child, running or ended (one the expression started)."""
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return False
    return True


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


#: How the page's process says a fork ran out of time (``stopped``), and why.
_OUT_OF_TIME = "did not stop when its time ran out"
_TIMED_OUT = ("the expression ran past the example's time and did not stop (a long call into "
              "C ignores the example's alarm), so it was ended from outside: a bound value "
              "only reads what its example made")


def _read(fd: int, bindings: Sequence[Binding], pid: int, deadline: float | None,
          ) -> tuple[list[BoundRun], tuple[str, str] | None]:
    """The runs the fork sent, and how it ended if it ended before sending them all
    (``stopped``, the error), its process reaped either way."""
    runs: list[BoundRun] = []
    pending = b""
    while len(runs) < len(bindings):
        wait = None if deadline is None else max(deadline + KILL_AFTER - time.monotonic(), 0)
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            _kill(pid)
            return runs, (_OUT_OF_TIME, _TIMED_OUT)
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return runs, _ended(_reap(pid))
        pending += chunk
        *lines, pending = pending.split(b"\n")
        runs += [_run(binding, line) for binding, line in zip(bindings[len(runs):], lines,
                                                              strict=False)]
    _reap(pid)
    return runs, None


def _run(binding: Binding, line: bytes) -> BoundRun:
    """A run as the fork sent it (the fork is the page's own process: its data is only
    checked to be the fields of a run)."""
    try:
        data: Any = json.loads(line)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return BoundRun(binding, stopped="could not be read", error=(
            "the process evaluating the expression sent something else than its value's "
            "text: the expression may have written to the check's own pipe"))
    return BoundRun(binding, **{name: data[name] for name in _FIELDS
                                if isinstance(data.get(name), _FIELDS[name])})


def _kill(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    _reap(pid)


def _reap(pid: int) -> int:
    """The fork's exit status (``-n`` for signal ``n``)."""
    _pid, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _ended(status: int) -> tuple[str, str]:
    """How an expression that ended its fork with ``status`` fails."""
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return ("ended the process evaluating it",
                f"the process evaluating the expression was ended by {name}")
    if status == 70:
        return ("could not be evaluated", "the checker itself failed on this bound value: "
                "please report it")
    return ("ended the process evaluating it",
            f"the expression ended the process evaluating it (exit status {status}, as "
            "os._exit() does): a bound value only reads what its example made")


def _spent(binding: Binding) -> BoundRun:
    return BoundRun(binding, stopped="was not evaluated",
                    error="the example's time was spent on the bound value before it")

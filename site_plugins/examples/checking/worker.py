"""The process that runs examples at build time, away from the build.

The build (or pytest) starts one of these per job with ``python -m
site_plugins.examples.checking.worker <socket> <folder>``. It imports the engine once, then
waits for pages: for each page it **forks a child**, which runs that page's examples and
exits, so every page starts from the same clean state (the engine imported, nothing run) and
no page can change what another verifies. The child runs with limits on memory, file size
and CPU time, its own process group (so the build can end it, and anything it started, from
outside), and its standard output and error written to a log the build reads only when
something broke.

The two sides talk over Unix sockets:

* **control** (this process ↔ the build): the build sends one byte ``p`` with the page's
  socket attached (``SCM_RIGHTS``); this process answers ``f`` + the child's pid, then
  ``x`` + its exit status once it has ended. Only this process writes here, so a child
  killed half-way through a message cannot garble it.
* **page** (the child ↔ the build): the build sends a :class:`PageRequest`; the child sends
  :data:`Message` lists as it goes, each one JSON frame (never a pickle: the build reads
  plain data only, :mod:`~site_plugins.examples.checking.plain`): ``["example", index]`` and
  ``["step", line]`` before it runs them (so the build knows where a hang or a crash
  happened), ``["run", index, run]`` after each example, and ``["done"]`` at the end. The
  build judges each run itself, against the page as it read it. A ``rules-check`` speaks
  through the page's process, which passes on its steps and its run, nothing more
  (:mod:`~site_plugins.examples.checking.channel`).

Each page works in a folder of its own, made empty for it here and removed once the page and
everything it started have ended; on Linux with Landlock it may write nowhere else
(:mod:`~site_plugins.examples.checking.confinement`).

No MkDocs here: this is the checker's engine room, driven by
:mod:`site_plugins.examples.checking.checker`.
"""

from __future__ import annotations

import contextlib
import faulthandler
import importlib
import os
import pkgutil
import resource
import signal
import socket
import struct
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, NoReturn

from site_plugins.examples.checking import confinement
from site_plugins.examples.checking.channel import Channel, away_from_build, relay_check
from site_plugins.examples.language.lexer import Example

if TYPE_CHECKING:
    from site_plugins.examples.language.session import ExampleRun, Session

#: A control message: one letter and a number (a pid, or an exit status).
CONTROL = struct.Struct("!ci")

#: What the child sends the build about a page (see the module's docstring).
Message = tuple[Any, ...]
#: The index the page's setup is reported under, before its examples (0, 1, …).
SETUP_INDEX = -1


@dataclass(frozen=True)
class CheckLimits:
    """The limits every example is checked under; the build enforces them from outside.

    ``time_limit``: seconds one example (all its statements) may run. ``memory_mb``: the
    address space the page's process may use. ``output_chars``: characters of output one
    statement keeps for the comparison and the log. ``log_bytes``: what the process may write
    to its standard output and error outside the examples' captured output.
    """

    time_limit: float = 10.0
    memory_mb: int = 512
    output_chars: int = 100_000
    log_bytes: int = 1_000_000


@dataclass(frozen=True)
class PageRequest:
    """One page to check: the text as the checker reads it, and where to log."""

    path: str
    text: str
    first_line: int
    limits: CheckLimits
    log_path: str
    #: The page's setup, run before its first example (``examples_setup``).
    setup: Example | None = None


def main(argv: list[str]) -> None:
    """Serve pages on the control socket whose file descriptor is ``argv[0]``; each page's
    folder is made in ``argv[1]`` (the checker's, which it removes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the build, which ends us
    control = socket.socket(fileno=int(argv[0]))
    root = argv[1] if len(argv) > 1 else tempfile.gettempdir()
    reaps = _become_subreaper()
    _preload()
    control.sendall(CONTROL.pack(b"r", os.getpid()))
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(control, 1, 1)
        except OSError:
            return
        if not data or not fds:
            return  # the build has closed the socket: it is done with us
        area = confinement.page_area(root)
        pid = os.fork()
        if pid == 0:
            control.close()
            _child(fds[0], area)  # never returns
        os.close(fds[0])
        control.sendall(CONTROL.pack(b"f", pid))
        _pid, status = os.waitpid(pid, 0)
        if reaps:
            _end_survivors()
        confinement.remove(area)  # everything the page started has ended
        control.sendall(CONTROL.pack(b"x", os.waitstatus_to_exitcode(status)))


#: ``prctl`` option that makes a process the reaper of its orphaned descendants (Linux 3.4).
PR_SET_CHILD_SUBREAPER = 36
#: Most rounds of killing what a page left behind (each round ends every process found).
SWEEP_ROUNDS = 100


def _become_subreaper() -> bool:
    """Make this process the parent of every process a page starts and leaves behind, even
    one that left the page's process group with ``setsid()``: on Linux a *child subreaper*
    inherits its orphaned descendants, so they can be found and ended. Elsewhere, only the
    page's process group is ended (the trust model in the README says so)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _end_survivors() -> None:
    """Kill and reap every process the page left behind (all of them are ours now: a page's
    process has ended, so its descendants were handed to this subreaper). Killing one may
    hand us its own children: go on until none is left."""
    for _ in range(SWEEP_ROUNDS):
        children = _children()
        if not children:
            return
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in children:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def _children() -> list[int]:
    """This process's children (zombies included), from ``/proc``."""
    me = os.getpid()
    try:
        tasks = os.listdir(f"/proc/{me}/task")
        lists = [open(f"/proc/{me}/task/{task}/children").read() for task in tasks]  # noqa: SIM115
        return [int(pid) for text in lists for pid in text.split()]
    except OSError:  # a kernel without the children lists: read every process's parent
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry}/stat") as file:
                        fields = file.read().rsplit(")", 1)[1].split()
                    if int(fields[1]) == me:
                        found.append(int(entry))
        return found

def _preload() -> None:
    """Import the engine and the checker once, so each page's fork starts with them."""
    import rules_core
    from site_plugins.examples.language import verify  # noqa: F401  (imports the session and lexer)

    confinement.landlock_abi()  # asked once: each page's fork knows it

    for module in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
        # A broken module is reported by the page that imports it, at its line.
        with contextlib.suppress(Exception):
            importlib.import_module(module.name)


def _child(fd: int, area: str) -> None:
    """Run one page in this fresh fork, in its own folder ``area``, and exit; every path out
    ends in ``os._exit``."""
    def check() -> None:
        os.setpgid(0, 0)
        connection = Connection(fd)
        request = connection.recv()
        _confine(request)
        home = confinement.enter_page(area, request.log_path)
        _check_page(Channel(connection), request, _Folders(area, home, request.log_path))

    _run_then_exit(check)


def _run_then_exit(work: Callable[[], None]) -> NoReturn:
    """Do ``work`` in this fork, then exit: 0, or 70 with the traceback in the log when it
    raised (the checker's own failure, which the build reports as such)."""
    status = 0
    try:
        work()
    except BaseException:
        status = 70
        with contextlib.suppress(BaseException):
            sys.stderr.write(traceback.format_exc())
    finally:
        _flush()
        os._exit(status)


def _flush() -> None:
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()


def _confine(request: PageRequest) -> None:
    """Limits the kernel enforces, and the standard streams sent to the page's log."""
    limits = request.limits
    log = os.open(request.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    faulthandler.enable()  # a crash writes its Python traceback to the log
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    # A write past the log's size fails instead of killing the process with SIGXFSZ.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.log_bytes, limits.log_bytes))
    # A backstop should the build itself die: the page cannot burn CPU for ever.
    statements = request.text.count(">>>") + 1
    cpu = int(limits.time_limit * statements) + 30
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))


@dataclass(frozen=True)
class _Folders:
    """A page's folder (``area``), its home in it, and its log (see
    :mod:`~site_plugins.examples.checking.confinement`)."""

    area: str
    home: str
    log: str


def _check_page(channel: Channel, request: PageRequest, folders: _Folders) -> None:
    from site_plugins.examples.checking.bound_apart import run_apart
    from site_plugins.examples.language.lexer import lex_page
    from site_plugins.examples.language.session import Session

    lexed = lex_page(request.text, request.first_line)
    session = Session(request.limits.time_limit, output_limit=request.limits.output_chars,
                      on_step=lambda step: channel.send("step", step.line),
                      bound_runner=run_apart)
    examples = [(index, block.example) for index, block in enumerate(lexed.blocks)]
    if request.setup is not None and lexed.blocks:
        examples.insert(0, (SETUP_INDEX, request.setup))
    for index, example in examples:
        channel.send("example", index)
        if example.kind == "check":
            _check_apart(session, example, index, channel, folders)
        else:
            channel.send("run", index, _plain_run(session.run(example)))
    channel.send("done")


def _check_apart(session: Session, example: Example, index: int, channel: Channel,
                 folders: _Folders) -> None:
    """Run a ``rules-check`` in a fork of the page's process, so that nothing it does (a
    class attribute patched, a module's global changed, a file written) reaches the examples
    after it; the page's process goes on as the check found it. The fork works in a copy of
    the page's home and holds no end of the build's channel: it writes to a pipe, and this
    process passes on its steps and its run (:func:`~.channel.relay_check`). A fork that
    ends before it reported ends the page's process the same way, so the build reports it
    at the check's line."""
    copy = confinement.check_copy(folders.area, folders.home)
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        away_from_build(channel)
        confinement.enter_check(copy, folders.log)
        pipe = Channel(Connection(writing, readable=False))
        session.on_step = lambda step: pipe.send("step", step.line)
        _run_then_exit(lambda: pipe.send("run", index, _plain_run(session.run(example))))
    os.close(writing)
    status = relay_check(reading, pid, channel)
    confinement.remove(copy)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:  # the same signal, unless it cannot be caught (SIGKILL), then its status
        with contextlib.suppress(OSError, ValueError):
            signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
        code = 128 - code
    if code != 0:
        _flush()
        os._exit(code)


def _plain_run(run: ExampleRun) -> dict[str, Any]:
    """The run as plain data; a result the engine's types do not make is an error of the
    step that showed it, and is not drawn."""
    from site_plugins.examples.checking.plain import PlainDataError, encode, run_to_data

    for step in run.steps:
        try:
            encode(step.views)
            encode(step.stats)
        except PlainDataError as error:
            step.views, step.stats = [], []
            step.code_error = step.code_error or (
                f"TypeError: a result shown here cannot be drawn: it holds {error}")
        if step.code_error.startswith("PermissionError: [Errno 13]"):
            step.code_error += OWN_FOLDER
    return run_to_data(run)


#: What a refused write is told (a page may write in its own folder only: confinement.py).
OWN_FOLDER = (" (an example may write files only in its own folder, its working and temporary "
              "directory, which is empty when its page starts; a rules-check writes in a copy "
              "of it, gone when the check ends: write to a relative path or use tempfile)")

if __name__ == "__main__":
    main(sys.argv[1:])

"""What a page's process says to the build, and what a ``rules-check`` may say through it.

The page's process writes JSON frames (:mod:`~site_plugins.examples.checking.worker`) on a
socket whose other end is the build's. A :class:`Channel` makes sure it is still writing to
that socket: an example that closed it or put another file in its place
(``os.closerange(3, 1024)``, ``os.dup2``) ends the page's process with
:data:`CHANNEL_LOST`, which the build reports at the statement that did it, rather than as a
failure of the checker or a page that went quiet.

A ``rules-check`` runs in a fork of the page's process that holds no end of the build's
socket (:func:`away_from_build` points it at ``/dev/null``): it writes to a pipe instead,
and the page's process passes on what it reads there (:func:`relay_check`), up to and
including one run and nothing after it. So a check, whatever it finds in its memory, can at
most misreport its own run, never speak for the examples after it.

No MkDocs here.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from multiprocessing.connection import Connection
from typing import Any, NoReturn

__all__ = ["CHANNEL_LOST", "MAX_FRAME", "Channel", "away_from_build", "relay_check"]

#: The exit status of a page's process whose channel an example closed or replaced.
CHANNEL_LOST = 71
#: Largest frame a check's fork may send (one example's run, as JSON).
MAX_FRAME = 64 * 1024 * 1024
#: Seconds between looks at whether a check's fork has ended while it says nothing.
_LOOK = 0.05


class Channel:
    """A connection this process writes frames to, which must still be the file it was
    given when it writes."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.fd = connection.fileno()
        self._file = _identity(self.fd)

    def send(self, *message: Any) -> None:
        """Write ``message`` as one JSON frame."""
        self.send_frame(json.dumps(message).encode())

    def send_frame(self, frame: bytes) -> None:
        """Write one frame as it is, or end this process if the channel is gone."""
        if _identity(self.fd) != self._file:
            _lost()
        try:
            self.connection.send_bytes(frame)
        except OSError:
            _lost()


def away_from_build(channel: Channel) -> None:
    """In a check's fork: make the descriptor of the build's socket write to ``/dev/null``."""
    void = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
    os.dup2(void, channel.fd)
    os.close(void)


def relay_check(reading: int, pid: int, channel: Channel) -> int:
    """Pass on the frames the check's fork ``pid`` writes to ``reading`` up to its run (a
    frame that is not a run or a step is passed on too: the build reports it as garbled,
    at the check), and drop whatever it writes after that, until the fork has ended (or
    sent a frame too long or cut off); the fork's wait status."""
    pipe = Connection(reading, writable=False)
    passing = True
    ended: int | None = None
    try:
        while ended is None or (passing and pipe.poll(0)):  # its run may still be there
            if not pipe.poll(_LOOK):
                ended = _ended(pid)
                continue
            frame = pipe.recv_bytes(MAX_FRAME)
            if passing:
                channel.send_frame(frame)
                passing = _kind(frame) != "run"
    except (EOFError, OSError):
        pass
    finally:
        pipe.close()
    return ended if ended is not None else os.waitpid(pid, 0)[1]


def _kind(frame: bytes) -> str:
    with contextlib.suppress(ValueError, RecursionError):
        message = json.loads(frame)
        if isinstance(message, list) and message and isinstance(message[0], str):
            return message[0]
    return ""


def _ended(pid: int) -> int | None:
    """The wait status of the fork ``pid`` if it has ended (it is reaped), else ``None``."""
    done, status = os.waitpid(pid, os.WNOHANG)
    return status if done else None


def _identity(fd: int) -> tuple[int, int] | None:
    try:
        found = os.fstat(fd)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _lost() -> NoReturn:
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(CHANNEL_LOST)

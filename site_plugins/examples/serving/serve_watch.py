"""``mkdocs serve`` only: a saved file seen at once, not at the next half-second poll.

MkDocs' server looks for changed files by polling: every 0.5 s it takes a snapshot of every
watched folder (watchdog's ``PollingObserver``). Polling works everywhere, including folders
shared into a container or over a network, where the operating system sends no file events
(MkDocs went back to polling for that reason, mkdocs/mkdocs#2477). But a save then waits up to
0.5 s before anything happens: on this site, a third of the time from saving a page to seeing
it reloaded.

:func:`listen_for_events` gives the server an :class:`EventsAndPolling` observer before it
starts. It listens to the operating system's file events (watchdog's ``Observer``: inotify,
FSEvents or ReadDirectoryChangesW) for the watched folders *and* keeps MkDocs' polling, at
MkDocs' interval, for everything:

- a change the events report starts the rebuild within milliseconds, and the poll's later
  report of the same change is dropped (the file is as the event left it), so a save builds
  once, not twice; on a loaded machine the poll may see a save first, and then the event's
  report is the one dropped;
- a change the events never report (a shared folder, a symlinked one) reaches the server by
  the poll, as it would without this module.

Bytecode Python writes beside the engine when a build imports it (``__pycache__``) is not
a change: without this, every change to the engine built the site twice. Watched single
files (``mkdocs.yml``) are left to the poll. Where the event observer cannot
start (no file events on this system, too many watches), the server polls as before and the
log says why, once.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.plugins import get_plugin_logger
from watchdog.events import (
    FileAttribEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch
from watchdog.observers.polling import PollingObserver

log = get_plugin_logger("rules-examples")

#: The events that mean a file changed, as a poll sees it: created, written, deleted, moved,
#: or touched (its time set: the engine's code hash reads it). File events also report a
#: file being opened or closed; a build reads every page, so passing those on would rebuild
#: for ever.
CHANGES: tuple[type[FileSystemEvent], ...] = (FileCreatedEvent, FileModifiedEvent,
                                              FileDeletedEvent, FileMovedEvent, FileAttribEvent)
#: What a file is like now: ``(inode, mtime in ns, size)``, or ``None`` when it is gone.
FileState = tuple[int, int, int] | None


def file_state(path: str) -> FileState:
    """``path``'s inode, modification time and size (what a poll compares), or ``None``."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_ino, stat.st_mtime_ns, stat.st_size)


def event_paths(event: FileSystemEvent) -> list[str]:
    """The files an event is about: its path, and for a move its destination too."""
    paths = [os.fsdecode(event.src_path)]
    if event.dest_path:
        paths.append(os.fsdecode(event.dest_path))
    return paths


def is_bytecode(path: str) -> bool:
    """Whether ``path`` is Python's bytecode (under ``__pycache__``, or a ``.pyc``)."""
    return path.endswith((".pyc", ".pyo")) or "__pycache__" in Path(path).parts


class SeenChanges:
    """The state each file was in when a file event or the poll last reported it
    (thread-safe)."""

    def __init__(self) -> None:
        self._states: dict[str, FileState] = {}
        self._lock = threading.RLock()

    def already_reported(self, event: FileSystemEvent) -> bool:
        """Whether every file of ``event`` is as an earlier report left it: the other watcher
        found this change first."""
        with self._lock:
            return all(path in self._states and self._states[path] == file_state(path)
                       for path in event_paths(event))

    def first_report(self, event: FileSystemEvent) -> bool:
        """Whether ``event`` is news (then each of its files is noted as it is now), or the
        other watcher already passed this very change on."""
        with self._lock:
            if self.already_reported(event):
                return False
            for path in event_paths(event):
                self._states[path] = file_state(path)
            return True


class _Forward(FileSystemEventHandler):
    """Passes a watcher's reports on to a server's handler, unless the other watcher (file
    events or the poll) already reported the same change: whichever sees a save first builds,
    once. On a loaded machine the poll can see a save before its file event is handled."""

    def __init__(self, handler: FileSystemEventHandler, seen: SeenChanges) -> None:
        self.handler = handler
        self.seen = seen

    def dispatch(self, event: FileSystemEvent) -> None:
        if event.is_directory or not isinstance(event, CHANGES):
            return  # MkDocs rebuilds for changed files only
        if all(is_bytecode(path) for path in event_paths(event)):
            return  # written by the build itself, importing the engine
        if self.seen.first_report(event):
            self.handler.dispatch(event)


class EventsAndPolling:
    """What MkDocs' server asks of its observer (``schedule``, ``unschedule``, ``start``,
    ``stop``, ``join``): file events for folders, polling for everything, each change passed
    on once.

    ``events`` makes the event observer (watchdog's best for this system by default);
    ``polling`` is the poll every watch keeps.
    """

    def __init__(self, polling: BaseObserver,
                 events: Callable[[], BaseObserver] = Observer) -> None:
        self.polling = polling
        self.events: BaseObserver | None = events()
        self.seen = SeenChanges()
        #: The poll's watch → the event observer's watch for the same folder.
        self._event_watches: dict[ObservedWatch, ObservedWatch] = {}

    @property
    def timeout(self) -> float:
        return self.polling.timeout

    def schedule(self, handler: FileSystemEventHandler, path: str, *,
                 recursive: bool = False) -> ObservedWatch:
        watch = self.polling.schedule(_Forward(handler, self.seen),
                                      path, recursive=recursive)
        if self.events is not None and os.path.isdir(path):
            self._event_watches[watch] = self.events.schedule(
                _Forward(handler, self.seen), path, recursive=recursive,
                event_filter=list(CHANGES))
        return watch

    def unschedule(self, watch: ObservedWatch) -> None:
        self.polling.unschedule(watch)
        event_watch = self._event_watches.pop(watch, None)
        if event_watch is not None and self.events is not None:
            self.events.unschedule(event_watch)

    def start(self) -> None:
        if self.events is not None:
            try:
                self.events.start()
            except Exception as error:
                log.info(f"mkdocs serve: this system's file events are not available "
                         f"({type(error).__name__}: {error}); saved files are seen by polling "
                         f"every {self.polling.timeout:g} s")
                self._drop_events()
        self.polling.start()

    def stop(self) -> None:
        if self.events is not None:
            self.events.stop()
        self.polling.stop()

    def join(self, timeout: float | None = None) -> None:
        if self.events is not None and self.events.is_alive():
            self.events.join(timeout)
        self.polling.join(timeout)

    def is_alive(self) -> bool:
        return self.polling.is_alive()

    def listening(self) -> bool:
        """Whether file events are in use (the event observer started and was not dropped)."""
        return self.events is not None and self.events.is_alive()

    def _drop_events(self) -> None:
        events, self.events = self.events, None
        self._event_watches.clear()
        if events is not None:
            with contextlib.suppress(Exception):  # it never ran: nothing to undo
                events.unschedule_all()


def listen_for_events(server: Any,
                      events: Callable[[], BaseObserver] = Observer) -> EventsAndPolling | None:
    """Give MkDocs' live-reload ``server`` (not yet serving) an :class:`EventsAndPolling`
    observer, with every path it watches so far watched again, as before.

    Returns the new observer, or ``None`` (the server left as it was, with a line in the log)
    when the server is not as MkDocs 1.5 and 1.6 make it: a polling observer not started yet,
    and its watched paths in ``_watched_paths`` and ``_watch_refs``."""
    polling = getattr(server, "observer", None)
    counts = getattr(server, "_watched_paths", None)
    refs = getattr(server, "_watch_refs", None)
    if not isinstance(polling, PollingObserver) or polling.is_alive() \
            or not isinstance(counts, dict) or not isinstance(refs, dict) \
            or not callable(getattr(server, "watch", None)) \
            or not callable(getattr(server, "unwatch", None)):
        log.info("mkdocs serve: this MkDocs' file watching is not as the rules-examples plugin "
                 "knows it; saved files are seen by MkDocs' own polling")
        return None
    watched = [(path, count, bool(getattr(refs.get(path), "is_recursive", True)))
               for path, count in counts.items()]
    for path, count, _recursive in watched:
        for _ in range(count):
            server.unwatch(path)
    observer = EventsAndPolling(PollingObserver(timeout=polling.timeout), events)
    server.observer = observer
    for path, count, recursive in watched:
        for _ in range(count):
            server.watch(path, recursive=recursive)
    return observer

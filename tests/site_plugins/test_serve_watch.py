"""``mkdocs serve`` sees a save through file events, keeps MkDocs' polling for folders that
send none, and builds once for a change both report
(``site_plugins/examples/serving/serve_watch.py``).

Each test runs MkDocs' own live-reload server in this process, on 127.0.0.1 with a port of the
system's choosing, with a builder that counts its calls; nothing is served to a browser.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.livereload import LiveReloadServer
from watchdog.events import FileSystemEvent
from watchdog.observers.api import BaseObserver
from watchdog.observers.polling import PollingObserver

from site_plugins.examples.serving import serve_watch
from site_plugins.examples.serving.serve_watch import (
    EventsAndPolling,
    SeenChanges,
    event_paths,
    listen_for_events,
)

#: Longest wait for a build a save should start (a generous limit, not a measurement).
LIMIT = 15.0


class Builds:
    """A builder that counts its calls, each taking ``seconds``."""

    def __init__(self, seconds: float = 0.0) -> None:
        self.count = 0
        self.seconds = seconds
        self.changed = threading.Event()

    def __call__(self) -> None:
        self.count += 1
        time.sleep(self.seconds)
        self.changed.set()

    def wait(self) -> bool:
        return self.changed.wait(LIMIT)


def make_server(tmp_path: Path, builds: Builds, polling: float) -> LiveReloadServer:
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    return LiveReloadServer(builder=builds, host="127.0.0.1", port=0, root=str(site),
                            polling_interval=polling, shutdown_delay=0.05)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    (folder / "chapter").mkdir(parents=True)
    (folder / "chapter" / "page.md").write_text("# A page\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", "utf-8")
    return folder


@pytest.fixture
def serving() -> Iterator[Callable[[LiveReloadServer], None]]:
    servers: list[tuple[LiveReloadServer, threading.Thread]] = []

    def start(server: LiveReloadServer) -> None:
        thread = threading.Thread(target=server.serve, daemon=True)
        thread.start()
        servers.append((server, thread))
        deadline = time.monotonic() + LIMIT
        while not server.observer.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.15)  # the first snapshot is taken when the poll starts

    yield start
    for server, thread in servers:
        server.shutdown(wait=True)
        thread.join(LIMIT)


def save(page: Path, text: str) -> None:
    page.write_text(text, "utf-8")


def test_a_save_is_seen_by_file_events_without_waiting_for_the_poll(
        tmp_path: Path, docs: Path, serving: Callable[[LiveReloadServer], None]) -> None:
    builds = Builds()
    server = make_server(tmp_path, builds, polling=3600.0)  # the poll never comes in this test
    server.watch(str(docs))
    observer = listen_for_events(server)
    assert isinstance(observer, EventsAndPolling)
    serving(server)
    assert observer.listening()

    save(docs / "chapter" / "page.md", "# A page, saved\n")
    assert builds.wait(), "the save started no build: file events did not reach the server"
    assert builds.count == 1


def test_a_touched_file_is_a_change_as_the_poll_sees_it(
        tmp_path: Path, docs: Path, serving: Callable[[LiveReloadServer], None]) -> None:
    """``touch rules_core/limits.py``: the engine's code hash reads modification times."""
    builds = Builds()
    server = make_server(tmp_path, builds, polling=3600.0)
    server.watch(str(docs))
    listen_for_events(server)
    serving(server)

    os.utime(docs / "chapter" / "page.md", (1_000_000_000, 1_000_000_000))
    assert builds.wait(), "a touch started no build"


@pytest.mark.parametrize("drop_reported", [True, False], ids=["deduplicated", "control"])
def test_a_change_both_report_builds_once(tmp_path: Path, docs: Path,
                                          serving: Callable[[LiveReloadServer], None],
                                          monkeypatch: pytest.MonkeyPatch,
                                          drop_reported: bool) -> None:
    # Both watchers report the save; the second report is heard (dropped, or passed on in the
    # control) before the count is read: the test waits for that event, not for a duration.
    second_report = threading.Event()
    reports = []
    first_report = SeenChanges.first_report

    def counting(self: SeenChanges, event: FileSystemEvent) -> bool:
        news = first_report(self, event) if drop_reported else True
        if event_paths(event)[0].endswith("page.md"):
            reports.append(news)
            if len(reports) >= 2:
                second_report.set()
        return news

    monkeypatch.setattr(SeenChanges, "first_report", counting)
    builds = Builds(seconds=0.05)
    server = make_server(tmp_path, builds, polling=0.2)
    # The build starts as soon as a report arrives, so the other's report cannot join the
    # same build: without the check, it would start a second one.
    server.build_delay = 0.0
    server.watch(str(docs))
    listen_for_events(server)
    serving(server)

    save(docs / "chapter" / "page.md", "# A page, saved\n")
    assert builds.wait()
    assert second_report.wait(LIMIT), "only one watcher reported the save"
    if drop_reported:
        # A report of a state already reported is dropped; each build is a report's news (a
        # write the events caught half-way, before its last byte, is news of its own).
        assert reports[0] and not all(reports), reports
        assert builds.count <= sum(reports)
    else:
        deadline = time.monotonic() + LIMIT
        while builds.count < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert builds.count >= 2


def test_reading_the_pages_starts_no_build(tmp_path: Path, docs: Path,
                                           serving: Callable[[LiveReloadServer], None]) -> None:
    """File events report a file opened and closed too: a build reads every page."""
    builds = Builds()
    server = make_server(tmp_path, builds, polling=3600.0)
    server.watch(str(docs))
    listen_for_events(server)
    serving(server)

    for _ in range(3):
        assert (docs / "chapter" / "page.md").read_text("utf-8") == "# A page\n"
    (docs / "chapter").stat()
    assert not builds.changed.wait(0.6)
    assert builds.count == 0


@pytest.mark.parametrize("events", [True, False], ids=["events", "poll only"])
def test_bytecode_written_beside_the_engine_starts_no_build(
        tmp_path: Path, docs: Path, serving: Callable[[LiveReloadServer], None],
        events: bool) -> None:
    """A build imports the engine, and Python writes ``__pycache__`` beside it."""
    engine = tmp_path / "rules_core"
    engine.mkdir()
    (engine / "dice.py").write_text("FACES = 6\n", "utf-8")
    builds = Builds()
    server = make_server(tmp_path, builds, polling=0.2)
    server.watch(str(engine))
    listen_for_events(server, **({} if events else {"events": deaf}))
    serving(server)

    (engine / "__pycache__").mkdir()
    (engine / "__pycache__" / "dice.cpython-311.pyc").write_bytes(b"\0" * 16)
    (engine / "old.pyc").write_bytes(b"\0" * 16)
    assert not builds.changed.wait(0.6)
    (engine / "dice.py").write_text("FACES = 8\n", "utf-8")
    assert builds.wait()
    time.sleep(0.5)
    assert builds.count == 1


def deaf() -> BaseObserver:
    """An event observer that never reports (a folder shared into a container)."""
    return PollingObserver(timeout=3600.0)


def test_a_folder_without_file_events_is_still_polled(
        tmp_path: Path, docs: Path, serving: Callable[[LiveReloadServer], None]) -> None:
    builds = Builds()
    server = make_server(tmp_path, builds, polling=0.2)
    server.watch(str(docs))
    listen_for_events(server, events=deaf)
    serving(server)

    save(docs / "chapter" / "page.md", "# A page, saved\n")
    assert builds.wait(), "the poll did not see a save the file events missed"
    time.sleep(0.6)
    assert builds.count == 1


class Broken(PollingObserver):
    """An event observer that cannot start (no file events, or no watches left)."""

    def start(self) -> None:
        raise OSError(28, "inotify watch limit reached")


def test_events_that_cannot_start_leave_the_poll_with_a_note_in_the_log(
        tmp_path: Path, docs: Path, serving: Callable[[LiveReloadServer], None],
        caplog: pytest.LogCaptureFixture) -> None:
    builds = Builds()
    server = make_server(tmp_path, builds, polling=0.2)
    server.watch(str(docs))
    observer = listen_for_events(server, events=Broken)
    assert observer is not None
    with caplog.at_level("INFO"):
        serving(server)
    assert not observer.listening()
    assert "file events are not available (OSError: [Errno 28] inotify watch limit reached)" \
        in caplog.text
    assert "seen by polling every 0.2 s" in caplog.text

    save(docs / "chapter" / "page.md", "# A page, saved\n")
    assert builds.wait()


def test_every_watched_path_is_watched_again_as_before(tmp_path: Path, docs: Path) -> None:
    server = make_server(tmp_path, Builds(), polling=0.5)
    config_file = tmp_path / "mkdocs.yml"
    server.watch(str(docs))
    server.watch(str(docs))  # a plugin may watch a path MkDocs watches: counted twice
    server.watch(str(config_file))
    server.watch(str(docs / "chapter"), recursive=False)
    observer = listen_for_events(server)

    assert observer is not None and server.observer is observer
    assert observer.timeout == 0.5
    assert server._watched_paths == {str(docs): 2, str(config_file): 1,
                                     str(docs / "chapter"): 1}
    # The poll watches what MkDocs' own observer would.
    plain = make_server(tmp_path, Builds(), polling=0.5)
    for path in (docs, docs, config_file):
        plain.watch(str(path))
    plain.watch(str(docs / "chapter"), recursive=False)
    assert {e.watch for e in observer.polling.emitters} == {e.watch for e in
                                                            plain.observer.emitters}
    # Folders get file events too; a single file is left to the poll.
    assert observer.events is not None
    heard = {(w.path, w.is_recursive) for w in observer._event_watches.values()}
    assert heard == {(str(docs), True), (str(docs / "chapter"), False)}

    server.unwatch(str(docs))
    server.unwatch(str(docs))
    assert len(observer._event_watches) == 1
    assert str(docs) not in {e.watch.path for e in observer.polling.emitters}
    assert len(observer.polling.emitters) == 2


def test_a_server_it_does_not_know_is_left_as_it_is(tmp_path: Path, docs: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    class Other:
        observer: Any = object()

    with caplog.at_level("INFO"):
        assert listen_for_events(Other()) is None
    assert "saved files are seen by MkDocs' own polling" in caplog.text

    server = make_server(tmp_path, Builds(), polling=0.5)
    server.watch(str(docs))
    server.observer.start()  # already polling: too late to change
    try:
        before = server.observer
        assert listen_for_events(server) is None
        assert server.observer is before
    finally:
        server.observer.stop()
        server.observer.join()


def test_the_plugin_gives_mkdocs_serve_the_observer(tmp_path: Path, docs: Path) -> None:
    from site_plugins.examples.site.plugin import ExamplesPlugin

    plugin = ExamplesPlugin()
    plugin.load_config({})
    server = make_server(tmp_path, Builds(), polling=0.5)
    server.watch(str(docs))
    assert plugin.on_serve(server, config=None, builder=None) is server  # type: ignore[arg-type]
    assert isinstance(server.observer, EventsAndPolling)
    assert serve_watch.file_state(str(docs / "missing.md")) is None


def test_whichever_watcher_reports_a_save_first_builds_and_the_other_does_not(
        docs: Path) -> None:
    """On a loaded machine the poll can see a save before its file event is handled."""
    from watchdog.events import FileModifiedEvent, FileSystemEventHandler

    passed_on = []

    class Handler(FileSystemEventHandler):
        def dispatch(self, event: FileSystemEvent) -> None:
            passed_on.append(event)

    seen = SeenChanges()
    poll, events = (serve_watch._Forward(Handler(), seen) for _ in range(2))
    page = docs / "chapter" / "page.md"
    save(page, "# A page, saved\n")
    poll.dispatch(FileModifiedEvent(str(page)))  # the poll first
    events.dispatch(FileModifiedEvent(str(page)))  # then the event, for the same save
    assert len(passed_on) == 1
    save(page, "# A page, saved again, longer\n")
    events.dispatch(FileModifiedEvent(str(page)))  # a new save is news to either
    assert len(passed_on) == 2

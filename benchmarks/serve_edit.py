"""The edit loop of ``mkdocs serve``: from saving a docs page to the rebuilt page being served.

Starts ``mkdocs serve`` for the project on 127.0.0.1 (a free port), waits until it serves,
then, 5 times, saves one docs page with a new marker (an HTML comment ``<!-- serve-edit … -->``
appended at its end) and polls the page over HTTP until the marker is served. Then once more
after touching a ``rules_core`` file first (the engine's code changed: every page is checked
again). The server's log gives each edit's phases: the file watcher noticing the save,
MkDocs' wait for more changes, the build, and the page being served.

``--dirty`` measures ``mkdocs serve --dirty`` (only changed pages rebuilt) instead, and
``--shift`` adds the line above the page's heading rather than at its end (every example
moves down: the cards' line numbers change).

``--browser`` measures what an author sees instead: the page is open in Chromium (headless,
Debian's ``/usr/bin/chromium``), and each edit is timed from the save to the ``load`` event
of the page MkDocs' live reload loads again, the marker in it.

The page is restored in a ``finally`` block: only the marker lines this script added are
removed (so an edit someone else saves meanwhile survives), and the server is stopped.

    .venv/bin/python benchmarks/serve_edit.py [--runs 5] [--dirty] [--shift] [--browser]

Prints medians and writes ``benchmarks/results/serve_edit[-dirty][-shift][-browser].json``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
PAGE = "docs/verses/action-chaining.md"
URL_PATH = "verses/action-chaining/"
ENGINE_FILE = "rules_core/limits.py"
#: The plugin's cache (its ``cache_dir`` default), where the Node steps leave their results.
CACHE = Path.home() / ".cache" / "rules-examples"
#: Longest wait for the first build (it may run Pyodide under Node) and for one edit.
START_LIMIT = 600.0
EDIT_LIMIT = 180.0
POLL = 0.01
CHROMIUM = os.environ.get("RULES_CHROMIUM", "/usr/bin/chromium")
#: A marker line this script adds: at the end after a blank line, or before the page's
#: heading with a blank line after it (``--shift``).
MARKER_AT_END = re.compile(r"\n<!-- serve-edit [0-9a-f]+ \d+ -->\n\Z")
MARKER_ON_TOP = re.compile(r"^<!-- serve-edit [0-9a-f]+ \d+ -->\n\n", re.MULTILINE)
MARKER = re.compile(r"^<!-- serve-edit [0-9a-f]+ \d+ -->\n", re.MULTILINE)


@dataclass
class Edit:
    """One save and what the server did about it, in seconds from the save."""

    kind: str
    total: float
    detected: float | None = None
    build_started: float | None = None
    built: float | None = None
    build_reported: float | None = None
    pages_checked: int | None = None
    pages_kept: int | None = None
    #: ``--browser``: from the save to the reloaded page's first contentful paint.
    painted: float | None = None
    #: Files added to the plugin's cache meanwhile: a snapshot or a standard-library trace
    #: means a build ran Pyodide under Node (this one, or another process sharing the cache).
    new_cache_files: list[str] = field(default_factory=list)

    def phases(self) -> dict[str, float | None]:
        def gap(a: float | None, b: float | None) -> float | None:
            return None if a is None or b is None else round(b - a, 3)

        return {"watch": self.detected, "wait": gap(self.detected, self.build_started),
                "build": gap(self.build_started, self.built),
                "serve": gap(self.built, self.total)}


@dataclass
class Log:
    """The server's log lines with the time each was read."""

    lines: list[tuple[float, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def follow(self, stream: object) -> None:
        for raw in stream:  # type: ignore[attr-defined]
            with self.lock:
                self.lines.append((time.monotonic(), raw.rstrip("\n")))

    def since(self, start: float) -> list[tuple[float, str]]:
        with self.lock:
            return [(t, line) for t, line in self.lines if t >= start]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=EDIT_LIMIT) as answer:
            return str(answer.read().decode("utf-8"))
    except (urllib.error.URLError, OSError):
        return None


def wait_for(url: str, test: object, limit: float, server: subprocess.Popen[str]) -> float:
    """Poll ``url`` until ``test(body)``; the time it first held."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"mkdocs serve exited with {server.returncode}")
        body = fetch(url)
        if body is not None and test(body):  # type: ignore[operator]
            return time.monotonic()
        time.sleep(POLL)
    raise TimeoutError(f"{url} did not change in {limit:g} s")


def add_marker(page: Path, marker: str, shift: bool) -> None:
    """Replace this script's marker in ``page`` by ``marker``: at the end, or with ``shift``
    above the page's heading (every line below it moves down two)."""
    text = without_markers(page.read_text("utf-8"))
    if shift:
        heading = re.search(r"^# ", text, re.MULTILINE)
        at = heading.start() if heading else 0
        text = f"{text[:at]}{marker}\n\n{text[at:]}"
    else:
        text = text if text.endswith("\n") else text + "\n"
        text += f"\n{marker}\n"
    page.write_text(text, "utf-8")


def without_markers(text: str) -> str:
    """``text`` without the marker lines this script added (and their blank lines)."""
    for pattern in (MARKER_AT_END, MARKER_ON_TOP, MARKER):
        text = pattern.sub("", text)
    return text


def remove_markers(page: Path) -> None:
    """Take out every marker this script added, and nothing else."""
    text = page.read_text("utf-8")
    cleaned = without_markers(text)
    if cleaned != text:
        page.write_text(cleaned, "utf-8")


def phases(edit: Edit, log: Log, start: float) -> None:
    """Fill ``edit``'s phases from the server's log after ``start``."""
    for when, line in log.since(start):
        offset = round(when - start, 3)
        if "Detected file changes" in line and edit.detected is None:
            edit.detected = offset
        elif "Building documentation" in line and edit.build_started is None:
            edit.build_started = offset
        elif (found := re.search(r"Documentation built in ([\d.]+) seconds", line)) and (
                edit.build_reported is None):
            edit.build_reported = float(found[1])  # (MkDocs drops a line equal to the last)
        elif "Reloading browsers" in line and edit.built is None:
            edit.built = offset  # logged as soon as the build is over
        elif found := re.search(r"checked (\d+) pages?, kept (\d+) unchanged", line):
            edit.pages_checked, edit.pages_kept = int(found[1]), int(found[2])


def settle(log: Log, quiet: float = 1.5, limit: float = EDIT_LIMIT) -> None:
    """Wait until the server has logged nothing for ``quiet`` seconds (a rebuild is over)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with log.lock:
            last = log.lines[-1][0] if log.lines else 0.0
        if time.monotonic() - last >= quiet:
            return
        time.sleep(0.1)


def measure(page: Path, url: str, log: Log, server: subprocess.Popen[str], kind: str,
            number: int, token: str, shift: bool, browser: Any = None) -> Edit:
    """One edit, timed to the rebuilt page served (or, with ``browser``, a Playwright page
    showing ``url``, to that page loaded again by MkDocs' live reload)."""
    settle(log)
    cached = cache_files()
    marker = f"<!-- serve-edit {token} {number} -->"
    if kind == "engine":
        os.utime(ROOT / ENGINE_FILE)  # a touch: the engine's code hash changes
    start = time.monotonic()
    if browser is None:
        add_marker(page, marker, shift)
        served = wait_for(url, lambda body: marker in body, EDIT_LIMIT, server)
    else:
        saved_at = time.time()  # the browser's clock is the system's too
        with browser.expect_event("load", timeout=EDIT_LIMIT * 1000):
            add_marker(page, marker, shift)
        served = time.monotonic()
        if marker not in browser.content():
            raise RuntimeError("the page reloaded without the edit")
    edit = Edit(kind, round(served - start, 3))
    if browser is not None:
        paint = browser.evaluate(
            "() => { const p = performance.getEntriesByName('first-contentful-paint')[0];"
            " return p ? performance.timeOrigin + p.startTime : null; }")
        edit.painted = None if paint is None else round(paint / 1000 - saved_at, 3)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # the build's last lines
        time.sleep(0.1)
        phases(edit, log, start)
        if edit.built is not None and edit.pages_checked is not None:
            break
    edit.new_cache_files = sorted(cache_files() - cached)
    return edit


def cache_files() -> set[str]:
    try:
        return {path.name for path in CACHE.iterdir()}
    except OSError:
        return set()


def described(edit: Edit) -> str:
    node = f", new in cache: {' '.join(edit.new_cache_files)}" if edit.new_cache_files else ""
    paint = f"painted at {edit.painted:.3f} s, " if edit.painted is not None else ""
    return (f"{edit.total:.3f} s {paint}{edit.phases()} (checked {edit.pages_checked}, kept "
            f"{edit.pages_kept}{node})")


def summary(edits: list[Edit]) -> dict[str, object]:
    def median(values: list[float | None]) -> float | None:
        known = [v for v in values if v is not None]
        return round(statistics.median(known), 3) if known else None

    return {
        "runs": len(edits),
        "median_total_s": median([e.total for e in edits]),
        "median_painted_s": median([e.painted for e in edits]),
        "median_phases_s": {name: median([e.phases()[name] for e in edits])
                            for name in ("watch", "wait", "build", "serve")},
        "median_build_reported_s": median([e.build_reported for e in edits]),
        "pages_checked": [e.pages_checked for e in edits],
        "pages_kept": [e.pages_kept for e in edits],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default=PAGE)
    parser.add_argument("--url-path", default=URL_PATH)
    parser.add_argument("--dirty", action="store_true", help="mkdocs serve --dirty")
    parser.add_argument("--shift", action="store_true",
                        help="edit near the top of the page (the examples' lines move)")
    parser.add_argument("--browser", action="store_true",
                        help="time each save to the page reloaded in Chromium")
    args = parser.parse_args()

    page = ROOT / args.page
    port = free_port()
    url = f"http://127.0.0.1:{port}/{args.url_path}"
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}",
               "-f", str(ROOT / "mkdocs.yml")]
    if args.dirty:  # --dirty warns that it is dirty, which mkdocs.yml's strict: true refuses
        command.extend(["--dirty", "--no-strict"])
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUNBUFFERED": "1"}
    token = secrets.token_hex(4)
    log = Log()
    edits: list[Edit] = []
    started = time.monotonic()
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, start_new_session=True)
    reader = threading.Thread(target=log.follow, args=(server.stdout,), daemon=True)
    reader.start()
    playwright: Any = None
    try:
        wait_for(url, lambda body: True, START_LIMIT, server)
        first_build = round(time.monotonic() - started, 1)
        print(f"serving {url} after {first_build} s (first build)")
        browser = None
        if args.browser:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            browser = chromium.new_page()
            browser.goto(url, wait_until="load")
        for number in range(args.runs):
            edit = measure(page, url, log, server, "page", number, token, args.shift, browser)
            edits.append(edit)
            print(f"page edit {number + 1}: {described(edit)}")
        edit = measure(page, url, log, server, "engine", args.runs, token, args.shift, browser)
        edits.append(edit)
        print(f"engine touched + page edit: {described(edit)}")
    finally:
        remove_markers(page)
        if playwright is not None:
            playwright.stop()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()

    page_edits = [e for e in edits if e.kind == "page"]
    engine_edits = [e for e in edits if e.kind == "engine"]
    result = {
        "command": "mkdocs serve" + (" --dirty --no-strict" if args.dirty else ""),
        "page": args.page,
        "edit": "a line above the page's heading" if args.shift else "a line at the end",
        "until": ("the page reloaded in Chromium (its load event)" if args.browser
                  else "the rebuilt page served"),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "page_edit": summary(page_edits),
        "engine_touched": summary(engine_edits),
        "edits": [{**asdict(e), "phases": e.phases()} for e in edits],
    }
    if args.browser:
        print(f"page edit, median first paint: {result['page_edit']['median_painted_s']} s")
    print(f"page edit, median of {len(page_edits)}: {result['page_edit']['median_total_s']} s "
          f"{result['page_edit']['median_phases_s']}")
    print(f"engine touched: {result['engine_touched']['median_total_s']} s "
          f"{result['engine_touched']['median_phases_s']}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    suffix = ("-dirty" if args.dirty else "") + ("-shift" if args.shift else "") + (
        "-browser" if args.browser else "")
    out = RESULTS / f"serve_edit{suffix}.json"
    out.write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Measure the browser Reroll: engine start, first result, later rerolls, bytes transferred.

Builds the site, serves it on 127.0.0.1 with a server
that counts the bytes it sends, and drives Debian's Chromium headless through Playwright.
Two profiles: *cold* (a new, empty profile directory) and *warm* (the same directory again,
so the HTTP cache holds the runtime). For each it records:

* ``idle_pyodide_bytes``: bytes of the engine sent while a reader merely reads (no interest);
* ``load_to_ready_ms``: navigation start → engine ready, with interest shown at load;
* ``first_click_after_load_ms`` (a): Reroll clicked as soon as the page has loaded → painted;
* ``first_click_when_ready_ms`` (b): Reroll clicked once the engine is ready → painted;
* ``later_reroll_median_ms``: median of 20 later rerolls, click → painted;
* ``bytes_before_first_result``: everything the server sent for the page and the engine.

Times come from ``performance.mark`` entries the page script sets (``rx-reroll-click``,
``rx-result-painted``: the frame with the rerolled card and every card on screen has been
painted; ``rx-engine-ready``), so they exclude Playwright's own overhead. Later rerolls are
clicked with real mouse events at the button's position (``page.mouse``), not locator clicks,
whose actionability checks run scripts in the page around the click.

    python benchmarks/reroll.py [--runs 3] [--no-snapshot]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("RULES_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: The engine's worker (its modules joined into one file; the page's own script starts it).
ENGINE_SCRIPTS = r"/engine-worker\.js"
PAGE = os.environ.get("RX_PAGE", "/verses/action-chaining/")
CARD = os.environ.get("RX_CARD", "#tams-first-punch")


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and adds up the bytes of every response body it sends."""

    sent: ClassVar[dict[str, int]] = {}
    lock: ClassVar[threading.Lock] = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        outputfile.write(data)
        with self.lock:
            self.sent[self.path] = self.sent.get(self.path, 0) + len(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def reset_counts() -> None:
    with CountingHandler.lock:
        CountingHandler.sent.clear()


def counts() -> tuple[int, int]:
    """(all bytes sent, bytes of the engine: worker scripts and Pyodide folder)."""
    with CountingHandler.lock:
        total = sum(CountingHandler.sent.values())
        engine = sum(v for k, v in CountingHandler.sent.items()
                     if "/pyodide/" in k or re.search(ENGINE_SCRIPTS, k))
    return total, engine


def marks(page: Page, name: str) -> list[float]:
    return [float(x) for x in page.evaluate(
        f"performance.getEntriesByName({name!r}).map(e => e.startTime)")]


def wait_painted(page: Page, count: int) -> None:
    page.wait_for_function(
        f"performance.getEntriesByName('rx-page-updated').length >= {count}", timeout=120_000)


def click_to_paint(page: Page) -> list[float]:
    clicks, painted = marks(page, "rx-reroll-click"), marks(page, "rx-result-painted")
    return [p - c for c, p in zip(clicks, painted, strict=False)]


def measure(page: Page, base: str) -> dict[str, float | int]:
    """One profile's figures (the profile's cache state is whatever the caller left)."""
    result: dict[str, float | int] = {}
    reset_counts()
    page.goto(base + PAGE, wait_until="load")
    page.wait_for_timeout(3000)  # a reader reading, showing no interest
    result["idle_pyodide_bytes"] = counts()[1]

    # (a) click as soon as the page has loaded
    reset_counts()
    page.goto(base + PAGE, wait_until="load")
    page.click(f"{CARD} .rx-reroll")
    wait_painted(page, 1)
    result["first_click_after_load_ms"] = round(click_to_paint(page)[0])
    result["bytes_before_first_result"], result["engine_bytes"] = counts()
    result["engine_start_via"] = page.evaluate("document.documentElement.dataset.rxEngineVia")

    # load → ready, then (b) click once ready
    page.goto(base + PAGE, wait_until="load")
    page.hover(f"{CARD} .rx-reroll")  # a mouse resting on Reroll warms the engine
    page.wait_for_function("performance.getEntriesByName('rx-engine-ready').length > 0",
                           timeout=120_000)
    result["load_to_ready_ms"] = round(marks(page, "rx-engine-ready")[0])
    page.click(f"{CARD} .rx-reroll")
    wait_painted(page, 1)
    result["first_click_when_ready_ms"] = round(click_to_paint(page)[0])

    # Real mouse clicks through the browser's input pipeline (CDP), without Playwright's
    # actionability checks, which run scripts in the page around each locator click.
    button = page.locator(f"{CARD} .rx-reroll")
    for n in range(2, 22):
        box = button.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait_painted(page, n)
    later = click_to_paint(page)[1:]
    python = page.evaluate("performance.getEntriesByName('rx-result-painted')"
                           ".slice(1).map(e => e.detail.pythonMs)")
    result["later_reroll_python_median_ms"] = statistics.median(python)
    phases = page.evaluate(
        "(() => { const c = performance.getEntriesByName('rx-reroll-click').slice(1);"
        " return performance.getEntriesByName('rx-result-painted').slice(1).map((e, i) =>"
        " [e.detail.answered - c[i].startTime, e.detail.drawn - e.detail.answered,"
        " e.detail.received - c[i].startTime, e.detail.answered - e.detail.replied,"
        " e.startTime - e.detail.drawn]); })()")
    for n, name in enumerate(("click_to_answer", "answer_to_drawn", "click_to_worker",
                              "worker_to_page", "drawn_to_painted")):
        result[f"later_{name}_median_ms"] = round(statistics.median(p[n] for p in phases), 1)
    result["later_reroll_median_ms"] = round(statistics.median(later), 1)
    result["later_reroll_max_ms"] = round(max(later), 1)
    return result


def build_site(out: Path, url: str, snapshot: bool = True) -> None:
    config = out.parent / "mkdocs.yml"
    plugins = "" if snapshot else (
        "plugins:\n  - search\n  - rules-examples:\n      snapshot: false\n")
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {ROOT / 'docs'}\n"
                      f"site_url: {url}/\nwatch: []\n{plugins}", encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config),
                    "-d", str(out)], check=True, env=env, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm pairs to run")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="build without the start-up snapshot (the plain start)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        handler = functools.partial(CountingHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        build_site(site, base, snapshot=not args.no_snapshot)
        runs: dict[str, list[dict[str, float | int]]] = {"cold": [], "warm": []}
        with sync_playwright() as playwright:
            for run in range(args.runs):
                profile = Path(tmp) / f"profile-{run}"
                for state in ("cold", "warm"):
                    context = playwright.chromium.launch_persistent_context(
                        str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
                    page = context.new_page()
                    runs[state].append(measure(page, base))
                    context.close()
        server.shutdown()
    summary: dict[str, Any] = {"runs": runs, "median": {}}
    for state, values in runs.items():
        summary["median"][state] = {
            key: statistics.median(float(v[key]) for v in values)
            for key in values[0] if isinstance(values[0][key], int | float)
        }
    summary["goals"] = {"first_click_after_load_ms (cold)": 1500,
                        "later_reroll_median_ms": 30, "idle_pyodide_bytes": 0}
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    name = "reroll-no-snapshot.json" if args.no_snapshot else "reroll.json"
    (out / name).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary["median"], indent=2))


if __name__ == "__main__":
    main()

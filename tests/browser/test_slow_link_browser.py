"""A reader on a slow link: the engine loads for as long as its files keep arriving, and a
download that stops is named on the card soon after it stops.

The link is DevTools' emulation (``Network.emulateNetworkConditions``) on the page's session,
which reaches the page and its dedicated workers, the engine's among them: the test checks it
by the engine's own load time against the bytes it received. It does not reach the site's
service worker, whose fetches would go at full speed, so the slow-link test blocks it.
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, QuietHandler, serve
from tests.browser.test_reroll_browser import CHAPTER, PAINTED, card, faces

pytestmark = pytest.mark.browser

#: 4 Mbit/s each way (DevTools counts bytes per second) and a 60 ms round trip: about 10 s
#: for the engine's first load, three times what it takes at full speed here.
BYTES_PER_S = 500_000
LINK = {"offline": False, "latency": 60, "downloadThroughput": BYTES_PER_S,
        "uploadThroughput": BYTES_PER_S}
#: The stall limit the stalled-download test gives the engine (its manifest's stallLimitMs).
STALL_S = 3
#: How much of the compressed wasm the stalling host sends before it stops.
SENT_BEFORE_STALL = 1_000_000


class GzipStatic(QuietHandler):
    """A host like nginx with ``gzip_static on`` (the README's recommended configuration): a
    file with a ``.gz`` beside it goes out compressed to a browser that accepts gzip."""

    def send_head(self):  # type: ignore[no-untyped-def]  # http.server's own signature
        path = Path(self.translate_path(self.path))
        packed = path.with_name(f"{path.name}.gz")
        if (not path.is_file() or not packed.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return packed.open("rb")


@pytest.fixture(scope="module")
def recommended_url(project_site: Path) -> Iterator[str]:
    """The project's site from a host that sends the build's ``.gz`` files."""
    yield from serve(project_site, GzipStatic)


#: Records every progress report the engine's worker sends the page (added before the page's
#: own scripts run: the page's script is one file, with nothing of it to import).
RECORD_PROGRESS = """
window.__progress = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    if (!String(url).includes("engine-worker")) return;
    this.addEventListener("message", ({ data }) => data.type === "progress"
      && document.documentElement.dataset.rxEngine !== "ready" && window.__progress.push(
        { at: performance.now(), state: "loading", stage: data.stage, fraction: data.fraction }));
  }
};
"""


@pytest.mark.browser_context_args(service_workers="block")
def test_a_4_mbit_link_gets_its_first_reroll(page: Page, guard: Guard,
                                             recommended_url: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", LINK)
    engine_bytes: list[int] = []
    page.on("requestfinished", lambda r: engine_bytes.append(
        r.sizes()["responseBodySize"]) if "/pyodide/" in r.url else None)
    page.add_init_script(RECORD_PROGRESS)
    page.goto(recommended_url + CHAPTER)
    assert page.evaluate("navigator.serviceWorker.controller") is None
    first = card(page, "tams-first-punch")
    first.locator(".rx-reroll").click()
    page.wait_for_function(f"{PAINTED} > 0", timeout=150_000)
    expect(first.locator(".rx-status")).to_contain_text("Rerolled")
    assert len(faces(first)) == 6
    load_ms = page.evaluate("performance.getEntriesByName('rx-engine-ready')[0].detail.ms")
    received = sum(engine_bytes)
    print(f"\nengine: {received / 1e6:.2f} MB in {load_ms / 1000:.1f} s at 4 Mbit/s")
    # The throttle reached the engine's worker, which fetched every one of these bytes: at
    # full speed its whole load takes ≈ 3 s, at 4 Mbit/s no less than bytes / bandwidth.
    assert received > 3_500_000, engine_bytes  # the runtime, the core and Verses' wheel
    assert load_ms >= 0.6 * received / BYTES_PER_S * 1000, (load_ms, received)
    # Progress came all the way: never a silence the stall watchdog could take for a stall.
    reports: list[dict[str, Any]] = page.evaluate("window.__progress")
    downloading = [r for r in reports if r["stage"] == "download"]
    assert len(downloading) > 40, reports
    gaps = [b["at"] - a["at"] for a, b in pairwise(reports) if a["stage"] == "download"]
    print(f"reports: {len(reports)}, longest gap while downloading: {max(gaps):.0f} ms")
    assert max(gaps) < 5_000, max(gaps)
    fractions = [r["fraction"] for r in reports if r["state"] == "loading"]
    assert fractions == sorted(fractions) and fractions[-1] > 0.85, fractions


class Stall:
    """A host that, the first time the engine's compressed wasm (its .br, or its .gz where the
    page unpacks that) is asked for, sends its first megabyte and then nothing more, until
    released."""

    def __init__(self) -> None:
        self.hung_at = 0.0
        self.hung = threading.Event()
        self.release = threading.Event()

    def handler(self) -> type[QuietHandler]:
        stall = self

        class Stalling(QuietHandler):
            def do_GET(self) -> None:
                if (not self.path.endswith(("/pyodide.asm.wasm.br", "/pyodide.asm.wasm.gz"))
                        or stall.hung.is_set()):
                    return super().do_GET()
                data = Path(self.translate_path(self.path)).read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[:SENT_BEFORE_STALL])
                self.wfile.flush()
                stall.hung_at = time.monotonic()
                stall.hung.set()
                stall.release.wait(60)
                return None

        return Stalling


@pytest.fixture
def stall(sample_site: Path, tmp_path: Path) -> Iterator[tuple[Stall, str]]:
    """The sample site with a short stall limit in its manifest, behind a host that stalls."""
    copy = tmp_path / "site"
    shutil.copytree(sample_site, copy)
    manifest_file = copy / "assets/rules-examples/pyodide/manifest.json"
    manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    manifest_file.write_text(json.dumps({**manifest, "stallLimitMs": STALL_S * 1000}), "utf-8")
    stalling = Stall()
    try:
        for url in serve(copy, stalling.handler()):
            yield stalling, url
    finally:
        stalling.release.set()


def test_a_download_that_stops_is_named_on_the_card_and_reroll_tries_again(
        page: Page, guard: Guard, stall: tuple[Stall, str]) -> None:
    stalling, url = stall
    # A reader whose service worker an earlier visit installed (whose engine is no longer
    # kept): it is in control, so the engine's files come through it, and it must hand on
    # the bytes as they arrive (else the engine could report none of them).
    page.goto(f"{url}/good/")
    page.evaluate("navigator.serviceWorker.register('/rules-examples-sw.js', { scope: '/' })"
                  ".then(() => navigator.serviceWorker.ready).then(() => null)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    figure = page.locator("figure#a-punch")
    figure.locator(".rx-reroll").click()
    assert stalling.hung.wait(30), "the engine never asked for its wasm"
    status = figure.locator(".rx-status")
    expect(status).to_contain_text("stopped downloading", timeout=(STALL_S + 10) * 1000)
    waited = time.monotonic() - stalling.hung_at
    assert STALL_S - 0.2 <= waited <= STALL_S + 5, waited
    text = status.inner_text()
    assert text.startswith("The dice roller could not load: the engine's Python runtime "
                           "(pyodide.asm.wasm) stopped downloading at "), text
    assert (f"nothing more came for {STALL_S}\u00a0seconds (check your connection). "
            "Press Reroll to try again. The documented roll is shown.") in text
    assert "The documented roll is shown" in text
    assert 0 < int(text.split("stopped downloading at ")[1].split("\u00a0%")[0]) < 100, text
    assert faces(figure) == [6, 6, 5, 4, 2, 1]
    stalling.release.set()
    figure.locator(".rx-reroll").click()
    # The engine now loads in full: as long as a first load takes on a busy machine.
    expect(status).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)

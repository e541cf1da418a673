"""Browser tests: the built sites served on 127.0.0.1, driven in Debian's Chromium.

Two sites are built once per session: the project's own docs, and a small site of sample
pages (a ``<script>`` in an example, a runaway example for the watchdog). A copy of the
sample site with Pyodide's wasm removed shows what a reader sees when the engine cannot
load. Every test's page is guarded: no request to any host but 127.0.0.1, no console error.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import (  # noqa: F401  (re-exported for the browser tests)
    ROOT,
    SAMPLES,
    QuietHandler,
    build,
    make_site,
    serve,
)

CHROMIUM = os.environ.get("RULES_CHROMIUM", "/usr/bin/chromium")
#: How long Pyodide may take to become ready on a slow 2-core CI machine, in ms.
ENGINE_TIMEOUT_MS = 60_000

# Any wait on a page may be a wait on the engine (a shared link opened in a fresh context loads
# Pyodide before its status changes): Playwright's 5 s default for ``expect`` failed on a
# loaded CI machine. A wait that passes passes as soon as it holds; only failures take longer.
expect.set_options(timeout=ENGINE_TIMEOUT_MS)


def free_port() -> int:
    """A loopback port free now (for a server started later, as nginx)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def subpath_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The project's site built for ``http://127.0.0.1:<port>/rules/``, and that port: built
    once for every test of a host serving it under a sub-path (nginx, stock or as the README
    recommends, with or without its security policy). A host on another port serves the same
    files; only the host on this port matches the site's ``site_url``."""
    root = tmp_path_factory.mktemp("subpath")
    port = free_port()
    config = root / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {ROOT / 'docs'}\n"
                      f"site_url: http://127.0.0.1:{port}/rules/\nwatch: []\n", encoding="utf-8")
    return build(config, root / "www" / "rules"), port


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sample pages with a 2-second reroll watchdog, built without a snapshot.

    Without a snapshot the page starts Pyodide plainly and installs our wheel through the
    lock file, so these tests cover that path and its integrity check.
    """
    root = tmp_path_factory.mktemp("samples")
    pages = {name: (SAMPLES / name).read_text(encoding="utf-8")
             for name in ("script_tag.md", "runaway.md", "good.md")}
    pages["index.md"] = "# Samples\n"
    make_site(root, pages)
    config = root / "mkdocs.yml"
    config.write_text(
        "site_name: Samples\ntheme:\n  name: material\n  font: false\n"
        "extra:\n  generator: false\n"
        "plugins:\n  - rules-examples:\n      reroll_time_limit: 2.0\n      snapshot: false\n"
        "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n",
        encoding="utf-8",
    )
    return build(config, root / "site")


@pytest.fixture(scope="session")
def broken_site(sample_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample site without Pyodide's wasm: the engine cannot load."""
    copy = tmp_path_factory.mktemp("broken") / "site"
    shutil.copytree(sample_site, copy)
    for wasm in (copy / "assets/rules-examples/pyodide").glob("*/pyodide.asm.wasm*"):
        wasm.unlink()
    return copy


@pytest.fixture(scope="session")
def tampered_site(sample_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample site with one byte of our wheel changed, in every copy of it the page may
    fetch (the wheel, its .br, its .gz): what the page unpacks no longer matches its sha256."""
    copy = tmp_path_factory.mktemp("tampered") / "site"
    shutil.copytree(sample_site, copy)
    for wheel in (copy / "assets/rules-examples/pyodide").glob("*/rules_reference-*.whl*"):
        data = bytearray(wheel.read_bytes())
        data[-30] ^= 0xFF
        wheel.write_bytes(bytes(data))
    return copy


@pytest.fixture(scope="session")
def bad_snapshot_site(project_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's site with a snapshot that cannot be restored."""
    copy = tmp_path_factory.mktemp("bad-snapshot") / "site"
    shutil.copytree(project_site, copy)
    manifest_file = copy / "assets/rules-examples/pyodide/manifest.json"
    manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    manifest_file.write_text(json.dumps({**manifest, "snapshotFirstVisit": True}), "utf-8")
    for snapshot in (copy / "assets/rules-examples/pyodide").glob("*/snapshot-*.bin*"):
        snapshot.write_bytes(b"not a snapshot" * 1000)
    return copy


@pytest.fixture(scope="session")
def tampered_url(tampered_site: Path) -> Iterator[str]:
    yield from serve(tampered_site)


@pytest.fixture(scope="session")
def bad_snapshot_url(bad_snapshot_site: Path) -> Iterator[str]:
    yield from serve(bad_snapshot_site)


@pytest.fixture(scope="session")
def base_url(project_server: tuple[str, Path]) -> str:
    """pytest-playwright's base URL: the project's site on loopback."""
    return project_server[0]


@pytest.fixture(scope="session")
def sample_url(sample_site: Path) -> Iterator[str]:
    yield from serve(sample_site)


@pytest.fixture(scope="session")
def broken_url(broken_site: Path) -> Iterator[str]:
    yield from serve(broken_site)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (never a downloaded browser), with every other host unreachable."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (it installs Debian's chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
    }


class Guard:
    """What a page did that it must not: requests elsewhere, console errors."""

    def __init__(self, page: Page) -> None:
        self.requests: list[str] = []
        self.other_hosts: list[str] = []
        self.errors: list[str] = []
        self.expected_errors: list[str] = []
        #: Errors the page threw and nobody caught (also in ``errors``).
        self.uncaught: list[str] = []
        page.on("request", self._request)
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", self._uncaught)

    def _uncaught(self, error: Any) -> None:
        self.uncaught.append(str(error))
        self.errors.append(str(error))

    def _request(self, request: Any) -> None:
        self.requests.append(request.url)
        host = urlsplit(request.url).hostname
        if request.url.startswith(("http:", "https:", "ws:", "wss:")) and host != "127.0.0.1":
            self.other_hosts.append(request.url)

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(x in e for x in self.expected_errors)]


@pytest.fixture
def guard(page: Page) -> Iterator[Guard]:
    """Record the page's requests and console errors; fail the test on either."""
    page.set_default_timeout(ENGINE_TIMEOUT_MS)
    watched = Guard(page)
    yield watched
    assert not watched.other_hosts, f"requests to other hosts: {watched.other_hosts}"
    assert not watched.unexpected_errors(), f"console errors: {watched.unexpected_errors()}"


def visit(page: Page, path: str) -> None:
    """Open ``path`` as a reader following a link does: by Material's instant navigation,
    which keeps the engine loaded (a fresh load starts it again, seconds each page)."""
    if not page.url.startswith("http"):
        page.goto(path)
        return
    page.evaluate("""path => {
        delete document.documentElement.dataset.rxCards;
        const link = Object.assign(document.createElement('a'), {href: path});
        document.querySelector('article').append(link);
        link.click();
    }""", path)
    page.wait_for_function("""path => location.pathname.endsWith(path)
        && document.documentElement.dataset.rxCards === 'ready'""", arg=path.split("#")[0])

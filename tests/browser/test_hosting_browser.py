"""The site as real hosts serve it: Debian's nginx with its stock types under a sub-path, a
host that types scripts wrongly, hosts that send precompressed files (gzip, or the build's
.br files with Content-Encoding: br), a site whose brotli decoder is missing, and second
visits, online and offline (this repository's site keeps pages: ``offline_pages``)."""

from __future__ import annotations

import getpass
import gzip
import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    ENGINE_TIMEOUT_MS,
    Guard,
    QuietHandler,
    free_port,
    serve,
)
from tests.browser.test_reroll_browser import card, faces, reroll
from tests.nginx_recommended import BROTLI_MODULE, recommended_location

pytestmark = pytest.mark.browser

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
#: Debian's stock table of types, which knows no .mjs.
STOCK_TYPES = Path("/etc/nginx/mime.types")
CHAPTER = "verses/action-chaining/"




def nginx_config(directory: Path, site: Path, port: int, recommended: bool) -> Path:
    """A config as Debian ships it where it matters (its types, gzip on), serving ``site``
    under ``/rules/``, stock or with the README's recommended ``location``."""
    load, server = (recommended_location(site.parent) if recommended
                    else ("", f"    location /rules/ {{ alias {site}/; }}\n"))
    temp = {name: directory / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    config = directory / "nginx.conf"
    config.write_text(
        # Workers run as the user running the tests (pytest's folders are private to it).
        f"{load}user {getpass.getuser()};\nworker_processes 1;\npid {directory / 'nginx.pid'};\n"
        f"error_log {directory / 'error.log'};\nevents {{}}\n"
        f"http {{\n  include {STOCK_TYPES};\n  default_type application/octet-stream;\n"
        "  access_log off;\n  sendfile on;\n  gzip on;\n"
        + "".join(f"  {name}_temp_path {path};\n" for name, path in (
            ("client_body", temp["body"]), ("proxy", temp["proxy"]),
            ("fastcgi", temp["fastcgi"]), ("uwsgi", temp["uwsgi"]), ("scgi", temp["scgi"])))
        + f"  server {{\n    listen 127.0.0.1:{port};\n{server}  }}\n}}\n",
        encoding="utf-8")
    return config


@pytest.fixture(scope="module", params=["stock", "recommended"])
def nginx_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
              subpath_site: tuple[Path, int]) -> Iterator[str]:
    """The project's site built for ``/rules/`` and served there by Debian's nginx, with its
    stock configuration or the README's."""
    if not Path(NGINX).exists() or not STOCK_TYPES.is_file():
        pytest.skip("Debian's nginx is not installed and could not be (`make test` installs "
                    "nginx-light with apt); the stock-host test needs it")
    root = tmp_path_factory.mktemp("nginx")
    site, _ = subpath_site
    port = free_port()
    url = f"http://127.0.0.1:{port}/rules/"
    conf = nginx_config(root, site, port, request.param == "recommended")
    server = subprocess.Popen([NGINX, "-p", str(root), "-c", str(conf), "-g", "daemon off;"],
                              stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail(f"nginx did not start: {server.stderr.read() if server.stderr else ''}")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_stock_nginx_under_a_sub_path_rerolls_tam_s_first_punch(page: Page, guard: Guard,
                                                               nginx_url: str) -> None:
    types: dict[str, str] = {}
    page.on("response", lambda r: types.setdefault(r.url.rsplit("/", 1)[-1],
                                                   r.headers.get("content-type", "")))
    page.goto(nginx_url + CHAPTER)
    reroll(page, "tams-first-punch")
    rolled = faces(card(page, "tams-first-punch"))
    assert len(rolled) == 6 and all(1 <= face <= 6 for face in rolled)
    assert types["rules-examples.js"].startswith("application/javascript")
    assert types["engine-worker.js"].startswith("application/javascript")
    assert types["pyodide.esm.js"].startswith("application/javascript")
    assert not [name for name in types if name.endswith(".mjs")]


def test_a_host_with_brotli_static_sends_the_engine_encoded_and_no_decoder_is_fetched(
        page: Page, guard: Guard, nginx_url: str, request: pytest.FixtureRequest) -> None:
    encodings: dict[str, str] = {}
    page.on("response", lambda r: encodings.setdefault(
        r.url.rsplit("/", 1)[-1], r.headers.get("content-encoding", "")))
    page.goto(nginx_url + CHAPTER)
    reroll(page, "tams-first-punch")
    fetched = set(encodings)
    if request.node.callspec.params["nginx_url"] == "recommended" and BROTLI_MODULE.is_file():
        # The manifest came encoded, so every file is asked for by its own name and arrives
        # brotli-encoded, unpacked by the browser: no .br fetched, no decoder.
        assert encodings["manifest.json"] == "br"
        assert encodings["pyodide.asm.wasm"] == "br"
        assert encodings["pyodide.asm.js"] == "br"
        assert not [name for name in fetched if name.endswith(".br") or "brotli_dec" in name]
    else:  # a host that sends files as they are: the page unpacks the .br it asks for
        assert "pyodide.asm.wasm.br" in fetched and "brotli_dec_wasm.js" in fetched
        assert "pyodide.asm.wasm" not in fetched


class WrongTypes(QuietHandler):
    """A host that sends the site's scripts as ``application/octet-stream``."""

    def guess_type(self, path: str | object) -> str:
        if str(path).endswith(".js") and "rules-examples" in str(path):
            return "application/octet-stream"
        return super().guess_type(path)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def wrong_types_url(project_site: Path) -> Iterator[str]:
    yield from serve(project_site, WrongTypes)


def test_a_host_that_types_the_scripts_wrongly_gets_words_not_silence(
        page: Page, guard: Guard, wrong_types_url: str) -> None:
    """The page's script is a classic one, which such a host cannot stop; the engine's worker
    is a module, which it does: the card says so, naming the type the host sent."""
    guard.expected_errors.append("MIME type")
    page.goto(f"{wrong_types_url}/{CHAPTER}")
    figure = card(page, "tams-first-punch")
    figure.locator(".rx-reroll").click()
    status = figure.locator(".rx-status")
    expect(status).to_contain_text("could not load", timeout=15_000)
    assert ("the host sends /assets/rules-examples/engine-worker.js as "
            "application/octet-stream, which browsers refuse for a module: it must serve .js "
            "files as text/javascript") in status.inner_text()
    assert "3 or more successes on 6d6, enough for 3 damage: 32.0%" in figure.inner_text()
    assert faces(figure) == [6, 6, 5, 4, 2, 1]


class Precompressed(QuietHandler):
    """A host (or CDN) that sends large files gzip-compressed, announcing the compressed
    length in ``Content-Length``, as hosts do for precompressed files."""

    cache: ClassVar[dict[str, bytes]] = {}

    def send_head(self):  # type: ignore[no-untyped-def]  # http.server's own signature
        path = Path(self.translate_path(self.path))
        if not path.is_file() or path.stat().st_size < 1_000_000:
            return super().send_head()
        body = self.cache.get(str(path))
        if body is None:
            body = self.cache[str(path)] = gzip.compress(path.read_bytes(), 1, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Bytes(body)


class _Bytes:
    """A file-like object over bytes, for ``send_head``'s caller to copy and close."""

    def __init__(self, data: bytes) -> None:
        self.data, self.read_once = data, False

    def read(self, size: int = -1) -> bytes:
        if self.read_once:
            return b""
        self.read_once = True
        return self.data

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def precompressed_url(project_site: Path, tmp_path_factory: pytest.TempPathFactory
                      ) -> Iterator[str]:
    """The project's site, set to restore its snapshot on a first visit, behind a host that
    compresses what it sends."""
    copy = tmp_path_factory.mktemp("precompressed") / "site"
    shutil.copytree(project_site, copy)
    manifest_file = copy / "assets/rules-examples/pyodide/manifest.json"
    manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    manifest_file.write_text(json.dumps({**manifest, "snapshotFirstVisit": True}), "utf-8")
    yield from serve(copy, Precompressed)


def test_precompressed_files_still_restore_the_snapshot(page: Page, guard: Guard,
                                                        precompressed_url: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{precompressed_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "snapshot",
                                                   timeout=ENGINE_TIMEOUT_MS)
    assert not [w for w in warnings if re.search("snapshot|longer|cut short", w)], warnings


class BrotliEncoded(QuietHandler):
    """A host (or CDN) that sends the build's ``.br`` files as what they are, brotli, with
    ``Content-Encoding: br``: the browser unpacks them before the page sees them."""

    def end_headers(self) -> None:
        if self.path.endswith(".br"):
            self.send_header("Content-Encoding", "br")
        super().end_headers()


@pytest.fixture(scope="module")
def brotli_encoded_url(project_site: Path) -> Iterator[str]:
    yield from serve(project_site, BrotliEncoded)


def test_a_host_that_sends_the_br_files_brotli_encoded_still_rerolls(
        page: Page, guard: Guard, brotli_encoded_url: str) -> None:
    page.goto(f"{brotli_encoded_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    assert len(faces(card(page, "tams-first-punch"))) == 6


@pytest.fixture(scope="module")
def no_decoder_url(sample_site: Path, tmp_path_factory: pytest.TempPathFactory
                   ) -> Iterator[str]:
    """The sample site without its brotli decoder (a host that dropped it)."""
    copy = tmp_path_factory.mktemp("no-decoder") / "site"
    shutil.copytree(sample_site, copy)
    for decoder in (copy / "assets/rules-examples/pyodide").glob("*/brotli_dec_wasm*"):
        decoder.unlink()
    yield from serve(copy)


def test_without_its_brotli_decoder_the_page_unpacks_the_gz_copies(
        page: Page, guard: Guard, no_decoder_url: str) -> None:
    guard.expected_errors.append("404")
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(f"{no_decoder_url}/good/")
    reroll(page, "a-punch")
    assert any(url.endswith("/pyodide.asm.wasm.gz") for url in fetched), fetched
    assert not any(url.endswith(".br") for url in fetched), fetched


def engine_file(page: Page, key: str) -> str:
    """The URL of one engine file named in the manifest (``"snapshot"``, ``"wheel"``…)."""
    return str(page.evaluate(
        "(async (key) => { const base = new URL('assets/rules-examples/pyodide/', location.origin"
        " + '/'); const m = await (await fetch(new URL('manifest.json', base))).json();"
        " return new URL(m.dir + m[key], base).href; })", key))


def wait_until_kept(page: Page, url: str) -> None:
    """Wait until the service worker's cache holds ``url``: unpacked, as the engine keeps what
    it unpacked (the .gz the service worker kept on the way is then dropped)."""
    for _ in range(ENGINE_TIMEOUT_MS // 250):
        if page.evaluate("(url) => caches.match(url).then(Boolean)", url):
            return
        page.wait_for_timeout(250)
    pytest.fail(f"the engine never kept {url} unpacked")


def kept_copies(page: Page, url: str) -> list[str]:
    """Which copies of the engine file ``url`` the service worker's cache holds: ``""`` (the
    file unpacked), ``".br"``, ``".gz"``."""
    return list(page.evaluate(
        "async (url) => { const kept = [];"
        " for (const s of ['', '.br', '.gz']) if (await caches.match(url + s)) kept.push(s);"
        " return kept; }", url))


def test_a_second_visit_restores_the_snapshot_the_first_one_kept(page: Page, guard: Guard,
                                                                 base_url: str) -> None:
    page.goto(f"{base_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "plain start")
    wait_until_kept(page, engine_file(page, "snapshot"))
    page.reload()
    reroll(page, "tams-first-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "snapshot")


def test_a_first_visit_keeps_the_runtime_unpacked_in_place_of_its_br(
        page: Page, guard: Guard, base_url: str) -> None:
    page.goto(f"{base_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    snapshot = engine_file(page, "snapshot")
    wait_until_kept(page, snapshot)
    assert kept_copies(page, snapshot.rsplit("/", 1)[0] + "/pyodide.asm.wasm") == [""]


def test_a_second_visit_offline_fetches_no_packed_file_and_no_decoder(
        page: Page, guard: Guard, base_url: str) -> None:
    guard.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    page.goto(f"{base_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    wait_until_kept(page, engine_file(page, "snapshot"))
    page.context.set_offline(True)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    try:
        page.reload()
        reroll(page, "tams-first-punch")
        expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "snapshot")
    finally:
        page.context.set_offline(False)
    engine = [url for url in fetched if "/pyodide/" in url]
    assert not [url for url in engine if url.endswith((".br", ".gz")) or "brotli_dec" in url], \
        engine


def test_with_no_network_a_second_visit_still_reads_and_rerolls(page: Page, guard: Guard,
                                                                base_url: str) -> None:
    guard.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    page.goto(f"{base_url}/{CHAPTER}")
    reroll(page, "tams-first-punch")
    wait_until_kept(page, engine_file(page, "snapshot"))
    page.context.set_offline(True)
    try:
        page.reload()
        expect(card(page, "tams-first-punch")).to_contain_text("3 or more successes on 6d6")
        reroll(page, "tams-first-punch")
        assert len(faces(card(page, "tams-first-punch"))) == 6
    finally:
        page.context.set_offline(False)


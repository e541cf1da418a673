"""The site under the Content-Security-Policy the build recommends, sent by Debian's nginx;
and a site of an author's that loads from another origin, under the policy its build wrote.

Asked to (``content_security_policy``, which this repository's ``mkdocs.yml`` turns on), the
build writes the policy and an nginx line carrying it into the site
(``site_plugins/examples/browser_engine/csp.py``). nginx serves the site with the README's
recommended configuration and that line in every ``location`` (nginx does not inherit
``add_header`` into
a location with its own). Beside the enforced header, nginx sends the same policy as
``Content-Security-Policy-Report-Only`` with a ``report-uri``: Chromium then posts every
violation, the page's and also its workers' (the engine's worker, Material's search worker,
the service worker), whose console Playwright does not relay, to a collector here.
"""

from __future__ import annotations

import http.server
import json
import re
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from site_plugins.examples.browser_engine.csp import NGINX_FILE, POLICY_FILE
from site_plugins.examples.shipping.files import RUNTIME_DIR
from tests.browser.conftest import (
    ENGINE_TIMEOUT_MS,
    Guard,
    QuietHandler,
    build,
    make_site,
    serve,
)
from tests.browser.test_hosting_browser import (
    NGINX,
    STOCK_TYPES,
    free_port,
    nginx_config,
    wait_until_kept,
)
from tests.browser.test_reroll_browser import PAINTED, card, faces

pytestmark = pytest.mark.browser

CHAPTER = "verses/action-chaining/"
REPORTS = "/csp-report"
#: What Chromium's console says for a violation (of an enforced or a report-only policy).
VIOLATION = "Content Security Policy"


class Collector(http.server.BaseHTTPRequestHandler):
    """Keeps the violation reports Chromium posts (``application/csp-report`` JSON)."""

    def do_POST(self) -> None:
        assert isinstance(self.server, ReportServer)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            self.server.reports.append(json.loads(body).get("csp-report", {}))
        except ValueError:
            self.server.reports.append({"unreadable": body.decode("utf-8", "replace")})
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class ReportServer(http.server.ThreadingHTTPServer):
    """A loopback server for nginx to pass violation reports on to."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Collector)
        self.reports: list[dict[str, Any]] = []


@dataclass
class Served:
    """The site at ``url`` under ``policy``; ``reports`` fills with what Chromium posts."""

    url: str
    policy: str
    reports: list[dict[str, Any]]
    #: The engine's memory snapshot (relative to ``url``), which a second visit restores.
    snapshot: str


def with_policy(server: str, line: str, report_port: int) -> str:
    """``server`` (a ``server { }`` body) with nginx's CSP ``line`` in every ``location``,
    its report-only twin beside it, and the report location passed on to the collector."""
    policy = re.fullmatch(r'add_header Content-Security-Policy "(.*)" always;', line)
    assert policy, line
    twin = (f'add_header Content-Security-Policy-Report-Only '
            f'"{policy[1]}; report-uri {REPORTS}" always;')
    headers = f"\n        {line}\n        {twin}"
    body = re.sub(r"^( *location .*\{)$", lambda m: m[1] + headers, server, flags=re.M)
    return body + f"    location = {REPORTS} {{ proxy_pass http://127.0.0.1:{report_port}; }}\n"


@pytest.fixture(scope="module")
def csp_servers(tmp_path_factory: pytest.TempPathFactory,
                subpath_site: tuple[Path, int]) -> Iterator[dict[str, Served]]:
    """The project's site built for ``/rules/``, served by nginx with the README's
    configuration: under the recommended policy, and (another port, so another origin and
    service worker) under that policy without ``'wasm-unsafe-eval'``."""
    if not Path(NGINX).exists() or not STOCK_TYPES.is_file():
        pytest.skip("Debian's nginx is not installed and could not be (`make test` installs "
                    "nginx-light with apt); the CSP test needs it")
    root = tmp_path_factory.mktemp("csp")
    site, good_port = subpath_site  # the port the site's site_url names: instant navigation
    bad_port = free_port()
    url = f"http://127.0.0.1:{good_port}/rules/"
    policy = (site / POLICY_FILE).read_text(encoding="utf-8").strip()
    line = next(row for row in (site / NGINX_FILE).read_text(encoding="utf-8").splitlines()
                if row.startswith("add_header"))
    assert policy in line and "'wasm-unsafe-eval'" in policy
    bad_policy = policy.replace(" 'wasm-unsafe-eval'", "")
    manifest = json.loads((site / RUNTIME_DIR / "manifest.json").read_text(encoding="utf-8"))
    snapshot = f"{RUNTIME_DIR}/{manifest['dir']}{manifest['snapshot']}"

    report_servers = {name: ReportServer() for name in ("good", "bad")}
    for report_server in report_servers.values():
        threading.Thread(target=report_server.serve_forever, daemon=True).start()

    # The README's configuration, as the hosting test writes it, with one server per policy.
    conf = nginx_config(root, site, good_port, recommended=True)
    text = conf.read_text(encoding="utf-8")
    server = re.search(r"  server \{\n    listen [^\n]*\n(.*)  \}\n\}\n$", text, re.S)
    assert server, text
    servers = "".join(
        f"  server {{\n    listen 127.0.0.1:{port};\n"
        + with_policy(server[1], nginx_line, report_servers[name].server_port) + "  }\n"
        for name, port, nginx_line in (("good", good_port, line),
                                       ("bad", bad_port, line.replace(policy, bad_policy))))
    conf.write_text(text[:server.start()] + servers + "}\n", encoding="utf-8")
    process = subprocess.Popen([NGINX, "-p", str(root), "-c", str(conf), "-g", "daemon off;"],
                               stderr=subprocess.PIPE, text=True)
    try:
        for port in (good_port, bad_port):
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                pytest.fail(f"nginx did not start: "
                            f"{process.stderr.read() if process.stderr else ''}")
        yield {
            "good": Served(url, policy, report_servers["good"].reports, snapshot),
            "bad": Served(f"http://127.0.0.1:{bad_port}/rules/", bad_policy,
                          report_servers["bad"].reports, snapshot),
        }
    finally:
        process.terminate()
        process.wait(timeout=10)
        for report_server in report_servers.values():
            report_server.shutdown()
            report_server.server_close()


#: Records, in the page, every violation event of the page's documents.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
  `${e.disposition}: ${e.effectiveDirective} blocked ${e.blockedURI} in ${e.sourceFile}`));
"""


class Violations:
    """Every violation a page's visit caused: its console, its documents' events, and the
    reports posted by the page and its workers."""

    def __init__(self, page: Page, served: Served) -> None:
        self.page, self.served = page, served
        self.console: list[str] = []
        served.reports.clear()
        page.add_init_script(LISTEN)
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if VIOLATION in message.text:
            self.console.append(message.text)

    def events(self) -> list[str]:
        return list(self.page.evaluate("window.__cspViolations || []"))

    def reports(self) -> list[str]:
        return [f"{r.get('effective-directive')} blocked {r.get('blocked-uri')} in "
                f"{r.get('document-uri')} ({r.get('source-file')}:{r.get('line-number')})"
                for r in self.served.reports]

    def all(self) -> list[str]:
        return self.console + self.events() + self.reports()


def reroll(page: Page, card_id: str) -> None:
    """Press a card's Reroll and wait until its answer is drawn (``test_reroll_browser``'s
    ``reroll`` without ``wait_for_function``, which Playwright runs with ``eval`` in the page:
    the policy refuses that, and rightly)."""
    figure = card(page, card_id)
    before = page.evaluate(PAINTED)
    figure.locator(".rx-reroll").click()
    deadline = time.monotonic() + ENGINE_TIMEOUT_MS / 1000
    while page.evaluate(PAINTED) <= before:
        assert time.monotonic() < deadline, f"{card_id} was not rerolled"
        page.wait_for_timeout(100)
    expect(figure.locator(".rx-reroll")).to_be_enabled()
    expect(figure.locator(".rx-status")).to_contain_text("Rerolled")


def settle(page: Page) -> None:
    """Give Chromium time to post reports of anything that just happened."""
    page.wait_for_timeout(1_000)


def test_the_recommended_policy_lets_search_navigation_and_reroll_run(
        page: Page, guard: Guard, csp_servers: dict[str, Served]) -> None:
    served = csp_servers["good"]
    violations = Violations(page, served)
    unguarded: list[str] = []
    page.on("response", lambda r: unguarded.append(r.url)
            if r.headers.get("content-security-policy") != served.policy else None)
    response = page.goto(served.url)
    assert response and response.headers["content-security-policy"] == served.policy
    # Material's search: its worker, the search index, the results.
    search = page.locator("input.md-search__input")
    search.click()
    page.keyboard.type("chaining")
    result = page.locator(".md-search-result__item a", has_text="Action Chaining").first
    expect(result).to_be_visible()
    # Instant navigation (fetch, then Material runs the new page's inline scripts again).
    page.evaluate("window.__sameDocument = true")
    result.click()
    expect(page).to_have_url(re.compile(CHAPTER))
    assert page.evaluate("window.__sameDocument") is True
    # The engine: its module worker, Pyodide's runtime and WebAssembly, the wheels.
    first = card(page, "tams-first-punch")
    documented = first.locator(".rx-body").inner_html()
    for _ in range(3):
        reroll(page, "tams-first-punch")
        if first.locator(".rx-body").inner_html() != documented:
            break
    rolled = faces(first)
    assert len(rolled) == 6 and all(1 <= face <= 6 for face in rolled)
    assert first.locator(".rx-body").inner_html() != documented
    expect(first).to_have_attribute("data-rx-shown", "rerolled")
    # A second visit: a full load of the chapter (its own inline scripts), the service worker
    # in control, the engine restored from the snapshot the first visit kept.
    wait_until_kept(page, served.url + served.snapshot)
    page.reload()
    reroll(page, "tams-first-punch")
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "snapshot")
    settle(page)
    assert not violations.all(), violations.all()
    # Every answer carried the policy: the line is in every location (nginx does not inherit
    # add_header into a location with its own), so the service worker has it too.
    assert not unguarded, unguarded


def test_without_wasm_unsafe_eval_the_engine_is_refused_and_the_card_says_so(
        page: Page, guard: Guard, csp_servers: dict[str, Served]) -> None:
    """The negative control: the header really applies, to the engine's worker too."""
    guard.expected_errors.append(VIOLATION)
    served = csp_servers["bad"]
    violations = Violations(page, served)
    response = page.goto(served.url + CHAPTER)
    assert response and "'wasm-unsafe-eval'" not in response.headers["content-security-policy"]
    figure = card(page, "tams-first-punch")
    figure.locator(".rx-reroll").click()
    status = figure.locator(".rx-status")
    expect(status).to_contain_text("could not load", timeout=ENGINE_TIMEOUT_MS)
    expect(status).to_contain_text("documented roll is shown")
    assert faces(figure) == [6, 6, 5, 4, 2, 1]
    expect(figure).to_have_attribute("data-rx-shown", "documented")
    settle(page)
    # Reported by the engine's worker (under its own copy of the header), and nothing else.
    assert any(r.get("effective-directive") == "script-src" and r.get("blocked-uri") == "wasm-eval"
               and r.get("document-uri", "").endswith("/engine-worker.js")
               for r in served.reports), violations.reports()
    assert all(r.get("blocked-uri") == "wasm-eval" for r in served.reports), violations.reports()


class CrossOrigin(QuietHandler):
    """Another site (another port, so another origin): a badge, a script and a search API,
    which any origin may fetch."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


def with_header(policy: str) -> type[QuietHandler]:
    """A host that sends ``policy`` with every answer."""

    class Guarded(QuietHandler):
        def end_headers(self) -> None:
            self.send_header("Content-Security-Policy", policy)
            super().end_headers()

    return Guarded


@pytest.fixture(scope="module")
def author_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """An author's page with another site's badge and script, whose script asks that site's
    search API (which the author names in ``csp_sources``), built with the policy and served
    under it: its URL, and the policy."""
    root = tmp_path_factory.mktemp("author")
    other = root / "other"
    other.mkdir()
    (other / "badge.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="90" '
                                     'height="20"><rect width="90" height="20"/></svg>', "utf-8")
    (other / "search.json").write_text('{"found": 3}', encoding="utf-8")
    for elsewhere in serve(other, CrossOrigin):
        (other / "widget.js").write_text(
            f'fetch("{elsewhere}/search.json").then((r) => r.json())'
            ".then((answer) => { document.body.dataset.found = answer.found; });\n", "utf-8")
        page = (f"# An author's page\n\n![build passing]({elsewhere}/badge.svg)\n\n"
                f'<script src="{elsewhere}/widget.js"></script>\n')
        config = make_site(root, {"index.md": page}, theme="material", plugin_options=(
            "reroll: false\n      content_security_policy: true\n"
            f"      csp_sources:\n        connect-src: [{elsewhere}]"))
        config.write_text(config.read_text("utf-8").replace(
            "theme:\n  name: material\n", "theme:\n  name: material\n  font: false\n"), "utf-8")
        site = build(config, root / "site")
        policy = (site / POLICY_FILE).read_text(encoding="utf-8").strip()
        for url in serve(site, with_header(policy)):
            yield url, policy


def test_an_author_s_badge_script_and_search_run_under_the_policy_the_build_wrote(
        page: Page, guard: Guard, author_site: tuple[str, str]) -> None:
    url, policy = author_site
    page.add_init_script(LISTEN)
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if VIOLATION in m.text else None)
    response = page.goto(f"{url}/")
    assert response and response.headers["content-security-policy"] == policy
    expect(page.locator("body")).to_have_attribute("data-found", "3")  # script, then its fetch
    badge = page.locator('img[alt="build passing"]')
    expect(badge).to_be_visible()
    assert badge.evaluate("(image) => image.complete && image.naturalWidth") == 90
    settle(page)
    assert blocked + page.evaluate("window.__cspViolations") == []

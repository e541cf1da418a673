"""A host or network that refuses one of the engine's files: the card names the file that
could not be downloaded (never "this browser refused to run…", never Pyodide's "Program
terminated"), the page throws nothing uncaught, and the documented roll stays. And a page whose
own script never starts (refused, sent with a type the browser will not run, unreadable to the
browser): its stylesheet has every card say why there is no Reroll button.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, QuietHandler, serve
from tests.browser.test_reroll_browser import faces

pytestmark = pytest.mark.browser

#: The engine's files a host may refuse, by the pattern of their path (a compressed copy
#: included), and the name the card must give.
BLOCKED = {
    "wasm": (r"/pyodide\.asm\.wasm", "pyodide.asm.wasm could not be downloaded"),
    "manifest": (r"/manifest\.json", "the engine's manifest (manifest.json) could not be "
                                     "downloaded"),
    "stdlib": (r"/python_stdlib\.zip", "python_stdlib.zip could not be downloaded"),
    # (Pyodide logs its own diagnostics to the console then: see PYODIDE_SAYS.)
    "wheel": (r"\.whl", ".whl could not be downloaded"),
}


def refusing(pattern: str) -> type[QuietHandler]:
    """A host that drops the connection, answering nothing, for paths matching ``pattern``."""

    class Refusing(QuietHandler):
        def do_GET(self) -> None:
            if re.search(pattern, self.path):
                self.close_connection = True
                return None
            return super().do_GET()

    return Refusing


#: What Pyodide itself writes to the console when its standard library never came (logged,
#: not thrown: the page catches the failed start and says it in its own words).
PYODIDE_SAYS = ("Error occurred while installing the standard library",
                "could not be downloaded", "Fatal Python error", "Python runtime state",
                "No module named 'encodings'", "Current thread", "<no Python frame>")


@pytest.fixture(params=sorted(BLOCKED))
def blocked(request: pytest.FixtureRequest, sample_site: Path) -> Iterator[tuple[str, str]]:
    pattern, words = BLOCKED[request.param]
    for url in serve(sample_site, refusing(pattern)):
        yield url, words


@pytest.mark.browser_context_args(service_workers="block")
def test_a_refused_file_is_named_on_the_card(page: Page, guard: Guard,
                                             blocked: tuple[str, str]) -> None:
    url, words = blocked
    page.goto(f"{url}/good/")
    figure = page.locator("figure#a-punch")
    figure.locator(".rx-reroll").click()
    status = figure.locator(".rx-status")
    expect(status).to_contain_text("could not load", timeout=ENGINE_TIMEOUT_MS)
    text = status.inner_text()
    assert words in text, text
    assert "refused to run" not in text and "Program terminated" not in text, text
    assert "The documented roll is shown" in text
    assert faces(figure) == [6, 6, 5, 4, 2, 1]
    assert guard.uncaught == []
    if "stdlib" in words:
        guard.errors[:] = [e for e in guard.errors if e.strip()]
        guard.expected_errors.extend(PYODIDE_SAYS)


#: The page's one script (every other file of ours it loads is its stylesheet).
PAGE_SCRIPT = "/assets/rules-examples/rules-examples.js"


class ScriptRefused(QuietHandler):
    """A host (or a proxy) that drops the connection for the page's script."""

    def do_GET(self) -> None:
        if self.path.endswith(PAGE_SCRIPT):
            self.close_connection = True
            return None
        return super().do_GET()


class ScriptMistyped(QuietHandler):
    """A host that sends the page's script as ``application/octet-stream`` with
    ``X-Content-Type-Options: nosniff``, which no browser runs."""

    def guess_type(self, path: str | object) -> str:
        if str(path).endswith(PAGE_SCRIPT.rsplit("/", 1)[-1]):
            return "application/octet-stream"
        return super().guess_type(path)  # type: ignore[arg-type]

    def end_headers(self) -> None:
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


class ScriptUnreadable(QuietHandler):
    """The page's script with syntax the browser cannot read, as a browser too old for it
    meets it: nothing of the file runs."""

    def do_GET(self) -> None:
        if not self.path.endswith(PAGE_SCRIPT):
            return super().do_GET()
        body = b")" + Path(self.translate_path(self.path)).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None


#: Each way the page's script never starts → the host, and what the console says then.
NEVER_STARTS = {"refused": (ScriptRefused, "Failed to load resource"),
                "mistyped": (ScriptMistyped, "Refused to execute script"),
                "unreadable": (ScriptUnreadable, "Unexpected token")}


@pytest.fixture(params=sorted(NEVER_STARTS))
def never_starts(request: pytest.FixtureRequest, sample_site: Path) -> Iterator[tuple[str, str]]:
    handler, console = NEVER_STARTS[request.param]
    for url in serve(sample_site, handler):
        yield url, console


def test_a_page_whose_script_never_starts_says_so_on_every_card_that_could_reroll(
        page: Page, guard: Guard, never_starts: tuple[str, str]) -> None:
    url, console = never_starts
    guard.expected_errors.append(console)
    page.goto(f"{url}/good/")
    rerollable = page.locator('figure[data-rx-rerollable="true"]')
    assert rerollable.count() >= 1
    page.wait_for_function(
        """() => [...document.querySelectorAll('figure[data-rx-rerollable="true"] > .rx-status')]
            .every((status) => status.getBoundingClientRect().height > 10)""", timeout=20_000)
    for figure in rerollable.all():
        said = figure.locator(".rx-status").evaluate(
            "(status) => getComputedStyle(status, '::before').content")
        assert said.startswith("\"Reroll is not available here: the page's script has not "
                               "run"), said
        assert "The documented roll is shown" in said
        expect(figure.locator(".rx-reroll")).to_have_count(0)
    assert faces(page.locator("figure#a-punch")) == [6, 6, 5, 4, 2, 1]

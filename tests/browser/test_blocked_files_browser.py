"""A host or network that refuses one of the engine's files: the card names the file that
could not be downloaded (never "this browser refused to run…", never Pyodide's "Program
terminated"), the page throws nothing uncaught, and the documented roll stays.
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

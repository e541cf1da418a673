"""Reroll on a site Zensical built: the cards drawn by the Markdown extension, the assets and
the engine written by the step after the build (``python -m site_plugins.examples.shipping``),
in Debian's Chromium on 127.0.0.1, with no request elsewhere and no console error."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, serve
from tests.conftest import ROOT, SAMPLES
from tests.site_plugins.test_generators import (
    ENV,
    GENERATORS,
    ZENSICAL_PYTHON,
    missing,
    site_of,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def zensical_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample page built by Zensical, the engine shipped after (no steps under Node)."""
    if missing("zensical"):
        pytest.skip(missing("zensical"))
    root = site_of(tmp_path_factory.mktemp("zensical"),
                   {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")})
    for command in ([*GENERATORS["zensical"], "build", "--strict"],
                    [str(ZENSICAL_PYTHON), "-m", "site_plugins.examples.shipping", "site",
                     "--pyodide", str(ROOT / "node_modules" / "pyodide"), "--no-node"]):
        done = subprocess.run(command, cwd=root, env=ENV, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
    yield from serve(root / "site")


def test_reroll_works_on_a_site_zensical_built(browser: Browser, zensical_url: str) -> None:
    page = browser.new_page()
    page.set_default_timeout(ENGINE_TIMEOUT_MS)
    guard = Guard(page)
    page.goto(f"{zensical_url}/good/")
    figure = page.locator("figure#a-punch")
    figure.locator(".rx-reroll").click()
    expect(figure.locator(".rx-status")).to_contain_text("Rerolled", timeout=ENGINE_TIMEOUT_MS)
    page.close()
    assert not guard.other_hosts, guard.other_hosts
    assert not guard.unexpected_errors(), guard.unexpected_errors()

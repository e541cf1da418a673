"""The service worker as a guest of the site: installed only once a reader uses the engine,
never on a mere page view; keeping the engine's files and nothing else of the site, unless
the site keeps pages for offline reading (``offline_pages``, which this repository's own
``mkdocs.yml`` turns on); and left out altogether with ``service_worker: false``, Reroll still
working."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, SAMPLES, Guard, build, make_site, serve
from tests.browser.test_reroll_browser import reroll

pytestmark = pytest.mark.browser

#: Every cache of the origin → the paths it holds.
CACHED = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    found[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
  }
  return found;
}"""
#: The scripts of the service workers registered for the origin.
REGISTERED = """navigator.serviceWorker.getRegistrations().then((found) =>
  found.map((r) => (r.active || r.waiting || r.installing)?.scriptURL ?? "?"))"""
ENGINE_FILE = re.compile(r"^/assets/rules-examples/pyodide/[0-9a-f]{12}/[^/]+$")


def cached(page: Page) -> dict[str, list[str]]:
    return dict(page.evaluate(CACHED))


def wait_until_cached(page: Page, ending: str) -> dict[str, list[str]]:
    """Every cache once one holds a path ending with ``ending``."""
    for _ in range(ENGINE_TIMEOUT_MS // 250):
        found = cached(page)
        if any(path.endswith(ending) for paths in found.values() for path in paths):
            return found
        page.wait_for_timeout(250)
    pytest.fail(f"nothing ending with {ending} was kept: {cached(page)}")


def test_reading_pages_without_using_the_engine_installs_no_service_worker(
        page: Page, guard: Guard, sample_url: str) -> None:
    for path in ("/", "/good/", "/script_tag/", "/runaway/"):
        page.goto(sample_url + path)
        expect(page.locator("html")).to_have_attribute("data-rx-cards", "ready")
        page.wait_for_timeout(800)
    assert page.evaluate(REGISTERED) == []
    assert cached(page) == {}
    assert not [url for url in guard.requests if "rules-examples-sw.js" in url
                or "/pyodide/" in url or "engine-worker.js" in url]


def test_a_reroll_installs_it_and_it_keeps_the_engine_s_files_and_nothing_else(
        page: Page, guard: Guard, sample_url: str) -> None:
    page.goto(f"{sample_url}/good/")
    reroll(page, "a-punch")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.evaluate(REGISTERED) == [f"{sample_url}/rules-examples-sw.js"]
    # The engine's worker writes the unpacked wasm last; a page left at once ends the worker
    # (its .br is kept on the way, which a next visit reads instead).
    wait_until_cached(page, "/pyodide.asm.wasm")
    page.goto(f"{sample_url}/script_tag/")  # read under the worker: not kept either
    expect(page.locator("html")).to_have_attribute("data-rx-cards", "ready")
    page.wait_for_timeout(800)
    found = cached(page)
    assert len(found) == 1 and next(iter(found)).startswith("rules-examples-engine-"), found
    paths = next(iter(found.values()))
    assert [path for path in paths if not ENGINE_FILE.match(path)] == []
    assert {path.rsplit("/", 1)[-1] for path in paths} >= {
        "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.esm.js", "pyodide.asm.js"}


def test_with_offline_pages_the_pages_read_from_the_first_use_on_are_kept(
        page: Page, guard: Guard, base_url: str) -> None:
    page.goto(f"{base_url}/kruhl/")  # read before the engine is used: not kept
    page.goto(f"{base_url}/verses/action-chaining/")
    reroll(page, "tams-first-punch")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.goto(f"{base_url}/verses/glossary/")
    found = wait_until_cached(page, "/verses/glossary/")
    pages = found["rules-examples-pages"]
    assert "/verses/action-chaining/" in pages  # where the engine was first used
    assert "/kruhl/" not in pages
    # What a reroll offline needs beside the engine's own folder.
    assert {"/assets/rules-examples/engine-worker.js",
            "/assets/rules-examples/pyodide/manifest.json",
            "/assets/rules-examples/rules-examples.js",
            "/assets/rules-examples/examples.css"} <= set(pages)


@pytest.fixture(scope="module")
def no_worker_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample pages, built with ``service_worker: false`` (and, for a quick build, no
    snapshot)."""
    root = tmp_path_factory.mktemp("no-service-worker")
    make_site(root, {"index.md": "# Samples\n",
                     "good.md": (SAMPLES / "good.md").read_text(encoding="utf-8")})
    config = root / "mkdocs.yml"
    config.write_text(
        "site_name: Samples\ntheme:\n  name: material\n  font: false\n"
        "extra:\n  generator: false\n"
        "plugins:\n  - rules-examples:\n      snapshot: false\n      service_worker: false\n"
        "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n", encoding="utf-8")
    site = build(config, root / "site")
    assert not (site / "rules-examples-sw.js").exists()
    yield from serve(site)


def test_without_a_service_worker_reroll_works_and_nothing_is_registered_or_kept(
        page: Page, guard: Guard, no_worker_url: str) -> None:
    page.goto(f"{no_worker_url}/good/")
    reroll(page, "a-punch")
    reroll(page, "a-punch")
    page.wait_for_timeout(1000)
    assert page.evaluate(REGISTERED) == []
    assert cached(page) == {}
    assert not [url for url in guard.requests if "rules-examples-sw.js" in url]


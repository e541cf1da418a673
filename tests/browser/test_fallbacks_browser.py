"""Each way a build falls back where a step under Node fails, as a reader then meets the site:
the build says in a WARNING what it left out, why (its log kept in a file) and what the reader
gets instead, and a card still rerolls in Chromium.

A ``node`` of this test's own, first on the build's ``PATH``, fails one step (as a loaded
machine's Node did: a minified line 60 KB long, then the error) and runs Node for every other.
Each build has a cache of its own in which that step never ran: what the other steps made is
linked from the user's cache and the builds before it (keyed by content, so nothing else runs
again), which keeps the four builds of one sample page to about half a minute.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Guard
from tests.browser.test_reroll_browser import faces, reroll
from tests.conftest import ROOT, SAMPLES, make_site, serve

pytestmark = pytest.mark.browser

PYODIDE = ROOT / "node_modules" / "pyodide"
USER_CACHE = Path.home() / ".cache" / "rules-examples"
#: A ``node`` that fails the script ``FAILS`` (only for a wheel, when that is the compile) and
#: hands every other command to the real Node.
FAKE_NODE = """#!{python}
import os, sys, zipfile
FAILS, NODE = {fails!r}, {node!r}
args = sys.argv[1:]
script = os.path.basename(args[0]) if args else ""


def a_wheel(path):
    with zipfile.ZipFile(path) as archive:
        return any(".dist-info/" in name for name in archive.namelist())


if script == FAILS and (FAILS != "compile_stdlib.mjs" or a_wheel(args[2])):
    sys.stderr.write("function _createPyodideModule(){{var a=1}}" * 1600)
    sys.stderr.write("\\n\\nFakeError: " + FAILS + " fails, as this test asks\\n")
    sys.exit(1)
os.execv(NODE, [NODE, *args])
"""


#: A page whose example imports every game system, so that the site ships all their wheels
#: and its snapshot imports them all (with the whole standard library: 36 MB of memory).
EVERY_SYSTEM = """# Every system

```rules-example title="Every system"
>>> import rules_core.chronicle, rules_core.hubris, rules_core.kruhl, rules_core.storypath
>>> rolled("6 5").roll(2, 6)
(6, 5)
```
"""


@dataclass(frozen=True)
class Fallback:
    """A step made to fail: the script the fake Node fails, the plugin's options, what of a
    cache would spare the step (left out of this build's), what the build must say; whether
    the site has a page that uses every game system."""

    script: str
    options: str
    kept_out: tuple[str, ...]
    warning: str
    every_system: bool = False


#: In the order they are built: each links what the ones before it made.
FALLBACKS = {
    "snapshot": Fallback(
        "make_snapshot.mjs", "snapshot_first_visit: true", ("snapshot-*.bin",),
        r"no start-up snapshot: the snapshot failed under Node \(FakeError: make_snapshot\.mjs "
        r"fails, as this test asks; its log: (?P<log>\S+)\); the page starts Pyodide plainly, "
        r"on a second visit too"),
    "brotli": Fallback(
        "brotli.mjs", "snapshot: false", ("br/*",),
        r"no brotli copy of pyodide\.asm\.wasm: the brotli compression of pyodide\.asm\.wasm "
        r"failed under Node \(FakeError: brotli\.mjs fails, as this test asks; its log: "
        r"(?P<log>\S+)\); the page fetches pyodide\.asm\.wasm\.gz instead \(larger\)"),
    "trace": Fallback(
        "trace_stdlib.mjs", "snapshot_first_visit: true", ("stdlib-*.txt",),
        r"no trimmed standard library: the standard-library trace failed under Node \("
        r"FakeError: trace_stdlib\.mjs fails, as this test asks; its log: (?P<log>\S+)\); the "
        r"page loads Pyodide's whole standard library instead \(a larger download, compiled "
        r"as it imports it\)", every_system=True),
    "compile": Fallback(
        "compile_stdlib.mjs", "snapshot: false", ("stdlib-*.pyc.zip",),
        r"the engine's wheels are not compiled: the bytecode compile failed under Node \("
        r"FakeError: compile_stdlib\.mjs fails, as this test asks; its log: (?P<log>\S+)\); "
        r"the engine ships as Python sources, which the page compiles as it imports them"),
}


@dataclass(frozen=True)
class Built:
    site: Path
    warnings: list[str]

    def manifest(self) -> dict[str, object]:
        path = self.site / "assets/rules-examples/pyodide/manifest.json"
        return dict(json.loads(path.read_text(encoding="utf-8")))

    def said(self, pattern: str) -> re.Match[str]:
        """The warning ``pattern`` matches whole; its log file holds the step's output."""
        found = [match for warning in self.warnings if (match := re.fullmatch(pattern, warning))]
        assert found, f"no warning {pattern!r} among {self.warnings}"
        log = Path(found[0]["log"])
        assert "FakeError" in log.read_text("utf-8") and log.stat().st_size > 60_000
        return found[0]


def linked_cache(cache: Path, sources: list[Path], kept_out: tuple[str, ...]) -> Path:
    """A new cache ``cache`` holding links to the files of ``sources`` but those that match
    ``kept_out``."""
    for source in sources:
        for file in source.glob("**/*") if source.is_dir() else ():
            name = file.relative_to(source)
            if (not file.is_file() or file.suffix in {".lock", ".partial", ".log"}
                    or name.parts[0] in {"logs", "runtime"}
                    or any(name.match(pattern) for pattern in kept_out)
                    or (cache / name).exists()):
                continue
            (cache / name).parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(file, cache / name)
            except OSError:  # another file system
                (cache / name).symlink_to(file)
    cache.mkdir(parents=True, exist_ok=True)
    return cache


def build_failing(root: Path, fallback: Fallback, earlier: list[Path]) -> Built:
    """The sample page ``good.md`` built with ``fallback``'s step failing under Node."""
    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True)
    node = shutil.which("node")
    assert node, "Node.js is needed to build the engine"
    fake = bin_dir / "node"
    fake.write_text(FAKE_NODE.format(python=sys.executable, fails=fallback.script, node=node),
                    encoding="utf-8")
    fake.chmod(0o755)
    cache = linked_cache(root / "cache", [USER_CACHE, *earlier], fallback.kept_out)
    pages = {"good.md": (SAMPLES / "good.md").read_text(encoding="utf-8"),
             "index.md": "# Samples\n"}
    config = make_site(root, {**pages, **({"every.md": EVERY_SYSTEM}
                                          if fallback.every_system else {})})
    config.write_text(  # as the sample site's (conftest.py): nothing from another host
        "site_name: Samples\ntheme:\n  name: material\n  font: false\n"
        "extra:\n  generator: false\n"
        f"plugins:\n  - rules-examples:\n      cache_dir: {cache}\n      {fallback.options}\n"
        "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n", encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1",
               PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(config),
                           "-d", str(root / "site")],
                          capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    warnings = [line.split("-", 1)[1].strip().removeprefix("rules-examples: ")
                for line in done.stderr.splitlines() if line.startswith("WARNING")]
    return Built(root / "site", warnings)


@pytest.fixture(scope="module")
def fallback_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """The sample page built once after each fallback, in :data:`FALLBACKS`' order."""
    root = tmp_path_factory.mktemp("fallbacks")
    built: dict[str, Built] = {}
    for name, fallback in FALLBACKS.items():
        built[name] = build_failing(root / name, fallback,
                                    [root / earlier / "cache" for earlier in built])
    return built


@pytest.fixture(scope="module")
def fallback_urls(fallback_sites: dict[str, Built]) -> Iterator[dict[str, str]]:
    with contextlib.ExitStack() as servers:
        yield {name: servers.enter_context(contextlib.contextmanager(serve)(built.site))
               for name, built in fallback_sites.items()}


def rerolls(page: Page, url: str) -> list[str]:
    """Reroll the sample's first card at ``url``; the console's words of the engine."""
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(f"{url}/good/")
    reroll(page, "a-punch")
    assert len(faces(page.locator("figure#a-punch"))) == 6
    return said


def test_a_failed_snapshot_is_warned_and_the_page_starts_plainly(
        page: Page, guard: Guard, fallback_sites: dict[str, Built],
        fallback_urls: dict[str, str]) -> None:
    built = fallback_sites["snapshot"]
    built.said(FALLBACKS["snapshot"].warning)
    assert built.manifest()["snapshot"] is None
    rerolls(page, fallback_urls["snapshot"])
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "plain start")


def test_a_failed_brotli_is_warned_and_the_page_fetches_the_gz(
        page: Page, guard: Guard, fallback_sites: dict[str, Built],
        fallback_urls: dict[str, str]) -> None:
    built = fallback_sites["brotli"]
    built.said(FALLBACKS["brotli"].warning)
    assert built.manifest()["brotli"] == []
    rerolls(page, fallback_urls["brotli"])
    assert any(url.endswith("/pyodide.asm.wasm.gz") for url in guard.requests)
    assert not any(url.endswith(".br") for url in guard.requests)


def test_a_failed_trace_is_warned_and_no_snapshot_meets_the_whole_library(
        page: Page, guard: Guard, fallback_sites: dict[str, Built],
        fallback_urls: dict[str, str]) -> None:
    """The snapshot a build took with the whole library held 36 MB of memory, which the
    runtime's 30 MB cannot take: the page logged "snapshot restore failed (RangeError: offset
    is out of bounds)". The build now says so and ships none."""
    built = fallback_sites["trace"]
    built.said(FALLBACKS["trace"].warning)
    assert any(warning.startswith("no start-up snapshot: the snapshot failed under Node (it "
                                  "holds 36.0 MB of memory, more than the 30.0 MB Pyodide "
                                  "starts with") for warning in built.warnings)
    manifest = built.manifest()
    assert manifest["snapshot"] is None
    shipped = built.site / "assets/rules-examples/pyodide" / str(manifest["dir"])
    assert (shipped / "python_stdlib.zip").read_bytes() == \
        (PYODIDE / "python_stdlib.zip").read_bytes()
    said = rerolls(page, fallback_urls["trace"])
    expect(page.locator("html")).to_have_attribute("data-rx-engine-via", "plain start")
    assert not [text for text in said if "snapshot restore failed" in text]


def test_a_failed_compile_is_warned_and_the_page_imports_the_sources(
        page: Page, guard: Guard, fallback_sites: dict[str, Built],
        fallback_urls: dict[str, str]) -> None:
    built = fallback_sites["compile"]
    built.said(FALLBACKS["compile"].warning)
    wheels = built.manifest()["wheels"]
    assert isinstance(wheels, list) and all(name.endswith("-py3-none-any.whl") for name in wheels)
    rerolls(page, fallback_urls["compile"])

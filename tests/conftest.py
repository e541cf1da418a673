"""Shared fixtures: sample pages, a tiny MkDocs site built into a temporary folder, and the
project's own site, built once per session and served on loopback (the build tests read it,
the browser tests drive it)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = Path(__file__).resolve().parent / "samples"


@pytest.fixture
def sample_text() -> object:
    """Read a sample page by name."""

    def read(name: str) -> str:
        return (SAMPLES / name).read_text(encoding="utf-8")

    return read


def make_site(root: Path, pages: dict[str, str], *, theme: str = "mkdocs",
              plugin_options: str = "") -> Path:
    """Write a site with ``pages`` (path → Markdown) under ``root``; return mkdocs.yml."""
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    config = root / "mkdocs.yml"
    options = f"\n      {plugin_options}" if plugin_options else ""
    plugin = f"  - rules-examples:{options}" if options else "  - rules-examples"
    config.write_text(
        f"site_name: Sample\ntheme:\n  name: {theme}\nplugins:\n{plugin}\n"
        "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n",
        encoding="utf-8",
    )
    return config


def copy_sample(name: str, docs: Path) -> None:
    """Copy a sample page into a site's docs folder."""
    docs.mkdir(parents=True, exist_ok=True)
    shutil.copy(SAMPLES / name, docs / name)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that does not log every request to the terminal."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when the browser drops a connection mid-answer (a page left
    while its files load), which is not an error of the site; any other error is printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory: Path, handler_class: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """Serve ``directory`` on a free loopback port; yield its base URL."""
    handler = functools.partial(handler_class, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def run_isolated(code: str) -> None:
    """Run ``code`` in a Python of its own that sees none of this environment's packages
    (``-I -S``: the wheels the code puts on ``sys.path`` are all it has); it must print
    ``ok``."""
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True,
                          text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def build(config: Path, out: Path) -> Path:
    """``mkdocs build --strict`` of ``config`` into ``out``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="session")
def project_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The project's docs, built with ``site_url`` set to the loopback port serving them.

    Material's instant navigation only follows links its sitemap lists under ``site_url``,
    so the site is built for the address it is served from (as a real deployment is).
    """
    root = tmp_path_factory.mktemp("project")
    site = root / "site"
    site.mkdir()
    for url in serve(site):
        config = root / "mkdocs.yml"
        # RULES_MKDOCS_CONFIG: build from another configuration (one leaving a chapter out)
        inherit = os.environ.get("RULES_MKDOCS_CONFIG", str(ROOT / "mkdocs.yml"))
        config.write_text(f"INHERIT: {inherit}\ndocs_dir: {ROOT / 'docs'}\n"
                          f"site_url: {url}/\nwatch: []\n", encoding="utf-8")
        build(config, site)
        yield url, site


@pytest.fixture(scope="session")
def project_site(project_server: tuple[str, Path]) -> Path:
    """The project's docs, built."""
    return project_server[1]


if sys.platform == "emscripten":  # under Pyodide (tests/pyodide/run_pytest.mjs)
    # WebAssembly is slower and its timing noisier: no per-example deadline. No example
    # database either: nothing of a Pyodide run is kept (the runner's /tmp is in memory).
    from hypothesis import settings

    settings.register_profile("pyodide", deadline=None, database=None)
    settings.load_profile("pyodide")

"""The pinned Pyodide runtime for a site that has none of its own, fetched once with npm into
the user's cache and shared by every site and clone on the machine.

A site built with the plugin self-hosts Pyodide. Where the site has the npm package beside
its ``mkdocs.yml`` (``node_modules/pyodide``, as this project's own site has after
``npm ci``), that is the one shipped. Anywhere else the build installs the runtime itself:
``npm ci`` of the package in ``runtime_package/`` (Pyodide and the brotli decoder, pinned
with their integrity in its ``package-lock.json``) into
``<cache>/runtime/<version>-<lock hash>/``, once; every later build, of any site, finds it
there. Where npm is not installed the caller says what to run instead.

Build-time only.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.made_once import made_once

#: The npm package (``package.json`` and ``package-lock.json``) of the runtime a site ships.
RUNTIME_PACKAGE = Path(__file__).parent / "runtime_package"
#: Longest ``npm ci`` may take, in seconds (a cold npm cache downloads about 10 MB).
NPM_TIME_LIMIT = 600
#: The command an author can run beside ``mkdocs.yml`` instead (it names the pinned versions).
INSTALL_COMMAND = "npm install --no-save {packages}"


def user_cache() -> Path:
    """The cache the build keeps its made files in, shared by every site and clone of the
    user: ``$XDG_CACHE_HOME/rules-examples`` (``~/.cache/rules-examples``), on macOS
    ``~/Library/Caches/rules-examples``, on Windows ``%LOCALAPPDATA%\\rules-examples``."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "rules-examples"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "rules-examples"
    base = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "rules-examples"


def pinned_packages() -> dict[str, str]:
    """The runtime's npm packages and their pinned versions (``pyodide`` → ``314.0.7``)."""
    manifest = json.loads((RUNTIME_PACKAGE / "package.json").read_text("utf-8"))
    return dict(manifest["dependencies"])


def install_command() -> str:
    """What an author runs beside ``mkdocs.yml`` to give a site the runtime itself."""
    return INSTALL_COMMAND.format(packages=" ".join(
        f"{name}@{version}" for name, version in sorted(pinned_packages().items())))


def runtime_folder(cache: Path) -> Path:
    """Where the runtime is installed in ``cache``: named by Pyodide's version and a hash of
    the lock file, so a plugin that pins another runtime installs it beside this one."""
    lock = (RUNTIME_PACKAGE / "package-lock.json").read_bytes()
    version = pinned_packages()["pyodide"]
    return cache / "runtime" / f"pyodide-{version}-{hashlib.sha256(lock).hexdigest()[:12]}"


def cached_runtime(cache: Path) -> Path | None:
    """The npm package ``pyodide`` already installed in ``cache``, or ``None``."""
    folder = runtime_folder(cache)
    return folder / "node_modules" / "pyodide" if (folder / "installed").is_file() else None


def find_npm() -> str | None:
    """The ``npm`` program on the ``PATH``, or ``None``."""
    return shutil.which("npm")


def fetch_runtime(cache: Path, npm: str) -> Path:
    """Install the pinned runtime into ``cache`` with ``npm ci`` (once: a build that needs it
    while another installs it waits) and return its ``pyodide`` folder; a
    ``BrowserEngineError`` saying what failed and what to run instead."""
    folder = runtime_folder(cache)

    def install(partial: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(RUNTIME_PACKAGE / name, folder / name)
        command = [npm, "ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"]
        try:
            done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                                  timeout=NPM_TIME_LIMIT, check=False)
        except (subprocess.TimeoutExpired, OSError) as error:
            raise BrowserEngineError(f"`npm ci` of the Pyodide runtime in {folder} did not "
                                     f"finish ({error})") from None
        if done.returncode != 0:
            tail = " ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
            raise BrowserEngineError(f"`npm ci` of the Pyodide runtime in {folder} failed: "
                                     f"{tail[-400:]}")
        partial.write_text(json.dumps(pinned_packages()), "utf-8")

    made_once(folder / "installed", install)
    return folder / "node_modules" / "pyodide"


__all__ = ["cached_runtime", "fetch_runtime", "find_npm", "install_command", "pinned_packages",
           "runtime_folder", "user_cache"]

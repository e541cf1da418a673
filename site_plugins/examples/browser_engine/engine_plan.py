"""What a build ships for Reroll, decided when the configuration is read, before any page is
drawn: where Pyodide's runtime is (the site's own ``node_modules``, or the pinned one the
build installs into the user's cache, :mod:`~site_plugins.examples.browser_engine.runtime_fetch`),
whether Node is there for the steps under it (the snapshot, the trimmed standard library),
and what the build says where either is missing: a warning naming the command that fixes it,
never a silent "Reroll off".

Build-time only; no MkDocs types.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.runtime_fetch import (
    cached_runtime,
    fetch_runtime,
    install_command,
    pinned_packages,
    runtime_folder,
)

#: The runtime files of the npm package that a page needs (no maps, typings or consoles).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"
#: The pinned npm package version the site is tested with (``runtime_package/package.json``).
PYODIDE_VERSION = pinned_packages()["pyodide"]


def find_pyodide(candidates: list[Path]) -> Path:
    """The first folder holding Pyodide's runtime files, or an error saying how to get one."""
    for folder in candidates:
        if all((folder / name).is_file() for name in (*RUNTIME_FILES, LOCK_FILE)):
            return folder
    tried = ", ".join(str(c) for c in candidates)
    raise BrowserEngineError(f"Pyodide's runtime files were not found (looked in {tried}): run "
                             f"`{install_command()}` to install the pinned npm package "
                             f"pyodide@{PYODIDE_VERSION}")


def find_node() -> str | None:
    """The ``node`` program on the ``PATH``, or ``None``."""
    return shutil.which("node")


@dataclass(frozen=True)
class EnginePlan:
    """What a build ships for Reroll, decided before any page is drawn."""

    #: The npm package's folder; ``None``: no engine, no Reroll button, no Reroll script.
    pyodide: Path | None = None
    #: The ``node`` program for the snapshot and the standard-library trace, or ``None``.
    node: str | None = None
    #: One line for the build's log about what the build did to ship Reroll (``""``: none).
    note: str = ""
    #: One line for the build's log (a warning: ``strict`` stops on it) about what is left out
    #: and why, and what to run so that it is not (``""``: nothing is).
    warning: str = ""

    @property
    def reroll(self) -> bool:
        return self.pyodide is not None


def plan_engine(reroll: bool | str, candidates: list[Path], *, node: str | None,
                make_snapshot: bool = True, root: Path | None = None,
                cache: Path | None = None, npm: str | None = None) -> EnginePlan:
    """Whether a build ships the engine: ``reroll`` is the plugin's option (``True``,
    ``False`` or ``"auto"``), ``candidates`` where the site's own npm package may be,
    ``node`` the program found (:func:`find_node`). A site without the package gets the
    pinned runtime from ``cache`` (:mod:`~site_plugins.examples.browser_engine.runtime_fetch`),
    installed there with ``npm`` if it is not yet. Where that cannot be, ``True`` is an error
    (``BrowserEngineError``: the author asked for Reroll) and ``"auto"`` a build without
    Reroll with a warning that names the command that fixes it. ``root`` shortens the
    folders the lines name."""
    if reroll is False:
        return EnginePlan()
    note = ""
    pyodide: Path | None
    try:
        pyodide = find_pyodide(candidates)
    except BrowserEngineError:
        where = " or ".join(dict.fromkeys(_shown(folder, root) for folder in candidates))
        pyodide, note, problem = _runtime_elsewhere(cache, npm, where)
        if pyodide is None:
            if reroll is True:
                raise BrowserEngineError(f"the option `reroll: true` needs Pyodide, but "
                                         f"{problem}") from None
            return EnginePlan(warning=f"Reroll is off for this build: {problem}; or set "
                                      "`reroll: false` to build without the Reroll button "
                                      "and without this warning")
    if node is None:
        without = "without a start-up snapshot and " if make_snapshot else ""
        return EnginePlan(pyodide, None, note=note, warning=(
            f"Reroll is on, {without}with Pyodide's whole standard library: Node.js is not "
            "installed (the page starts Python more slowly and downloads more; see README)"))
    return EnginePlan(pyodide, node, note=note)


def _runtime_elsewhere(cache: Path | None, npm: str | None, where: str
                       ) -> tuple[Path | None, str, str]:
    """Pyodide from the user's cache (installed there with ``npm`` if need be), a line saying
    so, and, where there is none, why not and what to run instead."""
    pinned = f"pyodide@{PYODIDE_VERSION}"
    instead = f"run `{install_command()}` beside mkdocs.yml"
    if cache is None:
        return None, "", f"there is no {pinned} at {where}: {instead}"
    found = cached_runtime(cache)
    if found is not None:
        return found, "", ""
    if npm is None:
        return None, "", (f"there is no {pinned} at {where}, and npm is not installed to "
                          f"fetch it into {cache}: install Node.js with npm (Debian: `apt "
                          f"install npm`) and build again, or {instead}")
    try:
        found = fetch_runtime(cache, npm)
    except BrowserEngineError as error:
        return None, "", f"{error}; build again, or {instead}"
    return found, (f"Pyodide {PYODIDE_VERSION} was installed with npm into "
                   f"{runtime_folder(cache)}, for every site on this machine"), ""


def _shown(folder: Path, root: Path | None) -> str:
    """``folder`` relative to ``root`` where it is inside it."""
    if root is not None:
        try:
            return folder.relative_to(root).as_posix()
        except ValueError:
            pass
    return str(folder)


__all__ = ["LOCK_FILE", "PYODIDE_VERSION", "RUNTIME_FILES", "BrowserEngineError", "EnginePlan",
           "find_node", "find_pyodide", "plan_engine"]

"""``rules-reference``: the command line a rules author runs in a site of their own.

    rules-reference new-system NAME [--title TITLE] [--root DIR]
        a game system's own project (systems/NAME/) and its chapter (docs/NAME/), then the
        lines of mkdocs.yml and the command that make the site show it
    rules-reference runtime [--cache DIR]
        install the pinned Pyodide runtime into the user's cache now (a build does it itself
        where npm is there)
    rules-reference --version

Exits 0, or 1 with the reason on standard error (never a traceback), 2 on a command line it
cannot read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import site_plugins
from site_plugins.authoring.new_system import NewSystem, NewSystemError, write_system


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, read."""
    parser = argparse.ArgumentParser(
        prog="rules-reference",
        description="A live rules reference: worked examples checked against a rules engine "
                    "and rolled again in the reader's browser.")
    parser.add_argument("--version", action="version",
                        version=f"rules-reference {site_plugins.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser(
        "new-system", help="write a game system's project and chapter into this site",
        description="Write systems/NAME/ (an installable project declaring the system, a "
                    "first rule, a roller, tests) and docs/NAME/ (a chapter of verified "
                    "cards, a glossary) into the site; in a folder without mkdocs.yml, a site "
                    "too. Nothing is written over.")
    new.add_argument("name", help="the system's name: its package and its chapter's folder "
                                  "(lower-case letters, digits, underscores)")
    new.add_argument("--title", default="", help="how the site names it (default: from NAME)")
    new.add_argument("--root", type=Path, default=Path("."),
                     help="the site's folder, where mkdocs.yml is (default: here)")
    runtime = commands.add_parser(
        "runtime", help="install the pinned Pyodide runtime into the cache now",
        description="Install the Pyodide runtime the site self-hosts into the user's cache "
                    "with npm (a build does it itself when it needs it and npm is there).")
    runtime.add_argument("--cache", type=Path, default=None,
                         help="the cache folder (default: the user's, as the build's)")
    return parser.parse_args(argv)


def next_steps(made: NewSystem, root: Path) -> str:
    """What ``new-system`` tells the author: what it wrote, and the steps that show it."""
    shown = [f"  {path.relative_to(root).as_posix()}" for path in made.written]
    lines = [f"Wrote the game system {made.name} ({made.title}):", *shown, ""]
    if made.new_site:
        lines += ["mkdocs.yml is new, with the plugin and the chapter in its nav.", ""]
    else:
        lines += ["Add the chapter to the nav of mkdocs.yml:", made.nav, ""]
        if made.missing:
            lines += ["mkdocs.yml also needs, in its lists of the same names:",
                      *(f"  {line}" for line in made.missing), ""]
    lines += ["Then install the system (the site finds it through its entry point) and build:",
              f"  {made.install}",
              "  mkdocs serve          # or: mkdocs build --strict",
              f"  pytest docs/{made.name} systems/{made.name}/tests"]
    return "\n".join(lines)


def install_runtime(cache: Path | None) -> str:
    """Install the pinned runtime (see :mod:`~site_plugins.examples.browser_engine.runtime_fetch`)
    and say where it is."""
    from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
    from site_plugins.examples.browser_engine.runtime_fetch import (
        cached_runtime,
        fetch_runtime,
        find_npm,
        install_command,
        user_cache,
    )

    folder = cache or user_cache()
    found = cached_runtime(folder)
    if found is not None:
        return f"The Pyodide runtime is already installed: {found}"
    npm = find_npm()
    if npm is None:
        raise BrowserEngineError("npm is not installed: install Node.js with npm (Debian: `apt "
                                 f"install npm`), or run `{install_command()}` beside mkdocs.yml")
    return f"Installed the Pyodide runtime: {fetch_runtime(folder, npm)}"


def main(argv: list[str] | None = None) -> int:
    """Run the command; 0, or 1 with the reason on standard error."""
    options = arguments(argv)
    from site_plugins.examples.browser_engine.engine_error import BrowserEngineError

    try:
        if options.command == "new-system":
            made = write_system(options.root, options.name, options.title)
            print(next_steps(made, options.root))
        else:
            print(install_runtime(options.cache))
    except (NewSystemError, BrowserEngineError, OSError) as error:
        print(f"rules-reference: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

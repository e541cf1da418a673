"""Where a ``mkdocs build`` spends its time, by plugin and event, without a profiler.

One build in this process, every event handler of every plugin timed by the wall clock (no
profiler, so the figures are the build's own, not cProfile's two or three times slower ones).

Also timed, since they run outside any hook:

* each Python-Markdown inline pattern (its search of every text of every page and what it
  makes of a match; a plugin's pattern, such as the rules-examples dice in the prose, among
  them), by class;
* the Markdown conversion of every page with the extensions the plugins added (instances in
  ``markdown_extensions`` after the build) and without them, outside the build, best of
  three: what those extensions cost;
* any function named with ``--time MODULE.NAME``, looked up where it is called from (for a
  function imported with ``from x import f``, the importing module's name: ``--time
  site_plugins.examples.site.plugin.finish_site``); a name that is not there is said and
  skipped.

    python benchmarks/hook_times.py -f SITE/mkdocs.yml -d OUT [--time MODULE.NAME ...]
                                    [--json FILE]

Run it in the site's folder (``benchmarks/author_site.py --keep DIR`` leaves one), after a
build that filled the caches, for a warm build's figures.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import markdown
from markdown import treeprocessors
from mkdocs.commands import build
from mkdocs.config import load_config

#: (kind, name) → [calls, seconds]
TIMES: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])


def timing(kind: str, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` adding its calls and wall time to :data:`TIMES` under ``(kind, name)``."""

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            entry = TIMES[kind, name]
            entry[0] += 1
            entry[1] += time.perf_counter() - start

    return timed


def time_events(config: Any) -> None:
    """Wrap every plugin's handler of every event."""
    plugins = config.plugins
    for event, methods in plugins.events.items():
        for index, method in enumerate(methods):
            origin = plugins._event_origins.get(method, "<unknown>")
            wrapped = timing("hook", f"{origin}: on_{event}", method)
            plugins._event_origins[wrapped] = origin
            methods[index] = wrapped


def time_inline_patterns() -> None:
    """Time every inline pattern's application, by its class."""
    original = treeprocessors.InlineProcessor._InlineProcessor__applyPattern  # type: ignore[attr-defined]

    def apply(self: Any, pattern: Any, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(self, pattern, *args, **kwargs)
        finally:
            kind = type(pattern)
            entry = TIMES["inline pattern", f"{kind.__module__}.{kind.__qualname__}"]
            entry[0] += 1
            entry[1] += time.perf_counter() - start

    treeprocessors.InlineProcessor._InlineProcessor__applyPattern = apply  # type: ignore[attr-defined]


def time_functions(names: list[str]) -> None:
    """Wrap each ``module.name`` where the module looks it up."""
    for dotted in names:
        module_name, _, attribute = dotted.rpartition(".")
        try:
            module = importlib.import_module(module_name)
            function = getattr(module, attribute)
        except (ImportError, AttributeError, ValueError) as error:
            print(f"--time {dotted}: not found ({error}); skipped")
            continue
        setattr(module, attribute, timing("function", dotted, function))


def conversion_cost(config: Any, runs: int = 3) -> dict[str, float]:
    """Seconds to convert every page's Markdown with the site's extensions, with and without
    those the plugins added (best of ``runs``)."""
    docs = Path(config.docs_dir)
    pages = [path.read_text("utf-8") for path in sorted(docs.rglob("*.md"))]
    added = [e for e in config.markdown_extensions if not isinstance(e, str)]
    names = [e for e in config.markdown_extensions if isinstance(e, str)]
    best: dict[str, float] = {}
    for label, extensions in (("without the plugins' extensions", names),
                              ("with them", [*names, *added])):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            for text in pages:
                markdown.Markdown(extensions=extensions,
                                  extension_configs=config.mdx_configs).convert(text)
            times.append(time.perf_counter() - start)
        best[label] = round(min(times), 3)
    best["added extensions"] = [type(e).__qualname__ for e in added]  # type: ignore[assignment]
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-f", "--config-file", required=True)
    parser.add_argument("-d", "--site-dir", required=True)
    parser.add_argument("--time", nargs="*", default=[], metavar="MODULE.NAME")
    parser.add_argument("--no-conversion", action="store_true",
                        help="skip timing the Markdown conversion with and without")
    parser.add_argument("--json", default="", help="write the figures to this file too")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    start = time.perf_counter()
    config = load_config(config_file=args.config_file, site_dir=args.site_dir)
    loaded = time.perf_counter() - start
    time_functions(args.time)
    time_events(config)
    time_inline_patterns()
    started = time.perf_counter()
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build.build(config)
    finally:
        config.plugins.on_shutdown()
    built = time.perf_counter() - started
    rows = sorted(((kind, name, int(calls), seconds)
                   for (kind, name), (calls, seconds) in TIMES.items()),
                  key=lambda row: row[3], reverse=True)
    print(f"configuration loaded (plugins imported) in {loaded:.2f} s; build {built:.2f} s")
    print(f"{'seconds':>8} {'calls':>8}  what")
    for kind, name, calls, seconds in rows:
        if seconds >= 0.005:
            print(f"{seconds:>8.3f} {calls:>8}  {kind}: {name}")
    conversion = {} if args.no_conversion else conversion_cost(config)
    for label, value in conversion.items():
        print(f"Markdown of every page, {label}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "load_config_s": round(loaded, 3), "build_s": round(built, 3),
            "times": [{"kind": k, "name": n, "calls": c, "seconds": round(s, 4)}
                      for k, n, c, s in rows],
            "conversion": conversion}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

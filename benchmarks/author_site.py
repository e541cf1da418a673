"""What the plugin costs a large rules site that is not ours, with dice in its prose.

Build time, bytes shipped, files per page view, and the first click on a dice expression.

**The site** (``author_site_pages.py``): a generated MkDocs + Material site of ``--pages``
pages (1,000 by default: a home page, an index per section, then monsters, spells and magic
items in a 5:3:2 ratio, about 450 words each, with headings, tables, admonitions, lists and
dice in the prose as such sites write them: "*Hit:* 7 (1d8 + 3) piercing damage",
"1d4 + 1 force damage", "a d20", "1d4 × 10 years", "676 (33d20 + 330)"), seeded, the same
bytes every run. ``theme: material``, ``plugins: [search]``, the ``admonition``, ``tables``,
``attr_list`` and ``toc`` extensions, no ``nav`` (MkDocs lists every page), no
``rules-example`` fence, no chapter of our systems. With the plugin, the only change is
``plugins: [search, rules-examples]``; Pyodide is where an author's ``npm install`` puts it, a
``node_modules`` beside ``mkdocs.yml`` (a link to this clone's).

**Builds.** Every build is ``mkdocs build --quiet`` in a new process, in the site's folder,
timed by the wall clock, with Python's bytecode caches allowed (as on an author's machine).
The plugin's cache is a new folder per site measured, given by ``HOME=<tmp>/home-<n>`` (the
plugin's default ``~/.cache/rules-examples``; the configuration stays untouched), so this
run neither reads nor fills the machine's own cache. First, per site with the plugin, one
**cold** build in that empty cache (every step under Node: the trace, the compiles, the
snapshot, the brotli of the wasm); then one warm-up build of each variant, not counted; then
``--runs`` rounds of one build of each variant, alternating. Reported: the median and range
of each, the overhead of the plugin (warm medians) in seconds and per cent (goal: at most
15 %), and the cold build's time.

**Bytes.** The built site's size (every file's own size, hard links counted as the copies a
host receives) and file count, with and without the plugin, and where the difference lies
(the engine's folder, the other assets, the pages' HTML, the search index). The files a page
view loads from ``assets/rules-examples/``: read from a monster page's HTML (its stylesheet
and scripts, and the modules they import), and as nginx saw a browser load them.

**The first click.** The built site is served under ``/rules/`` by Debian's nginx, configured
as the README recommends (``benchmarks/nginx/rules.conf`` through
``tests/nginx_recommended.py``: ``brotli_static``, ``gzip_static``) or, with ``--config
stock``, as Debian ships it. A new Chromium profile (Debian's ``/usr/bin/chromium``) opens the
first monster page; once nginx has been idle for 1.5 s, the first dice button
(``button.rx-dice-notation``) is clicked and the result (``output.rx-dice-result
.rx-dice-sum``) awaited. Reported, from nginx's access log: the bytes sent for the requests
begun after the click and before the result (the engine: goal at most 3.8 MB, the first
Reroll's), and for those begun within the next ``--after`` seconds (30: a snapshot or
anything else fetched in the background); from the page: click → result (marks set by a
capturing click listener and a mutation observer, so Playwright's own time is left out). The
link is loopback unless ``--profile`` names one of ``deploy.py``'s emulated links. A page
view's requests are counted on the site without the plugin too.

**Before and after.** ``--compare REV`` also measures the site as the project at git
revision ``REV`` builds it (a detached worktree, as ``deploy.py`` makes it, with this clone's
``node_modules``), every build and click alternating with this tree's; ``--rev REV`` measures
``REV`` instead of this working tree (``--rev HEAD``: the last commit alone, whatever is
being edited). ``--cprofile`` adds one warm build with the plugin under cProfile
(``benchmarks/results/author_site.prof``) and prints the plugin's functions by time; for
the same without a profiler's distortion, ``benchmarks/hook_times.py`` times every hook of a
build of the site ``--keep DIR`` left (run in ``DIR/site`` with ``HOME=DIR/home-2``).

    python benchmarks/author_site.py [--pages 1000] [--runs 3] [--compare REV | --rev REV]
                                     [--config recommended|stock] [--profile fast-4g]
                                     [--clicks 1] [--after 30] [--no-cold] [--cprofile]
                                     [--keep DIR] [--out author_site.json]

A quick check that it works: ``--pages 50 --runs 1``. This machine's timings move with its
load: report ranges. Writes ``benchmarks/results/author_site.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import deploy  # noqa: E402  (its nginx, worktree and link emulator, reused)
from author_site_pages import write_site  # noqa: E402

RESULTS = HERE / "results"
PLUGIN_ASSETS = "assets/rules-examples/"
#: What a page loads of the plugin's besides ``assets/rules-examples/``: the service worker.
PLUGIN_ROOT_FILES = ("rules-examples-sw.js",)
GOAL_OVERHEAD = 0.15
GOAL_FIRST_CLICK_MB = 3.8
_IMPORT = re.compile(r"""(?:^|[;\s])import\s*(?:[\w*{}\s,]+\s*from\s*)?["'](\.{1,2}/[^"']+)["']""",
                     re.MULTILINE)
_ASSET_URL = re.compile(r"""(?:href|src)="([^"]*assets/rules-examples/[^"]+)\"""")


class BuildFailed(Exception):
    """A build exited with an error; the message ends with its log."""


@dataclass
class Variant:
    """One way of building the site: without the plugin, or with it as a checkout has it."""

    name: str
    config: Path
    www: Path
    home: Path
    #: The checkout whose plugin builds it (first on ``PYTHONPATH``), ``None``: no plugin.
    tree: Path | None = None
    times: list[float] = field(default_factory=list)
    cold: float | None = None
    error: str = ""

    @property
    def plugin(self) -> bool:
        return self.tree is not None

    @property
    def site(self) -> Path:
        return self.www / "rules"


def build(variant: Variant, folder: Path, home: Path | None = None,
          profile_to: Path | None = None) -> float:
    """Seconds of wall time for one ``mkdocs build`` of ``variant`` in a new process (its
    cache under ``home``, by default the variant's); under cProfile with ``profile_to``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", HOME=str(home or variant.home))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on an author's machine (build_time.py)
    if variant.tree is not None:
        # The checkout's own packages first: the venv's editable install points at this one.
        env["PYTHONPATH"] = str(variant.tree)
    profiler = ["-m", "cProfile", "-o", str(profile_to)] if profile_to else []
    command = [sys.executable, *profiler, "-m", "mkdocs", "build", "--quiet",
               "-f", str(variant.config), "-d", str(variant.site)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True,
                          check=False)
    took = time.perf_counter() - start
    if done.returncode:
        raise BuildFailed(f"{variant.name}: mkdocs build exited {done.returncode}:\n"
                          + (done.stderr or done.stdout)[-3000:])
    return took


def timed(variant: Variant, folder: Path, into: list[float] | None, **kwargs: Any) -> None:
    """Build ``variant``, adding the time to ``into``; a failure is kept on the variant (its
    later builds are skipped) rather than ending the run."""
    if variant.error:
        return
    try:
        took = build(variant, folder, **kwargs)
    except BuildFailed as error:
        variant.error = str(error)
        print(f"  {variant.name}: FAILED\n{error}", flush=True)
        return
    if into is not None:
        into.append(took)
    print(f"  {variant.name}: {took:.1f} s", flush=True)


def site_size(site: Path) -> dict[str, Any]:
    """Bytes and files of a built site, in all and by part."""
    parts = {"engine": 0, "plugin_assets": 0, "html": 0, "search_index": 0, "other": 0}
    files = 0
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        files += 1
        size = path.stat().st_size
        uri = path.relative_to(site).as_posix()
        if uri.startswith(PLUGIN_ASSETS + "pyodide/"):
            parts["engine"] += size
        elif uri.startswith(PLUGIN_ASSETS) or uri in PLUGIN_ROOT_FILES:
            parts["plugin_assets"] += size
        elif uri.endswith(".html"):
            parts["html"] += size
        elif uri.startswith("search/"):
            parts["search_index"] += size
        else:
            parts["other"] += size
    return {"bytes": sum(parts.values()), "files": files, "parts": parts}


def page_assets(site: Path, page: str) -> list[str]:
    """The files of ``assets/rules-examples/`` a view of ``page`` loads, as its HTML says: the
    stylesheet and scripts it links, and the modules those import, transitively."""
    html = (site / page / "index.html").read_text("utf-8")
    found: list[str] = []
    todo = [(site / page / url).resolve() for url in _ASSET_URL.findall(html)]
    while todo:
        path = todo.pop(0)
        uri = path.relative_to(site.resolve()).as_posix()
        if uri in found or not path.is_file():
            continue
        found.append(uri)
        if path.suffix == ".js":
            todo += [(path.parent / target).resolve()
                     for target in _IMPORT.findall(path.read_text("utf-8"))]
    return found


def first_monster(folder: Path) -> str:
    """The first monster page's path in the site (``monsters/ash-goblin/``)."""
    pages = sorted(p.stem for p in (folder / "docs" / "monsters").glob("*.md")
                   if p.stem != "index")
    return f"monsters/{pages[0]}/"


def quiet(log: Path, idle: float = 1.5, limit: float = 60.0) -> None:
    """Wait until nginx's log has not grown for ``idle`` seconds (the page's late fetches,
    Material's search index among them, done)."""
    size, since, start = -1, time.monotonic(), time.monotonic()
    while time.monotonic() - start < limit:
        now = log.stat().st_size if log.is_file() else 0
        if now != size:
            size, since = now, time.monotonic()
        elif time.monotonic() - since >= idle:
            return
        time.sleep(0.1)


_WATCH = """() => {
  window.__rx = {};
  document.addEventListener('click', (event) => {
    if (event.target.closest?.('button.rx-dice-notation') && !window.__rx.click)
      window.__rx.click = performance.now();
  }, { capture: true });
  new MutationObserver(() => {
    if (!window.__rx.result && document.querySelector('output.rx-dice-result .rx-dice-sum'))
      window.__rx.result = performance.now();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def page_view(entries: list[tuple[str, int]]) -> dict[str, Any]:
    """Requests and bytes of a page view, and those of the plugin's files."""
    plugin = [(uri, size) for uri, size in entries
              if PLUGIN_ASSETS in uri or uri.rsplit("/", 1)[-1] in PLUGIN_ROOT_FILES]
    return {"requests": len(entries), "bytes": sum(size for _, size in entries),
            "plugin_requests": len(plugin), "plugin_bytes": sum(size for _, size in plugin),
            "plugin_files": sorted({uri.split("?")[0].rsplit("/", 1)[-1] for uri, _ in plugin}),
            "requests_list": [f"{uri} {size}" for uri, size in entries]}


def by_file(entries: list[tuple[str, int]]) -> dict[str, int]:
    files: dict[str, int] = {}
    for uri, size in entries:
        name = uri.split("?")[0].rstrip("/").rsplit("/", 1)[-1] or uri
        files[name] = files.get(name, 0) + size
    return files


def click_case(url: str, page_path: str, log: Path, profile_dir: Path, after: float,
               click: bool) -> dict[str, Any]:
    """A new profile opens the page; with ``click``, the first dice button is clicked and its
    result awaited, then ``after`` seconds more."""
    result: dict[str, Any] = {}
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile_dir), executable_path=deploy.CHROMIUM, args=deploy.ARGS, headless=True)
        try:
            page = context.new_page()
            log.write_text("")
            page.goto(url + page_path, wait_until="load")
            quiet(log)
            result["page_view"] = page_view(list(deploy.logged(log)))
            if click:
                try:
                    result.update(first_click(page, log, after))
                except PlaywrightError as error:  # a site whose dice never answer: say so
                    result["click_error"] = str(error).splitlines()[0]
        finally:
            context.close()
    return result


def first_click(page: Page, log: Path, after: float) -> dict[str, Any]:
    """Click the first dice button; the bytes before its result and after it, and the time."""
    page.wait_for_selector("button.rx-dice-notation", timeout=30_000)
    page.evaluate(_WATCH)
    log.write_text("")
    page.click("button.rx-dice-notation >> nth=0")
    page.wait_for_selector("output.rx-dice-result .rx-dice-sum", timeout=300_000)
    marks = page.evaluate("({ ...window.__rx, origin: performance.timeOrigin,"
                          " text: document.querySelector('output.rx-dice-result')"
                          ".getAttribute('aria-label') })")
    result_at = marks["origin"] + marks["result"]
    before = list(deploy.logged(log, result_at))
    page.wait_for_timeout(after * 1000)
    everything = list(deploy.logged(log))
    later = everything[len(before):]
    return {
        "click_to_result_ms": round(marks["result"] - marks["click"]),
        "answer": " ".join(str(marks["text"]).split()),
        "via": page.evaluate("document.documentElement.dataset.rxEngineVia ?? null"),
        "bytes_before_result": sum(size for _, size in before),
        "requests_before_result": len(before),
        "files_before_result": by_file(before),
        f"bytes_within_{after:g}s_after": sum(size for _, size in later),
        f"files_within_{after:g}s_after": by_file(later),
    }


def summary_of(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {"median": round(statistics.median(values), 2), "min": round(min(values), 2),
            "max": round(max(values), 2)}


@contextlib.contextmanager
def checkouts(revs: list[str], work: Path) -> Iterator[dict[str, Path]]:
    """A detached worktree for each revision (``deploy.checkout``), removed afterwards."""
    with contextlib.ExitStack() as stack:
        yield {rev: stack.enter_context(deploy.checkout(rev, work))
               for rev in dict.fromkeys(revs)}


def profile_summary(prof: Path, top: int = 30) -> list[dict[str, Any]]:
    """The plugin's (and the engine's) functions in a cProfile dump, by cumulative time."""
    stats = pstats.Stats(str(prof))
    rows = []
    for (filename, line, name), (_cc, calls, tottime, cumtime, _callers) in \
            stats.stats.items():  # type: ignore[attr-defined]
        where = filename.replace("\\", "/")
        if "/site_plugins/" not in where and "/rules_core/" not in where:
            continue
        short = where.split("/site_plugins/")[-1] if "/site_plugins/" in where \
            else "rules_core/" + where.split("/rules_core/")[-1]
        rows.append({"function": f"{short}:{line}({name})", "calls": calls,
                     "own_s": round(tottime, 3), "cumulative_s": round(cumtime, 3)})
    rows.sort(key=lambda row: row["cumulative_s"], reverse=True)
    return rows[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3, help="timed builds of each variant")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--compare", metavar="REV", default="",
                        help="also measure the site as the project at REV builds it")
    parser.add_argument("--rev", metavar="REV", default="",
                        help="measure the project at REV instead of this working tree")
    parser.add_argument("--config", choices=["recommended", "stock"], default="recommended",
                        help="nginx's configuration for the first click")
    parser.add_argument("--profile", choices=list(deploy.PROFILES), default="loopback",
                        help="the link for the first click (deploy.py's emulation)")
    parser.add_argument("--clicks", type=int, default=1, help="first clicks per site")
    parser.add_argument("--after", type=float, default=30.0,
                        help="seconds after the result whose requests are counted too")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold builds")
    parser.add_argument("--no-browser", action="store_true", help="skip the first click")
    parser.add_argument("--cprofile", action="store_true",
                        help="profile one more warm build with the plugin (cProfile)")
    parser.add_argument("--keep", metavar="DIR", default="",
                        help="generate the site in DIR and keep it (and the built sites)")
    parser.add_argument("--out", default="author_site.json", help="JSON file in results/")
    args = parser.parse_args()
    if args.compare and args.rev and args.compare == args.rev:
        parser.error("--compare and --rev name the same revision")

    with contextlib.ExitStack() as stack:
        work = Path(args.keep).resolve() if args.keep else \
            Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="author-site-")))
        work.mkdir(parents=True, exist_ok=True)
        folder = work / "site"
        folder.mkdir(exist_ok=True)
        generated = write_site(folder, args.pages, args.seed, plugin=True)
        write_site(folder, args.pages, args.seed, plugin=False, config_name="mkdocs-without.yml")
        link = folder / "node_modules"
        if not link.exists():
            link.symlink_to(ROOT / "node_modules")
        trees = stack.enter_context(checkouts([r for r in (args.compare, args.rev) if r], work))
        variants = [Variant("without", folder / "mkdocs-without.yml", work / "www-0",
                            work / "home-0")]
        if args.compare:
            variants.append(Variant(f"with, before ({args.compare})", folder / "mkdocs.yml",
                                    work / "www-1", work / "home-1", trees[args.compare]))
        name = f"with ({args.rev})" if args.rev else \
            ("with, after (this tree)" if args.compare else "with (this tree)")
        variants.append(Variant(name, folder / "mkdocs.yml", work / "www-2", work / "home-2",
                                trees[args.rev] if args.rev else ROOT))
        for variant in variants:
            variant.home.mkdir(exist_ok=True)
        print(f"site: {generated or 'kept'} in {folder}", flush=True)

        if not args.no_cold:
            print("cold builds (an empty cache: HOME a new folder)", flush=True)
            for variant in variants:
                if variant.plugin:
                    times: list[float] = []
                    timed(variant, folder, times)
                    variant.cold = times[0] if times else None
        print("warm-up", flush=True)
        for variant in variants:
            timed(variant, folder, None)
        for run in range(args.runs):
            print(f"run {run + 1} of {args.runs}", flush=True)
            for variant in variants:
                timed(variant, folder, variant.times)

        page_path = first_monster(folder)
        results: dict[str, Any] = {
            "pages": args.pages, "seed": args.seed, "runs": args.runs,
            "generated": generated, "cache": "HOME=<tmp>/home-<n> (~/.cache/rules-examples)",
            "page": page_path, "config": args.config, "profile": args.profile,
            "compare": args.compare, "rev": args.rev, "variants": {}}
        base = variants[0]
        base_size = site_size(base.site) if not base.error else None
        for variant in variants:
            entry: dict[str, Any] = {"error": variant.error} if variant.error else {}
            entry["seconds"] = [round(t, 2) for t in variant.times]
            entry["warm"] = summary_of(variant.times)
            entry["cold_s"] = round(variant.cold, 1) if variant.cold else None
            if not variant.error and variant.site.is_dir():
                entry["size"] = site_size(variant.site)
                if variant.plugin:
                    entry["page_assets_from_html"] = page_assets(variant.site, page_path)
            if variant.plugin and base.times and variant.times:
                with_s, without_s = (statistics.median(variant.times),
                                     statistics.median(base.times))
                entry["overhead_s"] = round(with_s - without_s, 2)
                entry["overhead_pct"] = round(100 * (with_s / without_s - 1), 1)
            if variant.plugin and base_size and "size" in entry:
                entry["added_bytes"] = entry["size"]["bytes"] - base_size["bytes"]
                entry["added_files"] = entry["size"]["files"] - base_size["files"]
                entry["added_by_part"] = {k: v - base_size["parts"][k]
                                          for k, v in entry["size"]["parts"].items()}
            results["variants"][variant.name] = entry

        if not args.no_browser:
            measure_clicks(variants, results, work, page_path, args)
        if args.cprofile:
            profiled = next(v for v in reversed(variants) if v.plugin)
            prof = RESULTS / "author_site.prof"
            RESULTS.mkdir(parents=True, exist_ok=True)
            print(f"cProfile: one warm build of {profiled.name}", flush=True)
            timed(profiled, folder, None, profile_to=prof)
            if prof.is_file():
                results["cprofile"] = {"variant": profiled.name, "file": str(prof),
                                       "plugin_functions": profile_summary(prof)}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / args.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print_table(results)


def measure_clicks(variants: list[Variant], results: dict[str, Any], work: Path,
                   page_path: str, args: argparse.Namespace) -> None:
    """A page view of every site, and the first click on each site with the plugin, each
    ``--clicks`` times, alternating, behind one nginx per case."""
    port, listen = deploy.free_port(), deploy.free_port()
    url = f"http://127.0.0.1:{listen}/rules/"
    link = deploy.LinkEmulator(listen, port, deploy.PROFILES[args.profile])
    for run in range(args.clicks):
        for number, variant in enumerate(variants):
            if variant.error:
                continue
            link.set_link(deploy.PROFILES[args.profile])
            with deploy.nginx(work, variant.www, port, args.config) as log:
                case = click_case(url, page_path, log, work / f"profile-{number}-{run}",
                                  args.after, click=variant.plugin)
            print(f"  {variant.name}: {json.dumps(case)}", flush=True)
            results["variants"][variant.name].setdefault("clicks", []).append(case)


def _mb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e6:.2f}"


def _range(summary: dict[str, float] | None) -> str:
    if not summary:
        return "-"
    return f"{summary['median']:.1f} ({summary['min']:.1f}–{summary['max']:.1f})"


def _spread(values: list[Any]) -> str:
    found = sorted(v for v in values if isinstance(v, int | float))
    if not found:
        return "-"
    return f"{found[0]:g}" if found[0] == found[-1] else f"{found[0]:g}–{found[-1]:g}"


def print_table(results: dict[str, Any]) -> None:
    after = next((k for c in results["variants"].values() for k in c.get("clicks", [{}])[0]
                  if k.startswith("bytes_within_")), "bytes_within_30s_after")
    rows: list[tuple[str, ...]] = [(
        "", "warm build s, median (range)", "overhead", "cold s", "site MB", "files",
        "added MB", "page view: plugin files", "first click MB", "after MB", "click→result ms")]
    for name, v in results["variants"].items():
        clicks = v.get("clicks", [])
        size = v.get("size", {})
        overhead = (f"+{v['overhead_s']:.1f} s ({v['overhead_pct']:+.0f} %)"
                    if "overhead_s" in v else "")
        views = [len(c["page_view"]["plugin_files"]) for c in clicks]
        requests = [c["page_view"]["requests"] for c in clicks]
        rows.append((
            name + (" FAILED" if v.get("error") else ""), _range(v.get("warm")), overhead,
            f"{v['cold_s']:.0f}" if v.get("cold_s") else "-",
            _mb(size.get("bytes")), str(size.get("files", "-")),
            _mb(v.get("added_bytes")) if "added_bytes" in v else "",
            (f"{len(v['page_assets_from_html'])} in HTML; " if "page_assets_from_html" in v
             else "") + f"{_spread(views)} loaded ({_spread(requests)} requests in all)",
            _spread([round(c["bytes_before_result"] / 1e6, 2) for c in clicks
                     if "bytes_before_result" in c]),
            _spread([round(c[after] / 1e6, 2) for c in clicks if after in c]),
            _spread([c["click_to_result_ms"] for c in clicks if "click_to_result_ms" in c])))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(f"\n{results['pages']} pages, {results['runs']} runs, first click on "
          f"{results['page']} ({results['config']} nginx, {results['profile']}); goals: "
          f"overhead ≤ {GOAL_OVERHEAD:.0%}, first click ≤ {GOAL_FIRST_CLICK_MB} MB")
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    for name, v in results["variants"].items():
        if "added_by_part" in v:
            parts = ", ".join(f"{k} {value / 1e6:+.2f}" for k, value in v["added_by_part"].items())
            print(f"{name}: added MB by part: {parts}")
        if v.get("page_assets_from_html"):
            print(f"{name}: a page's HTML loads {', '.join(v['page_assets_from_html'])}")
        for click in v.get("clicks", [])[:1]:
            print(f"{name}: page view loads {click['page_view']['plugin_files']}")
            if "files_before_result" in click:
                print(f"{name}: before the result: {click['files_before_result']}")
                print(f"{name}: after it: {click[after]} bytes "
                      f"{click.get(after.replace('bytes_', 'files_'))}")
    if "cprofile" in results:
        print(f"\ncProfile of one warm build ({results['cprofile']['variant']}), "
              "the plugin's functions by cumulative seconds:")
        for row in results["cprofile"]["plugin_functions"]:
            print(f"  {row['cumulative_s']:>8.2f} {row['own_s']:>8.2f} {row['calls']:>8} "
                  f"{row['function']}")


if __name__ == "__main__":
    main()

"""What a reader gets from a real host: bytes on the wire and click → first result, on
emulated mobile links and a slower CPU, cold and on a second visit.

The site is built for ``/rules/`` and served by Debian's nginx with its stock ``mime.types``,
configured in one of two ways:

* ``stock``: the ``http`` block of Debian's ``nginx.conf`` (``gzip on``, which compresses
  HTML only);
* ``recommended``: ``benchmarks/nginx/rules.conf``, the README's snippet (``gzip_static`` for
  the ``.gz`` files the build writes, gzip for other text, long caching for the engine).

Either way the page fetches the large engine files as the ``.br`` (or ``.gz``) the build wrote
beside them and unpacks them itself, so the two differ in the page's own text and the
scripts the engine imports (``pyodide.asm.js``: 1.25 MB as it is, 0.26 MB gzipped).

**The link.** Between Chromium and nginx sits a small link emulator: a TCP proxy that holds
every byte to one shared bandwidth per direction and delays it by half the round trip each
way. DevTools' own throttling (``Network.emulateNetworkConditions``) reaches the page and its
workers but not the site's service worker, whose fetches it leaves at full speed (measured
here: a 9.6 MB file through it in 0.28 s under a 9 Mbit/s emulation), so the link is emulated
below the browser, where every request of every target passes.

**The device.** ``--device desk`` (the default) is a desktop browser, 1280×900, a mouse;
``--device phone`` a phone: a 390×844 viewport at 3× (``is_mobile``, a touch screen, so
``(pointer: coarse)``), Reroll tapped. ``--device phone --profiles fast-4g --cpu-slowdown 4``
is the phone profile the README's figures use.

**The CPU.** ``--cpu-slowdown 4`` holds the whole browser to a quarter of the machine's CPU
time with a cgroup (as root, cgroup v1 ``cpu`` controller): DevTools' CPU throttling does not
reach workers ("Operation is only supported for pages, not workers"), and the engine runs in
one.

**A case.** A new browser profile; the chapter loads; Reroll on Tam's first punch is clicked
as soon as the page has loaded (the engine starts downloading at that moment); the time from
the click to the rerolled card painted is read from the page's ``performance`` marks, and the
bytes are what nginx's access log says it sent, page included, for the requests begun before
that moment (by the log's end time less the request's time: the odds' wheel, asked for once
the result is on screen, is listed apart). Then the bytes of every request begun in the
``--after-s`` seconds after the result was painted (30 by default): what a reader pays
beyond the result (the odds' wheel, and the start-up snapshot where it is kept). Then, once
the engine has kept its snapshot, a **second visit** (reload, click), and an **offline** one.
Each case also records the bytes nginx sent for each file and, from the engine's ``ready``
message, when each engine file began and stopped arriving and each start step began (ms after
the click): where a first visit's time goes.

    python benchmarks/deploy.py [--profiles loopback fast-4g ...] [--configs recommended ...]
                                [--cpu-slowdown 4] [--runs 3] [--first-only]
                                [--device desk phone] [--after-s 30]
                                [--snapshot-first-visit] [--out NAME.json]
                                [--compare REV | --compare-tree DIR] [--hover-ms 0 600]

``--compare REV`` builds the site as it was at a git revision too (a detached worktree) and
measures both sites case by case, alternating, in the same run: before and after on the same
machine under the same load; ``--compare-tree DIR`` does the same with a copy of the checkout
as it was (``git archive REV | tar -x -C DIR``), with no git command. ``--hover-ms`` rests a
desktop reader's mouse on Reroll before the click (the engine warms on that intent): what the
warming buys, measured.

This machine's timings move with its load: run each case several times (``--runs``) and
report ranges. Writes ``benchmarks/results/deploy.json`` and prints a table, then the range
of each case over its runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.nginx_recommended import recommended_location  # noqa: E402

CHROMIUM = os.environ.get("RULES_CHROMIUM", "/usr/bin/chromium")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
CHAPTER = "verses/action-chaining/"
CARD = "#tams-first-punch"
CGROUP = Path("/sys/fs/cgroup/cpu/rules-examples-bench")


@dataclass(frozen=True)
class Link:
    """An emulated link: bandwidth each way in Mbit/s, round trip in ms (0: unlimited)."""

    down_mbit: float
    up_mbit: float
    rtt_ms: float


PROFILES = {
    "loopback": Link(0, 0, 0),
    "fast-4g": Link(9, 1.5, 60),
    "slow-4g": Link(1.6, 0.75, 150),
}
STOCK = "gzip on;\n"
#: The browser a case runs in: its viewport and input (``--device``).
DEVICES: dict[str, dict[str, Any]] = {
    "desk": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
              "is_mobile": True, "has_touch": True},
}  # Debian's nginx.conf, as far as what it sends goes


class LinkEmulator:
    """A TCP proxy on 127.0.0.1 that sends everything through ``link`` to ``port``."""

    def __init__(self, listen_port: int, port: int, link: Link) -> None:
        self.listen_port, self.port, self.link = listen_port, port, link
        self.loop = asyncio.new_event_loop()
        self.free_at = {"down": 0.0, "up": 0.0}
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", self.listen_port))
        ready.set()
        self.loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
        await asyncio.gather(self._pump(reader, up_writer, "up"),
                             self._pump(up_reader, writer, "down"), return_exceptions=True)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter,
                    direction: str) -> None:
        rate = (self.link.down_mbit if direction == "down" else self.link.up_mbit) * 1e6 / 8
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if not data:
                    break
                await asyncio.sleep(max(0.0, due - self.loop.time()))
                sink.write(data)
                await sink.drain()
            sink.close()

        delivering = asyncio.ensure_future(deliver())
        try:
            while data := await source.read(16384):
                now = self.loop.time()
                sent = now
                if rate:
                    sent = max(now, self.free_at[direction]) + len(data) / rate
                    self.free_at[direction] = sent
                await queue.put((sent + self.link.rtt_ms / 2000, data))
        finally:
            await queue.put((0.0, b""))
            await delivering

    def set_link(self, link: Link) -> None:
        """Emulate ``link`` from now on (connections opened before keep going)."""
        self.link = link
        self.free_at = {"down": 0.0, "up": 0.0}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(www: Path, url: str, snapshot_first_visit: bool, tree: Path = ROOT) -> None:
    """Build the site of the checkout ``tree`` for ``url`` into ``www/rules``."""
    config = www.parent / f"mkdocs-{www.name}.yml"
    options = ("plugins:\n  - search\n  - rules-examples:\n      snapshot_first_visit: true\n"
               if snapshot_first_visit else "")
    config.write_text(f"INHERIT: {tree / 'mkdocs.yml'}\ndocs_dir: {tree / 'docs'}\n"
                      f"site_url: {url}\nwatch: []\n{options}", encoding="utf-8")
    # The checkout's own packages first: the venv's editable install points at this one.
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(tree))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config),
                    "-d", str(www / "rules")], check=True, env=env, cwd=tree)


@contextlib.contextmanager
def checkout(rev: str, work: Path) -> Iterator[Path]:
    """A detached worktree of this repository at ``rev`` (with this clone's ``node_modules``),
    removed afterwards: the site as it was, built on the same machine in the same run."""
    tree = work / f"tree-{rev.replace('/', '_')}"
    subprocess.run(["git", "worktree", "add", "--quiet", "--detach", str(tree), rev],
                   check=True, cwd=ROOT)
    try:
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       check=False)


@contextlib.contextmanager
def nginx(work: Path, www: Path, port: int, config: str) -> Iterator[Path]:
    """Debian's nginx on ``port`` serving ``www``; yields its access log (bytes sent)."""
    log = work / f"access-{config}.log"
    load = ""
    if config == "recommended":
        load, server = recommended_location(www)
        if not load:  # Debian's libnginx-mod-http-brotli-static is missing: gzip_static only
            print("no brotli_static module: the recommended config sends .gz only", flush=True)
    else:
        server = f"location /rules/ {{ root {www}; }}\n"
    conf = work / f"nginx-{config}.conf"
    temps = "".join(f"  {name}_temp_path {work / name};\n"
                    for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf.write_text(
        f"{load}user {getpass.getuser()};\nworker_processes 1;\npid {work / 'nginx.pid'};\n"
        f"error_log {work / 'error.log'};\nevents {{}}\nhttp {{\n"
        "  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n"
        "  sendfile on;\n  tcp_nopush on;\n" + (STOCK if config == "stock" else "")
        + "  log_format sent '$request_uri $status $bytes_sent $msec $request_time';\n"
        f"  access_log {log} sent;\n{temps}"
        f"  server {{\n    listen 127.0.0.1:{port};\n{server}  }}\n}}\n", encoding="utf-8")
    process = subprocess.Popen([NGINX, "-p", str(work), "-c", str(conf), "-g", "daemon off;"],
                               stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            if process.poll() is not None:
                why = process.stderr.read() if process.stderr else ""
                raise SystemExit(f"nginx did not start: {why}")
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            time.sleep(0.05)
        yield log
    finally:
        process.terminate()
        process.wait(timeout=10)


def logged(log: Path, before: float | None = None) -> Iterator[tuple[str, int]]:
    """(path, bytes sent) of each request in nginx's log; with ``before`` (ms since the
    epoch), only those that began before it (what arrived later was asked for later)."""
    for line in log.read_text("utf-8").splitlines() if log.is_file() else ():
        uri, _, size, ended, took = line.split(" ")
        if before is None or (float(ended) - float(took)) * 1000 < before:
            yield uri, int(size)


def sent_by_file(log: Path, before: float | None = None) -> dict[str, int]:
    """Bytes nginx has sent, by file name (the last part of the path)."""
    files: dict[str, int] = {}
    for uri, size in logged(log, before):
        name = uri.rstrip("/").rsplit("/", 1)[-1] or uri
        files[name] = files.get(name, 0) + size
    return files


def timeline(page: Page) -> dict[str, list[int]]:
    """When each engine file arrived and each start step began, in ms after the click; then
    the first answer: ``python`` (Python answering it in the worker), ``answered`` (its answer
    back in the page) and ``painted``."""
    return dict(page.evaluate(
        "(() => { const ready = performance.getEntriesByName('rx-engine-ready').at(-1);"
        " const click = performance.getEntriesByName('rx-reroll-click').at(-1).startTime;"
        " const t = ready?.detail?.timeline; if (!t) return {};"
        " const shift = t.origin - performance.timeOrigin - click; const out = {};"
        " for (const [k, v] of Object.entries(t)) if (Array.isArray(v))"
        "  out[k] = v.map((x) => Math.round(x + shift));"
        " const painted = performance.getEntriesByName('rx-result-painted').at(-1);"
        " const d = painted?.detail; if (!d) return out;"
        " out.python = [d.replied - d.pythonMs, d.replied].map((x) => Math.round(x - click));"
        " out.answered = [Math.round(d.answered - click)];"
        " out.painted = [Math.round(painted.startTime - click)];"
        " return out; })()"))


def sent(log: Path, before: float | None = None) -> tuple[int, int]:
    """(all bytes nginx has sent, the engine's bytes) according to its log (of the requests
    begun before ``before``, ms since the epoch, if given)."""
    total = engine = 0
    for uri, size in logged(log, before):
        total += size
        if "/pyodide/" in uri or "engine-" in uri:
            engine += size
    return total, engine


def painted_at(page: Page) -> float:
    """When the last result was painted, in ms since the epoch (nginx's clock too)."""
    return float(page.evaluate("performance.timeOrigin"
                               " + performance.getEntriesByName('rx-result-painted').at(-1)"
                               ".startTime"))


def chromium(slowdown: float) -> str:
    """Chromium, or a wrapper that starts it in a cgroup holding it to 1/``slowdown`` of the
    machine's CPU time."""
    if slowdown <= 1:
        return CHROMIUM
    CGROUP.mkdir(exist_ok=True)
    period = 100_000
    quota = int(period * (os.cpu_count() or 1) / slowdown)
    (CGROUP / "cpu.cfs_period_us").write_text(str(period))
    (CGROUP / "cpu.cfs_quota_us").write_text(str(quota))
    wrapper = Path(tempfile.mkdtemp()) / "chromium-slow"
    wrapper.write_text(f"#!/bin/sh\necho $$ > {CGROUP / 'cgroup.procs'}\nexec {CHROMIUM} \"$@\"\n")
    wrapper.chmod(0o755)
    return str(wrapper)


def click_and_wait(page: Page, hover_ms: int = 0, tap: bool = False) -> float:
    """Click Reroll on the card (after resting the mouse on it for ``hover_ms``, as a desktop
    reader's pointer does on its way), or tap it (a phone); return ms from the click to the
    rerolled card painted."""
    before = page.evaluate("performance.getEntriesByName('rx-result-painted').length")
    if hover_ms and not tap:
        page.hover(f"{CARD} .rx-reroll")
        page.wait_for_timeout(hover_ms)
    if tap:
        page.tap(f"{CARD} .rx-reroll")
    else:
        page.click(f"{CARD} .rx-reroll")
    page.wait_for_function(
        f"performance.getEntriesByName('rx-result-painted').length > {before}", timeout=300_000)
    return float(page.evaluate(
        "performance.getEntriesByName('rx-result-painted').at(-1).startTime"
        " - performance.getEntriesByName('rx-reroll-click').at(-1).startTime"))


def wait_until_kept(page: Page, site: str) -> bool:
    """Wait (up to 2 min) until the service worker has kept the engine's snapshot (it does not
    where the browser reckons the link a 2G or 3G one, as it may the slow 4G emulation):
    unpacked, where the engine keeps what it unpacked (its manifest names a ``cache``), else
    as the ``.gz`` it was fetched as."""
    for _ in range(240):
        if page.evaluate(
                "(async (site) => { const base = new URL('assets/rules-examples/pyodide/', site);"
                " const m = await (await fetch(new URL('manifest.json', base))).json();"
                " if (!m.snapshot) return true; const u = new URL(m.dir + m.snapshot, base).href;"
                " if (m.cache) return Boolean(await caches.match(u));"
                " return Boolean(await caches.match(u + '.gz') ?? await caches.match(u)); })",
                site):
            return True
        page.wait_for_timeout(500)
    return False


def sent_after(log: Path, after: float) -> dict[str, int]:
    """Bytes nginx sent, by file name, for the requests begun at or after ``after`` (ms since
    the epoch)."""
    everything, before = sent_by_file(log), sent_by_file(log, after)
    return {name: size - before.get(name, 0) for name, size in everything.items()
            if size > before.get(name, 0)}


def run_case(browser_path: str, url: str, log: Path, profile_dir: Path,
             second: bool = True, hover_ms: int = 0, device: str = "desk",
             after_s: float = 30) -> dict[str, Any]:
    result: dict[str, Any] = {}
    tap = device == "phone"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile_dir), executable_path=browser_path, args=ARGS, headless=True,
            **DEVICES[device])
        page = context.new_page()
        log.write_text("")
        page.goto(url + CHAPTER, wait_until="load")
        result["page_bytes"] = sent(log)[0]
        result["first_visit_ms"] = round(click_and_wait(page, hover_ms, tap))
        # What was asked for before the result was painted (the odds' wheel follows it).
        painted = painted_at(page)
        result["bytes_before_first_result"], result["engine_bytes"] = sent(log, painted)
        result["via"] = page.evaluate("document.documentElement.dataset.rxEngineVia")
        result["files"] = sent_by_file(log, painted)
        result["timeline"] = timeline(page)
        # What the reader pays after the result: everything asked for in the next after_s.
        page.wait_for_timeout(max(0.0, painted + after_s * 1000 - time.time() * 1000))
        result["files_after_first_result"] = sent_after(log, painted)
        result["bytes_after_first_result"] = sum(result["files_after_first_result"].values())
        result["after_s"] = after_s
        if second and wait_until_kept(page, url):
            log.write_text("")
            page.reload(wait_until="load")
            result["second_visit_ms"] = round(click_and_wait(page, tap=tap))
            result["second_visit_bytes"], result["second_visit_engine_bytes"] = sent(log)
            result["second_via"] = page.evaluate("document.documentElement.dataset.rxEngineVia")
            result["second_timeline"] = timeline(page)
            context.set_offline(True)
            page.reload(wait_until="load")
            result["offline_ms"] = round(click_and_wait(page, tap=tap))
            result["offline_timeline"] = timeline(page)
            context.set_offline(False)
        context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", nargs="+", default=list(PROFILES), choices=list(PROFILES))
    parser.add_argument("--configs", nargs="+", default=["stock", "recommended"],
                        choices=["stock", "recommended"])
    parser.add_argument("--cpu-slowdown", type=float, nargs="+", default=[1.0, 4.0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each case")
    parser.add_argument("--first-only", action="store_true",
                        help="measure first visits only (no second visit, no offline)")
    parser.add_argument("--out", default="", help="name of the JSON file written")
    parser.add_argument("--snapshot-first-visit", action="store_true",
                        help="build with snapshot_first_visit (the snapshot on a first visit)")
    parser.add_argument("--compare", metavar="REV", default="",
                        help="also build the site as it was at git revision REV and measure "
                             "both, case by case, in this run (before, after)")
    parser.add_argument("--compare-tree", metavar="DIR", default="",
                        help="also build the site from the checkout copied into DIR and "
                             "measure both, case by case, in this run (before, after)")
    parser.add_argument("--hover-ms", type=int, nargs="+", default=[0],
                        help="rest the mouse on Reroll this long before the click (0: none)")
    parser.add_argument("--device", nargs="+", default=["desk"], choices=list(DEVICES),
                        help="a desktop browser (mouse) or a phone (390 px, touch, taps)")
    parser.add_argument("--after-s", type=float, default=30,
                        help="seconds after the first result whose requests are counted")
    args = parser.parse_args()
    cases: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        port, listen = free_port(), free_port()
        url = f"http://127.0.0.1:{listen}/rules/"
        sites: dict[str, Path] = {}
        if args.compare or args.compare_tree:
            tree = (Path(args.compare_tree).resolve() if args.compare_tree
                    else stack.enter_context(checkout(args.compare, work)))
            before = sites[f"before ({args.compare or tree.name})"] = work / "www-before"
            before.mkdir()
            build(before, url, args.snapshot_first_visit, tree)
        sites["after" if args.compare or args.compare_tree else "this tree"] = work / "www"
        (work / "www").mkdir()
        build(work / "www", url, args.snapshot_first_visit)
        link = LinkEmulator(listen, port, PROFILES["loopback"])
        for config in args.configs:
            for name in args.profiles:
                for slowdown in args.cpu_slowdown:
                    if slowdown > 1 and name == "slow-4g":
                        continue  # the link, not the CPU, decides there
                    for hover, device in [(h, d) for d in args.device for h in args.hover_ms]:
                        for run in range(args.runs):
                            for number, (site, www) in enumerate(sites.items()):
                                link.set_link(PROFILES[name])
                                with nginx(work, www, port, config) as log:
                                    profile = work / (f"profile-{number}-{config}-{name}-"
                                                      f"{slowdown}-{hover}-{device}-{run}")
                                    figures = run_case(chromium(slowdown), url, log, profile,
                                                       not args.first_only, hover, device,
                                                       args.after_s)
                                case = {"site": site, "config": config, "profile": name,
                                        "device": device,
                                        "cpu_slowdown": slowdown, "hover_ms": hover,
                                        "snapshot_first_visit": args.snapshot_first_visit,
                                        "run": run, **figures}
                                cases.append(case)
                                print(json.dumps(case), flush=True)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    name = args.out or ("deploy-snapshot-first-visit.json" if args.snapshot_first_visit
                        else "deploy.json")
    (out / name).write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")
    print_table(cases)


def print_table(cases: list[dict[str, Any]]) -> None:
    print(f"\n{'site':<16}{'config':<12}{'link':<10}{'device':<7}{'cpu':>4}{'hover':>6} "
          f"{'MB before':>10} {'MB after':>9} "
          f"{'first ms':>9} {'via':<12}{'2nd ms':>8} {'2nd MB':>7} {'offline':>8}")
    for c in cases:
        print(f"{c['site'][:15]:<16}{c['config']:<12}{c['profile']:<10}"
              f"{c.get('device', 'desk'):<7}{c['cpu_slowdown']:>4g}"
              f"{c['hover_ms']:>6} {c['bytes_before_first_result'] / 1e6:>10.2f} "
              f"{c.get('bytes_after_first_result', 0) / 1e6:>9.2f} "
              f"{c['first_visit_ms']:>9} {c['via']:<12}{c.get('second_visit_ms', '-'):>8} "
              f"{c.get('second_visit_bytes', 0) / 1e6:>7.2f} {c.get('offline_ms', '-'):>8}")
    groups: dict[tuple[str, str, str, str, float, int], list[dict[str, Any]]] = {}
    for c in cases:
        key = (c["site"], c["config"], c["profile"], c.get("device", "desk"), c["cpu_slowdown"],
               c["hover_ms"])
        groups.setdefault(key, []).append(c)
    print("\nranges over runs (engine MB before the first result; MB after it; first visit, "
          "second visit, offline in ms):")
    for (site, config, profile, device, slowdown, hover), group in groups.items():
        print(f"{site[:15]:<16}{config:<12}{profile:<10}{device:<7}{slowdown:>4g}{hover:>6}  "
              + _range([round(c["engine_bytes"] / 1e6, 2) for c in group]) + " MB  "
              + _range([round(c.get("bytes_after_first_result", 0) / 1e6, 2) for c in group])
              + " MB after  "
              + "  ".join(_range([c.get(key) for c in group])
                          for key in ("first_visit_ms", "second_visit_ms", "offline_ms")))


def _range(values: list[Any]) -> str:
    """``min–max`` of the values measured (``-`` where none was)."""
    found = sorted(v for v in values if isinstance(v, int | float))
    if not found:
        return "-"
    return f"{found[0]}" if found[0] == found[-1] else f"{found[0]}–{found[-1]}"


if __name__ == "__main__":
    main()

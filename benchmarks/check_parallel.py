"""How checking scales with cores: a 16× rulebook checked on 1, 2 and all cores.

The rulebook is today's ``docs/`` copied 16 times into one docs tree (``copy-01/`` …
``copy-16/``, each a whole copy, so its links still resolve). Three figures:

* **check**: the checker alone (``Checker.submit`` for every page, wait for all), which is
  what ``pytest docs`` does before its items report;
* **build**: ``mkdocs build --strict`` of that tree in a fresh process, the plugin's
  ``jobs`` set to 1, 2 or all cores (the browser engine off: it is written once per build
  whatever the pages, and is measured by ``benchmarks/deploy.py``);
* **one page**: what ``mkdocs serve`` pays to check one edited page: a new checker's first
  page (a worker started, the engine imported) and a warm checker's next page.

    python benchmarks/check_parallel.py [--copies 16] [--runs 3]

Writes ``benchmarks/results/check_parallel.json`` and prints a table (medians of runs).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from site_plugins.examples.checking.checker import Checker, default_jobs  # noqa: E402


def rulebook(directory: Path, copies: int) -> Path:
    """Write ``copies`` copies of ``docs/`` under ``directory/docs``; return that folder."""
    docs = directory / "docs"
    for n in range(1, copies + 1):
        shutil.copytree(ROOT / "docs", docs / f"copy-{n:02d}")
    (docs / "index.md").write_text("# A large rulebook\n", encoding="utf-8")
    return docs


def config(directory: Path, docs: Path, jobs: int) -> Path:
    """mkdocs.yml for the tree: the project's theme and extensions, no nav, no engine."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    head, _nav = text.split("\nnav:", 1)
    head = head.replace("docs_dir: docs", f"docs_dir: {docs}")
    head = head.replace("  - rules-examples\n",
                        f"  - rules-examples:\n      reroll: false\n      jobs: {jobs}\n")
    head = "\n".join(line for line in head.splitlines()
                     if line.strip() not in {"watch:", "- rules_core", "- site_plugins"})
    path = directory / f"mkdocs-{jobs}.yml"
    path.write_text(head + "\n", encoding="utf-8")
    return path


def time_check(pages: list[tuple[str, str]], jobs: int) -> float:
    start = time.perf_counter()
    with Checker(jobs=jobs) as checker:
        futures = [checker.submit(path, text) for path, text in pages]
        results = [future.result() for future in futures]
    took = time.perf_counter() - start
    failures = [f for r in results for f in r.all_failures]
    if failures:
        raise SystemExit(f"the copied rulebook does not verify: {failures[0]}")
    return took


def time_build(config_file: Path, site: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f",
                    str(config_file), "-d", str(site)], check=True, cwd=ROOT,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - start


def time_one_page(page: tuple[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    with Checker(jobs=1) as checker:
        checker.verify(*page)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        checker.verify(*page)
        warm = time.perf_counter() - start
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=16)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cores = default_jobs()
    job_counts = sorted({1, 2, cores})
    with tempfile.TemporaryDirectory() as work:
        directory = Path(work)
        docs = rulebook(directory, args.copies)
        pages = [(p.relative_to(directory).as_posix(), p.read_text(encoding="utf-8"))
                 for p in sorted(docs.rglob("*.md"))]
        examples = sum(text.count("```rules-") for _path, text in pages)
        results: dict[str, object] = {"copies": args.copies, "pages": len(pages),
                                      "examples": examples, "cores": cores, "jobs": {}}
        for jobs in job_counts:
            checks = [time_check(pages, jobs) for _ in range(args.runs)]
            cfg = config(directory, docs, jobs)
            time_build(cfg, directory / "site")  # warm: bytecode, odds cache
            builds = [time_build(cfg, directory / "site") for _ in range(args.runs)]
            results["jobs"][str(jobs)] = {  # type: ignore[index]
                "check_s": round(statistics.median(checks), 2),
                "build_s": round(statistics.median(builds), 2)}
        largest = max(pages, key=lambda page: page[1].count("```rules-"))
        results["one_page"] = largest[0]
        one = [time_one_page(largest) for _ in range(args.runs)]
        results["one_page_cold_s"] = round(statistics.median(c for c, _ in one), 3)
        results["one_page_warm_s"] = round(statistics.median(w for _, w in one), 3)
    out = ROOT / "benchmarks" / "results" / "check_parallel.json"
    out.parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no results folder
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"{results['pages']} pages, {examples} examples, {cores} cores")
    print(f"{'jobs':>5} {'check (s)':>10} {'build (s)':>10}")
    for jobs, row in results["jobs"].items():  # type: ignore[attr-defined]
        print(f"{jobs:>5} {row['check_s']:>10} {row['build_s']:>10}")
    print(f"one page ({results['one_page']}): {results['one_page_cold_s']} s with a new checker, "
          f"{results['one_page_warm_s']} s with a warm one")


if __name__ == "__main__":
    main()

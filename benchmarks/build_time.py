"""Time `mkdocs build` of the docs with and without the rules-examples plugin.

Both builds use the same pages and theme; the second drops ``rules-examples`` from the
plugin list (its fenced blocks then render as plain code). Each variant is built once to
warm up (bytecode and snapshot caches, see :func:`time_build`), then several times in a
fresh process, alternating, and the medians are compared. The goal is a ratio of at most 1.3.

    python benchmarks/build_time.py [--runs N]

Writes a JSON summary to ``benchmarks/results/build_time.json`` as well as printing it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def config_without_plugin(directory: Path) -> Path:
    """Write a copy of mkdocs.yml without the examples plugin; return its path."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    dropped = {"- rules-examples", "watch:", "- rules_core", "- site_plugins"}  # watch: serve only
    lines = [line for line in text.splitlines() if line.strip() not in dropped]
    if "- rules-examples" not in text:
        raise SystemExit("mkdocs.yml has no '- rules-examples' plugin line to remove")
    config = directory / "mkdocs.yml"
    body = "\n".join(lines) + "\n"
    body = body.replace("docs_dir: docs", f"docs_dir: {ROOT / 'docs'}")
    config.write_text(body, encoding="utf-8")
    return config


def time_build(config: Path, site_dir: Path) -> float:
    """Seconds of wall time for one `mkdocs build` in a new process.

    Python writes and reuses its bytecode caches, as on an author's machine: an environment
    that forbids them (``PYTHONDONTWRITEBYTECODE``, set on some CI hosts) would make every
    build compile this project's modules again, while MkDocs' and Material's were compiled
    when pip installed them, and the ratio would measure that instead of the plugin.
    """
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config),
               "-d", str(site_dir)]
    start = time.perf_counter()
    subprocess.run(command, check=True, env=env, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        variants = {"with": ROOT / "mkdocs.yml", "without": config_without_plugin(work)}
        times: dict[str, list[float]] = {name: [] for name in variants}
        for name, config in variants.items():  # one warm-up each, not counted
            time_build(config, work / f"site-{name}")
        for _ in range(args.runs):
            for name, config in variants.items():
                times[name].append(time_build(config, work / f"site-{name}"))
    medians = {name: statistics.median(values) for name, values in times.items()}
    summary = {
        "runs": args.runs,
        "seconds": {name: [round(v, 3) for v in values] for name, values in times.items()},
        "median_with_s": round(medians["with"], 3),
        "median_without_s": round(medians["without"], 3),
        "ratio": round(medians["with"] / medians["without"], 3),
        "goal_ratio": 1.3,
    }
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "build_time.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()

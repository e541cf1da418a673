"""Time `rules_core.odds.answer` for every odds question the docs' example cards ask.

The questions are gathered as the build gathers them: `verify_page` runs every example of
``docs/**/*.md``, and each step's views list their questions (``view.odds``); duplicates are
dropped, first occurrence kept. Each question is then answered cold: the engine's answer
cache (``rules_core.odds._answer``) is cleared before every call, and the call alone is
timed with ``time.perf_counter``. The questions are answered in rounds (every question once
per round, ``--repeat`` rounds) and the median per question is reported; the first round's
figure (the first time this process answers it, icepool's own caches cold) is kept as well.
``import icepool`` is done before the first round and timed on its own, in fresh processes.
Each question's steps (what ``rules_core.odds`` charges it against its budget, ``BUDGET``) are
counted in CPython: they are the same in Pyodide, being counted, not timed.

The same measurement runs twice: here in CPython, and inside Pyodide (the npm package in
``node_modules/pyodide``) under Node by ``benchmarks/odds_pyodide.mjs``, which installs our
wheel and icepool's (built by ``site_plugins.examples.browser_engine.runtime``), mounts the
repository and calls :func:`measure` of this file (with every system's wheel, so that every
chapter's questions are asked there too). Goals: each question at most 50 ms in
CPython and 200 ms in Pyodide.

    python benchmarks/odds.py [--repeat 5] [--no-pyodide]

Writes the JSON to ``benchmarks/results/odds.json`` and prints a table and a summary.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import rules_core.odds as engine
from rules_core.odds_text import describe
from rules_core.question import AtLeast, AtMost, Question, Repeated, Wins
from site_plugins.examples.language.verify import verify_page

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
NODE_SCRIPT = Path(__file__).with_name("odds_pyodide.mjs")
GOALS_MS = {"cpython": 50.0, "pyodide": 200.0}
#: Longest the Pyodide run may take, in seconds.
NODE_TIME_LIMIT = 900
IMPORT_SNIPPET = ("import time; s = time.perf_counter(); import icepool; "
                  "print((time.perf_counter() - s) * 1000)")


def collect_questions(root: Path) -> list[Question]:
    """Every distinct odds question the example cards of ``root/docs`` ask, in page order."""
    found: dict[Question, None] = {}
    for page in sorted((root / "docs").rglob("*.md")):
        name = page.relative_to(root).as_posix()
        result = verify_page(name, page.read_text(encoding="utf-8"))
        for run in result.runs:
            for step in run.steps:
                for view in step.views:
                    found.update(dict.fromkeys(view.odds))
    return list(found)


def measure(questions: list[Question], repeat: int) -> list[dict[str, Any]]:
    """Per question: its repr, words, and ``repeat`` cold timings of ``answer`` in ms.

    Runs in CPython and in Pyodide alike (standard library and the engine only).
    """
    import icepool  # noqa: F401  (its import is timed separately, never inside a question)

    samples: list[list[float]] = [[] for _ in questions]
    for _ in range(repeat):
        for question, times in zip(questions, samples, strict=True):
            engine._answer.cache_clear()
            start = time.perf_counter()
            engine.answer(question)
            times.append((time.perf_counter() - start) * 1000)
    return [{"question": repr(q), "kind": type(q).__name__, "words": describe(q),
             "steps": steps(q), "samples_ms": [round(t, 3) for t in times]}
            for q, times in zip(questions, samples, strict=True)]


def steps(question: Question) -> int | None:
    """The steps ``rules_core.odds`` charges answering ``question`` (``None``: past its
    budget)."""
    if not isinstance(question, AtLeast | AtMost | Wins | Repeated):
        return 0
    meter = engine._Meter(engine.BUDGET)
    try:
        engine._work_out(question, meter)
    except engine.OddsTooLarge:
        return None
    except engine.OddsUnavailable:
        pass
    return meter.budget - meter.left


def cpython_import_ms(runs: int) -> list[float]:
    """``import icepool`` in ``runs`` fresh CPython processes, in ms each."""
    found = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", IMPORT_SNIPPET], check=True,
                              capture_output=True, text=True, cwd=ROOT)
        found.append(float(done.stdout.strip()))
    return found


def run_pyodide(repeat: int) -> dict[str, Any]:
    """The Pyodide side's JSON (see ``odds_pyodide.mjs``)."""
    from rules_core.system import systems
    from site_plugins.examples.browser_engine.wheels import build_wheel, installed_wheel

    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed: use --no-pyodide")
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for wheel in (build_wheel(), *(build_wheel(system=s) for s in systems()),
                      installed_wheel("icepool")):
            paths.append(Path(tmp) / wheel.file_name)
            paths[-1].write_bytes(wheel.data)
        command = [node, str(NODE_SCRIPT), str(PYODIDE), str(ROOT), str(repeat),
                   *map(str, paths)]
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=NODE_TIME_LIMIT, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"the Pyodide run failed:\n{done.stderr.strip()[-2000:]}")
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def merge(cpython: list[dict[str, Any]], pyodide: list[dict[str, Any]] | None
          ) -> list[dict[str, Any]]:
    """One row per question with both interpreters' median and first-round figures."""
    by_repr = {row["question"]: row for row in pyodide or []}
    rows = []
    for row in cpython:
        merged = {**{k: row[k] for k in ("question", "kind", "words", "steps")},
                  "cpython_ms": round(statistics.median(row["samples_ms"]), 3),
                  "cpython_first_ms": row["samples_ms"][0],
                  "cpython_samples_ms": row["samples_ms"]}
        other = by_repr.get(row["question"])
        if other is not None:
            merged |= {"pyodide_ms": round(statistics.median(other["samples_ms"]), 3),
                       "pyodide_first_ms": other["samples_ms"][0],
                       "pyodide_samples_ms": other["samples_ms"],
                       "same_words": other["words"] == row["words"]}
        rows.append(merged)
    return rows


def summarize(rows: list[dict[str, Any]], side: str) -> dict[str, Any]:
    """Max, median and count over the goal of one interpreter's medians."""
    values = [row[f"{side}_ms"] for row in rows if f"{side}_ms" in row]
    firsts = [row[f"{side}_first_ms"] for row in rows if f"{side}_first_ms" in row]
    if not values:
        return {}
    return {"questions": len(values), "max_ms": max(values),
            "median_ms": round(statistics.median(values), 3),
            "over_goal": sum(v > GOALS_MS[side] for v in values),
            "goal_ms": GOALS_MS[side], "max_first_round_ms": max(firsts),
            "first_round_over_goal": sum(v > GOALS_MS[side] for v in firsts)}


def cell(value: float | None) -> str:
    return "-" if value is None else f"{value:9.2f}"


def print_report(summary: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    print(f"{'question (rules_core.odds_text.describe)':<72}{'CPython':>9} {'Pyodide':>9}  (ms)")
    for row in rows:
        words = row["words"] if len(row["words"]) <= 70 else row["words"][:69] + "…"
        flag = "" if row.get("same_words", True) else "  (answers differ!)"
        print(f"{words:<72}{cell(row['cpython_ms'])} {cell(row.get('pyodide_ms'))}{flag}")
    print()
    for side in ("cpython", "pyodide"):
        figures = summary[side]
        if figures:
            print(f"{side}: max {figures['max_ms']:.2f} ms, median {figures['median_ms']:.2f} "
                  f"ms, {figures['over_goal']}/{figures['questions']} over "
                  f"{figures['goal_ms']:.0f} ms (first round: max "
                  f"{figures['max_first_round_ms']:.2f} ms, "
                  f"{figures['first_round_over_goal']} over); first `import icepool` "
                  f"{summary['icepool_import_ms'][side]:.0f} ms")
        for row in sorted(rows, key=lambda r: -r.get(f"{side}_ms", 0))[:5]:
            if f"{side}_ms" in row:
                print(f"  {row[f'{side}_ms']:9.2f}  {row['words'][:80]}")
    counted = summary["steps"]
    print(f"steps: max {counted['max']:,} of a budget of {counted['budget']:,}; past the "
          f"budget: {len(counted['past_budget'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="cold timings per question")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()
    questions = collect_questions(ROOT)
    imports = cpython_import_ms(args.repeat)
    cpython = measure(questions, args.repeat)
    pyodide = None if args.no_pyodide else run_pyodide(args.repeat)
    rows = merge(cpython, pyodide["questions"] if pyodide else None)
    summary: dict[str, Any] = {
        "repeat": args.repeat,
        "goals_ms": GOALS_MS,
        "icepool_import_ms": {
            "cpython": round(statistics.median(imports), 1),
            "cpython_runs": [round(v, 1) for v in imports],
            "pyodide": round(pyodide["icepool_import_ms"], 1) if pyodide else None,
        },
        "versions": {"cpython": sys.version.split()[0],
                     "pyodide": pyodide["pyodide"] if pyodide else None,
                     "pyodide_python": pyodide["python"] if pyodide else None},
        "pyodide_boot_ms": round(pyodide["boot_ms"], 1) if pyodide else None,
        "missing_in_pyodide": [r["question"] for r in rows if pyodide and "pyodide_ms" not in r],
        "answers_differ": [r["question"] for r in rows if not r.get("same_words", True)],
    }
    counted = [row["steps"] for row in rows if row["steps"] is not None]
    summary["steps"] = {"budget": engine.BUDGET, "max": max(counted, default=0),
                        "past_budget": [r["question"] for r in rows if r["steps"] is None]}
    summary["cpython"] = summarize(rows, "cpython")
    summary["pyodide"] = summarize(rows, "pyodide")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "odds.json").write_text(json.dumps({**summary, "questions": rows}, indent=2) + "\n",
                                   encoding="utf-8")
    print_report(summary, rows)


if __name__ == "__main__":
    main()

"""The malformed-input suite: every page of tests/malformed through both checkers, as a table.

    .venv/bin/python benchmarks/malformed_pages.py [--details]

Prints, per checker, how many pages got each verdict (clear, misleading, silent, hang, false
green, traceback; see tests/malformed/suite.py), then every page that was not clear. Writes
benchmarks/results/malformed_pages.json. tests/site_plugins/test_malformed_pages.py requires
every verdict to be clear.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.malformed.every_case import CASES  # noqa: E402
from tests.malformed.suite import VERDICTS, run_all, run_apart  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--details", action="store_true", help="print what each checker said")
    parser.add_argument("--apart", action="store_true",
                        help="each page in a site and a pytest run of its own (slower)")
    args = parser.parse_args()
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        results = (run_apart if args.apart else run_all)(Path(folder))
    took = time.monotonic() - start
    how = "each in a run of its own" if args.apart else "in one run of each"
    print(f"{len(CASES)} malformed pages, both checkers, {how}, {took:.0f} s\n")
    print(f"| checker | {' | '.join(VERDICTS)} |")
    print(f"|---|{'---|' * len(VERDICTS)}")
    for checker, verdicts in results.items():
        counts = [sum(1 for v, _ in verdicts.values() if v == name) for name in VERDICTS]
        print(f"| {checker} | {' | '.join(map(str, counts))} |")
    for checker, verdicts in results.items():
        for name, (verdict, report) in verdicts.items():
            if verdict != "clear":
                print(f"\n{checker}: {name}: {verdict}")
                if args.details:
                    for line, texts in sorted(report.failures.items()):
                        print(f"  line {line}: {texts[0][:600]}")
    out = ROOT / "benchmarks" / "results" / f"malformed_pages{'_apart' if args.apart else ''}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"pages": len(CASES), "seconds": round(took, 1), "verdicts": {
        checker: {name: verdict for name, (verdict, _) in verdicts.items()}
        for checker, verdicts in results.items()}}, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

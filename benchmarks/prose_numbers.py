"""How many numbers in the prose right after an example a check would catch if they were wrong.

For every example of the five chapters (cards and checks), the paragraph right after it (the
first prose after its closing fence, up to the next blank line; none when a heading or
another fence comes first) is read, and every number in it is listed: digits (``21``,
``+2``) and numbers in words (``three``, ``Twenty-one``), not ``a``/``an``. A seeded sample
of them is then perturbed one at a time (a number one higher; a word for the next number)
and each perturbed page is checked the way pytest checks it (the checker's worker
processes, :func:`site_plugins.examples.checking.checker.check_pages`): a number is *checked* when
its perturbed page fails. The page itself must verify first.

    python benchmarks/prose_numbers.py [--sample 60] [--seed 22] [--all]

Prints the figure and every number the check did not catch, with its line, so each can be
justified (a rule stated in general words, a number of the source quoted as the source's);
writes the JSON to ``benchmarks/results/prose_numbers.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from site_plugins.examples.checking.checker import check_pages  # noqa: E402
from site_plugins.examples.language.bound_values import written_number  # noqa: E402
from site_plugins.examples.language.lexer import lex_page  # noqa: E402
from site_plugins.examples.language.prose import mask_code_spans  # noqa: E402

CHAPTERS = ("verses", "kruhl", "storypath", "hubris", "chronicle")
_WORD = re.compile(r"(?<![\w.\-−+])(?:[+\-−]?\d+|[A-Za-z]+(?:-[a-z]+)?)(?!\w|\.\d|-\w)")
_EXPRESSION = re.compile(r"\]\{[ \t]*=[^{}]*\}")
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen", "twenty")


@dataclass(frozen=True)
class ProseNumber:
    """A number in the paragraph right after an example: its page, line and place."""

    page: str
    line: int
    start: int
    end: int
    text: str
    context: str


def pages() -> list[Path]:
    return sorted(p for chapter in CHAPTERS for p in (ROOT / "docs" / chapter).glob("*.md")
                  if p.name != "glossary.md")


def numbers_after_examples(page: Path) -> list[ProseNumber]:
    """Every number of the paragraphs right after the page's examples."""
    text = page.read_text(encoding="utf-8")
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    # What a reader does not read: code spans and the expressions of bound values.
    masked = _EXPRESSION.sub(lambda m: " " * len(m.group()), mask_code_spans(text))
    found = []
    for block in lex_page(text).blocks:
        first = block.end + 1
        while first < len(lines) and not lines[first].strip():
            first += 1
        if first >= len(lines) or lines[first].lstrip().startswith(("#", "```", "~~~", "!!!")):
            continue
        last = first
        while last + 1 < len(lines) and lines[last + 1].strip():
            last += 1
        for number in range(first, last + 1):
            row = masked[starts[number]:starts[number] + len(lines[number])]
            for match in _WORD.finditer(row):
                word = match.group()
                if word.lower() in ("a", "an") or written_number(word) is None:
                    continue
                found.append(ProseNumber(
                    page.relative_to(ROOT).as_posix(), number + 1,
                    starts[number] + match.start(), starts[number] + match.end(), word,
                    lines[number].strip()))
    return sorted(set(found), key=lambda n: (n.page, n.start))


def perturbed(word: str) -> str:
    """Another number written the same way."""
    if re.fullmatch(r"[+\-−]?\d+", word):
        return re.sub(r"\d+", lambda m: str(int(m.group()) + 1), word)
    value = written_number(word)
    assert value is not None
    other = _WORDS[value + 1] if 0 <= value < len(_WORDS) - 1 else "seven"
    if word.lower() in ("no", "none", "zero"):
        other = "one"
    return other.capitalize() if word[:1].isupper() else other


def measure(sample: int | None, seed: int) -> dict[str, object]:
    everything = [n for page in pages() for n in numbers_after_examples(page)]
    chosen = sorted(everything if sample is None else random.Random(seed).sample(
        everything, min(sample, len(everything))), key=lambda n: (n.page, n.start))
    texts = {n.page: (ROOT / n.page).read_text(encoding="utf-8") for n in chosen}
    baseline = check_pages(sorted(texts.items()))
    broken = [r.path for r in baseline if r.all_failures]
    if broken:
        raise SystemExit(f"these pages do not verify as they are: {', '.join(broken)}")
    variants = [(n.page, texts[n.page][:n.start] + perturbed(n.text) + texts[n.page][n.end:])
                for n in chosen]
    results = check_pages(variants)
    caught = [bool(r.all_failures) for r in results]
    missed = [n for n, c in zip(chosen, caught, strict=True) if not c]
    return {"numbers": len(everything), "sampled": len(chosen), "seed": seed,
            "checked": sum(caught), "share": sum(caught) / len(chosen) if chosen else 0.0,
            "missed": [asdict(n) for n in missed]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--all", action="store_true", help="every number, not a sample")
    args = parser.parse_args()
    figures = measure(None if args.all else args.sample, args.seed)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "prose_numbers.json").write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(f"{figures['numbers']} numbers in the prose right after examples; "
          f"{figures['sampled']} sampled (seed {figures['seed']}); "
          f"{figures['checked']} checked: {figures['share']:.0%}")
    for missed in figures["missed"]:  # type: ignore[attr-defined]
        print(f"  not checked: {missed['page']}:{missed['line']}: {missed['text']!r} in "
              f"{missed['context'][:100]!r}")


if __name__ == "__main__":
    main()

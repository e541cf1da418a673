"""Golden updates: rewrite the claims of examples whose output no longer matches, in place.

Like snapshot tools (syrupy's ``--snapshot-update``, insta's review), the engine's output
becomes the page's claim, and the author reads every change in ``git diff``. An update is
careful about what it writes:

* only a statement that ran and printed something other than its claim is rewritten;
* an example that errors is never touched: a Python error in any of its statements, a
  refusal by the rules (the claim of a refusal is the author's to write, perhaps by class),
  or dice that do not fit the roll (an update never invents dice);
* output that cannot be a claim is left alone and said so: a blank line (it would end the
  claim), a memory address (it changes every run), output cut at the size limit;
* a page whose check did not finish is not touched at all.

A second run changes nothing. No MkDocs here: it takes a page's text and its checked result.

    python -m site_plugins.examples.update [--check] [PATH ...]   (default: docs)
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from site_plugins.examples.lexer import Step
from site_plugins.examples.session import StepRun
from site_plugins.examples.verify import PageResult, check_step, normalize

#: A Python object's default repr names where it lives in memory: never the same twice.
_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}")


@dataclass(frozen=True)
class ClaimChange:
    """One statement's claim, rewritten (``new``) or left alone (``reason``)."""

    path: str
    line: int
    old: str
    new: str = ""
    reason: str = ""

    @property
    def applied(self) -> bool:
        """Whether the claim was rewritten."""
        return not self.reason


def update_page(text: str, result: PageResult, first_line: int = 1,
                ) -> tuple[str, list[ClaimChange]]:
    """``text`` with the stale claims of ``result``'s examples rewritten, and every change
    (or refusal to change) made. ``first_line`` is the file line of the text's first line."""
    if not result.complete or len(result.runs) != len(result.blocks):
        return text, []
    lines = text.split("\n")
    edits: list[tuple[int, int, list[str]]] = []  # (start, end) 0-based slice → new lines
    changes: list[ClaimChange] = []
    for block, run in zip(result.blocks, result.runs, strict=True):
        stale = [s for s in run.steps if check_step(result.path, s) is not None]
        if not stale:
            continue
        errors = [s for s in run.steps if s.code_error or s.rules_error or s.skipped]
        for ran in stale:
            step = ran.step
            reason = _why_not(ran, errors)
            if reason:
                changes.append(ClaimChange(result.path, step.line, step.expected, reason=reason))
                continue
            new = normalize(ran.output)
            start, end = _claim_lines(step, first_line)
            edits.append((start, end, [block.indent + line for line in new.split("\n")]
                          if new else []))
            changes.append(ClaimChange(result.path, step.line, step.expected, new))
    for start, end, new_lines in sorted(edits, reverse=True):
        lines[start:end] = new_lines
    return "\n".join(lines), changes


def _why_not(ran: StepRun, errors: list[StepRun]) -> str:
    if errors:
        first = errors[0]
        what = ("a Python error" if first.code_error else
                "faces that do not fit its roll" if "DiceScriptError" in first.refusal_classes
                else "a refusal by the rules" if first.rules_error else "a statement not played")
        return f"left alone: the example has {what} (line {first.step.line})"
    if ran.output_size > len(ran.output):
        return "left alone: the output is longer than a claim may be"
    new = normalize(ran.output)
    if "\n\n" in new:
        return "left alone: the output has a blank line, which would end the claim"
    if _ADDRESS.search(new):
        return "left alone: the output names a memory address, which changes every run"
    return ""


def _claim_lines(step: Step, first_line: int) -> tuple[int, int]:
    """The 0-based slice of the text's lines holding ``step``'s claim (empty: where it goes)."""
    if step.expected:
        start = step.expected_line - first_line
        return start, start + len(step.expected.split("\n"))
    after = step.line - first_line + len(step.source.split("\n"))
    return after, after


def diff(path: str, old: str, new: str) -> str:
    """A unified diff of a page's update, for review."""
    return "".join(difflib.unified_diff(old.splitlines(keepends=True),
                                        new.splitlines(keepends=True), path, path))


def main(argv: list[str] | None = None) -> int:
    """Update the pages under the given paths; print the diff and a summary."""
    from site_plugins.examples.checker import Checker

    parser = argparse.ArgumentParser(prog="python -m site_plugins.examples.update",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=["docs"])
    parser.add_argument("--check", action="store_true",
                        help="show what would change, write nothing, exit 1 if anything would")
    args = parser.parse_args(argv)
    missing = [given for given in args.paths if not Path(given).exists()]
    if missing:
        parser.error(f"{missing[0]} does not exist: give the docs folder or a page "
                     "(e.g. docs, or docs/verses/action-chaining.md)")
    pages = sorted({page for given in map(Path, args.paths)
                    for page in ([given] if given.is_file() else given.rglob("*.md"))})
    if not pages:
        parser.error(f"no Markdown page under {', '.join(args.paths)}")
    updated: list[ClaimChange] = []
    left: list[ClaimChange] = []
    with Checker() as checker:
        futures = [(page, page.read_text("utf-8"), checker.submit(page.as_posix(),
                                                                  page.read_text("utf-8")))
                   for page in pages]
        for page, text, future in futures:
            new, changes = update_page(text, future.result())
            updated += [c for c in changes if c.applied]
            left += [c for c in changes if not c.applied]
            if new != text:
                sys.stdout.write(diff(page.as_posix(), text, new))
                if not args.check:
                    page.write_text(new, "utf-8")
    for change in left:
        print(f"{change.path}:{change.line}: {change.reason}")
    verb = "would be updated" if args.check else "updated"
    print(f"{len(updated)} claim{'s' if len(updated) != 1 else ''} {verb}, "
          f"{len(left)} left alone")
    return 1 if args.check and updated else 0


if __name__ == "__main__":
    sys.exit(main())

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

A bound value of the prose (``[21]{= test.total}``) whose text is not what the engine's value
reads as gets the engine's text, its expression kept; one whose expression raises, or whose
example errors, is left alone and said so.

A second run changes nothing. No MkDocs here: it takes a page's text and its checked result.

    python -m site_plugins.examples.checking.update [--check] [PATH ...]   (default: docs)
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from site_plugins.examples.language.bindings import MAX_WRITTEN
from site_plugins.examples.language.bound_values import PROSE, BoundRun
from site_plugins.examples.language.lexer import Step
from site_plugins.examples.language.session import StepRun
from site_plugins.examples.language.verify import PageResult, check_bound, check_step, normalize

#: The kind of a change to a bound value of the prose.
BOUND = "bound value"
#: A Python object's default repr names where it lives in memory: never the same twice.
_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}")


@dataclass(frozen=True)
class ClaimChange:
    """One statement's claim or one bound value's text, rewritten (``new``) or left alone
    (``reason``)."""

    path: str
    line: int
    old: str
    new: str = ""
    reason: str = ""
    #: ``claim`` (a statement's) or ``bound value`` (of the prose).
    kind: str = "claim"

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
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    edits: list[tuple[int, int, str]] = []  # (start, end) character offsets → new text
    changes: list[ClaimChange] = []
    for block, run in zip(result.blocks, result.runs, strict=True):
        errors = [s for s in run.steps if s.code_error or s.rules_error or s.skipped]
        for ran in (s for s in run.steps if check_step(result.path, s) is not None):
            step = ran.step
            reason = _why_not(ran, errors)
            if reason:
                changes.append(ClaimChange(result.path, step.line, step.expected, reason=reason))
                continue
            new = normalize(ran.output)
            start, end = _claim_lines(step, first_line)
            edits.append(_line_edit(starts, start, end,
                                    [block.indent + line for line in new.split("\n")]
                                    if new else []))
            changes.append(ClaimChange(result.path, step.line, step.expected, new))
        for bound in run.bound:
            if check_bound(result.path, bound) is None:
                continue
            change, edit = _bound_edit(text, starts, bound, errors, result.path, first_line)
            changes.append(change)
            if edit is not None:
                edits.append(edit)
    for start, end, new_text in sorted(edits, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text, changes


def _line_edit(starts: list[int], start: int, end: int, new_lines: list[str],
               ) -> tuple[int, int, str]:
    """Lines ``start`` to ``end`` (0-based, ``end`` excluded) replaced by ``new_lines``, as an
    edit of the text's characters."""
    if start == end:
        return starts[start], starts[start], "".join(line + "\n" for line in new_lines)
    if not new_lines:
        return starts[start], starts[end], ""
    return starts[start], starts[end] - 1, "\n".join(new_lines)


def _bound_edit(text: str, starts: list[int], bound: BoundRun, errors: list[StepRun],
                path: str, first_line: int) -> tuple[ClaimChange, tuple[int, int, str] | None]:
    """A stale bound value's text rewritten with the engine's, or why it is left alone."""
    binding = bound.binding
    reason = ""
    if errors:
        first = errors[0]
        reason = f"left alone: the example it narrates has an error (line {first.step.line})"
    elif bound.error:
        reason = "left alone: its expression gives no text (fix the expression first)"
    elif bound.size or len(bound.text) > MAX_WRITTEN:
        reason = (f"left alone: the engine's text is {max(bound.size, len(bound.text)):,} "
                  f"characters long, and a bound text at most {MAX_WRITTEN}")
    if reason:
        return ClaimChange(path, binding.line, binding.written, reason=reason,
                           kind=BOUND), None
    rest = binding.source[binding.source.index("]"):]
    new_source = f"[{bound.text}{rest}"
    if binding.place == PROSE:
        start, end = binding.start, binding.end
    else:  # in the fence's title option, on its line
        line = binding.line - first_line
        at = text.find(binding.source, starts[line], starts[line + 1])
        start, end = at, at + len(binding.source)
    if text[start:end] != binding.source:
        return ClaimChange(path, binding.line, binding.written, kind=BOUND,
                           reason="left alone: the page changed since it was checked"), None
    return (ClaimChange(path, binding.line, binding.written, bound.text, kind=BOUND),
            (start, end, new_source))


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


def summary(changes: list[ClaimChange]) -> str:
    """``3 claims and 1 bound value`` (``0 claims``): what an update rewrote."""
    claims = sum(1 for c in changes if c.kind != BOUND)
    bound = len(changes) - claims
    text = f"{claims} claim{'s' if claims != 1 else ''}"
    return text + (f" and {bound} bound value{'s' if bound != 1 else ''}" if bound else "")


def main(argv: list[str] | None = None) -> int:
    """Update the pages under the given paths; print the diff and a summary."""
    from site_plugins.examples.checking.checker import Checker

    parser = argparse.ArgumentParser(prog="python -m site_plugins.examples.checking.update",
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
    print(f"{summary(updated)} {verb}, {len(left)} left alone")
    return 1 if args.check and updated else 0


if __name__ == "__main__":
    sys.exit(main())

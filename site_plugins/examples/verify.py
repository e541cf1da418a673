"""Check examples against the engine: a run → ``None`` or failures naming file and line.

The MkDocs plugin and the pytest collector both call :func:`verify_page`, so an example
fails the same way, with the same words, in ``mkdocs build`` and in ``pytest``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from site_plugins.examples.lexer import ExampleBlock, ExampleSyntaxError, lex_page
from site_plugins.examples.session import DEFAULT_TIME_LIMIT, ExampleRun, Session, StepRun

_TRACEBACK_HEADER = "Traceback (most recent call last):"


@dataclass(frozen=True)
class Failure:
    """Why an example did not verify, located at ``path:line``."""

    path: str
    line: int
    summary: str
    source: str = ""
    expected: str | None = None
    got: str | None = None
    hint: str = ""

    @property
    def location(self) -> str:
        """``docs/page.md:42``."""
        return f"{self.path}:{self.line}"

    def __str__(self) -> str:
        parts = [f"{self.location}: {self.summary}"]
        if self.source:
            parts.append(_indent(_prompted(self.source), 4))
        if self.expected is not None:
            parts.append("  expected:\n" + _indent(self.expected or "(nothing)", 4))
        if self.got is not None:
            parts.append("  got:\n" + _indent(self.got or "(nothing)", 4))
        if self.hint:
            parts.append(f"  {self.hint}")
        return "\n".join(parts)


@dataclass
class PageResult:
    """A page's examples run in order: each block, its run and its failures."""

    path: str
    blocks: list[ExampleBlock] = field(default_factory=list)
    runs: list[ExampleRun] = field(default_factory=list)
    failures: dict[int, list[Failure]] = field(default_factory=dict)
    syntax_failures: list[Failure] = field(default_factory=list)

    @property
    def all_failures(self) -> list[Failure]:
        """Every failure on the page, in line order."""
        found = [*self.syntax_failures, *(f for fs in self.failures.values() for f in fs)]
        return sorted(found, key=lambda f: f.line)


def verify_page(path: str, text: str, first_line: int = 1,
                time_limit: float = DEFAULT_TIME_LIMIT) -> PageResult:
    """Run and check every example of a page; ``path`` is how failures name the file."""
    lexed = lex_page(text, first_line)
    result = PageResult(path, blocks=list(lexed.blocks))
    result.syntax_failures = [syntax_failure(path, error) for error in lexed.errors]
    session = Session(time_limit)
    for index, block in enumerate(lexed.blocks):
        run = session.run(block.example)
        result.runs.append(run)
        result.failures[index] = verify_run(path, run)
    return result


def syntax_failure(path: str, error: ExampleSyntaxError) -> Failure:
    """A block that could not be read."""
    return Failure(path, error.line, f"malformed example: {error.message}")


def verify_run(path: str, run: ExampleRun) -> list[Failure]:
    """The failures of one example run with its documented dice (empty if it verified)."""
    return [f for f in (check_step(path, step) for step in run.steps) if f is not None]


def check_step(path: str, run: StepRun) -> Failure | None:
    """Compare what a step did with what the text says it does."""
    step = run.step
    if run.code_error:
        return Failure(
            path, step.line, f"the example's code raised {run.code_error.split(':', 1)[0]}",
            source=step.source, got=run.code_error,
            hint="This is an error in the example's Python, not a rules outcome: fix the "
                 "statement (names, arguments, syntax).",
        )
    expected, got = normalize(step.expected), normalize(run.output)
    if expected == got:
        return None
    return Failure(path, step.line, "example did not verify", source=step.source,
                   expected=expected, got=got, hint=_hint(run))


def normalize(text: str) -> str:
    """Output as compared: no trailing spaces or blank lines, no traceback header lines."""
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    if lines and lines[0] == _TRACEBACK_HEADER:
        lines = [line for line in lines[1:] if not line.startswith((" ", "\t"))]
    return "\n".join(lines).strip("\n")


def _hint(run: StepRun) -> str:
    if run.rules_error and "DiceScriptError" in run.output:
        return "The faces written in the example do not fit the roll: fix them as the error says."
    if run.rules_error:
        return "The engine refused the move: either the text or the rules engine is wrong."
    return "The text and the rules engine disagree: fix whichever is wrong."


def _prompted(source: str) -> str:
    lines = source.split("\n")
    return "\n".join([">>> " + lines[0], *("... " + line for line in lines[1:])])


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line else line for line in text.split("\n"))

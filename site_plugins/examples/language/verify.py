"""Check examples against the engine: a run → ``None`` or failures naming file and line.

The MkDocs plugin and the pytest collector both call :func:`verify_page`, so an example
fails the same way, with the same words, in ``mkdocs build`` and in ``pytest``.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from site_plugins.examples.language.bindings import Narration
from site_plugins.examples.language.bound_values import TITLE, BoundRun
from site_plugins.examples.language.contracts import MIN_KEPT, TRIALS
from site_plugins.examples.language.lexer import (
    Example,
    ExampleBlock,
    ExampleSyntaxError,
    lex_page,
    read_setup,
)
from site_plugins.examples.language.reroll_limits import MAX_BINDINGS, MAX_CARDS, MAX_SOURCE
from site_plugins.examples.language.session import DEFAULT_TIME_LIMIT, ExampleRun, Session, StepRun

_TRACEBACK_HEADER = "Traceback (most recent call last):"
#: A claimed refusal: an error class, optionally ``: `` and the start of its message + ``...``.
_REFUSAL_CLAIM = re.compile(r"(?P<cls>[A-Za-z_][\w.]*)(?:: (?P<start>.*)\.\.\.)?")
#: Most lines, and most characters per line, of output a failure shows.
SHOWN_LINES = 20
SHOWN_WIDTH = 300


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
    #: False for an example the check never reached (the page's process ended above it).
    checked: bool = True
    #: True for a bound value of the prose (its own pytest item), not a statement's claim.
    bound: bool = False

    @property
    def location(self) -> str:
        """``docs/page.md:42``."""
        return f"{self.path}:{self.line}"

    def __str__(self) -> str:
        parts = [f"{self.location}: {self.summary}"]
        if self.source:
            parts.append(_indent(self.source if self.bound else _prompted(self.source), 4))
        if self.expected is not None and self.got is not None and _wants_diff(
                self.expected, self.got):
            parts.append("  expected (-) and got (+), line by line:\n"
                         + _indent(line_diff(self.expected, self.got), 4))
        else:
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
    #: The paragraphs marked as narrating an example (``{: narrates }``).
    narrations: tuple[Narration, ...] = ()
    runs: list[ExampleRun] = field(default_factory=list)
    failures: dict[int, list[Failure]] = field(default_factory=dict)
    syntax_failures: list[Failure] = field(default_factory=list)
    #: False when the page's check ended before its last example (its process was ended).
    complete: bool = True
    #: The page's setup (``examples_setup`` in its front matter), run before its examples.
    setup: ExampleRun | None = None
    setup_failures: list[Failure] = field(default_factory=list)

    @property
    def setup_source(self) -> str:
        """The code of the page's setup ("" when it has none)."""
        return self.setup.example.steps[0].source if self.setup else ""

    @property
    def all_failures(self) -> list[Failure]:
        """Every failure on the page, in line order."""
        found = [*self.syntax_failures, *self.setup_failures,
                 *(f for fs in self.failures.values() for f in fs)]
        return sorted(found, key=lambda f: f.line)


def verify_page(path: str, text: str, first_line: int = 1,
                time_limit: float = DEFAULT_TIME_LIMIT, file_text: str = "") -> PageResult:
    """Run and check every example of a page; ``path`` is how failures name the file.

    ``file_text`` is the page's whole file, front matter included, for its setup (by
    default ``text`` itself when ``first_line`` is 1)."""
    lexed = lex_page(text, first_line)
    result = PageResult(path, blocks=list(lexed.blocks), narrations=lexed.narrations)
    result.syntax_failures = [syntax_failure(path, error) for error in lexed.errors]
    setup = page_setup(result, file_text or (text if first_line == 1 else ""))
    session = Session(time_limit)
    if setup is not None and result.blocks:
        result.setup = session.run(setup)
        result.setup_failures = verify_run(path, result.setup)
    for index, block in enumerate(lexed.blocks):
        run = session.run(block.example)
        result.runs.append(run)
        result.failures[index] = verify_run(path, run)
    if result.setup is not None and result.runs:
        result.runs[0].cast = result.setup.stat_lines
    check_reroll_limits(result)
    return result


def page_setup(result: PageResult, file_text: str) -> Example | None:
    """The page's setup read from its front matter; a malformed one is a syntax failure."""
    try:
        return read_setup(file_text.removeprefix("\ufeff")) if file_text else None
    except ExampleSyntaxError as error:
        result.syntax_failures.append(syntax_failure(result.path, error))
        return None


def check_reroll_limits(result: PageResult) -> None:
    """Add a failure where a Reroll on the page would be refused: a page of more examples, or
    a statement (or its output) longer, than a reroll request may carry."""
    if not any(run.rerollable for run in result.runs):
        return
    if len(result.blocks) > MAX_CARDS:
        block = result.blocks[MAX_CARDS]
        result.failures.setdefault(MAX_CARDS, []).append(Failure(
            result.path, block.fence_line,
            f"this page has {len(result.blocks)} examples, and a Reroll sends them all: it "
            f"accepts at most {MAX_CARDS}; split the page"))
    for index, block in enumerate(result.blocks):
        if len(block.example.bindings) > MAX_BINDINGS:
            result.failures.setdefault(index, []).append(Failure(
                result.path, block.fence_line,
                f"{len(block.example.bindings)} bound values narrate this example, and a Reroll "
                f"accepts at most {MAX_BINDINGS}: split the page"))
        for step in block.example.steps:
            longest = max(len(step.source), len(step.expected))
            if longest > MAX_SOURCE:
                result.failures.setdefault(index, []).append(Failure(
                    result.path, step.line,
                    f"this statement or its output is {longest:,} characters long, and a "
                    f"Reroll accepts at most {MAX_SOURCE:,}: shorten it or split it"))


def syntax_failure(path: str, error: ExampleSyntaxError) -> Failure:
    """A block (or a bound value) that could not be read."""
    return Failure(path, error.line, f"{error.what}: {error.message}")


def verify_run(path: str, run: ExampleRun) -> list[Failure]:
    """The failures of one example run with its documented dice (empty if it verified): its
    statements' claims, then its bound values."""
    found = [check_step(path, step) for step in run.steps]
    found += [check_bound(path, bound) for bound in run.bound]
    found.append(check_contract(path, run))
    return [f for f in found if f is not None]


def check_contract(path: str, run: ExampleRun) -> Failure | None:
    """A card's reroll contract against its documented roll: the roll must keep it, and a
    ``keep`` must hold often enough for a Reroll to find such a roll (at the fence's line;
    :mod:`~site_plugins.examples.language.contracts`)."""
    contract, example = run.example.contract, run.example
    if contract is None:
        return None
    faces = sum(len(roll) for roll in run.rolls)
    if contract.fixed > faces:
        return Failure(path, example.line, "the reroll contract cannot be kept",
                       hint=f'fixed="{contract.fixed}" keeps {contract.fixed} faces, but the '
                            f"card rolls {faces}: fix as many as it rolls, or fewer.")
    state = run.contract
    if not contract.keep or state is None:
        return None
    said = f'keep="{contract.keep}"'
    if state.error:
        return Failure(path, example.line, f"the reroll contract's condition {said} raised",
                       got=state.error,
                       hint="The condition is read right after the card ran, with its names "
                            "and _ (its last value shown), as a bound value is.")
    if not state.held:
        return Failure(path, example.line, f"the documented roll breaks its reroll contract, "
                       f"{said}", hint="The condition is false for the faces written: fix "
                       "the faces, or the condition.")
    if state.kept == 0:
        return Failure(path, example.line, f"no roll keeps the reroll contract {said}",
                       hint=f"It held in none of {TRIALS} fresh rolls: a Reroll "
                       "could never show this card. Write the prose to hold for any roll, or "
                       'fix the faces the story needs (fixed="…" keeping="…").')
    if 0 < state.kept < MIN_KEPT:
        return Failure(path, example.line, f"the reroll contract {said} is kept too rarely",
                       hint=f"It held in {state.kept} of {TRIALS} fresh rolls, and "
                       f"a contract must hold in at least {MIN_KEPT}: a Reroll would take about "
                       f"{round(TRIALS / state.kept)} tries. Write the prose to hold for any "
                       'roll, or fix the faces the story needs (fixed="…" keeping="…").')
    return None


def check_bound(path: str, bound: BoundRun) -> Failure | None:
    """Compare a bound value's text with what the engine's value reads as."""
    binding = bound.binding
    where = "title" if binding.place == TITLE else "text"
    if bound.stopped:
        return Failure(path, binding.line, f"the bound value's expression {bound.stopped}",
                       source=binding.source, got=shown(bound.error, bound.size), bound=True,
                       hint="The expression runs apart, in a process of its own, right after "
                            "the example it narrates: make it read a value, and nothing more.")
    if bound.error:
        return Failure(
            path, binding.line,
            f"the bound value's expression raised {bound.raised}" if bound.raised else
            f"the bound value cannot be written as its {where} is", source=binding.source,
            got=shown(bound.error, bound.size), bound=True,
            hint="The expression runs in the page's examples right after the example it "
                 "narrates: fix its names, or bind a value written the way the text writes it.")
    if bound.matches:
        return None
    return Failure(path, binding.line, "bound value did not verify", source=binding.source,
                   expected=binding.written, got=shown(bound.text, bound.size), bound=True,
                   hint=f"The {where} and the rules engine disagree: fix whichever is wrong.")


def check_step(path: str, run: StepRun) -> Failure | None:
    """Compare what a step did with what the text says it does."""
    step = run.step
    source = _OWN_DICE.search(step.source)
    if source:
        return Failure(
            path, step.line, f"the example rolls its own {source[1]}", source=step.source,
            hint=f'In a page, write the faces with rolled("9 8 3"), not {source[1]}(...): '
                 "rolled() checks that the roll uses every face written, and rolls fresh "
                 "dice when a reader presses Reroll.",
        )
    if run.own_dice and not run.code_error:
        return Failure(
            path, step.line, "the example rolls dice it made itself", source=step.source,
            hint='The statement made its own dice source instead of asking rolled() for one: '
                 'write the faces with rolled("9 8 3"), which checks that the roll uses every '
                 "face written, and rolls fresh dice when a reader presses Reroll.",
        )
    if run.code_error.startswith("UncopiableName:"):
        return Failure(path, step.line, "the rules-check cannot run", source=step.source,
                       got=run.code_error.split(": ", 1)[1])
    if run.code_error:
        return Failure(
            path, step.line, f"the example's code raised {run.code_error.split(':', 1)[0]}",
            source=step.source, got=run.code_error,
            hint="This is an error in the example's Python, not a rules outcome: fix the "
                 "statement (names, arguments, syntax).",
        )
    expected, got = normalize(step.expected), normalize(run.output)
    kept_all = run.output_size <= len(run.output)
    if kept_all and (expected == got or claims_refusal(expected, run)):
        return None
    return Failure(path, step.line, "example did not verify", source=step.source,
                   expected=shown(expected), got=shown(got, 0 if kept_all else run.output_size),
                   hint=_hint(run))


#: A dice source an example makes itself instead of asking ``rolled()`` for one.
_OWN_DICE = re.compile(r"\b(ScriptedDice|RandomDice)\s*\(")


def claims_refusal(expected: str, run: StepRun) -> bool:
    """Whether ``expected`` claims the step's refusal by its class alone (``ChainError``) or
    by the class and the start of its message (``ChainError: no sixes...``).

    The class may be the error's own or any of its bases (``RulesError``); the lines before
    the claim, if any, must match the step's other output exactly. As doctest's ellipsis,
    ``...`` stands for the rest of the message only at the end of the line.
    """
    if not run.refusal or not expected:
        return False
    lines = expected.split("\n")
    claim = _REFUSAL_CLAIM.fullmatch(lines[-1])
    if claim is None or claim["cls"].rsplit(".", 1)[-1] not in run.refusal_classes:
        return False
    message = run.refusal.partition(": ")[2]
    if claim["start"] is not None and not message.startswith(claim["start"]):
        return False
    before = run.output[: run.output.rfind(run.refusal)]
    return normalize("\n".join(lines[:-1])) == normalize(before)


def line_diff(expected: str, got: str) -> str:
    """The two outputs line by line: ``  `` for a line both have, ``- `` expected only,
    ``+ `` got only, and under a changed line ``? `` with ``^`` where it changed. Where two
    lines differ only in spaces or tabs, they are shown as ``·`` and ``→``."""
    old, new = expected.split("\n"), got.split("\n")
    lines = []
    for line in difflib.ndiff(old, new):
        marker, text = line[:2], line[2:]
        if marker in ("- ", "+ ") and _whitespace_only_change(text, old if marker == "- " else new,
                                                              new if marker == "- " else old):
            text = text.replace(" ", "·").replace("\t", "→")
        lines.append((marker + text).rstrip())
    return "\n".join(lines)


def _whitespace_only_change(text: str, own: list[str], other: list[str]) -> bool:
    squeezed = "".join(text.split())
    return text not in other and any("".join(line.split()) == squeezed for line in other)


def _wants_diff(expected: str, got: str) -> bool:
    """A diff for several lines, or for lines that differ only in whitespace."""
    return ("\n" in expected or "\n" in got
            or (expected != got and "".join(expected.split()) == "".join(got.split())))


def shown(text: str, size: int = 0) -> str:
    """Output as a failure shows it: at most :data:`SHOWN_LINES` lines of at most
    :data:`SHOWN_WIDTH` characters, and how much there was (``size`` characters, when more
    than ``text`` holds) when that is not all of it."""
    lines = text.split("\n")
    size = max(size, len(text))
    if size == len(text) and len(lines) <= SHOWN_LINES and all(
            len(line) <= SHOWN_WIDTH for line in lines):
        return text
    lines = [line if len(line) <= SHOWN_WIDTH else line[:SHOWN_WIDTH] + "…"
             for line in lines[:SHOWN_LINES]]
    lines.append(f"[… {size:,} characters in all: only the start is shown]")
    return "\n".join(lines)


def normalize(text: str) -> str:
    """Output as compared: no trailing spaces or blank lines, no traceback header lines."""
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    if lines and lines[0] == _TRACEBACK_HEADER:
        lines = [line for line in lines[1:] if not line.startswith((" ", "\t"))]
    return "\n".join(lines).strip("\n")


def _hint(run: StepRun) -> str:
    if not normalize(run.step.expected):
        return ("The text claims no output, but the statement "
                + ("was refused: claim the refusal (its class, as above) on the line below it, "
                   "or fix the move." if run.refusal else
                   "showed something: write what it shows on the lines below it, or assign "
                   "the value to a name to show nothing."))
    claim = _REFUSAL_CLAIM.fullmatch(normalize(run.step.expected).split("\n")[-1])
    named = claim["cls"].rsplit(".", 1)[-1] if claim else ""
    if run.refusal_classes and named[:1].isupper() and named not in run.refusal_classes:
        own, *bases = run.refusal_classes
        return (f"The claim names {named}, but the refusal is a {own}: claim {own} or one of "
                f"its bases ({', '.join(bases)}).")
    if run.refusal and claim and claim["start"] is not None:
        return (f"The refusal's message does not start with {claim['start']!r}: copy its start "
                "from what the engine said, and end the claim with '...'.")
    if run.rules_error and "DiceScriptError" in run.output:
        return "The faces written in the example do not fit the roll: fix them as the error says."
    written = normalize(run.step.expected).split("\n")[-1]
    if run.refusal and written != run.refusal and written.endswith("..."):
        return _claim_forms(run.refusal, written)
    if run.refusal and written != run.refusal and (
            run.refusal.startswith(written.rstrip(".")) or "..." in written):
        return ("To claim only the start of the refusal's message, end the claim with '...' "
                "(three dots, only at the end); otherwise copy the whole message.")
    if run.rules_error:
        return "The engine refused the move: either the text or the rules engine is wrong."
    expected, got = normalize(run.step.expected), normalize(run.output)
    invisible = invisible_difference(expected, got)
    if invisible:
        return invisible
    if _UNORDERED.search(run.step.source) or (_SET_REPR.search(got) and sorted(expected) ==
                                               sorted(got)):
        return ("The output may differ from run to run: a set prints its items in an order "
                "Python does not promise, and hash() of a string changes with each process. "
                "Claim sorted(...) of the set, or a value that does not depend on the run.")
    return "The text and the rules engine disagree: fix whichever is wrong."


def _claim_forms(refusal: str, written: str) -> str:
    """The forms a refusal is claimed in, with this refusal's class and start, for a claim
    that ends in '...' but is neither (``ChainError...``: the dots need the colon and the
    start of the message before them)."""
    own, _, message = refusal.partition(": ")
    start = " ".join(message.split()[:3])
    return (f"{written!r} is no claim of a refusal: claim its class alone ({own}), or its "
            f"class, ': ' and the start of its message, ending in '...' ({own}: {start}...); "
            "otherwise copy the whole message.")


#: A statement whose output Python does not promise from run to run.
_UNORDERED = re.compile(r"\bhash\(|\bid\(|\bset\(|\bfrozenset\(")
#: A ``repr`` of a set: ``{1, 2}`` or ``frozenset({…})`` (not a dict: no colon).
_SET_REPR = re.compile(r"(?:^|[\s(\[])\{[^:{}]*\}")


def invisible_difference(expected: str, got: str) -> str:
    """Words on where ``expected`` and ``got`` differ, when they would print the same: a
    character that shows nothing (a zero-width space, a soft hyphen) or a letter written
    in another Unicode form (``é`` as one character or as ``e`` and an accent); ``""`` when
    the difference can be seen."""
    if expected == got:
        return ""
    seen = _visible(expected) == _visible(got)
    if not seen:
        return ""
    at = next((i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
              min(len(expected), len(got)))
    line = expected.count("\n", 0, at) + 1

    def named(text: str) -> str:
        part = text[at:at + 2] or "(the end)"
        return " ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}" for c in part) \
            if part != "(the end)" else part

    return (f"The claim and the output look the same but differ on line {line} of the output, "
            f"in characters that print alike: the text has {named(expected)}, the engine "
            f"{named(got)}. Retype that part of the claim (or normalize the text to NFC).")


def _visible(text: str) -> str:
    """``text`` as a reader sees it: in composed form, without invisible characters."""
    composed = unicodedata.normalize("NFC", text)
    return "".join(c for c in composed if unicodedata.category(c) != "Cf")



def _prompted(source: str) -> str:
    lines = source.split("\n")
    return "\n".join([">>> " + lines[0], *("... " + line for line in lines[1:])])


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line else line for line in text.split("\n"))

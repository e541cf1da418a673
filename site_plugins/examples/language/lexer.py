"""Markdown → example blocks with their file lines, and blocks → doctest-style steps.

An example is a fenced block whose info string starts with ``rules-example`` (a card) or
``rules-check`` (a claim checked by the build, for notes). Fences may be indented (inside
Material admonitions) and use backticks or tildes; fences of other languages, and
anything inside them, are skipped, so a page can show example syntax in a code block. A
fence whose kind looks like a misspelt example kind (it starts with ``rules-``, or is within
two edits of a kind) is an error, never a code block published unchecked; so is a fence that
holds a ``>>>`` session and is named like one (``example``, ``check``, ``rules …``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from site_plugins.examples.language.bindings import Narration, Place, read_bound_prose, read_title
from site_plugins.examples.language.bound_values import Binding
from site_plugins.examples.language.contracts import Contract, read_contract
from site_plugins.examples.language.fences import fences
from site_plugins.examples.language.spelling import edit_distance

KINDS = {"rules-example": "example", "rules-check": "check"}
#: The front-matter key of a page's setup: statements run before its first example.
SETUP_KEY = "examples_setup"
#: Edits (letters added, removed or changed) within which a fence's kind is taken for a
#: misspelt example kind.
TYPO_DISTANCE = 2
OPTIONS = ("title", "id", "keep", "until", "fixed", "keeping")

#: What an ``id`` option may be: it becomes the card's HTML id and the anchor of its link.
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_OPTION = re.compile(r"""(?P<key>[\w-]+)=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>\S+))""")


class ExampleSyntaxError(Exception):
    """A block that cannot be read as an example (or a bound value of the prose that cannot
    be read: ``what``); ``line`` is its 1-based file line."""

    def __init__(self, line: int, message: str, what: str = "malformed example") -> None:
        super().__init__(message)
        self.line = line
        self.message = message
        self.what = what


@dataclass(frozen=True)
class Step:
    """One ``>>>`` statement (with its ``...`` lines) and the output the text claims."""

    line: int
    source: str
    expected: str
    expected_line: int


@dataclass(frozen=True)
class Example:
    """What an example runs, wherever it was written: ``example`` (a card) or ``check`` (a
    claim for a note), the 1-based line its fence opens on, its steps and its title (plain
    text), and the bound values that narrate it, in its title first, then in the prose, in
    page order (:mod:`~site_plugins.examples.language.bindings`); and its reroll contract, if
    it has one (:mod:`~site_plugins.examples.language.contracts`)."""

    kind: str
    line: int
    steps: tuple[Step, ...]
    title: str = ""
    bindings: tuple[Binding, ...] = ()
    contract: Contract | None = None


@dataclass(frozen=True)
class ExampleBlock:
    """Where an example's fence sits in a page: ``start`` and ``end`` are the 0-based indexes
    of the opening and closing fence lines in the text that was lexed."""

    example: Example
    start: int
    end: int
    indent: str
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def fence_line(self) -> int:
        """The 1-based line of the opening fence."""
        return self.example.line


@dataclass(frozen=True)
class LexedPage:
    """The examples of one page, the blocks (and bound values) that could not be read, and
    the paragraphs marked as narrating an example."""

    blocks: tuple[ExampleBlock, ...]
    errors: tuple[ExampleSyntaxError, ...]
    narrations: tuple[Narration, ...] = ()


def lex_page(text: str, first_line: int = 1) -> LexedPage:
    """Find every example block in Markdown ``text`` whose first line is ``first_line``."""
    lines = text.split("\n")
    blocks: list[ExampleBlock] = []
    errors: list[ExampleSyntaxError] = []
    for i, close, opening in fences(lines):
        word = opening["info"].lstrip("{ .").split(" ", 1)[0].rstrip("}")
        if word in KINDS:
            try:
                blocks.append(_block(lines, i, close, opening, word, first_line))
            except ExampleSyntaxError as error:
                errors.append(error)
        elif (problem := look_alike(opening["info"], word,
                                    lines[i + 1:close if close is not None else len(lines)])):
            errors.append(ExampleSyntaxError(first_line + i, problem))
    return _with_prose(text, blocks, errors, first_line)


#: The kinds, as an error message lists them.
_KINDS_WORDS = "rules-example (a card) and rules-check (a claim checked for a note)"


def look_alike(info: str, word: str, body: list[str]) -> str:
    """Why a fence that is not an example looks like one an author meant to be checked
    (``""`` if it does not): a misspelt kind (``rules-exampel``, ``rules example``), a kind
    that is not the fence's first word (``{.python .rules-example}``, which Markdown renders
    as Python, unchecked), or a fence named like a kind (``rules …``, ``example``, ``check``)
    whose body is a ``>>>`` session."""
    classes = re.findall(r"(?:^|\s)\.([\w-]+)", info.strip("{} ")) if info.startswith("{") else []
    named = next((c for c in classes[1:] if c in KINDS), "")
    if named:
        return (f"the example kind {named!r} is not the fence's first word, so this block "
                f"would be shown as {classes[0]!r} code, unchecked: open the fence with "
                f"```{named}")
    squashed = re.sub(r"[^a-z]", "", info.lower())
    if misspelt_kind(word) or any(
            squashed.startswith(re.sub(r"[^a-z]", "", kind)) for kind in KINDS):
        shown = info if " " in info.strip("{} ") and squashed.startswith("rules") else word
        return f"unknown example kind {shown!r}: the kinds are {_KINDS_WORDS}"
    if (named_like_a_kind(word) or "rules" in squashed) and any(
            line.lstrip().startswith(">>>") for line in body):
        return (f"this fence ({info!r}) holds a >>> session but is no example, so it would be "
                f"published unchecked: make it a ```rules-example (a card) or a ```rules-check "
                "(a claim checked for a note)")
    return ""


#: The words of the kinds, which a fence of another kind may be named by (```example).
_KIND_WORDS = {"example": TYPO_DISTANCE, "check": 1}


def named_like_a_kind(word: str) -> bool:
    """Whether a fence's kind names an example by another name: ``example``, ``Examples``,
    ``exmaple``, ``check``, ``doc-example``. Only a fence so named that holds a ``>>>``
    session is an error: a ``python`` or ``text`` block may show one."""
    parts = re.split(r"[^a-z]+", word.lower())
    return any(edit_distance(part, wanted) <= edits or part.startswith(wanted)
               for part in parts for wanted, edits in _KIND_WORDS.items())


def _with_prose(text: str, blocks: list[ExampleBlock], errors: list[ExampleSyntaxError],
                first_line: int) -> LexedPage:
    """The page's blocks, each example with the bound values of the prose that narrate it."""
    places = [Place(block.start, block.end, block.indent, card_id)
              for block, card_id in zip(blocks, card_ids(blocks), strict=True)]
    prose = read_bound_prose(text, places, first_line)
    errors.extend(ExampleSyntaxError(line, message, "malformed bound value")
                  for line, message in prose.errors)
    for index, bound in prose.bindings.items():
        block = blocks[index]
        example = replace(block.example, bindings=block.example.bindings + bound)
        blocks[index] = replace(block, example=example)
    return LexedPage(tuple(blocks), tuple(sorted(errors, key=lambda e: e.line)),
                     prose.narrations)


def read_setup(raw: str) -> Example | None:
    """A page's setup from the front matter of its whole file text ``raw``, as an example of
    kind ``setup`` (``None`` when it has none)::

        ---
        examples_setup: |
          from rules_core.verses import Actor, Scene, PUNCH
        ---

    The setup runs before the page's first example, in the same namespace, and is shown on
    the page's first card. Only a literal block (``|`` or ``|-``) or a one-line value is read,
    so that the setup is exactly the code written.
    """
    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        return None
    for i in range(1, end):
        key, colon, value = lines[i].partition(":")
        if key != SETUP_KEY or not colon:
            continue
        value = value.strip()
        if value and value not in ("|", "|-"):
            if value[:1] in "|>\"'":
                raise ExampleSyntaxError(
                    i + 1, f"write {SETUP_KEY} as a literal block ('{SETUP_KEY}: |' and the "
                    "code indented below it) or as one plain line")
            return _setup(i + 1, value)
        body = []
        for j in range(i + 1, end):
            if lines[j].strip() and not lines[j][:1].isspace():
                break
            body.append(lines[j])
        while body and not body[-1].strip():
            body.pop()
        if not body:
            raise ExampleSyntaxError(i + 1, f"{SETUP_KEY} is empty: put the statements below it")
        margin = min(len(line) - len(line.lstrip()) for line in body if line.strip())
        return _setup(i + 2, "\n".join(line[margin:] for line in body))
    return None


def _setup(line: int, source: str) -> Example:
    return Example("setup", line, (Step(line, source, "", line + 1),), "Page setup")


def misspelt_kind(word: str) -> bool:
    """Whether a fence's kind is probably a misspelt example kind (not one)."""
    lowered = word.lower()
    if word in KINDS or not lowered:
        return False
    return lowered.startswith("rules-") or any(
        edit_distance(lowered, kind) <= TYPO_DISTANCE for kind in KINDS)


def _block(lines: list[str], i: int, close: int | None, opening: re.Match[str], word: str,
           first_line: int) -> ExampleBlock:
    fence_line = first_line + i
    if close is None:
        raise ExampleSyntaxError(
            fence_line, f"the {word} fence opened here is never closed: add a closing "
            f"{opening['fence']} line"
        )
    indent = opening["indent"]
    options = _options(opening["info"], word, fence_line)
    body = []
    for j in range(i + 1, close):
        line = lines[j]
        if line.strip() and not line.startswith(indent):
            raise ExampleSyntaxError(
                first_line + j, f"this line is indented less than its {word} fence"
            )
        body.append((first_line + j, line[len(indent):]))
    try:
        steps = parse_steps(body)
    except ExampleSyntaxError as error:
        if error.line - fence_line < 3:
            raise
        # Far from its fence, prose in a block is most often a block left open above it.
        raise ExampleSyntaxError(error.line, f"{error.message} (this line is inside the {word} "
                                 f"fence opened at line {fence_line}: if that example ended "
                                 f"earlier, its closing {opening['fence']} is missing)") from None
    if not steps:
        raise ExampleSyntaxError(
            fence_line, f"the {word} block has no '>>> ' statement: an example needs at least one"
        )
    title, bindings, problem = read_title(options.get("title", ""))
    if problem:
        raise ExampleSyntaxError(fence_line, f"in the {word}'s title: {problem}")
    bindings = tuple(replace(b, line=fence_line) for b in bindings)
    contract, problem = read_contract(dict(options), KINDS[word])
    if problem:
        raise ExampleSyntaxError(fence_line, f"in the {word}'s reroll contract: {problem}")
    example = Example(KINDS[word], fence_line, steps, title, bindings, contract)
    return ExampleBlock(example, i, close, indent, options)


def _options(info: str, word: str, line: int) -> dict[str, str]:
    rest = info.strip().lstrip("{").rstrip("}").strip().lstrip(".")[len(word):]
    options: dict[str, str] = {}
    for match in _OPTION.finditer(rest):
        key = match["key"]
        if key not in OPTIONS:
            raise ExampleSyntaxError(
                line, f"unknown option {key!r} on the {word} fence: "
                f"the options are {', '.join(OPTIONS)}"
            )
        options[key] = match["dq"] if match["dq"] is not None else (
            match["sq"] if match["sq"] is not None else match["bare"])
        if key == "id" and not _ID.fullmatch(options[key]):
            raise ExampleSyntaxError(
                line, f"the id {options[key]!r} on the {word} fence cannot be a link anchor: "
                "use a letter, then letters, digits, '-' or '_' (e.g. id=first-punch)"
            )
    leftover = _OPTION.sub("", rest).strip()
    if leftover:
        raise ExampleSyntaxError(
            line, f"cannot read {leftover!r} on the {word} fence: write options as "
            'key="value", e.g. title="Tam\'s first punch"'
        )
    return options


def parse_steps(body: list[tuple[int, str]]) -> tuple[Step, ...]:
    """Read numbered lines as ``>>>`` statements, ``...`` continuations and outputs."""
    steps: list[Step] = []
    source: list[str] = []
    expected: list[str] = []
    start = expected_line = 0
    after_blank = False

    def finish() -> None:
        if source:
            steps.append(Step(start, "\n".join(source), "\n".join(expected), expected_line))

    for number, raw in body:
        line = raw.rstrip()
        if line.startswith(">>>"):
            _check_prompt(line, number, ">>>")
            finish()
            source, expected = [line[4:]], []
            start, expected_line, after_blank = number, number + 1, False
        elif line.startswith("...") and source and not expected and not after_blank:
            _check_prompt(line, number, "...")
            source.append(line[4:])
        elif not line:
            after_blank = bool(source)
        elif not source:
            raise ExampleSyntaxError(
                number, f"expected a '>>> ' statement, found {line.strip()!r}: put prose "
                "outside the fence, and start each statement with '>>> '"
            )
        elif after_blank:
            raise ExampleSyntaxError(
                number, f"{line.strip()!r} follows a blank line but is not a '>>> ' statement: "
                "a blank line ends a statement's expected output, so output cannot hold one "
                "(claim it without its blank lines: they are not compared)"
            )
        else:
            if not expected:
                expected_line = number
            expected.append(line)
    finish()
    return tuple(steps)


def _check_prompt(line: str, number: int, prompt: str) -> None:
    if len(line) > len(prompt) and line[len(prompt)] != " ":
        raise ExampleSyntaxError(
            number, f"put a space after {prompt!r}: write {prompt + ' ' + line[3:]!r}"
        )


def unique(base: str, taken: set[str] | list[str]) -> str:
    """``base``, or ``base-2``, ``base-3``… whichever is not ``taken``."""
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def card_ids(blocks: list[ExampleBlock]) -> list[str]:
    """Each card's HTML id: its ``id`` option, else a slug of its title, unique on the page."""
    ids: list[str] = []
    for number, block in enumerate(blocks, 1):
        base = block.options.get("id") or slug(block.example.title) or f"example-{number}"
        ids.append(unique(base, ids))
    return ids


#: Latin letters that no accent-stripping turns into ASCII.
_SPELT_OUT = str.maketrans({"Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "ß": "ss", "Œ": "OE",
                            "œ": "oe", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d", "Ł": "L",
                            "ł": "l", "ı": "i"})


def slug(text: str) -> str:
    """``Tam's first punch`` → ``tams-first-punch``; letters lose their accents (``Émoji``
    → ``emoji``), and what has no ASCII form is left out."""
    spelt = text.translate(_SPELT_OUT)
    plain = unicodedata.normalize("NFKD", spelt).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower().replace("'", "")).strip("-")

"""Bound values and narrated paragraphs in a page's prose: where they are, and which example
each one is about.

A **bound value** is documented text in brackets, followed by the expression that makes it::

    Tam rolls **[6 6 5 4 2 1]{= first.faces}**: [three successes]{= first.successes}.

A **narrated paragraph** is one marked, on the line right after it, as telling the story of an
example's roll; a reader is told it describes the documented roll while that example shows
new dice::

    The guard goes down, and the keep is quiet again.
    {: narrates }

Which example: a paragraph right above an example narrates that example; any other
narrates the nearest example above it (not one nested deeper, such as a check inside a note
the paragraph is not in), and above a page's first example, the first one.
``{: narrates="card-id" }`` names the example instead, for the paragraph's marker and its
bound values alike.

Bad bindings are errors at their line: a binding inside a code span or a link's target, on a
page with no example, with empty text or text holding Markdown, an expression that is not
Python, that does more than read or that names nothing the examples made
(:mod:`~site_plugins.examples.language.bound_expressions`), ``{= …}`` without its bracketed
text, a marker with no paragraph above it or naming no example of the page, and what looks
like a marker but would be published as something else
(:mod:`~site_plugins.examples.language.markers`). No MkDocs here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from site_plugins.examples.language.bound_expressions import expression_problem, syntax_problem
from site_plugins.examples.language.bound_values import (
    PROSE,
    TITLE,
    Binding,
    bound_text,
    counted_noun_after,
    written_number,
)
from site_plugins.examples.language.markers import MARKER, near_markers
from site_plugins.examples.language.prose import (
    LINK_TARGET,
    BoundSource,
    bound_sources,
    mask_blocks,
    mask_code_spans,
    prose,
)

#: The start of an expression anywhere: one not right after a bracketed text is an error.
_OPENING = re.compile(r"\{[ \t]*=")
#: Text a bound value may not hold: Markdown that its span would not keep.
_MARKUP = re.compile(r"[*_`<>\\|]")
#: The longest bound text and expression, in characters (a Reroll carries them).
MAX_WRITTEN = 200
MAX_EXPRESSION = 500


@dataclass(frozen=True)
class Place:
    """Where an example sits, as the prose around it sees it: the 0-based lines of its
    opening and closing fences, its indent and its card's id."""

    start: int
    end: int
    indent: str
    card_id: str


@dataclass(frozen=True)
class Narration:
    """A paragraph marked as narrating the example ``index``: the 1-based ``line`` of its
    marker, where the marker sits in the text (``start``, ``end``) and where the paragraph's
    last line ends (``anchor``)."""

    line: int
    index: int
    start: int
    end: int
    anchor: int
    #: ``{: narrates }`` (the paragraph is marked after a reroll), not ``{: about=… }``
    #: (which only ties its bound values to the example).
    flags: bool = True


@dataclass(frozen=True)
class BoundProse:
    """A page's bound values (by the index of the example each narrates), its narrated
    paragraphs, and the errors found, each a ``(line, message)``."""

    bindings: Mapping[int, tuple[Binding, ...]]
    narrations: tuple[Narration, ...]
    errors: tuple[tuple[int, str], ...]


def read_bound_prose(text: str, places: Sequence[Place], first_line: int = 1) -> BoundProse:
    """Every bound value and narrated paragraph of ``text`` (a page whose first line is
    ``first_line``), each tied to one of the page's examples, ``places``."""
    masked = mask_blocks(text)
    spans = mask_code_spans(masked)
    lines = text.split("\n")
    starts = _line_starts(lines)
    layout = _Layout(masked.split("\n"), lines, places)
    errors: list[tuple[int, str]] = []
    markers = _markers(layout, places, first_line, errors)
    marked = {layout.paragraph_end(line - 1): index for line, (index, _) in markers.items()}
    bound: dict[int, list[Binding]] = {}
    taken: list[tuple[int, int]] = []
    for found in bound_sources(masked):
        taken.append((found.start, found.end))
        line = _line_of(starts, found.start)
        problem = _problem(found, spans, places) or _noun_outside(found, spans)
        if problem:
            errors.append((first_line + line, problem))
            continue
        last = _line_of(starts, found.end - 1)
        index = marked.get(layout.paragraph_end(last))
        if index is None:
            index = layout.narrated(layout.paragraph_start(line), last)
        binding = Binding(first_line + line, " ".join(found.text.split()),
                          " ".join(found.expression.split()), PROSE,
                          found.start, found.end, text[found.start:found.end])
        bound.setdefault(index, []).append(binding)
    for opening in _OPENING.finditer(spans):
        if not any(start <= opening.start() < end for start, end in taken):
            errors.append((first_line + _line_of(starts, opening.start()),
                           "'{=' starts a bound value, which needs its documented text in "
                           "brackets right before it: [21]{= test.total}"))
    errors += [(first_line + line, message)
               for line, message in near_markers(_blanked(spans, taken).split("\n"))]
    narrations = tuple(Narration(first_line + line, index, starts[line],
                                 starts[line] + len(lines[line]), anchor=starts[line] - 1,
                                 flags=flags)
                       for line, (index, flags) in sorted(markers.items()))
    return BoundProse({i: tuple(b) for i, b in bound.items()}, narrations, tuple(errors))


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of prose (code spans, link targets and tags blanked out), its first
    1-based line, and the example it narrates."""

    line: int
    text: str
    index: int


def paragraphs(text: str, places: Sequence[Place], first_line: int = 1) -> list[Paragraph]:
    """The page's paragraphs of prose (not headings), each with the example it narrates; a
    paragraph marked ``{: narrates="id" }`` with that example. Bound values, whole, are
    blanked out: what is left is prose no check reads."""
    if not places:
        return []
    masked = prose(text)
    for bound in bound_sources(mask_code_spans(mask_blocks(text))):
        masked = masked[:bound.start] + " " * (bound.end - bound.start) + masked[bound.end:]
    layout = _Layout(mask_blocks(text).split("\n"), text.split("\n"), places)
    lines = masked.split("\n")
    markers = _markers(layout, places, first_line, [])
    found = []
    line = 0
    while line < len(lines):
        if layout.blank[line] or lines[line].lstrip().startswith("#"):
            line += 1
            continue
        end = layout.paragraph_end(line)
        marker = markers.get(end + 1)
        index = marker[0] if marker is not None else layout.narrated(line, end)
        found.append(Paragraph(first_line + line, "\n".join(lines[line:end + 1]), index))
        line = end + 1
    return found


def read_title(title: str) -> tuple[str, tuple[Binding, ...], str]:
    """A title's plain text, its bound values (each placed in the plain text) and the first
    error found ("" if none)."""
    plain: list[str] = []
    bindings: list[Binding] = []
    position = 0
    for found in bound_sources(title):
        plain.append(title[position:found.start])
        written = " ".join(found.text.split())
        problem = _bad_parts(found)
        if problem:
            return title, (), problem
        offset = sum(map(len, plain))
        bindings.append(Binding(0, written, " ".join(found.expression.split()), TITLE,
                                offset, offset + len(written), title[found.start:found.end]))
        plain.append(written)
        position = found.end
    plain.append(title[position:])
    text = "".join(plain)
    if _OPENING.search(text):
        return title, (), ("'{=' starts a bound value, which needs its documented text in "
                           "brackets right before it: [a success]{= roll.outcome}")
    return text, tuple(bindings), ""


class _Layout:
    """A page's lines as paragraphs: which are blank (markers count as blank), where each
    paragraph starts and ends, and which example a paragraph narrates."""

    def __init__(self, masked: list[str], lines: list[str], places: Sequence[Place]) -> None:
        self.lines = lines
        self.places = places
        self.marker = [bool(MARKER.match(line)) for line in masked]
        self.blank = [not line.strip() or marker for line, marker in zip(masked, self.marker,
                                                                             strict=True)]
        self.raw_blank = [not line.strip() for line in lines]
        self.opens = {place.start: index for index, place in enumerate(places)}

    def paragraph_start(self, line: int) -> int:
        """The 0-based first line of the paragraph holding ``line``."""
        while line > 0 and not self.blank[line - 1]:
            line -= 1
        return line

    def paragraph_end(self, line: int) -> int:
        """The 0-based last line of the paragraph holding ``line``."""
        while line + 1 < len(self.blank) and not self.blank[line + 1]:
            line += 1
        return line

    def narrated(self, first: int, last: int) -> int:
        """The example a paragraph whose lines run from ``first`` to ``last`` (0-based)
        narrates (see the module's docstring)."""
        for below in range(self.paragraph_end(last) + 1, len(self.lines)):
            if below in self.opens:
                return self.opens[below]
            if not (self.raw_blank[below] or self.marker[below]):
                break
        indent = _indent(self.lines[first])
        places = self.places
        above = [i for i, p in enumerate(places) if p.end < first and len(p.indent) <= indent]
        if above:
            return max(above, key=lambda i: places[i].end)
        after = [i for i, p in enumerate(places) if p.start > last]
        if after:
            return min(after, key=lambda i: places[i].start)
        return max(range(len(places)), key=lambda i: places[i].end)


def _markers(layout: _Layout, places: Sequence[Place], first_line: int,
             errors: list[tuple[int, str]]) -> dict[int, tuple[int, bool]]:
    """Each marker's 0-based line → the example its paragraph narrates, and whether the
    paragraph is marked after a reroll (``narrates``) or only tied to it (``about``)."""
    found: dict[int, tuple[int, bool]] = {}
    ids = {place.card_id: index for index, place in enumerate(places)}
    for number, line in enumerate(layout.lines):
        match = MARKER.match(line) if layout.marker[number] else None
        if match is None:
            continue  # a near miss of a marker is found in the prose (near_markers)
        kind = match["kind"]
        if number == 0 or layout.blank[number - 1]:
            errors.append((first_line + number, f"{{: {kind} }} marks the paragraph right "
                           "above it, and there is none: put it on the line after the "
                           "paragraph's last line, with no blank line between"))
            continue
        if not places:
            errors.append((first_line + number, f"{{: {kind} }} on a page with no example: "
                           "a paragraph can only narrate an example of its page"))
            continue
        wanted = match["quoted"] if match["quoted"] is not None else match["bare"]
        if kind == "about" and wanted is None:
            errors.append((first_line + number, "{: about } names no example: write "
                           "{: about=\"card-id\" } with the id of the example the paragraph's "
                           "bound values are about (or {: narrates } to mark the paragraph)"))
            continue
        if wanted is not None and wanted not in ids:
            known = ", ".join(sorted(ids)) or "none"
            errors.append((first_line + number, f"{{: {kind}=\"{wanted}\" }} names no "
                           f"example of this page: its examples' ids are {known}"))
            continue
        index = ids[wanted] if wanted is not None else layout.narrated(
            layout.paragraph_start(number - 1), number - 1)
        found[number] = (index, kind == "narrates")
    return found


def _problem(found: BoundSource, spans: str, places: Sequence[Place]) -> str:
    start = found.start
    if spans[start] == " ":
        return ("a bound value inside a code span is never drawn as one: take it out of the "
                "backticks (`…`), or write the text without {= …}")
    for target in LINK_TARGET.finditer(spans):
        if target.start() < start < target.end():
            return ("a bound value inside a link's target or an HTML tag is never drawn: "
                    "bind text a reader reads, such as the link's text")
    if not places:
        return ("a bound value on a page with no example: it can only show a value the "
                "page's examples make")
    return _bad_parts(found)


def _noun_outside(found: BoundSource, text: str) -> str:
    """Why a number bound alone would not read as English with other dice: the noun it
    counts is outside its brackets (``""`` if it is not)."""
    written = " ".join(found.text.split())
    noun = counted_noun_after(written, text[found.end:found.end + 80])
    if not noun or text[found.start - 1:found.start] == "-":  # "a round-[7] turn"
        return ""
    other = 2 if written_number(written) == 1 else 1
    return (f"the number [{written}] is bound without the noun it counts, {noun!r}: a Reroll "
            f"that makes it {other} would read {bound_text(other, written) + ' ' + noun!r}; "
            f"bind them together, [{written} {noun}]{{= …}}, and the noun agrees")


def _bad_parts(found: BoundSource) -> str:
    """What is wrong with a binding's text or expression ("" if nothing)."""
    written = " ".join(found.text.split())
    if not found.closed:
        return (f"the expression of [{written}] is never closed: end it with '}}' before the "
                "paragraph ends")
    if not written:
        return "a bound value with no text: write the documented text in the brackets"
    if _MARKUP.search(written):
        return (f"the bound text {written!r} holds Markdown, which a Reroll would write as "
                "plain text: put emphasis and code around the brackets, **[21]{= total}**")
    if len(written) > MAX_WRITTEN:
        return f"the bound text is {len(written)} characters long; at most {MAX_WRITTEN}"
    source = " ".join(found.expression.split())
    if not source:
        return (f"the bound value [{written}] has no expression: write the Python that "
                "makes it after '=', e.g. [21]{= test.total}")
    if len(source) > MAX_EXPRESSION:
        return f"the expression is {len(source)} characters long; at most {MAX_EXPRESSION}"
    return (syntax_problem(source, f"the expression {source!r}")
            or expression_problem(source, written))


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` (start, end, in order) blanked out, line breaks kept."""
    parts, position = [], 0
    for start, end in spans:
        parts += [text[position:start], re.sub(r"[^\n]", " ", text[start:end])]
        position = end
    return "".join([*parts, text[position:]])


def _line_starts(lines: list[str]) -> list[int]:
    starts, position = [], 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    return starts


def _line_of(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))

"""A chapter's terms: read from its glossary page, shown as tooltips, checked on every page.

A chapter is a folder ``docs/<system>/`` named after a game system (its package's last
name: ``docs/kruhl/`` for ``rules_core.kruhl``, ``docs/ember/`` for ``ember``). Its glossary
is the page ``docs/<system>/glossary.md``, whose terms are a Markdown definition list, one
entry per term::

    AD
    :   **Action Dice.** The dice a character spends to act in a round: ...

the term alone on its line, then a definition that starts with the term's expansion in bold
(ending with a period) and itself ends with a period.

- **Tooltips.** Every page of the chapter gets the chapter's abbreviations (terms with two
  or more capitals and no space: ``AD``, ``DoS``) appended to its Markdown as
  ``*[AD]: Action Dice. The dice a character spends to act in a round.`` lines (the
  expansion and the definition's first sentence, in plain text). Python-Markdown's ``abbr``
  extension turns every use in the prose into ``<abbr title="…">``, and Material's
  ``content.tooltips`` feature draws the title as a tooltip. The lines are appended per
  chapter, not with pymdownx.snippets' ``auto_append`` (which appends the same files to every
  page of the site), because two systems may use the same letters for different things.
  Terms of art (``Success Margin``, ``rabble``) are explained on the glossary page only: a
  tooltip on every "round" would underline half a page.
- **Keyboard.** An ``<abbr>`` cannot take the focus, so the first use of each term in each
  section (between two headings) gets ``tabindex="0"``: a keyboard reader reaches every
  term's tooltip without a tab stop on each repetition (:func:`focusable_first_uses`).
- **Cards.** A page's cards are drawn after the ``abbr`` pass, so their reader text gets the
  same tooltips from :meth:`Chapters.tooltips` (``cards/card_terms.py``), the first use in
  each card focusable.
- **The check.** A chapter's page that uses an all-capitals word (two or more capital
  letters: ``AD``, ``PRW``) its glossary lacks is a problem naming the page and line and
  saying where to add the term. Only prose is checked (:mod:`site_plugins.examples.language.prose`:
  not code, fenced blocks and the examples among them, front matter, HTML comments and
  tags, link targets), and on the glossary page, not its own term lines.

No MkDocs here: paths and text in, text out; the plugin (``plugin.py``) calls it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from site_plugins.examples.language.prose import ALL_CAPITALS, mask_blocks, plain_text, prose

#: The glossary page of a chapter, inside the chapter's folder.
GLOSSARY_PAGE = "glossary.md"
#: Where the authoring guide explains glossaries (named in every problem).
GUIDE = 'see "Terms and tooltips" in docs/authoring.md'
#: The longest tooltip of an abbreviation (its expansion and its definition's first
#: sentence), in characters: about four lines of Material's tooltip.
TOOLTIP_LIMIT = 160

#: What a term may be: words, digits, spaces, apostrophes and hyphens, nothing of Markdown.
_TERM = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 '’-]*[A-Za-z0-9])?")
#: A definition's first line, as Python-Markdown's ``def_list`` reads it.
_DEFINITION = re.compile(r"^ {0,3}:[ ]{1,3}(?P<text>.*)$")
#: A definition that starts with its expansion in bold, ending with a period.
_EXPANSION = re.compile(r"\*\*(?P<expansion>[^*]*[^*\s.]\.)\*\*(?:\s+(?P<rest>.*))?", re.DOTALL)
_HEADING = re.compile(r"^#{1,6}(?:\s|$)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class GlossaryError(Exception):
    """A glossary entry that cannot be read; ``line`` is its 1-based line in the page."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Term:
    """One glossary entry: the term, its expansion (``Action Dice``) and the rest of its
    definition in plain text, and the 1-based line of the term in the glossary page."""

    name: str
    expansion: str
    definition: str
    line: int

    @property
    def tooltip(self) -> str:
        """The expansion and the definition's first sentence: ``Action Dice. The dice a
        character spends to act in a round.``"""
        first = _SENTENCE_END.split(self.definition, maxsplit=1)[0]
        return f"{self.expansion} {first}".strip()

    @property
    def is_abbreviation(self) -> bool:
        """Whether uses of the term get a tooltip: one word with two or more capitals."""
        return " " not in self.name and sum(c.isupper() for c in self.name) >= 2


@dataclass(frozen=True)
class Glossary:
    """A chapter's glossary page, read: its terms, the lines of every term (of a malformed
    entry too, so that one mistake is reported once) and what could not be read."""

    path: str
    terms: tuple[Term, ...] = ()
    term_lines: frozenset[int] = frozenset()
    known: frozenset[str] = frozenset()
    errors: tuple[GlossaryError, ...] = ()
    exists: bool = True

    def abbreviations(self) -> str:
        """The ``*[AD]: …`` lines that give every use of an abbreviation its tooltip, after a
        blank line ("" for a glossary without abbreviations)."""
        lines = [f"*[{name}]: {tooltip}" for name, tooltip in self.tooltips().items()]
        return "\n\n" + "\n".join(lines) + "\n" if lines else ""

    def tooltips(self) -> dict[str, str]:
        """Each abbreviation and its tooltip (``{"AD": "Action Dice. The dice …"}``)."""
        return {t.name: t.tooltip for t in self.terms if t.is_abbreviation}


@dataclass(frozen=True)
class UnknownTerm:
    """An all-capitals word a page uses that its chapter's glossary lacks: every 1-based
    line it is on, first use first."""

    page: str
    term: str
    lines: tuple[int, ...]
    glossary: Glossary

    def __str__(self) -> str:
        more = ""
        if len(self.lines) > 1:
            also = ", ".join(str(n) for n in self.lines[1:6])
            more = f" (also on line{'s' if len(self.lines) > 2 else ''} {also}"
            more += ", …)" if len(self.lines) > 6 else ")"
        missing = "" if self.glossary.exists else " (the chapter has no glossary yet)"
        return (f"{self.page}:{self.lines[0]}: {self.term} is not in the chapter's glossary"
                f"{more}: add it to {self.glossary.path}{missing}; {GUIDE}")


def read_glossary(text: str, path: str) -> Glossary:
    """Read the glossary page ``text`` (shown as ``path`` in errors) into its terms.

    Every entry is a term alone on its line, after a blank line, and on the next line its
    definition: ``:   **Expansion.** Rest of the definition.``. Continuation lines follow
    without a blank line; more paragraphs follow indented by four spaces. Anything else after
    the first entry, except headings, is an error, as are a term defined twice, a term with
    Markdown in it, and a definition that does not start with its bold expansion or does not
    end with a period.
    """
    lines = mask_blocks(text).split("\n")
    terms: list[Term] = []
    term_lines: set[int] = set()
    known: dict[str, int] = {}
    errors: list[GlossaryError] = []
    entry_lines: set[int] = set()
    for index, line in enumerate(lines):
        if not _DEFINITION.match(line):
            continue
        entry = _entry_lines(lines, index)
        entry_lines.update(entry)
        if index == 0 or not lines[index - 1].strip():
            errors.append(GlossaryError(path, index + 1, "a definition without a term: put "
                                        "the term alone on the line just above it"))
            continue
        number, name = index, lines[index - 1].strip()
        entry_lines.add(index - 1)
        term_lines.add(number)
        try:
            terms.append(_term(lines, index, entry, name, path))
        except GlossaryError as error:
            errors.append(error)
        if index > 1 and lines[index - 2].strip():
            errors.append(GlossaryError(path, number, f"{name!r} follows the line above "
                                        "directly: leave a blank line before each term"))
        if name in known:
            errors.append(GlossaryError(path, number, f"{name} is defined twice (first on "
                                        f"line {known[name]}): one entry per term"))
        known.setdefault(name, number)
    errors.extend(_stray_lines(lines, entry_lines, path))
    return Glossary(path, tuple(t for t in terms if known[t.name] == t.line),
                    frozenset(term_lines), frozenset(known),
                    tuple(sorted(errors, key=lambda e: e.line)))


def _entry_lines(lines: list[str], index: int) -> list[int]:
    """The indexes of a definition's lines: its first line, the lines right after it, and
    the paragraphs indented under it."""
    entry = [index]
    j = index + 1
    while j < len(lines):
        if lines[j].strip():
            if _DEFINITION.match(lines[j]) or (j + 1 < len(lines)
                                               and _DEFINITION.match(lines[j + 1])):
                break
            entry.append(j)
            j += 1
            continue
        following = next((k for k in range(j, len(lines)) if lines[k].strip()), None)
        if following is None or not lines[following].startswith("    "):
            break
        j = following
    return entry


def _term(lines: list[str], index: int, entry: list[int], name: str, path: str) -> Term:
    """One entry's term, or the error that says what is wrong with it."""
    number = index  # the term's 1-based line is the index of its definition
    if not _TERM.fullmatch(name):
        raise GlossaryError(path, number, f"the term {name!r} is not plain text: write the "
                            "term alone on its line, with no Markdown (no **, `, [ or #)")
    first = _DEFINITION.match(lines[index])
    assert first is not None
    text = "\n".join([first["text"], *(lines[j] for j in entry[1:])]).strip()
    shape = _EXPANSION.match(text)
    if not shape:
        raise GlossaryError(path, index + 1, f"the definition of {name} must start with its "
                            "expansion in bold, ending with a period: "
                            "':   **Action Dice.** The dice …'")
    if not plain_text(text).endswith("."):
        raise GlossaryError(path, entry[-1] + 1, f"the definition of {name} must end with "
                            "a period")
    term = Term(name, plain_text(shape["expansion"]), plain_text(shape["rest"] or ""), number)
    if term.is_abbreviation and len(term.tooltip) > TOOLTIP_LIMIT:
        raise GlossaryError(path, index + 1, f"the tooltip of {name} (its expansion and the "
                            f"definition's first sentence) has {len(term.tooltip)} characters, "
                            f"over {TOOLTIP_LIMIT}: end the first sentence sooner")
    return term


def _stray_lines(lines: list[str], entry_lines: set[int], path: str) -> list[GlossaryError]:
    """Lines after the first entry that belong to no entry (a term without a definition)."""
    if not entry_lines:
        return []
    return [GlossaryError(path, j + 1, f"{line.strip()!r} belongs to no entry: a term needs "
                          "its definition on the next line (':   **Expansion.** …'); put "
                          "other text above the first term")
            for j, line in enumerate(lines)
            if j > min(entry_lines) and j not in entry_lines and line.strip()
            and not _HEADING.match(line) and not line.startswith("    ")]


def unknown_terms(text: str, glossary: Glossary, page: str,
                  skip_lines: Iterable[int] = ()) -> list[UnknownTerm]:
    """The all-capitals words the page ``text`` (a whole file, front matter included; shown
    as ``page``) uses in its prose that ``glossary`` lacks, each with the lines it is on.
    ``skip_lines`` (1-based) are not prose: a glossary's own term lines."""
    skipped = set(skip_lines)
    found: dict[str, list[int]] = {}
    for number, line in enumerate(prose(text).split("\n"), 1):
        if number in skipped:
            continue
        for word in ALL_CAPITALS.findall(line):
            if word not in glossary.known:
                lines = found.setdefault(word, [])
                if number not in lines:
                    lines.append(number)
    return [UnknownTerm(page, word, tuple(lines), glossary) for word, lines in found.items()]


_FOCUS_STEP = re.compile(
    r"(?P<heading><h[1-6][\s>])|(?P<open_link><a[\s>])|(?P<close_link></a>)"
    r"|(?P<abbr><abbr(?P<attributes>\s[^>]*)>(?P<term>[^<]*)</abbr>)")
_TERM_OF_DEFINITION = re.compile(r"<dt><abbr\s[^>]*>(?P<term>[^<]*)</abbr></dt>")


def focusable_first_uses(html: str) -> str:
    """``html`` with the first ``<abbr>`` of each term in each section (from one heading to
    the next) made focusable, so a keyboard reaches its tooltip. An abbreviation inside a
    link is left alone (the link takes the focus), and a glossary's own term (an ``<abbr>``
    that is a whole ``<dt>``) loses its tooltip: its definition is beside it."""
    if "<abbr" not in html:
        return html  # most pages of a site that is not a chapter's: nothing to scan
    html = _TERM_OF_DEFINITION.sub(lambda m: f"<dt>{m['term']}</dt>", html)
    seen: set[str] = set()
    links = 0

    def step(match: re.Match[str]) -> str:
        nonlocal links
        if match["heading"]:
            seen.clear()
        elif match["open_link"]:
            links += 1
        elif match["close_link"]:
            links = max(links - 1, 0)
        elif (not links and match["term"] not in seen
              and "tabindex" not in match["attributes"]):
            seen.add(match["term"])
            return f'<abbr{match["attributes"]} tabindex="0">{match["term"]}</abbr>'
        return match.group()

    return _FOCUS_STEP.sub(step, html)


@dataclass(frozen=True)
class PageTerms:
    """What a page gets from its chapter's glossary: the abbreviation lines to append to its
    Markdown, and the problems to report (empty for a page outside every chapter)."""

    abbreviations: str = ""
    problems: tuple[str, ...] = ()


@dataclass
class Chapters:
    """The chapters of a site: ``docs_dir``'s folders named after a system in ``systems``.
    Paths in messages are relative to ``root`` (the folder of ``mkdocs.yml``). Each
    glossary is read once (make a new ``Chapters`` for each build)."""

    docs_dir: Path
    root: Path
    systems: frozenset[str]
    glossaries: dict[str, Glossary] = field(default_factory=dict)

    def chapter_of(self, src_uri: str) -> str | None:
        """The system whose chapter holds the page ``src_uri`` (``kruhl/difficulty.md``)."""
        folder, slash, _rest = src_uri.partition("/")
        return folder if slash and folder in self.systems else None

    def with_glossaries(self) -> list[str]:
        """The systems whose chapter has a glossary page."""
        return sorted(name for name in self.systems
                      if (self.docs_dir / name / GLOSSARY_PAGE).is_file())

    def glossary(self, system: str) -> Glossary:
        """The system's glossary (an empty one, ``exists`` false, when it has no page)."""
        if system not in self.glossaries:
            page = self.docs_dir / system / GLOSSARY_PAGE
            shown = self.shown(page)
            try:
                text = page.read_text(encoding="utf-8").replace("\r\n", "\n")
            except FileNotFoundError:
                self.glossaries[system] = Glossary(shown, exists=False)
            else:
                self.glossaries[system] = read_glossary(text, shown)
        return self.glossaries[system]

    def page_terms(self, src_uri: str, text: str) -> PageTerms:
        """The abbreviations and problems of the page ``src_uri`` whose file is ``text``: the
        all-capitals words it uses that the glossary lacks, and, for the glossary page
        itself, the entries that cannot be read."""
        system = self.chapter_of(src_uri)
        if system is None:
            return PageTerms()
        glossary = self.glossary(system)
        page = self.shown(self.docs_dir / src_uri)
        is_glossary = src_uri == f"{system}/{GLOSSARY_PAGE}"
        problems = [str(e) for e in glossary.errors] if is_glossary else []
        skip = glossary.term_lines if is_glossary else frozenset()
        problems += [str(u) for u in unknown_terms(text, glossary, page, skip)]
        return PageTerms(glossary.abbreviations(), tuple(problems))

    def tooltips(self, src_uri: str) -> dict[str, str]:
        """The abbreviations of the chapter of the page ``src_uri`` and their tooltips
        (none for a page outside every chapter): for its cards."""
        system = self.chapter_of(src_uri)
        return self.glossary(system).tooltips() if system is not None else {}

    def shown(self, path: Path) -> str:
        """``path`` as an author finds it: ``docs/kruhl/glossary.md``."""
        return Path(os.path.relpath(path, self.root)).as_posix()

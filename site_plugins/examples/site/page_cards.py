"""Where a page's cards go: a placeholder paragraph for each example fence in the page's
Markdown, and the card drawn in its place once the page is HTML, under an id no heading of
the page has taken.

No MkDocs types: a page is its Markdown, its checked result and its headings' ids.
"""

from __future__ import annotations

import functools
import html
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol

from rules_core.explain import Explanation
from rules_core.odds import BUDGET
from rules_core.odds_text import says_too_large
from site_plugins.examples.cards.odds_lines import ODDS_LINES
from site_plugins.examples.cards.render import bound_span, render_card
from site_plugins.examples.cards.render_reader import reader_items
from site_plugins.examples.language.bound_values import PROSE
from site_plugins.examples.language.lexer import card_ids, unique
from site_plugins.examples.language.session import ExampleRun
from site_plugins.examples.language.verify import PageResult
from site_plugins.examples.serving.kept import Kept


class Heading(Protocol):
    """A heading of a page's table of contents (MkDocs' ``AnchorLink``)."""

    @property
    def id(self) -> str:
        """The heading's HTML id."""
        ...

    @property
    def children(self) -> Iterable[Heading]:
        """The headings under it."""
        ...


#: The start of a card's placeholder: random, so no page's text has it; the same for every
#: build of a process, so a page's Markdown with its placeholders is the same from one build of
#: ``mkdocs serve`` to the next (``page_cache`` keeps its conversion).
TOKEN = "rxcard" + secrets.token_hex(6)


class PageCards:
    """The cards of one build: placed in each page's Markdown, drawn into its HTML."""

    def __init__(self) -> None:
        self.token = TOKEN
        self.pages = 0
        #: Each placeholder → the id its card asks for, and how to draw it with its id.
        self.cards: dict[str, tuple[str, Callable[[str], str]]] = {}
        #: The ids of the cards the last :meth:`fill` drew, in page order.
        self.drawn_ids: list[str] = []

    def place(self, markdown: str, result: PageResult, session: str,
              links: Mapping[str, str], note: Callable[[str], None],
              terms: Mapping[str, str] | None = None) -> str:
        """Swap each example fence of ``markdown`` for a placeholder paragraph, and each bound
        value and narrated paragraph's marker for its span (:func:`bound_edits`); ``note`` is
        told of a card that shows a reader nothing but code (an example or a check: each card
        says what it establishes). ``terms``: the chapter's abbreviations and their tooltips,
        for the cards' text."""
        self.pages += 1
        ids = card_ids(result.blocks)
        starts = [0]
        for line in markdown.split("\n"):
            starts.append(starts[-1] + len(line) + 1)
        edits = bound_edits(result, session)
        for index, (block, run) in enumerate(zip(result.blocks, result.runs, strict=True)):
            failures = [str(f) for f in result.failures.get(index, [])]
            if not failures and not reader_items(run):
                kind = "example" if run.example.kind == "example" else "check"
                note(f"{result.path}:{block.example.line}: the {kind} "
                     f"“{block.example.title}” shows a reader nothing but code: say what it "
                     "establishes by giving a value words with a comment after its statement "
                     "(>>> tam.skill_dice(\"Grappling\").size  # Grappling dice)")
            setup = result.setup_source if index == 0 else ""
            token = f"{self.token}x{self.pages}x{index}"
            # Drawn once the page's headings are known, whose ids a card's may not take.
            self.cards[token] = (ids[index], functools.partial(
                draw_card, run, session_id=session, index=index, failures=tuple(failures),
                setup=setup, links=tuple(sorted(links.items())),
                terms=tuple(sorted((terms or {}).items()))))
            edits.append((starts[block.start], starts[block.end + 1] - 1,
                          f"\n{block.indent}{token}\n"))
        for start, end, text in sorted(edits, reverse=True):
            markdown = markdown[:start] + text + markdown[end:]
        return markdown

    def fill(self, html: str, headings: Iterable[Heading]) -> str:
        """The page's HTML with its cards drawn in place of their placeholders (their ids in
        :attr:`drawn_ids`)."""
        self.drawn_ids = []
        if not self.cards:
            return html
        taken = set(heading_ids(headings))

        def card(match: re.Match[str]) -> str:
            entry = self.cards.get(match["token"])
            if entry is None:
                return match[0]
            wanted, draw = entry
            card_id = wanted if wanted not in taken else unique(f"{wanted}-example", taken)
            taken.add(card_id)
            self.drawn_ids.append(card_id)
            return draw(card_id)

        return re.sub(rf"(?:<p>)?(?P<token>{self.token}x\d+x\d+)(?:</p>)?", card, html)


#: Cards drawn by this process: ``mkdocs serve`` keeps a page's checked result while the page
#: and the engine are unchanged (``result_cache``), so its cards come out the same.
DRAWN: Kept[tuple[object, ...], tuple[ExampleRun, str]] = Kept(2048)


def draw_card(run: ExampleRun, card_id: str, session_id: str, index: int,
              failures: tuple[str, ...], setup: str, links: tuple[tuple[str, str], ...],
              terms: tuple[tuple[str, str], ...] = ()) -> str:
    """:func:`render_card`, or the card it drew before from this very ``run`` (the same
    object, so its result, dice and odds are those drawn) with the same arguments."""
    key = (id(run), card_id, session_id, index, failures, setup, links, terms)
    kept = DRAWN.find(key)
    if kept is not None and kept[0] is run:  # the entry holds ``run``: its id is not reused
        return kept[1]
    html = render_card(run, card_id, session_id=session_id, index=index, failures=failures,
                       setup=setup, links=dict(links), terms=dict(terms))
    DRAWN.keep(key, (run, html))
    return html


def too_large_notes(result: PageResult) -> list[str]:
    """A line for each odds line of the page's cards that says its roll is too large for
    exact odds (past :data:`rules_core.odds.BUDGET`), naming the card's page and line: for
    the build's log as information, not a warning (the page is right, and its card says
    so in the rules' words)."""
    if not ODDS_LINES.ready():
        return []
    notes = []
    for block, run in zip(result.blocks, result.runs, strict=True):
        asked = dict.fromkeys(question for item in reader_items(run)
                              if isinstance(item, Explanation) for question in item.odds)
        for question in asked:
            line = ODDS_LINES.line(question)
            if says_too_large(line):
                title = block.example.title
                named = f" “{title}”" if title else ""
                notes.append(f"{result.path}:{block.example.line}: the example{named} shows "
                             "no exact odds: working them out is past the budget of exact "
                             f"odds ({BUDGET:,} steps, rules_core.odds.BUDGET): “{line}”")
    return notes


def bound_edits(result: PageResult, session: str) -> list[tuple[int, int, str]]:
    """Where a page's Markdown changes for its bound values and narrated paragraphs: each bound
    value becomes a span holding its documented text (a Reroll writes the new dice's text in
    it), and each ``{: narrates }`` marker an empty span closing the paragraph it marks (an
    ``{: about=… }`` marker goes). Each edit is ``(start, end, new text)`` in characters."""
    edits: list[tuple[int, int, str]] = []
    for index, block in enumerate(result.blocks):
        for k, binding in enumerate(block.example.bindings):
            if binding.place != PROSE:
                continue
            written = binding.source[1:].partition("]")[0]
            edits.append((binding.start, binding.end,
                          bound_span(session, index, k, html.escape(written, quote=False))))
    for narration in result.narrations:
        edits.append((narration.start, narration.end, ""))
        if narration.flags:
            edits.append((narration.anchor, narration.anchor,
                          f'<span class="rx-narrates" data-rx-session="{html.escape(session)}" '
                          f'data-rx-card="{narration.index}"></span>'))
    return edits


def heading_ids(items: Iterable[Heading]) -> Iterator[str]:
    """The ids of a page's headings, from its table of contents."""
    for item in items:
        yield item.id
        yield from heading_ids(item.children)

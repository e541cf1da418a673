"""Where a page's cards go: a placeholder paragraph for each example fence in the page's
Markdown, and the card drawn in its place once the page is HTML, under an id no heading of
the page has taken.

No MkDocs types: a page is its Markdown, its checked result and its headings' ids.
"""

from __future__ import annotations

import functools
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol

from site_plugins.examples.lexer import ExampleBlock
from site_plugins.examples.render import render_card
from site_plugins.examples.render_reader import reader_items
from site_plugins.examples.verify import PageResult


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


class PageCards:
    """The cards of one build: placed in each page's Markdown, drawn into its HTML."""

    def __init__(self) -> None:
        self.token = "rxcard" + secrets.token_hex(6)
        self.pages = 0
        #: Each placeholder → the id its card asks for, and how to draw it with its id.
        self.cards: dict[str, tuple[str, Callable[[str], str]]] = {}

    def place(self, markdown: str, result: PageResult, session: str,
              links: Mapping[str, str], note: Callable[[str], None]) -> str:
        """Swap each example fence of ``markdown`` for a placeholder paragraph; ``note`` is
        told of an example card that shows a reader nothing but code."""
        lines = markdown.split("\n")
        self.pages += 1
        ids = card_ids(result.blocks)
        for index in reversed(range(len(result.blocks))):
            block, run = result.blocks[index], result.runs[index]
            failures = [str(f) for f in result.failures.get(index, [])]
            if not failures and run.example.kind == "example" and not reader_items(run):
                note(f"{result.path}:{block.example.line}: the example "
                     f"“{block.example.title}” shows a reader nothing but code: give a value "
                     "words with a comment after its statement (>>> scene.ad_left(tam)  # AD "
                     "left), or make it a rules-check")
            setup = result.setup_source if index == 0 else ""
            token = f"{self.token}x{self.pages}x{index}"
            # Drawn once the page's headings are known, whose ids a card's may not take.
            self.cards[token] = (ids[index], functools.partial(
                render_card, run, session_id=session, index=index, failures=failures,
                setup=setup, links=links))
            lines[block.start : block.end + 1] = ["", block.indent + token, ""]
        return "\n".join(lines)

    def fill(self, html: str, headings: Iterable[Heading]) -> str:
        """The page's HTML with its cards drawn in place of their placeholders."""
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
            return draw(card_id)

        return re.sub(rf"(?:<p>)?(?P<token>{self.token}x\d+x\d+)(?:</p>)?", card, html)


def heading_ids(items: Iterable[Heading]) -> Iterator[str]:
    """The ids of a page's headings, from its table of contents."""
    for item in items:
        yield item.id
        yield from heading_ids(item.children)


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

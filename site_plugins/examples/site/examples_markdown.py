"""The checker and the cards as a Python-Markdown extension, for a generator that loads
Markdown extensions but no MkDocs plugin (Zensical): ``markdown_extensions:
[site_plugins.examples.site.examples_markdown]`` in ``mkdocs.yml``.

Each page's examples are checked when the page is converted, by the checker the MkDocs plugin
uses (it takes the page's text and path, :mod:`~site_plugins.examples.site.markdown_pages`
finds them); a failure stops the conversion, and so the build, with an error naming
``docs/<page>.md:<line>`` with the expected and the actual output. The cards are placed and
drawn as the plugin draws them (:class:`~site_plugins.examples.site.page_cards.PageCards`),
with the chapter's glossary terms and the dice in the prose (the plugin's
:mod:`~site_plugins.examples.site.dice_markdown`, added here). The stylesheet, the scripts
and the browser engine are written after the build by
:mod:`~site_plugins.examples.shipping`.

Under MkDocs or ProperDocs the plugin has put its placeholders in place of every example
before Markdown runs, so this extension, if listed too, finds no example there and does
nothing. Given examples and no page (plain Python-Markdown) it stops with an error: it
cannot say where a failure is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from rules_core.system import systems
from site_plugins.examples.checking.checker import CheckLimits
from site_plugins.examples.checking.page_text import front_matter_error, page_text_failure
from site_plugins.examples.language.lexer import lex_page, slug
from site_plugins.examples.language.verify import Failure
from site_plugins.examples.site.chapters.system_pages import present, with_systems_table
from site_plugins.examples.site.dice_markdown import DiceMarkdown
from site_plugins.examples.site.glossary import Chapters, focusable_first_uses
from site_plugins.examples.site.markdown_pages import PROCESS_CHECKS, MarkdownPage, zensical_page
from site_plugins.examples.site.page_cards import PageCards, too_large_notes

log = logging.getLogger("rules_examples.markdown")

#: After Python-Markdown's whitespace clean-up (30), before fenced code (25) and HTML (20).
PLACE_PRIORITY = 28
#: After every other postprocessor (raw HTML is 30): the cards go into the finished HTML.
DRAW_PRIORITY = 1


class ExamplesFailed(Exception):
    """A page's examples did not verify; the message names each at its line."""

    def __init__(self, failures: list[Failure]) -> None:
        failed = sum(1 for f in failures if f.checked)
        headline = f"{failed} example{'s' if failed != 1 else ''} did not verify"
        if len(failures) > failed:
            headline += f" ({len(failures) - failed} more not checked)"
        super().__init__(f"{headline}:\n" + "\n".join(str(f) for f in failures))
        self.failures = failures


@dataclass(frozen=True)
class TocHeading:
    """A heading of Python-Markdown's ``toc_tokens``, as the cards read headings."""

    id: str
    children: tuple[TocHeading, ...] = field(default=())

    @classmethod
    def of(cls, token: dict[str, Any]) -> TocHeading:
        return cls(str(token["id"]), tuple(cls.of(child) for child in token["children"]))


class PlaceCards(Preprocessor):
    """Check the page's examples; put each card's placeholder where its fence was."""

    def __init__(self, md: Markdown, extension: ExamplesMarkdown, cards: PageCards) -> None:
        super().__init__(md)
        self.extension = extension
        self.cards = cards

    def run(self, lines: list[str]) -> list[str]:
        markdown = "\n".join(lines).rstrip("\n") + "\n"
        page = zensical_page(self.md)
        if page is None:
            if lex_page(markdown).blocks:
                raise ExamplesFailed([Failure("(unknown page)", 1, (
                    "the rules-examples Markdown extension does not know which page this is: "
                    "use it under Zensical, or the `rules-examples` plugin under MkDocs or "
                    "ProperDocs"))])
            return lines
        return self.extension.placed(page, markdown, self.cards).split("\n")


class DrawCards(Postprocessor):
    """Draw the page's cards in place of their placeholders, under ids its headings left."""

    def __init__(self, md: Markdown, cards: PageCards) -> None:
        super().__init__(md)
        self.cards = cards

    def run(self, text: str) -> str:
        if not self.cards.cards:
            return text
        headings = [TocHeading.of(token) for token in getattr(self.md, "toc_tokens", [])]
        return self.cards.fill(focusable_first_uses(text), headings)


class ExamplesMarkdown(Extension):
    """The extension; its options are the plugin's of the same names."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "time_limit": [10.0, "Seconds an example may run."],
            "memory_limit": [512, "Megabytes an example's process may use."],
            "jobs": [0, "Pages checked at once (0: one per core)."],
            "empty_cards": ["info", "`warn`: log a card that shows nothing but code as a "
                                    "warning, else as information."],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        cards = PageCards()
        md.preprocessors.register(PlaceCards(md, self, cards), "rx-examples", PLACE_PRIORITY)
        md.postprocessors.register(DrawCards(md, cards), "rx-cards", DRAW_PRIORITY)
        if "rx-dice" not in md.inlinePatterns:
            DiceMarkdown().extendMarkdown(md)

    def placed(self, page: MarkdownPage, markdown: str, cards: PageCards) -> str:
        """The page's Markdown with its cards' placeholders and its chapter's terms; an
        error (:class:`ExamplesFailed`) where an example did not verify."""
        limits = CheckLimits(time_limit=float(self.getConfig("time_limit")),
                             memory_mb=int(self.getConfig("memory_limit")))
        result = PROCESS_CHECKS.result(page, markdown, limits, int(self.getConfig("jobs")))
        failures = list(result.all_failures)
        front_matter = front_matter_error(page.raw)
        if front_matter is not None:
            failures.insert(0, page_text_failure(page.path, front_matter))
        if failures:
            raise ExamplesFailed(failures)
        note = log.warning if self.getConfig("empty_cards") == "warn" else log.info
        every_system = systems()
        chapters = Chapters(page.docs_dir, page.root,
                            frozenset(system.name for system in every_system))
        placed = cards.place(markdown, result, slug(page.src_uri), {}, note,
                             chapters.tooltips(page.src_uri))
        for too_large in too_large_notes(result):
            log.info(too_large)
        uris = sorted(f.relative_to(page.docs_dir).as_posix()
                      for f in page.docs_dir.rglob("*.md"))
        placed = with_systems_table(placed, present(every_system, uris), page.src_uri)
        terms = chapters.page_terms(page.src_uri, page.raw)
        for problem in terms.problems:
            log.warning(problem)
        return placed + terms.abbreviations


def makeExtension(**kwargs: Any) -> ExamplesMarkdown:
    """``markdown_extensions: [site_plugins.examples.site.examples_markdown]``."""
    return ExamplesMarkdown(**kwargs)

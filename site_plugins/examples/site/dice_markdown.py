"""A Python-Markdown extension that marks the dice written in a page's prose ("2d6",
"1d10 + 4") for the browser to roll in place, through the same engine as the cards
(:mod:`~site_plugins.examples.cards.dice_notation`).

An inline pattern, so code spans, code blocks and the cards (placed as placeholders before
Markdown runs) are never touched; without JavaScript the mark is plain text. A Markdown
extension, not a MkDocs hook: a generator that loads Python-Markdown extensions but no MkDocs
plugin (Zensical) gets it too.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.util import AtomicString

from site_plugins.examples.cards.dice_notation import (
    DICE_NOTATION,
    DiceNotationError,
    expression_of,
)

#: After code spans (190), escapes and links, before emphasis: a pattern of text only.
PRIORITY = 65


class DiceNotation(InlineProcessor):
    """Each dice expression of the prose → ``<span class="rx-dice-notation"
    data-rx-dice="2d6 + 3">`` holding the text as written."""

    def handleMatch(self, m: re.Match[str], data: str
                    ) -> tuple[etree.Element | None, int | None, int | None]:
        try:
            expression = expression_of(m)
        except DiceNotationError:
            return None, None, None
        mark = etree.Element("span", {"class": "rx-dice-notation",
                                      "data-rx-dice": expression.text})
        mark.text = AtomicString(m.group(0))  # not read again by later patterns
        return mark, m.start(0), m.end(0)


class DiceMarkdown(Extension):
    """The extension: ``markdown.Markdown(extensions=[DiceMarkdown()])``."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.inlinePatterns.register(DiceNotation(DICE_NOTATION.pattern, md), "rx-dice",
                                   PRIORITY)


def makeExtension(**kwargs: object) -> DiceMarkdown:
    """``markdown_extensions: [site_plugins.examples.site.dice_markdown]`` in a config."""
    return DiceMarkdown(**kwargs)

"""A Python-Markdown extension that marks the dice written in a page's prose ("2d6",
"1d10 + 4", "1d4 × 10 years") for the browser to roll in place, through the same engine as
the cards (:mod:`~site_plugins.examples.cards.dice_notation`).

An inline pattern, so code spans, code blocks and the cards (placed as placeholders before
Markdown runs) are never touched, and neither is the text of a link or of a mark already
made; without JavaScript the mark is plain text. Only an expression read whole is marked
(:func:`~site_plugins.examples.cards.dice_notation.dice_at`): "2d6 + DV" stays text. One past
a limit (101 dice, a d1001) stays text too, and the build says so at INFO. A Markdown
extension, not a MkDocs hook: a generator that loads Python-Markdown extensions but no MkDocs
plugin (Zensical) gets it too.
"""

from __future__ import annotations

import logging
import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.util import HTML_PLACEHOLDER_RE, INLINE_PLACEHOLDER_RE, AtomicString

from site_plugins.examples.cards.dice_grammar import (
    DICE_NOTATION,
    DiceLimitError,
    DiceNotationError,
    dice_at,
)

#: After code spans (190), escapes and links, before emphasis: a pattern of text only.
PRIORITY = 65

#: The plugin's logger, named without importing MkDocs (this extension runs without it).
log = logging.getLogger("mkdocs.plugins.rules-examples")

#: A raw HTML tag of the inline text (each is stashed apart: ``<a href="…">``, ``</a>``).
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)([^>]*?)(/?)>")
#: Raw HTML elements whose text stays as it is: links, code, marks already made, and the
#: values bound to an example (the engine's text, rewritten after a reroll).
_KEPT = frozenset({"a", "code", "kbd", "samp", "button", "pre"})
_KEPT_CLASS = re.compile(r"\bclass=[\"'][^\"']*\brx-(?:dice-notation|bound)\b")


def inside_kept_html(md: Markdown, data: str, start: int) -> bool:
    """Whether ``start`` of the inline text ``data`` is inside an element written as raw
    HTML that keeps its text: a link, code, a mark already made (``<span
    class="rx-dice-notation">``) or a bound value (``<span class="rx-bound">``)."""
    stashed = getattr(md.treeprocessors["inline"], "stashed_nodes", {})
    open_tags: list[tuple[str, bool]] = []
    for node in INLINE_PLACEHOLDER_RE.finditer(data, 0, start):
        place = HTML_PLACEHOLDER_RE.fullmatch(str(stashed.get(node.group(1), "")))
        raw = md.htmlStash.rawHtmlBlocks[int(place.group(1))] if place else None
        tag = _TAG.match(raw) if isinstance(raw, str) else None
        if tag is None or tag.group(4):
            continue
        name = tag.group(2).lower()
        if tag.group(1):
            for i in range(len(open_tags) - 1, -1, -1):
                if open_tags[i][0] == name:
                    del open_tags[i:]
                    break
        else:
            open_tags.append((name, name in _KEPT or bool(_KEPT_CLASS.search(tag.group(3)))))
    return any(kept for _, kept in open_tags)


class DiceNotation(InlineProcessor):
    """Each dice expression of the prose → ``<span class="rx-dice-notation"
    data-rx-dice="2d6 + 3">`` holding the text as written; ``data-rx-dice`` is what a click
    rolls."""

    #: A link's text stays a link's.
    ANCESTOR_EXCLUDES = ("a",)

    def handleMatch(self, m: re.Match[str], data: str
                    ) -> tuple[etree.Element | None, int | None, int | None]:
        if inside_kept_html(self.md, data, m.start(0)):
            return None, None, None
        try:
            found = dice_at(data, m.start(0))
        except DiceLimitError as error:
            log.info("dice in the prose left as text: %s", error)
            return None, None, None
        except DiceNotationError:
            return None, None, None
        mark = etree.Element("span", {"class": "rx-dice-notation",
                                      "data-rx-dice": found.expression.text})
        mark.text = AtomicString(data[found.start:found.end])  # not read by later patterns
        return mark, found.start, found.end


class DiceMarkdown(Extension):
    """The extension: ``markdown.Markdown(extensions=[DiceMarkdown()])``."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.inlinePatterns.register(DiceNotation(DICE_NOTATION.pattern, md), "rx-dice",
                                   PRIORITY)


def makeExtension(**kwargs: object) -> DiceMarkdown:
    """``markdown_extensions: [site_plugins.examples.site.dice_markdown]`` in a config."""
    return DiceMarkdown(**kwargs)

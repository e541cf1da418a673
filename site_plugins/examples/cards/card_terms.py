"""A chapter's abbreviations in a card's reader view, with the tooltips its prose has.

Cards are drawn into a page after Python-Markdown's ``abbr`` pass, so the glossary's
``*[AD]: …`` lines never reach them: here each use of an abbreviation in a card's reader
text (``AD`` in "3 AD left") becomes ``<abbr title="Action Dice. …">AD</abbr>``, as it is in
the prose. Never in code, a link, a button or a fold's one-line summary, and never inside a
tag: only text. Unlike the prose's first use of a term, a card's terms take no keyboard focus:
a card's Reroll stays two Tab stops from its title (a card may use five terms before it), and
the same term's tooltip is a Tab away in the prose the card illustrates. A reroll's answer
marks a rerolled card's view the same way (:mod:`~site_plugins.examples.cards.reroll`), from
the terms the page's first card carries in its data.

Pure Python (no MkDocs).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from site_plugins.examples.cards.escape import escape_html as _e

#: Elements whose text never gets a tooltip: code, links, controls, a fold's summary.
_SKIPPED = frozenset({"code", "kbd", "a", "abbr", "button", "summary", "script", "style",
                      "svg"})
_TAG = re.compile(r"(<[^>]*>)")
_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")


def term_pattern(terms: Mapping[str, str]) -> re.Pattern[str] | None:
    """Any of ``terms`` as a whole word (the longest first), or ``None`` for none."""
    if not terms:
        return None
    names = "|".join(re.escape(name) for name in sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{names})(?!\w)")


def mark_terms(html: str, terms: Mapping[str, str]) -> str:
    """``html`` (a card's reader view, as the renderer draws it) with each use of a term of
    ``terms`` (abbreviation → tooltip) in its text an ``<abbr>``."""
    pattern = term_pattern(terms)
    if pattern is None or not pattern.search(html):
        return html
    skipped = 0

    def abbr(match: re.Match[str]) -> str:
        return f'<abbr title="{_e(terms[match.group()])}">{match.group()}</abbr>'

    out = []
    for chunk in _TAG.split(html):
        if chunk.startswith("<"):
            name = _NAME.match(chunk)
            tag = name.group(1).lower() if name else ""
            if tag in _SKIPPED and not chunk.endswith("/>"):
                skipped += -1 if chunk.startswith("</") else 1
            out.append(chunk)
        elif chunk and not skipped:
            out.append(pattern.sub(abbr, chunk))
        else:
            out.append(chunk)
    return "".join(out)

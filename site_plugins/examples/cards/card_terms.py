"""A chapter's abbreviations in a card's reader view, with the tooltips its prose has.

Cards are drawn into a page after Python-Markdown's ``abbr`` pass, so the glossary's
``*[AD]: …`` lines never reach them: here each use of an abbreviation in a card's reader
text (``AD`` in "3 AD left") becomes ``<abbr tabindex="0" title="Action Dice. …">AD</abbr>``
as it is in the prose, the first use in each part of the card that shows at once (the card,
each folded part) taking the keyboard's focus so a keyboard reaches its tooltip. Never in
code, a link, a button or a fold's one-line summary, and never inside a tag: only text.
``tabindex`` comes first so that Material's tooltip, which takes the title away while it
shows and puts it back after, leaves the element as it was drawn. The page marks a rerolled
card's view the same way (``card-terms.js``), from the terms the page's first card carries.

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
    ``terms`` (abbreviation → tooltip) in its text an ``<abbr>``, the first use of each in
    each part that shows at once focusable."""
    pattern = term_pattern(terms)
    if pattern is None or not pattern.search(html):
        return html
    skipped = 0
    seen: list[set[str]] = [set()]  # one set per open fold, the card's own at the bottom

    def abbr(match: re.Match[str]) -> str:
        name = match.group()
        focus = "" if name in seen[-1] else ' tabindex="0"'
        seen[-1].add(name)
        return f'<abbr{focus} title="{_e(terms[name])}">{name}</abbr>'

    out = []
    for chunk in _TAG.split(html):
        if chunk.startswith("<"):
            name = _NAME.match(chunk)
            tag = name.group(1).lower() if name else ""
            closing = chunk.startswith("</")
            if tag in _SKIPPED and not chunk.endswith("/>"):
                skipped += -1 if closing else 1
            elif tag == "details" and not closing:
                seen.append(set())
            elif tag == "details" and len(seen) > 1:
                seen.pop()
            out.append(chunk)
        elif chunk and not skipped:
            out.append(pattern.sub(abbr, chunk))
        else:
            out.append(chunk)
    return "".join(out)

"""Text made safe to put into HTML, as the standard library's ``html.escape`` makes it.

Our own, because ``import html`` also loads ``html.entities`` (a 97 KB table of named
characters that escaping never reads), which the browser would otherwise download before a
reader's first reroll.
"""

from __future__ import annotations

#: Each character that means something in HTML and what stands for it, ``&`` first.
_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def escape_html(value: object) -> str:
    """``str(value)`` with ``& < > " '`` replaced by their references: fit for an element's
    text and for an attribute's value in either quotes (``html.escape(text, quote=True)``)."""
    text = str(value)
    for char, reference in _ESCAPES:
        text = text.replace(char, reference)
    return text

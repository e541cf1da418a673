"""A narrated paragraph's marker, and the near misses of it that Markdown would publish.

A paragraph is marked on the line right after it, the marker alone on its line, with no
blank line between::

    The guard goes down, and the keep is quiet again.
    {: narrates }

``{: narrates }``, ``{: narrates="card-id" }`` and ``{: about="card-id" }`` are the markers.
Markdown's attribute lists read nearly the same braces as something else: ``{ : narrates }``
and ``{: narate }`` would become attributes of the paragraph (``<p : narrates>``,
``<p narate>``), and a marker written at the end of the paragraph's last line would be
published as text. Each such near miss is an error at its line (:func:`near_markers`), never
guessed at, as a misspelt example kind is. No MkDocs here.
"""

from __future__ import annotations

import re

from site_plugins.examples.language.spelling import edit_distance

#: A paragraph's marker, alone on the line after it: ``{: narrates }``,
#: ``{: narrates="id" }`` or ``{: about="id" }``.
MARKER = re.compile(r"^(?P<indent>[ \t]*)\{:[ \t]*(?P<kind>narrates|about)[ \t]*"
                    r"(?:=[ \t]*(?:\"(?P<quoted>[^\"]*)\"|(?P<bare>[^\s}\"]+))[ \t]*)?\}[ \t]*$")
#: Braces that open as a marker does: ``{``, maybe ``:``, and a word (closed or not).
_BRACES = re.compile(r"\{[ \t]*:?[ \t]*(?P<word>[A-Za-z][\w-]*)[^{}\n]*\}?")
#: The markers' words, each with the edits within which a word is taken for it.
_WORDS = {"narrates": 2, "about": 1}
#: How the markers are written, as the messages say it.
WRITTEN = '{: narrates }, {: narrates="card-id" } or {: about="card-id" }'


def marker_word(word: str) -> bool:
    """Whether ``word``, after a brace, is a marker's word or a misspelling of one
    (``narrates``, ``Narrates``, ``narate``, ``narrated``, ``abuot``)."""
    lowered = word.lower()
    return lowered.startswith("narr") or any(
        edit_distance(lowered, wanted) <= edits for wanted, edits in _WORDS.items())


def near_markers(lines: list[str]) -> list[tuple[int, str]]:
    """Each near miss of a marker in ``lines`` (prose, with code and bound values blanked
    out): its 0-based line and what to write instead."""
    found = []
    for number, line in enumerate(lines):
        if MARKER.match(line):
            continue
        for braces in _BRACES.finditer(line):
            if not marker_word(braces["word"]):
                continue
            written = braces.group().strip()
            if line.strip() != written:
                found.append((number, f"{written!r} shares its line with text, so it would be "
                              "published as text: a paragraph's marker stands alone on the "
                              "line right after the paragraph's last line"))
            else:
                found.append((number, f"cannot read {written!r}: mark a paragraph with "
                              f"{WRITTEN} (a brace, a colon, the word), alone on the line "
                              "right after it"))
    return found

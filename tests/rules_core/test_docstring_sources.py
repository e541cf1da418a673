"""The engine's docstrings cite the published rules, never our internal material.

The docstrings are the site's engine reference (mkdocstrings), and its readers have the books
but not the source texts as we received them ("seed 003"), nor the research notes on them
(``mechanics.md``, its source keys such as [G1] and its sections). A docstring names a rule's
source by book and section, as the chapters do (Scion 2nd Edition, "Cover"), or says "our
reading" where the text is our choice. This test reads every module of ``rules_core`` with
``ast``: every string-literal statement, so module, class, function and attribute docstrings.
The random generator's argument is written ``seed`` (in backticks), which the check allows.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import rules_core

PACKAGE = Path(rules_core.__file__).parent

#: What internal material looks like in a docstring, with why it is not for readers.
INTERNAL = {
    r"(?<![`\w])seeds?(?![`\w=])(?! the global)": "a source text as we received it",
    r"mechanics[ -]notes|\bthe notes\b|\bnotes['’]|\bnotes,? [SCGV]\d": "the mechanics notes",
    r"\b(?:mechanics|anchors|platform)\.md\b|\bshared/|\b0\d\d_[0-9a-f]{8,}": "an internal file",
    r"\[[SCGV]\d(?:\s*,\s*[SCGV]\d)*\]": "a source key of the mechanics notes",
    r"\bfan summary\b|\brecommended (?:default|reading)s?\b": "the mechanics notes' advice",
    r"\bopen questions\b|\binconsistencies found\b": "a section of the mechanics notes",
}
PATTERN = re.compile("|".join(f"(?:{p})" for p in INTERNAL), re.IGNORECASE)


def docstrings(path: Path) -> list[tuple[int, str]]:
    """Every string-literal statement of a module (its docstrings), with its first line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [(node.lineno, node.value.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)]


def internal_citations(path: Path) -> list[str]:
    """``file:line: text`` for each docstring line of ``path`` that cites internal material."""
    found = []
    for first, text in docstrings(path):
        for offset, line in enumerate(text.splitlines()):
            if (match := PATTERN.search(line)) is None:
                continue
            why = next(why for pattern, why in INTERNAL.items()
                       if re.search(pattern, match.group(), re.IGNORECASE))
            where = path.relative_to(PACKAGE.parent)
            found.append(f"{where}:{first + offset}: {match.group()!r} ({why}): {line.strip()}")
    return found


def test_the_check_sees_what_it_should() -> None:
    """The patterns catch the citations they are for and leave the dice's ``seed`` alone."""
    cited = ('seed "Combat Actions"', "mechanics notes, seed 003", "the seed says so",
             "(mechanics notes S2)", "SIFRP core [G1, G3]", "the mechanics notes' reading",
             "see mechanics.md", "the fan summary's default", "the seed's table")
    assert all(PATTERN.search(text) for text in cited)
    fine = ("The same ``seed`` rolls the same faces", "Nothing here reads or seeds the global",
            "faces from its own seedable ``random.Random``", "a card's notes (``rabble``)",
            'Scion 2nd Edition, "Cover" (our reading of what it leaves open)')
    assert not any(PATTERN.search(text) for text in fine)


def test_docstrings_cite_books_not_internal_material() -> None:
    """No docstring of the engine mentions seeds, the mechanics notes or their files."""
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50  # the walk found the engine
    found = [hit for path in modules for hit in internal_citations(path)]
    assert not found, ("docstrings cite internal material; name the book and section, or say "
                       "'our reading':\n" + "\n".join(found))

"""An example's code view: its statements as a Python session, with what each one printed.

The reader view comes first on a card; this is what sits behind its "Show the code" toggle.
It shows the faces the dice actually showed: after a reroll, each ``rolled("…")`` carries the
new faces, so the code never contradicts the card. Names the example imported from the
engine link to their entry in the engine reference (``links``: name → URL).

Pure Python (no MkDocs): the browser draws the code of a rerolled card with it too.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator, Mapping

from rules_core.dice import format_faces
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.language.session import ExampleRun, StepRun

#: A ``rolled(...)`` call with its faces as one string literal (or none): its faces can be
#: written back into the code.
_ROLLED = re.compile(r"""\brolled\(\s*(?:(?P<q>["'])(?P<faces>[^"'\\\n]*)(?P=q))?\s*\)""")


def render_code(run: ExampleRun, setup: str = "",
                links: Mapping[str, str] | None = None) -> str:
    """The example as a session: ``>>>`` statements (the page's ``setup`` first, where it
    has one) and their output. The copy button copies the code alone (``data-copy``)."""
    sources = faced_sources(run)
    links = links or {}
    shown: list[str] = []
    plain: list[str] = []
    if setup:
        shown.append('<span class="rx-setup-label"># Setup for this page (its front matter), '
                     "run before its first example</span>\n" + _prompted(setup, links)
                     + '\n<span class="rx-setup-label"># The example</span>')
        plain.append(setup)
    for step, source in zip(run.steps, sources, strict=True):
        shown.append(_prompted(source, links) + _output(step))
        plain.append(source)
    return (f'<pre class="rx-code" data-copy="{_e(chr(10).join(plain))}"><code>'
            f'{chr(10).join(shown)}</code></pre>')


def faced_sources(run: ExampleRun) -> list[str]:
    """Each step's source, with the faces the dice showed in its ``rolled(...)`` calls.

    Written faces are kept as written (the documented roll). Other faces (a reroll, a
    replay) replace them, call by call, when the example's ``rolled(...)`` calls can be
    paired with its rolls one to one; otherwise (a ``rolled`` in a loop) a comment after
    the last statement lists every roll.
    """
    sources = [step.step.source for step in run.steps]
    if run.mode.kind == "scripted":
        return sources
    calls = sum(len(_ROLLED.findall(source)) for source in sources)
    if calls != len(run.rolls):
        if sources and run.rolls:
            every = " | ".join(format_faces(roll) for roll in run.rolls)
            sources[-1] += f"\n# the dice showed: {every}"
        return sources
    rolls = iter(run.rolls)

    def faces(match: re.Match[str]) -> str:
        shown = next(rolls)
        return f'rolled("{format_faces(shown)}")' if shown else "rolled()"

    return [_ROLLED.sub(faces, source) for source in sources]


def statement_words(source: str) -> str:
    """The comment an author wrote after a statement's last line, which gives its value
    words on the card (``>>> scene.ad_left(tam)  # AD left`` → ``AD left``); "" if none."""
    last_line = source.rstrip("\n").count("\n") + 1
    comment = ""
    try:
        for token in _tokens(source):
            if token.type == tokenize.COMMENT and token.start[0] == last_line:
                comment = token.string.lstrip("#").strip()
    except (tokenize.TokenError, SyntaxError):
        return ""
    return comment


def _output(step: StepRun) -> str:
    text = (step.code_error or step.output).rstrip("\n")
    if not text:
        return ""
    css = "rx-output rx-refused" if step.rules_error or step.code_error else "rx-output"
    return f'\n<span class="{css}">{_e(text)}</span>'


def _prompted(source: str, links: Mapping[str, str]) -> str:
    """Source with the prompts a Python session shows (``>>>`` where a statement starts,
    ``...`` on the lines that continue it) and linked names."""
    prompt = '<span class="rx-prompt" aria-hidden="true">{}</span>'
    lines = _linked(source, links).split("\n")
    starts = _statement_starts(source)
    return "\n".join(prompt.format("&gt;&gt;&gt; " if i + 1 in starts else "... ") + line
                     for i, line in enumerate(lines))


def _statement_starts(source: str) -> set[int]:
    """The lines (1-based) on which a statement starts: every line outside brackets that
    is not indented, as a session types them (the first line always)."""
    starts, depth = {1}, 0
    for number, line in enumerate(source.split("\n"), 1):
        if depth == 0 and line[:1] not in (" ", "\t", "") and number > 1:
            starts.add(number)
        depth = max(depth + sum(line.count(c) for c in "([{")
                    - sum(line.count(c) for c in ")]}"), 0)
    return starts


def _linked(source: str, links: Mapping[str, str]) -> str:
    """Escaped source whose names in ``links`` link to their reference entries."""
    if not links:
        return _e(source)
    offsets = _line_offsets(source)
    out, at = [], 0
    try:
        tokens = list(_tokens(source))
    except (tokenize.TokenError, SyntaxError):
        return _e(source)
    for token in tokens:
        if token.type != tokenize.NAME or token.string not in links:
            continue
        start = offsets[token.start[0] - 1] + token.start[1]
        end = start + len(token.string)
        out.append(_e(source[at:start]))
        out.append(f'<a class="rx-ref" href="{_e(links[token.string])}">{_e(token.string)}</a>')
        at = end
    out.append(_e(source[at:]))
    return "".join(out)


def _line_offsets(source: str) -> list[int]:
    offsets, total = [], 0
    for line in source.split("\n"):
        offsets.append(total)
        total += len(line) + 1
    return offsets


def _tokens(source: str) -> Iterator[tokenize.TokenInfo]:
    return tokenize.generate_tokens(io.StringIO(source).readline)

"""Example runs → HTML cards that read well with JavaScript off.

Pure Python with no MkDocs imports: the build draws the documented roll with it, and the
browser draws rerolls with the same function under Pyodide. Every value from a page or a
result is escaped; dice marks are drawn with glyphs and words as well as colour.
"""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Iterable, Sequence

from rules_core.explain import DieView, Explanation, RollView, TableView
from rules_core.odds_text import describe
from rules_core.question import Question
from site_plugins.examples.session import ExampleRun, StepRun

#: Pip positions on a 3×3 grid (0–8) for each face of a d6.
_PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
         6: (0, 2, 3, 5, 6, 8)}


def render_body(run: ExampleRun) -> str:
    """The inside of a card: each step with its code, its results and its output."""
    return "".join(render_step(step) for step in run.steps)


def render_step(step: StepRun) -> str:
    """One ``>>>`` step."""
    code = _prompted(step.step.source)
    parts = [f'<pre class="rx-code"><code>{code}</code></pre>']
    parts.extend(render_explanation(view) for view in step.views)
    output = step.code_error or step.output.rstrip("\n")
    if output:
        css = "rx-out rx-refused" if step.rules_error or step.code_error or step.skipped else (
            "rx-out")
        label = "Refused: " if step.rules_error else ""
        parts.append(f'<pre class="{css}"><samp>{_e(label)}{_e(output)}</samp></pre>')
    return f'<div class="rx-step">{"".join(parts)}</div>'


def render_explanation(view: Explanation) -> str:
    """A result: title and verdict, pool, dice, outcome lines, odds, tables."""
    tone = view.outcome.tone
    head = f'<span class="rx-result-title">{_e(view.title)}</span>'
    if tone:
        head += f' <span class="rx-verdict rx-{tone}">{_e(view.outcome.label)}</span>'
    parts = [f'<p class="rx-result-head">{head}</p>']
    if view.pool:
        parts.append(f'<p class="rx-pool"><span class="rx-key">Pool</span> {_e(view.pool)}</p>')
    parts.extend(render_roll(roll) for roll in view.rolls)
    lines = [line for line in view.lines if line]
    if lines:
        parts.append('<ul class="rx-lines">' + "".join(f"<li>{_e(x)}</li>" for x in lines)
                     + "</ul>")
    parts.append(render_odds(view.odds))
    parts.extend(render_table(table) for table in view.tables)
    if any(die.marks for roll in view.rolls for die in roll.dice):
        parts.append(_legend(view.rolls))
    css = f"rx-result rx-{tone}" if tone else "rx-result"
    return f'<section class="{css}" aria-label="{_e(view.title)}">{"".join(parts)}</section>'


def render_roll(roll: RollView) -> str:
    """A set of dice, each drawn as a face with its marks."""
    dice = "".join(render_die(die) for die in roll.dice) or '<li class="rx-none">no dice</li>'
    return (f'<div class="rx-roll"><p class="rx-roll-label">{_e(roll.label)}</p>'
            f'<ul class="rx-dice" aria-label="{_e(roll.label)}">{dice}</ul></div>')


def render_odds(questions: tuple[Question, ...]) -> str:
    """The exact odds of the result's rolls, one line per distinct question."""
    lines = [_odds_line(q) for q in dict.fromkeys(questions)]
    if not lines:
        return ""
    items = "".join(f"<li>{_e(line)}</li>" for line in lines)
    return f'<ul class="rx-odds" aria-label="Odds">{items}</ul>'


@functools.lru_cache(maxsize=2048)
def render_die(die: DieView) -> str:
    """One die: a drawn face, a glyph per mark, and its meaning in words."""
    tones = dict.fromkeys(f"rx-tone-{mark.tone}" for mark in die.marks)
    css = " ".join(["rx-die", *tones])
    glyphs = "".join(mark.glyph for mark in die.marks)
    badge = f'<span class="rx-marks" aria-hidden="true">{glyphs}</span>' if glyphs else ""
    names = " ".join(mark.name.replace(" ", "-") for mark in die.marks)
    return (f'<li class="{css}" data-face="{die.face}" data-marks="{_e(names)}" '
            f'aria-label="{_e(die.describe())}" '
            f'title="{_e(die.describe())}">{_face_svg(die.face, die.sides)}{badge}</li>')


def render_table(table: TableView) -> str:
    """A small table with a caption."""
    head = "".join(f'<th scope="col">{_e(cell)}</th>' for cell in table.header)
    rows = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>"
                   for row in table.rows)
    return (f'<table class="rx-table"><caption>{_e(table.caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def render_card(run: ExampleRun, card_id: str, session_id: str, index: int,
                failures: Iterable[str] = (), setup: str = "") -> str:
    """A whole card: caption, body, failure notes, and the data a reroll needs.

    ``setup`` is the page's setup (its front matter's ``examples_setup``), shown on the
    page's first card so a reader sees where the examples' names come from.

    The example's steps and documented faces travel in the ``data-rx-example`` attribute
    (escaped JSON), not in a ``<script>`` element, which Material's instant navigation
    would try to run.
    """
    example = run.example
    title = example.title or ("Check" if example.kind == "check" else "Worked example")
    failed = list(failures)
    state = "failed" if failed else "verified"
    badge = ('<span class="rx-badge rx-badge-failed">✗ does not verify</span>' if failed else
             '<span class="rx-badge" title="Checked against the rules engine when the site '
             'was built">✓ verified</span>')
    alert = "".join(f'<pre class="rx-failure" role="alert">{_e(text)}</pre>' for text in failed)
    data = _e(json.dumps(card_data(run, session_id, index, setup), ensure_ascii=True))
    kind = "rx-check" if example.kind == "check" else "rx-card"
    rerollable = "true" if run.rerollable else "false"
    return (
        f'<figure class="{kind}" id="{_e(card_id)}" data-rx-session="{_e(session_id)}" '
        f'data-rx-index="{index}" data-rx-state="{state}" data-rx-example="{data}" '
        f'data-rx-rerollable="{rerollable}">'
        f'<figcaption class="rx-caption"><span class="rx-title">{_e(title)}</span> {badge}'
        "</figcaption>"
        f"{alert}"
        f"{render_setup(setup)}"
        f'<div class="rx-body">{render_body(run)}</div>'
        '<div class="rx-controls"></div>'
        '<p class="rx-status" role="status" aria-live="polite"></p>'
        "</figure>"
    )


def page_card_data(runs: Sequence[ExampleRun], session_id: str,
                   setup: str = "") -> list[dict[str, object]]:
    """Every card of a page as the page sends them to a reroll; the first carries the setup."""
    return [card_data(run, session_id, index, setup if index == 0 else "")
            for index, run in enumerate(runs)]


def render_setup(setup: str) -> str:
    """The page's setup, as the first card shows it (nothing when there is none)."""
    if not setup:
        return ""
    return ('<div class="rx-setup"><p class="rx-setup-label"><span class="rx-key">Setup for '
            'this page</span> (run before its first example)</p>'
            f'<pre class="rx-code"><code>{_setup_prompted(setup)}</code></pre></div>')


def card_data(run: ExampleRun, session_id: str, index: int,
              setup: str = "") -> dict[str, object]:
    """What a reroll needs to run the card's example again (sent back by the page); the
    first card also carries the page's setup."""
    example = run.example
    extra: dict[str, object] = {"setup": setup} if setup else {}
    return {
        "session": session_id,
        "index": index,
        "kind": example.kind,
        "line": example.line,
        "steps": [{"line": s.line, "source": s.source, "expected": s.expected}
                  for s in example.steps],
        "rolls": [list(r) for r in run.rolls],
        **extra,
    }


#: Odds lines worked out in this process, by question.
ODDS_LINES: dict[Question, str] = {}
#: Odds lines a build loaded from its cache, by their question's ``repr`` (which names every
#: part of the question), so that unchanged odds cost nothing; empty in the browser.
KNOWN_ODDS_LINES: dict[str, str] = {}


def _odds_line(question: Question) -> str:
    line = ODDS_LINES.get(question)
    if line is None:
        known = KNOWN_ODDS_LINES.get(repr(question)) if KNOWN_ODDS_LINES else None
        line = ODDS_LINES[question] = known if known is not None else describe(question)
    return line


@functools.lru_cache(maxsize=256)
def _face_svg(face: int, sides: int) -> str:
    return _face(DieView(face, sides))


def _face(die: DieView) -> str:
    if die.sides != 6 or die.face not in _PIPS:
        return f'<span class="rx-face rx-number" aria-hidden="true">{die.face}</span>'
    pips = "".join(  # pips kept clear of the border, which a mark may thicken or dash
        f'<circle cx="{6 + 6 * (p % 3)}" cy="{6 + 6 * (p // 3)}" r="2"/>' for p in _PIPS[die.face]
    )
    return (f'<svg class="rx-face" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<rect x="0.75" y="0.75" width="22.5" height="22.5" rx="4"/>{pips}</svg>')


def _legend(rolls: tuple[RollView, ...]) -> str:
    """The marks used, in the order a reader meets them along the dice."""
    used = dict.fromkeys(mark for roll in rolls for die in roll.dice for mark in die.marks)
    items = "".join(f"<li>{_e(mark.glyph)} {_e(mark.legend)}</li>" for mark in used)
    return f'<ul class="rx-legend" aria-label="Key to the marks">{items}</ul>' if items else ""


@functools.lru_cache(maxsize=1024)
def _prompted(source: str) -> str:
    first, *rest = source.split("\n")
    prompt = '<span class="rx-prompt" aria-hidden="true">{}</span>'
    out = [prompt.format("&gt;&gt;&gt; ") + _e(first)]
    out.extend(prompt.format("... ") + _e(line) for line in rest)
    return "\n".join(out)


def _setup_prompted(source: str) -> str:
    """Setup code with the prompts a Python session would show: ``>>>`` where a statement
    starts, ``...`` on a line that continues one (indented, or inside brackets)."""
    prompt = '<span class="rx-prompt" aria-hidden="true">{}</span>'
    out, depth = [], 0
    for line in source.split("\n"):
        starts = depth == 0 and not line[:1].isspace()
        out.append(prompt.format("&gt;&gt;&gt; " if starts else "... ") + _e(line))
        depth = max(depth + sum(line.count(c) for c in "([{") - sum(line.count(c) for c in ")]}"),
                    0)
    return "\n".join(out)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)

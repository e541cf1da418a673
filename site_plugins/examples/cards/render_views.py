"""What the engine says about a result → HTML: a result's panel, its dice, odds and tables,
and a character's stat line.

Pure Python with no MkDocs imports: the build draws the documented rolls with it, and the
browser draws rerolls and the roller's rolls with the same functions under Pyodide. Every
value from a page or a result is escaped; dice marks are drawn with glyphs and words as
well as colour.

A panel reads as a rules example at the table does: who rolls what, the dice, the verdict,
the explanation, the odds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from rules_core.explain import DieView, Explanation, RollView, StatLine, TableView
from rules_core.question import Question, merged
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.odds_lines import ODDS_LINES

#: What an odds line says until the odds are worked out (the browser loads them after the
#: card's first result).
ODDS_PENDING = "Odds on their way…"

#: Pip positions on a 3×3 grid (0–8) for each face of a d6.
_PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
         6: (0, 2, 3, 5, 6, 8)}


def render_explanation(view: Explanation, odds_folded: bool = False) -> str:
    """A result: title, who rolls what, dice, verdict, what it means, odds, tables, key.
    ``odds_folded``: its odds folded to one line on a phone (a card still too tall for one
    once all else folded: ``card_folds``), open on a wider screen (``examples.css``)."""
    tone = view.outcome.tone
    parts = [f'<p class="rx-result-head"><span class="rx-result-title">{_e(view.title)}'
             "</span></p>"]
    if view.pool and not any(view.pool in roll.label for roll in view.rolls):
        parts.append(f'<p class="rx-pool"><span class="rx-key">Pool</span> {_e(view.pool)}</p>')
    if view.rolls:  # side by side where they fit: four one-die initiative rolls take a line
        parts.append('<div class="rx-rolls">' + "".join(render_roll(r) for r in view.rolls)
                     + "</div>")
    if tone:
        parts.append(f'<p class="rx-verdict-line"><span class="rx-verdict rx-{tone}">'
                     f"{_e(view.outcome.label)}</span></p>")
    lines = [line for line in view.lines if line]
    if lines:
        parts.append('<ul class="rx-lines">' + "".join(f"<li>{_e(x)}</li>" for x in lines)
                     + "</ul>")
    odds = render_odds(view.odds)
    if odds and odds_folded:
        odds = ('<details class="rx-fold rx-fold-narrow rx-odds-fold"><summary>'
                '<span class="rx-fold-title">Odds</span></summary>' + odds + "</details>")
    parts.append(odds)
    parts.extend(render_table(table, view.title) for table in view.tables)
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
    """The exact odds of the result's rolls, one line per distinct question; where the odds
    cannot be worked out yet (the browser loads them after the first result), as many lines
    saying they are on their way, in a list that a screen reader hears politely when the
    odds replace them (cards.js)."""
    asked = list(merged(questions))  # one line per question, its events joined
    if not asked:
        return ""
    if not ODDS_LINES.ready():
        ODDS_LINES.waited += len(asked)
        items = f"<li>{_e(ODDS_PENDING)}</li>" * len(asked)
        return (f'<ul class="rx-odds rx-odds-pending" aria-label="Odds" aria-live="polite">'
                f"{items}</ul>")
    items = "".join(f"<li>{_e(ODDS_LINES.line(q))}</li>" for q in asked)
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


LONG_TABLE_ROWS = 14
"""A table of more rows scrolls within its card (its heading row kept in view), so the card
fits a screen; it is a named region the keyboard can scroll."""


def render_table(table: TableView, title: str = "") -> str:
    """A small table with a caption; a caption that repeats the result's ``title`` is kept
    for screen readers only. A table without rows (nothing played yet) draws nothing.

    Each cell carries its column's heading (``data-label``): on a phone a table of four
    columns or more reflows into one block per row, each cell led by its heading, so every
    column reads without scrolling sideways (``examples.css``)."""
    if not table.rows:
        return ""
    head = "".join(f'<th scope="col">{_e(cell)}</th>' for cell in table.header)
    labels = [_e(cell) for cell in table.header]
    rows = "".join(
        "<tr>" + "".join(f'<td data-label="{labels[k] if k < len(labels) else ""}">{_e(c)}</td>'
                         for k, c in enumerate(row)) + "</tr>"
        for row in table.rows)
    hidden = ' class="rx-visually-hidden"' if table.caption == title else ""
    if len(table.rows) > LONG_TABLE_ROWS:  # scrolls within the card: a region for the keys
        wrap = (f'<div class="rx-table-wrap rx-table-long" tabindex="0" role="region" '
                f'aria-label="{_e(table.caption)}">')
    else:
        wrap = '<div class="rx-table-wrap">'
    return (f'{wrap}<table class="rx-table">'
            f"<caption{hidden}>{_e(table.caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")


def render_stat_lines(lines: Iterable[StatLine]) -> str:
    """Characters as compact lines: the name, then each number with its label."""
    items = "".join(_stat_line(line) for line in lines)
    return f'<ul class="rx-stats" aria-label="Characters">{items}</ul>' if items else ""


def _stat_line(line: StatLine) -> str:
    stats = "".join(f'<span class="rx-stat"><span class="rx-stat-label">{_e(label)}</span> '
                    f"{_e(value)}</span>" for label, value in line.stats)
    notes = "".join(f'<span class="rx-stat rx-stat-note">{_e(note)}</span>'
                    for note in line.notes)
    return f'<li><span class="rx-stat-name">{_e(line.name)}</span>{stats}{notes}</li>'


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

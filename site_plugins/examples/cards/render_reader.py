"""An example's reader view: what happens at the table, before any code.

A card leads with the characters an example sets up (one stat line each; the page's first
card also shows those its front-matter setup makes), then each result the engine explains
(who rolls what, the dice, the verdict, the explanation, the odds), what the example
printed, and the moves the rules refused. A value already shown by a panel is not drawn
again (the same object, unchanged, shown by a later statement); consecutive rounds of a
play loop (results with the same title, no dice, and tables of the same columns) fold into
one table. Plain values (a tuple, a number, a flag) are the code view's, unless the author
gave them words with a comment after the statement (``>>> scene.ad_left(tam)  # AD
left``), which the reader view then shows as ``AD left 4``.

Pure Python (no MkDocs): the browser draws rerolled cards with it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules_core.explain import Explanation, StatLine, TableView
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.render_code import statement_words
from site_plugins.examples.cards.render_views import render_explanation, render_stat_lines
from site_plugins.examples.language.session import ExampleRun, StepRun


@dataclass(frozen=True)
class Said:
    """A value the author gave words: ``(label, value)`` pairs, or one label for all."""

    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Note:
    """Words a step printed, or a move the rules refused (``refused``)."""

    text: str
    refused: bool = False


Item = StatLine | Explanation | Said | Note


def reader_items(run: ExampleRun) -> list[Item]:
    """What the reader view shows, in order, with play-loop rounds folded (a result a step
    shows again is drawn once: the session explains each object once per example)."""
    items: list[Item] = [*run.cast]
    for step in run.steps:
        for item in _step_items(step):
            if not (isinstance(item, Note) and items and items[-1] == item):
                items.append(item)  # the same note twice running (two steps not played) once
    return _folded(items)


def render_reader(run: ExampleRun) -> str:
    """The reader view's HTML (empty when the example shows a reader nothing).

    Each odds question is answered once a card. A card whose results would run taller than
    one screen folds earlier results (those without dice first) into one line each (their
    title and verdict, opened with a click), until the rest fits (:data:`FOLD_BUDGET`); its
    last result always shows whole."""
    items = reader_items(run)
    folded = _to_fold(items)
    items = _odds_once(items, folded)
    parts: list[str] = []
    stats: list[StatLine] = []
    for index, item in enumerate(items):
        if isinstance(item, StatLine):
            stats.append(item)
            continue
        if stats:
            parts.append(render_stat_lines(stats))
            stats = []
        drawn = _render_item(item)
        if index in folded and isinstance(item, Explanation):
            drawn = _folded_result(item, drawn)
        parts.append(drawn)
    if stats:
        parts.append(render_stat_lines(stats))
    return "".join(parts)


def _odds_once(items: list[Item], folded: set[int]) -> list[Item]:
    """Each odds question answered once a card: a later result that asks again what an open
    result above it answered (the same roll under another reading) leaves it out. A folded
    result keeps its odds, and what it answers is answered again where a reader sees it."""
    asked: set[object] = set()
    out: list[Item] = []
    for index, item in enumerate(items):
        if isinstance(item, Explanation) and item.odds and index not in folded:
            fresh = tuple(q for q in dict.fromkeys(item.odds) if q not in asked)
            asked.update(fresh)
            item = replace(item, odds=fresh) if fresh != item.odds else item
        out.append(item)
    return out


FOLD_BUDGET = 800
"""How tall, in CSS pixels at desktop width, a card's reader view may run before its earlier
results fold: with its caption and controls, a card then fits a 900 px screen."""

#: Estimated heights (px at desktop width) of the parts of a result, and characters a line
#: of text holds in a card.
_HEIGHTS = {"panel": 34, "head": 26, "pool": 26, "roll": 64, "verdict": 38, "line": 24,
            "table": 30, "row": 24, "legend": 24, "stats": 26, "note": 26, "folded": 44}
_LINE_CHARS = 84


def estimated_height(item: Item) -> int:
    """Roughly how tall ``item`` draws at desktop width: enough to tell a card that fits a
    screen from one that does not (the browser is never asked)."""
    h = _HEIGHTS
    if isinstance(item, StatLine):
        return h["stats"]
    if isinstance(item, (Said, Note)):
        text = item.text if isinstance(item, Note) else " ".join(v for _, v in item.pairs)
        return h["note"] * sum(_wrapped(line) for line in text.splitlines() or [""])
    height = h["panel"] + h["head"] + (h["pool"] if item.pool else 0)
    height += h["roll"] * len(item.rolls) + (h["verdict"] if item.outcome.tone else 0)
    height += h["line"] * sum(_wrapped(line) for line in item.lines if line)
    height += h["line"] * len(dict.fromkeys(item.odds)) * 2
    height += sum(h["table"] + h["row"] * (len(t.rows) + 1) for t in item.tables if t.rows)
    return height + (h["legend"] if item.rolls else 0)


def _wrapped(line: str) -> int:
    return max(1, -(-len(line) // _LINE_CHARS))


def _to_fold(items: list[Item]) -> set[int]:
    """The indexes of the results to fold, never the last result, until the estimated height
    is within :data:`FOLD_BUDGET`: first those that roll nothing (the state of a fight, a
    turn's room left), earliest first, then those that roll, earliest first; the dice are
    what a card is about."""
    results = [i for i, item in enumerate(items) if isinstance(item, Explanation)]
    heights = [estimated_height(item) for item in items]
    total, folded = sum(heights), set()
    order = sorted(results[:-1], key=lambda i: (bool(_rolls(items[i])), i))
    for index in order:
        if total <= FOLD_BUDGET:
            break
        folded.add(index)
        total -= heights[index] - _HEIGHTS["folded"]
    return folded


def _rolls(item: Item) -> bool:
    return isinstance(item, Explanation) and bool(item.rolls)


def _folded_result(view: Explanation, drawn: str) -> str:
    """A result folded to one line: its title and verdict; the whole result when opened."""
    verdict = (f' <span class="rx-verdict rx-fold-verdict rx-{view.outcome.tone}">'
               f"{_e(view.outcome.label)}</span>" if view.outcome.tone else "")
    return (f'<details class="rx-fold"><summary><span class="rx-fold-title">{_e(view.title)}'
            f"</span>{verdict}</summary>{drawn}</details>")


def _render_item(item: Explanation | Said | Note) -> str:
    if isinstance(item, Explanation):
        return render_explanation(item)
    if isinstance(item, Said):
        pairs = " · ".join(f'<span class="rx-key">{_e(label)}:</span> {_e(value)}'
                           for label, value in item.pairs)
        return f'<p class="rx-said">{pairs}</p>'
    if item.refused:
        return ('<p class="rx-note rx-refused"><span class="rx-key">Refused</span> '
                f"{_e(item.text)}</p>")
    return f'<pre class="rx-note rx-printed"><samp>{_e(item.text)}</samp></pre>'


def _step_items(step: StepRun) -> list[Item]:
    if step.code_error:
        return []
    items: list[Item] = [*step.stats, *step.views]
    printed = _printed(step)
    if printed:
        items.append(Note(printed))
    if step.rules_error:
        items.append(Note(_refusal_words(step.refusal), refused=True))
    elif step.skipped:
        items.append(Note(step.output.strip(), refused=True))
    elif step.shown and not step.views:
        said = _said(statement_words(step.step.source), step.shown_words)
        if said is not None:
            items.append(said)
    return items


def _printed(step: StepRun) -> str:
    """What the step printed itself: its output without the value it shows or its
    refusal."""
    text = step.output
    for tail in (step.refusal, step.shown):
        if tail and text.rstrip("\n").endswith(tail):
            text = text.rstrip("\n")[: -len(tail)]
    if step.skipped:
        return ""
    return text.strip("\n")


#: A clause of an error message written for authors, in code (``start with act()``,
#: ``pass dice=``, ``(break_free)``): a reader does not need it.
_CODE_HINT = re.compile(r"\w\(|\w=|\b[a-z]+_[a-z_]+\b|\(\)")

#: A function's name in brackets after words that already say it (``can only try to break
#: free (break_free)``, ``rolls once per target (against_each)``).
_CODE_ASIDE = re.compile(r" \((?:[a-z]+_[a-z_]+|\w+\(\))\)")


def _refusal_words(refusal: str) -> str:
    """A refusal as a reader reads it: without its error class, and without the closing
    clauses that tell an author what code to write (``ChainError: Tam's Punch failed, so
    its chain ends: start a new action with act()`` → ``Tam's Punch failed, so its chain
    ends``)."""
    name, colon, message = refusal.partition(": ")
    message = message if colon and name.isidentifier() else refusal
    message = _CODE_ASIDE.sub("", message)
    clauses = message.split(": ")
    while len(clauses) > 1 and _CODE_HINT.search(clauses[-1]):
        clauses.pop()
    return ": ".join(clauses) if not _CODE_HINT.search(clauses[0]) else message


def _said(words: str, values: tuple[str, ...]) -> Said | None:
    """The author's words paired with the value: one label per item of a tuple when the
    comment names as many (``# successes, net``), else one label for the whole value."""
    if not words or not values:
        return None
    labels = [label.strip() for label in words.split(",")]
    if len(values) > 1 and len(labels) == len(values) and all(labels):
        return Said(tuple(zip(labels, values, strict=True)))
    return Said(((words, ", ".join(values)),))


def _folded(items: list[Item]) -> list[Item]:
    """Consecutive rounds of a play loop as one result with one table."""
    out: list[Item] = []
    for item in items:
        last = out[-1] if out else None
        if (isinstance(item, Explanation) and isinstance(last, Explanation)
                and _foldable(last, item)):
            out[-1] = _fold(last, item)
        else:
            out.append(item)
    return out


def _foldable(first: Explanation, second: Explanation) -> bool:
    return (first.title == second.title and not first.rolls and not second.rolls
            and not first.odds and not second.odds and len(first.tables) == 1
            and len(second.tables) == 1
            and first.tables[0].header == second.tables[0].header
            and first.tables[0].caption == second.tables[0].caption)


def _fold(first: Explanation, second: Explanation) -> Explanation:
    table = first.tables[0]
    rows = TableView(table.caption, table.header, table.rows + second.tables[0].rows)
    lines = tuple(dict.fromkeys(first.lines + second.lines))
    return replace(first, lines=lines, tables=(rows,))

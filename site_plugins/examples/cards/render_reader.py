"""An example's reader view: what happens at the table, before any code.

A card leads with the characters an example sets up (one stat line each; the page's first
card also shows those its front-matter setup makes), then each result the engine explains
(who rolls what, the dice, the verdict, the explanation, the odds), what the example
printed, and the moves the rules refused (:mod:`~site_plugins.examples.cards.reader_items`).
A card fits one screen: parts of a tall card fold to a line each, on a phone sooner than on
a desktop, so that a card's roll and verdict come first there
(:mod:`~site_plugins.examples.cards.card_folds`).

Pure Python (no MkDocs): the browser draws rerolled cards with it too.
"""

from __future__ import annotations

from dataclasses import replace

from rules_core.explain import Explanation, StatLine
from rules_core.names import sentence_start
from site_plugins.examples.cards.card_folds import card_folds
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.reader_items import Item, Note, Said, reader_items
from site_plugins.examples.cards.render_views import render_explanation, render_stat_lines
from site_plugins.examples.language.session import ExampleRun

__all__ = ["Item", "Note", "Said", "reader_items", "render_reader"]


def render_reader(run: ExampleRun) -> str:
    """The reader view's HTML (empty when the example shows a reader nothing).

    Each odds question is answered once a card. A folded part is a ``<details>`` whose
    summary is its title (and verdict): one folded everywhere is ``rx-fold``, one folded on
    a phone only ``rx-fold rx-fold-narrow`` (shown open on a wider screen, ``examples.css``).
    A card's last result always shows whole."""
    items = reader_items(run)
    folds = card_folds(items)
    items = _odds_once(items, set(folds.everywhere))
    parts: list[str] = []
    stats: list[StatLine] = []
    narrow_stats = False
    for index, item in enumerate(items):
        if isinstance(item, StatLine):
            narrow_stats = narrow_stats or (not stats and index in folds.phone)
            stats.append(item)
            continue
        if stats:
            parts.append(_stat_lines(stats, narrow_stats))
            stats, narrow_stats = [], False
        drawn = _render_item(item, odds_folded=index in folds.odds)
        if isinstance(item, Explanation) and index in folds.everywhere | folds.phone:
            drawn = _folded_result(item, drawn, narrow=index in folds.phone)
        parts.append(drawn)
    if stats:
        parts.append(_stat_lines(stats, narrow_stats))
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


def _fold(summary: str, drawn: str, narrow: bool) -> str:
    css = "rx-fold rx-fold-narrow" if narrow else "rx-fold"
    return f'<details class="{css}"><summary>{summary}</summary>{drawn}</details>'


def _folded_result(view: Explanation, drawn: str, narrow: bool = False) -> str:
    """A result folded to one line: its title and verdict; the whole result when opened."""
    verdict = (f' <span class="rx-verdict rx-fold-verdict rx-{view.outcome.tone}">'
               f"{_e(view.outcome.label)}</span>" if view.outcome.tone else "")
    return _fold(f'<span class="rx-fold-title">{_e(view.title)}</span>{verdict}', drawn, narrow)


def _stat_lines(lines: list[StatLine], narrow: bool) -> str:
    """Characters' stat lines; folded on a phone to one line naming them."""
    drawn = render_stat_lines(lines)
    if not narrow:
        return drawn
    names = ", ".join(dict.fromkeys(line.name for line in lines))
    return _fold(f'<span class="rx-fold-title">Characters</span> '
                 f'<span class="rx-fold-names">{_e(names)}</span>', drawn, narrow=True)


def _render_item(item: Explanation | Said | Note, odds_folded: bool = False) -> str:
    if isinstance(item, Explanation):
        return render_explanation(item, odds_folded)
    if isinstance(item, Said):
        # The line starts as a sentence does: "The guard's dice: 2d6 · …" (an author's comment
        # may start in lower case).
        pairs = " · ".join(f'<span class="rx-key">{_e(sentence_start(label) if not k else label)}'
                           f':</span> {_e(value)}' for k, (label, value) in enumerate(item.pairs))
        return f'<p class="rx-said">{pairs}</p>'
    if item.refused:
        return ('<p class="rx-note rx-refused"><span class="rx-key">Refused</span> '
                f"{_e(item.text)}</p>")
    return f'<pre class="rx-note rx-printed"><samp>{_e(item.text)}</samp></pre>'

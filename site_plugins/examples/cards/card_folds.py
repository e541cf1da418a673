"""Which parts of a card's reader view fold to one line, on a desktop's screen and a phone's.

A card fits one screen. On a desktop its earlier results fold to their title and verdict,
those that roll nothing first (the state of a fight, a turn's room left), then those that
roll, earliest first, until the rest fits a 900 px screen (:data:`DESK`); its last result
always shows whole. On a phone (:data:`PHONE`: text wraps at about 40 characters, dice at
10 to a line, a table of four columns or more reflows into a block of a few lines per row,
``examples.css``)
two more rules come first, so that a card's roll and verdict lead: whatever comes before the
first result that rolls (a roster of fighters, the characters' stat lines) folds, tallest
first, until it takes at most :data:`LEAD`; then the same rule as a desktop's with a phone's
heights and budget, stat lines folding too; and if the card is still too tall (one result of
many rolls, odds and a table), its last result's odds fold. What folds on a phone only is
drawn folded there and open on a wider screen (``examples.css``).

Heights are estimates from the parts' sizes, enough to tell a card that fits a screen from one
that does not: the browser is never asked. Pure Python (no MkDocs): the browser folds rerolled
cards with it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_core.explain import Explanation, RollView, StatLine, TableView
from site_plugins.examples.cards.reader_items import Item, Note, Said


@dataclass(frozen=True)
class Screen:
    """How a card draws on a screen: how tall its reader view may run before parts fold (CSS
    pixels), how many characters a line of its text holds, how many dice a line of dice
    holds, and whether a table of four columns or more reflows into a block per row."""

    budget: int
    line_chars: int
    dice_per_line: int
    reflows: bool


#: A desktop: with its caption and controls, a card then fits a 900 px screen.
DESK = Screen(budget=800, line_chars=84, dice_per_line=18, reflows=False)
#: A phone 390 px wide: with its caption and controls, a card then fits 1,200 px (a screen
#: and a half of an 844 px phone), its folded parts a line each.
PHONE = Screen(budget=950, line_chars=40, dice_per_line=10, reflows=True)

LEAD = 280
"""How tall, on a phone, what comes before a card's first roll may run (a third of an
844 px screen): a taller roster or set of stat lines folds, and the roll comes first."""

#: Estimated heights (CSS px) of the parts of a result, and of a folded part.
_HEIGHTS = {"panel": 34, "head": 26, "pool": 26, "roll": 64, "verdict": 38, "line": 24,
            "table": 30, "row": 24, "legend": 24, "stats": 26, "note": 26, "folded": 44,
            "dice_line": 44, "label": 20, "block": 8, "odds_lines": 2}


@dataclass(frozen=True)
class Folds:
    """The parts of a card that fold, by the index of their first item: ``everywhere``
    (results, on every screen) and ``phone`` (results and groups of stat lines, on a phone
    only; none of them also in ``everywhere``); and ``odds``, the results whose odds fold on
    a phone."""

    everywhere: frozenset[int] = frozenset()
    phone: frozenset[int] = frozenset()
    odds: frozenset[int] = frozenset()


@dataclass(frozen=True)
class _Part:
    """A part that may fold: a result, or a group of consecutive stat lines."""

    index: int
    items: tuple[Item, ...]
    rolls: bool

    def height(self, screen: Screen) -> int:
        return sum(estimated_height(item, screen) for item in self.items)

    @property
    def odds(self) -> bool:
        """Whether it is a result with odds."""
        return any(isinstance(item, Explanation) and bool(item.odds) for item in self.items)


def card_folds(items: Sequence[Item]) -> Folds:
    """What folds in a card showing ``items`` (see the module's docstring)."""
    parts = _parts(items)
    results = [part for part in parts if isinstance(part.items[0], Explanation)]
    last = results[-1] if results else None
    everywhere: set[int] = set()
    _fold_until(DESK, _loose(items, parts, DESK), parts,
                _rolls_last([part for part in results if part is not last]), everywhere)
    phone = set(everywhere)
    first_roll = next((part.index for part in parts if part.rolls), None)
    if first_roll is not None:
        lead = [part for part in parts if part.index < first_roll]
        tallest_first = sorted(lead, key=lambda part: -part.height(PHONE))
        _fold_until(PHONE, 0, lead, tallest_first, phone, budget=LEAD)
    order = _rolls_last([part for part in parts if part is not last])
    over = _fold_until(PHONE, _loose(items, parts, PHONE), parts, order, phone) > PHONE.budget
    odds = {last.index} if over and last is not None and last.odds else set()
    return Folds(frozenset(everywhere), frozenset(phone - everywhere), frozenset(odds))


def _rolls_last(parts: Sequence[_Part]) -> list[_Part]:
    """Those that roll nothing first, then those that roll (the dice are what a card is
    about), each earliest first."""
    return sorted(parts, key=lambda part: (part.rolls, part.index))


def _loose(items: Sequence[Item], parts: Sequence[_Part], screen: Screen) -> int:
    """How tall the items that never fold (notes, values with words) draw on ``screen``."""
    return sum(estimated_height(item, screen) for item in items) - sum(
        part.height(screen) for part in parts)


def _fold_until(screen: Screen, loose: int, parts: Sequence[_Part], order: Sequence[_Part],
                folded: set[int], budget: int | None = None) -> int:
    """Fold parts of ``order`` into ``folded``, in that order, until ``parts`` (with ``loose``
    px of what never folds) are estimated within ``budget`` (the screen's); return the
    estimate then."""
    limit = screen.budget if budget is None else budget

    def total() -> int:
        return loose + sum(_HEIGHTS["folded"] if part.index in folded else part.height(screen)
                           for part in parts)

    for part in order:
        if total() <= limit:
            break
        folded.add(part.index)
    return total()


def _parts(items: Sequence[Item]) -> list[_Part]:
    """The results and the groups of consecutive stat lines of ``items``."""
    parts: list[_Part] = []
    for index, item in enumerate(items):
        if isinstance(item, Explanation):
            parts.append(_Part(index, (item,), bool(item.rolls)))
        elif isinstance(item, StatLine):
            if parts and isinstance(parts[-1].items[-1], StatLine) \
                    and parts[-1].index + len(parts[-1].items) == index:
                parts[-1] = _Part(parts[-1].index, (*parts[-1].items, item), False)
            else:
                parts.append(_Part(index, (item,), False))
    return parts


def estimated_height(item: Item, screen: Screen = DESK) -> int:
    """Roughly how tall ``item`` draws on ``screen``, in CSS px."""
    h = _HEIGHTS
    if isinstance(item, StatLine):
        return h["stats"] * _wrapped(item.text(), screen)
    if isinstance(item, (Said, Note)):
        text = item.text if isinstance(item, Note) else " ".join(v for _, v in item.pairs)
        return h["note"] * sum(_wrapped(line, screen) for line in text.splitlines() or [""])
    height = h["panel"] + h["head"] * _wrapped(item.title, screen)
    height += h["pool"] * _wrapped(item.pool, screen) if item.pool else 0
    height += sum(_roll_height(roll, screen) for roll in item.rolls)
    height += h["verdict"] if item.outcome.tone else 0
    height += h["line"] * sum(_wrapped(line, screen) for line in item.lines if line)
    odds_lines = h["odds_lines"] * (1 if screen.line_chars > 60 else 2)
    height += h["line"] * len(dict.fromkeys(item.odds)) * odds_lines
    height += sum(_table_height(table, screen) for table in item.tables if table.rows)
    return height + (h["legend"] * (1 if screen.line_chars > 60 else 2) if item.rolls else 0)


def _roll_height(roll: RollView, screen: Screen) -> int:
    """A roll's label and its dice, which wrap at ``screen.dice_per_line``."""
    h = _HEIGHTS
    lines = -(-len(roll.dice) // screen.dice_per_line) if roll.dice else 1
    return h["roll"] + h["label"] * (_wrapped(roll.label, screen) - 1) \
        + h["dice_line"] * (lines - 1)


def _table_height(table: TableView, screen: Screen) -> int:
    """A table: a line per row, or, reflowed on a phone, a block per row whose cells, each
    after its heading, run on as a stat line's do."""
    h = _HEIGHTS
    if not (screen.reflows and len(table.header) >= 4):
        return h["table"] + h["row"] * (len(table.rows) + 1)
    blocks = sum(h["block"] + h["line"] * _wrapped(" · ".join(
        f"{label} {cell}" for label, cell in zip(table.header, row, strict=False) if cell),
        screen) for row in table.rows)
    return h["table"] + blocks


def _wrapped(line: str, screen: Screen) -> int:
    """How many lines ``line`` takes on ``screen``."""
    return max(1, -(-len(line) // screen.line_chars))

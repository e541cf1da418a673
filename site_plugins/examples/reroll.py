"""Reroll a page's examples with fresh dice: the Python side of the browser's Reroll button.

Runs in the reader's browser under Pyodide (and in the tests under CPython), so it imports
nothing but the standard library, ``rules_core`` and the MkDocs-free example modules. The
page sends every card of its session with the faces each card currently shows; this
module rebuilds the session in a fresh namespace:

* cards before the rerolled one replay the faces they show, so the story up to it is the
  one the reader sees (the documented roll, or an earlier reroll);
* the rerolled card and every example after it run with fresh random dice, so whatever
  depends on the new dice (a chained pool, the AD ledger, a refused move) is recomputed;
* checks are notes about the documented text: they are never rerun in the browser.

The answer carries each changed card's new body, drawn by the same ``render_body`` the
build used, and a sentence for screen readers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules_core.words import count
from site_plugins.examples.lexer import Example, Step
from site_plugins.examples.render import render_body
from site_plugins.examples.session import DiceMode, ExampleRun, Session

#: Most cards a page may send in one request.
MAX_CARDS = 200
#: Longest step source accepted from the page, in characters.
MAX_SOURCE = 20_000


class RerollRequestError(ValueError):
    """The page sent a request this module cannot read (a bug in the page script)."""


@dataclass(frozen=True)
class CardInput:
    """One card as the page knows it: its example and the faces it currently shows."""

    index: int
    example: Example
    rolls: tuple[tuple[int, ...], ...]
    #: The page's setup, which the page's first card carries (empty on the others).
    setup: str = ""


def reroll_page(request_json: str, seed: int | None = None) -> str:
    """Answer a reroll request (JSON in, JSON out); see the module docstring."""
    request = json.loads(request_json)
    cards = parse_cards(request.get("cards"))
    target = request.get("target")
    if not isinstance(target, int) or not any(c.index == target for c in cards):
        raise RerollRequestError(f"target {target!r} is not the index of a card sent")
    runs = rerun(cards, target, DiceMode.random(seed))
    changed = [_card_answer(card, run) for card, run in runs]
    return json.dumps({"target": target, "cards": changed,
                       "announcement": announcement(runs, target)})


def rerun(cards: list[CardInput], target: int,
          fresh: DiceMode) -> list[tuple[CardInput, ExampleRun]]:
    """Rebuild the session; return the runs of the target and the examples after it."""
    session = Session(time_limit=0)  # the page's watchdog bounds the run time instead
    changed: list[tuple[CardInput, ExampleRun]] = []
    for card in cards:
        if card.setup:
            setup = Step(line=card.example.line, source=card.setup, expected="", expected_line=0)
            session.run(Example("setup", card.example.line, (setup,)), explain=False)
    for card in sorted(cards, key=lambda c: c.index):
        if card.example.kind != "example":
            continue
        if card.index < target:
            session.run(card.example, DiceMode.replaying(card.rolls), explain=False)
        else:
            changed.append((card, session.run(card.example, fresh)))
    return changed


def announcement(runs: list[tuple[CardInput, ExampleRun]], target: int) -> str:
    """One sentence for screen readers: the rerolled card's new results in words."""
    said: list[str] = []
    for card, run in runs:
        if card.index != target:
            continue
        for step in run.steps:
            for view in step.views:
                words = " ".join(line for line in view.lines[:2] if line)
                said.append(f"{view.title}: {words}" if words else view.title)
            if step.rules_error or step.code_error or step.skipped:
                said.append((step.code_error or step.output).strip())
    later = len(runs) - 1
    text = "Rerolled. " + (" ".join(said) if said else "New dice rolled.")
    if later > 0:
        text += f" {count(later, 'later example')} on this page updated."
    return text


def parse_cards(raw: Any) -> list[CardInput]:
    """Read the cards the page sent, refusing anything malformed or oversized."""
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_CARDS:
        raise RerollRequestError(f"expected a list of 1 to {MAX_CARDS} cards")
    cards = []
    for item in raw:
        try:
            steps = tuple(
                Step(line=int(s["line"]), source=_text(s["source"]),
                     expected=_text(s.get("expected", "")), expected_line=0)
                for s in item["steps"]
            )
            rolls = tuple(tuple(int(face) for face in roll) for roll in item.get("rolls", []))
            example = Example(str(item["kind"]), int(item["line"]), steps)
            setup = _text(item.get("setup", ""))
            cards.append(CardInput(int(item["index"]), example, rolls, setup))
        except (KeyError, TypeError, ValueError) as error:
            raise RerollRequestError(f"malformed card {item!r:.80}: {error}") from error
    return cards


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_SOURCE:
        raise RerollRequestError(f"expected text of at most {MAX_SOURCE} characters")
    return value


def _card_answer(card: CardInput, run: ExampleRun) -> dict[str, Any]:
    return {"index": card.index, "html": render_body(run), "rolls": [list(r) for r in run.rolls],
            "rerollable": run.rerollable}

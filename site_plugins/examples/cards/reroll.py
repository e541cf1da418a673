"""Reroll a page's examples with fresh dice: the Python side of the browser's Reroll button.

Runs in the reader's browser under Pyodide (and in the tests under CPython), so it imports
nothing but the standard library, ``rules_core`` and the MkDocs-free example modules. The
page sends every card of its session with the faces each card currently shows; this
module rebuilds the session in a fresh namespace:

* cards before the rerolled one replay the faces they show, so the story up to it is the
  one the reader sees (the documented roll, or an earlier reroll);
* the rerolled card runs with fresh random dice, and every example after it runs again, so
  whatever depends on the new dice (a chained pool, the AD ledger, a refused move) is
  recomputed: a later example keeps the faces it shows while they still fit what it rolls
  (one of its own stays as it was), and rolls fresh ones where they no longer do;
* a card's reroll contract is kept (:mod:`~site_plugins.examples.language.contracts`): a
  card with ``keep`` rolls until its condition holds (one whose kept faces no longer keep it
  rolls afresh), a card with ``fixed`` keeps its first faces as documented, and its new view
  says so;
* checks are notes about the documented text: they are never redrawn in the browser. Each
  check after the rerolled card runs again on a copy, and the answer says whether the new
  dice change what it shows or what the prose bound to it says (``follows``): the page marks
  it, with its note, as about the documented roll only then.

The answer carries each changed card's new reader view and code and the text of the bound
values of the prose that narrate it, drawn and written by the same Python the build used,
and a sentence for screen readers.

A shared roll (a link whose fragment names the faces of some cards) is *replayed*
(:func:`replay_page`): every card shows the faces the page sends, and the answer is an
error, never a card, when those faces do not fit the rolls the examples make or break a
card's contract.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from rules_core.explain import StatLine
from rules_core.names import running_text
from rules_core.words import noun
from site_plugins.examples.cards.card_terms import mark_terms
from site_plugins.examples.cards.escape import escape_html
from site_plugins.examples.cards.odds_lines import ODDS_LINES
from site_plugins.examples.cards.reader_items import refusal_words
from site_plugins.examples.cards.render_code import render_code
from site_plugins.examples.cards.render_reader import render_reader
from site_plugins.examples.language.bound_values import PROSE, TITLE, Binding
from site_plugins.examples.language.contracts import Contract
from site_plugins.examples.language.lexer import Example, Step
from site_plugins.examples.language.reroll_limits import (
    MAX_BINDINGS,
    MAX_CARDS,
    MAX_FACES,
    MAX_SOURCE,
)
from site_plugins.examples.language.session import DiceMode, ExampleRun, Session


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
    #: Names in the card's code and the reference entries they link to.
    links: tuple[tuple[str, str], ...] = ()
    #: A check's documented output, statement by statement (empty for a card).
    outputs: tuple[str, ...] = ()
    #: The chapter's abbreviations and their tooltips, which the page's first card carries.
    terms: tuple[tuple[str, str], ...] = ()


#: Modules that only some operations need, imported by the first answer that does (a reroll
#: starts sooner without them: :func:`answer`). A start-up snapshot imports them too: after a
#: restore, only what is in memory can be imported (node/make_snapshot.mjs).
LATER_MODULES = ("site_plugins.examples.cards.roll_forms",
                 "site_plugins.examples.cards.dice_grammar",
                 "site_plugins.examples.cards.dice_notation", "fractions")


def answer(op: str, request_json: str, seed: int | None = None) -> str:
    """The browser engine's one entry point: answer the page's request ``op`` (JSON in,
    JSON out): ``reroll`` (:func:`reroll_page`), ``replay`` (:func:`replay_page`) or
    ``roll`` (a chapter's roller, :func:`site_plugins.examples.cards.roll_forms.roll_answer`)
    or ``dice`` (dice written in the prose,
    :func:`site_plugins.examples.cards.dice_notation.dice_answer`). An answer drawn before
    the odds can be worked out says ``"oddsPending": true``: asked again with the same
    ``seed`` once they can be, it has the same dice and their odds."""
    ODDS_LINES.waited = 0
    if op == "reroll":
        text = reroll_page(request_json, seed)
    elif op == "replay":
        text = replay_page(request_json)
    elif op == "roll":  # a roller's module is imported by its first roll, not a reroll's
        from site_plugins.examples.cards.roll_forms import roll_answer

        text = roll_answer(request_json, seed)
    elif op == "dice":
        from site_plugins.examples.cards.dice_notation import dice_answer

        text = dice_answer(request_json, seed)
    else:
        raise RerollRequestError(f"unknown operation {op!r}: the operations are reroll, "
                                 "replay, roll, dice")
    if ODDS_LINES.waited and text.endswith("}"):
        return text[:-1] + ', "oddsPending": true}'
    return text


def reroll_page(request_json: str, seed: int | None = None) -> str:
    """Answer a reroll request (JSON in, JSON out); see the module docstring."""
    request = json.loads(request_json)
    cards = parse_cards(request.get("cards"))
    target = request.get("target")
    if not isinstance(target, int) or not any(c.index == target for c in cards):
        raise RerollRequestError(f"target {target!r} is not the index of a card sent")
    runs = rerun(cards, target, DiceMode.random(seed))
    terms = terms_of(cards)
    changed = [_card_answer(card, run, terms) for card, run in runs]
    return json.dumps({"target": target, "cards": changed,
                       "announcement": announcement(runs, target)})


def replay_page(request_json: str) -> str:
    """Answer a shared roll: every card from ``target`` on replays the faces sent with it.

    The answer is ``{"error": …}`` (and draws nothing) when a card's faces do not fit its
    example: too many or too few for the dice it rolls, or a face its die does not have.
    """
    request = json.loads(request_json)
    cards = parse_cards(request.get("cards"))
    target = request.get("target")
    if not isinstance(target, int) or not any(c.index == target for c in cards):
        raise RerollRequestError(f"target {target!r} is not the index of a card sent")
    by_index = {card.index: card for card in cards}
    runs = rerun(cards, target, None)
    for card, run in runs:
        if card.example.kind == "example" and run.rolls != by_index[card.index].rolls:
            return json.dumps({"error": _misfit(card, run)})
        broken = _broken_contract(card, run)
        if broken:
            return json.dumps({"error": broken})
    terms = terms_of(cards)
    changed = [_card_answer(card, run, terms) for card, run in runs]
    return json.dumps({"target": target, "cards": changed,
                       "announcement": announcement(runs, target, "A shared roll.")})


def _misfit(card: CardInput, run: ExampleRun) -> str:
    refused = next((step.refusal for step in run.steps if step.rules_error
                    and "Dice" in step.refusal), "")
    title = card.example.title or f"example {card.index + 1}"
    why = refused.partition(": ")[2] or "they are not the dice its rolls take"
    return f"the dice given for “{title}” do not fit it: {why}"


def _broken_contract(card: CardInput, run: ExampleRun) -> str:
    """Why a shared roll's faces break ``card``'s contract ("" if they keep it)."""
    contract = card.example.contract
    if card.example.kind != "example" or contract is None:
        return ""
    title = card.example.title or f"example {card.index + 1}"
    fixed = [roll[:len(kept)] for roll, kept in zip(run.rolls, contract.faces, strict=False)]
    if contract.fixed and tuple(fixed) != contract.faces[:len(fixed)]:
        return f"the dice given for “{title}” change {contract.keeping}, which it keeps"
    if run.contract is not None and not run.contract.held:
        return f"the dice given for “{title}” break its story: {contract.until} is not so"
    return ""


def rerun(cards: list[CardInput], target: int,
          fresh: DiceMode | None) -> list[tuple[CardInput, ExampleRun]]:
    """Rebuild the session; return the runs of the target and the examples after it.

    The target rolls ``fresh`` dice. A later example keeps the faces it shows where they still
    fit what it rolls now (an example of its own stays as it was; one that reads the new result,
    a ledger, follows it), and rolls fresh dice where they do not (a chained pool that grew or
    shrank). ``fresh`` of ``None``: every card replays the faces it carries (a shared roll).
    """
    if fresh is None:
        return _session_runs(cards, target, _Replay())
    plan = _Plan(fresh, target)
    while True:
        runs = _session_runs(cards, target, plan)
        if plan.misfit is None:
            return runs
        plan.roll_anew()


class _Replay:
    """Every card replays the faces it carries."""

    def mode(self, card: CardInput) -> DiceMode:
        return DiceMode.replaying(card.rolls)

    def accept(self, card: CardInput, run: ExampleRun) -> bool:
        return True


class _Plan:
    """Which dice each card from the target on rolls: the target fresh ones; a later card its
    own faces, unless they did not fit, and then fresh ones; and, once decided, the same faces
    again each time the session is rebuilt."""

    def __init__(self, fresh: DiceMode, target: int) -> None:
        self.fresh = fresh
        self.rolling = {target}
        self.decided: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.misfit: int | None = None
        #: The fresh rolls each card's ``keep`` took, kept for its view when it is replayed.
        self.tries: dict[int, int] = {}

    def mode(self, card: CardInput) -> DiceMode:
        if card.index in self.decided:
            return DiceMode.replaying(self.decided[card.index])
        if card.index not in self.rolling:
            return DiceMode.replaying(card.rolls)
        contract = card.example.contract
        return replace(self.fresh, fixed=contract.faces) if contract is not None else self.fresh

    def accept(self, card: CardInput, run: ExampleRun) -> bool:
        """Keep ``run`` (its faces are decided), or note that its faces did not fit (or no
        longer keep its contract)."""
        kept = run.contract is None or run.contract.held
        if card.index in self.decided or card.index in self.rolling or (
                _fits(run, card.rolls) and kept):
            self.decided.setdefault(card.index, run.rolls)
            if run.contract is not None and run.contract.tries:
                self.tries[card.index] = run.contract.tries
            elif run.contract is not None and card.index in self.tries:
                run.contract.tries = self.tries[card.index]
            return True
        self.misfit = card.index
        return False

    def roll_anew(self) -> None:
        """The card whose faces did not fit rolls fresh dice when the page is run again."""
        assert self.misfit is not None
        self.rolling.add(self.misfit)
        self.misfit = None


def _fits(run: ExampleRun, faces: tuple[tuple[int, ...], ...]) -> bool:
    """Whether a replay used exactly ``faces``, every one, and no roll refused them."""
    return run.rolls == faces and not any(
        "DiceScriptError" in step.refusal_classes for step in run.steps)


def _session_runs(cards: list[CardInput], target: int, plan: _Replay | _Plan,
                  ) -> list[tuple[CardInput, ExampleRun]]:
    """The page's session run once: cards before ``target`` replay what they show, the
    target and later ones run as ``plan`` says; stops at the first run the plan refuses."""
    session = Session(time_limit=0)  # the page's watchdog bounds the run time instead
    changed: list[tuple[CardInput, ExampleRun]] = []
    cast: tuple[StatLine, ...] = ()
    for card in cards:
        if card.setup:
            setup = Step(line=card.example.line, source=card.setup, expected="", expected_line=0)
            cast = session.run(Example("setup", card.example.line, (setup,))).stat_lines
    for card in sorted(cards, key=lambda c: c.index):
        if card.example.kind != "example":
            if card.index > target:
                # A check is never redrawn: it runs again on a copy (as a check always does),
                # with its own faces, to tell whether the new dice change what it says.
                changed.append((card, session.run(card.example,
                                                  DiceMode.replaying(card.rolls))))
            continue
        if card.index < target:
            session.run(card.example, DiceMode.replaying(card.rolls), explain=False)
            continue
        run = session.run(card.example, plan.mode(card))
        run.cast = cast if card.setup else ()
        if not plan.accept(card, run):
            break
        changed.append((card, run))
    return changed


def announcement(runs: list[tuple[CardInput, ExampleRun]], target: int,
                 lead: str = "Rerolled.") -> str:
    """What screen readers hear: ``lead``, then the rerolled card's new results in words,
    each ending as a sentence does; a result with no line says its verdict."""
    said: list[str] = []
    for card, run in runs:
        if card.index != target:
            continue
        for step in run.steps:
            for view in step.views:
                words = " ".join(_ended(line) for line in view.lines[:2] if line) or (
                    view.outcome.label if view.outcome.tone else "")
                said.append(_ended(f"{view.title}: {words}" if words else view.title))
            if step.rules_error:  # as the card says it: no error class, no hint at code
                said.append(_ended(running_text(f"Refused: {refusal_words(step.refusal)}")))
            elif step.code_error or step.skipped:
                said.append((step.code_error or step.output).strip())
    later = sum(1 for card, run in runs if card.index != target and run.rolls != card.rolls
                and card.example.kind == "example")
    text = f"{lead} " + (" ".join(said) if said else "New dice rolled.")
    if later > 0:
        text += (f" {_in_words(later)} {noun(later, 'later example')} on this page rolled new "
                 "dice with it.")
    return text


def _in_words(n: int) -> str:
    """A count that starts a sentence, in words: ``One``, ``Twelve``, then ``13``."""
    words = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
             "Eleven", "Twelve")
    return words[n - 1] if 1 <= n <= len(words) else str(n)


def _ended(text: str) -> str:
    """``text`` ending as a sentence does."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


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
            if sum(len(roll) for roll in rolls) > MAX_FACES:
                raise ValueError(f"more than {MAX_FACES} faces")
            example = Example(str(item["kind"]), int(item["line"]), steps,
                              _text(item.get("title", "")), _bindings(item.get("bindings", [])),
                              _contract(item.get("contract")))
            setup = _text(item.get("setup", ""))
            links = tuple((_text(name), _text(url))
                          for name, url in dict(item.get("links", {})).items())
            outputs = tuple(_text(output) for output in item.get("outputs", []))
            terms = tuple((_text(term), _text(tooltip))
                          for term, tooltip in dict(item.get("terms", {})).items())
            cards.append(CardInput(int(item["index"]), example, rolls, setup, links, outputs,
                                   terms))
        except (KeyError, TypeError, ValueError) as error:
            raise RerollRequestError(f"malformed card {item!r:.80}: {error}") from error
    return cards


def _bindings(raw: Any) -> tuple[Binding, ...]:
    """A card's bound values as the page sent them: line, text, expression and place."""
    if not isinstance(raw, list) or len(raw) > MAX_BINDINGS:
        raise ValueError(f"expected a list of at most {MAX_BINDINGS} bound values")
    return tuple(Binding(int(b["line"]), _text(b["written"]), _text(b["expression"]),
                         TITLE if b.get("place") == TITLE else PROSE) for b in raw)


def _contract(raw: Any) -> Contract | None:
    """A card's reroll contract as the page sent it (checked by the build, read again)."""
    if raw is None:
        return None
    faces = tuple(tuple(int(face) for face in roll) for roll in raw.get("faces", []))
    fixed = int(raw.get("fixed", 0))
    if fixed < 0 or sum(len(roll) for roll in faces) > min(fixed, MAX_FACES):
        raise ValueError("a contract's fixed faces do not add up")
    return Contract(_text(raw.get("keep", "")), _text(raw.get("until", "")), fixed,
                    _text(raw.get("keeping", "")), faces)


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_SOURCE:
        raise RerollRequestError(f"expected text of at most {MAX_SOURCE} characters")
    return value


def terms_of(cards: list[CardInput]) -> dict[str, str]:
    """The chapter's abbreviations and their tooltips, as the page's first card carries them."""
    return next((dict(card.terms) for card in cards if card.terms), {})


def _card_answer(card: CardInput, run: ExampleRun, terms: dict[str, str]) -> dict[str, Any]:
    if card.example.kind != "example":
        return {"index": card.index, "check": True, "follows": follows(card, run)}
    bound = [{"text": b.text, "error": b.error} for b in run.bound]
    html = mark_terms(contract_said(card, run) + render_reader(run), terms)  # as the build did
    return {"index": card.index, "html": html,
            "code": render_code(run, card.setup, dict(card.links)),
            "rolls": [list(r) for r in run.rolls], "rerollable": run.rerollable,
            "bound": bound}


def follows(card: CardInput, run: ExampleRun) -> bool:
    """Whether a check, run again after new dice, says anything else than it documents: a
    statement's output, or a bound value of the prose that narrates it. Only then is it
    about the documented roll (its note and its prose keep the documented words, marked)."""
    outputs = [step.output for step in run.steps]
    if len(outputs) != len(card.outputs) or any(
            " ".join(now.split()) != " ".join(was.split())
            for now, was in zip(outputs, card.outputs, strict=True)):
        return True
    return any(bound.error or bound.text != bound.binding.written for bound in run.bound)


def contract_said(card: CardInput, run: ExampleRun) -> str:
    """What a rerolled card says of its contract, as HTML ("" for a card without one, or
    one that shows the documented faces)."""
    contract = card.example.contract
    if contract is None or (run.rolls == card.rolls and not (run.contract and run.contract.tries)):
        return ""
    state = run.contract
    said = contract.said(state.tries if state else 0, state.held if state else True)
    return f'<p class="rx-contract">{escape_html(said)}</p>' if said else ""

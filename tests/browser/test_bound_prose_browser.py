"""Prose that rolls with the dice, in the browser: after a Reroll of every card that prose
follows on every chapter page, each bound value shows what the dice on screen make (the same
Python run here, replaying the faces each card shows), paragraphs an author did not tie to a
card are unchanged and unmarked, narrated ones are marked exactly while their card shows new
dice, and a note is marked whole exactly while a check in it says something the new dice
change. Restore brings every documented word back."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from rules_core.system import systems
from site_plugins.examples.cards.reroll import replay_page
from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, visit

CHAPTERS = tuple(system.name for system in systems())
#: Rerolls of each card, each with fresh dice (the seeds vary from run to run; under CPython,
#: tests/site_plugins/test_docs_reroll.py rerolls every card with eight fixed seeds).
ROUNDS = 1

#: What a page shows: its bound values, and its passages of prose outside the cards.
SNAPSHOT = """() => {
  const bound = [...document.querySelectorAll('span.rx-bound')].map(s => ({
    card: Number(s.dataset.rxCard), k: Number(s.dataset.rxBound), text: s.textContent,
    changed: s.dataset.rxChanged === 'true'}));
  const blocks = [...document.querySelectorAll(
      'article p, article li, article td, article th, article dd, article h2, article h3')]
    .filter(e => !e.closest('figure, .rx-page-bar, .rx-status')
                 && !e.querySelector('p, li, td, th, dd'));
  // A note (an admonition, open or folded) is marked whole: its markers and checks count for
  // every passage in it.
  const noteOf = (e) => e.closest('.admonition, details:not(.rx-code-view)');
  const prose = blocks.map(e => ({
    text: e.textContent,
    bound: !!e.querySelector('.rx-bound'),
    narrates: [...(noteOf(e) ?? e.closest('ul, ol') ?? e).querySelectorAll('.rx-narrates')]
      .map(s => Number(s.dataset.rxCard)),
    checks: [...(noteOf(e)?.querySelectorAll('figure.rx-check') ?? [])]
      .map(f => Number(f.dataset.rxIndex)),
    marked: !!e.closest('[data-rx-documented], [data-rx-unbound]')}));
  const shown = Object.fromEntries([...document.querySelectorAll('figure.rx-card')]
    .map(f => [f.dataset.rxIndex, f.dataset.rxShown]));
  return {bound, prose, shown};
}"""


def chapter_pages(site: Path) -> list[str]:
    """Every chapter page with a card to reroll (not its glossary or roller)."""
    pages = []
    for chapter in CHAPTERS:
        for index in sorted((site / chapter).rglob("index.html")):
            folder = index.parent.relative_to(site).as_posix()
            if folder.endswith(("glossary", "roll-your-own")):
                continue
            if 'data-rx-rerollable="true"' in index.read_text(encoding="utf-8"):
                pages.append(f"/{folder}/")
    return pages


def shown_faces(page: Page) -> dict[int, list[list[int]]]:
    """The faces each card shows now (``data-rx-rolls``, set while it shows other dice)."""
    found = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('figure[data-rx-session][data-rx-rolls]')]
          .map(f => [f.dataset.rxIndex, JSON.parse(f.dataset.rxRolls)]))""")
    return {int(index): rolls for index, rolls in found.items()}


def expected_bound(cards: list[dict[str, Any]], shown: dict[int, list[list[int]]],
                   ) -> tuple[dict[tuple[int, int], str | None], set[int]]:
    """What each bound value must read, replaying here the faces on screen: the text the
    engine writes, or ``None`` where it writes none (the documented text then stays); and the
    checks whose words those faces change (their notes are marked as about the documented
    roll). A check's bound values keep their documented text."""
    replayed = [dict(card, rolls=shown.get(card["index"], card["rolls"])) for card in cards]
    moved = [card["index"] for card in cards if card["kind"] == "example"
             and shown.get(card["index"], card["rolls"]) != card["rolls"]]
    answer = json.loads(replay_page(json.dumps({"target": min(moved, default=0),
                                                "cards": replayed})))
    assert "error" not in answer, answer
    written = {(card["index"], k): (bound["text"] if not bound["error"] else None)
               for card in answer["cards"] for k, bound in enumerate(card.get("bound", []))}
    return written, {card["index"] for card in answer["cards"] if card.get("follows")}


def reroll(page: Page, figure: Any) -> None:
    """Press a card's Reroll and wait until the whole page has its answer."""
    wait = press_reroll(page, figure)
    wait()


#: Each card's words (odds aside: they may follow an answer) and the faces it shows now.
CARD_WORDS = """() => Object.fromEntries(
  [...document.querySelectorAll('figure.rx-card[data-rx-session]')].map(f => {
    const body = f.querySelector(':scope > .rx-body').cloneNode(true);
    body.querySelectorAll('ul.rx-odds').forEach(u => u.remove());
    return [f.dataset.rxIndex, {words: body.textContent, rolls: f.dataset.rxRolls ?? null,
                                shown: f.dataset.rxShown}];
  }))"""


def press_reroll(page: Page, figure: Any) -> Any:
    """Press a card's Reroll; return what waits until the whole page has its answer."""
    before = page.evaluate("performance.getEntriesByName('rx-page-updated').length")
    figure.locator(".rx-reroll").click()
    return lambda: page.wait_for_function(
        f"performance.getEntriesByName('rx-page-updated').length > {before}",
        timeout=ENGINE_TIMEOUT_MS)


class Lane:
    """One browser tab rerolling cards of a page and checking its prose after each."""

    def __init__(self, page: Page, path: str) -> None:
        self.page = page
        self.path = path
        visit(page, path)
        self.documented = page.evaluate(SNAPSHOT)
        self.written = {(b["card"], b["k"]): b["text"] for b in self.documented["bound"]}
        self.figures = page.locator("figure[data-rx-session]")
        self.cards = [json.loads(f) for f in self.figures.evaluate_all(
            "fs => fs.map(f => f.dataset.rxExample)")]
        # A card whose contract keeps every face as documented has no Reroll.
        self.has_reroll = self.figures.evaluate_all(
            "fs => fs.map(f => f.dataset.rxRerollable === 'true')")
        self.card_words = page.evaluate(CARD_WORDS)
        self.checked = 0

    def rerollable(self) -> list[int]:
        """The cards worth a reroll here: every one that prose follows (bound values, narrated
        paragraphs) and the first that none does (its reroll must change no prose). Every
        card's reroll is run under CPython by tests/site_plugins/test_docs_reroll.py."""
        followed = {b["card"] for b in self.documented["bound"]} | {
            i for block in self.documented["prose"] for i in block["narrates"]}
        positions = [position for position, card in enumerate(self.cards)
                     if card["kind"] == "example" and any(card["rolls"])
                     and self.has_reroll[position]]
        kept = [p for p in positions if self.cards[p]["index"] in followed]
        alone = [p for p in positions if self.cards[p]["index"] not in followed]
        return sorted(kept + alone[:1])

    def check(self, position: int) -> None:
        """After a reroll of the card at ``position``: the prose is what the dice make."""
        index = self.cards[position]["index"]
        wanted, following = expected_bound(self.cards, shown_faces(self.page))
        now = self.page.evaluate(SNAPSHOT)
        for bound in now["bound"]:
            key = (bound["card"], bound["k"])
            text = wanted.get(key, self.written[key]) or self.written[key]
            assert bound["text"] == text, f"{self.path}: bound value {key} after a reroll of " \
                f"card {index}: {bound['text']!r}, not {text!r}"
            # compared as words: a bound text over two source lines is the same text
            assert bound["changed"] == (text.split() != self.written[key].split()), \
                f"{self.path}: {key}"
            self.checked += 1
        rolls = {str(card["index"]): card["rolls"] for card in self.cards}
        for key, card in self.page.evaluate(CARD_WORDS).items():
            faces = json.loads(card["rolls"]) if card["rolls"] else rolls[key]
            changed = faces != rolls[key] or card["words"] != self.card_words[key]["words"]
            assert (card["shown"] == "rerolled") == changed, (
                f"{self.path}: card {key} after a reroll of card {index} is "
                f"{'not ' if changed else ''}labelled as showing new dice, and its dice and "
                f"words {'changed' if changed else 'did not change'}")
        for before, after in zip(self.documented["prose"], now["prose"], strict=True):
            if before["bound"]:
                continue
            assert after["text"] == before["text"], f"{self.path}: unbound prose changed"
            flagged = any(now["shown"].get(str(i)) == "rerolled" for i in after["narrates"]) \
                or any(i in following for i in after["checks"])
            assert after["marked"] == flagged, (
                f"{self.path}: {'unmarked' if flagged else 'marked'} prose after a reroll of "
                f"card {index}: {after['text'][:80]!r}")

    def restore(self) -> None:
        """Restore: every documented word back."""
        self.page.locator(".rx-page-bar").get_by_role("button", name="Restore").click()
        restored = self.page.evaluate(SNAPSHOT)
        assert restored["bound"] == self.documented["bound"]
        assert restored["prose"] == self.documented["prose"]


def check_page(pages: list[Page], path: str) -> int:
    """Reroll the cards of ``path`` that prose follows (``Lane.rerollable``) ``ROUNDS`` times,
    the rerolls dealt in turn to ``pages`` (tabs of their own), checking the prose after each;
    return how many bound values were checked."""
    lanes = [Lane(page, path) for page in pages]
    positions = lanes[0].rerollable() * ROUNDS
    for start in range(0, len(positions), len(lanes)):
        turn = list(zip(lanes, positions[start:start + len(lanes)], strict=False))
        waits = [press_reroll(lane.page, lane.figures.nth(position)) for lane, position in turn]
        for wait in waits:
            wait()
        for lane, position in turn:
            lane.check(position)
    rerolled = [lane for lane in lanes if lane.page.locator(".rx-page-bar").is_visible()]
    for lane in rerolled:
        lane.restore()
    return sum(lane.checked for lane in lanes)


@pytest.fixture(scope="module")
def tabs(browser: Browser, base_url: str) -> Iterator[list[Page]]:
    """A tab of its own, kept for the module: pages are opened by instant navigation, so its
    engine loads once. Guarded as ``page`` is. (Two tabs side by side were measured: no
    quicker on two cores.)"""
    contexts = [browser.new_context(base_url=base_url)]
    pages = [context.new_page() for context in contexts]
    guards = []
    for tab in pages:
        tab.set_default_timeout(ENGINE_TIMEOUT_MS)
        guards.append(Guard(tab))
    yield pages
    for context in contexts:
        context.close()
    for watched in guards:
        assert not watched.other_hosts, f"requests to other hosts: {watched.other_hosts}"
        assert not watched.unexpected_errors(), f"console errors: {watched.unexpected_errors()}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_bound_value_follows_every_reroll_and_nothing_else_changes(
        tabs: list[Page], project_site: Path, chapter: str) -> None:
    pages = [p for p in chapter_pages(project_site) if p.startswith(f"/{chapter}/")]
    assert pages
    checked = sum(check_page(tabs, path) for path in pages)
    assert checked > 20


def test_the_paragraph_after_a_first_test_follows_its_reroll(page: Page, guard: Guard) -> None:
    page.goto("/chronicle/")
    figure = page.locator("figure#a-first-test")
    paragraph = page.locator("article p", has=page.locator("span.rx-bound")).first
    documented = paragraph.inner_text()
    before = " ".join(documented.split())
    assert " 21 against 9 " in before
    for _ in range(3):
        reroll(page, figure)
        total = re.search(r"= (\d+)\.", figure.locator(".rx-body").inner_text())
        assert total, figure.locator(".rx-body").inner_text()
        words = " ".join(paragraph.inner_text().split())
        assert f" {total[1]} against 9 " in words, words
        status = " ".join((figure.locator(".rx-status").text_content() or "").split())
        assert status.startswith("Rerolled.")
        # A screen reader hears the paragraph once, when it changed.
        assert status.endswith(f"The text about it now reads: {words}") == (words != before)
        before = words
    page.locator(".rx-page-bar").get_by_role("button", name="Restore").click()
    assert paragraph.inner_text() == documented


def prose_moved(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Passages of prose outside the cards whose words changed or that are marked."""
    return sum(1 for a, b in zip(before["prose"], after["prose"], strict=True)
               if a["text"] != b["text"] or b["marked"])


def test_one_reroll_on_the_storypath_dice_page_moves_at_most_six_passages(
        page: Page, guard: Guard) -> None:
    page.goto("/storypath/dice/")
    documented = page.evaluate(SNAPSHOT)
    first = page.locator('figure.rx-card[data-rx-rerollable="true"]').first
    for _ in range(3):
        reroll(page, first)
        assert prose_moved(documented, page.evaluate(SNAPSHOT)) <= 6

"""An automated reader of rerolled pages: each card rerolled under many seeds, and every
sentence a machine can see is stale after it, listed.

A Reroll writes the bound values of the prose anew and marks what it cannot write; what it
does not know is whether the words around them still hold. This reader rerolls each card of
a page with seeds ``0 … N-1``, through the very Python the browser runs
(:func:`~site_plugins.examples.cards.reroll.rerun`), and reads what a reader would then see:

* **unwritten**: a bound value the new dice could not write, so that it keeps its documented
  text (an expression that raises when the roll fails);
* **title**: a card's title whose own words (not its bound values) state an outcome, a
  success, a failure, a fumble, a critical, a tie, a hit or a miss, that the card showed
  before and no longer shows;
* **grammar**: where new bound text meets the words around it, a word-form error of the
  grammar (:mod:`~site_plugins.examples.language.grammar_read_back`): an article before a word
  that takes none (``a no success``, ``A Two Cunning tests``), the wrong article (``a 8``),
  a number and the noun it counts that do not agree (``one standing successes``);
* **contract**: a card whose reroll contract the new dice break
  (:mod:`~site_plugins.examples.language.contracts`);
* **engine**: a sentence the engine wrote on the card (its title, lines, dice labels, table,
  odds, refusal, printed results), documented or rerolled, with a word-form error
  (:mod:`~site_plugins.examples.checking.engine_words`): ``attacks The ghoul pack``,
  ``Rook's 0 successes``, ``Virek-Kohl's lackeys rolls``;

and, once a page, what no Reroll can fix: **code** names of the engine in the rules prose
(``lower_fumble=True``: the reader reads rules, not calls), and a **note** that speaks of a
card ("here", "above", "the same roll") with nothing in it that a Reroll can mark or
rewrite (no check, no ``{: narrates }``, no bound value).

    python -m site_plugins.examples.checking.story_reader [--seeds N] [PATH ...]

Each page runs in a fresh forked process (the examples are code). No MkDocs here.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules_core.system import systems
from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.cards.reroll import CardInput, parse_cards, rerun
from site_plugins.examples.checking.engine_words import sentence_errors, sentences
from site_plugins.examples.language.bound_values import (
    PROSE,
    TITLE,
    Binding,
)
from site_plugins.examples.language.grammar_read_back import word_form_errors
from site_plugins.examples.language.prose import mask_blocks
from site_plugins.examples.language.session import DiceMode, ExampleRun
from site_plugins.examples.language.verify import verify_page

#: Seeds a page's cards are each rerolled with, by default.
SEEDS = 20
#: The words of a title that state an outcome, each with the verdicts (outcome words) or the
#: words of a card's text that bear it out.
_STATED = {
    "success": ("success", "succeeds", "succeeded", "successful"),
    "failure": ("failure", "fails", "failed", "fail"),
    "fumble": ("fumble", "fumbles", "fumbled"),
    "critical": ("critical",),
    "exceptional": ("exceptional",),
    "dramatic": ("dramatic",),
    "tie": ("tie", "tied"),
    "hit": ("hit", "hits"),
    "miss": ("miss", "misses", "missed"),
}
_STATING = {word: stem for stem, words in _STATED.items() for word in words}
_VERDICT_STEMS = {"success": ("success",), "failure": ("failure", "fumble"),
                  "fumble": ("fumble",), "critical": ("critical",),
                  "exceptional": ("exceptional",), "dramatic": ("dramatic",)}
_TAG = re.compile(r"<[^>]*>")
#: Code in the rules prose: a span with a call, an argument, an underscore, quotes or a
#: CamelCase name (``lower_fumble=True``, ``TurnOrder``); game notation (``1S``, ``−1D``,
#: ``+1B``, ``2d6``) is not code.
_CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_CODE_LIKE = re.compile(r"[_=()\"']|\b[A-Z][a-z]+[A-Z]\w*|\w\.\w")
#: Words by which a note speaks of a card's roll.
_DEICTIC = re.compile(r"\b(?:here|above|the same (?:roll|dice|faces)|this roll|these dice|"
                      r"that roll)\b", re.IGNORECASE)
#: The name an error's message is printed after (``AttackError: The ghoul pack can …``).
_ERROR_NAME = re.compile(r"^[A-Z]\w*(?:Error|Exception): ")
_ADMONITION = re.compile(r"^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)[ \t]+\w+")


@dataclass(frozen=True)
class Stale:
    """A sentence a machine can see is stale: its file line, what kind (see the module), the
    words as a reader sees them, why, and the rerolls that showed it."""

    path: str
    line: int
    kind: str
    text: str
    why: str
    rerolls: tuple[str, ...] = ()

    def __str__(self) -> str:
        seen = f" ({len(self.rerolls)} rerolls, e.g. {self.rerolls[0]})" if self.rerolls else ""
        return f"{self.path}:{self.line}: {self.kind}: {self.why}: “{self.text}”{seen}"


@dataclass
class Reading:
    """What the reader read of a page: its stale sentences, and how much it read."""

    path: str
    stale: list[Stale] = field(default_factory=list)
    #: Cards rerolled, each under every seed.
    cards: int = 0
    rerolls: int = 0
    #: Passages (titles and paragraphs) read after a reroll that changed them.
    passages: int = 0
    #: Each check after a rerolled card (by its line): how many rerolls ran it again, and in
    #: how many the new dice changed what it says (the page marks it then, and only then).
    checks: dict[int, list[int]] = field(default_factory=dict)

    @property
    def checks_never_following(self) -> int:
        """Checks that no reroll changed: a mark on them would be on nothing live."""
        return sum(1 for _, following in self.checks.values() if not following)


def read_page(path: str, text: str, seeds: int = SEEDS, *, rules: bool = True) -> Reading:
    """Reroll every card of the page ``text`` (named ``path``) under ``seeds`` seeds and
    read it as a reader would (see the module); ``rules``: the page is a chapter's, whose
    prose names no code."""
    reading = Reading(path)
    found: dict[tuple[int, str, str], tuple[str, list[str]]] = {}
    reading.stale.extend(static_problems(path, text, rules=rules))
    result = verify_page(path, text)
    if not result.blocks:
        return reading
    cards = parse_cards(page_card_data(result.runs, "s", result.setup_source))
    documented = dict(zip((card.index for card in cards), result.runs, strict=True))
    places = _passages(text, result.runs)
    names = frozenset(stat.name for run in result.runs for stat in run.stat_lines)
    for card, run in zip(cards, result.runs, strict=True):
        for words, why in _engine_words(run, names):
            found.setdefault((card.example.line, "engine", why), (words, []))[1].append(
                "the documented roll")
        if not run.rerollable:
            continue
        reading.cards += 1
        for seed in range(seeds):
            reading.rerolls += 1
            said = f"Reroll of line {card.example.line}, seed {seed}"
            runs = rerun(cards, card.index, DiceMode.random(seed))
            for line, kind, words, why in _read_reroll(runs, documented, places, reading,
                                                       names):
                found.setdefault((line, kind, why), (words, []))[1].append(said)
    reading.stale.extend(Stale(path, line, kind, words, why, tuple(rerolls))
                         for (line, kind, why), (words, rerolls) in found.items())
    reading.stale.sort(key=lambda stale: (stale.line, stale.kind))
    return reading


def _read_reroll(runs: list[tuple[CardInput, ExampleRun]], documented: dict[int, ExampleRun],
                 places: dict[_Bound, _Passage], reading: Reading, names: frozenset[str],
                 ) -> Iterator[tuple[int, str, str, str]]:
    """The stale sentences of one reroll: ``(line, kind, words, why)`` each."""
    written: dict[_Bound, str] = {}
    for card, run in runs:
        for words, why in _engine_words(run, names):
            yield card.example.line, "engine", words, why
        if card.example.kind != "example":
            counts = reading.checks.setdefault(card.example.line, [0, 0])
            counts[0] += 1
            counts[1] += _changed_check(card, run)
            continue
        for k, bound in enumerate(run.bound):
            if bound.error and not bound.unmade:
                yield (bound.binding.line, "unwritten", bound.binding.written,
                       f"the new dice cannot write it ({bound.error.splitlines()[0][:80]})")
            elif not bound.error:
                written[card.index, k] = bound.text
        before = documented[card.index]
        yield from _title(card.index, run, before, written)
        yield from _contract(card, run)
    for passage in {id(places[b]): places[b] for b in written if b in places}.values():
        reading.passages += 1
        segments = passage.rendered(written)
        for why in word_form_errors(segments):
            yield passage.line, "grammar", _shown(segments), why


def _engine_words(run: ExampleRun, names: frozenset[str]) -> Iterator[tuple[str, str]]:
    """Each sentence the engine wrote on a card with a word-form error, and the error."""
    for step in run.steps:
        said = [text for view in step.views for text in sentences(view)]
        said += [_ERROR_NAME.sub("", line)
                 for line in (step.refusal, *step.output.splitlines())]
        for sentence in said:
            for why in sentence_errors(sentence, names):
                yield sentence, why


def _changed_check(card: CardInput, run: ExampleRun) -> bool:
    """Whether a check run again says something else than it documents."""
    outputs = tuple(step.output for step in run.steps)
    return tuple(" ".join(o.split()) for o in outputs) != tuple(
        " ".join(o.split()) for o in getattr(card, "outputs", ())) or any(
        b.error or b.text != b.binding.written for b in run.bound)


def _title(index: int, run: ExampleRun, before: ExampleRun,
           written: dict[_Bound, str]) -> Iterator[tuple[int, str, str, str]]:
    """A title whose own words state an outcome the card showed and no longer shows."""
    example = before.example
    own = _title_words(example.title, example.bindings)
    shown = _rendered_title(index, example.title, example.bindings, written)
    then, now = _borne_out(before), _borne_out(run)
    for word in own:
        stem = _STATING[word]
        if stem in then and stem not in now:
            yield (example.line, "title", shown,
                   f"its words state {word!r}, which the rerolled card does not show")
    for why in word_form_errors(_title_segments(index, example.title, example.bindings,
                                                written)):
        yield example.line, "grammar", shown, why


def _title_words(title: str, bindings: Sequence[Binding]) -> list[str]:
    """The words of a title outside its bound values that state an outcome."""
    plain = list(title)
    for binding in bindings:
        if binding.place == TITLE:
            plain[binding.start:binding.end] = " " * (binding.end - binding.start)
    words = re.findall(r"[A-Za-z]+", "".join(plain).lower())
    return [word for word in words if word in _STATING]


def _rendered_title(index: int, title: str, bindings: Sequence[Binding],
                    written: dict[_Bound, str]) -> str:
    parts, position = [], 0
    for k, binding in enumerate(bindings):
        if binding.place != TITLE:
            continue
        parts += [title[position:binding.start], written.get((index, k), binding.written)]
        position = binding.end
    return "".join([*parts, title[position:]])


def _title_segments(index: int, title: str, bindings: Sequence[Binding],
                    written: dict[_Bound, str]) -> list[tuple[str, bool]]:
    """A title after a reroll, in pieces: each flagged when a bound value wrote it anew."""
    pieces, position = [], 0
    for k, binding in enumerate(bindings):
        if binding.place != TITLE:
            continue
        new = written.get((index, k))
        pieces += [(title[position:binding.start], False),
                   (new if new is not None else binding.written,
                    new is not None and new != binding.written)]
        position = binding.end
    return [*pieces, (title[position:], False)]


def _borne_out(run: ExampleRun) -> set[str]:
    """The outcome stems a card's views bear out: its verdicts, and the words of its lines."""
    stems: set[str] = set()
    for step in run.steps:
        for view in step.views:
            verdict = view.outcome.word.lower()
            stems |= {stem for stem, words in _VERDICT_STEMS.items()
                      if any(word in verdict for word in words)}
            lines = " ".join([view.title, *view.lines]).lower()
            stems |= {_STATING[word] for word in re.findall(r"[a-z]+", lines)
                      if word in _STATING}
        if step.refusal:
            stems |= {_STATING[word] for word in re.findall(r"[a-z]+", step.refusal.lower())
                      if word in _STATING}
    return stems


def _contract(card: CardInput, run: ExampleRun) -> Iterator[tuple[int, str, str, str]]:
    contract = getattr(card.example, "contract", None)
    state = getattr(run, "contract", None)
    if contract is None:
        return
    if contract.keep and state is not None and not state.held:
        yield (card.example.line, "contract", card.example.title,
               f"the new dice break keep={contract.keep!r}")
    fixed = tuple(roll[:len(kept)] for roll, kept in zip(run.rolls, contract.faces,
                                                         strict=False))
    if contract.fixed and fixed != contract.faces[:len(fixed)]:
        yield (card.example.line, "contract", card.example.title,
               f"the new dice change the {contract.fixed} faces it fixes")


# ---- passages of prose ------------------------------------------------------------------------

#: A bound value of the page: the index of the card it narrates, and its place among them.
_Bound = tuple[int, int]


@dataclass
class _Passage:
    """A paragraph (a list item, a table row) of the page that holds bound values: its
    first line, its text and where it starts in the page."""

    line: int
    text: str
    start: int
    bindings: list[tuple[_Bound, Binding]] = field(default_factory=list)

    def rendered(self, written: dict[_Bound, str]) -> list[tuple[str, bool]]:
        """The passage as a reader sees it after a reroll: pieces of text, each flagged
        when it is a bound value the reroll wrote anew."""
        pieces: list[tuple[str, bool]] = []
        position = 0
        for key, binding in sorted(self.bindings, key=lambda b: b[1].start):
            start, end = binding.start - self.start, binding.end - self.start
            pieces.append((self.text[position:start], False))
            new = written.get(key)
            pieces.append((new if new is not None else binding.written,
                           new is not None and new != binding.written))
            position = end
        pieces.append((self.text[position:], False))
        return pieces


def _passages(text: str, runs: Sequence[ExampleRun]) -> dict[_Bound, _Passage]:
    """Each bound value of the prose, with the passage it sits in."""
    masked = mask_blocks(text)
    found: dict[tuple[int, int], _Passage] = {}
    placed: dict[_Bound, _Passage] = {}
    for index, run in enumerate(runs):
        for k, binding in enumerate(run.example.bindings):
            if binding.place != PROSE:
                continue
            start, end = _passage_span(masked, binding.start)
            if (start, end) not in found:
                found[start, end] = _Passage(text.count("\n", 0, start) + 1, text[start:end],
                                             start)
            found[start, end].bindings.append(((index, k), binding))
            placed[index, k] = found[start, end]
    return placed


_PASSAGE_START = re.compile(r"\n[ \t]*(?:\n|[-*+] |\d+\. |\|)")


def _passage_span(masked: str, position: int) -> tuple[int, int]:
    """Where the passage holding ``position`` starts and ends: a blank line, a list item's
    or a table row's start ends it."""
    starts = [m.start() + 1 for m in _PASSAGE_START.finditer(masked, 0, position + 1)
              if m.start() < position]
    start = starts[-1] if starts else 0
    while start < position and masked[start].isspace():
        start += 1
    following = _PASSAGE_START.search(masked, position)
    end = following.start() if following else len(masked)
    return start, end


def _shown(segments: list[tuple[str, bool]]) -> str:
    text = "".join(piece for piece, _ in segments)
    text = re.sub(r"\*\*|\{:[^}]*\}", "", _TAG.sub("", text))
    return " ".join(text.split())


# ---- once a page -----------------------------------------------------------------------------


def static_problems(path: str, text: str, *, rules: bool = True) -> list[Stale]:
    """What no reroll can fix: code names in a chapter's prose (``rules``), notes speaking of
    a card with nothing a Reroll can mark or rewrite in them."""
    masked = mask_blocks(text)
    found = []
    for number, line in enumerate(masked.split("\n") if rules else [], 1):
        for span in _CODE_SPAN.finditer(line):
            if _CODE_LIKE.search(span[1]):
                found.append(Stale(path, number, "code", span[0],
                                   "a name of the engine's code in the rules prose: say it in "
                                   "words"))
    for note_line, note, body in _notes(text):
        if not _DEICTIC.search(note):
            continue
        if "rules-check" in body or "{: narrates" in body or "]{=" in body:
            continue
        words = _DEICTIC.search(note)
        assert words is not None
        found.append(Stale(path, note_line, "note", words.group(),
                           "a note that speaks of a card, with nothing a Reroll can mark or "
                           "rewrite in it: bind its numbers, mark it {: narrates }, or say "
                           "it of the documented roll"))
    return found


def _notes(text: str) -> Iterator[tuple[int, str, str]]:
    """Each admonition of the page: its line, its prose (code blocks blanked) and its body."""
    lines = text.split("\n")
    masked = mask_blocks(text).split("\n")
    number = 0
    while number < len(lines):
        opening = _ADMONITION.match(lines[number])
        if not opening:
            number += 1
            continue
        indent = len(opening["indent"])
        end = number + 1
        while end < len(lines) and (not lines[end].strip()
                                    or len(lines[end]) - len(lines[end].lstrip()) > indent):
            end += 1
        title = lines[number].split('"')[1] if lines[number].count('"') >= 2 else ""
        yield (number + 1, title + "\n" + "\n".join(masked[number + 1:end]),
               "\n".join(lines[number + 1:end]))
        number = end


def main(argv: list[str] | None = None) -> int:
    """Read every page given (default: every page under ``docs``); exit 1 on a stale one."""
    parser = argparse.ArgumentParser(prog="story_reader", description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["docs"])
    parser.add_argument("--seeds", type=int, default=SEEDS)
    options = parser.parse_args(argv)
    pages = sorted({str(page) for given in options.paths for page in (
        Path(given).rglob("*.md") if Path(given).is_dir() else [Path(given)])})
    context = multiprocessing.get_context("fork")
    chapters = {system.name for system in systems()}
    stale = cards = rerolls = checks = idle = 0
    for page in pages:
        rules = Path(page).parent.name in chapters
        with context.Pool(1) as pool:
            reading = pool.apply(read_page, (page, Path(page).read_text(encoding="utf-8"),
                                             options.seeds), {"rules": rules})
        for problem in reading.stale:
            print(problem)
        stale += len(reading.stale)
        cards += reading.cards
        rerolls += reading.rerolls
        checks += len(reading.checks)
        idle += reading.checks_never_following
    print(f"{cards} cards × {options.seeds} seeds ({rerolls} rerolls) on {len(pages)} pages: "
          f"{stale} stale sentences; {checks} checks after a rerolled card, {idle} of which "
          "no reroll changed", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

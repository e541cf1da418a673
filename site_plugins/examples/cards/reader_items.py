"""What an example's reader view shows, in order, before it is drawn: the characters it sets
up (stat lines), each result the engine explains, what the example printed, the moves the
rules refused, and the values an author gave words.

A value already shown by a panel is not shown again (the same object, unchanged, shown by a
later statement); consecutive rounds of a play loop (results with the same title, no dice,
and tables of the same columns) fold into one table. Plain values (a tuple, a number, a flag)
are the code view's, unless the author gave them words with a comment after the statement
(``>>> scene.ad_left(tam)  # AD left``), which the reader view then shows as ``AD left 4``.

Pure Python (no MkDocs): the browser draws rerolled cards with it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules_core.explain import Explanation, StatLine, TableView
from site_plugins.examples.cards.render_code import statement_words
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


def _step_items(step: StepRun) -> list[Item]:
    if step.code_error:
        return []
    items: list[Item] = [*step.stats, *step.views]
    printed = _printed(step)
    if printed:
        items.append(Note(printed))
    if step.rules_error:
        items.append(Note(refusal_words(step.refusal), refused=True))
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


def refusal_words(refusal: str) -> str:
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

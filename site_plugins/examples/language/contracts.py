"""A card's reroll contract: the rolls a Reroll may give it, so that the page's story holds.

Some examples tell a story whose later cards make sense only for some outcomes: a chain told
after a Clinch that holds, a row of a table reached by the faces written. The author says so
on the card's fence, in one of two ways, and every Reroll keeps it, openly:

* ``keep="clinch.succeeded" until="the Clinch holds"``: a Reroll rolls the card again until
  the condition holds, at most :data:`MAX_TRIES` times, and the card says so ("Rerolled until
  the Clinch holds: 2 rolls."). The condition is Python that reads what the card made, as a
  bound value's expression does (:mod:`~site_plugins.examples.language.bound_expressions`),
  evaluated right after the card ran, with ``_`` its last value shown.
* ``fixed="4" keeping="the four ones of the fumble"``: the first 4 faces the card rolls (its
  ``rolled()`` calls in order) keep their documented values on every Reroll; only the faces
  after them are rolled, and the card says so ("Keeps the four ones of the fumble as
  documented; only the other dice are rolled."). A card whose every face is fixed rolls
  nothing of its own: it has no Reroll button, and keeps its dice when an earlier card is
  rerolled.

The build checks a contract at its fence's line: the documented roll must keep it, and a
``keep`` must hold in at least :data:`MIN_KEPT` of :data:`TRIALS` fresh rolls (seeded, so
the check is the same on every build): one that no roll keeps, or that a Reroll would need
too many tries for, is an error that says so. No MkDocs here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from site_plugins.examples.language.bound_expressions import expression_problem, syntax_problem

#: The fence options of a contract, each with the one it needs beside it.
PAIRS = {"keep": "until", "until": "keep", "fixed": "keeping", "keeping": "fixed"}
#: Most fresh rolls a Reroll makes for a ``keep`` before it gives up.
MAX_TRIES = 200
#: Fresh rolls the build makes of a card with a ``keep``, and how many of them must keep it
#: (1 in 10: a Reroll then runs out of tries about once in a billion).
TRIALS = 100
MIN_KEPT = 10
#: Longest words of a contract (``until``, ``keeping``), in characters.
MAX_WORDS = 120
_MARKUP = re.compile(r"[*_`<>\\|\[\]{}]")


@dataclass(frozen=True)
class Contract:
    """What a Reroll keeps of a card (see the module): a condition and its words, or the
    number of its first faces that stay as documented and their words. ``faces`` are those
    documented faces, one tuple per ``rolled()`` call, once the card has run."""

    keep: str = ""
    until: str = ""
    fixed: int = 0
    keeping: str = ""
    faces: tuple[tuple[int, ...], ...] = ()

    def with_faces(self, rolls: tuple[tuple[int, ...], ...]) -> Contract:
        """The contract with its fixed faces taken from ``rolls``, the documented ones."""
        if not self.fixed:
            return self
        left, faces = self.fixed, []
        for roll in rolls:
            faces.append(tuple(roll[:left]))
            left -= len(faces[-1])
        return Contract(self.keep, self.until, self.fixed, self.keeping, tuple(faces))

    def fixes_all(self, rolls: tuple[tuple[int, ...], ...]) -> bool:
        """Whether every face of ``rolls`` is fixed: the card rolls nothing of its own."""
        return bool(self.fixed) and self.fixed >= sum(len(roll) for roll in rolls)

    def said(self, tries: int, held: bool) -> str:
        """What the card says after a Reroll that took ``tries`` fresh rolls."""
        parts = []
        if self.fixed:
            parts.append(f"Keeps {self.keeping} as documented; only the other dice are rolled.")
        if self.keep and held:
            rolls = "1 roll" if tries == 1 else f"{tries} rolls"
            parts.append(f"Rerolled until {self.until} ({rolls}).")
        elif self.keep:
            parts.append(f"No roll in {tries} kept the story ({self.until}): the text around "
                         "this card tells the documented roll.")
        return " ".join(parts)

    def as_data(self) -> dict[str, Any]:
        """The contract as a card's data carries it to the browser."""
        return {"keep": self.keep, "until": self.until, "fixed": self.fixed,
                "keeping": self.keeping, "faces": [list(f) for f in self.faces]}


@dataclass
class ContractRun:
    """How a card's contract went in one run: whether its dice keep it (for the documented
    roll at build time), how many fresh rolls a Reroll took (0: it rolled none), how many of
    the build's :data:`TRIALS` fresh rolls kept it (-1: not measured), and the error its
    condition raised ("" if none)."""

    held: bool = True
    tries: int = 0
    kept: int = -1
    error: str = ""


def read_contract(options: dict[str, str], kind: str) -> tuple[Contract | None, str]:
    """The contract the fence's ``options`` write (``None`` if none) and the first problem
    with it ("" if none); ``kind`` is ``example`` or ``check``."""
    given = [key for key in PAIRS if key in options]
    if not given:
        return None, ""
    if kind != "example":
        return None, (f"a rules-check is never rerolled, so it takes no {given[0]}=: "
                      "put the contract on the card whose Reroll it is about")
    for key in given:
        if PAIRS[key] not in options:
            return None, (f"{key}= needs {PAIRS[key]}= beside it: "
                          + ('keep="clinch.succeeded" until="the Clinch holds"'
                             if key in ("keep", "until") else
                             'fixed="4" keeping="the four ones of the fumble"'))
    for key in ("until", "keeping"):
        problem = _words_problem(key, options.get(key))
        if problem:
            return None, problem
    fixed = options.get("fixed", "0")
    if not fixed.isascii() or not fixed.isdigit() or (int(fixed) == 0 and "fixed" in options):
        return None, (f"fixed={fixed!r} is no number of faces: write how many of the first "
                      'faces the card rolls stay as documented, fixed="4"')
    keep = " ".join(options.get("keep", "").split())
    if "keep" in options:
        problem = _condition_problem(keep)
        if problem:
            return None, problem
    return Contract(keep, options.get("until", ""), int(fixed), options.get("keeping", "")), ""


def _words_problem(key: str, words: str | None) -> str:
    if words is None:
        return ""
    if not words.strip():
        return f"{key}= is empty: say in words what the Reroll keeps"
    if len(words) > MAX_WORDS:
        return f"{key}= is {len(words)} characters long; at most {MAX_WORDS}"
    if _MARKUP.search(words):
        return f"{key}={words!r} holds Markdown or brackets: the card writes it as plain words"
    return ""


def _condition_problem(keep: str) -> str:
    if not keep:
        return 'keep= is empty: write the condition a Reroll keeps, keep="clinch.succeeded"'
    problem = syntax_problem(keep, f"keep={keep!r}") or expression_problem(keep, "keep")
    return problem.replace("the bound value [keep]", f"the condition {keep!r}")


def holds(keep: str, namespace: dict[str, Any], shown: Any) -> tuple[bool, str]:
    """Whether the condition ``keep`` is true in ``namespace`` (``_`` is ``shown``), and the
    error it raised ("" if none: then it is not kept)."""
    names = {name: value for name, value in namespace.items() if name != "rolled"}
    try:
        return bool(eval(compile(keep, "<keep>", "eval"), names, {"_": shown})), ""
    except (Exception, SystemExit, KeyboardInterrupt) as error:
        return False, f"{type(error).__name__}: {error}"

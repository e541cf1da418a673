"""The words of each odds question a card shows, worked out once.

Working out exact odds is the slowest part of drawing a card, and the same question comes
back on every reroll of a card and every build of ``mkdocs serve``. An :class:`OddsLines`
keeps the lines it worked out (at most ``limit``, the least recently used leaving first)
and the lines a build read from its cache on disk (:mod:`~site_plugins.examples.site.
odds_cache`), by the question's ``repr``, which names every part of the question.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

from rules_core.odds_text import describe
from rules_core.question import Question

MAX_LINES = 20_000
"""The most lines worked out that a process keeps (this site's cards ask about 460)."""


class OddsLines:
    """Odds lines by question: worked out once, or read from a cache."""

    def __init__(self, limit: int = MAX_LINES) -> None:
        self.limit = limit
        self._worked: OrderedDict[Question, str] = OrderedDict()
        self._known: dict[str, str] = {}

    def line(self, question: Question) -> str:
        """The words of ``question``: kept, known from a cache, or worked out now."""
        line = self._worked.get(question)
        if line is not None:
            self._worked.move_to_end(question)
            return line
        known = self._known.get(repr(question)) if self._known else None
        line = known if known is not None else describe(question)
        self._worked[question] = line
        while len(self._worked) > self.limit:
            self._worked.popitem(last=False)
        return line

    def learn(self, known: Mapping[str, str]) -> None:
        """Take the lines of a cache (by question ``repr``); what is kept is not changed."""
        self._known.update(known)

    def lines(self) -> dict[str, str]:
        """Every line known here, by question ``repr``: for the cache."""
        return {**self._known, **{repr(q): line for q, line in self._worked.items()}}

    def __len__(self) -> int:
        return len(self._worked)


ODDS_LINES = OddsLines()
"""The odds lines of this process: the renderer's (a build seeds it from its cache)."""

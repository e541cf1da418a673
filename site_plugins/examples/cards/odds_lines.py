"""The words of each odds question a card shows, worked out once.

Working out exact odds is the slowest part of drawing a card, and the same question comes
back on every reroll of a card and every build of ``mkdocs serve``. An :class:`OddsLines`
keeps the lines it worked out (at most ``limit``, the least recently used leaving first)
and the lines a build read from its cache on disk (:mod:`~site_plugins.examples.site.
odds_cache`), by the question's ``repr``, which names every part of the question.

In the browser the odds come a moment after a card's first result: the page loads icepool
(which :mod:`rules_core.odds` needs) only once that result is out. Until then
:meth:`OddsLines.ready` is false, nothing here imports the odds, and the cards draw a line
saying the odds are on their way (:attr:`OddsLines.waited` counts them).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import OrderedDict
from collections.abc import Mapping

from rules_core.question import Question

#: The distribution the odds are worked out with (imported by :mod:`rules_core.odds` only).
ODDS_ENGINE = "icepool"

MAX_LINES = 20_000
"""The most lines worked out that a process keeps (this site's cards ask about 460)."""


class OddsLines:
    """Odds lines by question: worked out once, or read from a cache."""

    def __init__(self, limit: int = MAX_LINES) -> None:
        self.limit = limit
        self._worked: OrderedDict[Question, str] = OrderedDict()
        self._known: dict[str, str] = {}
        #: Lines asked for while the odds could not be worked out yet (see :meth:`ready`).
        self.waited = 0

    def ready(self) -> bool:
        """Whether odds can be worked out here: icepool is imported or importable (in the
        browser, once the page has loaded its wheel)."""
        return ODDS_ENGINE in sys.modules or importlib.util.find_spec(ODDS_ENGINE) is not None

    def line(self, question: Question) -> str:
        """The words of ``question``: kept, known from a cache, or worked out now."""
        from rules_core.odds_text import describe  # imports icepool's user: once it is here

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

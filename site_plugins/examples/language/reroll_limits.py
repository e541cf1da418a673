"""What the browser's Reroll accepts from a page in one request.

The Reroll (:mod:`~site_plugins.examples.cards.reroll`) refuses a request past these limits, and
the build fails a page whose examples, bound values or statements are past them
(:func:`~site_plugins.examples.language.verify.check_reroll_limits`), so that a Reroll never refuses
a page the build drew. No MkDocs here.
"""

from __future__ import annotations

#: Most cards a page may send in one request.
MAX_CARDS = 200
#: Longest step source accepted from the page, in characters.
MAX_SOURCE = 20_000
#: Most faces one card may carry (every ``rolled(...)`` call together).
MAX_FACES = 10_000
#: Most bound values of the prose one card may carry.
MAX_BINDINGS = 200

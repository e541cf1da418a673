"""``mkdocs serve --strict``: a failing example is drawn red on its card, not a stopped build.

MkDocs counts every warning and error logged during a build; under ``strict`` (this site's
``mkdocs.yml``, and ``make serve``) any count aborts the build, and ``mkdocs serve`` keeps
serving the site as it was before the save ("The server will appear stuck"). But a failing
example while serving is the page being written: the author should see it where it is, on
its card, with expected and got.

So under ``mkdocs serve`` the plugin logs a failing example as an error with a mark
(:data:`MARK`), and :func:`leave_out_of_strict` gives MkDocs' counter a filter that skips
marked records: the error is printed as before, the build goes on, the card turns red.
Everything else still counts under ``strict`` (a broken link, a term missing from a
glossary). ``mkdocs build`` never marks a failure: a failing example stops it.

ProperDocs (MkDocs 1.x continued) counts on its own logger, ``properdocs`` (``mkdocs`` is
made its child), with its own ``CountHandler``: ``properdocs serve`` gets the filter too.
"""

from __future__ import annotations

import importlib
import logging

from mkdocs.utils import CountHandler

#: ``extra`` for a log record of a failure drawn on its card.
MARK = {"rules_examples_drawn_on_card": True}


class _NotDrawnOnCards(logging.Filter):
    """Lets through every record but those of failures drawn on their cards."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(record, "rules_examples_drawn_on_card", False)


NOT_DRAWN_ON_CARDS = _NotDrawnOnCards()

#: The loggers a strict build counts on: MkDocs' and ProperDocs'.
STRICT_LOGGERS = ("mkdocs", "properdocs")


def counter_types() -> tuple[type[logging.Handler], ...]:
    """MkDocs' ``CountHandler``, and ProperDocs' where it is installed."""
    try:
        properdocs = importlib.import_module("properdocs.utils")
    except ImportError:
        return (CountHandler,)
    return (CountHandler, properdocs.CountHandler)


def leave_out_of_strict(logger: logging.Logger | None = None) -> int:
    """Give each counter of this build (a ``CountHandler`` on the ``mkdocs`` or the
    ``properdocs`` logger) the filter; return how many counters there are."""
    loggers = [logger] if logger else [logging.getLogger(name) for name in STRICT_LOGGERS]
    types = counter_types()
    counters = [handler for each in loggers for handler in each.handlers
                if isinstance(handler, types)]
    for counter in counters:
        if NOT_DRAWN_ON_CARDS not in counter.filters:
            counter.addFilter(NOT_DRAWN_ON_CARDS)
    return len(counters)

"""Options of the ``rules-examples`` MkDocs plugin."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class ExamplesConfig(Config):
    """``plugins: - rules-examples: {...}`` in ``mkdocs.yml``."""

    enabled = c.Type(bool, default=True)
    """Verify and draw examples; when off, example fences render as plain code blocks."""

    time_limit = c.Type(float, default=10.0)
    """Seconds one example may run at build time before it is stopped and fails."""

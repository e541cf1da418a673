"""What one process keeps from a build to the next, in one object: :data:`SERVE`.

``mkdocs serve`` runs every build in one process, and makes a new plugin (and reads the
configuration again) for each, so what a later build reuses must outlive the plugin. It
lives here and nowhere else: the checked pages (:mod:`~site_plugins.examples.checking.
result_cache`), the converted pages (:mod:`~site_plugins.examples.serving.page_cache`), the
pages' search entries (:mod:`~site_plugins.examples.serving.search_cache`), the theme's
compiled templates (:mod:`~site_plugins.examples.serving.template_cache`) and the scanned
pages of the Content-Security-Policy (:mod:`~site_plugins.examples.browser_engine.csp`).
The plugin hands each part to the module that uses it; those modules keep nothing of their
own. Every part is bounded (:class:`~site_plugins.examples.serving.kept.Kept`) and keyed by
everything its value is made from, so one page never gets another's. No MkDocs here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from site_plugins.examples.browser_engine.csp import SiteScan
from site_plugins.examples.checking.result_cache import ResultCache
from site_plugins.examples.serving.kept import Kept
from site_plugins.examples.serving.page_cache import Rendered
from site_plugins.examples.serving.template_cache import KeptTemplates

#: How many of each a process keeps (the least recently used leave first).
PAGES_KEPT = 1000
SEARCH_ENTRIES_KEPT = 500
SCANS_KEPT = 1000


@dataclass
class ServeState:
    """Everything a process keeps between builds (see the module)."""

    results: ResultCache = field(default_factory=ResultCache)
    pages: Kept[str, Rendered] = field(default_factory=lambda: Kept(PAGES_KEPT))
    search_entries: Kept[str, list[dict[str, Any]]] = field(
        default_factory=lambda: Kept(SEARCH_ENTRIES_KEPT))
    templates: KeptTemplates = field(default_factory=KeptTemplates)
    scans: Kept[tuple[str, str], SiteScan] = field(default_factory=lambda: Kept(SCANS_KEPT))


SERVE = ServeState()
"""The process's one state: what ``mkdocs serve``'s builds (and tests that build several
times in one process) keep from one build to the next."""

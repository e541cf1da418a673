"""The ``rules-examples`` MkDocs plugin: thin hooks around the checker, the cards, the
glossary, the rollers and the browser engine.

Every page's examples run when the page's Markdown is read; a failure is logged with its
``docs/<page>.md:<line>``, expected and actual output, and ``mkdocs build`` then stops
before any page is written. ``mkdocs serve`` keeps serving and draws the failing card in
red, so an author sees the problem where it is.

A page whose Markdown, limits and engine are those of a page that verified in an earlier
build of the same process is not checked again (:mod:`~site_plugins.examples.checking.page_checks`):
``mkdocs serve`` re-verifies only the page an author saved, and every page once the engine
changes. Whether the build ships the browser engine (and so draws Reroll at all) is decided
when the configuration is read
(:func:`~site_plugins.examples.browser_engine.engine_plan.plan_engine`).

``mkdocs serve`` alone also hears a save through the system's file events
(:mod:`~site_plugins.examples.serving.serve_watch`) and keeps, from one build to the next,
each page's conversion (:mod:`~site_plugins.examples.serving.page_cache`), its search entries
(:mod:`~site_plugins.examples.serving.search_cache`), the theme's compiled templates
(:mod:`~site_plugins.examples.serving.template_cache`) and each page's
Content-Security-Policy scan, all in the process's one state
(:mod:`~site_plugins.examples.serving.serve_state`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url, meta

from rules_core.system import System, SystemDeclarationError, systems
from site_plugins.examples.browser_engine.csp import POLICY_FILE
from site_plugins.examples.browser_engine.engine_plan import (
    BrowserEngineError,
    EnginePlan,
    find_node,
    plan_engine,
)
from site_plugins.examples.browser_engine.runtime_fetch import find_npm, user_cache
from site_plugins.examples.cards.odds_lines import ODDS_LINES
from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.checking.checker import CheckLimits
from site_plugins.examples.checking.confinement import unconfined_reason
from site_plugins.examples.checking.page_checks import PageCheckError, PageChecks
from site_plugins.examples.checking.page_text import (
    PageTextError,
    front_matter_error,
    page_text_failure,
    read_page,
)
from site_plugins.examples.language.lexer import slug
from site_plugins.examples.language.verify import Failure, PageResult
from site_plugins.examples.serving import drawn_failures, page_cache, search_cache, serve_watch
from site_plugins.examples.serving.serve_state import SERVE
from site_plugins.examples.shipping.files import (
    PAGE_SCRIPT,
    STYLESHEET,
    EngineOptions,
    ShippingError,
    asset_files,
    finish_site,
    write_engine,
)
from site_plugins.examples.site.chapters.reference_links import (
    imported_names,
    name_links,
    reference_entries,
)
from site_plugins.examples.site.chapters.reference_pages import (
    add_reference_pages,
    place_reference_pages,
)
from site_plugins.examples.site.chapters.roller_pages import add_roller_pages, place_roller_pages
from site_plugins.examples.site.chapters.search_titles import game_names, name_games
from site_plugins.examples.site.chapters.system_pages import (
    SystemPageError,
    present,
    reference_uri,
    used,
    with_systems_table,
)
from site_plugins.examples.site.config import ExamplesConfig
from site_plugins.examples.site.dice_markdown import DiceMarkdown
from site_plugins.examples.site.glossary import Chapters, focusable_first_uses
from site_plugins.examples.site.odds_cache import load_odds, save_odds
from site_plugins.examples.site.page_cards import PageCards, too_large_notes
from site_plugins.examples.site.page_files import (
    first_line_of,
    plural,
    raw_text,
    site_root,
    source_path,
)

log = get_plugin_logger("rules-examples")

#: The Markdown extensions a chapter's glossary needs: its page is a definition list, and
#: every page of the chapter gets its abbreviations as ``*[AD]: …`` lines (glossary.py).
GLOSSARY_EXTENSIONS = ("def_list", "abbr")
#: Material's search dialog as its template writes it, which the plugin gives a name.
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def _page_text(file: File) -> str:
    """A documentation file's text, read as the checker reads pages."""
    if file.abs_src_path is None:
        return file.content_string.replace("\r\n", "\n")
    return read_page(Path(file.abs_src_path))


class ExamplesPlugin(BasePlugin[ExamplesConfig]):
    """Verify worked examples at build time and draw them as cards."""

    def __init__(self) -> None:
        self.command = "build"
        self.failures: list[Failure] = []
        self.cards = PageCards()
        #: Every page's cards as the page sends them to the engine (by ``src_uri``), for the
        #: build's own trace of what the engine imports in the browser.
        self.page_cards: dict[str, list[dict[str, object]]] = {}
        #: What this process keeps between builds (``mkdocs serve``), in one place.
        self.state = SERVE
        self.checks = PageChecks(self.state.results)
        #: What this build ships for Reroll (decided in ``on_config``).
        self.engine = EnginePlan()
        #: The chapters and their glossaries, read again by every build (``on_config``).
        self.chapters = Chapters(Path(), Path(), frozenset())
        #: The engine reference: each import path it documents → the page (``src_uri``).
        self.reference: dict[str, str] = {}
        self.files: Files | None = None
        #: The chapters' "Roll your own" pages this build added (``src_uri``).
        self.roller_pages: list[str] = []
        #: Every installed system (``on_config``), and those whose chapter is a page of this
        #: site (in the navigation's order once it is known), and the engine reference pages
        #: made for them (``src_uri``, title).
        self.declared: tuple[System, ...] = ()
        self.systems: tuple[System, ...] = ()
        self.reference_pages: list[tuple[str, str]] = []
        #: Each chapter's folder → the names of its game, for search results (``on_nav``).
        self.games: dict[str, tuple[str, ...]] = {}
        #: ``mkdocs serve``: every page's ``src_uri`` and the configuration file's text (part
        #: of each page's key in the page cache); the pages this build takes from the page
        #: cache, and those whose conversion it records for the next build.
        self.page_uris: tuple[str, ...] = ()
        self.config_text = ""
        self.conversions = page_cache.Conversions(self.state.pages)
        #: ``mkdocs serve`` has said once how it ships the engine.
        self.said_serve_engine = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.command = command
        self.said_serve_engine = False

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        self.failures = []
        self.cards = PageCards()
        self.page_cards = {}
        self.games = {}
        self.engine = EnginePlan()
        try:
            self.declared = systems()
        except SystemDeclarationError as error:
            raise PluginError(str(error)) from None
        self.systems = self.declared  # until on_files keeps the site's
        self.chapters = Chapters(Path(config.docs_dir), site_root(config),
                                 frozenset(system.name for system in self.systems))
        if not self.config.enabled:
            self.checks.close()
            return config
        self.engine = self._plan_engine(config)
        if self.engine.note:
            log.info(self.engine.note)
        if self.engine.warning:
            log.warning(self.engine.warning)
        load_odds(self._cache(), ODDS_LINES)
        if not any(isinstance(e, DiceMarkdown) for e in config.markdown_extensions):
            config.markdown_extensions.append(DiceMarkdown())  # "2d6" in prose: rollable
        if self.chapters.with_glossaries():  # a glossary's list, its abbreviations' tooltips
            config.markdown_extensions.extend(name for name in GLOSSARY_EXTENSIONS
                                              if name not in config.markdown_extensions)
        if STYLESHEET not in config.extra_css:
            config.extra_css.insert(0, STYLESHEET)  # first, so a site's own CSS can override it
        scripts = {str(script) for script in config.extra_javascript}
        if self.engine.reroll and PAGE_SCRIPT not in scripts:
            script = ExtraScriptValue(PAGE_SCRIPT)
            script.defer = True  # a classic script (files.py): no host can mistype it away
            config.extra_javascript.append(script)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        index = search_cache.search_index_of(config.plugins)
        if self.config.enabled and self.command == "serve":
            drawn_failures.leave_out_of_strict()
            # Material's search parses again only the pages whose HTML changed.
            if index is not None:
                search_cache.install(index, self.state.search_entries)
        if self.config.enabled and index is not None:  # "Glossary — Warlords of Kruhl 3e"
            name_games(index, lambda src_uri: next(
                (names for folder, names in self.games.items() if src_uri.startswith(folder)),
                ()))

    def on_serve(self, server: Any, /, *, config: MkDocsConfig, builder: Any) -> Any:
        # A save starts the rebuild at once: file events, with MkDocs' polling kept.
        if self.config.enabled:
            serve_watch.listen_for_events(server)
        return server

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.config.enabled:
            page_uris = [f.src_uri for f in files.documentation_pages()]
            self.systems = present(self.systems, page_uris)
            try:  # the cards' stylesheet (with every tone's rules) and scripts
                assets = asset_files(self.systems, self.engine.reroll)
            except ShippingError as error:
                raise PluginError(str(error)) from None
            for uri, asset in assets.items():
                files.append(File.generated(config, uri, content=asset) if isinstance(asset, str)
                             else File.generated(config, uri, abs_src_path=str(asset)))
            self.roller_pages = add_roller_pages(files, config, self.systems)
            # The systems' engine reference pages are mkdocstrings blocks: only where the
            # site renders them (this site does; an author's may not list mkdocstrings).
            try:
                self.reference_pages = add_reference_pages(files, config, self.systems) \
                    if "mkdocstrings" in config.plugins else []
            except SystemPageError as error:
                raise PluginError(str(error)) from None
            self._start_checking(files, config)
            self.files = files
            self.page_uris = tuple(sorted(f.src_uri for f in files.documentation_pages()))
            self.config_text = Path(config.config_file_path).read_text("utf-8") \
                if config.config_file_path else ""
            self.conversions.stop()
            self.reference = reference_entries(
                {f.src_uri: f.content_string for f in files.documentation_pages()
                 if f.src_uri.startswith("reference/")})
        return files

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files
               ) -> Navigation | None:
        if self.config.enabled and self.roller_pages:
            place_roller_pages(nav, self.roller_pages, files)
        if self.config.enabled:
            self.systems = present(self.systems, [page.file.src_uri for page in nav.pages])
            self.games = game_names(nav.items, self.systems)
            order = {reference_uri(system): i for i, system in enumerate(self.systems)}
            self.reference_pages.sort(key=lambda added: order.get(added[0], len(order)))
            place_reference_pages(nav, self.reference_pages, files)
        return nav

    def _start_checking(self, files: Files, config: MkDocsConfig) -> None:
        """Send every page to the checker now; each page's Markdown event collects its result
        (or checks again, if another plugin changed the Markdown in between)."""
        self.checks.start_build(CheckLimits(time_limit=self.config.time_limit,
                                            memory_mb=self.config.memory_limit),
                                self.config.jobs)
        if why := unconfined_reason():
            log.info(why)  # what the checker cannot enforce here (README, Trust model)
        for file in files.documentation_pages():
            try:
                raw = _page_text(file)
            except (OSError, PageTextError):
                continue  # reported when the page is read (on_page_read_source)
            markdown, _meta = meta.get_data(raw)
            self.checks.send(file.src_uri, source_path(file, config), markdown,
                             first_line_of(raw, markdown), raw)

    def on_page_read_source(self, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """The page's file read as the checker reads it (UTF-8, without a byte-order mark);
        a file that is not UTF-8 is a failure at its line, not a traceback."""
        if not self.config.enabled or page.file.abs_src_path is None:
            return None
        try:
            return _page_text(page.file)
        except PageTextError as error:
            self._page_failure(page_text_failure(source_path(page.file, config), error))
            return Path(page.file.abs_src_path).read_bytes().decode("utf-8", "replace")

    def _page_failure(self, failure: Failure) -> None:
        log.error(str(failure), extra=drawn_failures.MARK if self.command == "serve" else None)
        self.failures.append(failure)

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str | None:
        if not self.config.enabled:
            return markdown
        raw = raw_text(page)
        front_matter = front_matter_error(raw)
        if front_matter is not None:
            self._page_failure(page_text_failure(source_path(page.file, config), front_matter))
        try:
            result = self.checks.result(page.file.src_uri, source_path(page.file, config),
                                        markdown, first_line_of(raw, markdown), raw)
        except PageCheckError as error:
            raise PluginError(str(error)) from None
        for failure in result.all_failures:  # serve: drawn on the card, not a stopped build
            log.error(str(failure), extra=drawn_failures.MARK if self.command == "serve" else None)
        self.failures.extend(result.all_failures)
        self._keep_cards(page.file.src_uri, result)
        placed = self.cards.place(markdown, result, slug(page.file.src_uri),
                                  self._reference_links(result, page),
                                  log.warning if self.config.empty_cards == "warn" else log.info,
                                  self.chapters.tooltips(page.file.src_uri))
        for note in too_large_notes(result):  # the page is right: information, not a warning
            log.info(note)
        placed = with_systems_table(placed, self.systems, page.file.src_uri)
        converting = self._terms(placed, page)
        if self.command == "serve":
            return self._from_cache(converting, page, config)
        return converting

    def _from_cache(self, markdown: str, page: Page, config: MkDocsConfig) -> str:
        """``mkdocs serve``: a page converted before from the same Markdown is not converted
        again (:mod:`~site_plugins.examples.serving.page_cache`); one that was not is
        recorded."""
        key = page_cache.page_key(page.file.src_uri, markdown, self.checks.engine_code,
                                  self.config_text, self.page_uris)
        return self.conversions.markdown_to_convert(page, markdown, key,
                                                    config.plugins.get("autorefs"))

    @event_priority(100)  # a page from the cache gets its HTML before others read it
    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        # The prose's terms made focusable before the cards go in (and before it is kept).
        html = self.conversions.converted(page, html, config.plugins.get("autorefs"), files,
                                          focusable_first_uses)
        filled = self.cards.fill(html, page.toc.items)
        if page.present_anchor_ids is not None:
            # MkDocs gathered the page's anchors before the cards went in; a link to a card
            # (``criticals.md#a-horrible-death``) is to an anchor the page has.
            page.present_anchor_ids |= set(self.cards.drawn_ids)
        return filled

    def _terms(self, markdown: str, page: Page) -> str:
        """A chapter's page with its glossary's abbreviations appended, so each use gets a
        tooltip; a warning (an error under ``strict``) for every all-capitals word the
        glossary lacks. Appended per chapter, not with pymdownx.snippets' ``auto_append``
        (every page of the site): two systems may use the same letters differently."""
        terms = self.chapters.page_terms(page.file.src_uri, raw_text(page))
        for problem in terms.problems:
            log.warning(problem)
        return markdown + terms.abbreviations

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        # Material's search is a dialog without a name (axe-core: aria-dialog-name).
        return output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Search">', 1)

    @event_priority(100)  # before other plugins spend time on a build that will stop
    def on_env(self, env: Any, /, *, config: MkDocsConfig, files: Files) -> Any:
        if self.failures and self.command != "serve":
            where = "\n".join(f"  {f.location}: {f.summary}" for f in self.failures)
            failed = sum(1 for f in self.failures if f.checked)
            unchecked = len(self.failures) - failed
            headline = f"{failed} example{'s' if failed != 1 else ''} did not verify"
            if unchecked:
                headline += f" ({unchecked} more not checked)"
            raise PluginError(f"{headline}:\n{where}")
        if self.config.enabled and self.command == "serve" and env.bytecode_cache is None:
            env.bytecode_cache = self.state.templates  # a save compiles no template again
        return env

    def on_build_error(self, *, error: Exception) -> None:
        self.conversions.stop()
        self.checks.close()

    def on_shutdown(self) -> None:
        self.checks.close()

    def _keep_cards(self, src_uri: str, result: PageResult) -> None:
        if any(run.rerollable for run in result.runs):
            self.page_cards[src_uri] = page_card_data(result.runs, slug(src_uri),
                                                      result.setup_source)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            self.checks.close()
            return
        # Pages checked but not drawn (``--dirty`` draws only the pages changed): their cards
        # still go to the engine's trace.
        for src_uri, result in self.checks.unread().items():
            self._keep_cards(src_uri, result)
        if self.command != "serve":
            self.checks.close()  # serve keeps it, its workers ready, for the next build
        if self.checks.kept or self.command == "serve":
            log.info(f"checked {plural(self.checks.checked, 'page')}, kept "
                     f"{plural(self.checks.kept, 'unchanged page')} from an earlier build")
        save_odds(self._cache(), ODDS_LINES)
        if self.engine.pyodide is not None:
            self._write_engine(config, self.engine.pyodide)
        # The Content-Security-Policy hosts can send with this build, where the author asks
        # for it (README, "Content-Security-Policy").
        sources = self.config.csp_sources if self.config.content_security_policy else None
        try:
            written = finish_site(Path(config.site_dir), sources,
                                  self.state.scans if self.command == "serve" else None)
        except ShippingError as error:
            raise PluginError(str(error)) from None
        if written is not None:
            policy, scan = written
            log.info(f"Content-Security-Policy for hosts (in {POLICY_FILE}): {policy}")
            for handler in scan.inline_handlers:
                log.warning(f"{handler}: the recommended Content-Security-Policy blocks it")

    def _plan_engine(self, config: MkDocsConfig) -> EnginePlan:
        """Whether this build ships the engine (README, "Options"); an error where the
        author asked for Reroll (``reroll: true``) and Pyodide is missing."""
        root = site_root(config)
        try:
            return plan_engine(self.config.reroll, self._pyodide_candidates(root),
                               node=find_node(), make_snapshot=self.config.snapshot,
                               root=root, npm=find_npm(),
                               # a folder the author named is the only place to look
                               cache=None if self.config.pyodide_dir else self._cache())
        except BrowserEngineError as error:
            raise PluginError(str(error)) from None

    def _write_engine(self, config: MkDocsConfig, pyodide: Path) -> None:
        """Ship the browser engine. ``mkdocs serve`` ships it as a site without Node would
        (README, "Serve"): Pyodide's whole standard library, the engine's wheel as it is, no
        snapshot. A build traces, compiles and snapshots under Node again when an example's
        dice or the engine change (20–50 s); a save while serving should show in a second."""
        cache = self._cache()
        serving = self.command == "serve"
        if serving and self.engine.node is not None and not self.said_serve_engine:
            log.info("mkdocs serve: Reroll runs on Pyodide's whole standard library, with no "
                     "start-up snapshot, so a changed example or engine needs no step under "
                     "Node; `mkdocs build` trims and snapshots it")
            self.said_serve_engine = True
        options = EngineOptions(self.config.snapshot, self.config.snapshot_first_visit,
                                self.config.reroll_time_limit, self.config.load_stall_limit,
                                service_worker=self.config.service_worker,
                                offline_pages=self.config.offline_pages)
        cards = [self.page_cards[uri] for uri in sorted(self.page_cards)]
        shipped = used(self.declared, self.page_uris, [json.dumps(cards)])
        try:
            notes = write_engine(Path(config.site_dir), pyodide, cache, options, cards=cards,
                                 systems=shipped,
                                 use_node=self.engine.node is not None and not serving)
        except BrowserEngineError as error:
            raise PluginError(str(error)) from None
        for note in notes:  # each a step left out, and what the reader gets instead
            log.warning(note)

    def _cache(self) -> Path:
        return Path(self.config.cache_dir) if self.config.cache_dir else user_cache()

    def _pyodide_candidates(self, root: Path) -> list[Path]:
        if self.config.pyodide_dir:
            return [root / self.config.pyodide_dir]
        folders = [root / "node_modules" / "pyodide", Path.cwd() / "node_modules" / "pyodide"]
        return list(dict.fromkeys(folders))

    def _reference_links(self, result: PageResult, page: Page) -> dict[str, str]:
        """The engine names this page's examples import → their reference entries' URLs."""
        if not self.reference or self.files is None:
            return {}
        sources = [result.setup_source, *(step.source for run in result.runs
                                          for step in run.example.steps)]
        url_of = {}
        for uri in set(self.reference.values()):
            target = self.files.get_file_from_path(uri)
            if target is not None:
                url_of[uri] = get_relative_url(target.url, page.url)
        return name_links(imported_names(sources), self.reference, url_of)

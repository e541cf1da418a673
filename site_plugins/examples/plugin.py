"""The ``rules-examples`` MkDocs plugin: thin hooks around lexer, verify and render.

Every page's examples run when the page's Markdown is read; a failure is logged with its
``docs/<page>.md:<line>``, expected and actual output, and ``mkdocs build`` then stops
before any page is written. ``mkdocs serve`` keeps serving and draws the failing card in
red, so an author sees the problem where it is.

A page whose Markdown, limits and engine are those of a page that verified in an earlier
build of the same process is not checked again (:mod:`~site_plugins.examples.result_cache`):
``mkdocs serve`` re-verifies only the page an author saved, and every page once the engine
changes. Whether the build ships the browser engine (and so draws Reroll at all) is decided
when the configuration is read (:func:`~site_plugins.examples.runtime.plan_engine`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError, Future
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils import get_relative_url, meta

from site_plugins.examples.checker import Checker, CheckerError, CheckLimits
from site_plugins.examples.config import ExamplesConfig
from site_plugins.examples.csp import POLICY_FILE, write_policy
from site_plugins.examples.glossary import Chapters, engine_systems, focusable_first_uses
from site_plugins.examples.hosting import wrongly_typed
from site_plugins.examples.lexer import ExampleBlock
from site_plugins.examples.reference_links import imported_names, name_links, reference_entries
from site_plugins.examples.render import (
    KNOWN_ODDS_LINES,
    ODDS_LINES,
    page_card_data,
    render_card,
)
from site_plugins.examples.render_reader import reader_items
from site_plugins.examples.result_cache import RESULTS, engine_hash, page_key
from site_plugins.examples.roller_pages import add_roller_pages, place_roller_pages
from site_plugins.examples.runtime import (
    BrowserEngineError,
    EnginePlan,
    find_node,
    plan_engine,
    write_runtime,
)
from site_plugins.examples.verify import Failure, PageResult

log = get_plugin_logger("rules-examples")

ASSETS = Path(__file__).parent / "assets"
ASSET_DIR = "assets/rules-examples"
STYLESHEET = f"{ASSET_DIR}/examples.css"
PAGE_SCRIPT = f"{ASSET_DIR}/cards.js"
#: A classic script that says so on the cards when the module script cannot start.
CHECK_SCRIPT = f"{ASSET_DIR}/reroll-check.js"
#: Material's search dialog as its template writes it, which the plugin gives a name.
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
#: Where the browser engine (Pyodide, our wheel, the snapshot) goes in the built site.
RUNTIME_DIR = f"{ASSET_DIR}/pyodide"


class ExamplesPlugin(BasePlugin[ExamplesConfig]):
    """Verify worked examples at build time and draw them as cards."""

    def __init__(self) -> None:
        self.command = "build"
        self.failures: list[Failure] = []
        #: Each card's placeholder → the id it asks for, and how to draw it with its id.
        self.cards: dict[str, tuple[str, Callable[[str], str]]] = {}
        self.token = ""
        self.pages = 0
        #: Every page's cards as the page sends them to the engine (by ``src_uri``), for the
        #: build's own trace of what the engine imports in the browser.
        self.page_cards: dict[str, list[dict[str, object]]] = {}
        self.checker: Checker | None = None
        #: What the checker's workers were started with: its limits, jobs and the engine's
        #: code. ``mkdocs serve`` keeps the checker (and its workers, the engine imported)
        #: for the next build while these are the same.
        self.checker_for: tuple[CheckLimits, int, str] | None = None
        #: The checker this build took over from the one before (``None``: a new one).
        self.kept_checker: Checker | None = None
        self.limits = CheckLimits()
        #: Pages sent to the checker as soon as the files are known (``src_uri`` → the
        #: Markdown sent, its first line and the result to come), so they run in parallel.
        self.checking: dict[str, tuple[str, int, Future[PageResult]]] = {}
        #: What this build ships for Reroll (decided in ``on_config``).
        self.engine = EnginePlan()
        #: The engine's code hash this build's results are kept under (``on_files``).
        self.engine_code = ""
        #: The chapters and their glossaries, read again by every build (``on_config``).
        self.chapters = Chapters(Path(), Path(), frozenset())
        #: Pages this build sent to the checker, and pages whose result an earlier build kept.
        self.checked = 0
        self.kept = 0
        #: The engine reference: each import path it documents → the page (``src_uri``).
        self.reference: dict[str, str] = {}
        self.files: Files | None = None
        #: The chapters' "Roll your own" pages this build added (``src_uri``).
        self.roller_pages: list[str] = []

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.command = command

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        self.failures = []
        self.cards = {}
        self.token = "rxcard" + secrets.token_hex(6)
        self.pages = 0
        self.page_cards = {}
        self.checked = self.kept = 0
        self.checking = {}
        self.engine = EnginePlan()
        self.chapters = Chapters(Path(config.docs_dir), site_root(config), engine_systems())
        if not self.config.enabled:
            self._close_checker()
            return config
        self.engine = self._plan_engine(config)
        if self.engine.note:
            log.info(self.engine.note)
        self.limits = CheckLimits(time_limit=self.config.time_limit,
                                  memory_mb=self.config.memory_limit)
        self._load_odds()
        if STYLESHEET not in config.extra_css:
            config.extra_css.insert(0, STYLESHEET)  # first, so a site's own CSS can override it
        scripts = {str(script) for script in config.extra_javascript}
        if self.engine.reroll and PAGE_SCRIPT not in scripts:
            script = ExtraScriptValue(PAGE_SCRIPT)
            script.type = "module"
            config.extra_javascript.extend([script, ExtraScriptValue(CHECK_SCRIPT)])
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.config.enabled:
            for asset in sorted(ASSETS.iterdir()):
                if asset.suffix == ".js" and not self.engine.reroll:
                    continue
                uri = f"{ASSET_DIR}/{asset.name}"
                files.append(File.generated(config, uri, abs_src_path=str(asset)))
            self.roller_pages = add_roller_pages(files, config)
            self._start_checking(files, config)
            self.files = files
            self.reference = reference_entries(
                {f.src_uri: f.content_string for f in files.documentation_pages()
                 if f.src_uri.startswith("reference/")})
        return files

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files
               ) -> Navigation | None:
        if self.config.enabled and self.roller_pages:
            place_roller_pages(nav, self.roller_pages, files)
        return nav

    def _start_checking(self, files: Files, config: MkDocsConfig) -> None:
        """Send every page to the checker now; each page's Markdown event collects its result
        (or checks again, if another plugin changed the Markdown in between)."""
        self.checking = {}
        self.engine_code = engine_hash()
        wanted = (self.limits, self.config.jobs, self.engine_code)
        self.kept_checker = self.checker
        if self.checker is None or self.checker_for != wanted:
            self._close_checker()  # workers that imported another engine, or other limits
            self.checker = Checker(self.limits, self.config.jobs)
            self.checker_for = wanted
            self.kept_checker = None
        for file in files.documentation_pages():
            try:
                raw = file.content_string.replace("\r\n", "\n")
            except (OSError, ValueError):
                continue  # MkDocs reports an unreadable page itself
            markdown, _meta = meta.get_data(raw)
            first_line = first_line_of(raw, markdown)
            future = self._check(source_path(file, config), markdown, first_line, raw)
            self.checking[file.src_uri] = (markdown, first_line, future)

    def _check(self, path: str, markdown: str, first_line: int,
               raw: str) -> Future[PageResult]:
        """A page's result: kept from an earlier build (no worker starts), or being checked.
        ``raw`` is the page's whole file, whose front matter holds its setup."""
        assert self.checker is not None
        kept = RESULTS.get(self._key(path, markdown, first_line, raw))
        if kept is None:
            self.checked += 1
            return self.checker.submit(path, markdown, first_line, raw)
        self.kept += 1
        done: Future[PageResult] = Future()
        done.set_result(kept)
        return done

    def _key(self, path: str, markdown: str, first_line: int, raw: str) -> str:
        return page_key(path, f"{raw}\0{markdown}", first_line, self.limits, self.engine_code)

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str | None:
        if not self.config.enabled:
            return markdown
        result = self._result(markdown, page, config)
        for failure in result.all_failures:
            log.error(str(failure))
        self.failures.extend(result.all_failures)
        return self._terms(self._place_cards(markdown, result, page), page)

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        html = focusable_first_uses(html)  # the prose's terms, before the cards go in
        if not self.cards:
            return html
        taken = set(heading_ids(page.toc.items))

        def card(match: re.Match[str]) -> str:
            entry = self.cards.get(match["token"])
            if entry is None:
                return match[0]
            wanted, draw = entry
            card_id = wanted if wanted not in taken else unique(f"{wanted}-example", taken)
            taken.add(card_id)
            return draw(card_id)

        return re.sub(rf"(?:<p>)?(?P<token>{self.token}x\d+x\d+)(?:</p>)?", card, html)

    def _terms(self, markdown: str, page: Page) -> str:
        """A chapter's page with its glossary's abbreviations appended, so each use gets a
        tooltip; a warning (an error under ``strict``) for every all-capitals word the
        glossary lacks. Appended per chapter, not with pymdownx.snippets' ``auto_append``
        (every page of the site): two systems may use the same letters differently."""
        terms = self.chapters.page_terms(page.file.src_uri, raw_text(page))
        for problem in terms.problems:
            log.warning(problem)
        return markdown + terms.abbreviations

    def _result(self, markdown: str, page: Page, config: MkDocsConfig) -> PageResult:
        """The page's checked examples: from the check started with the files, or now."""
        first_line = body_first_line(page, markdown)
        path = display_path(page, config)
        raw = raw_text(page)
        sent = self.checking.pop(page.file.src_uri, None)
        if sent and sent[:2] == (markdown, first_line):
            future = sent[2]
        else:
            future = self._check(path, markdown, first_line, raw)
        try:
            result = future.result()
        except (CheckerError, CancelledError) as error:
            if self.kept_checker is None:
                raise PluginError(f"the examples could not be checked: {error}") from None
            # A worker kept from the last build of `mkdocs serve` is gone: start new ones.
            self._renew_checker()
            try:
                result = self._check(path, markdown, first_line, raw).result()
            except CheckerError as again:
                raise PluginError(f"the examples could not be checked: {again}") from None
        RESULTS.put(self._key(path, markdown, first_line, raw), result)
        return result

    def _renew_checker(self) -> None:
        """Replace the checker kept from the last build (once per build)."""
        if self.checker is not self.kept_checker:
            return
        old, self.checker = self.checker, Checker(self.limits, self.config.jobs)
        if old is not None:
            old.close()

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
        return env

    def on_build_error(self, *, error: Exception) -> None:
        self._close_checker()

    def on_shutdown(self) -> None:
        self._close_checker()

    def _collect_unrendered(self) -> None:
        """The cards of pages checked but not drawn by this build (``--dirty`` draws only the
        pages changed), so that the engine's trace still sees every page's cards."""
        for src_uri, (_markdown, _line, future) in self.checking.items():
            try:
                result = future.result()
            except (CheckerError, CancelledError):
                continue
            self._keep_cards(src_uri, result)
        self.checking = {}

    def _keep_cards(self, src_uri: str, result: PageResult) -> None:
        if any(run.rerollable for run in result.runs):
            session = slug(src_uri)
            self.page_cards[src_uri] = page_card_data(result.runs, session,
                                                      result.setup_source)

    def _close_checker(self) -> None:
        if self.checker is not None:
            self.checker.close()
        self.checker = None
        self.checker_for = None
        self.kept_checker = None
        self.checking = {}

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            self._close_checker()
            return
        self._collect_unrendered()
        if self.command != "serve":
            self._close_checker()  # serve keeps it, its workers ready, for the next build
        if self.kept or self.command == "serve":
            log.info(f"checked {plural(self.checked, 'page')}, kept "
                     f"{plural(self.kept, 'unchanged page')} from an earlier build")
        self._save_odds()
        if self.engine.pyodide is not None:
            self._write_engine(config, self.engine.pyodide)
        problems = wrongly_typed(Path(config.site_dir))
        if problems:
            raise PluginError("the built site has files a stock static host would serve with "
                              "the wrong type:\n  " + "\n  ".join(problems))
        # The Content-Security-Policy hosts can send with this build (README, Hosting).
        policy, scan = write_policy(Path(config.site_dir))
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
                               root=root)
        except BrowserEngineError as error:
            raise PluginError(str(error)) from None

    def _write_engine(self, config: MkDocsConfig, pyodide: Path) -> None:
        cache = self._cache()
        notes = write_runtime(Path(config.site_dir) / RUNTIME_DIR, pyodide, cache,
                              make_snapshot=self.config.snapshot,
                              snapshot_first_visit=self.config.snapshot_first_visit,
                              time_limit=self.config.reroll_time_limit,
                              stall_limit=self.config.load_stall_limit,
                              cards=[self.page_cards[uri] for uri in sorted(self.page_cards)],
                              site=Path(config.site_dir),
                              use_node=self.engine.node is not None)
        for note in notes:
            log.info(note)

    def _cache(self) -> Path:
        return Path(self.config.cache_dir or Path.home() / ".cache" / "rules-examples")

    def _odds_file(self) -> Path:
        """Where this version of the odds code keeps the odds lines it worked out."""
        return self._cache() / f"odds-{odds_code_version()}.json"

    def _load_odds(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            KNOWN_ODDS_LINES.update(json.loads(self._odds_file().read_text("utf-8")))

    def _save_odds(self) -> None:
        with contextlib.suppress(OSError):
            self._odds_file().parent.mkdir(parents=True, exist_ok=True)
            lines = {**KNOWN_ODDS_LINES, **{repr(q): line for q, line in ODDS_LINES.items()}}
            self._odds_file().write_text(json.dumps(lines, sort_keys=True), "utf-8")

    def _pyodide_candidates(self, root: Path) -> list[Path]:
        if self.config.pyodide_dir:
            return [root / self.config.pyodide_dir]
        folders = [root / "node_modules" / "pyodide", Path.cwd() / "node_modules" / "pyodide"]
        return list(dict.fromkeys(folders))

    def _place_cards(self, markdown: str, result: PageResult, page: Page) -> str:
        """Swap each example fence for a placeholder paragraph that becomes its card."""
        lines = markdown.split("\n")
        self.pages += 1
        session = session_id(page)
        ids = card_ids(result.blocks)
        links = self._reference_links(result, page)
        self._keep_cards(page.file.src_uri, result)
        for index in reversed(range(len(result.blocks))):
            block, run = result.blocks[index], result.runs[index]
            token = f"{self.token}x{self.pages}x{index}"
            card_id = ids[index]
            failures = [str(f) for f in result.failures.get(index, [])]
            if not failures and run.example.kind == "example" and not reader_items(run):
                log.info(f"{result.path}:{block.example.line}: the example "
                            f"“{block.example.title}” shows a "
                            "reader nothing but code: give a value words with a comment after "
                            "its statement (>>> scene.ad_left(tam)  # AD left), or make it a "
                            "rules-check")
            setup = result.setup_source if index == 0 else ""
            # Drawn once the page's headings are known, whose ids a card's may not take.
            self.cards[token] = (card_id, functools.partial(
                render_card, run, session_id=session, index=index, failures=failures,
                setup=setup, links=links))
            lines[block.start : block.end + 1] = ["", block.indent + token, ""]
        return "\n".join(lines)


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


def site_root(config: MkDocsConfig) -> Path:
    """The folder of ``mkdocs.yml`` (the current folder for a configuration without one)."""
    return Path(os.path.dirname(config.config_file_path or "") or os.getcwd())


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def display_path(page: Page, config: MkDocsConfig) -> str:
    """The page's source as an author finds it: ``docs/rules/page.md``."""
    return source_path(page.file, config)


def source_path(file: File, config: MkDocsConfig) -> str:
    """A file's source as an author finds it: ``docs/rules/page.md``."""
    source = file.abs_src_path
    if source is None:
        return file.src_uri
    return Path(os.path.relpath(source, site_root(config))).as_posix()


def raw_text(page: Page) -> str:
    """The page's whole file as MkDocs read it ("" if it cannot be read again)."""
    try:
        return page.file.content_string.replace("\r\n", "\n")
    except (OSError, TypeError, ValueError):
        return ""


def body_first_line(page: Page, markdown: str) -> int:
    """File line of the first line of ``markdown`` (MkDocs strips front matter before it)."""
    try:
        raw = page.file.content_string.replace("\r\n", "\n")
    except (OSError, TypeError):
        return 1
    return first_line_of(raw, markdown)


def first_line_of(raw: str, markdown: str) -> int:
    """File line of the first line of ``markdown``, the end of the file ``raw``."""
    if markdown and raw.endswith(markdown):
        return raw[: len(raw) - len(markdown)].count("\n") + 1
    return 1


def heading_ids(items: Iterable[AnchorLink]) -> Iterator[str]:
    """The ids of a page's headings, from its table of contents."""
    for item in items:
        yield item.id
        yield from heading_ids(item.children)


def unique(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3``… whichever is not ``taken``."""
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def card_ids(blocks: list[ExampleBlock]) -> list[str]:
    """Each card's HTML id: its ``id`` option, else a slug of its title, unique on the page."""
    ids: list[str] = []
    for number, block in enumerate(blocks, 1):
        base = block.options.get("id") or slug(block.example.title) or f"example-{number}"
        candidate, n = base, 2
        while candidate in ids:
            candidate, n = f"{base}-{n}", n + 1
        ids.append(candidate)
    return ids


def odds_code_version() -> str:
    """A hash of the code that words odds (and icepool's version): a cached odds line is kept
    only while it would be worked out the same."""
    import importlib.metadata

    import rules_core

    digest = hashlib.sha256(importlib.metadata.version("icepool").encode())
    core = Path(rules_core.__file__).parent
    for name in ("odds.py", "odds_text.py", "question.py", "procedure.py", "words.py"):
        digest.update((core / name).read_bytes())
    return digest.hexdigest()[:16]


#: Latin letters that no accent-stripping turns into ASCII.
_SPELT_OUT = str.maketrans({"Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "ß": "ss", "Œ": "OE",
                            "œ": "oe", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d", "Ł": "L",
                            "ł": "l", "ı": "i"})


def slug(text: str) -> str:
    """``Tam's first punch`` → ``tams-first-punch``; letters lose their accents (``Émoji``
    → ``emoji``), and what has no ASCII form is left out."""
    spelt = text.translate(_SPELT_OUT)
    plain = unicodedata.normalize("NFKD", spelt).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower().replace("'", "")).strip("-")


def session_id(page: Page) -> str:
    """A page's example session name, stable across builds."""
    return slug(page.file.src_uri)

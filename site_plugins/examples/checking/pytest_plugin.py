"""Collect every statement of every example in the docs as a pytest item.

An item is named ``docs/<page>.md:<line>``, the line of its ``>>>`` statement, and its
failure names the same line. Items run through the checker the MkDocs build uses
(:class:`~site_plugins.examples.checking.checker.Checker`), so both report the same failures in the
same words: each page is checked in its own worker process, all pages in parallel while
pytest is still collecting, and each item waits for its page.

Where processes cannot be started (Pyodide, which runs this suite's parity check), pages are
checked in this process, one after another, through the same ``verify_page``.

The plugin is an entry point of the distribution (``pytest11``), so ``pytest docs`` works in
any site where it is installed. Pages are the ``*.md`` files under the folders named by the
``rules_examples_docs`` ini option (default ``docs``), relative to pytest's root, and under the
``docs_dir`` of the site a page is in (the nearest ``mkdocs.yml`` above it, so that
``pytest docs/ember/index.md`` works from any folder); ``rules_examples_jobs`` sets how many
pages are checked at once (default: one per core), ``rules_examples_time_limit`` and
``rules_examples_memory_limit`` the limits (as the plugin's ``time_limit`` and
``memory_limit``).
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Protocol

import pytest

from site_plugins.examples.checking.page_text import (
    PageTextError,
    front_matter_error,
    page_text_failure,
    read_page,
)
from site_plugins.examples.language.lexer import (
    ExampleBlock,
    ExampleSyntaxError,
    Step,
    lex_page,
    read_setup,
)
from site_plugins.examples.language.verify import (
    Failure,
    PageResult,
    syntax_failure,
    verify_page,
)

#: Whether this Python can start the checker's worker processes (Pyodide cannot).
PROCESSES = sys.platform != "emscripten"


class PageChecker(Protocol):
    """What the collector needs of a checker."""

    def submit(self, path: str, text: str, first_line: int = 1) -> Future[PageResult]: ...

    def close(self) -> None: ...


class InProcessChecker:
    """Pages checked here and now, in one interpreter: only where no process can start."""

    def submit(self, path: str, text: str, first_line: int = 1) -> Future[PageResult]:
        """The page's result, already there."""
        future: Future[PageResult] = Future()
        future.set_result(verify_page(path, text, first_line))
        return future

    def close(self) -> None:
        """Nothing to stop."""


_CHECKER = pytest.StashKey[PageChecker]()
_PAGES = pytest.StashKey[list["MarkdownPage"]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--examples-update", action="store_true",
                     help="rewrite the claims of docs examples whose output no longer matches "
                          "(see site_plugins/examples/checking/update.py), and print the diff")
    parser.addini("rules_examples_docs", "folders whose Markdown pages hold examples",
                  type="linelist", default=["docs"])
    parser.addini("rules_examples_jobs", "pages checked at once (0: one per core)",
                  default="0")
    parser.addini("rules_examples_time_limit", "seconds one example may run (the plugin's "
                  "time_limit)", default="10")
    parser.addini("rules_examples_memory_limit", "megabytes the process checking a page may "
                  "use (the plugin's memory_limit)", default="512")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".md":
        return None
    root = parent.config.rootpath
    folders = [root / folder for folder in parent.config.getini("rules_examples_docs")]
    site_docs = site_docs_dir(file_path.parent)
    if site_docs is not None:
        folders.append(site_docs)
    if any(file_path.is_relative_to(folder) for folder in folders):
        page: MarkdownPage = MarkdownPage.from_parent(parent, path=file_path)
        return page
    return None


#: A site's configuration file, as MkDocs and ProperDocs name it.
SITE_CONFIGS = ("mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml")
_DOCS_DIR = re.compile(r"^docs_dir:\s*['\"]?(?P<folder>[^'\"#\n]+?)['\"]?\s*(?:#.*)?$",
                       re.MULTILINE)


@functools.lru_cache(maxsize=256)
def site_config(folder: Path) -> Path | None:
    """The nearest site configuration at or above ``folder``, or ``None`` outside any site."""
    for above in (folder, *folder.parents):
        for name in SITE_CONFIGS:
            if (above / name).is_file():
                return above / name
    return None


def site_root(folder: Path) -> Path | None:
    """The folder of the site ``folder`` is in (of its ``mkdocs.yml``), or ``None``."""
    config = site_config(folder)
    return config.parent if config is not None else None


def site_docs_dir(folder: Path) -> Path | None:
    """The ``docs_dir`` of the site ``folder`` is in (``docs`` unless its configuration says
    otherwise), or ``None`` outside any site."""
    config = site_config(folder)
    if config is None:
        return None
    try:
        found = _DOCS_DIR.search(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return config.parent / (found["folder"].strip() if found else "docs")


def checker(config: pytest.Config) -> PageChecker:
    """The session's checker, started on first use and closed with the session."""
    if _CHECKER not in config.stash:
        found: PageChecker
        if PROCESSES:
            from site_plugins.examples.checking.checker import Checker, CheckLimits

            limits = CheckLimits(time_limit=float(config.getini("rules_examples_time_limit")),
                                 memory_mb=int(config.getini("rules_examples_memory_limit")))
            found = Checker(limits, jobs=int(config.getini("rules_examples_jobs") or 0))
        else:
            found = InProcessChecker()
        config.stash[_CHECKER] = found
        config.add_cleanup(found.close)
    return config.stash[_CHECKER]


class MarkdownPage(pytest.File):
    """A Markdown page; its examples' statements are its items."""

    _future: Future[PageResult] | None = None

    def display_path(self) -> str:
        """The page as failures name it, as the build names it: relative to the project root
        (``docs/<page>.md``), or to its site's root where pytest's root is elsewhere (a
        system's project with a pytest configuration of its own)."""
        for root in (self.config.rootpath, site_root(self.path.parent)):
            if root is not None and self.path.is_relative_to(root):
                return self.path.relative_to(root).as_posix()
        return self.path.as_posix()

    def result(self) -> PageResult:
        """The page's examples, checked once, in order, in their own process."""
        if self._future is None:
            self._submit()
        assert self._future is not None
        return self._future.result()

    def _submit(self) -> None:
        self._future = checker(self.config).submit(self.display_path(), read_page(self.path))

    def collect(self) -> Iterator[pytest.Item]:
        try:
            text = read_page(self.path)
        except PageTextError as unreadable:
            failure = page_text_failure(self.display_path(), unreadable)
            yield MalformedExample.from_parent(self, name=failure.location, failure=failure)
            return
        front_matter = front_matter_error(text)
        if front_matter is not None:
            failure = page_text_failure(self.display_path(), front_matter)
            yield MalformedExample.from_parent(self, name=failure.location, failure=failure)
        lexed = lex_page(text)
        if lexed.blocks:
            # Checked as soon as it is collected, pages in parallel while pytest collects the
            # rest; not at all when pytest only collects (--collect-only).
            if not self.config.option.collectonly:
                self._submit()
            self.config.stash.setdefault(_PAGES, []).append(self)
        setup_line = _setup_line(text) if lexed.blocks else None
        if setup_line is not None:
            yield PageSetupItem.from_parent(self, name=f"{self.display_path()}:{setup_line}",
                                            line=setup_line)
        for error in lexed.errors:
            failure = syntax_failure(self.display_path(), error)
            yield MalformedExample.from_parent(self, name=failure.location, failure=failure)
        for index, block in enumerate(lexed.blocks):
            for step in block.example.steps:
                yield StatementItem.from_parent(
                    self, name=f"{self.display_path()}:{step.line}", index=index, step=step,
                    title=block.example.title)
        yield from self._bound_items(lexed.blocks)

    def _bound_items(self, blocks: tuple[ExampleBlock, ...]) -> Iterator[pytest.Item]:
        """One item per line of bound values, in page order, named after the line."""
        lines = sorted({(binding.line, index) for index, block in enumerate(blocks)
                        for binding in block.example.bindings})
        for line, index in lines:
            yield BoundValueItem.from_parent(self, name=f"{self.display_path()}:{line}",
                                             index=index, line=line,
                                             title=blocks[index].example.title)


def pytest_report_header(config: pytest.Config) -> str | None:
    """What the checker cannot enforce on this machine, if anything (README, Trust model)."""
    if not PROCESSES:
        return None
    from site_plugins.examples.checking.confinement import unconfined_reason

    return f"rules-examples: {why}" if (why := unconfined_reason()) else None


def pytest_sessionfinish(session: pytest.Session) -> None:
    """With ``--examples-update``: rewrite the stale claims of every page collected."""
    config = session.config
    if not config.getoption("--examples-update", False):
        return
    from site_plugins.examples.checking.update import diff, summary, update_page

    write = config.get_terminal_writer().line
    updated = []
    left = 0
    for page in config.stash.get(_PAGES, []):
        text = read_page(page.path)
        new, changes = update_page(text, page.result())
        updated += [c for c in changes if c.applied]
        for change in changes:
            if not change.applied:
                left += 1
                write(f"{change.path}:{change.line}: {change.reason}")
        if new != text:
            write(diff(page.display_path(), text, new))
            page.path.write_text(new, encoding="utf-8")
    write(f"--examples-update: {summary(updated)} updated, {left} left alone")


class ExampleFailed(Exception):
    """An example did not verify."""


class StatementItem(pytest.Item):
    """One ``>>>`` statement of an example, with the output the page claims for it."""

    def __init__(self, *, index: int, step: Step, title: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index
        self.step = step
        self.title = title

    def runtest(self) -> None:
        page = self.parent
        assert isinstance(page, MarkdownPage)
        result = page.result()
        failures = [f for f in result.failures.get(self.index, [])
                    if not f.bound and self._owns(f, result)]
        if failures and not any(f.checked for f in failures):
            pytest.skip(failures[0].summary)
        if failures:
            raise ExampleFailed("\n\n".join(str(f) for f in failures))

    def _owns(self, failure: Failure, result: PageResult) -> bool:
        """Whether a failure of this item's example is this statement's: the statement at
        its line, or the first statement for a failure at the fence (not checked)."""
        steps = result.blocks[self.index].example.steps
        at = max((s for s in steps if s.line <= failure.line), default=steps[0],
                 key=lambda s: s.line)
        return at.line == self.step.line

    def reportinfo(self) -> tuple[Path, int, str]:
        title = f" ({self.title})" if self.title else ""
        return self.path, self.step.line - 1, f"{self.name}{title}"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))


class BoundValueItem(pytest.Item):
    """The bound values on one line of a page's prose (or an example's title): each must read
    as the engine's value does."""

    def __init__(self, *, index: int, line: int, title: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index
        self.line = line
        self.title = title

    def runtest(self) -> None:
        page = self.parent
        assert isinstance(page, MarkdownPage)
        result = page.result()
        failures = [f for f in result.failures.get(self.index, [])
                    if f.bound and f.line == self.line]
        unchecked = [f for f in result.failures.get(self.index, []) if not f.checked]
        if unchecked and not failures:
            pytest.skip(unchecked[0].summary)
        if failures:
            raise ExampleFailed("\n\n".join(str(f) for f in failures))

    def reportinfo(self) -> tuple[Path, int, str]:
        about = f" (bound values about {self.title})" if self.title else " (bound values)"
        return self.path, self.line - 1, f"{self.name}{about}"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))


def _setup_line(text: str) -> int | None:
    """The line of the page's setup (``examples_setup`` in its front matter), if it has one,
    readable or not."""
    try:
        setup = read_setup(text)
    except ExampleSyntaxError as error:
        return error.line
    return setup.line if setup is not None else None


class PageSetupItem(pytest.Item):
    """The page's setup: it fails, at its line in the front matter, when the setup cannot be
    read or raises, before the examples that then lack its names fail too."""

    def __init__(self, *, line: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.line = line

    def runtest(self) -> None:
        page = self.parent
        assert isinstance(page, MarkdownPage)
        result = page.result()
        failures = [*result.setup_failures,
                    *(f for f in result.syntax_failures if f.line == self.line)]
        if failures:
            raise ExampleFailed("\n\n".join(str(f) for f in failures))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.line - 1, f"{self.name} (page setup)"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))


class MalformedExample(pytest.Item):
    """A block that looks like an example but cannot be read."""

    def __init__(self, *, failure: Failure, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.failure = failure

    def runtest(self) -> None:
        raise ExampleFailed(str(self.failure))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.failure.line - 1, self.name

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        return str(self.failure)

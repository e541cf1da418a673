"""A build's checks of its pages: every page sent to the checker as soon as the files are
known (so pages run in parallel), each page's result collected when MkDocs reads it, and
results kept from an earlier build of the same process where nothing they depend on changed
(:mod:`~site_plugins.examples.checking.result_cache`).

``mkdocs serve`` keeps the checker, its workers and their imported engine, for the next
build while its limits, jobs and the engine's code are the same.

No MkDocs types: a page is its path as an author finds it, its Markdown, its first line and
its whole file.
"""

from __future__ import annotations

from concurrent.futures import CancelledError, Future

from site_plugins.examples.checking.checker import Checker, CheckerError, CheckLimits
from site_plugins.examples.checking.result_cache import ResultCache, engine_hash, page_key
from site_plugins.examples.language.verify import PageResult


class PageCheckError(Exception):
    """The examples could not be checked at all (the checker's workers failed)."""


class PageChecks:
    """One process's checks, build after build."""

    def __init__(self, results: ResultCache | None = None) -> None:
        #: The verified pages kept between builds (the process's, in
        #: :mod:`~site_plugins.examples.serving.serve_state`; by default this object's own).
        self.results = ResultCache() if results is None else results
        self.checker: Checker | None = None
        #: What the checker's workers were started with (limits, jobs, the engine's code).
        self.checker_for: tuple[CheckLimits, int, str] | None = None
        #: The checker this build took over from the one before (``None``: a new one).
        self.kept_checker: Checker | None = None
        self.limits = CheckLimits()
        self.jobs = 0
        #: The engine's code hash this build's results are kept under.
        self.engine_code = ""
        #: Pages sent as soon as the files are known (``src_uri`` → the Markdown sent, its
        #: first line and the result to come).
        self.pending: dict[str, tuple[str, int, Future[PageResult]]] = {}
        #: Pages this build sent to the checker, and pages whose result an earlier build kept.
        self.checked = 0
        self.kept = 0

    def start_build(self, limits: CheckLimits, jobs: int) -> None:
        """A new build: its limits and jobs; the checker of the last build is kept if it
        was started with the same limits, jobs and engine."""
        self.limits, self.jobs = limits, jobs
        self.pending = {}
        self.checked = self.kept = 0
        self.engine_code = engine_hash()
        wanted = (limits, jobs, self.engine_code)
        self.kept_checker = self.checker
        if self.checker is None or self.checker_for != wanted:
            self.close()  # workers that imported another engine, or other limits
            self.checker = Checker(limits, jobs)
            self.checker_for = wanted
            self.kept_checker = None

    def send(self, src_uri: str, path: str, markdown: str, first_line: int, raw: str) -> None:
        """Check a page now; :meth:`result` collects it."""
        self.pending[src_uri] = (markdown, first_line, self.check(path, markdown, first_line,
                                                                  raw))

    def check(self, path: str, markdown: str, first_line: int,
              raw: str) -> Future[PageResult]:
        """A page's result: kept from an earlier build (no worker starts), or being checked.
        ``raw`` is the page's whole file, whose front matter holds its setup."""
        assert self.checker is not None
        kept = self.results.get(self.key(path, markdown, first_line, raw))
        if kept is None:
            self.checked += 1
            return self.checker.submit(path, markdown, first_line, raw)
        self.kept += 1
        done: Future[PageResult] = Future()
        done.set_result(kept)
        return done

    def key(self, path: str, markdown: str, first_line: int, raw: str) -> str:
        """The key a page's result is kept under."""
        return page_key(path, f"{raw}\0{markdown}", first_line, self.limits, self.engine_code)

    def result(self, src_uri: str, path: str, markdown: str, first_line: int,
               raw: str) -> PageResult:
        """A page's checked examples: from the check sent with the files (if the Markdown is
        still what was sent), or checked now; kept for a later build."""
        sent = self.pending.pop(src_uri, None)
        if sent and sent[:2] == (markdown, first_line):
            future = sent[2]
        else:
            future = self.check(path, markdown, first_line, raw)
        try:
            result = future.result()
        except (CheckerError, CancelledError) as error:
            if self.kept_checker is None:
                raise PageCheckError(f"the examples could not be checked: {error}") from None
            # A worker kept from the last build of `mkdocs serve` is gone: start new ones.
            self._renew()
            try:
                result = self.check(path, markdown, first_line, raw).result()
            except CheckerError as again:
                raise PageCheckError(f"the examples could not be checked: {again}") from None
        self.results.put(self.key(path, markdown, first_line, raw), result)
        return result

    def unread(self) -> dict[str, PageResult]:
        """The results of pages sent but never read by this build (``--dirty`` reads only
        the pages changed), by ``src_uri``."""
        results = {}
        for src_uri, (_markdown, _line, future) in self.pending.items():
            try:
                results[src_uri] = future.result()
            except (CheckerError, CancelledError):
                continue
        self.pending = {}
        return results

    def _renew(self) -> None:
        """Replace the checker kept from the last build (once per build)."""
        if self.checker is not self.kept_checker:
            return
        old, self.checker = self.checker, Checker(self.limits, self.jobs)
        if old is not None:
            old.close()

    def close(self) -> None:
        """Stop the checker's workers."""
        if self.checker is not None:
            self.checker.close()
        self.checker = None
        self.checker_for = None
        self.kept_checker = None
        self.pending = {}

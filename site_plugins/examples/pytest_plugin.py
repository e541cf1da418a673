"""Collect every example in the docs as a pytest item named ``docs/<page>.md:<line>``.

Items run through :func:`site_plugins.examples.verify.verify_page`, the checker the MkDocs
build uses, so both report the same failures in the same words. A page's examples build
on each other, so the page runs once, in order, and each item reports its own example.

Pages are the ``*.md`` files under the folders named by the ``rules_examples_docs`` ini
option (default ``docs``), relative to pytest's root.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from site_plugins.examples.verify import Failure, PageResult, verify_page


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("rules_examples_docs", "folders whose Markdown pages hold examples",
                  type="linelist", default=["docs"])


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".md":
        return None
    root = parent.config.rootpath
    folders = [root / folder for folder in parent.config.getini("rules_examples_docs")]
    if any(file_path.is_relative_to(folder) for folder in folders):
        page: MarkdownPage = MarkdownPage.from_parent(parent, path=file_path)
        return page
    return None


class MarkdownPage(pytest.File):
    """A Markdown page; its examples are its items."""

    _result: PageResult | None = None

    def display_path(self) -> str:
        """The page as failures name it: relative to the project root."""
        return self.path.relative_to(self.config.rootpath).as_posix()

    def result(self) -> PageResult:
        """The page's examples, run once, in order."""
        if self._result is None:
            text = self.path.read_text(encoding="utf-8")
            self._result = verify_page(self.display_path(), text)
        return self._result

    def collect(self) -> Iterator[pytest.Item]:
        result = self.result()
        for failure in result.syntax_failures:
            yield MalformedExample.from_parent(self, name=failure.location, failure=failure)
        for index, block in enumerate(result.blocks):
            name = f"{self.display_path()}:{block.fence_line}"
            yield ExampleItem.from_parent(self, name=name, index=index)


class ExampleFailed(Exception):
    """An example did not verify."""


class ExampleItem(pytest.Item):
    """One example of a page."""

    def __init__(self, *, index: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index

    def runtest(self) -> None:
        page = self.parent
        assert isinstance(page, MarkdownPage)
        failures = page.result().failures[self.index]
        if failures:
            raise ExampleFailed("\n\n".join(str(f) for f in failures))

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

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        return str(self.failure)

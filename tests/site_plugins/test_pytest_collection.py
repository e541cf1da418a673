"""pytest collects one item per example, named after its file and line."""

from __future__ import annotations

import pytest

from tests.conftest import SAMPLES

pytest_plugins = ["pytester"]


def run(pytester: pytest.Pytester, *pages: str) -> pytest.RunResult:
    docs = pytester.mkdir("docs")
    for page in pages:
        (docs / page).write_text((SAMPLES / page).read_text(encoding="utf-8"), encoding="utf-8")
    return pytester.runpytest_subprocess("-p", "site_plugins.examples.pytest_plugin", "-v",
                                         "docs")


def test_each_example_is_an_item_named_with_file_and_line(pytester: pytest.Pytester) -> None:
    result = run(pytester, "good.md")
    result.stdout.fnmatch_lines(["*docs/good.md:3 PASSED*", "*docs/good.md:12 PASSED*"])


def test_a_wrong_result_fails_its_item_with_expected_and_got(pytester: pytest.Pytester) -> None:
    result = run(pytester, "wrong_result.md")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/wrong_result.md:10: example did not verify",
                                 "*>>> punch.damage", "*expected:", "*4", "*got:", "*3"])


def test_a_malformed_block_is_a_failing_item(pytester: pytest.Pytester) -> None:
    result = run(pytester, "malformed.md")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/malformed.md:4: malformed example: *"])

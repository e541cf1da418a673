"""pytest collects one item per statement of every example, named after its file and line."""

from __future__ import annotations

import time

import pytest

from site_plugins.examples.checking.checker import GRACE
from tests.conftest import SAMPLES

pytest_plugins = ["pytester"]


def run(pytester: pytest.Pytester, *pages: str, **texts: str) -> pytest.RunResult:
    docs = pytester.mkdir("docs")
    for page in pages:
        (docs / page).write_text((SAMPLES / page).read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in texts.items():
        (docs / f"{name}.md").write_text(text, encoding="utf-8")
    # The plugin loads through its entry point (pytest11), as in any site.
    return pytester.runpytest_subprocess("-v", "-rfs", "docs", timeout=120)


def test_each_statement_is_an_item_named_with_file_and_line(pytester: pytest.Pytester) -> None:
    result = run(pytester, "good.md")
    result.assert_outcomes(passed=7)
    result.stdout.fnmatch_lines(["*docs/good.md:4 PASSED*", "*docs/good.md:8 PASSED*",
                                 "*docs/good.md:13 PASSED*", "*docs/good.md:14 PASSED*"])


def test_a_failure_names_the_line_its_item_is_named_after(pytester: pytest.Pytester) -> None:
    result = run(pytester, "wrong_result.md")
    result.stdout.fnmatch_lines([
        "*_ docs/wrong_result.md:10 (A punch) _*",  # the failure's header names the example
        "docs/wrong_result.md:10: example did not verify",
        "FAILED docs/wrong_result.md::docs/wrong_result.md:10 *",
    ])


HOSTILE = ("# Hostile\n\n```rules-example\n>>> import os\n>>> os._exit(0)\n```\n\n"
           "```rules-example\n>>> 1 + 1\n2\n```\n")


def test_an_example_that_ends_the_worker_fails_and_later_ones_are_skipped(
        pytester: pytest.Pytester) -> None:
    result = run(pytester, hostile=HOSTILE)
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines([
        "docs/hostile.md:5: the example ended the process checking this page (exit status 0*",
        "SKIPPED * not checked: the check of this page stopped at line 5, above",
    ])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_sys_exit_in_an_example_fails_its_item(pytester: pytest.Pytester) -> None:
    result = run(pytester, exits="```rules-example\n>>> import sys; sys.exit(0)\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/exits.md:2: the example's code raised SystemExit"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_an_example_that_hangs_in_c_fails_its_item_within_the_limit(
        pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nrules_examples_time_limit = 1\n")
    start = time.monotonic()
    result = run(pytester, hangs="```rules-example\n>>> sum(range(10**12))\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/hangs.md:2: the example ran for more than 1 s and did "
                                 "not stop*"])
    assert time.monotonic() - start < 1 + GRACE + 10  # pytest's own start is most of the 10


def test_a_misspelt_fence_fails_instead_of_collecting_nothing(pytester: pytest.Pytester) -> None:
    result = run(pytester, typo="# T\n\n```rules-exampel\n>>> 1 + 1\n2\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/typo.md:3: malformed example: unknown example kind*"])


def test_a_wrong_result_fails_its_item_with_expected_and_got(pytester: pytest.Pytester) -> None:
    result = run(pytester, "wrong_result.md")
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(["docs/wrong_result.md:10: example did not verify",
                                 "*>>> punch.damage", "*expected:", "*4", "*got:", "*3"])


def test_a_malformed_block_is_a_failing_item(pytester: pytest.Pytester) -> None:
    result = run(pytester, "malformed.md")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/malformed.md:4: malformed example: *"])


def test_a_broken_page_setup_fails_at_its_line_in_the_front_matter(
        pytester: pytest.Pytester) -> None:
    page = ("---\nexamples_setup: |\n  from rules_core.kruhl import oposed\n---\n# X\n\n"
            "```rules-example title=\"A\"\n>>> 1 + 1\n2\n```\n")
    result = run(pytester, setup=page)
    result.stdout.fnmatch_lines([
        "*_ docs/setup.md:3 (page setup) _*",
        "docs/setup.md:3: the example's code raised ImportError",
        "*cannot import name 'oposed'*",
    ])
    result.assert_outcomes(passed=1, failed=1)


def test_a_page_whose_lines_end_in_a_lone_carriage_return_is_checked(
        pytester: pytest.Pytester) -> None:
    result = run(pytester, cr="# Page\r\r```rules-example\r>>> 1 + 1\r3\r```\r")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/cr.md:4: example did not verify"])

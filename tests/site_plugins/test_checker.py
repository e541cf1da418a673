"""The checker's worker processes: whatever an example does to its process, the check names
the example's file and line, within the time limit plus a few seconds, and never passes it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from site_plugins.examples.checking.checker import GRACE, Checker, check_pages
from site_plugins.examples.language.verify import PageResult
from tests.site_plugins.conftest import LIMIT, SLACK


def page(statement: str, expected: str = "") -> str:
    """A page whose first example (its statement at line 4) is ``statement``, then a good
    example (its fence at line 7 when nothing is expected of the first)."""
    output = f"{expected}\n" if expected else ""
    return (f"# Page\n\n```rules-example\n>>> {statement}\n{output}```\n\n"
            "```rules-example\n>>> 2 + 2\n4\n```\n")


def check(checker: Checker, statement: str, expected: str = "") -> tuple[PageResult, float]:
    start = time.monotonic()
    result = checker.verify("docs/hostile.md", page(statement, expected))
    return result, time.monotonic() - start


def only_failure_at_line_4(result: PageResult) -> str:
    """The failure at the hostile statement, which must be the page's first."""
    failures = result.all_failures
    assert failures, "the hostile example passed"
    assert failures[0].location == "docs/hostile.md:4"
    return str(failures[0])


ENDINGS = {
    "os._exit(0)": ("import os; os._exit(0)", "exit status 0, as os._exit() does"),
    "os._exit(3)": ("import os; os._exit(3)", "exit status 3"),
    "SIGTERM": ("import os, signal; os.kill(os.getpid(), signal.SIGTERM)", "ended by SIGTERM"),
    "SIGKILL": ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", "killed (SIGKILL)"),
    "a crash": ("import ctypes; ctypes.string_at(0)", "crashed (SIGSEGV)"),
    "os.closerange": ("import os; os.closerange(3, 1024)",
                      "closed or replaced the file descriptor the check reports on"),
}


@pytest.mark.parametrize("name", ENDINGS)
def test_an_example_that_ends_its_process_fails_at_its_line(checker: Checker, name: str) -> None:
    statement, words = ENDINGS[name]
    result, _ = check(checker, statement)
    message = only_failure_at_line_4(result)
    assert words in message
    assert ">>> " + statement in message
    later = result.failures[1]
    assert [f.location for f in later] == ["docs/hostile.md:7"]
    assert not later[0].checked
    assert "not checked: the check of this page stopped at line 4" in later[0].summary


def test_a_crash_shows_the_python_traceback_from_the_log(checker: Checker) -> None:
    result, _ = check(checker, "import ctypes; ctypes.string_at(0)")
    assert 'File "<example>", line 1' in (result.all_failures[0].got or "")


@pytest.mark.parametrize("statement", ["import sys; sys.exit(0)", "raise SystemExit(1)",
                                       "raise KeyboardInterrupt"])
def test_an_example_that_raises_an_exit_fails_at_its_line_and_the_page_goes_on(
        checker: Checker, statement: str) -> None:
    result, _ = check(checker, statement)
    message = only_failure_at_line_4(result)
    assert "the example's code raised" in message
    assert result.failures[1] == []  # the next example was checked, and passed


@pytest.mark.parametrize("statement", [
    "sum(range(10**12))",  # a long call into C, which no alarm interrupts
    "import signal; signal.setitimer(signal.ITIMER_REAL, 0); "
    "signal.signal(signal.SIGALRM, signal.SIG_IGN); exec('while True: pass')",
])
def test_an_example_that_does_not_stop_is_killed_from_outside(checker: Checker,
                                                              statement: str) -> None:
    result, took = check(checker, statement)
    message = only_failure_at_line_4(result)
    assert f"ran for more than {LIMIT:g} s and did not stop" in message
    assert took < LIMIT + GRACE + SLACK


def test_an_example_that_sleeps_is_stopped_by_its_own_alarm(checker: Checker) -> None:
    result, took = check(checker, "import time; time.sleep(30)")
    assert f"ExampleTimeout: the example ran for more than {LIMIT:g} s" in (
        only_failure_at_line_4(result))
    assert result.failures[1] == []
    assert took < LIMIT + SLACK


def test_the_time_limit_is_for_the_whole_example(checker: Checker) -> None:
    text = ("```rules-example\n>>> import time; time.sleep(0.6)\n>>> time.sleep(0.6)\n"
            ">>> time.sleep(0.6)\n```\n")
    result = checker.verify("docs/slow.md", text)
    assert [f.location for f in result.all_failures] == ["docs/slow.md:3"]
    assert len(result.runs[0].steps) == 2  # the third statement is not run


def test_an_example_that_asks_for_too_much_memory_fails_at_its_line(checker: Checker) -> None:
    result, _ = check(checker, 'x = "x" * 10**9')
    assert "MemoryError: the example needed more memory than it may use" in (
        only_failure_at_line_4(result))
    assert result.failures[1] == []


def test_a_huge_output_shows_its_first_lines_and_its_size(checker: Checker) -> None:
    result, _ = check(checker, 'print("x\\n" * 5_000_000)')
    message = only_failure_at_line_4(result)
    assert "[… 10,000,001 characters in all: only the start is shown]" in message
    assert len(message) < 2_000


def test_output_written_past_the_captured_stream_is_bounded(checker: Checker) -> None:
    result, _ = check(checker, 'import os; os.write(1, b"y" * 10**7)', "10000000")
    assert "1000000" in only_failure_at_line_4(result)  # the log's size limit refused the rest


def test_a_page_cannot_change_what_another_page_verifies() -> None:
    setter = ("```rules-example\n>>> import rules_core.limits\n"
              ">>> rules_core.limits.MAX_DICE_PER_ROLL = 1\n```\n")
    roller = ("```rules-example\n>>> import rules_core\n"
              ">>> rolled('1 2 3').roll(3, 6)\n(1, 2, 3)\n```\n")
    alone = check_pages([("docs/roller.md", roller)], jobs=1)[0]
    after = check_pages([("docs/setter.md", setter), ("docs/roller.md", roller)], jobs=1)[1]
    assert alone.all_failures == after.all_failures == []


def test_pages_come_back_in_their_order_whatever_finishes_first() -> None:
    pages = [(f"docs/p{i}.md", f"```rules-example\n>>> import time; time.sleep({0.3 - i / 10})"
                               f"\n>>> {i}\n{i}\n```\n") for i in range(3)]
    results = check_pages(pages, jobs=3)
    assert [r.path for r in results] == ["docs/p0.md", "docs/p1.md", "docs/p2.md"]
    assert all(r.all_failures == [] for r in results)


def test_a_page_without_examples_needs_no_process(checker: Checker) -> None:
    result = checker.verify("docs/plain.md", "# Just prose\n\n```python\nprint(1)\n```\n")
    assert result.blocks == [] and result.all_failures == []


def test_a_misspelt_fence_fails_the_check(checker: Checker) -> None:
    result = checker.verify("docs/typo.md", "# T\n\n```rules-exampel\n>>> 1\n1\n```\n")
    assert [str(f) for f in result.all_failures] == [
        "docs/typo.md:3: malformed example: unknown example kind 'rules-exampel': the kinds "
        "are rules-example (a card) and rules-check (a claim checked for a note)"]


def test_a_statement_longer_than_a_reroll_accepts_fails_the_check(checker: Checker) -> None:
    long = "x = '" + "a" * 20_001 + "'"
    text = f"```rules-example\n>>> rolled('3').roll(1, 6)\n(3,)\n>>> {long}\n```\n"
    result = checker.verify("docs/long.md", text)
    assert [f.location for f in result.all_failures] == ["docs/long.md:4"]
    assert "a Reroll accepts at most 20,000" in result.all_failures[0].summary


def test_a_page_of_more_examples_than_a_reroll_sends_fails_the_check(checker: Checker) -> None:
    text = "```rules-example\n>>> rolled('3').roll(1, 6)\n(3,)\n```\n" * 201
    result = checker.verify("docs/many.md", text)
    assert [f.summary[:40] for f in result.all_failures] == [
        "this page has 201 examples, and a Reroll"]


def test_a_new_checker_sees_the_engine_as_it_is_on_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What lets ``mkdocs serve`` re-verify with an edited engine: workers import it afresh."""
    module = tmp_path / "house_rules.py"
    monkeypatch.syspath_prepend(str(tmp_path))
    text = "```rules-example\n>>> from house_rules import BONUS\n>>> BONUS\n1\n```\n"
    module.write_text("BONUS = 1\n", encoding="utf-8")
    assert check_pages([("docs/house.md", text)], jobs=1)[0].all_failures == []
    module.write_text("BONUS = 2\n", encoding="utf-8")
    failures = check_pages([("docs/house.md", text)], jobs=1)[0].all_failures
    assert [(f.location, f.got) for f in failures] == [("docs/house.md:3", "2")]

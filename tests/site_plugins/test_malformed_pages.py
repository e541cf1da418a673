"""Every malformed page of tests/malformed gets a clear verdict from both checkers: a failure
at its line that says what to do (or a pass, for a good page), never a misleading message, a
silent or false pass, a hang or a traceback. One build and one pytest run check them all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.malformed.cases import Case
from tests.malformed.every_case import CASES
from tests.malformed.suite import Report, run_all

CHECKERS = ("mkdocs build --strict", "pytest")


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, tuple[str, Report]]]:
    return run_all(tmp_path_factory.mktemp("malformed"))


def _needs(case: Case) -> tuple[pytest.MarkDecorator, ...]:
    """A page that needs Landlock is skipped, saying why, where the kernel refuses it."""
    if "landlock" not in case.tags:
        return ()
    from site_plugins.examples.checking.confinement import unconfined_reason

    why = unconfined_reason()
    return (pytest.mark.skip(reason=why),) if why else ()


@pytest.mark.parametrize("checker", CHECKERS)
@pytest.mark.parametrize("name", [pytest.param(case.name, marks=_needs(case)) for case in CASES])
def test_each_malformed_page_gets_a_clear_verdict(
        verdicts: dict[str, dict[str, tuple[str, Report]]], checker: str, name: str) -> None:
    verdict, report = verdicts[checker][name]
    said = "\n".join(f"line {line}: {text}" for line, texts in sorted(report.failures.items())
                     for text in texts)
    assert verdict == "clear", f"{checker} on {name}: {verdict}\n{said}"


def test_the_suite_holds_a_page_of_every_kind_it_sorts() -> None:
    """The suite's own sanity: good pages, pages with false claims and pages that hang."""
    assert any(case.passes for case in CASES)
    assert any(case.wrong and not case.passes for case in CASES)
    assert any("did not stop" in w for case in CASES for e in case.expect for w in e.words)
    assert len({case.name for case in CASES}) == len(CASES)
    assert all(Path(case.name).name == case.name for case in CASES)

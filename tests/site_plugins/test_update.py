"""Golden updates: stale claims are rewritten in place, erroring examples are left alone, and a
second run changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from site_plugins.examples.checking.update import update_page
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

STALE = '''# A page

!!! note
    ```rules-example title="A punch"
    >>> from rules_core.verses import Actor, Scene, PUNCH
    >>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
    >>> scene = Scene(tam)
    >>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
    >>> punch.damage
    4
    >>> punch.successes
    >>> print("a\\nb")
    a
    ```
'''
UPDATED = STALE.replace("    4\n", "    3\n").replace(
    "    >>> punch.successes\n", "    >>> punch.successes\n    3\n").replace(
    "    a\n    ```", "    a\n    b\n    ```")

ERRORING = '''```rules-example
>>> 1 + 1
3
>>> undefined_name
```

```rules-example
>>> from rules_core.dice import ScriptedDice
>>> rolled("1 2 3").roll(2, 6)
(1, 2)
```

```rules-example
>>> object()
<object>
```
'''


def update(text: str) -> tuple[str, list[str]]:
    new, changes = update_page(text, verify_page("docs/p.md", text))
    return new, [f"{c.line}: {c.reason}" for c in changes if not c.applied]


def test_stale_claims_are_rewritten_in_place_keeping_the_indent() -> None:
    new, left = update(STALE)
    assert (new, left) == (UPDATED, [])
    assert verify_page("docs/p.md", new).all_failures == []


def test_a_second_update_changes_nothing() -> None:
    assert update(UPDATED) == (UPDATED, [])


def test_erroring_examples_invented_dice_and_unstable_output_are_left_alone() -> None:
    new, left = update(ERRORING)
    assert new == ERRORING
    assert left == [
        "2: left alone: the example has a Python error (line 4)",
        "4: left alone: the example has a Python error (line 4)",
        "9: left alone: the example has faces that do not fit its roll (line 9)",
        "14: left alone: the output names a memory address, which changes every run",
    ]


def test_a_page_whose_check_did_not_finish_is_not_touched() -> None:
    from site_plugins.examples.checking.checker import Checker, CheckLimits

    text = STALE + "\n```rules-example\n>>> import os; os._exit(0)\n```\n"
    with Checker(CheckLimits(time_limit=2), jobs=1) as checker:
        result = checker.verify("docs/p.md", text)
    assert update_page(text, result) == (text, [])


def test_the_command_prints_the_diff_and_writes_the_page(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "p.md"
    page.parent.mkdir()
    page.write_text(STALE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "site_plugins.examples.checking.update", "docs"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert "-    4\n+    3\n" in done.stdout
    assert done.stdout.rstrip().endswith("3 claims updated, 0 left alone")
    assert page.read_text(encoding="utf-8") == UPDATED


def test_check_mode_writes_nothing_and_fails_when_claims_are_stale(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text(STALE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "site_plugins.examples.checking.update", "--check",
                           str(page)], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 1 and "3 claims would be updated" in done.stdout
    assert page.read_text(encoding="utf-8") == STALE


pytest_plugins = ["pytester"]


def test_pytest_examples_update_rewrites_the_page(pytester: pytest.Pytester) -> None:
    docs = pytester.mkdir("docs")
    (docs / "p.md").write_text(STALE, encoding="utf-8")
    first = pytester.runpytest_subprocess("--examples-update", "docs", timeout=120)
    first.stdout.fnmatch_lines(["--examples-update: 3 claims updated, 0 left alone"])
    assert (docs / "p.md").read_text(encoding="utf-8") == UPDATED
    again = pytester.runpytest_subprocess("docs", timeout=120)
    again.assert_outcomes(passed=7)


def test_a_path_that_does_not_exist_is_an_error_not_an_all_clear(
        capsys: pytest.CaptureFixture[str]) -> None:
    from site_plugins.examples.checking.update import main

    with pytest.raises(SystemExit) as ended:
        main(["--check", "no-such-docs"])
    assert ended.value.code == 2
    assert "no-such-docs does not exist" in capsys.readouterr().err

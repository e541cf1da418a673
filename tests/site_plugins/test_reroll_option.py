"""The ``reroll`` option (``auto``, ``true``, ``false``) and what a build plans to ship."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config.base import ValidationError

from site_plugins.examples.browser_engine.runtime import (
    BrowserEngineError,
    plan_engine,
    trace_cards,
)
from site_plugins.examples.site.config import AUTO, ExamplesConfig, RerollOption
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
NODE = "/usr/bin/node"


@pytest.mark.parametrize(("value", "read"), [(True, True), (False, False), ("auto", AUTO),
                                             ("Auto", AUTO)])
def test_reroll_takes_true_false_or_auto(value: object, read: object) -> None:
    assert RerollOption().validate(value) == read


@pytest.mark.parametrize("value", ["yes please", None, 1, "on"])
def test_any_other_reroll_is_a_configuration_error(value: object) -> None:
    with pytest.raises(ValidationError, match="expected true, false or auto"):
        RerollOption().validate(value)


def test_reroll_is_auto_by_default() -> None:
    config = ExamplesConfig()
    config.load_dict({})
    errors, _warnings = config.validate()
    assert not errors and config.reroll == AUTO


def test_auto_without_pyodide_builds_without_reroll_and_says_why(tmp_path: Path) -> None:
    plan = plan_engine(AUTO, [tmp_path / "node_modules" / "pyodide"], node=NODE, root=tmp_path)
    assert not plan.reroll and plan.pyodide is None
    assert plan.note == ("Reroll is off for this build: no Pyodide at node_modules/pyodide "
                         "(run `npm ci`, see README)")


def test_true_without_pyodide_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError, match=r"`reroll: true` needs Pyodide.*npm ci"):
        plan_engine(True, [tmp_path / "missing"], node=NODE, root=tmp_path)


def test_false_ships_nothing_and_says_nothing() -> None:
    plan = plan_engine(False, [PYODIDE], node=NODE)
    assert not plan.reroll and plan.note == ""


@pytest.mark.parametrize("reroll", [True, AUTO])
def test_with_pyodide_and_node_everything_ships_silently(reroll: bool | str) -> None:
    plan = plan_engine(reroll, [PYODIDE], node=NODE)
    assert plan.reroll and plan.pyodide == PYODIDE and plan.node == NODE and plan.note == ""


@pytest.mark.parametrize(("snapshot", "words"), [
    (True, "Reroll is on, without a start-up snapshot and with Pyodide's whole standard "
           "library: Node.js is not installed"),
    (False, "Reroll is on, with Pyodide's whole standard library: Node.js is not installed"),
])
def test_without_node_reroll_stays_on_with_one_note(snapshot: bool, words: str) -> None:
    plan = plan_engine(AUTO, [PYODIDE], node=None, make_snapshot=snapshot)
    assert plan.reroll and plan.node is None and plan.note.startswith(words)


def test_the_trace_sees_lines_from_each_card_s_fence() -> None:
    """A line added above an example does not make the build run the trace again."""
    def card(at: int) -> dict[str, object]:
        return {"index": 0, "kind": "example", "line": at, "rolls": [[6]],
                "steps": [{"line": at + 1, "source": "x", "expected": ""},
                          {"line": at + 3, "source": "y", "expected": "1"}]}

    assert trace_cards([[card(40)]]) == trace_cards([[card(42)]])
    assert trace_cards([[card(40)]])[0][0]["steps"] == [
        {"line": 2, "source": "x", "expected": ""}, {"line": 4, "source": "y", "expected": "1"}]
    assert trace_cards([[{"x": 1}]]) == [[{"x": 1}]]  # what it cannot read, it leaves

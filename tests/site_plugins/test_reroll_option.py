"""The ``reroll`` option (``auto``, ``true``, ``false``) and what a build plans to ship."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mkdocs.config.base import ValidationError

from site_plugins.examples.browser_engine.engine_plan import BrowserEngineError, plan_engine
from site_plugins.examples.browser_engine.runtime import trace_cards
from site_plugins.examples.browser_engine.runtime_fetch import RUNTIME_PACKAGE
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


INSTALL = "npm install --no-save brotli-dec-wasm@2.3.2 pyodide@314.0.7"


def fake_npm(folder: Path, *, works: bool = True) -> str:
    """An ``npm`` that installs the runtime as ``npm ci`` would (a copy of this project's
    ``node_modules``), or fails saying so; each run is counted in ``<folder>/runs``."""
    script = folder / "npm"
    install = (f"mkdir -p node_modules && cp -r {PYODIDE} node_modules/pyodide" if works
               else "echo 'npm ERR! network: the registry is unreachable' >&2; exit 1")
    script.write_text(f"#!/bin/sh\necho run >> {folder / 'runs'}\n{install}\n", "utf-8")
    script.chmod(0o755)
    return str(script)


def runs(folder: Path) -> int:
    return len((folder / "runs").read_text().split()) if (folder / "runs").exists() else 0


def test_auto_without_pyodide_or_npm_builds_without_reroll_and_warns_naming_the_fix(
        tmp_path: Path) -> None:
    plan = plan_engine(AUTO, [tmp_path / "node_modules" / "pyodide"], node=NODE, root=tmp_path,
                       cache=tmp_path / "cache", npm=None)
    assert not plan.reroll and plan.pyodide is None and plan.note == ""
    assert plan.warning == (
        "Reroll is off for this build: there is no pyodide@314.0.7 at node_modules/pyodide, "
        f"and npm is not installed to fetch it into {tmp_path / 'cache'}: install Node.js "
        "with npm (Debian: `apt install npm`) and build again, or run "
        f"`{INSTALL}` beside mkdocs.yml; or set `reroll: false` to build without the Reroll "
        "button and without this warning")


def test_without_pyodide_the_build_installs_the_pinned_runtime_into_the_cache_once(
        tmp_path: Path) -> None:
    npm = fake_npm(tmp_path)
    plan = plan_engine(AUTO, [tmp_path / "node_modules" / "pyodide"], node=NODE,
                       cache=tmp_path / "cache", npm=npm)
    assert plan.reroll and plan.warning == "" and runs(tmp_path) == 1
    assert plan.pyodide is not None and plan.pyodide.is_relative_to(tmp_path / "cache")
    assert plan.note.startswith("Pyodide 314.0.7 was installed with npm into ")
    again = plan_engine(True, [tmp_path / "node_modules" / "pyodide"], node=NODE,
                        cache=tmp_path / "cache", npm=npm)
    assert again.pyodide == plan.pyodide and again.note == "" and runs(tmp_path) == 1


def test_npm_ci_installs_the_runtime_pinned_with_its_integrity(tmp_path: Path) -> None:
    """The runtime a site without node_modules gets is the one this project is tested with:
    the same versions and hashes as its own package-lock.json."""
    pinned = json.loads((RUNTIME_PACKAGE / "package-lock.json").read_text("utf-8"))["packages"]
    ours = json.loads((ROOT / "package-lock.json").read_text("utf-8"))["packages"]
    assert {"node_modules/pyodide", "node_modules/brotli-dec-wasm"} <= set(pinned)
    for name, entry in pinned.items():
        if name:
            assert (entry["version"], entry["integrity"]) == (
                ours[name]["version"], ours[name]["integrity"])


def test_a_failed_install_turns_reroll_off_with_npm_s_words(tmp_path: Path) -> None:
    plan = plan_engine(AUTO, [tmp_path / "missing"], node=NODE, cache=tmp_path / "cache",
                       npm=fake_npm(tmp_path, works=False))
    assert not plan.reroll
    assert "failed: npm ERR! network: the registry is unreachable; build again, or run " \
        f"`{INSTALL}` beside mkdocs.yml" in plan.warning


def test_true_without_pyodide_is_an_error_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError,
                       match=r"`reroll: true` needs Pyodide, but there is no pyodide@314\.0\.7 "
                             r"at missing, and npm is not installed"):
        plan_engine(True, [tmp_path / "missing"], node=NODE, root=tmp_path,
                    cache=tmp_path / "cache", npm=None)


def test_false_ships_nothing_and_says_nothing() -> None:
    plan = plan_engine(False, [PYODIDE], node=NODE)
    assert not plan.reroll and plan.note == "" and plan.warning == ""


@pytest.mark.parametrize("reroll", [True, AUTO])
def test_with_pyodide_and_node_everything_ships_silently(reroll: bool | str) -> None:
    plan = plan_engine(reroll, [PYODIDE], node=NODE)
    assert plan.reroll and plan.pyodide == PYODIDE and plan.node == NODE
    assert plan.note == plan.warning == ""


@pytest.mark.parametrize(("snapshot", "words"), [
    (True, "Reroll is on, without a start-up snapshot and with Pyodide's whole standard "
           "library: Node.js is not installed"),
    (False, "Reroll is on, with Pyodide's whole standard library: Node.js is not installed"),
])
def test_without_node_reroll_stays_on_with_one_warning(snapshot: bool, words: str) -> None:
    plan = plan_engine(AUTO, [PYODIDE], node=None, make_snapshot=snapshot)
    assert plan.reroll and plan.node is None and plan.warning.startswith(words)


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

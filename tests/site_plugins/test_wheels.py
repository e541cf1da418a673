"""The wheels the browser installs, and their lock file entries."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from rules_core.system import System, systems
from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.browser_engine.wheels import (
    BROWSER_PACKAGES,
    WHEEL_VERSION,
    build_wheel,
    installed_wheel,
    lock_with_wheels,
    system_wheels,
)
from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.cards.roll_forms import systems_with_forms
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT, run_isolated


def system_named(name: str) -> System:
    """The installed system ``name`` (found through its entry point)."""
    return next(system for system in systems() if system.name == name)


def wheel_files(folder: Path, names: tuple[str, ...] = ()) -> tuple[Path, list[Path]]:
    """The core wheel and the wheels of the systems ``names``, written into ``folder`` under
    the names a build gives them (a system's wheel is found by its name: wheel_path.py)."""
    core = folder / "rules_reference-1-py3-none-any.whl"
    core.write_bytes(build_wheel().data)
    own = []
    for name in names:
        built = build_wheel(system=system_named(name))
        wheel = folder / built.file_name
        wheel.write_bytes(built.data)
        own.append(wheel)
    return core, own


def test_the_wheel_is_the_same_bytes_every_build() -> None:
    assert build_wheel().data == build_wheel().data


def test_the_core_wheel_holds_the_core_and_the_browser_packages_whole_and_nothing_else(
        ) -> None:
    names = zipfile.ZipFile(io.BytesIO(build_wheel().data)).namelist()
    assert "rules_core/roll.py" in names and "rules_core/odds.py" in names
    assert not [name for name in names if name.count("/") > 1 and name.startswith("rules_core/")]
    shipped = {name for name in names if name.startswith("site_plugins/")}
    browser = {path.relative_to(ROOT).as_posix() for package in BROWSER_PACKAGES
               for path in ROOT.joinpath(*package.split(".")).rglob("*.py")}
    assert shipped == {"site_plugins/__init__.py", "site_plugins/examples/__init__.py", *browser}
    assert "site_plugins/examples/cards/reroll.py" in names
    assert "site_plugins/examples/site/plugin.py" not in names  # needs MkDocs
    assert "site_plugins/examples/checking/pytest_plugin.py" not in names


def test_every_system_of_rules_core_has_a_wheel_of_its_own_and_no_other() -> None:
    folders = sorted(p.parent.name for p in ROOT.joinpath("rules_core").glob("*/__init__.py"))
    found = systems()
    assert [system.name for system in found] == folders and "kruhl" in folders
    for system, wheel in zip(found, system_wheels(found), strict=True):
        names = zipfile.ZipFile(io.BytesIO(wheel.data)).namelist()
        shipped = {n for n in names if not n.startswith(wheel.file_name.split("-")[0] + "-")}
        assert wheel.file_name.startswith(f"rules_core_{system.name}-{WHEEL_VERSION}+g")
        assert shipped == {f"rules_core/{p.relative_to(ROOT / 'rules_core').as_posix()}"
                           for p in ROOT.joinpath("rules_core", system.name).rglob("*")
                           if p.is_file() and "__pycache__" not in p.parts}
        assert wheel.needed_by == wheel.system == system.package


def test_a_system_wheel_declares_its_system_for_whoever_reads_its_entry_points() -> None:
    wheel = build_wheel(system=system_named("kruhl"))
    archive = zipfile.ZipFile(io.BytesIO(wheel.data))
    declared = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
    assert archive.read(declared).decode() == (
        "[rules_reference.systems]\nkruhl = rules_core.kruhl:SYSTEM\n")


def test_a_system_of_a_package_that_is_not_installed_has_no_wheel() -> None:
    missing = System("no_such_package_here", "Nowhere", "Nowhere", "", "", "nowhere/index.md",
                     "Nowhere", (("Rules", "rules"),))
    with pytest.raises(BrowserEngineError,
                       match="the package no_such_package_here was not found"):
        build_wheel(system=missing)


def test_a_system_of_a_module_that_is_no_package_is_refused() -> None:
    module = System("rules_core.dice", "Dice", "Dice", "", "", "dice/index.md", "Dice",
                    (("Rules", "rules"),))
    with pytest.raises(BrowserEngineError, match=r"rules_core\.dice is a module, not a package"):
        build_wheel(system=module)


def test_two_systems_of_one_package_outside_rules_core_are_refused() -> None:
    one, two = (System(f"games.{name}", name, name, "", "", f"{name}/index.md", name,
                       (("Rules", "rules"),)) for name in ("one", "two"))
    with pytest.raises(BrowserEngineError, match="share the package games"):
        system_wheels([one, two])


def test_the_wheel_record_lists_every_file_with_its_hash() -> None:
    archive = zipfile.ZipFile(io.BytesIO(build_wheel().data))
    record = next(n for n in archive.namelist() if n.endswith("/RECORD"))
    rows = [line.split(",") for line in archive.read(record).decode().splitlines()]
    for name, digest, size in rows:
        if name == record:
            continue
        data = archive.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        assert digest == f"sha256={expected.decode()}" and int(size) == len(data)
    assert len(rows) == len(archive.namelist())


def test_the_wheel_version_changes_with_its_sources() -> None:
    one = build_wheel({"rules_core/__init__.py": b""})
    two = build_wheel({"rules_core/__init__.py": b"# changed\n"})
    assert one.file_name != two.file_name
    assert one.file_name.startswith(f"rules_reference-{WHEEL_VERSION}+g")


def test_icepool_ships_as_a_wheel_of_its_own_packed_the_same_every_build() -> None:
    wheel = installed_wheel("icepool")
    names = zipfile.ZipFile(io.BytesIO(wheel.data)).namelist()
    assert wheel.file_name == "icepool-2.1.3-py3-none-any.whl"
    assert "icepool/__init__.py" in names and wheel.imports == ("icepool",)
    assert not any("__pycache__" in name for name in names)
    assert installed_wheel("icepool").data == wheel.data


def test_the_engine_wheel_depends_on_icepool_which_the_odds_need() -> None:
    assert build_wheel().depends == ("icepool",)
    assert installed_wheel("icepool").needed_by == "rules_core.odds"
    assert build_wheel().needed_by == ""


def test_a_system_wheel_joins_rules_core_from_the_core_wheel(tmp_path: Path) -> None:
    core, [kruhl] = wheel_files(tmp_path, ("kruhl",))
    code = (
        f"import sys\nsys.path[:0] = [{str(core)!r}]\n"
        "import rules_core\n"
        "try:\n    import rules_core.kruhl\nexcept ImportError:\n    pass\n"
        "else:\n    raise SystemExit('kruhl came without its wheel')\n"
        "from site_plugins.examples.cards.wheel_path import add_wheels\n"
        f"add_wheels([{str(kruhl)!r}])\n"
        "import rules_core.kruhl\n"
        "assert rules_core.kruhl.__file__.startswith(" + repr(str(kruhl)) + ")\n"
        "assert 'icepool' not in sys.modules and 'rules_core.odds' not in sys.modules\n"
        "print('ok')\n"
    )
    run_isolated(code)


def test_the_wheels_run_a_reroll_with_nothing_but_the_standard_library(tmp_path: Path) -> None:
    wheel, icepool = tmp_path / "engine.whl", tmp_path / "icepool.whl"
    wheel.write_bytes(build_wheel().data)
    icepool.write_bytes(installed_wheel("icepool").data)
    code = (
        f"import json, sys\nsys.path[:0] = [{str(wheel)!r}, {str(icepool)!r}]\n"
        "from site_plugins.examples.cards.reroll import reroll_page\n"
        "card = {'index': 0, 'kind': 'example', 'line': 1, 'rolls': [[6, 5]], 'steps': [\n"
        "  {'line': 2, 'source': 'rolled(\"6 5\").roll(2, 6)', 'expected': '(6, 5)'}]}\n"
        "answer = json.loads(reroll_page(json.dumps({'target': 0, 'cards': [card]}), seed=1))\n"
        "assert len(answer['cards'][0]['rolls'][0]) == 2\n"
        "from rules_core.odds_text import describe\n"
        "from rules_core.procedure import CountAtLeast, Procedure\n"
        "from rules_core.question import AtLeast\n"
        "assert '32.0%' in describe(AtLeast(Procedure(6, 6, (), CountAtLeast(5)), 3))\n"
        "assert 'mkdocs' not in sys.modules and 'markdown' not in sys.modules\n"
        "print('ok')\n"
    )
    run_isolated(code)


def test_the_lock_entries_carry_the_wheel_hashes_and_keep_the_other_packages() -> None:
    wheel, icepool = build_wheel(), installed_wheel("icepool")
    lock = {"info": {"python": "3.14.2"}, "packages": {"six": {"name": "six"}}}
    added = lock_with_wheels(lock, [wheel, icepool])
    entry = added["packages"]["rules-reference"]  # type: ignore[index]
    assert entry["sha256"] == hashlib.sha256(wheel.data).hexdigest()
    assert entry["file_name"] == wheel.file_name
    assert entry["imports"] == ["rules_core", "site_plugins"]
    assert entry["depends"] == ["icepool"]
    odds = added["packages"]["icepool"]  # type: ignore[index]
    assert odds["sha256"] == hashlib.sha256(icepool.data).hexdigest()
    assert "six" in added["packages"]  # type: ignore[operator]
    assert "rules-reference" not in lock["packages"]


def test_a_lock_with_only_our_wheels_lists_nothing_else() -> None:
    lock = {"info": {"python": "3.14.2"}, "packages": {"six": {"name": "six"}}}
    only = lock_with_wheels(lock, [build_wheel(), installed_wheel("icepool")], only=True)
    assert set(only["packages"]) == {"rules-reference", "icepool"}  # type: ignore[arg-type]
    assert only["info"] == lock["info"]


#: A page of each system (none of whose examples asks for odds itself, as Storypath's Dice
#: page does, which then imports what the odds need).
FIRST_REROLL_PAGES = ("docs/chronicle/tests.md", "docs/hubris/dice-and-initiative.md",
                      "docs/kruhl/rolling-dice.md", "docs/storypath/initiative-and-turns.md",
                      "docs/verses/action-chaining.md")
#: Modules a first reroll must not import: each costs the browser's Python tens of ms on a
#: phone's CPU before the first result (the odds and icepool follow it: odds-follow.js).
NOT_BEFORE_THE_FIRST_RESULT = ("fractions", "icepool", "rules_core.odds", "difflib", "mkdocs",
                               "markdown", "site_plugins.examples.cards.roll_forms",
                               "site_plugins.examples.cards.dice_grammar",
                               "site_plugins.examples.cards.dice_notation")


@pytest.mark.parametrize("page", FIRST_REROLL_PAGES)
def test_a_first_reroll_imports_its_system_and_nothing_it_does_not_need(
        tmp_path: Path, page: str) -> None:
    system = page.split("/")[1]
    result = verify_page(page, (ROOT / page).read_text(encoding="utf-8"))
    cards = page_card_data(result.runs, "s", result.setup_source)
    request = json.dumps({"target": cards[0]["index"], "cards": cards})
    core, [own] = wheel_files(tmp_path, (system,))
    code = (
        f"import json, sys\nsys.path[:0] = [{str(core)!r}]\n"
        "from site_plugins.examples.cards.wheel_path import add_wheels\n"
        f"add_wheels([{str(own)!r}])\n"
        "from site_plugins.examples.cards.reroll import answer\n"
        f"reply = json.loads(answer('reroll', {request!r}, 7))\n"
        "assert reply['cards'] and 'error' not in reply, reply\n"
        "from site_plugins.examples.language.bound_values import is_number\n"
        "assert is_number(3) and is_number(0.5) and not is_number(True)\n"
        f"loaded = [m for m in {NOT_BEFORE_THE_FIRST_RESULT!r} if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "print('ok')\n"
    )
    run_isolated(code)


def test_what_an_answer_imports_later_a_snapshot_imports_before(tmp_path: Path) -> None:
    """After a snapshot restore only modules in memory import (the wheels' files are not
    there): every module of ours a roller's or a dice answer imports after a reroll must be
    in ``LATER_MODULES``, which the snapshot imports (node/make_snapshot.mjs), or in
    ``rules_core``, all of which it imports."""
    core, wheels = wheel_files(tmp_path, tuple(system.name for system in systems()))
    paths = [str(wheel) for wheel in wheels]
    code = (
        f"import json, sys\nsys.path[:0] = [{str(core)!r}]\n"
        "from site_plugins.examples.cards.wheel_path import add_wheels\n"
        f"add_wheels({paths!r})\n"
        "from site_plugins.examples.cards.reroll import LATER_MODULES, answer\n"
        "import importlib, pkgutil, rules_core\n"  # as the snapshot does
        "for info in pkgutil.walk_packages(rules_core.__path__, 'rules_core.'):\n"
        "    importlib.import_module(info.name)\n"
        "before = set(sys.modules)\n"
        f"for system in {sorted(systems_with_forms())!r}:\n"
        "    reply = json.loads(answer('roll', json.dumps({'system': system, 'values': {}}), 1))\n"
        "    assert 'error' not in reply, reply\n"
        "reply = json.loads(answer('dice', json.dumps({'dice': '2d6 + 3'}), 1))\n"
        "assert 'error' not in reply and reply['total'] >= 5, reply\n"
        "later = {m for m in set(sys.modules) - before if m.startswith('site_plugins')}\n"
        "assert later <= set(LATER_MODULES), later - set(LATER_MODULES)\n"
        "print('ok')\n"
    )
    run_isolated(code)
    snapshot_script = ROOT / "site_plugins/examples/browser_engine/node/make_snapshot.mjs"
    assert "in site_plugins.examples.cards.reroll.LATER_MODULES:" in snapshot_script.read_text(
        encoding="utf-8")

"""Layering: the core names no system, a system imports only the core and itself, only
``rules_core.odds`` imports icepool, and the browser's Python imports no MkDocs: the
subpackages of the examples that the browser imports import only the standard library, the
core and each other. And no folder of ``site_plugins`` holds more than 15 modules."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from site_plugins.examples.browser_engine.wheels import BROWSER_PACKAGES
from tests.conftest import ROOT

CORE = ROOT / "rules_core"
SYSTEMS = sorted(p.name for p in CORE.iterdir() if (p / "__init__.py").is_file())
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
EXAMPLES = ROOT / "site_plugins" / "examples"
#: Every module the browser imports: every one in the browser packages, however deep.
BROWSER_FILES = sorted(path for package in BROWSER_PACKAGES
                       for path in ROOT.joinpath(*package.split(".")).rglob("*.py"))
#: Most modules in one folder of ``site_plugins``.
MAX_MODULES_PER_FOLDER = 15


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full dotted name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: use absolute imports"
            found.add(node.module or "")
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def system_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "rules_core" and parts[1] in SYSTEMS \
        else None


def test_there_are_systems_to_check() -> None:
    assert {"verses", "kruhl"} <= set(SYSTEMS)


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_the_core_imports_no_system_and_only_the_standard_library(path: Path) -> None:
    for name in imports(path):
        assert system_of(name) is None, f"core module {path.name} imports the system {name}"
        allowed = {"rules_core"} | ({"icepool"} if path.name == "odds.py" else set())
        assert top(name) in STDLIB | allowed, f"{path.name} imports {name}"


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_system_imports_only_the_core_and_itself(system: str) -> None:
    for path in sorted((CORE / system).rglob("*.py")):
        for name in imports(path):
            other = system_of(name)
            assert other in (None, system), f"{path.relative_to(ROOT)} imports {name}"
            assert top(name) in STDLIB | {"rules_core"}, f"{path.relative_to(ROOT)}: {name}"


def test_only_the_odds_import_icepool_and_only_the_dice_import_random() -> None:
    for path in sorted(CORE.rglob("*.py")):
        names = {top(name) for name in imports(path)}
        if "icepool" in names:
            assert path.name == "odds.py" and path.parent == CORE, path
        if "random" in names:
            assert path.name == "dice.py" and path.parent == CORE, path


def in_browser_package(name: str) -> bool:
    return any(name == package or name.startswith(f"{package}.")
               for package in BROWSER_PACKAGES)


@pytest.mark.parametrize("package", BROWSER_PACKAGES)
def test_each_browser_package_is_a_package_of_the_examples(package: str) -> None:
    folder = ROOT.joinpath(*package.split("."))
    assert folder.parent == EXAMPLES and (folder / "__init__.py").is_file(), package
    assert len(list(folder.glob("*.py"))) > 1, f"{package} has no modules"


@pytest.mark.parametrize("path", BROWSER_FILES, ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_the_browser_packages_import_only_the_standard_library_the_core_and_each_other(
        path: Path) -> None:
    for name in imports(path):
        assert top(name) in STDLIB | {"rules_core"} or in_browser_package(name), (
            f"{path.relative_to(ROOT)} imports {name}, which the browser does not have: the "
            f"browser packages are {', '.join(BROWSER_PACKAGES)}")


def test_no_folder_of_site_plugins_holds_more_than_15_modules() -> None:
    folders = {path.parent for path in (ROOT / "site_plugins").rglob("*.py")}
    assert len(folders) > 2, "too few folders found to be checking anything"
    for folder in sorted(folders):
        modules = sorted(path.name for path in folder.glob("*.py"))
        assert len(modules) <= MAX_MODULES_PER_FOLDER, (
            f"{folder.relative_to(ROOT)} holds {len(modules)} modules: split it into "
            f"subpackages by role (at most {MAX_MODULES_PER_FOLDER} each)")


def test_the_card_ui_reaches_the_engine_only_through_its_client() -> None:
    assets = ROOT / "site_plugins" / "examples" / "assets"
    cards = (assets / "cards.js").read_text(encoding="utf-8")
    client = (assets / "engine-client.js").read_text(encoding="utf-8")
    assert 'from "./engine-client.js"' in cards and "new Worker(" not in cards
    assert not re.search(r"^import ", client, re.MULTILINE)  # the client needs no card code
    assert "new Worker(" in client and "querySelector" not in client

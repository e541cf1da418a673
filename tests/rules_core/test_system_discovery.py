"""Systems are found, never listed: every installed distribution declares its game systems in
the entry point group ``rules_reference.systems``, and a declaration the site cannot use is
refused in words that name it."""

from __future__ import annotations

import ast
import importlib.metadata
import re
from pathlib import Path

import pytest

import rules_core
from rules_core.system import ENTRY_POINT_GROUP, System, SystemDeclarationError, systems

CORE = Path(rules_core.__file__).parent


def declares_a_system(init: Path) -> bool:
    """Whether a package's ``__init__.py`` assigns ``SYSTEM``."""
    return any(isinstance(node, ast.Assign)
               and any(isinstance(t, ast.Name) and t.id == "SYSTEM" for t in node.targets)
               for node in ast.parse(init.read_text(encoding="utf-8")).body)


def test_every_package_of_rules_core_that_declares_a_system_is_found_and_nothing_else() -> None:
    packages = sorted(f"rules_core.{init.parent.name}" for init in CORE.glob("*/__init__.py")
                      if declares_a_system(init))
    assert len(packages) >= 5
    assert [system.package for system in systems()] == packages


def test_each_system_is_found_under_its_own_name() -> None:
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry.value.startswith("rules_core."):
            assert entry.value == f"rules_core.{entry.name}:SYSTEM"


def declared(monkeypatch: pytest.MonkeyPatch, *entries: tuple[str, str]) -> None:
    """The entry points of the group are ``entries`` (name, value) and nothing else."""
    points = importlib.metadata.EntryPoints(
        importlib.metadata.EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in entries)
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: points if group == ENTRY_POINT_GROUP else ())


def test_a_system_of_any_package_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    declared(monkeypatch, ("verses", "rules_core.verses:SYSTEM"),
             ("kruhl", "rules_core.kruhl:SYSTEM"))
    assert [system.name for system in systems()] == ["kruhl", "verses"]


def test_a_declaration_that_does_not_load_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    declared(monkeypatch, ("ember", "no_such_ember_package:SYSTEM"))
    with pytest.raises(SystemDeclarationError,
                       match=r"the system 'ember' \(declared as no_such_ember_package:SYSTEM\) "
                             r"does not load: .* ModuleNotFoundError"):
        systems()


def test_a_declaration_of_something_else_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    declared(monkeypatch, ("verses", "rules_core.verses:ROLL_FORM"))
    with pytest.raises(SystemDeclarationError,
                       match=re.escape("names rules_core.verses:ROLL_FORM, which is a RollForm, "
                                       "not a rules_core.system.System")):
        systems()


def test_an_entry_point_named_unlike_its_system_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    declared(monkeypatch, ("verse", "rules_core.verses:SYSTEM"))
    with pytest.raises(SystemDeclarationError, match="name the entry point 'verses'"):
        systems()


def test_two_systems_of_one_name_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    declared(monkeypatch, ("verses", "rules_core.verses:SYSTEM"),
             ("verses", "tests.rules_core.test_system_discovery:OTHER_VERSES"))
    with pytest.raises(SystemDeclarationError, match="two systems are named 'verses'"):
        systems()


#: A second system whose package's name is ``verses`` too.
OTHER_VERSES = System("other.verses", "Other", "Other", "", "", "verses/index.md", "Other",
                      (("Rules", "rules"),))


def test_a_system_outside_rules_core_is_a_system() -> None:
    ember = System("ember", "Ember", "Ember", "", "", "ember/index.md", "Ember",
                   (("Rules", "action"),))
    assert ember.name == "ember"
    assert System("my_games.ember", "Ember", "Ember", "", "", "ember/index.md", "Ember",
                  (("Rules", "action"),)).name == "ember"


@pytest.mark.parametrize("package", ["", "ember-rules", "ember.", "1ember", "Ember"])
def test_a_package_that_is_no_dotted_lower_case_name_is_refused(package: str) -> None:
    with pytest.raises(ValueError, match="a system's package"):
        System(package, "Ember", "Ember", "", "", "ember/index.md", "Ember",
               (("Rules", "action"),))

"""One word per idea across the systems: every old public name still works for one version,
warns with a DeprecationWarning naming the new one, and no page of the docs uses it; and the
shared words read the same in every system."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules_core.chronicle import Character as ChronicleCharacter
from rules_core.chronicle import fumble_reading
from rules_core.dice import ScriptedDice
from rules_core.hubris import Character as HubrisCharacter
from rules_core.hubris import TurnOrder as HubrisTurnOrder
from rules_core.hubris import roll_initiative
from rules_core.kruhl import Character as KruhlCharacter
from rules_core.kruhl import TurnOrder as KruhlTurnOrder
from rules_core.renames import REMOVED_IN
from rules_core.storypath import Character as StorypathCharacter
from rules_core.storypath import mixed
from rules_core.verses import PUNCH, Actor, Scene

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _hubris_order() -> HubrisTurnOrder:
    ana = HubrisCharacter("Ana", {"Dexterity": 2, "Composure": 2})
    bo = HubrisCharacter("Bo", {"Dexterity": 3, "Composure": 3})
    return roll_initiative(ana, bo, dice=ScriptedDice("8 3")).turn_order().delay(to=5)


def _fumble_row_old() -> Any:
    from rules_core.chronicle import fumble_row
    return fumble_row(5)


#: (what is renamed, how the old name reads it, how the new name does, the new name's words)
RENAMED: list[tuple[str, Callable[[], Any], Callable[[], Any], str]] = [
    ("hubris TurnOrder.coming", lambda: _hubris_order().coming,
     lambda: _hubris_order().order_left, "TurnOrder.order_left"),
    ("hubris TurnOrder.next_order", lambda: _hubris_order().next_order,
     lambda: _hubris_order().order, "TurnOrder.order"),
    ("kruhl TurnOrder.up_next", lambda: KruhlTurnOrder(["Soraya", "Issvisk"]).up_next,
     lambda: KruhlTurnOrder(["Soraya", "Issvisk"]).up, "TurnOrder.up"),
    ("kruhl SkillCheck.count", lambda: KruhlCharacter("Soraya", {"Agility": 3}).check(
        "Athletics").count, lambda: KruhlCharacter("Soraya", {"Agility": 3}).check(
        "Athletics").pool, "SkillCheck.pool"),
    ("chronicle fumble_row()", _fumble_row_old, lambda: fumble_reading(5),
     "rules_core.chronicle.fumble_reading"),
]

#: How a page would spell each old name.
OLD_SPELLINGS = (r"\.coming\b", r"\.next_order\b", r"\.up_next\b", r"\.count\.(size|base|bonus|"
                 r"penalty|net|shortfall|breakdown)\b", r"\bfumble_row\(")


@pytest.mark.parametrize(("old", "new", "words"), [(o, n, w) for _, o, n, w in RENAMED],
                         ids=[name for name, *_ in RENAMED])
def test_an_old_name_still_works_and_warns_naming_the_new_one(
        old: Callable[[], Any], new: Callable[[], Any], words: str) -> None:
    with pytest.warns(DeprecationWarning) as said:
        value = old()
    assert value == new()
    message = str(said[-1].message)
    assert f"is renamed {words} " in message and REMOVED_IN in message


@pytest.mark.parametrize(("name", "new"), [(n, new) for n, _, new, _ in RENAMED],
                         ids=[name for name, *_ in RENAMED])
def test_a_new_name_does_not_warn(name: str, new: Callable[[], Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        new()


def test_no_page_of_the_docs_uses_an_old_name() -> None:
    found = [f"{page.relative_to(DOCS)}:{n}: {line.strip()}"
             for page in sorted(DOCS.rglob("*.md")) if page.name != "authoring.md"
             for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if any(re.search(spelling, line) for spelling in OLD_SPELLINGS)]
    assert found == []


def test_a_pool_size_is_read_as_size_on_every_systems_result() -> None:
    tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
    punch = Scene(tam).act(tam, PUNCH, ad=1, dice=ScriptedDice("6 6 5 4 2 1"))
    ana = StorypathCharacter("Ana", {"Dexterity": 3, "Might": 1}, {"Athletics": 3,
                                                                    "Close Combat": 1})
    leap = ana.action("Athletics", "Dexterity", difficulty=1).roll(ScriptedDice("9 8 6 4 2 1"))
    both = mixed(ana.action("Athletics", "Dexterity"), ana.action("Close Combat", "Might"),
                 dice=ScriptedDice("9 1"))
    edric = ChronicleCharacter("Edric", {"Fighting": 4})
    test = edric.test("Fighting").roll(ScriptedDice("6 5 4 3"))
    soraya = KruhlCharacter("Soraya", {"Agility": 3}, skills={"Athletics": "skilled"})
    assert (punch.size, leap.size, both.size, test.size, test.test.size,
            soraya.check("Athletics").size) == (6, 6, 2, 4, 4, 2)

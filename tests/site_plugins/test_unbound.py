"""The author's aid lists what the prose leaves to chance: numbers an example computes that
are not bound, and bound values that another result gives too, which may read the wrong card."""

from __future__ import annotations

import pytest

from site_plugins.examples.checking.unbound import result_chain, unbound_and_twins

PUNCHES = '''---
examples_setup: |
  from rules_core.verses import Actor, Scene, PUNCH
---

# Punches

```rules-example title="The first punch"
>>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
>>> scene = Scene(tam)
>>> first = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
```

```rules-example title="The second punch"
>>> second = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
```

The first punch did BOUND.
'''


def twins(bound: str) -> list[str]:
    _unbound, found = unbound_and_twins("docs/p.md", PUNCHES.replace("BOUND", bound))
    return [str(twin) for twin in found]


def test_a_value_another_result_gives_too_is_listed_with_both_results() -> None:
    assert twins("[3]{= second.damage} damage") == [
        "docs/p.md:18: [3]{= second.damage} reads second.damage of “The second punch”; "
        "first.damage of “The first punch” is 3 too: check that the sentence is about the "
        "result it reads (a Reroll changes them apart)"]


def test_a_value_the_dice_never_change_is_not_listed() -> None:
    assert twins("its work within a chain limit of [2]{= second.chain_limit}") == []


@pytest.mark.parametrize(("expression", "chain"), [
    ("second.damage", ("second", ".damage")),
    ("_.results[0].total", ("_", ".results[0].total")),
    ("len(second.faces)", None),
    ("second.faces[i]", None),
    ("x", None),
])
def test_a_chain_is_a_name_then_attributes_and_constant_indexes(
        expression: str, chain: tuple[str, str] | None) -> None:
    assert result_chain(expression) == chain

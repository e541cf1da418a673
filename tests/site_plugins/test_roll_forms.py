"""Each chapter's roller: values read by the system's own form, rolled by the engine, and a
link that replays exactly the same dice."""

from __future__ import annotations

import json

import pytest

from rules_core.dice import RandomDice, ScriptedDice
from rules_core.roll_form import RollFormError
from site_plugins.examples.cards.roll_forms import (
    RollRequestError,
    form_of,
    render_form,
    roll_answer,
    systems_with_forms,
)


def ask(request: dict[str, object], seed: int | None = 3) -> dict[str, object]:
    answer = json.loads(roll_answer(json.dumps(request), seed))
    assert isinstance(answer, dict)
    return answer


def test_every_system_declares_a_roll_form() -> None:
    assert {"rules_core.verses", "rules_core.kruhl"} <= set(systems_with_forms())


@pytest.mark.parametrize("system", sorted(systems_with_forms()))
def test_the_default_roll_is_drawn_with_its_odds(system: str) -> None:
    answer = ask({"system": system, "values": {}})
    assert 'class="rx-dice"' in str(answer["html"]) and 'class="rx-odds"' in str(answer["html"])
    assert answer["dice"] and all(isinstance(face, int) for face in answer["dice"])  # type: ignore[union-attr]


@pytest.mark.parametrize("system", sorted(systems_with_forms()))
def test_a_link_replays_exactly_the_same_roll(system: str) -> None:
    first = ask({"system": system, "values": {}})
    again = ask({"system": system, "values": first["values"], "dice": first["dice"]}, None)
    assert again["html"] == first["html"] and again["dice"] == first["dice"]


def test_a_value_out_of_bounds_is_refused_naming_the_field() -> None:
    answer = ask({"system": "rules_core.verses", "values": {"prw": "99"}})
    assert answer == {"error": "PRW (attribute dice) must be from 0 to 12, not 99"}


def test_a_value_that_is_no_number_is_refused() -> None:
    answer = ask({"system": "rules_core.verses", "values": {"ad": "1e9"}})
    assert "must be a whole number" in str(answer["error"])


def test_a_choice_not_offered_is_refused() -> None:
    answer = ask({"system": "rules_core.verses", "values": {"action": "fireball"}})
    assert str(answer["error"]).startswith("Action must be one of punch, kick")


def test_a_field_the_form_lacks_is_refused() -> None:
    answer = ask({"system": "rules_core.verses", "values": {"power": "9"}})
    assert "has no field 'power'" in str(answer["error"])


def test_faces_that_do_not_fit_the_roll_are_refused() -> None:
    too_few = ask({"system": "rules_core.verses", "values": {}, "dice": [6, 6]})
    assert "the pool is 6d6 but 2 faces are listed" in str(too_few["error"])
    too_many = ask({"system": "rules_core.verses", "values": {}, "dice": [6] * 7})
    assert "7 faces are listed" in str(too_many["error"])


@pytest.mark.parametrize("system", ["nope", "__init__", "../verses", "verses", "x" * 80,
                                    "rules_core.verses.scene", "rules_core", "json",
                                    "rules_core.roll_form", "rules_core.verses.roll_form"])
def test_a_name_that_is_no_system_is_refused(system: str) -> None:
    with pytest.raises(RollRequestError):
        form_of(system)


def test_the_form_is_drawn_from_its_fields_with_a_first_roll() -> None:
    form = systems_with_forms()["rules_core.kruhl"]
    html = render_form("rules_core.kruhl", form)
    assert html.count('class="rx-field"') == len(form.fields)
    assert '<select id="rx-kruhl-training" name="training">' in html
    assert ('type="number" id="rx-kruhl-attribute" name="attribute" value="3" min="0" '
            'max="10"') in html
    assert 'class="rx-roller-result"><section class="rx-result' in html
    assert '<form class="rx-roller" data-rx-system="rules_core.kruhl" id="roller-kruhl"' in html


def test_reading_the_form_gives_defaults_for_what_is_missing() -> None:
    form = systems_with_forms()["rules_core.verses"]
    assert form.read({"prw": " 4 "}) == {"action": "punch", "prw": 4, "skill": 2,
                                        "round_ad": 6, "ad": 1, "defence": 0}
    with pytest.raises(RollFormError):
        form.read({"prw": "-1"})


def test_the_verses_form_rolls_a_contested_grapple() -> None:
    form = systems_with_forms()["rules_core.verses"]
    view = form.make({"action": "clinch", "defence": "2"}, ScriptedDice("6 6 5 1 1 1 5 1"))
    assert view.title == "Hero: Clinch (grapple, round 1)" and view.outcome.label == "Success"


def test_the_kruhl_form_rolls_against_the_gm() -> None:
    form = systems_with_forms()["rules_core.kruhl"]
    view = form.make({"dv": "6"}, RandomDice(seed=1))
    assert view.title == "Hero: Skill (Attribute) against DV 6 (Remarkably difficult)"

"""Names inside the engine's sentences: "The" as running text writes it, and verbs agreeing
with a group's name."""

from __future__ import annotations

import pytest

from rules_core.errors import RulesError
from rules_core.explain import Explanation, RollView, TableView
from rules_core.names import agreeing, is_group, running_text


@pytest.mark.parametrize(("text", "expected"), [
    ("Hana attacks The ghoul pack", "Hana attacks the ghoul pack"),
    ("The ghoul pack attacks Hana", "The ghoul pack attacks Hana"),
    ("Bo wins. The tanuki flees", "Bo wins. The tanuki flees"),
    ("3 against 2: The tanuki wins", "3 against 2: the tanuki wins"),
    ("a tie, which goes to The tanuki", "a tie, which goes to the tanuki"),
    ("(The ghoul pack's successes)", "(the ghoul pack's successes)"),
    ("did you mean 'The Blades'?", "did you mean 'The Blades'?"),
    ("Theodora attacks Theo", "Theodora attacks Theo"),
])
def test_a_name_s_the_is_lower_case_inside_a_sentence(text: str, expected: str) -> None:
    assert running_text(text) == expected


def test_an_explanation_writes_every_sentence_as_running_text() -> None:
    view = Explanation(title="Hana attacks The ghoul pack", pool="against The ghoul pack",
                       rolls=(RollView("Hana rolls against The ghoul pack", ()),),
                       lines=("Nothing cancels The ghoul pack's 3 successes.",),
                       tables=(TableView("Hits on The ghoul pack", ("who",),
                                         (("The ghoul pack", "hit by The ghoul pack"),)),))
    assert view.title == "Hana attacks the ghoul pack"
    assert view.pool == "against the ghoul pack"
    assert view.rolls[0].label == "Hana rolls against the ghoul pack"
    assert view.lines == ("Nothing cancels the ghoul pack's 3 successes.",)
    assert view.tables[0].caption == "Hits on the ghoul pack"
    assert view.tables[0].rows == (("The ghoul pack", "hit by the ghoul pack"),)


def test_an_error_message_writes_names_as_running_text() -> None:
    assert str(RulesError("Ana cannot rush The tanuki")) == "Ana cannot rush the tanuki"


@pytest.mark.parametrize(("name", "group"), [
    ("Virek-Kohl's lackeys", True), ("two guards", True), ("Boris", False),
    ("The ghoul pack", False), ("the wild boss", False), ("Silas", False), ("Ike", False),
])
def test_a_name_that_counts_a_group_is_told_apart(name: str, group: bool) -> None:
    assert is_group(name) is group


def test_a_verb_agrees_with_a_group_s_name() -> None:
    assert agreeing("Virek-Kohl's lackeys", "rolls") == "Virek-Kohl's lackeys roll"
    assert agreeing("Virek-Kohl's lackeys", "catches") == "Virek-Kohl's lackeys catch"
    assert agreeing("two guards", "is") == "two guards are"
    assert agreeing("Soraya", "rolls") == "Soraya rolls"

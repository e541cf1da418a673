"""Marks carry their own words, glyph and tone; outcomes their word and tone."""

from __future__ import annotations

import pytest

from rules_core.marks import DROPPED, REROLLED, SUCCESS, Mark, MarkRegistry, Tone
from rules_core.outcome import Outcome


def test_a_registry_refuses_a_different_mark_under_a_name_taken() -> None:
    registry = MarkRegistry()
    registry.register(Mark("chains", "chains", "↪", "six that chains", Tone.ACCENT))
    with pytest.raises(ValueError, match="a different mark named 'chains'"):
        registry.register(Mark("chains", "links", "~", "links", Tone.EXTRA))


def test_registering_the_same_mark_again_is_harmless() -> None:
    registry = MarkRegistry()
    mark = Mark("x", "x", "x", "x", Tone.FADED)
    assert registry.register(mark) is registry.register(mark)


def test_marks_come_back_in_registration_order() -> None:
    registry = MarkRegistry()
    for mark in (SUCCESS, REROLLED, DROPPED):
        registry.register(mark)
    assert registry.in_order({DROPPED, SUCCESS}) == (SUCCESS, DROPPED)
    assert registry.named("rerolled") is REROLLED


def test_every_system_s_marks_are_registered_with_words_and_a_glyph() -> None:
    import rules_core.kruhl
    import rules_core.verses
    from rules_core.marks import MARKS

    names = [mark.name for mark in MARKS]
    assert {"chains", "cancelled by the defence", "plot point"} <= set(names)
    assert all(mark.words and mark.glyph and mark.legend for mark in MARKS)
    assert len(names) == len(set(names))
    assert rules_core.kruhl and rules_core.verses


@pytest.mark.parametrize(("outcome", "tone", "label"), [
    (Outcome.SUCCESS, "success", "Success"),
    (Outcome.EXCEPTIONAL_SUCCESS, "success", "Exceptional success"),
    (Outcome.CRITICAL_SUCCESS, "success", "Critical success"),
    (Outcome.FAILURE, "failure", "Failure"),
    (Outcome.DRAMATIC_FAILURE, "failure", "Dramatic failure"),
    (Outcome.FUMBLE, "failure", "Fumble"),
    (Outcome.NONE, "", ""),
])
def test_each_outcome_has_a_tone_and_a_word(outcome: Outcome, tone: str, label: str) -> None:
    assert (outcome.tone, outcome.label) == (tone, label)


def test_an_outcome_reads_as_its_word() -> None:
    assert Outcome.of(True) == "success" and str(Outcome.of(False)) == "failure"

"""Marks carry their own words, glyph and tone; outcomes their word and tone; tones are
data a system may declare."""

from __future__ import annotations

import pytest

from rules_core.marks import CORE_MARKS, CORE_TONES, Mark, Tone
from rules_core.outcome import Outcome
from rules_core.system import all_tones, systems


def test_every_mark_has_words_a_glyph_and_a_tone_the_site_draws() -> None:
    tones = set(all_tones(systems()))
    marks = [*CORE_MARKS, *(mark for system in systems() for mark in system.marks)]
    assert {"chains", "cancelled by the defence", "plot point", "critical six"} <= {
        m.name for m in marks}
    assert all(mark.words and mark.glyph and mark.legend for mark in marks)
    assert all(mark.tone in tones for mark in marks)


def test_two_systems_may_name_a_mark_alike() -> None:
    one = Mark("critical six", "a six on the critical table", "★", "critical", Tone.ACCENT)
    other = Mark("critical six", "two sixes: a critical", "‼", "two sixes", Tone.SUCCESS)
    assert one != other and one.name == other.name


def test_a_tone_refuses_what_could_break_the_page() -> None:
    with pytest.raises(ValueError, match="lowercase letters"):
        Tone("x;}body{display:none")
    with pytest.raises(ValueError, match="#rrggbb"):
        Tone("partial", "red; background: url(x)")
    with pytest.raises(ValueError, match="dash pattern"):
        Tone("partial", dashes="1;x")


def test_the_core_tones_are_distinct_and_named_for_the_page() -> None:
    assert len({t.name for t in CORE_TONES}) == len(CORE_TONES)
    assert str(Tone.ACCENT) == "accent"


@pytest.mark.parametrize(("outcome", "tone", "label"), [
    (Outcome.SUCCESS, "success", "Success"),
    (Outcome.EXCEPTIONAL_SUCCESS, "success", "Exceptional success"),
    (Outcome.CRITICAL_SUCCESS, "success", "Critical success"),
    (Outcome.FAILURE, "failure", "Failure"),
    (Outcome.DRAMATIC_FAILURE, "failure", "Dramatic failure"),
    (Outcome.FUMBLE, "failure", "Fumble"),
])
def test_each_outcome_has_a_tone_and_a_word(outcome: Outcome, tone: str, label: str) -> None:
    assert (outcome.tone and outcome.tone.name, outcome.label) == (tone, label)


def test_no_outcome_draws_no_verdict() -> None:
    assert (Outcome.NONE.tone, Outcome.NONE.label, Outcome.NONE.succeeded) == (None, "", None)


def test_an_outcome_of_a_system_s_own() -> None:
    partial = Outcome("partial success", True, Tone("partial", "#8a5a00", "#f0b75a"))
    assert (partial.label, str(partial), partial.succeeded) == (
        "Partial success", "partial success", True)


def test_an_outcome_reads_as_its_word() -> None:
    assert str(Outcome.of(True)) == "success" and str(Outcome.of(False)) == "failure"

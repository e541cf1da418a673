"""The difficulty ladder, degrees of success, marginal and critical failures."""

from __future__ import annotations

import pytest

from rules_core.chronicle import (
    ChronicleError,
    Grade,
    degrees_of_success,
    difficulty,
    difficulty_table,
)


@pytest.mark.parametrize(("name", "value"), [
    ("Automatic", 0), ("Easy", 3), ("Routine", 6), ("Challenging", 9), ("Formidable", 12),
    ("Hard", 15), ("Very Hard", 18), ("Heroic", 21)])
def test_the_ladder_names_each_rung(name: str, value: int) -> None:
    assert difficulty(name).value == value and difficulty(value).name == name


def test_the_seed_s_misspelling_formidible_is_formidable() -> None:
    assert difficulty("Formidible") is difficulty("Formidable")


def test_a_number_off_the_ladder_is_set_by_the_narrator() -> None:
    assert str(difficulty(11)) == "set by the Narrator (11)"


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(ChronicleError, match="is not a difficulty"):
        difficulty("tricky")


def test_the_ladder_table_has_eight_rungs() -> None:
    assert len(difficulty_table()) == 8


@pytest.mark.parametrize(("margin", "degrees"), [
    (0, 1), (4, 1), (5, 2), (9, 2), (10, 3), (14, 3), (15, 4), (40, 4)])
def test_degrees_of_success_by_margin(margin: int, degrees: int) -> None:
    assert degrees_of_success(9 + margin, 9) == degrees


def test_a_failure_has_no_degrees() -> None:
    assert degrees_of_success(8, 9) == 0


@pytest.mark.parametrize(("result", "failure"), [(8, "marginal"), (5, "marginal"),
                                                 (4, "critical"), (0, "critical")])
def test_a_miss_by_five_or_more_is_a_critical_failure(result: int, failure: str) -> None:
    assert Grade(result, 9).failure == failure


def test_a_success_is_no_failure() -> None:
    assert Grade(9, 9).failure == ""

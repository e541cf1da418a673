"""Combining effort, extended tasks, races and Kestrel's chase."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.errors import RulesError
from rules_core.kruhl import (
    Character,
    Chase,
    ContestLimitError,
    ExtendedTask,
    Race,
    combine_effort,
)

KESTREL_WINS = "4 3 5 3  2 2 6 4  5 5 3 2  6 3 4 4  3 3 2 4"


def test_the_lowest_roll_gains_the_number_working_together(cast: dict[str, Character]) -> None:
    rolls = [cast["Soraya"].attack().roll(rolled("6 6")),
             cast["Issvisk"].attack().roll(rolled("1 1")),
             cast["Virek-Kohl"].attack().roll(rolled("4 4"))]
    effort = combine_effort(*rolls)
    assert effort.totals == (14, 7 + 3, 11)
    assert repr(effort) == "<Combining effort of 3: Soraya 14, Issvisk 10, Virek-Kohl 11>"


def test_the_effort_bonus_is_at_most_ten(soraya: Character) -> None:
    rolls = [soraya.check("Athletics").roll(rolled("3 3")) for _ in range(12)]
    assert combine_effort(*rolls).totals[0] == 9 + 10


def test_a_lowest_tie_goes_to_the_first_listed(soraya: Character) -> None:
    rolls = [soraya.check("Athletics").roll(rolled("3 3")) for _ in range(2)]
    assert combine_effort(*rolls).lowest == 0


def test_combining_effort_needs_two(soraya: Character) -> None:
    with pytest.raises(RulesError, match="at least two"):
        combine_effort(soraya.attack().roll(rolled("3 3")))


def test_each_combined_roll_is_judged_on_its_own(cast: dict[str, Character]) -> None:
    rolls = [cast["Soraya"].attack().roll(rolled("6 6")),
             cast["Issvisk"].attack().roll(rolled("1 1"))]
    target = cast["Virek-Kohl"].defend().roll(rolled("4 4"))
    assert [c.succeeded for c in combine_effort(*rolls).against(target)] == [True, False]


def test_an_extended_task_needs_its_successes(soraya: Character) -> None:
    task = ExtendedTask(soraya.check("Lockpicking", using="lockpick"), 3, successes=2,
                        attempts=4)
    task.play(rolled("6  3 3   1  6 6   5  1 1"))
    assert (task.successes, len(task.attempts), task.succeeded) == (2, 3, True)
    assert repr(task) == ("<Extended Lockpicking (Agility) by Soraya vs DV 3 (Moderately "
                          "difficult): 2 of 2 successes after 3 of 4 attempts, success>")


def test_an_extended_task_can_run_out_of_attempts(soraya: Character) -> None:
    task = ExtendedTask(soraya.check("Lockpicking"), "extreme", successes=2, attempts=2)
    task.play(rolled("6 3 3  6 3 3"))
    assert (task.successes, task.out_of_attempts, task.done) == (0, True, True)
    assert task.explain().lines == ("0 of 2 successes after 2 of 2 attempts, "
                                    "out of attempts.",)


def test_a_finished_task_takes_no_more_attempts(soraya: Character) -> None:
    task = ExtendedTask(soraya.check("Lockpicking"), 3, successes=1).play(rolled("6 1 1"))
    with pytest.raises(RulesError, match="already over"):
        task.attempt(rolled(""))


def test_an_endless_task_stops_at_its_round_limit(soraya: Character) -> None:
    task = ExtendedTask(soraya.check("Lockpicking"), 12, successes=1, max_rounds=2)
    with pytest.raises(ContestLimitError, match="2 attempts made"):
        task.play(rolled("1 6 6  1 6 6"))


def test_a_race_goes_to_the_first_to_the_target(cast: dict[str, Character]) -> None:
    race = Race(cast["Soraya"].check("Athletics"), cast["Kestrel"].check("Athletics"),
                first_to=2)
    race.play(rolled("6 6 1 1  1 1 6 6  6 6 1 1"))
    assert (race.winner, race.score("Soraya"), race.score("Kestrel")) == ("Soraya", 2, 1)


def test_a_head_to_head_tie_goes_to_the_first_side(cast: dict[str, Character]) -> None:
    race = Race(cast["Soraya"].check("Athletics"), cast["Kestrel"].check("Athletics"),
                first_to=1)
    assert race.round(rolled("3 3 3 3")).scorers == ("Soraya",)


def test_a_race_against_a_dv_scores_each_success(cast: dict[str, Character]) -> None:
    race = Race(cast["Soraya"].check("Athletics"), cast["Kestrel"].check("Athletics"),
                first_to=1, dv=3, ties_to="Kestrel")
    race.round(rolled("6 6 1 1  6 6 1 1"))
    assert race.winner == "Kestrel"


def test_kestrel_escapes_with_a_lead_of_three(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3)
    chase.play(rolled(KESTREL_WINS))
    assert (chase.winner, chase.score("Kestrel"), chase.score("City guard")) == (
        "Kestrel", 4, 1)
    assert repr(chase) == "<Chase: Kestrel 4, City guard 1 after 5 rounds, Kestrel wins>"


def test_kestrel_wins_ties(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3)
    first = chase.round(rolled("4 3 5 3"))
    assert (first.contests[0].roll.total, first.contests[0].target.total) == (10, 10)
    assert first.scorers == ("Kestrel",)


def test_the_chase_has_no_running_penalty_unless_asked(cast: dict[str, Character]) -> None:
    plain = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3)
    running = Chase(cast["Kestrel"].check("Athletics"),
                    cast["City guard"].check("Athletics"), lead=3, running=True)
    assert (plain.first.size, running.first.size) == (2, 1)


def test_the_guard_cannot_win_unless_given_a_catch(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3, max_rounds=3)
    with pytest.raises(ContestLimitError, match="give the pursuer a way to win with catch="):
        chase.play(rolled("1 1 6 6  1 1 6 6  1 1 6 6"))


def test_with_a_catch_the_guard_can_win(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3, catch=2)
    chase.play(rolled("1 1 6 6  1 1 6 6"))
    assert chase.winner == "City guard"


def test_the_chase_table_keeps_the_score(cast: dict[str, Character]) -> None:
    chase = Chase(cast["Kestrel"].check("Athletics"), cast["City guard"].check("Athletics"),
                  lead=3).play(rolled(KESTREL_WINS))
    table = chase.explain().tables[0]
    assert table.rows[1] == ("2", "7 vs 12", "City guard", "1–1")
    assert chase.explain().lines[1] == "Kestrel 4, City guard 1: Kestrel wins."


def test_an_extended_task_gives_each_attempt_s_odds_and_the_whole_task_s(
        soraya: Character) -> None:
    from rules_core.odds_text import describe

    task = ExtendedTask(soraya.check("Lockpicking"), "extreme", successes=2, attempts=2)
    task.play(rolled("1 1 1 1 1 1"))
    words = [describe(q) for q in task.explain().odds]
    assert words[0].startswith("Each attempt, Soraya's chance of a total tying or beating GM "
                               "(ties go to Soraya), a success at Lockpicking (Agility): ")
    assert words[1].startswith("Soraya's chance of 2 successful attempts out of 2, finishing "
                               "the task: ")

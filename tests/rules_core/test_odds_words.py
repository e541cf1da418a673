"""Odds lines name their event and are right at every edge: one test per kind of question
(its words; certain, impossible, exactly at the threshold).

The grammar (``rules_core.odds_text``): ``<Who>'s chance of <what the dice must do>, <what
that is in the rules' words>: <chance>``; a repeated chance starts ``Each round, ``; a certain
chance reads ``100% (always)``, an impossible one ``0% (never)``.
"""

from __future__ import annotations

from fractions import Fraction

from rules_core.odds import answer
from rules_core.odds_text import describe
from rules_core.procedure import CountAtLeast, Highest, Procedure, Total
from rules_core.question import AtLeast, AtMost, NoOdds, Repeated, Settled, Wins, each, naming

SIX_D6 = Procedure(6, 6, (), CountAtLeast(5))
#: 4d10 counting 8+, at least 2 successes whatever the dice show (a guard's standing 2).
GUARDED = Procedure(4, 10, (), CountAtLeast(8, minimum=2), "4d10, at least 2 (a guard)")
TWO_D6 = Procedure(2, 6, (), Total())


# -- AtLeast: a number the rules set -----------------------------------------------------------


def test_a_threshold_names_its_event_after_the_dice() -> None:
    assert describe(AtLeast(SIX_D6, 3, who="Tam", event="enough for 3 damage")) == (
        "Tam's chance of 3 or more successes on 6d6, enough for 3 damage: 32.0% (233/729); "
        "on average 2 successes")


def test_a_threshold_exactly_at_a_guaranteed_floor_is_certain() -> None:
    stop = AtLeast(GUARDED, 2, who="Ike", event="enough to stop all 2")
    found = answer(stop)
    assert found is not None and (found.low, found.exactly) == (1, False)
    assert describe(stop).startswith(
        "Ike's chance of 2 or more successes on 4d10, at least 2 (a guard), enough to stop all "
        "2: 100% (always); ")


def test_a_threshold_below_every_reading_is_certain() -> None:
    assert ": 100% (always);" in describe(AtLeast(GUARDED, 1, who="Ike", event="a hit stopped"))


def test_a_threshold_past_every_reading_never_happens() -> None:
    assert describe(AtLeast(TWO_D6, 13, who="Bo", event="a critical")) == (
        "Bo's chance of a total of 13 or more on 2d6, a critical: 0% (never); on average 7")


def test_a_threshold_one_above_the_floor_is_not_certain() -> None:
    found = answer(AtLeast(GUARDED, 3, event="x"))
    assert found is not None and 0 < found.low < 1


def test_a_table_of_tiers_asks_each_tier_or_better() -> None:
    from rules_core.dice import ScriptedDice
    from rules_core.outcome import Outcome
    from rules_core.tiers import Tier, TieredRoll, Tiers

    table = Tiers((Tier(6, Outcome.SUCCESS), Tier(4, Outcome("partial success", True)),
                   Tier(1, Outcome.FAILURE)))
    done = TieredRoll.rolled("Ash", "Prowl", Procedure(3, 6, reading=Highest()), table,
                             ScriptedDice("2 5 3"))
    assert [describe(q) for q in done.odds()] == [
        "Ash's chance of a highest die of 6 or more on 3d6, a success: 42.1% (91/216); on "
        "average 5",
        "Ash's chance of a highest die of 4 or more on 3d6, a partial success or better: 87.5% "
        "(7/8); on average 5"]


# -- AtLeast: the result shown, or better ------------------------------------------------------


def test_a_shown_result_names_what_it_does() -> None:
    line = describe(AtLeast(SIX_D6, 2, who="Tam", event="enough for 2 damage", shown=True))
    assert line.startswith("Tam's chance of 2 or more successes on 6d6, enough for 2 damage: "
                           "64.9% (473/729)")


def test_a_shown_result_at_the_floor_gives_its_own_chance_and_says_so() -> None:
    line = describe(AtLeast(GUARDED, 2, who="Ike", event="2 cancelled", shown=True))
    assert line.startswith("Ike's chance of exactly 2 successes (the fewest possible) on 4d10, "
                           "at least 2 (a guard), 2 cancelled: ")
    found = answer(AtLeast(GUARDED, 2, shown=True))
    assert found is not None and found.exactly and 0 < found.low < 1


def test_a_shown_result_with_no_words_of_its_own_is_this_result_or_better() -> None:
    assert ", this result or better: " in describe(AtLeast(SIX_D6, 2, who="Ana", shown=True))
    assert describe(AtLeast(SIX_D6, 0, who="Ana", shown=True)).startswith(
        "Ana's chance of no successes on 6d6, this result: 8.8% (64/729)")


# -- AtMost ------------------------------------------------------------------------------------


def test_at_most_names_its_event() -> None:
    assert describe(AtMost(SIX_D6, 1, who="Tam", event="a failure against 2S")) == (
        "Tam's chance of 1 or fewer successes on 6d6, a failure against 2S: 35.1% (256/729)")


def test_at_most_the_lowest_reading_is_that_reading_itself() -> None:
    fumble = AtMost(Procedure(3, 6, (), Highest()), 1, who="Wyl", event="a fumble")
    assert describe(fumble) == (
        "Wyl's chance of a highest die of exactly 1 (the lowest possible) on 3d6, a fumble: "
        "0.5% (1/216)")


def test_at_most_the_highest_reading_or_more_is_certain_and_below_the_lowest_never() -> None:
    assert describe(AtMost(TWO_D6, 12, who="Bo", event="x")).endswith(": 100% (always)")
    assert describe(AtMost(TWO_D6, 1, who="Bo", event="x")).endswith(": 0% (never)")


# -- Wins --------------------------------------------------------------------------------------


def test_a_contest_says_what_the_dice_must_beat_and_what_winning_is() -> None:
    hit = Wins("Hana", SIX_D6, "Voss", SIX_D6, 1, "Voss's successes cancel Hana's", event="a hit")
    assert describe(hit) == ("Hana's chance of more successes than Voss (Voss's successes "
                             "cancel Hana's), a hit: 38.0%")
    by_two = Wins("Tam", SIX_D6, "Guard", SIX_D6, 2, event="a successful Clinch")
    assert describe(by_two).startswith("Tam's chance of at least 2 more successes than Guard, "
                                       "a successful Clinch: ")


def test_a_contest_of_totals_says_who_a_tie_goes_to() -> None:
    tie = Wins("Soraya", TWO_D6, "Virek-Kohl", TWO_D6, 0, "ties go to Soraya", event="a success")
    assert describe(tie) == ("Soraya's chance of a total tying or beating Virek-Kohl (ties go to "
                             "Soraya), a success: 55.6% (721/1296)")


def test_a_contest_that_cannot_be_lost_is_certain_and_one_that_cannot_be_won_never() -> None:
    low, high = Procedure(1, 6, (), Total()), Procedure(1, 6, (), Total(6))
    assert describe(Wins("A", high, "B", low, 1, event="a win")).endswith(": 100% (always)")
    assert describe(Wins("A", low, "B", high, 0, event="a win")).endswith(": 0% (never)")


def test_a_contest_rule_s_question_takes_the_result_s_words() -> None:
    asked = naming(Wins("A", TWO_D6, "B", TWO_D6, 1), "a successful Takedown")
    assert isinstance(asked, Wins) and asked.event == "a successful Takedown"


# -- Repeated ----------------------------------------------------------------------------------


def test_so_many_successful_tries_name_the_whole() -> None:
    attempt = AtLeast(SIX_D6, 3, who="Soraya", event="a success", per="attempt")
    assert describe(Repeated(attempt, 2, 3, "finishing the task")).startswith(
        "Soraya's chance of 2 or more successful attempts out of 3, finishing the task: ")
    assert describe(Repeated(attempt, 3, 3, "finishing the task")).startswith(
        "Soraya's chance of 3 successful attempts out of 3, finishing the task: ")


def test_no_success_needed_is_certain_and_more_than_the_tries_never() -> None:
    attempt = AtLeast(SIX_D6, 3, who="Soraya", event="a success", per="attempt")
    assert describe(Repeated(attempt, 0, 3, "x")).endswith(": 100% (always)")
    assert describe(Repeated(attempt, 4, 3, "x")).endswith(": 0% (never)")
    found = answer(Repeated(attempt, 4, 3, "x"))
    assert found is not None and found.low == Fraction(0)


# -- Settled, NoOdds, per ----------------------------------------------------------------------


def test_a_settled_outcome_says_always_or_never_and_why() -> None:
    assert describe(Settled("Rorik", "a critical hit (26 or more)", False,
                            "the highest result possible, 18, falls short")) == (
        "Rorik's chance of a critical hit (26 or more): 0% (never); the highest result "
        "possible, 18, falls short.")
    assert describe(Settled("Edric", "a success", True, "a Destiny Point was burned")) == (
        "Edric's chance of a success: 100% (always); a Destiny Point was burned.")


def test_no_odds_names_the_whole_it_has_none_for() -> None:
    assert describe(NoOdds("the chase as a whole", "only each round's odds are worked out")) == (
        "No odds for the chase as a whole: only each round's odds are worked out.")


def test_a_chance_of_each_round_says_so_first() -> None:
    assert describe(each(AtLeast(SIX_D6, 3, who="Kestrel", event="a lap"), "round")).startswith(
        "Each round, Kestrel's chance of 3 or more successes on 6d6, a lap: ")
    assert describe(each(Wins("A", TWO_D6, "B", TWO_D6, 1, event="scoring the round"),
                         "round")).startswith(
        "Each round, A's chance of a total beating B, scoring the round: ")

"""Storypath cover (shared capacity, destruction, full cover) and chases (laps, interval
limits, races, chase options)."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice
from rules_core.errors import RulesError
from rules_core.question import NoOdds, Repeated
from rules_core.storypath import (
    EXPENDABLE,
    FULL,
    HEAVY,
    LIGHT,
    Action,
    Character,
    Chase,
    ChaseError,
    Cover,
    CoverError,
    Hazard,
    Item,
    Race,
    chase_pool,
    chase_roll,
    head_start,
)

# -- cover ----------------------------------------------------------------------------------


def test_the_kinds_absorb_one_four_ten_and_ten() -> None:
    assert [k.capacity for k in (EXPENDABLE, LIGHT, HEAVY, FULL)] == [1, 4, 10, 10]


def test_light_cover_is_shared_by_everyone_behind_it() -> None:
    railing = Cover("the railing", LIGHT)
    railing.shelter("Ana", "Bo")
    railing.hit("Ana", 2)
    assert (railing.hit("Bo", 1).absorbed, railing.left) == (1, 1)


def test_spent_light_cover_is_destroyed_and_lets_the_rest_through() -> None:
    railing = Cover("the railing", LIGHT)
    railing.shelter("Ana", "Bo")
    railing.hit("Ana", 3)
    hit = railing.hit("Bo", 3)
    assert (hit.absorbed, hit.through, railing.destroyed, railing.behind) == (1, 2, True, [])


def test_a_hit_on_someone_behind_destroyed_cover_lands_in_full() -> None:
    crate = Cover("a crate", EXPENDABLE)
    crate.shelter("Ana")
    crate.hit("Ana")
    hit = crate.hit("Ana", 2)
    assert (hit.absorbed, hit.through, hit.already_destroyed) == (0, 2, True)
    assert repr(hit) == "<Hit on Ana: 0 absorbed, 2 through; cover already destroyed>"
    assert crate.behind == [] and crate.absorbed == 1


def test_nobody_takes_shelter_behind_destroyed_cover_nor_is_hit_there_unless_they_were(
        ) -> None:
    crate = Cover("a crate", EXPENDABLE)
    crate.shelter("Ana")
    crate.hit("Ana")
    with pytest.raises(CoverError, match="destroyed: nobody can take cover"):
        crate.shelter("Bo")
    with pytest.raises(CoverError, match=r"Bo is not behind a crate \(it is destroyed\)"):
        crate.hit("Bo")


def test_heavy_cover_breaks_when_spent_by_default() -> None:
    hood = Cover("the car's hood", HEAVY)
    hood.shelter("Ana")
    hood.hit("Ana", 10)
    assert hood.destroyed


def test_heavy_cover_may_be_kept_standing_when_spent() -> None:
    door = Cover("the armoured door", FULL, breaks_when_spent=False)
    door.shelter("Ana")
    door.hit("Ana", 10)
    later = door.hit("Ana", 1)
    assert (door.destroyed, door.blocks_sight, later.absorbed) == (False, True, 0)


def test_light_cover_cannot_be_kept_standing() -> None:
    with pytest.raises(CoverError, match="only heavy and full"):
        Cover("the railing", LIGHT, breaks_when_spent=False)


def test_full_cover_stops_ranged_attacks() -> None:
    wall = Cover("the wall", FULL)
    wall.shelter("Ana")
    with pytest.raises(CoverError, match="ranged attack cannot target"):
        wall.hit("Ana", ranged=True)


def test_full_cover_can_still_take_a_hit_in_close_combat() -> None:
    wall = Cover("the wall", FULL)
    wall.shelter("Ana")
    assert wall.hit("Ana").absorbed == 1


def test_a_hit_on_someone_not_behind_it_is_refused() -> None:
    with pytest.raises(CoverError, match="Bo is not behind the railing"):
        Cover("the railing", LIGHT).hit("Bo")


def test_an_unknown_kind_of_cover_is_refused() -> None:
    with pytest.raises(CoverError, match="kinds are expendable, light, heavy, full"):
        Cover("a hedge", "medium")


def test_a_copy_of_cover_is_independent() -> None:
    railing = Cover("the railing", LIGHT)
    railing.shelter("Ana")
    twin = railing.copy()
    twin.hit("Ana", 4)
    assert (railing.left, twin.left) == (4, 0)


# -- chases ---------------------------------------------------------------------------------


def sprint(who: Character) -> Action:
    return chase_pool(who, "sprint")


def test_a_chase_pool_follows_the_course(ana: Character) -> None:
    assert [chase_pool(ana, c).pool.breakdown() for c in ("sprint", "obstacles")] == [
        "3 Athletics + 2 Might = 5d10", "3 Athletics + 3 Dexterity = 6d10"]


def test_a_vehicle_chase_uses_pilot(ana: Character) -> None:
    assert chase_pool(ana, "obstacles", on="vehicle").pool.breakdown() == "3 Dexterity = 3d10"


def test_driving_never_uses_might(ana: Character) -> None:
    with pytest.raises(ChaseError, match="Cunning or Dexterity"):
        chase_pool(ana, "sprint", on="vehicle")


@pytest.mark.parametrize("rating", [0, 4, -1])
def test_a_head_start_is_rated_one_to_three(ana: Character, rating: int) -> None:
    with pytest.raises(ChaseError, match="Head Start is rated 1 to 3"):
        head_start(sprint(ana), rating)


@pytest.mark.parametrize("rating", [0, 4])
def test_a_hazard_is_rated_one_to_three(rating: int) -> None:
    with pytest.raises(ChaseError, match="Hazard is rated 1 to 3"):
        Hazard(rating, "black ice")


def test_a_single_roll_chase_goes_to_the_pursuer_on_a_tie(ana: Character,
                                                          giant: Character) -> None:
    result = chase_roll(sprint(ana), sprint(giant), dice=ScriptedDice("9 1 1 1 1"),
                        defence=ScriptedDice("9 1 1 1 1 1 1"))
    assert result.winner == "Frost giant"


def test_a_single_roll_chase_can_give_ties_to_the_quarry(ana: Character,
                                                         giant: Character) -> None:
    result = chase_roll(sprint(ana), sprint(giant), dice=ScriptedDice("9 1 1 1 1"),
                        defence=ScriptedDice("9 1 1 1 1 1 1"), ties_to="Ana")
    assert result.winner == "Ana"


def test_a_success_completes_a_lap(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=2, interval_limit=4)
    chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"))
    assert (chase.laps("Ana"), chase.laps("Frost giant"), chase.done) == (1, 0, False)


def test_the_first_to_the_laps_wins(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=2, interval_limit=4)
    chase.play(ScriptedDice("9 1 1 1 1  1 1 1 1 1 1 1  8 1 1 1 1  9 1 1 1 1 1 1"))
    assert (chase.winner, len(chase.log)) == ("Ana", 2)


def test_finishing_together_goes_to_more_successes(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=1, interval_limit=3)
    chase.interval(ScriptedDice("9 8 1 1 1"), ScriptedDice("9 1 1 1 1 1 1"))
    assert chase.winner == "Ana"


def test_finishing_together_level_goes_to_the_pursuer(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=1, interval_limit=3)
    chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("9 1 1 1 1 1 1"))
    assert chase.winner == "Frost giant"


def test_the_interval_limit_works_against_fleeing_pcs(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=2, interval_limit=2)
    chase.play(ScriptedDice("1 1 1 1 1  1 1 1 1 1 1 1  1 1 1 1 1  1 1 1 1 1 1 1"))
    assert (chase.winner, chase.favours) == ("Frost giant", "Frost giant")


def test_the_interval_limit_is_the_quarrys_safety_when_pcs_pursue(ana: Character,
                                                                  giant: Character) -> None:
    assert Chase(sprint(giant), sprint(ana), laps=2, interval_limit=3).favours == "Frost giant"


def test_two_sgcs_need_to_be_told_who_the_limit_favours(giant: Character,
                                                        wolves: Character) -> None:
    with pytest.raises(ChaseError, match="limit_favours="):
        Chase(sprint(wolves), sprint(giant), laps=2, interval_limit=3)


def test_a_limit_shorter_than_the_laps_is_refused(ana: Character) -> None:
    with pytest.raises(ChaseError, match="leaves no time for 3 laps"):
        Chase(sprint(ana), laps=3, interval_limit=2)


def test_no_interval_after_the_end(ana: Character) -> None:
    chase = Chase(sprint(ana), laps=1, interval_limit=1)
    chase.interval(ScriptedDice("9 1 1 1 1"))
    with pytest.raises(RulesError, match="the chase is over"):
        chase.interval(ScriptedDice("9 1 1 1 1"))


def test_a_head_start_is_enhancement_for_one_interval(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=3, interval_limit=5)
    first = chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"),
                           head_start={"Ana": 2})
    second = chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"))
    assert (first.results[0].total, second.results[0].total) == (3, 1)


def test_a_hazard_not_bought_off_inflicts_an_injury_of_its_rating(ana: Character,
                                                                  giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=3, interval_limit=5)
    played = chase.interval(ScriptedDice("9 9 1 1 1"), ScriptedDice("9 1 1 1 1 1 1"),
                            hazard=Hazard(1, "black ice"))
    assert [r.happens for r in played.results] == [
        (), ("black ice: an Injury Condition of rating 1",)]


def test_snatch_and_grab_costs_a_success_and_gives_an_item(ana: Character,
                                                           giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=3, interval_limit=5)
    chase.interval(ScriptedDice("9 9 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"),
                   grab={"Ana": "a branch"})
    assert chase.items["Ana"] == [Item("a branch")]
    assert str(chase.items["Ana"][0]) == "a branch (+1 Enhancement where used)"


def test_an_option_for_someone_not_in_the_chase_is_refused(ana: Character,
                                                           giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=3, interval_limit=5)
    with pytest.raises(ChaseError, match="names Bo, who is not in this chase"):
        chase.interval(ScriptedDice(""), head_start={"Bo": 1})


def test_a_lone_chase_has_the_whole_odds(ana: Character) -> None:
    chase = Chase(sprint(ana), laps=2, interval_limit=3)
    chase.play(ScriptedDice("9 1 1 1 1  8 1 1 1 1"))
    assert isinstance(chase.odds()[-1], Repeated) and chase.winner == "Ana"


def test_a_two_sided_chase_has_only_the_odds_of_each_interval(ana: Character,
                                                              giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=1, interval_limit=2)
    chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"))
    assert isinstance(chase.odds()[-1], NoOdds)


def test_the_chase_repr(ana: Character, giant: Character) -> None:
    chase = Chase(sprint(ana), sprint(giant), laps=1, interval_limit=2)
    chase.interval(ScriptedDice("9 1 1 1 1"), ScriptedDice("1 1 1 1 1 1 1"))
    assert repr(chase) == ("<Chase: Ana fleeing Frost giant: Ana 1 lap, Frost giant 0 laps: "
                           "Ana gets away clean; Ana wins>")


# -- races ----------------------------------------------------------------------------------


def test_a_race_runs_every_interval_and_the_most_laps_wins(ana: Character, bo: Character) -> None:
    race = Race(sprint(ana), sprint(bo), intervals=2)
    race.play(ScriptedDice("9 1 1 1 1  9 1 1 1 1  9 1 1 1 1  1 1 1 1 1"))
    assert (len(race.log), race.winner) == (2, "Ana")


def test_level_racers_finish_in_a_dead_heat(ana: Character, bo: Character) -> None:
    race = Race(sprint(ana), sprint(bo), intervals=1)
    race.play(ScriptedDice("9 1 1 1 1  9 1 1 1 1"))
    assert (race.winner, race.leaders) == (None, ("Ana", "Bo"))


def test_a_race_needs_two_racers(ana: Character) -> None:
    with pytest.raises(ChaseError, match="two or more racers"):
        Race(sprint(ana), intervals=3)

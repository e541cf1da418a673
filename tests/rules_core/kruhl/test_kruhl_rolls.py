"""Kruhl 3e skill rolls: dice by training, expertise rerolls, what is added, bonus and
penalty dice, and the plot-point die bought after the roll."""

from __future__ import annotations

import pytest

from rules_core.dice import ScriptedDice as rolled
from rules_core.errors import DiceScriptError, RerollLimitError, RulesError
from rules_core.kruhl import (
    EXPERT,
    Character,
    CharacterError,
    SituationError,
    SkillCheck,
)


def test_untrained_rolls_one_die(soraya: Character) -> None:
    assert soraya.check("Lockpicking").size == 1


def test_skilled_rolls_two_dice(soraya: Character) -> None:
    assert soraya.check("Athletics").size == 2


def test_expert_rolls_two_dice_and_rerolls_ones_and_twos(soraya: Character) -> None:
    roll = soraya.attack().roll(rolled("1 4 5"))
    assert [d.faces for d in roll.dice] == [(1, 5), (4,)]
    assert roll.faces == (5, 4)


def test_rerolls_go_in_waves_until_every_die_shows_three_or_more(soraya: Character) -> None:
    roll = soraya.attack().roll(rolled("1 2 5 1 3"))
    assert [d.faces for d in roll.dice] == [(1, 5), (2, 1, 3)]


def test_expertise_rerolls_bonus_dice_too(soraya: Character) -> None:
    roll = soraya.attack().with_bonus("charging").roll(rolled("6 6 2 4"))
    assert [d.faces for d in roll.dice] == [(6,), (6,), (2, 4)]


def test_a_skilled_roll_does_not_reroll(virek: Character) -> None:
    assert virek.attack().roll(rolled("1 2")).faces == (1, 2)


def test_total_adds_attribute_best_item_and_power_level_once(soraya: Character) -> None:
    check = soraya.attack(using=("lockpick", "sword"), powers=("Strike", "Flight"))
    roll = check.roll(rolled("1 4 5"))
    assert roll.total == 5 + 4 + 2 + 1 + 1
    assert str(roll) == "2d6 [1→5 4] + 2 Brawn + 1 lockpick + 1 PL = 13"


def test_only_the_best_item_counts() -> None:
    smith = Character("Smith", {"Reason": 1}, equipment={"pick": 1, "toolbox": 2, "lab": 3})
    assert smith.check("Culture", using=("pick", "lab", "toolbox")).best_item == ("lab", 3)


def test_power_level_needs_an_ability_that_grants_it(soraya: Character) -> None:
    assert ("PL", 1) not in soraya.attack().modifiers


def test_a_check_reads_as_its_dice_and_additions(soraya: Character) -> None:
    assert repr(soraya.attack(using="sword")) == (
        "<Soraya, Hand-to-hand Combat (Brawn): 2d6 expert + 2 Brawn + 1 sword>"
    )


def test_a_roll_reads_as_its_faces_and_total(soraya: Character) -> None:
    roll = soraya.attack(using="sword").roll(rolled("1 4 5"))
    assert repr(roll) == (
        "<Soraya, Hand-to-hand Combat (Brawn): 2d6 [1→5 4] + 2 Brawn + 1 sword = 12>"
    )


def test_the_explanation_shows_the_rerolled_face_then_the_new_one(soraya: Character) -> None:
    view = soraya.attack().roll(rolled("1 4 5")).explain()
    dice = [(d.face, d.mark_names) for d in view.rolls[0].dice]
    assert dice == [(1, ("rerolled",)), (5, ()), (4, ())]
    assert view.lines[1] == "Expertise rerolls 1s and 2s: 1→5."


def test_a_bonus_die_adds_a_die_and_a_penalty_die_takes_one(soraya: Character) -> None:
    check = soraya.attack().with_bonus("charging").with_penalty("running", 2)
    assert (check.pool.net, check.pool.breakdown()) == (
        1, "2 expert + 1 bonus die for charging − 2 penalty dice for running ×2 = 1d6")


def test_zero_dice_leaves_the_additions(soraya: Character) -> None:
    roll = soraya.check("Lockpicking").with_penalty().roll(rolled(""))
    assert (roll.dice, roll.total, roll.owed) == ((), 3, 0)


def test_below_zero_the_opponent_gains_bonus_dice(soraya: Character) -> None:
    check = soraya.check("Lockpicking").under("restrained", "running")
    assert (check.size, check.pool.shortfall) == (0, 1)
    assert check.pool.breakdown() == (
        "1 untrained − 2 penalty dice for being restrained, running = 0d6; "
        "1 bonus die to the opponent")


def test_circumstances_come_from_the_roll_kinds_table(soraya: Character) -> None:
    assert soraya.attack().under("running").penalty == ("running",)
    assert soraya.defend().under("running").bonus == ("running",)


def test_sprinting_makes_an_attack_fail_whatever_the_dice(soraya: Character) -> None:
    roll = soraya.attack().under("sprinting").roll(rolled("6 6"))
    assert roll.fails and roll.breakdown().endswith("fails automatically (sprinting)")


def test_an_unknown_circumstance_names_the_nearest(soraya: Character) -> None:
    with pytest.raises(SituationError, match="did you mean 'charging'"):
        soraya.attack().under("chargin")


def test_a_plot_point_die_is_bought_after_the_roll_and_rerolled_like_the_rest(
        soraya: Character) -> None:
    roll = soraya.attack().roll(rolled("3 4")).with_plot_point(rolled("2 6"))
    assert [d.faces for d in roll.dice] == [(3,), (4,), (2, 6)]
    assert str(roll) == "2d6 [3 4] + 1d6 plot point [2→6] + 2 Brawn = 15"


def test_running_out_of_scripted_faces_during_rerolls_says_which_rule(
        soraya: Character) -> None:
    with pytest.raises(DiceScriptError) as error:
        soraya.attack().roll(rolled("1 4"))
    assert str(error.value) == (
        "expertise (reroll 1s and 2s) rerolls 1 die (showing 1) but the faces 1 4 run out: "
        "add 1 face for the reroll (rerolls come after the first roll, in waves)"
    )


class _Stuck:
    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        return (1,) * count


def test_a_die_that_never_stops_rerolling_hits_the_limit(soraya: Character) -> None:
    with pytest.raises(RerollLimitError, match="rerolled 100 times"):
        soraya.attack().roll(_Stuck())


def test_a_skill_needs_its_attribute_on_the_sheet() -> None:
    with pytest.raises(CharacterError, match="Nobody has no Brawn rating"):
        Character("Nobody").attack()


def test_a_training_must_be_skilled_or_expert() -> None:
    with pytest.raises(CharacterError, match="say 'skilled' or 'expert'"):
        Character("X", skills={"Athletics": "master"})


def test_an_unknown_item_says_how_to_add_it(soraya: Character) -> None:
    with pytest.raises(CharacterError, match="Soraya has no axe"):
        soraya.attack(using="axe")


def test_a_negative_count_of_bonus_dice_is_refused(soraya: Character) -> None:
    with pytest.raises(RulesError):
        soraya.attack().with_bonus(count=-1)


def test_training_is_read_from_the_sheet(soraya: Character) -> None:
    assert soraya.training("Hand-to-hand Combat") is EXPERT
    assert isinstance(soraya.attack(), SkillCheck)


def test_best_of_two_attributes_is_the_higher(soraya: Character) -> None:
    assert soraya.best_of("Agility", "Brawn") == "Agility"


@pytest.mark.parametrize("sheet", [{"attributes": {"Agility": 2.5}},
                                   {"equipment": {"sword": "1"}}, {"power_level": "1"}])
def test_a_rating_that_is_not_a_whole_number_says_so(sheet: dict[str, object]) -> None:
    with pytest.raises(CharacterError, match="must be a whole number, 0 or more"):
        Character("X", **sheet)  # type: ignore[arg-type]

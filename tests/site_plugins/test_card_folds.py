"""What folds in a card, on a desktop and on a phone (card_folds.py), and how a fold is drawn
(render_reader.py): a card's roll and verdict come first on a phone, and a desktop shows what
it showed."""

from __future__ import annotations

from rules_core.explain import DieView, Explanation, RollView, StatLine, TableView
from rules_core.outcome import Outcome
from rules_core.question import NoOdds
from site_plugins.examples.cards.card_folds import LEAD, PHONE, card_folds, estimated_height
from site_plugins.examples.cards.reader_items import Item
from site_plugins.examples.cards.render_reader import _render_item, _stat_lines

FIGHTERS = ("Who", "Health", "Injuries", "Wounds", "Combat Defense", "Destiny", "State")


def roster(fighters: int = 5) -> Explanation:
    """The state of a fight before its roll: a table of seven columns, no dice."""
    rows = tuple((f"Fighter {n}", "9 of 9", "0", "0", "7", "0", "–") for n in range(fighters))
    return Explanation("The combat so far", tables=(TableView("Fighters", FIGHTERS, rows),))


def attack(dice: int = 9, odds: int = 1, title: str = "Ser Hollis attacks") -> Explanation:
    roll = RollView("Ser Hollis rolls Fighting", tuple(DieView(6, 6) for _ in range(dice)))
    return Explanation(title, rolls=(roll,), lines=("A hit.",), outcome=Outcome.SUCCESS,
                       odds=tuple(NoOdds(f"question {n}", "why") for n in range(odds)))


def test_a_roster_before_the_roll_folds_on_a_phone_only() -> None:
    folds = card_folds([roster(), attack()])
    assert (folds.everywhere, folds.phone) == (frozenset(), frozenset({0}))


def test_a_short_roster_before_the_roll_stays_open() -> None:
    items: list[Item] = [roster(fighters=1), attack()]
    assert estimated_height(items[0], PHONE) <= LEAD
    assert card_folds(items).phone == frozenset()


def test_of_what_comes_before_the_roll_the_tallest_folds_first() -> None:
    stats = StatLine("Tam", (("PRW", "3"),))
    folds = card_folds([stats, roster(), attack()])
    assert folds.phone == frozenset({1})  # the roster; Tam's one line stays


def test_many_stat_lines_before_the_roll_fold_on_a_phone() -> None:
    stats = [StatLine(f"Fighter {n}", (("Fighting", "4"), ("Health", "9")), ("rabble",))
             for n in range(12)]
    folds = card_folds([*stats, attack()])
    assert folds.phone == frozenset({0})  # the group, by its first line


def test_the_last_result_never_folds() -> None:
    items: list[Item] = [attack(title=f"Attack {n}") for n in range(8)]
    folds = card_folds(items)
    assert 7 not in folds.everywhere | folds.phone
    assert {0, 1} <= folds.everywhere


def test_what_folds_on_a_desktop_folds_on_a_phone_too_and_is_listed_once() -> None:
    items: list[Item] = [attack(title=f"Attack {n}") for n in range(8)]
    folds = card_folds(items)
    assert not folds.everywhere & folds.phone
    phone_height = sum(44 if n in folds.everywhere | folds.phone
                       else estimated_height(item, PHONE) for n, item in enumerate(items))
    assert phone_height <= PHONE.budget


def test_a_result_too_tall_for_a_phone_alone_folds_its_odds_there() -> None:
    big = attack(dice=10, odds=4)
    big = Explanation(big.title, rolls=big.rolls * 6, lines=big.lines * 6,
                      outcome=big.outcome, odds=big.odds)
    assert estimated_height(big, PHONE) > PHONE.budget
    assert card_folds([big]).odds == frozenset({0})
    assert card_folds([attack()]).odds == frozenset()


def test_a_phone_fold_is_marked_narrow_and_a_desktop_fold_is_not() -> None:
    from site_plugins.examples.cards.render_reader import _folded_result

    drawn = _render_item(attack())
    assert _folded_result(attack(), drawn, narrow=True).startswith(
        '<details class="rx-fold rx-fold-narrow"><summary><span class="rx-fold-title">'
        "Ser Hollis attacks</span>")
    assert _folded_result(attack(), drawn).startswith('<details class="rx-fold"><summary>')


def test_folded_stat_lines_name_the_characters() -> None:
    drawn = _stat_lines([StatLine("Tam"), StatLine("Rook <3>")], narrow=True)
    assert drawn.startswith('<details class="rx-fold rx-fold-narrow"><summary><span '
                            'class="rx-fold-title">Characters</span> <span class="rx-fold-names">'
                            "Tam, Rook &lt;3&gt;</span></summary><ul class=\"rx-stats\"")


def test_folded_odds_are_a_narrow_fold_inside_the_result() -> None:
    drawn = _render_item(attack(), odds_folded=True)
    assert ('<details class="rx-fold rx-fold-narrow rx-odds-fold"><summary><span '
            'class="rx-fold-title">Odds</span></summary><ul class="rx-odds') in drawn

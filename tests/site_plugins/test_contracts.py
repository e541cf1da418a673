"""A card's reroll contract: written on its fence, checked by the build at the fence's line,
honoured by every Reroll (bounded, and said on the card), and kept by a shared roll."""

from __future__ import annotations

import json
import re

import pytest

from site_plugins.examples.cards.render import page_card_data, render_card
from site_plugins.examples.cards.reroll import parse_cards, replay_page, reroll_page, rerun
from site_plugins.examples.checking.plain import PlainDataError, run_from_data, run_to_data
from site_plugins.examples.language.contracts import MAX_TRIES, MIN_KEPT, TRIALS
from site_plugins.examples.language.lexer import lex_page
from site_plugins.examples.language.session import DiceMode
from site_plugins.examples.language.verify import verify_page

PAGE = '''---
examples_setup: |
  from rules_core.verses import Actor, Scene, PUNCH
---

# Punches

```rules-example title="A punch" {first}
>>> tam = Actor("Tam", attributes={{"PRW": 3}}, skills={{"Unarmed Combat": 2}}, action_dice=6)
>>> scene = Scene(tam)
>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
>>> punch.successes
3
```

It lands for [3]{{= punch.damage}} damage.

```rules-example title="A second punch" {second}
>>> again = scene.act(tam, PUNCH, ad=1, dice=rolled("6 5 4 3 2 1"))
>>> again.successes
2
```
'''


def cards_of(first: str = "", second: str = "") -> list[dict[str, object]]:
    """The page's cards as the page sends them, with these contracts on its two cards."""
    result = verify_page("docs/p.md", PAGE.format(first=first, second=second))
    assert not result.all_failures, [str(f) for f in result.all_failures]
    return page_card_data(result.runs, "s", result.setup_source)


def failures_of(first: str = "", second: str = "") -> list[str]:
    return [str(f) for f in verify_page("docs/p.md", PAGE.format(first=first, second=second))
            .all_failures]


def reroll(cards: list[dict[str, object]], target: int, seed: int) -> dict[int, dict[str, object]]:
    answer = json.loads(reroll_page(json.dumps({"target": target, "cards": cards}), seed=seed))
    return {card["index"]: card for card in answer["cards"]}


def successes(faces: list[int]) -> int:
    return sum(face >= 5 for face in faces)


KEEP = 'keep="punch.successes >= 3" until="the punch scores three successes"'


# ---- honoured ---------------------------------------------------------------------------------


def test_a_reroll_rolls_until_the_condition_holds() -> None:
    cards = cards_of(KEEP)
    for seed in range(30):
        assert successes(reroll(cards, 0, seed)[0]["rolls"][0]) >= 3


def test_the_card_says_it_was_rerolled_until_the_condition_held_and_how_often() -> None:
    cards = cards_of(KEEP)
    said = [re.match(r'<p class="rx-contract">Rerolled until the punch scores three successes '
                     r"\((\d+) rolls?\)\.</p>", reroll(cards, 0, seed)[0]["html"])
            for seed in range(12)]
    assert all(said)
    tries = {int(found[1]) for found in said if found}
    assert 1 in tries and max(tries) > 1


def test_the_same_seed_rolls_the_same_kept_dice() -> None:
    cards = cards_of(KEEP)
    assert reroll(cards, 0, 5) == reroll(cards, 0, 5)


def test_a_condition_that_raises_on_some_dice_tries_the_next_roll() -> None:
    """``1 // (successes - 2)`` raises on exactly two successes: those dice do not keep the
    story, and the Reroll goes on to the next roll instead of drawing a card of no dice."""
    cards = cards_of('keep="1 // (punch.successes - 2) >= 0" until="the punch scores three '
                     'successes or more"')
    kept = [reroll(cards, 0, seed)[0] for seed in range(30)]
    assert all(successes(card["rolls"][0]) >= 3 for card in kept)
    assert all(card["html"].startswith('<p class="rx-contract">Rerolled until') for card in kept)


def test_a_later_card_whose_kept_faces_break_its_contract_rolls_until_it_holds() -> None:
    cards = cards_of("", 'keep="punch.successes + again.successes >= 5" until="the two punches '
                     'score five successes"')
    rolled_anew = 0
    for seed in range(30):
        answer = reroll(cards, 0, seed)
        first, second = answer[0]["rolls"][0], answer[1]["rolls"][0]
        assert successes(first) + successes(second) >= 5 or successes(first) + 6 < 5
        rolled_anew += second != [6, 5, 4, 3, 2, 1]
    assert rolled_anew


def test_fixed_faces_stay_as_documented_and_the_rest_are_rolled() -> None:
    cards = cards_of('fixed="2" keeping="the two sixes"')
    rest = set()
    for seed in range(10):
        card = reroll(cards, 0, seed)[0]
        assert card["rolls"][0][:2] == [6, 6]
        rest.add(tuple(card["rolls"][0][2:]))
        assert card["html"].startswith('<p class="rx-contract">Keeps the two sixes as '
                                       "documented; only the other dice are rolled.</p>")
    assert len(rest) > 5


def test_a_card_whose_every_face_is_fixed_has_no_reroll_and_keeps_its_faces() -> None:
    result = verify_page("docs/p.md", PAGE.format(first="", second='fixed="6" keeping="the '
                                                  'second punch"'))
    assert not result.runs[1].rerollable
    assert 'data-rx-rerollable="false"' in render_card(result.runs[1], "c", "s", 1)
    cards = page_card_data(result.runs, "s", result.setup_source)
    for seed in range(5):
        assert reroll(cards, 0, seed)[1]["rolls"] == [[6, 5, 4, 3, 2, 1]]


# ---- bounded ----------------------------------------------------------------------------------


RARE = 'keep="punch.faces == (6, 6, 5, 4, 2, 1)" until="the punch rolls as written"'


def test_a_reroll_gives_up_after_the_most_tries_and_the_card_says_so() -> None:
    result = verify_page("docs/p.md", PAGE.format(first=RARE, second=""))  # the build refuses it
    cards = page_card_data(result.runs, "s", result.setup_source)
    (_, run), *_ = rerun(parse_cards(cards), 0, DiceMode.random(1))
    assert run.contract is not None and (run.contract.tries, run.contract.held) == (
        MAX_TRIES, False)
    assert reroll(cards, 0, 1)[0]["html"].startswith(
        f'<p class="rx-contract">No roll in {MAX_TRIES} kept the story (the punch rolls as '
        "written): the text around this card tells the documented roll.</p>")


# ---- checked by the build, at the fence's line ------------------------------------------------


@pytest.mark.parametrize(("contract", "says"), [
    ('keep="punch.successes > 3" until="x"', "docs/p.md:8: the documented roll breaks its "
     'reroll contract, keep="punch.successes > 3"'),
    ('keep="punch.successes > 6" until="x"', "docs/p.md:8: the documented roll breaks"),
    ('keep="nothing.here" until="x"', "docs/p.md:8: the reroll contract's condition "
     'keep="nothing.here" raised'),
    ('fixed="9" keeping="x"', "docs/p.md:8: the reroll contract cannot be kept"),
])
def test_a_contract_the_documented_roll_or_the_dice_cannot_keep_fails_at_its_fence(
        contract: str, says: str) -> None:
    failures = failures_of(contract)
    assert len(failures) == 1 and failures[0].startswith(says), failures


def test_a_contract_no_roll_keeps_says_so() -> None:
    (failure,) = failures_of(RARE)
    assert failure.startswith("docs/p.md:8: no roll keeps the reroll contract")
    assert f"It held in none of {TRIALS} fresh rolls" in failure


def test_a_contract_kept_too_rarely_says_how_often_and_what_else_to_write() -> None:
    (failure,) = failures_of('keep="punch.faces[0] == punch.faces[1] == 6" until="x"')
    assert failure.startswith('docs/p.md:8: the reroll contract keep="punch.faces[0] == '
                              'punch.faces[1] == 6" is kept too rarely')
    found = re.search(rf"It held in (\d+) of {TRIALS} fresh rolls, and a contract must hold in "
                      rf"at least {MIN_KEPT}: a Reroll would take about (\d+) tries", failure)
    assert found and 0 < int(found[1]) < MIN_KEPT, failure
    assert 'fix the faces the story needs (fixed="…" keeping="…")' in failure


@pytest.mark.parametrize(("options", "says"), [
    ('keep="punch.succeeded"', 'keep= needs until= beside it: keep="clinch.succeeded" '
     'until="the Clinch holds"'),
    ('until="it holds"', "until= needs keep= beside it"),
    ('fixed="2"', 'fixed= needs keeping= beside it: fixed="4" keeping="the four ones of the '
     'fumble"'),
    ('fixed="two" keeping="x"', "fixed='two' is no number of faces"),
    ('keep="punch.x = 1" until="x"', "keep='punch.x = 1' is not a Python expression"),
    ('keep="setattr(punch, 1, 2)" until="x"', "uses setattr()"),
    ('keep="1 > 0" until="x"', "the condition '1 > 0' never changes with the dice"),
    ('keep="punch.succeeded" until="**it**"', "holds Markdown or brackets"),
])
def test_a_contract_that_cannot_be_read_is_an_error_at_its_fence(options: str, says: str) -> None:
    (error,) = lex_page(PAGE.format(first=options, second="")).errors
    assert error.line == 8 and error.message.startswith("in the rules-example's reroll "
                                                        "contract: ") and says in error.message


def test_a_check_takes_no_contract() -> None:
    text = PAGE.format(first="", second="").replace(
        '```rules-example title="A second punch" ',
        '```rules-check title="A second punch" keep="again.succeeded" until="x"')
    (error,) = lex_page(text).errors
    assert "a rules-check is never rerolled, so it takes no keep=" in error.message


def test_how_a_contract_went_crosses_from_the_page_s_process_as_plain_data() -> None:
    result = verify_page("docs/p.md", PAGE.format(first=KEEP, second=""))
    run = result.runs[0]
    data = json.loads(json.dumps(run_to_data(run)))
    assert run_from_data(data, run.example).contract == run.contract
    assert run.contract is not None and run.contract.kept >= MIN_KEPT
    with pytest.raises(PlainDataError, match="the reroll contract"):
        run_from_data({**data, "contract": {"held": "yes"}}, run.example)


# ---- a shared roll ----------------------------------------------------------------------------


def test_a_shared_roll_that_breaks_a_card_s_contract_is_refused() -> None:
    cards = cards_of(KEEP)
    cards[0] = {**cards[0], "rolls": [[4, 4, 3, 2, 1, 1]]}
    answer = json.loads(replay_page(json.dumps({"target": 0, "cards": cards})))
    assert answer == {"error": "the dice given for “A punch” break its story: the punch scores "
                               "three successes is not so"}


def test_a_shared_roll_that_changes_fixed_faces_is_refused() -> None:
    cards = cards_of('fixed="2" keeping="the two sixes"')
    cards[0] = {**cards[0], "rolls": [[5, 6, 5, 4, 2, 1]]}
    answer = json.loads(replay_page(json.dumps({"target": 0, "cards": cards})))
    assert answer == {"error": "the dice given for “A punch” change the two sixes, which it "
                               "keeps"}

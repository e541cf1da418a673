"""verify_page: every failure names file:line and shows expected against got."""

from __future__ import annotations

import sys
from collections.abc import Callable

from site_plugins.examples.language.session import DiceMode, Session
from site_plugins.examples.language.verify import normalize, verify_page

Read = Callable[[str], str]
FENCE = "```"


def failures_of(text: str) -> list[str]:
    return [str(f) for f in verify_page("docs/p.md", text).all_failures]


def block(*lines: str) -> str:
    return "\n".join([f"{FENCE}rules-example", *lines, FENCE])


def test_a_correct_page_has_no_failures(sample_text: Read) -> None:
    assert verify_page("docs/good.md", sample_text("good.md")).all_failures == []


def test_a_wrong_result_names_the_line_with_expected_and_got(sample_text: Read) -> None:
    [failure] = failures_of(sample_text("wrong_result.md"))
    assert failure == (
        "docs/p.md:10: example did not verify\n"
        "    >>> punch.damage\n"
        "  expected:\n    4\n"
        "  got:\n    3\n"
        "  The text and the rules engine disagree: fix whichever is wrong."
    )


def test_too_few_faces_say_how_many_to_add(sample_text: Read) -> None:
    [failure] = failures_of(sample_text("wrong_faces.md"))
    assert failure.startswith("docs/p.md:7: example did not verify") and (
        "DiceScriptError: the pool is 6d6 but 5 faces are listed (6 6 5 4 2): add 1 face"
        in failure)


def test_too_many_faces_say_how_many_to_remove() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> r = Scene(tam).act(tam, PUNCH, dice=rolled('6 5 4 1'))")
    [failure] = failures_of(text)
    assert "4 faces are listed (6 5 4 1) but only 3 were rolled: remove 1 face" in failure


def test_a_face_outside_the_die_is_reported() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> r = Scene(tam).act(tam, PUNCH, dice=rolled('6 9 4'))")
    [failure] = failures_of(text)
    assert failure.startswith("docs/p.md:4:") and "9 cannot come up on a d6" in failure


def test_faces_never_rolled_are_reported() -> None:
    [failure] = failures_of(block(">>> d = rolled('6 6')"))
    assert "the faces 6 6 were never rolled" in failure


def test_a_malformed_block_names_its_line(sample_text: Read) -> None:
    [failure] = failures_of(sample_text("malformed.md"))
    assert failure.startswith("docs/p.md:4: malformed example: expected a '>>> ' statement")


def test_a_python_error_is_reported_without_a_traceback() -> None:
    [failure] = failures_of(block(">>> tim.damage", "3"))
    assert failure == (
        "docs/p.md:2: the example's code raised NameError\n"
        "    >>> tim.damage\n"
        "  got:\n    NameError: name 'tim' is not defined\n"
        "  This is an error in the example's Python, not a rules outcome: fix the statement "
        "(names, arguments, syntax)."
    )


def test_a_syntax_error_is_reported() -> None:
    [failure] = failures_of(block(">>> 1 +"))
    assert "SyntaxError" in failure and failure.startswith("docs/p.md:2:")


def test_a_refused_move_can_be_the_expected_outcome() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> Scene(tam).chain(tam, PUNCH, ad=1, dice=rolled())",
                 "ChainError: Tam has not acted yet: start with act(), then chain")
    assert failures_of(text) == []


def test_a_doctest_traceback_header_is_accepted() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> Scene(tam).chain(tam, PUNCH, ad=1, dice=rolled())",
                 "Traceback (most recent call last):",
                 "  ...",
                 "ChainError: Tam has not acted yet: start with act(), then chain")
    assert failures_of(text) == []


def test_an_unexpected_refusal_fails() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> Scene(tam).chain(tam, PUNCH, ad=1, dice=rolled())")
    [failure] = failures_of(text)
    assert "expected:\n    (nothing)\n  got:\n    ChainError: Tam has not acted yet" in failure


def test_examples_on_a_page_build_on_each_other() -> None:
    text = block(">>> x = 2") + "\n\n" + block(">>> x * 3", "6")
    assert failures_of(text) == []


def test_a_check_cannot_change_what_later_examples_see() -> None:
    check = "\n".join([f"{FENCE}rules-check", ">>> items.append(4)", ">>> x = 99", FENCE])
    text = "\n\n".join([block(">>> items = [1]", ">>> x = 1"), check,
                        block(">>> items, x", "([1], 1)")])
    assert failures_of(text) == []


def test_printed_output_counts_as_output() -> None:
    assert failures_of(block(">>> print('hi')", "hi")) == []


def test_a_runaway_example_is_stopped() -> None:
    result = verify_page("docs/p.md", block(">>> while True: pass"), time_limit=0.2)
    [failure] = [str(f) for f in result.all_failures]
    assert "ExampleTimeout: the example ran for more than 0.2 s and was stopped" in failure


def test_all_failures_of_a_block_are_reported() -> None:
    assert len(failures_of(block(">>> 1", "2", ">>> 3", "4"))) == 2


def test_normalize_ignores_trailing_spaces_and_blank_lines() -> None:
    assert normalize("a  \nb\n\n") == "a\nb"


def test_random_dice_replace_the_written_faces() -> None:
    text = block(">>> from rules_core.dice import RandomDice",
                 ">>> type(rolled('6 6 5')).__name__", "'RandomDice'")
    lexed = verify_page("docs/p.md", text)
    run = Session().run(lexed.blocks[0].example, DiceMode.random(seed=1))
    assert run.steps[1].output == "'RandomDice'\n"


def test_a_replay_hands_out_the_recorded_faces() -> None:
    text = block(">>> from rules_core.verses import Actor, Scene, PUNCH",
                 ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=1)",
                 ">>> Scene(tam).act(tam, PUNCH, dice=rolled('6 5 4')).faces", "(6, 5, 4)")
    block_ = verify_page("docs/p.md", text).blocks[0].example
    first = Session().run(block_, DiceMode.random(seed=5))
    again = Session().run(block_, DiceMode.replaying(first.rolls))
    assert again.steps[2].output == first.steps[2].output


def test_an_example_that_makes_its_own_dice_is_told_to_use_rolled() -> None:
    [failure] = failures_of(block(">>> from rules_core.dice import ScriptedDice",
                                  '>>> ScriptedDice("6 5 1").roll(2, 6)', "(6, 5)"))
    assert failure.startswith("docs/p.md:3: the example rolls its own ScriptedDice")
    assert 'write the faces with rolled("9 8 3"), not ScriptedDice(...)' in failure


def test_a_refusal_claimed_by_its_start_without_the_dots_says_how(sample_text: Read) -> None:
    text = ('```rules-example\n>>> from rules_core.verses import Actor, Scene, PUNCH\n'
            '>>> tam = Actor("Tam", attributes={"PRW": 3}, action_dice=6)\n'
            '>>> Scene(tam).chain(tam, PUNCH, ad=1, dice=rolled())\n'
            "ChainError: Tam has not acted yet\n```\n")
    [failure] = failures_of(text)
    assert "end the claim with '...' (three dots, only at the end)" in failure


#: Ordinary Python a fresh ``python`` session runs: a dataclass, annotations, ``match``,
#: f-strings, the module's name (here and in the Pyodide parity run).
FRESH_PYTHON = block(
    ">>> from dataclasses import dataclass",
    ">>> @dataclass(frozen=True)\n... class Point:\n...     x: int\n...     y: int = 0",
    ">>> def moved(p: Point, dx: int) -> Point:\n...     return Point(p.x + dx, p.y)",
    ">>> moved(Point(1), 2)", "Point(x=3, y=0)",
    ">>> moved.__annotations__",
    "{'p': <class '__main__.Point'>, 'dx': <class 'int'>, 'return': <class '__main__.Point'>}",
    ">>> def where(p):\n...     match p:\n...         case Point(x=0, y=0):\n"
    "...             return 'origin'\n...         case Point(x=x):\n"
    "...             return f'{x:+d} along'",
    ">>> where(Point(0)), where(Point(-3))", "('origin', '-3 along')",
    ">>> __name__", "'__main__'")


def test_ordinary_python_runs_as_in_a_fresh_python_session() -> None:
    assert failures_of(FRESH_PYTHON) == []


def test_a_future_import_holds_for_the_statements_after_it_as_in_a_session() -> None:
    text = block(">>> from __future__ import annotations", ">>> import dataclasses, typing",
                 ">>> @dataclasses.dataclass\n... class Card:\n...     cost: int",
                 ">>> Card.__annotations__", "{'cost': 'int'}",
                 ">>> typing.get_type_hints(Card)", "{'cost': <class 'int'>}")
    before = sys.modules.get("__main__")
    assert failures_of(text) == []
    assert sys.modules.get("__main__") is before  # the page's __main__ stood in for its run


def test_a_page_class_named_like_the_engines_view_says_whose_each_is() -> None:
    [failure] = failures_of(block(">>> class Explanation:\n...     pass",
                                  ">>> class Odd:\n...     def explain(self):\n"
                                  "...         return Explanation()", ">>> odd = Odd()"))
    assert ("Odd.explain() returned an Explanation from __main__, not the engine's Explanation "
            "from rules_core.explain (a card draws only the engine's views: import Explanation "
            "from rules_core.explain)") in failure

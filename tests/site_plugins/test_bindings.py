"""Bound values and narrated paragraphs in a page: found at their lines, tied to the example
each narrates, and refused clearly where they cannot work."""

from __future__ import annotations

import pytest

from site_plugins.examples.language.lexer import LexedPage, lex_page

CARD = '''```rules-example title="{title}"
>>> {name} = {value}
```'''


def card(name: str, value: int = 1, title: str = "A card") -> str:
    return CARD.format(name=name, value=value, title=title)


def page(*parts: str) -> str:
    return "\n\n".join(parts) + "\n"


def bound(lexed: LexedPage) -> dict[str, tuple[int, int]]:
    """Each binding's text → (its line, the index of the example it narrates)."""
    return {binding.written: (binding.line, index) for index, block in enumerate(lexed.blocks)
            for binding in block.example.bindings}


def errors(text: str) -> list[tuple[int, str]]:
    return [(error.line, error.message) for error in lex_page(text).errors]


def test_a_binding_is_read_with_its_line_text_and_expression() -> None:
    lexed = lex_page(page("# Title", card("a"), "It is [1]{= a} in all,\n[two\nthings]{= a + 1}."))
    first, second = lexed.blocks[0].example.bindings
    assert (first.line, first.written, first.expression) == (7, "1", "a")
    assert (second.line, second.written, second.source) == (8, "two things",
                                                            "[two\nthings]{= a + 1}")


def test_a_paragraph_right_above_an_example_narrates_it() -> None:
    text = page(card("a"), "Then [2]{= b} comes.", card("b", 2))
    assert bound(lex_page(text)) == {"2": (5, 1)}


def test_a_paragraph_after_an_example_narrates_the_one_above() -> None:
    text = page(card("a"), "So [1]{= a}.", "Rules text.", card("b", 2))
    assert bound(lex_page(text)) == {"1": (5, 0)}


def test_above_the_first_example_a_paragraph_narrates_the_first() -> None:
    text = page("Before it all, [1]{= a}.", "More rules.", card("a"))
    assert bound(lex_page(text)) == {"1": (1, 0)}


def test_a_check_inside_a_note_is_not_narrated_by_prose_outside_it() -> None:
    check = CARD.format(name="c", value=3, title="Inside").replace("rules-example", "rules-check")
    note = '!!! note "A note"\n    Inside [3]{= c}.\n\n' + "\n".join(
        "    " + line for line in check.split("\n"))
    text = page(card("a"), note, "After the note, [1]{= a}.")
    assert bound(lex_page(text)) == {"3": (6, 1), "1": (12, 0)}


def test_a_marker_names_the_example_a_paragraph_narrates() -> None:
    text = page(card("a", 1, "First"), card("b", 2, "Second"),
                'Back to [1]{= a}.\n{: narrates="first" }')
    lexed = lex_page(text)
    assert bound(lexed) == {"1": (9, 0)}
    assert [(n.line, n.index) for n in lexed.narrations] == [(10, 0)]


def test_a_marker_alone_marks_its_paragraph_as_narrating_by_position() -> None:
    lexed = lex_page(page(card("a"), "The guard goes down.\n{: narrates }"))
    assert [(n.line, n.index) for n in lexed.narrations] == [(6, 0)]


def test_a_title_binding_is_read_and_the_title_kept_plain() -> None:
    lexed = lex_page(page(card("a", 1, "Tam: [a success]{= a and 'a success'}")))
    example = lexed.blocks[0].example
    assert example.title == "Tam: a success"
    (binding,) = example.bindings
    assert (binding.place, binding.line, example.title[binding.start:binding.end]) == (
        "title", 1, "a success")


def test_bindings_in_fences_and_comments_are_not_read() -> None:
    text = page(card("a"), "```markdown\nSee [1]{= a}.\n```", "<!-- [1]{= a} -->")
    assert bound(lex_page(text)) == {} and not errors(text)


@pytest.mark.parametrize(("prose", "says"), [
    ("A `[1]{= a}` in code.", "inside a code span"),
    ("A [link](page.md#[1]{= a}) target.", "inside a link's target"),
    ("No brackets 1{= a}.", "needs its documented text in brackets"),
    ("Space [1] {= a}.", "needs its documented text in brackets"),
    ("Empty []{= a}.", "with no text"),
    ("No expression [1]{=  }.", "has no expression"),
    ("Markup [**1**]{= a}.", "holds Markdown"),
    ("Not Python [1]{= a +}.", "is not a Python expression"),
])
def test_a_bad_binding_is_an_error_at_its_line(prose: str, says: str) -> None:
    ((line, message),) = errors(page(card("a"), "Fine.\n" + prose))
    assert line == 6 and says in message


def test_a_binding_on_a_page_with_no_example_is_an_error() -> None:
    ((line, message),) = errors(page("# Rules", "Just [3]{= a}."))
    assert line == 3 and "no example" in message


@pytest.mark.parametrize(("marker", "says"), [
    ('{: narrates="nowhere" }', "names no example of this page: its examples' ids are a-card"),
    ("{: narrate }", "cannot read"),
])
def test_a_bad_marker_is_an_error_at_its_line(marker: str, says: str) -> None:
    ((line, message),) = errors(page(card("a"), "Told.\n" + marker))
    assert line == 6 and says in message


def test_a_marker_with_no_paragraph_above_it_is_an_error() -> None:
    ((line, message),) = errors(page(card("a"), "{: narrates }"))
    assert line == 5 and "there is none" in message


def test_a_bad_title_binding_is_an_error_at_the_fence() -> None:
    ((line, message),) = errors(page("Intro.", card("a", 1, "A [hit]{= a +}")))
    assert line == 3 and "in the rules-example's title" in message


def test_an_error_names_what_it_is() -> None:
    (error,) = lex_page(page(card("a"), "A `[1]{= a}`.")).errors
    assert error.what == "malformed bound value"


def test_an_about_marker_ties_a_paragraph_without_marking_it() -> None:
    text = page(card("a", 1, "First"), card("b", 2, "Second"),
                'Back to [1]{= a}.\n{: about="first" }')
    lexed = lex_page(text)
    assert bound(lexed) == {"1": (9, 0)}
    assert [(n.index, n.flags) for n in lexed.narrations] == [(0, False)]


def test_an_about_marker_must_name_an_example() -> None:
    ((line, message),) = errors(page(card("a"), "Told.\n{: about }"))
    assert line == 6 and "names no example" in message


def test_an_expression_may_hold_braces_strings_and_line_breaks() -> None:
    text = page(card("a"), 'It [hits]{= {"x": "hits"}[\n"x"] if "}" else a}.')
    (binding,) = lex_page(text).blocks[0].example.bindings
    assert binding.expression == '{"x": "hits"}[ "x"] if "}" else a'


def test_an_expression_never_closed_is_an_error() -> None:
    ((line, message),) = errors(page(card("a"), "It [hits]{= a + (1\n\nNext."))
    assert line == 5 and "is never closed" in message


@pytest.mark.parametrize("marker", ["{ : narrates }", "{: narate }", '{ :about="a-card" }'])
def test_a_near_miss_of_a_marker_is_an_error_that_shows_how_a_marker_is_written(
        marker: str) -> None:
    ((line, message),) = errors(page(card("a"), "Told.\n" + marker))
    assert line == 6 and f"cannot read {marker!r}" in message and "{: narrates }" in message


def test_a_marker_at_the_end_of_a_paragraph_line_is_an_error_at_that_line() -> None:
    ((line, message),) = errors(page(card("a"), "The guard\ngoes down. {: narrates }", "More."))
    assert line == 6 and "shares its line with text" in message


def test_near_misses_in_code_and_in_a_bound_value_are_not_read_as_markers() -> None:
    text = page(card("about"), "Write `{ : narrates }` so. It is [1]{= {about: 1}[about]}.",
                "```markdown\nTold. {: narrates }\n```")
    near = page(card("about"), "Write { : narrates } so.")
    assert (errors(text), len(errors(near))) == ([], 1)


READING = ["a", "_", "len(_)", "max(a, 2)", "a.real", "[n for n in (a,)][0]", "{'x': a}['x']"]
ACTING = {"[setattr(a, 'x', 9), a][1]": "uses setattr()",
          "__import__('os').getpid() + a": "uses __import__()",
          "exec('a = 9') or a": "uses exec()",
          "(b := a)": "assigns b (with :=)",
          "a.__class__": "reaches into .__class__"}


def test_a_bound_value_that_does_more_than_read_is_an_error_at_its_line() -> None:
    found = {expression: errors(page(card("a"), f"It is [1]{{= {expression}}}."))
             for expression in [*READING, *ACTING]}
    assert {expression: [(line, ACTING[expression] in message and "only reads" in message)
                         for line, message in found[expression]] for expression in ACTING} \
        == {expression: [(5, True)] for expression in ACTING}
    assert [expression for expression in READING if found[expression]] == []


def test_a_bound_value_that_names_nothing_of_the_page_never_changes_and_is_an_error() -> None:
    constant = ["3", "1 + 2", "len('abc')", "[n for n in (3,)][0]", "(lambda n: n)(3)"]
    flagged = [expression for expression in [*constant, *READING]
               if any("never changes with the dice" in message for _line, message in
                      errors(page(card("a"), f"It is [3]{{= {expression}}}.")))]
    assert flagged == constant


@pytest.mark.parametrize(("prose", "says"), [
    ("Her [four]{= a} standing successes stop it.",
     "the number [four] is bound without the noun it counts, 'standing successes': a Reroll "
     "that makes it 1 would read 'one standing successes'; bind them together, "
     "[four standing successes]{= …}, and the noun agrees"),
    ("The pack has [two]{= a}\ndice fewer.", "[two dice]{= …}"),
    ("**[1]{= a}** success is enough.", "would read '2 success'"),
])
def test_a_number_bound_without_the_noun_it_counts_is_an_error_at_its_line(
        prose: str, says: str) -> None:
    (line, message), = errors(page(card("a"), prose))
    assert line == 5 and says in message


@pytest.mark.parametrize("prose", [
    "The [third]{= a} grapple of the chain.",
    "A round-[7]{= a} turn, taken early.",
    "It deals [3]{= a} damage.",
    "Her [four standing successes]{= a} stop it.",
    "[Two]{= a} of the dice.",
])
def test_a_number_with_no_counted_noun_outside_its_brackets_is_no_error(prose: str) -> None:
    assert errors(page(card("a"), prose)) == []

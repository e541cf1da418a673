"""The lexer finds example fences with their file lines, and reads their steps."""

from __future__ import annotations

import pytest

from site_plugins.examples.language.lexer import edit_distance, lex_page, read_setup

FENCE = "```"


def page(*lines: str) -> str:
    return "\n".join(lines)


def test_a_block_knows_its_fence_line() -> None:
    lexed = lex_page(page("# T", "", f"{FENCE}rules-example", ">>> 1", "1", FENCE))
    assert lexed.blocks[0].fence_line == 3


def test_a_step_knows_its_statement_line() -> None:
    lexed = lex_page(page("# T", f"{FENCE}rules-example", ">>> a = 1", ">>> a", "1", FENCE))
    assert [s.line for s in lexed.blocks[0].example.steps] == [3, 4]


def test_lines_are_counted_from_the_given_first_line() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", ">>> 1", FENCE), first_line=10)
    assert lexed.blocks[0].example.steps[0].line == 11


def test_continuation_lines_join_the_statement() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", ">>> f(1,", "...   2)", "3", FENCE))
    step = lexed.blocks[0].example.steps[0]
    assert (step.source, step.expected) == ("f(1,\n  2)", "3")


def test_expected_output_ends_at_a_blank_line() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", ">>> x", "1", "2", "", ">>> y", FENCE))
    assert [s.expected for s in lexed.blocks[0].example.steps] == ["1\n2", ""]


def test_title_option_is_read() -> None:
    lexed = lex_page(page(f'{FENCE}rules-example title="Tam\'s punch"', ">>> 1", "1", FENCE))
    assert lexed.blocks[0].example.title == "Tam's punch"


def test_brace_syntax_is_read() -> None:
    lexed = lex_page(page(f'{FENCE}{{.rules-check title="X"}}', ">>> 1", "1", FENCE))
    assert (lexed.blocks[0].example.kind, lexed.blocks[0].example.title) == ("check", "X")


def test_indented_fences_inside_admonitions_are_found() -> None:
    text = page("!!! note", "    Text", "", f"    {FENCE}rules-check", "    >>> 1", "    1",
                f"    {FENCE}")
    block = lex_page(text).blocks[0]
    step = block.example.steps[0]
    assert (block.indent, step.source, step.line) == ("    ", "1", 5)


def test_tilde_fences_work() -> None:
    assert len(lex_page(page("~~~rules-example", ">>> 1", "1", "~~~")).blocks) == 1


def test_examples_shown_inside_another_fence_are_not_run() -> None:
    text = page("````markdown", f"{FENCE}rules-example", ">>> 1", "2", FENCE, "````")
    assert lex_page(text).blocks == ()


def test_other_languages_are_ignored() -> None:
    assert lex_page(page(f"{FENCE}python", ">>> 1", FENCE)).blocks == ()


def test_prose_inside_a_block_is_malformed() -> None:
    lexed = lex_page(page("# T", f"{FENCE}rules-example", "Tam rolls.", ">>> 1", FENCE))
    error = lexed.errors[0]
    assert (error.line, error.message) == (
        3, "expected a '>>> ' statement, found 'Tam rolls.': put prose outside the fence, "
           "and start each statement with '>>> '")


def test_output_after_a_blank_line_is_malformed() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", ">>> 1", "1", "", "2", FENCE))
    assert lexed.errors[0].line == 5


def test_an_unclosed_fence_is_malformed() -> None:
    lexed = lex_page(page("# T", f"{FENCE}rules-example", ">>> 1"))
    assert (lexed.errors[0].line, "never closed" in lexed.errors[0].message) == (2, True)


def test_a_block_without_statements_is_malformed() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", FENCE))
    assert "no '>>> ' statement" in lexed.errors[0].message


def test_an_unknown_option_is_malformed() -> None:
    lexed = lex_page(page(f'{FENCE}rules-example titel="x"', ">>> 1", FENCE))
    assert "unknown option 'titel'" in lexed.errors[0].message


def test_a_missing_space_after_the_prompt_is_malformed() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example", ">>>1", FENCE))
    assert "put a space after '>>>'" in lexed.errors[0].message


def test_a_line_indented_less_than_its_fence_is_malformed() -> None:
    text = page(f"    {FENCE}rules-example", "    >>> 1", ">>> 2", f"    {FENCE}")
    assert lex_page(text).errors[0].line == 3


def test_a_malformed_block_does_not_hide_the_next_one() -> None:
    text = page(f"{FENCE}rules-example", "oops", FENCE, f"{FENCE}rules-example", ">>> 1", "1",
                FENCE)
    lexed = lex_page(text)
    assert (len(lexed.errors), len(lexed.blocks)) == (1, 1)


@pytest.mark.parametrize("kind", ["rules-exampel", "rules-examples", "Rules-Example",
                                  "rules_example", "rulesexample", "rules-chek", "rules-card",
                                  "{.rules-exampel}"])
def test_a_misspelt_kind_is_malformed_and_names_the_kinds(kind: str) -> None:
    lexed = lex_page(page("# T", "", f"{FENCE}{kind}", ">>> 1", "1", FENCE))
    assert lexed.blocks == ()
    assert [(e.line, e.message) for e in lexed.errors] == [(3, (
        f"unknown example kind {kind.strip('{.}')!r}: the kinds are rules-example (a card) "
        "and rules-check (a claim checked for a note)"))]


@pytest.mark.parametrize(("info", "words"), [
    ("rules example", "unknown example kind 'rules example'"),
    ("rules check", "unknown example kind 'rules check'"),
    ("{.python .rules-example}", "the example kind 'rules-example' is not the fence's first "
                                 "word, so this block would be shown as 'python' code"),
    ("{ .pycon .rules-check }", "open the fence with ```rules-check"),
    ("rules", "holds a >>> session but is no example"),
    ("pycon rules", "holds a >>> session but is no example"),
])
def test_a_look_alike_fence_is_malformed(info: str, words: str) -> None:
    lexed = lex_page(page("# T", "", f"{FENCE}{info}", ">>> 1", "2", FENCE))
    assert lexed.blocks == ()
    [error] = lexed.errors
    assert error.line == 3 and words in error.message


def test_the_attribute_form_with_the_kind_first_is_an_example() -> None:
    lexed = lex_page(page("# T", "", f'{FENCE}{{.rules-example title="A"}}', ">>> 1", "1", FENCE))
    assert [b.example.title for b in lexed.blocks] == ["A"] and lexed.errors == ()


@pytest.mark.parametrize("kind", ["python", "text", "pycon", "markdown", ""])
def test_other_languages_are_left_alone(kind: str) -> None:
    lexed = lex_page(page(f"{FENCE}{kind}", ">>> 1", "1", FENCE))
    assert lexed.blocks == () and lexed.errors == ()


def test_edit_distance_counts_letters_added_removed_or_changed() -> None:
    assert [edit_distance("rules-exampel", "rules-example"), edit_distance("", "abc"),
            edit_distance("kitten", "sitting")] == [2, 3, 3]


@pytest.mark.parametrize("value", ['"two words"', "'a b'", '"a\'b"', "9lives", '""'])
def test_an_id_that_cannot_be_an_anchor_is_malformed(value: str) -> None:
    lexed = lex_page(page(f"{FENCE}rules-example id={value}", ">>> 1", "1", FENCE))
    assert "cannot be a link anchor" in lexed.errors[0].message


def test_an_id_of_letters_digits_and_dashes_is_kept() -> None:
    lexed = lex_page(page(f"{FENCE}rules-example id=first-punch_2", ">>> 1", "1", FENCE))
    assert lexed.blocks[0].options["id"] == "first-punch_2"


def test_prose_far_inside_a_block_points_at_its_open_fence() -> None:
    text = ("```rules-example\n>>> 1 + 1\n2\n\nThe next rule is this.\n\n"
            "```rules-example\n>>> 2\n2\n```\n")
    [error] = lex_page(text).errors
    assert error.line == 5
    assert error.message.endswith("(this line is inside the rules-example fence opened at "
                                  "line 1: if that example ended earlier, its closing ``` is "
                                  "missing)")


def test_a_fence_named_like_an_example_that_holds_a_session_is_malformed_at_its_line() -> None:
    kinds = ["example", "Examples", "exmaple", "check", "doc-example", "{.example}", "python",
             "pycon", "text", "markdown", ""]
    said = {kind: [(e.line, e.message) for e in lex_page(
        page("# T", "", f"{FENCE}{kind}", ">>> 1 + 1", "3", FENCE)).errors] for kind in kinds}
    assert [kind for kind in kinds if said[kind]] == kinds[:6]
    assert said["example"] == [(3, "this fence ('example') holds a >>> session but is no "
                                   "example, so it would be published unchecked: make it a "
                                   "```rules-example (a card) or a ```rules-check (a claim "
                                   "checked for a note)")]
    assert lex_page(page(f"{FENCE}example", "Any text at all.", FENCE)).errors == ()


def test_a_setup_is_read_from_a_file_whose_lines_end_in_a_lone_carriage_return() -> None:
    setup = read_setup("---\rexamples_setup: x = 1\r---\r\r# T\r")
    assert setup is not None and (setup.line, setup.steps[0].source) == (2, "x = 1")

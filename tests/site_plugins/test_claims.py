"""Claims that say what the author means: a refusal by its class or the start of its message,
and mismatches shown line by line with markers."""

from __future__ import annotations

import pytest

from site_plugins.examples.language.verify import line_diff, verify_page

FENCE = "```"
SETUP = (">>> from rules_core.verses import Actor, Scene, PUNCH",
         '>>> tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, '
         "action_dice=6)",
         ">>> scene = Scene(tam)")
#: Tam chains before acting: the engine refuses with this ChainError (a RulesError).
REFUSED = ">>> scene.chain(tam, PUNCH, ad=1, dice=rolled())"
MESSAGE = "ChainError: Tam has not acted yet: start with act(), then chain"


def failures(*lines: str) -> list[str]:
    text = "\n".join([f"{FENCE}rules-example", *SETUP, *lines, FENCE])
    return [str(f) for f in verify_page("docs/p.md", text).all_failures]


@pytest.mark.parametrize("claim", [MESSAGE, "ChainError", "RulesError", "RulesCoreError",
                                   "rules_core.verses.ChainError", "ChainError: Tam has...",
                                   "RulesError: Tam has not acted yet: start...",
                                   f"{MESSAGE}...", "Traceback (most recent call last):\n"
                                   "ChainError"])
def test_a_refusal_may_be_claimed_whole_by_its_class_or_by_its_start(claim: str) -> None:
    assert failures(REFUSED, claim) == []


@pytest.mark.parametrize(("claim", "hint"), [
    ("DiceError", "The claim names DiceError, but the refusal is a ChainError: claim "
                  "ChainError or one of its bases (RulesError, RulesCoreError)."),
    ("ChainError: Bob has...", "The refusal's message does not start with 'Bob has'"),
    ("ChainError: Tam...chain", "end the claim with '...' (three dots, only at the end)"),
    ("ChainError: Tam has", "end the claim with '...' (three dots, only at the end)"),
])
def test_a_wrong_class_or_start_fails_and_says_why(claim: str, hint: str) -> None:
    [failure] = failures(REFUSED, claim)
    assert failure.startswith("docs/p.md:5: example did not verify") and hint in failure


def test_a_class_claim_ending_in_dots_is_told_the_forms_a_claim_takes() -> None:
    [failure] = failures(REFUSED, "ChainError...")
    assert ("'ChainError...' is no claim of a refusal: claim its class alone (ChainError), or "
            "its class, ': ' and the start of its message, ending in '...' (ChainError: Tam "
            "has not...); otherwise copy the whole message.") in failure
    assert "end the claim with '...'" not in failure


def test_a_class_claim_is_only_for_refusals_by_the_rules() -> None:
    [failure] = failures(">>> 1 / 0", "ZeroDivisionError")
    assert "the example's code raised ZeroDivisionError" in failure


def test_output_before_a_refusal_must_still_match_exactly() -> None:
    statement = '>>> print("trying"); scene.chain(tam, PUNCH, ad=1, dice=rolled())'
    assert failures(statement, "trying", "ChainError") == []
    [failure] = failures(statement, "trying!", "ChainError")
    assert "    - trying!\n" in failure and "    + trying\n" in failure


def test_a_multi_line_mismatch_is_a_diff_with_markers() -> None:
    [failure] = failures('>>> print("Tam\\nrolls 6 dice\\n3 successes")',
                         "Tam", "rolls 6 dice", "4 successes")
    assert failure.split("\n")[2:8] == [
        "  expected (-) and got (+), line by line:",
        "      Tam",
        "      rolls 6 dice",
        "    - 4 successes",
        "    ? ^",
        "    + 3 successes",
    ]


def test_a_difference_only_in_spaces_is_made_visible() -> None:
    [failure] = failures('>>> print("6  6 5")', "6 6 5")
    assert "    - 6·6·5\n    + 6··6·5" in failure


def test_line_diff_marks_lines_only_one_side_has() -> None:
    assert line_diff("a\nb", "a\nb\nc") == "  a\n  b\n+ c"

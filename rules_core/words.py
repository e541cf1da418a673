"""Small helpers for the words results are explained in: counts of things, whole numbers.

Every system writes "1 die" and "3 dice", and checks that a number an author typed is a
whole number in range; these keep the wording (and the error messages) the same everywhere.
"""

from __future__ import annotations

from rules_core.errors import RulesError
from rules_core.limits import check_rule_number

#: Nouns whose plural is not the singular plus "s".
_IRREGULAR = {"die": "dice", "success": "successes", "six": "sixes", "is": "are",
              "was": "were", "this": "these", "try": "tries"}


def noun(n: int, singular: str, plural: str = "") -> str:
    """The form of ``singular`` that goes with ``n``: ``noun(2, "die")`` is ``dice``."""
    if n == 1:
        return singular
    return plural or _IRREGULAR.get(singular, singular + "s")


def count(n: int, singular: str, plural: str = "") -> str:
    """``n`` and its noun: ``count(1, "die")`` is ``1 die``, ``count(3, "six")`` ``3 sixes``."""
    return f"{n} {noun(n, singular, plural)}"


def amount(n: int, singular: str, plural: str = "") -> str:
    """``n`` things as a sentence says them: ``no successes`` for none (``0 successes`` is a
    tally's, not a sentence's), else as [`count`][rules_core.words.count].

    Examples:
        >>> amount(0, "success"), amount(1, "success"), amount(3, "success")
        ('no successes', '1 success', '3 successes')
    """
    return f"no {noun(0, singular, plural)}" if n == 0 else count(n, singular, plural)


def cancelling_line(who: str, successes: int, cancelled: int, net: int) -> str:
    """The sentence of successes cancelling successes, for ``who``'s roll.

    Examples:
        >>> cancelling_line("Mara", 3, 1, 2)
        "1 success of Mara's 3 is cancelled: 2 net."
        >>> cancelling_line("Mara", 3, 0, 3), cancelling_line("Mara", 0, 0, 0)
        ("Nothing cancels Mara's 3 successes: 3 net.", 'Mara has no successes to cancel.')
    """
    if not successes:
        return f"{who} has no successes to cancel."
    left = f"{net} net" if net else "no net successes"
    if not cancelled:
        return f"Nothing cancels {who}'s {count(successes, 'success')}: {left}."
    return (f"{count(cancelled, 'success')} of {who}'s {successes} "
            f"{noun(cancelled, 'is')} cancelled: {left}.")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")


def ordinal(n: int) -> str:
    """``n`` as a place in a row: ``ordinal(2)`` is ``second``, ``ordinal(12)`` ``12th``."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def verb_s(n: int, verb: str) -> str:
    """A verb agreeing with ``n`` subjects: ``verb_s(1, "cancel")`` is ``cancels``."""
    return verb + "s" if n == 1 else verb


def is_whole(value: object, minimum: int = 0) -> bool:
    """Whether ``value`` is a whole number (not a bool) of at least ``minimum``.

    A whole number past [`MAX_RULE_NUMBER`][rules_core.limits.MAX_RULE_NUMBER] is no number
    of a rule: [`NumberLimitError`][rules_core.errors.NumberLimitError] says so (a rule's
    own message would call it too small or not whole)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    check_rule_number(value)
    return value >= minimum


def whole(value: object, what: str, minimum: int = 0,
          error: type[Exception] = RulesError) -> int:
    """``value`` if it is a whole number of at least ``minimum``; else ``error`` saying so.

    The message reads ``{what} must be a whole number, {minimum} or more, not {value!r}``; a
    number past [`MAX_RULE_NUMBER`][rules_core.limits.MAX_RULE_NUMBER] is refused too.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        check_rule_number(value, what)
    if not is_whole(value, minimum):
        raise error(f"{what} must be a whole number, {minimum} or more, not {value!r}")
    return value  # type: ignore[return-value]  # is_whole checked it is an int

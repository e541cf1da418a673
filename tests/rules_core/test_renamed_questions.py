"""The odds questions' old field names (0.3.0) still work for one version, each warning with
its new name: ``AtLeast(note=)``, ``Repeated(what=)``, ``Settled(what, succeeded, why)``."""

from __future__ import annotations

import pytest

from rules_core.procedure import CountAtLeast, Procedure
from rules_core.question import AtLeast, Repeated, Settled
from rules_core.renames import REMOVED_IN

POOL = Procedure(3, 6, reading=CountAtLeast(5))


def test_at_least_note_is_its_event() -> None:
    with pytest.warns(DeprecationWarning, match=r"AtLeast\(note=\.\.\.\) is renamed "
                                                r"AtLeast\(event=\.\.\.\)"):
        question = AtLeast(POOL, 2, who="Ash", note="a critical")
    assert question == AtLeast(POOL, 2, who="Ash", event="a critical")


def test_repeated_what_is_its_event() -> None:
    each = AtLeast(POOL, 1)
    with pytest.warns(DeprecationWarning, match=REMOVED_IN):
        question = Repeated(each, 2, 3, what="the whole task done")
    assert question.event == "the whole task done"


def test_settled_in_its_old_positional_form_reads_the_same() -> None:
    with pytest.warns(DeprecationWarning, match=r"Settled\(who, event, succeeded, why\)"):
        question = Settled("a hit", True, "the target is helpless")
    assert question == Settled("", "a hit", True, "the target is helpless")


def test_the_new_names_do_not_warn(recwarn: pytest.WarningsRecorder) -> None:
    AtLeast(POOL, 2, event="a critical")
    Settled("Ash", "a hit", True, "helpless")
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]

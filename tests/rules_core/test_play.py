"""A play loop runs rounds until decided, never past its limit, and keeps a log."""

from __future__ import annotations

import pytest

from rules_core import limits
from rules_core.dice import DiceSource, ScriptedDice
from rules_core.errors import RoundLimitError, RulesError
from rules_core.play import PlayLoop, rounds


class FirstSix(PlayLoop[int]):
    """Roll a die a round until a six shows."""

    @property
    def done(self) -> bool:
        return 6 in self.log

    def play_round(self, dice: DiceSource, other: DiceSource | None = None) -> int:
        self.begin_round()
        return self.record(dice.roll(1, 6)[0])

    def over(self) -> str:
        return "a six is already showing"

    def stalled(self) -> str:
        return f"no six in {len(self.log)} rounds: raise max_rounds"


def test_it_plays_until_done() -> None:
    assert FirstSix().play(ScriptedDice("2 3 6")).log == [2, 3, 6]


def test_a_finished_loop_refuses_another_round() -> None:
    loop = FirstSix().play(ScriptedDice("6"))
    with pytest.raises(RulesError, match="a six is already showing"):
        loop.play_round(ScriptedDice("1"))


def test_the_round_limit_stops_it_with_the_loop_s_own_words() -> None:
    with pytest.raises(RoundLimitError, match="no six in 3 rounds: raise max_rounds"):
        FirstSix(max_rounds=3).play(ScriptedDice("1 1 1 1"))


def test_the_default_limit_is_the_core_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_ROUNDS", 2)
    with pytest.raises(RoundLimitError):
        FirstSix().play(ScriptedDice("1 1 1"))


def test_a_copy_does_not_share_the_log() -> None:
    loop = FirstSix().play(ScriptedDice("1 6"))
    twin = loop.copy()
    twin.log.append(9)
    assert loop.log == [1, 6]


def test_the_log_becomes_a_table() -> None:
    loop = FirstSix().play(ScriptedDice("4 6"))
    table = loop.table("Rolls", ("Round", "Face"), lambda n, face: (str(n), str(face)))
    assert table.rows == (("1", "4"), ("2", "6"))


def test_rounds_stop_at_the_limit_with_the_error_given() -> None:
    with pytest.raises(ValueError, match="still tied"):
        for _ in rounds(lambda: "still tied", limit=3, error=ValueError):
            pass


def test_rounds_end_quietly_when_the_loop_returns() -> None:
    def first_even(faces: list[int]) -> int:
        for n in rounds(lambda: "never", limit=10):
            if faces[n - 1] % 2 == 0:
                return n
        raise AssertionError

    assert first_even([1, 3, 4]) == 3

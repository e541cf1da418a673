"""What a hostile page cannot do to the checker: run code in the build through what it sends,
buy itself time, leave processes behind, leak out of a ``rules-check`` (through the disk or the
check's channel), write outside its own folder, or roll dice of its own under another
spelling. The build and pytest both check pages through this checker.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from site_plugins.examples.checking.checker import GRACE, Checker
from site_plugins.examples.checking.confinement import unconfined_reason
from site_plugins.examples.language.verify import PageResult
from tests.conftest import ROOT
from tests.malformed.cases import SPIN, feeder
from tests.malformed.cases_isolation import FORGE, OWN_FOLDER
from tests.site_plugins.conftest import LIMIT, SLACK


def example(*lines: str, kind: str = "rules-example") -> str:
    return f"```{kind}\n" + "\n".join(lines) + "\n```\n"


def line_of(text: str, statement: str) -> int:
    """The 1-based line of ``statement`` in ``text``."""
    return text.split("\n").index(statement) + 1


def verify(checker: Checker, text: str) -> tuple[PageResult, float]:
    start = time.monotonic()
    result = checker.verify("docs/hostile.md", text)
    return result, time.monotonic() - start


#: A class whose pickle would end (or stall) the process that unpickles it.
EXITING = (">>> class Evil:\n"
           "...     def __reduce__(self):\n"
           "...         import os\n"
           "...         return (os._exit, (0,))\n")


def test_a_value_whose_unpickling_exits_the_build_is_never_unpickled(checker: Checker) -> None:
    text = example(EXITING + "...     def explain(self):\n...         return Evil()",
                   ">>> Evil()", "'a claim that is wrong'")
    result, _ = verify(checker, text)
    [failure] = result.all_failures
    assert failure.location == f"docs/hostile.md:{line_of(text, '>>> Evil()')}"
    assert "Evil.explain() returned an Evil, not an Explanation" in str(failure)


def test_an_explanation_holding_a_page_object_is_refused_at_its_line(checker: Checker) -> None:
    text = example(">>> from rules_core.explain import Explanation",
                   EXITING + "...     def explain(self):\n"
                   "...         return Explanation(title=self)", ">>> Evil()",
                   "'a claim that is wrong'")
    result, _ = verify(checker, text)
    [failure] = result.all_failures
    assert failure.location == f"docs/hostile.md:{line_of(text, '>>> Evil()')}"
    assert "a result shown here cannot be drawn: it holds an Evil" in str(failure)


@pytest.mark.parametrize(("method", "returns", "words"), [
    ("explain", "'a card'", "Odd.explain() returned a str, not an Explanation"),
    ("stat_line", "3", "Odd.stat_line() returned an int, not a StatLine"),
    ("explain", "1 / 0", "Odd.explain() raised ZeroDivisionError: division by zero"),
])
def test_a_result_that_draws_wrong_fails_at_its_line(checker: Checker, method: str, returns: str,
                                                    words: str) -> None:
    text = example(f">>> class Odd:\n...     def {method}(self):\n...         return {returns}",
                   ">>> odd = Odd()", ">>> 2 + 2", "4")
    result, _ = verify(checker, text)
    [failure] = result.all_failures
    assert failure.location == f"docs/hostile.md:{line_of(text, '>>> odd = Odd()')}"
    assert words in str(failure)
    assert "the checker itself failed" not in str(failure)


@pytest.mark.parametrize(("frame", "reported"), [
    # A message the check reads: it buys no time (the page may misreport its own statement).
    ("json.dumps(['step', 2]).encode()", 2),
    ("json.dumps(['example', 0]).encode()", None),  # an example started again: out of turn
    ("pickle.dumps(('example', 0))", None),  # what the checker once unpickled, resetting its clock
])
def test_a_page_cannot_feed_the_watchdog(checker: Checker, frame: str,
                                         reported: int | None) -> None:
    text = example(feeder(frame), ">>> " + SPIN) + example(">>> 1", "1")
    result, took = verify(checker, text)
    first = str(result.all_failures[0])
    hang = next(line for line in text.split("\n") if "while True: pass" in line)
    line = reported or line_of(text, hang)
    assert result.all_failures[0].location == f"docs/hostile.md:{line}"
    assert "did not stop" in first or "sent something the check cannot read" in first
    assert took < LIMIT + GRACE + SLACK


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("how", ["popen", "setsid", "hang"])
def test_nothing_a_page_starts_outlives_its_check(checker: Checker, how: str) -> None:
    start = {
        "popen": ">>> import subprocess\n"
                 ">>> p = subprocess.Popen(['sleep', '300'])",
        "setsid": ">>> import os, signal, time\n"
                  ">>> p = os.fork()\n"
                  ">>> if p == 0:\n"
                  "...     os.setsid()\n"
                  "...     for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):\n"
                  "...         signal.signal(s, signal.SIG_IGN)\n"
                  "...     while True: time.sleep(1)",
        "hang": ">>> import subprocess, os, signal\n"
                ">>> p = subprocess.Popen(['setsid', 'sleep', '300'])",
    }[how]
    # The page can write nowhere but its own folder: it says the pid in a failing claim.
    record = ">>> p if isinstance(p, int) else p.pid\n0"
    ending = (">>> import signal; signal.setitimer(signal.ITIMER_REAL, 0); "
              "signal.signal(signal.SIGALRM, signal.SIG_IGN); exec('while True: pass')"
              if how == "hang" else ">>> 1\n1")
    result, _ = verify(checker, example(start, record) + example(ending))
    started = [int(f.got) for f in result.all_failures if f.expected == "0" and f.got]
    assert started
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in started if alive(pid)] == []
    for pid in started:  # never left running, whatever the assertion above said
        with pytest.raises(OSError):
            os.kill(pid, 9)


def test_a_rules_check_changes_nothing_after_it(checker: Checker) -> None:
    text = (example(">>> from rules_core.verses import Actor, Scene",
                    ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=6)",
                    ">>> scene = Scene(tam)")
            + example(">>> Scene.ad_left = lambda self, actor: 99",
                      ">>> scene.ad_left(tam)", "99", kind="rules-check")
            + example(">>> scene.ad_left(tam)", "99"))
    result, _ = verify(checker, text)
    assert result.failures[1] == []  # the check saw its own patch
    [failure] = result.all_failures
    lines = text.split("\n")
    last = len(lines) - lines[::-1].index(">>> scene.ad_left(tam)")
    assert failure.location == f"docs/hostile.md:{last}"
    assert failure.expected == "99" and failure.got != "99"


@pytest.mark.parametrize("spelling", [
    'getattr(dice, "Scripted" + "Dice")("6 6 6 6 6 6 5 5 5")',
    'dice.__dict__["ScriptedDice"]("6 6 6 6 6 6 5 5 5")',
    'type(rolled("1"))("6 6 6 6 6 6 5 5 5")',
])
def test_dice_an_example_makes_itself_are_caught_by_what_they_are(
        checker: Checker, spelling: str) -> None:
    text = example(">>> from rules_core import dice",
                   f">>> own = {spelling}", ">>> own.roll(6, 6)", "(6, 6, 6, 6, 6, 6)")
    result, _ = verify(checker, text)
    locations = [(f.location, f.summary) for f in result.all_failures]
    assert ("docs/hostile.md:3", "the example rolls dice it made itself") in locations


def test_a_rules_check_cannot_report_for_the_examples_after_it(checker: Checker) -> None:
    text = example(">>> x = 2") + example(FORGE, kind="rules-check") + example(">>> x", "3")
    result, _ = verify(checker, text)
    [failure] = result.all_failures
    assert failure.location == f"docs/hostile.md:{len(text.split(chr(10))) - 3}"
    assert failure.expected == "3" and failure.got == "2"


def test_what_a_rules_check_writes_is_gone_before_the_next_example(checker: Checker) -> None:
    text = (example(">>> _ = open('notes.txt', 'w').write('Tam rests')")
            + example(">>> open('notes.txt').read()", "'Tam rests'",
                      ">>> _ = open('flag.txt', 'w').write('set')", kind="rules-check")
            + example(">>> import os; sorted(os.listdir())", "['notes.txt']"))
    result, _ = verify(checker, text)
    assert result.all_failures == []


def test_two_pages_checked_at_once_have_temporary_folders_of_their_own(
        checker: Checker) -> None:
    def page(mine: str, theirs: str) -> str:
        return example(">>> import os, tempfile, time",
                       f">>> _ = open(os.path.join(tempfile.gettempdir(), '{mine}'), 'w')",
                       ">>> time.sleep(0.6)",
                       f">>> os.path.exists(os.path.join(tempfile.gettempdir(), '{theirs}'))",
                       "False")

    first = checker.submit("docs/a.md", page("rules-examples-one", "rules-examples-two"))
    second = checker.submit("docs/b.md", page("rules-examples-two", "rules-examples-one"))
    assert first.result().all_failures == [] and second.result().all_failures == []


@pytest.mark.skipif(bool(unconfined_reason()), reason=unconfined_reason())
@pytest.mark.parametrize(("target", "mode"), [
    (str(ROOT / "zz_planted.py"), "a"),  # the checkout, on sys.path
    ("/tmp/rules-examples-flag", "a"),
    ("/proc/{ppid}/root" + str(ROOT / "zz_planted.py"), "a"),  # the worker's view of it
    ("/proc/{ppid}/mem", "r+b"),  # the memory of the process that checks the page
])
def test_a_page_writes_only_in_its_own_folder(checker: Checker, target: str, mode: str) -> None:
    result, _ = verify(checker, example(
        f">>> import os; _ = open({target!r}.format(ppid=os.getppid()), {mode!r})"))
    [failure] = result.all_failures
    assert "PermissionError" in str(failure) and OWN_FOLDER in str(failure)
    assert not (ROOT / "zz_planted.py").exists() and not Path(target).exists()


def test_a_result_holding_a_number_json_cannot_write_fails_at_its_line(checker: Checker) -> None:
    text = example(">>> from rules_core.explain import Explanation",
                   ">>> class Huge:\n...     def explain(self):\n"
                   "...         return Explanation(title='t', lines=(10**5000,))",
                   ">>> huge = Huge()")
    result, _ = verify(checker, text)
    [failure] = result.all_failures
    assert failure.location == f"docs/hostile.md:{line_of(text, '>>> huge = Huge()')}"
    assert "cannot be drawn: it holds a number of more than 4,000 digits" in str(failure)

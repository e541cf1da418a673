"""The malformed pages: each a page (or a file's bytes) and the verdict both checkers owe it.

A case's ``expect`` lists where each failure must be reported (a line's text, or a line
number) and words its message must hold (``absent``: words it must not hold, where an old
message misled). ``passes``: a page that is fine and must pass. ``wrong``: the page claims
something false, so a pass would be a false green.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Expected:
    """A failure the page must get: at ``at`` (the text of its line, or its number), with
    every one of ``words``, and none of ``absent``."""

    at: str | int
    words: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    """One malformed page."""

    name: str
    text: str | bytes
    expect: tuple[Expected, ...] = ()
    passes: bool = False
    wrong: bool = True
    kind: str = ""
    tags: tuple[str, ...] = field(default=())

    @property
    def data(self) -> bytes:
        return self.text if isinstance(self.text, bytes) else self.text.encode("utf-8")

    def line_of(self, at: str | int) -> int:
        """The 1-based line ``at`` names in the page."""
        if isinstance(at, int):
            return at
        lines = self.data.decode("utf-8", "replace").removeprefix("\ufeff").split("\n")
        return lines.index(at) + 1


def fence(*lines: str, kind: str = "rules-example", info: str = "") -> str:
    opening = f"```{kind}{' ' + info if info else ''}"
    return "\n".join([opening, *lines, "```", ""])


def page(*blocks: str) -> str:
    return "# A page\n\n" + "\n".join(blocks)


def case(name: str, text: str | bytes, *expect: Expected, **options: object) -> Case:
    return Case(name, text, tuple(expect), **options)  # type: ignore[arg-type]


E = Expected

#: Ends the example's alarm, then spins: only the checker's clock can stop it.
SPIN = ("import signal; signal.setitimer(signal.ITIMER_REAL, 0); "
        "signal.signal(signal.SIGALRM, signal.SIG_IGN); exec('while True: pass')")


def feeder(frame: str) -> str:
    """Statements that start a thread writing ``frame`` to every socket of the process, as
    a message of the check's channel would be, once the statement after them runs (their
    first statement is the example's first line); the page must then end that statement
    (test_checker_boundary.py uses them too)."""
    return (">>> import json, os, pickle, stat, struct, threading, time\n"
            ">>> def feed():\n"
            f"...     frame = {frame}\n"
            "...     time.sleep(0.5)  # the example's last statement runs by then\n"
            "...     while True:\n"
            "...         for fd in range(3, 64):\n"
            "...             try:\n"
            "...                 if stat.S_ISSOCK(os.fstat(fd).st_mode):\n"
            "...                     os.write(fd, struct.pack('!i', len(frame)) + frame)\n"
            "...             except OSError:\n"
            "...                 pass\n"
            "...         time.sleep(0.05)\n"
            ">>> threading.Thread(target=feed, daemon=True).start()")


EVIL_EXIT = (">>> class Evil:\n...     def __reduce__(self):\n...         import os\n"
             "...         return (os._exit, (0,))\n")
EVIL_SLEEP = (">>> class Evil:\n...     def __reduce__(self):\n...         import time\n"
              "...         return (time.sleep, (3600,))\n")

CASES: tuple[Case, ...] = (
    # -- what crosses the boundary -------------------------------------------------------
    case("unpickle-exit", page(fence(EVIL_EXIT + "...     def explain(self):\n"
                                     "...         return Evil()", ">>> Evil()", "'wrong'")),
         E(">>> Evil()", ("Evil.explain() returned an Evil, not an Explanation",))),
    case("unpickle-sleep", page(fence(">>> from rules_core.explain import Explanation",
                                      EVIL_SLEEP + "...     def explain(self):\n"
                                      "...         return Explanation(title=self)",
                                      ">>> Evil()", "'wrong'")),
         E(">>> Evil()", ("cannot be drawn: it holds an Evil",))),
    case("explain-str", page(fence(">>> class Odd:\n...     def explain(self):\n"
                                   "...         return 'a card'", ">>> odd = Odd()",
                                   ">>> 2 + 2", "4")),
         E(">>> odd = Odd()", ("Odd.explain() returned a str, not an Explanation",),
           ("checker itself failed",)), wrong=False),
    case("stat-line-int", page(fence(">>> class Odd:\n...     def stat_line(self):\n"
                                     "...         return 3", ">>> odd = Odd()")),
         E(">>> odd = Odd()", ("Odd.stat_line() returned an int, not a StatLine",)),
         wrong=False),
    case("explain-raises", page(fence(">>> class Odd:\n...     def explain(self):\n"
                                      "...         return 1 / 0", ">>> odd = Odd()")),
         E(">>> odd = Odd()", ("Odd.explain() raised ZeroDivisionError",),
           ("checker itself failed", "please report")), wrong=False),
    # -- the clock --------------------------------------------------------------------------
    case("feed-pickled", page(fence(feeder("pickle.dumps(('example', 0))"),
                                    ">>> " + SPIN), fence(">>> 1", "1")),
         E(">>> " + SPIN, ("sent something the check cannot read",))),
    # A page may misreport which of its statements runs (here: its first), never buy time.
    case("feed-steps", page(fence(feeder("json.dumps(['step', 4]).encode()"),
                                  ">>> " + SPIN), fence(">>> 1", "1")),
         E(4, ("did not stop",))),
    case("spin", page(fence(">>> " + SPIN), fence(">>> 1", "1")),
         E(">>> " + SPIN, ("did not stop",))),
    case("long-c-call", page(fence(">>> sum(range(10**12))")),
         E(">>> sum(range(10**12))", ("did not stop",))),
    # -- leaks and own dice -------------------------------------------------------------------
    case("check-leak", page(
        fence(">>> from rules_core.verses import Actor, Scene",
              ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=6)",
              ">>> scene = Scene(tam)"),
        fence(">>> Scene.ad_left = lambda self, actor: 99", ">>> scene.ad_left(tam)", "99",
              kind="rules-check"),
        fence(">>> scene.ad_left(tam) # after the check", "99")),
         E(">>> scene.ad_left(tam) # after the check", ("example did not verify",))),
    case("own-dice-getattr", page(fence(
        ">>> from rules_core import dice",
        '>>> own = getattr(dice, "Scripted" + "Dice")("6 6 6 6 6 6 5 5 5")',
        ">>> own.roll(6, 6)", "(6, 6, 6, 6, 6, 6)")),
         E('>>> own = getattr(dice, "Scripted" + "Dice")("6 6 6 6 6 6 5 5 5")',
           ("rolls dice it made itself",))),
    case("own-dice-spelled", page(fence(
        ">>> from rules_core.dice import ScriptedDice",
        '>>> ScriptedDice("6 5").roll(2, 6)', "(6, 5)")),
         E('>>> ScriptedDice("6 5").roll(2, 6)', ("rolls its own ScriptedDice",))),
    # -- look-alike fences ---------------------------------------------------------------------
    case("fence-space", page(fence(">>> 1 + 1", "3", kind="rules example")),
         E("```rules example", ("unknown example kind 'rules example'",))),
    case("fence-attr-second", page(fence(">>> 1 + 1", "3", kind="{.python .rules-example}")),
         E("```{.python .rules-example}", ("is not the fence's first word",))),
    case("fence-attr-first", page(fence(">>> 1 + 1", "3", kind="{.rules-example}")),
         E(4, ("example did not verify",))),
    case("fence-near-miss", page(fence(">>> 1 + 1", "3", kind="pycon rules")),
         E("```pycon rules", ("holds a >>> session but is no example",))),
    case("fence-typo", page(fence(">>> 1 + 1", "3", kind="rules-exampel")),
         E("```rules-exampel", ("unknown example kind 'rules-exampel'",))),
    case("fence-capitals", page(fence(">>> 1 + 1", "3", kind="Rules-Example")),
         E("```Rules-Example", ("unknown example kind",))),
    case("fence-unclosed", page(fence(">>> 1 + 1", "2")[:-4] + "\n\nMore prose.\n"),
         E("```rules-example", ("never closed",))),
    # -- files -------------------------------------------------------------------------------
    case("bom-setup", "\ufeff---\nexamples_setup: |\n  from rules_core.verses import Actor\n"
         "---\n\n# Page\n\n" + fence(">>> Actor('Tam').name", "'Tam'"), passes=True),
    case("latin-1", ("# Caf\u00e9\n\n" + fence(">>> 1 + 1", "3")).encode("latin-1"),
         E(1, ("not UTF-8", "byte 0xE9 on line 1"))),
    case("crlf", ("# Page\r\n\r\n" + fence(">>> 1 + 1", "2").replace("\n", "\r\n")),
         passes=True),
    case("yaml-invalid", "---\ntitle: [unclosed\nexamples_setup: |\n  x = 1\n---\n\n# Page\n\n"
         + fence(">>> x", "1"), E(3, ("front matter is not valid YAML",)), wrong=False),
    case("yaml-not-a-mapping", "---\n- a\n- b\n---\n\n# Page\n\n" + fence(">>> 1", "1"),
         E(2, ("front matter must be names and values",)), wrong=False),
    case("setup-folded", "---\nexamples_setup: >\n  x = 1\n---\n\n# P\n\n" + fence(">>> x", "1"),
         E(2, ("literal block",)), wrong=False),
    # -- messages ---------------------------------------------------------------------------
    case("generator-then-check", page(
        fence(">>> gen = (n for n in range(3))"),
        fence(">>> 1 + 1", "2", kind="rules-check")),
         E(">>> 1 + 1", ("the rules-check cannot run", "'gen' (generator) cannot be copied"),
           ("checker itself failed", "error in the example's Python")),
         wrong=False),
    case("kill-9", page(fence(">>> import os, signal; os.kill(os.getpid(), signal.SIGKILL)"),
                        fence(">>> 1", "1")),
         E(">>> import os, signal; os.kill(os.getpid(), signal.SIGKILL)",
           ("killed (SIGKILL)",), ("may have run out of memory",)), wrong=False),
    case("zero-width-space", page(fence(">>> 'Tam'", "'Tam\u200b'")),
         E(">>> 'Tam'", ("U+200B ZERO WIDTH SPACE",))),
    case("nfd-claim", page(fence(">>> 'caf\u00e9'", "'cafe\u0301'")),
         E(">>> 'caf\u00e9'", ("print alike", "COMBINING ACUTE ACCENT"))),
    case("blank-in-output", page(fence(">>> print('a')", "a", ">>> x = 1", ">>> print('b\\n\\nc')",
                                       "b", "", "c")),
         E("c", ("a blank line ends a statement's expected output",)), wrong=False),
    case("set-repr", page(fence(">>> {'Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fa', 'Gus', 'Hal'}",
                                "{'Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fa', 'Gus', 'Hal'}")),
         E(">>> {'Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fa', 'Gus', 'Hal'}",
           ("may differ from run to run",))),
    case("empty-claim", page(fence('>>> rolled("9").roll(1, 6)'),
                             fence(">>> 1", "1")),
         E('>>> rolled("9").roll(1, 6)', ("claims no output",), ("end the claim with '...'",))),
    case("bonus-too-few-faces", "---\nexamples_setup: from rules_core.chronicle import "
         "AbilityTest\n---\n\n# P\n\n" + fence(
             '>>> AbilityTest("Edric", "Fighting", 4).with_bonus("Long Blades", 2).against(',
             '...     "Challenging", rolled("6 5 4 3"))'),
         E('>>> AbilityTest("Edric", "Fighting", 4).with_bonus("Long Blades", 2).against(',
           ("used up and 2d6 more are rolled",), ("were already rolled",)), wrong=False),
    case("arabic-indic-face", page(fence('>>> rolled("\u0666 5").roll(2, 6)', "(6, 5)")),
         E('>>> rolled("\u0666 5").roll(2, 6)', ("in the digits 0 to 9",))),
    case("kruhl-sword-1e9", page(fence(
        ">>> from rules_core.kruhl import Character",
        '>>> Character("Soraya", {"Brawn": 2}, equipment={"sword": 10**9}).name', "'Soraya'")),
         E('>>> Character("Soraya", {"Brawn": 2}, equipment={"sword": 10**9}).name',
           ("past the engine's limit of 1,000",))),
    case("storypath-enhanced-1e6", page(fence(
        ">>> from rules_core.storypath import Character",
        '>>> bo = Character("Bo", {"Might": 4}, {"Close Combat": 3})',
        '>>> bo.action("Close Combat", "Might", difficulty=3).enhanced(10**6, "luck").size',
        "7")),
         E('>>> bo.action("Close Combat", "Might", difficulty=3).enhanced(10**6, "luck").size',
           ("past the engine's limit of 1,000",))),
    case("chronicle-against-1e6", page(fence(
        ">>> from rules_core.chronicle import AbilityTest",
        '>>> AbilityTest("Edric", "Fighting", 2).against(10**6, rolled("6 6")).degrees', "0")),
         E('>>> AbilityTest("Edric", "Fighting", 2).against(10**6, rolled("6 6")).degrees',
           ("past the engine's limit of 1,000",))),
    # -- the classics, kept clear --------------------------------------------------------------
    case("wrong-claim", page(fence(">>> 2 + 2", "5")), E(">>> 2 + 2", ("example did not verify",))),
    case("os-exit", page(fence(">>> import os; os._exit(0)"), fence(">>> 1", "1")),
         E(">>> import os; os._exit(0)", ("exit status 0",)), wrong=False),
    case("sys-exit", page(fence(">>> import sys; sys.exit(0)")),
         E(">>> import sys; sys.exit(0)", ("raised SystemExit",)), wrong=False),
    case("memory", page(fence('>>> x = "x" * 10**10')),
         E('>>> x = "x" * 10**10', ("more memory than it may use",)), wrong=False),
    case("syntax-error", page(fence(">>> 1 +")), E(">>> 1 +", ("SyntaxError",)), wrong=False),
    case("name-error", page(fence(">>> nobody")), E(">>> nobody", ("NameError",)), wrong=False),
    case("no-space-after-prompt", page(fence(">>>1", "1")), E(">>>1", ("put a space after '>>>'",)),
         wrong=False),
    case("unknown-option", page(fence(">>> 1", "1", info='colour="red"')),
         E('```rules-example colour="red"', ("unknown option 'colour'",)), wrong=False),
    case("bound-unknown-name", page(fence(">>> x = 2"), "\nIt is [2]{= y}.\n"),
         E("It is [2]{= y}.", ("NameError",)), wrong=False),
    case("bound-wrong", page(fence(">>> x = 2"), "\nIt is [3]{= x}.\n"),
         E("It is [3]{= x}.", ("bound value did not verify",))),
    case("bound-in-code-span", page(fence(">>> x = 2"), "\nIt is `[2]{= x}`.\n"),
         E("It is `[2]{= x}`.", ("code span",)), wrong=False),
)

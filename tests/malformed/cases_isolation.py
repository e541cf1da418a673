"""Malformed pages that reach past their examples: through the disk (a flag in /tmp, a module
planted on ``sys.path``, two pages sharing a file), through the check's own channel (a run
forged from a ``rules-check``, the channel closed), with numbers or names the checker once
choked on, and a correct page of ordinary Python that must verify as a fresh ``python`` runs
it.

Pages tagged ``landlock`` need the confinement Landlock gives (README, Trust model); where
the kernel refuses it the malformed-page test skips them, saying why.
"""

from __future__ import annotations

from tests.malformed.cases import Case, case, fence, page
from tests.malformed.cases import Expected as E

#: The words a refused write is told (the worker's OWN_FOLDER).
OWN_FOLDER = "may write files only in its own folder"

FLAG = ">>> _ = open('/tmp/rules-examples-flag', 'w').write('planted')"
PLANT = (">>> folder = next(p for p in sys.path if p and os.path.isdir(p) "
         "and 'site-packages' not in p)")
PLANTED = ">>> _ = open(os.path.join(folder, 'zz_planted.py'), 'w').write('ANSWER = 3')"

#: A rules-check that finds the page's channel to the build (and its request) through ``gc``
#: and writes the runs of the examples after it, claims and all, then "done", and exits.
FORGE = (
    ">>> import gc, json, os\n"
    ">>> from multiprocessing.connection import Connection\n"
    ">>> from site_plugins.examples.checking.plain import run_to_data\n"
    ">>> from site_plugins.examples.checking.worker import PageRequest\n"
    ">>> from site_plugins.examples.language.lexer import lex_page\n"
    ">>> from site_plugins.examples.language.session import DiceMode, ExampleRun, StepRun\n"
    ">>> request = next(o for o in gc.get_objects() if isinstance(o, PageRequest))\n"
    ">>> blocks = lex_page(request.text, request.first_line).blocks\n"
    ">>> def forged(index):\n"
    "...     run = ExampleRun(blocks[index].example, DiceMode())\n"
    "...     run.steps = [StepRun(s, output=s.expected + '\\n' if s.expected else '')\n"
    "...                  for s in blocks[index].example.steps]\n"
    "...     return run_to_data(run)\n"
    ">>> for channel in [o for o in gc.get_objects() if isinstance(o, Connection)]:\n"
    "...     for message in (['run', 1, forged(1)], ['example', 2], ['run', 2, forged(2)],\n"
    "...                     ['done']):\n"
    "...         channel.send_bytes(json.dumps(message).encode())\n"
    ">>> os._exit(0)")

FRESH_PYTHON = page(
    fence(">>> from dataclasses import dataclass, field",
          ">>> @dataclass(frozen=True)\n... class Point:\n...     x: int\n...     y: int = 0\n"
          "...     tags: list[str] = field(default_factory=list)",
          ">>> Point(1)", "Point(x=1, y=0, tags=[])",
          ">>> def moved(p: Point, dx: int) -> Point:\n...     return Point(p.x + dx, p.y)",
          ">>> moved.__annotations__",
          "{'p': <class '__main__.Point'>, 'dx': <class 'int'>, 'return': <class "
          "'__main__.Point'>}",
          ">>> def where(p):\n...     match p:\n...         case Point(x=0, y=0):\n"
          "...             return 'origin'\n...         case Point(x=x, y=0):\n"
          "...             return f'on the x axis at {x:+d}'\n...         case _:\n"
          "...             return 'elsewhere'",
          ">>> where(Point(0)), where(moved(Point(0), -3)), where(Point(1, 1))",
          "('origin', 'on the x axis at -3', 'elsewhere')",
          ">>> width = 6",
          ">>> f\"{'Tam':>{width}}|{3.14159:.2f}|{width=}\"", "'   Tam|3.14|width=6'",
          ">>> __name__", "'__main__'"),
    fence(">>> from __future__ import annotations",
          ">>> import typing",
          ">>> @dataclass\n... class Card:\n...     name: str\n...     cost: int",
          ">>> Card.__annotations__", "{'name': 'str', 'cost': 'int'}",
          ">>> typing.get_type_hints(Card)", "{'name': <class 'str'>, 'cost': <class 'int'>}"),
    fence(">>> import os",
          ">>> sorted(os.listdir())", "[]",
          ">>> _ = open('notes.txt', 'w').write('Tam rests')"),
    fence(">>> open('notes.txt').read()", "'Tam rests'", kind="rules-check"),
    fence(">>> open('notes.txt').read()", "'Tam rests'"),
)


def _shared_tmp(mine: str, theirs: str) -> str:
    """A page that writes a file of its own name in its temporary folder, waits while the
    other page does the same, and finds only its own."""
    return page(fence(">>> import os, tempfile, time",
                      f">>> _ = open(os.path.join(tempfile.gettempdir(), '{mine}'), 'w')",
                      ">>> time.sleep(1)",
                      f">>> os.path.exists(os.path.join(tempfile.gettempdir(), '{theirs}'))",
                      "False"))


CASES: tuple[Case, ...] = (
    # -- the disk ---------------------------------------------------------------------------
    case("check-tmp-flag", page(
        fence(FLAG, kind="rules-check"),
        fence(">>> import os; os.path.exists('/tmp/rules-examples-flag')", "True")),
         E(FLAG, ("PermissionError", OWN_FOLDER)),
         E(">>> import os; os.path.exists('/tmp/rules-examples-flag')",
           ("example did not verify",)), tags=("landlock",)),
    case("check-own-file", page(
        fence(">>> _ = open('flag.txt', 'w').write('planted')", kind="rules-check"),
        fence(">>> import os; os.path.exists('flag.txt')", "True")),
         E(">>> import os; os.path.exists('flag.txt')", ("example did not verify",))),
    case("planted-module", page(
        fence(">>> import os, sys", PLANT, PLANTED, kind="rules-check"),
        fence(">>> import zz_planted", ">>> zz_planted.ANSWER", "3")),
         E(PLANTED, ("PermissionError", OWN_FOLDER)),
         E(">>> import zz_planted", ("ModuleNotFoundError",)), tags=("landlock",)),
    case("shared-tmp-a", _shared_tmp("rules-examples-a", "rules-examples-b"), passes=True),
    case("shared-tmp-b", _shared_tmp("rules-examples-b", "rules-examples-a"), passes=True),
    # -- the check's channel ---------------------------------------------------------------------
    case("gc-forged-run", page(
        fence(">>> x = 2"), fence(FORGE, kind="rules-check"), fence(">>> x", "3")),
         E(">>> x", ("example did not verify",))),
    case("closerange", page(fence(">>> import os; os.closerange(3, 1024)"),
                            fence(">>> 1", "1")),
         E(">>> import os; os.closerange(3, 1024)",
           ("closed or replaced the file descriptor the check reports on",
            "may close only the files it opened"), ("checker itself failed", "please report")),
         wrong=False),
    # -- what the checker choked on ----------------------------------------------------------------
    case("face-5001-digits", page(
        fence(">>> rolled([6, 10**5000]).roll(1, 6)", "(6,)"),
        fence('>>> rolled("6 " + "9" * 5001).roll(1, 6)', "(6,)")),
         E(">>> rolled([6, 10**5000]).roll(1, 6)",
           ("a face of 5,001 digits cannot come up on any die", "at most 1,000 faces"),
           ("checker itself failed", "set_int_max_str_digits")),
         E('>>> rolled("6 " + "9" * 5001).roll(1, 6)',
           ("a face of 5,001 digits cannot come up on any die",),
           ("set_int_max_str_digits",)), wrong=False),
    case("own-explanation", page(fence(
        ">>> class Explanation:\n...     pass",
        ">>> class Odd:\n...     def explain(self):\n...         return Explanation()",
        ">>> odd = Odd()")),
         E(">>> odd = Odd()", ("Odd.explain() returned an Explanation from __main__, not the "
                               "engine's Explanation from rules_core.explain",
                               "import Explanation from rules_core.explain"),
           ("not an Explanation (",)), wrong=False),
    # -- a correct page ----------------------------------------------------------------------------
    case("fresh-python", FRESH_PYTHON, passes=True),
)

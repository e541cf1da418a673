"""Malformed pages of issue 35, "No way round the checker": bound values that act instead of
reading, pages the two checkers could read differently, and narration markers that Markdown
would publish as something else.

A bound value narrating the first card is followed by a paragraph and a second card, so that
what the value does would reach the second card (and a failure of the value could be blamed
on it).
"""

from __future__ import annotations

from tests.malformed.cases import Case, case, fence, page
from tests.malformed.cases import Expected as E


def narrated(binding: str, later: tuple[str, ...] = (">>> 1 + 1", "3"),
             made: tuple[str, ...] = (">>> import os", ">>> x = 2", ">>> log = []")) -> str:
    """A page whose first card makes ``made``, a paragraph about it that holds ``binding``,
    and a later card (by default one with a false claim: the page must go on to it)."""
    return page(fence(*made), f"\nIt is {binding}.\n", "\nLater.\n", fence(*later))


PATCH = "Tam has [6]{= [setattr(Scene, 'ad_left', lambda s, a: 99), 6][1]} AD."
LATER_WRONG = E(">>> 1 + 1", ("example did not verify",))
#: Writes to every file the process has open: the check's channel, or the fork's own pipe.
WRITES = "[os.write(fd, b'{}') for fd in range(3, 64) if os.path.exists(f'/proc/self/fd/{fd}')]"

CASES: tuple[Case, ...] = (
    # -- a bound value only reads, apart from the examples ------------------------------------
    case("bind-patch", page(
        fence(">>> from rules_core.verses import Actor, Scene",
              ">>> tam = Actor('Tam', attributes={'PRW': 3}, action_dice=6)",
              ">>> scene = Scene(tam)"),
        f"\n{PATCH}\n", "\nLater.\n", fence(">>> scene.ad_left(tam)", "99")),
         E(PATCH, ("malformed bound value", "uses setattr()", "only reads")),
         E(">>> scene.ad_left(tam)", ("example did not verify",))),
    case("bind-mutates", narrated("[2]{= [log.append(99), x][1]}", later=(">>> log", "[99]")),
         E(">>> log", ("example did not verify",))),
    case("bind-fork-import", narrated("[2]{= __import__('os').fork() * 0 + 2}"),
         E("It is [2]{= __import__('os').fork() * 0 + 2}.", ("uses __import__()",)),
         LATER_WRONG),
    case("bind-fork", narrated("[2]{= os.fork() * 0 + x}"),
         E("It is [2]{= os.fork() * 0 + x}.", ("expression started a process", "os.fork()")),
         LATER_WRONG),
    case("bind-exit-import", narrated("[2]{= __import__('os')._exit(0)}"),
         E("It is [2]{= __import__('os')._exit(0)}.", ("uses __import__()",)), LATER_WRONG),
    case("bind-exit", narrated("[2]{= os._exit(0) or x}"),
         E("It is [2]{= os._exit(0) or x}.", ("ended the process evaluating it",
                                              "exit status 0")),
         LATER_WRONG),
    case("bind-long-c-call", narrated("[2]{= sum(range(10**10 + x))}"),
         E("It is [2]{= sum(range(10**10 + x))}.", ("did not stop when its time ran out",
                                                    "a long call into C")),
         LATER_WRONG),
    case("bind-100-mb", narrated("[2]{= 'x' * 10**8 * (x - 1)}"),
         E("It is [2]{= 'x' * 10**8 * (x - 1)}.", ("bound value did not verify",
                                                   "100,000,000 characters in all"),
           ("cannot read", "x" * 301)),
         LATER_WRONG),
    case("bind-10-mb-wrong", narrated("[2]{= str(x) * 10**7}"),
         E("It is [2]{= str(x) * 10**7}.", ("bound value did not verify",
                                            "10,000,000 characters in all"), ("2" * 301,)),
         LATER_WRONG),
    case("bind-10-mb-error", narrated("[2]{= {}[str(x) * 10**7]}"),
         E("It is [2]{= {}[str(x) * 10**7]}.", ("raised KeyError", "characters in all"),
           ("2" * 301,)),
         LATER_WRONG),
    case("bind-writes-its-pipe", narrated(f"[2]{{= {WRITES} and x}}"),
         E(f"It is [2]{{= {WRITES} and x}}.", ("could not be read",)), LATER_WRONG),
    case("bind-constant", narrated("[3]{= 3}"),
         E("It is [3]{= 3}.", ("never changes with the dice",)), LATER_WRONG),
    # -- pages both checkers read alike --------------------------------------------------------
    case("cr-only", "# Page\r\r```rules-example\r>>> 1 + 1\r3\r```\r",
         E(4, ("example did not verify",))),
    case("fence-example-session", page(fence(">>> 1 + 1", "3", kind="example")),
         E("```example", ("holds a >>> session but is no example", "```rules-example"))),
    case("fence-check-session", page(fence(">>> 1 + 1", "3", kind="check")),
         E("```check", ("holds a >>> session but is no example", "```rules-check"))),
    # -- narration markers -------------------------------------------------------------------
    case("narrates-spaced", page(fence(">>> x = 1"), "\nThe guard goes down.\n{ : narrates }\n"),
         E("{ : narrates }", ("cannot read", "{: narrates }")), wrong=False),
    case("narrates-misspelt", page(fence(">>> x = 1"), "\nThe guard goes down.\n{: narate }\n"),
         E("{: narate }", ("cannot read", "{: narrates }")), wrong=False),
    case("narrates-end-of-line", page(fence(">>> x = 1"),
                                      "\nThe guard goes down. {: narrates }\n"),
         E("The guard goes down. {: narrates }", ("shares its line with text",
                                                  "alone on the line")), wrong=False),
)

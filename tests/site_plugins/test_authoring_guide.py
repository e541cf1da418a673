"""The authoring guide's example messages are the checker's real output.

Above each message the guide says how to get it, in an HTML comment:
``<!-- message-of: docs/<page>.md:<line> "<old claim text>" -> "<new claim text>" -->``. This
test makes that change to the page (at the first match at or after that line), checks the
page and compares the failure at that line with the ``text`` block below the comment, as the
build log prints it (``ERROR   -  rules-examples: `` and the message).
"""

from __future__ import annotations

import re

import pytest

from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "authoring.md"
_MESSAGE = re.compile(
    r'<!-- message-of: (?P<path>\S+):(?P<line>\d+) "(?P<old>[^"]+)" -> "(?P<new>[^"]+)" -->\n'
    r"```text\n(?P<shown>.*?)\n```", re.DOTALL)
LOG_PREFIX = "ERROR   -  rules-examples: "


def messages() -> list[re.Match[str]]:
    return list(_MESSAGE.finditer(GUIDE.read_text(encoding="utf-8")))


def test_the_guide_shows_messages_to_check() -> None:
    assert len(messages()) >= 2


@pytest.mark.parametrize("message", messages(), ids=lambda m: f"{m['path']}:{m['line']}")
def test_a_message_in_the_guide_is_what_the_checker_says(message: re.Match[str]) -> None:
    path, line = message["path"], int(message["line"])
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    at = next(i for i in range(line - 1, len(lines)) if message["old"] in lines[i])
    lines[at] = lines[at].replace(message["old"], message["new"], 1)
    failures = verify_page(path, "\n".join(lines)).all_failures
    said = [LOG_PREFIX + str(f) for f in failures if f.line == line]
    assert said == [message["shown"]]

"""A page states its setup once, in its front matter: it runs before the page's first example,
in the build, in pytest and in a reroll, and the first card shows it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from site_plugins.examples.cards.render import card_data, render_card
from site_plugins.examples.cards.reroll import reroll_page
from site_plugins.examples.checking.checker import Checker, CheckLimits
from site_plugins.examples.language.lexer import ExampleSyntaxError, read_setup
from site_plugins.examples.language.verify import verify_page

PAGE = '''---
description: A page with a setup.
examples_setup: |
  from rules_core.verses import (Actor, Scene,
                                 PUNCH)
  tam = Actor("Tam", attributes={"PRW": 3}, skills={"Unarmed Combat": 2}, action_dice=6)
title: Setup
---

# Tam punches

```rules-example title="A punch"
>>> scene = Scene(tam)
>>> punch = scene.act(tam, PUNCH, ad=1, dice=rolled("6 6 5 4 2 1"))
>>> punch.damage
3
```
'''


def test_the_setup_is_read_from_the_front_matter_with_its_line() -> None:
    setup = read_setup(PAGE)
    assert setup is not None and setup.kind == "setup" and setup.line == 4
    assert setup.steps[0].source.split("\n")[0] == "from rules_core.verses import (Actor, Scene,"


@pytest.mark.parametrize(("text", "source"), [
    ("---\nexamples_setup: import os\n---\n", "import os"),
    ("---\nexamples_setup: |-\n    import os\n    import re\n\n---\n", "import os\nimport re"),
    ("# No front matter\n", None),
    ("---\ntitle: x\n---\n", None),
])
def test_a_setup_may_be_one_line_or_a_literal_block(text: str, source: str | None) -> None:
    setup = read_setup(text)
    assert (setup.steps[0].source if setup else None) == source


@pytest.mark.parametrize("text", ["---\nexamples_setup: >\n  import os\n---\n",
                                  "---\nexamples_setup: |\n---\n"])
def test_a_setup_that_is_not_exactly_code_is_malformed(text: str) -> None:
    with pytest.raises(ExampleSyntaxError) as raised:
        read_setup(text)
    assert raised.value.line == 2


def test_the_examples_see_the_setup_in_process_and_in_a_worker() -> None:
    assert verify_page("docs/p.md", PAGE).all_failures == []
    with Checker(jobs=1) as checker:
        result = checker.verify("docs/p.md", PAGE)
    assert result.all_failures == [] and result.setup is not None


def test_a_setup_that_fails_names_its_line() -> None:
    broken = PAGE.replace("  from rules_core.verses", "  from rules_core.versus", 1)
    failures = [str(f) for f in verify_page("docs/p.md", broken).all_failures]
    assert failures[0].startswith("docs/p.md:4: the example's code raised ModuleNotFoundError")


def test_a_setup_that_ends_the_process_fails_at_its_line_and_nothing_is_checked() -> None:
    broken = PAGE.replace("  tam = Actor", "  import os; os._exit(0)\n  tam = Actor", 1)
    with Checker(CheckLimits(time_limit=2), jobs=1) as checker:
        result = checker.verify("docs/p.md", broken)
    assert [(f.line, f.checked) for f in result.all_failures] == [(4, True), (13, False)]
    assert "exit status 0" in result.all_failures[0].summary


def test_the_first_card_shows_the_setup_and_carries_it_for_a_reroll() -> None:
    result = verify_page("docs/p.md", PAGE)
    source = result.setup.example.steps[0].source if result.setup else ""
    html = render_card(result.runs[0], "a-punch", "p", 0, setup=source)
    assert "Setup for this page" in html
    assert "&gt;&gt;&gt; </span>from rules_core.verses import (Actor, Scene," in html
    assert "... </span>                               PUNCH)" in html
    request = {"target": 0, "cards": [{**card_data(result.runs[0], "p", 0, source)}]}
    answer = json.loads(reroll_page(json.dumps(request), seed=3))
    assert "rx-refused" not in answer["cards"][0]["html"]  # Scene, tam and PUNCH were there


def test_the_built_page_shows_the_setup_on_its_first_card_only(tmp_path: Path) -> None:
    from tests.site_plugins.test_build import built_html

    second = '\n```rules-example title="Again"\n>>> punch.damage\n3\n```\n'
    html = built_html(tmp_path, {"p.md": PAGE + second}, plugin_options="reroll: false")
    assert html.count("Setup for this page") == 1
    first_card = html[html.index('id="a-punch"'):html.index('id="again"')]
    assert "Setup for this page" in first_card and "tam = Actor(" in first_card


def test_pytest_runs_the_setup_before_the_page(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "p.md").write_text(PAGE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "docs"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert "4 passed" in done.stdout, done.stdout  # the setup is an item, and 3 statements

"""rules_core (and the example code the browser runs) import without MkDocs or Markdown."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'mkdocs', 'markdown', 'pymdownx', 'jinja2', 'yaml'}:
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
"""


def imports_cleanly(*modules: str) -> subprocess.CompletedProcess[str]:
    code = BLOCK + "".join(f"import {m}\n" for m in modules)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_rules_core_imports_without_mkdocs_or_markdown() -> None:
    done = imports_cleanly("rules_core", "rules_core.verses")
    assert done.returncode == 0, done.stderr


def test_the_example_runner_imports_without_mkdocs_or_markdown() -> None:
    done = imports_cleanly("site_plugins.examples.language.session",
                           "site_plugins.examples.language.verify",
                           "site_plugins.examples.cards.render")
    assert done.returncode == 0, done.stderr

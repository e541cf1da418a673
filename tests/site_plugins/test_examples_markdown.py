"""The examples' Markdown extension outside Zensical (which tests/site_plugins/
test_generators.py builds with): it needs to know the page to say where a failure is, and it
imports no MkDocs."""

from __future__ import annotations

import subprocess
import sys

import markdown
import pytest

from site_plugins.examples.site.examples_markdown import ExamplesFailed, ExamplesMarkdown
from tests.conftest import SAMPLES


def test_examples_without_a_page_stop_the_conversion_saying_what_to_use() -> None:
    md = markdown.Markdown(extensions=[ExamplesMarkdown(), "pymdownx.superfences"])
    with pytest.raises(ExamplesFailed) as failed:
        md.convert((SAMPLES / "good.md").read_text(encoding="utf-8"))
    assert str(failed.value) == (
        "1 example did not verify:\n(unknown page):1: the rules-examples Markdown extension "
        "does not know which page this is: use it under Zensical, or the `rules-examples` "
        "plugin under MkDocs or ProperDocs")


def test_a_page_without_examples_converts_as_it_would_without_the_extension() -> None:
    text = "# Rolling\n\nRoll 2d6 for the skill.\n"
    plain = markdown.Markdown(extensions=["toc"]).convert(text)
    assert markdown.Markdown(extensions=["toc", ExamplesMarkdown()]).convert(text) == \
        plain.replace("2d6", '<span class="rx-dice-notation" data-rx-dice="2d6">2d6</span>')


def test_the_extension_and_the_ship_step_import_no_mkdocs() -> None:
    code = ("import sys, site_plugins.examples.site.examples_markdown, "
            "site_plugins.examples.shipping.__main__; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'material')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"

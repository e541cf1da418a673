"""Glossaries in a MkDocs build: tooltips in a chapter's prose (never in its cards), per
chapter, focusable first uses, and a build that stops on a term the glossary lacks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples.site.glossary import GUIDE

#: No --quiet: it drops warnings before strict mode counts them.
MKDOCS = [sys.executable, "-m", "mkdocs", "build", "--strict"]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
CONFIG = """\
site_name: Glossary sample
theme:
  name: material
  font: false
plugins:
  - rules-examples:
      pyodide_dir: missing/pyodide
markdown_extensions:
  - abbr
  - admonition
  - def_list
  - toc:
      permalink: true
  - pymdownx.superfences
"""
VERSES_GLOSSARY = """\
# Glossary

AD
:   **Action Dice.** The dice an actor spends in a round. They come back.

PRW
:   **Prowess, most likely.** A core attribute.
"""
KRUHL_GLOSSARY = """\
# Glossary

AD
:   **Another Die.** What the same letters mean in another system.
"""
PAGE = """\
# Tam

Tam spends 1 AD on a punch, and AD come back next round.

```rules-example title="AD in a card"
>>> "1 AD"
'1 AD'
```

## Later

Another AD, and his PRW.
"""
ACTION_DICE = "Action Dice. The dice an actor spends in a round."


def write_site(root: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text(CONFIG, encoding="utf-8")
    return config


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of two chapters whose glossaries give AD two meanings, built once."""
    root = tmp_path_factory.mktemp("glossary")
    config = load_config(str(write_site(root, {
        "index.md": "# Home\n\nHTML, and AD, outside every chapter.\n",
        "verses/glossary.md": VERSES_GLOSSARY, "verses/page.md": PAGE,
        "kruhl/glossary.md": KRUHL_GLOSSARY, "kruhl/page.md": "# Kruhl\n\nOne AD.\n"})))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    return root / "site"


def html_of(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


def abbrs(html: str) -> list[str]:
    return re.findall(r"<abbr [^>]*>[^<]*</abbr>", html)


def test_a_term_in_a_chapter_s_prose_gets_its_tooltip(site: Path) -> None:
    assert f'<abbr title="{ACTION_DICE}" tabindex="0">AD</abbr>' in html_of(site, "verses/page")


def test_no_term_inside_a_card_gets_one(site: Path) -> None:
    cards = re.findall(r'<figure class="rx-card".*?</figure>', html_of(site, "verses/page"),
                       re.DOTALL)
    assert len(cards) == 1 and "1 AD" in cards[0] and "<abbr" not in cards[0]


def test_the_first_use_in_each_section_is_focusable_and_only_it(site: Path) -> None:
    found = [("tabindex" in a, a.rsplit(">", 2)[-2].split("<")[0])
             for a in abbrs(html_of(site, "verses/page"))]
    assert found == [(True, "AD"), (False, "AD"), (True, "AD"), (True, "PRW")]


def test_the_same_letters_mean_what_each_chapter_says(site: Path) -> None:
    assert abbrs(html_of(site, "kruhl/page")) == [
        '<abbr title="Another Die. What the same letters mean in another system." '
        'tabindex="0">AD</abbr>']


def test_a_page_outside_the_chapters_gets_no_tooltips(site: Path) -> None:
    assert abbrs(html_of(site, "")) == []


def test_the_glossary_page_shows_its_terms_without_their_own_tooltip(site: Path) -> None:
    html = html_of(site, "verses/glossary")
    assert "<dt>AD</dt>" in html and "<dt>PRW</dt>" in html and abbrs(html) == []


def cli_build(root: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    config = write_site(root, pages)
    return subprocess.run([*MKDOCS, "-f", str(config)], capture_output=True, text=True,
                          env=ENV, cwd=root, timeout=120)


def test_a_term_the_glossary_lacks_fails_the_build_at_its_line(tmp_path: Path) -> None:
    done = cli_build(tmp_path, {"verses/glossary.md": VERSES_GLOSSARY,
                                "verses/page.md": "# Tam\n\nThe GM nods.\n"})
    assert done.returncode == 1
    assert ("rules-examples: docs/verses/page.md:3: GM is not in the chapter's glossary: "
            f"add it to docs/verses/glossary.md; {GUIDE}") in done.stderr


def test_a_malformed_glossary_entry_fails_the_build_at_its_line(tmp_path: Path) -> None:
    glossary = "# Glossary\n\nAD\n:   Action Dice, without its bold.\n"
    done = cli_build(tmp_path, {"verses/glossary.md": glossary})
    assert done.returncode == 1
    assert ("rules-examples: docs/verses/glossary.md:4: the definition of AD must start with "
            "its expansion in bold") in done.stderr


def test_a_site_without_the_glossary_s_extensions_gets_them_from_the_plugin(
        tmp_path: Path) -> None:
    """A rules author's mkdocs.yml need not list ``abbr`` and ``def_list``: a chapter with a
    glossary brings them (its page a definition list, its abbreviations' tooltips), and no
    ``*[AD]: …`` line is left as text."""
    config_file = write_site(tmp_path, {"verses/glossary.md": VERSES_GLOSSARY,
                                        "verses/page.md": PAGE})
    text = config_file.read_text(encoding="utf-8")
    config_file.write_text(text.replace("  - abbr\n", "").replace("  - def_list\n", ""),
                           encoding="utf-8")
    config = load_config(str(config_file))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    page = html_of(tmp_path / "site", "verses/page")
    assert f'<abbr title="{ACTION_DICE}" tabindex="0">AD</abbr>' in page
    assert "*[AD]" not in page
    assert "<dt>AD</dt>" in html_of(tmp_path / "site", "verses/glossary")

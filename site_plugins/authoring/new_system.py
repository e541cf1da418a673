"""A new game system for a site: its own installable project and its chapter, ready to build.

``rules-reference new-system ember``, run in a site's root (the folder of its
``mkdocs.yml``), writes:

* ``systems/ember/``: an installable project (``pyproject.toml`` declaring the system in the
  entry point group ``rules_reference.systems``), its package ``ember`` with a first rule
  (an action roll read against three tiers, on the core's ``TieredRoll``), a ``SYSTEM`` and
  a ``ROLL_FORM``, and its tests;
* ``docs/ember/``: its chapter, a page of verified cards and a glossary.

In a folder without ``mkdocs.yml`` it writes a site too (``mkdocs.yml`` with the plugin, and
``docs/index.md``). It never writes over a file: a name that is taken, or a file that is
already there, is refused before anything is written. The templates are in ``template/``.

No MkDocs here: paths and text.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from string import Template

import site_plugins

TEMPLATES = Path(__file__).parent / "template"
#: A system's name: what its package, its chapter's folder and its reference page are named.
NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
#: Where the system's project goes, inside the site.
SYSTEMS_DIR = "systems"


class NewSystemError(Exception):
    """A system that cannot be written as asked; the message says why and what to do."""


@dataclass(frozen=True)
class NewSystem:
    """What ``new-system`` wrote, and what the author does next."""

    name: str
    title: str
    written: tuple[Path, ...]
    #: The lines of ``mkdocs.yml``'s ``nav`` that show the chapter.
    nav: str
    #: Whether the site's ``mkdocs.yml`` was written too (it had none).
    new_site: bool
    #: What the site's existing ``mkdocs.yml`` still lacks (plugins, extensions), as lines.
    missing: tuple[str, ...] = ()

    @property
    def install(self) -> str:
        """The command that installs the system, so the site finds it."""
        return f"pip install -e {SYSTEMS_DIR}/{self.name}"


def check_name(name: str) -> None:
    """Refuse a name that cannot be a system's package: not lower-case letters, digits and
    underscores, a Python keyword, or a module that already exists (of the standard library
    or installed)."""
    if not NAME.fullmatch(name):
        raise NewSystemError(f"{name!r} cannot name a system: use lower-case letters, digits "
                             "and underscores, starting with a letter (it names the package "
                             "and the chapter's folder), such as 'ember' or 'iron_tide'")
    if keyword.iskeyword(name) or name in sys.stdlib_module_names:
        raise NewSystemError(f"{name!r} is a name Python already uses: choose another")
    if importlib.util.find_spec(name) is not None:
        raise NewSystemError(f"a module named {name!r} is already installed: choose another "
                             "name (or uninstall it)")


def write_system(root: Path, name: str, title: str = "") -> NewSystem:
    """Write the system ``name`` (its chapter titled ``title``, by default from the name)
    into the site at ``root``; refuse, writing nothing, where any file is already there."""
    check_name(name)
    title = title.strip() or name.replace("_", " ").title()
    if any(char in title for char in "\"'\\\n$`"):
        raise NewSystemError(f"the title {title!r} holds a quote, a backslash or a $: "
                             "give one of plain words")
    nav = (f"  - {title}:\n      - {name}/index.md\n      - Glossary: {name}/glossary.md")
    values = {"name": name, "title": title, "dist": f"{name.replace('_', '-')}-rules",
              "tone": f"{name.replace('_', '-')}-partial", "nav": nav,
              "path": f"{SYSTEMS_DIR}/{name}", "version": site_plugins.__version__}
    project = root / SYSTEMS_DIR / name
    files = {
        project / "pyproject.toml": "system/pyproject.toml.tmpl",
        project / name / "__init__.py": "system/package/__init__.py.tmpl",
        project / name / "action.py": "system/package/action.py.tmpl",
        project / name / "roll_form.py": "system/package/roll_form.py.tmpl",
        project / "tests" / f"test_{name}.py": "system/tests/test_NAME.py.tmpl",
        root / "docs" / name / "index.md": "chapter/index.md.tmpl",
        root / "docs" / name / "glossary.md": "chapter/glossary.md.tmpl",
    }
    config = root / "mkdocs.yml"
    new_site = not config.exists()
    if new_site:
        files[config] = "site/mkdocs.yml.tmpl"
        if not (root / "docs" / "index.md").exists():
            files[root / "docs" / "index.md"] = "site/index.md.tmpl"
    taken = [path for path in files if path.exists()]
    if taken:
        raise NewSystemError("these files are already there, and new-system writes over "
                             "nothing: " + ", ".join(str(p.relative_to(root)) for p in taken))
    for path, template in files.items():
        text = Template((TEMPLATES / template).read_text("utf-8")).substitute(values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    missing = () if new_site else missing_config(config.read_text("utf-8"))
    return NewSystem(name, title, tuple(files), nav, new_site, missing)


#: What a site's ``mkdocs.yml`` needs for a chapter, each under its list, with why: the plugin
#: (which adds the Markdown extensions a chapter's glossary uses, ``def_list`` and ``abbr``).
NEEDED = (("plugins", "rules-examples", "the cards, the glossary, the roller"),)


def missing_config(config_text: str) -> tuple[str, ...]:
    """What of :data:`NEEDED` a site's ``mkdocs.yml`` text lacks, as the YAML lines that
    add it, each list's items under its name."""
    words = set(re.findall(r"[\w.-]+", config_text))
    lines: list[str] = []
    for section in dict.fromkeys(section for section, _, _ in NEEDED):
        items = [f"  - {item}" + (f"   # {why}" if why else "")
                 for where, item, why in NEEDED if where == section and item not in words]
        if items:
            lines += [f"{section}:", *items]
    return tuple(lines)


__all__ = ["NEEDED", "NewSystem", "NewSystemError", "check_name", "missing_config",
           "write_system"]

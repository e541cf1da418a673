"""What a game system declares about itself, and how the site finds every system.

A system is any installed package that declares one [`System`][rules_core.system.System]
(by convention named ``SYSTEM`` in its ``__init__``) and names it in its distribution's
entry points, group ``rules_reference.systems``: the entry point's name is the system's name
(its package's last part), its value ``module:SYSTEM``. This project's five systems declare
themselves so in its ``pyproject.toml``, and a rules author's own system in the
``pyproject.toml`` of its own project (``rules-reference new-system NAME`` writes one)::

    [project.entry-points."rules_reference.systems"]
    ember = "ember:SYSTEM"

The site reads the declarations and nothing else: the home page's table of systems, the
engine reference page of each system (its public names, from the package's ``__all__``,
grouped by the modules listed in ``reference``), the stylesheet's tones and the wheels the
browser loads all come from them, so adding a system touches only its package, its chapter,
its tests and the navigation. Nothing lists the systems by hand.
"""

from __future__ import annotations

import importlib.metadata
import re
from dataclasses import dataclass

from rules_core.marks import CORE_TONES, Mark, Tone

_SECTION = re.compile(r"[a-z_][a-z0-9_]*")
#: A package's dotted name: ``rules_core.verses``, ``ember``, ``my_games.ember``.
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
#: A system's name: its package's last part, in lower case (it names its chapter's folder,
#: its reference page and the wheel the browser loads).
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")

ENTRY_POINT_GROUP = "rules_reference.systems"
"""The entry point group a distribution declares its game systems in (name: the system's
name; value: ``module:SYSTEM``)."""


class SystemDeclarationError(ValueError):
    """A system declared in a way the site cannot use; the message names the declaration
    and says what to change."""


@dataclass(frozen=True)
class System:
    """A game system as a reader meets it.

    ``title`` names it in the table of systems (``Storypath (Scion 2e)``), ``short_title``
    in the navigation and on its reference page (``Storypath``); ``source`` names the text
    its rules come from (book and section: ``Scion 2nd Edition, "Action-Adventure"``) and
    ``sections`` the sections of that text, as it prints them, that a chapter page may cite
    in its source line (``*Source: Scion 2nd Edition, "Action-Adventure", "Chases". …*``);
    ``dice`` says in a few words how it rolls;
    ``chapter`` is its chapter's first page (``verses/action-chaining.md``) and
    ``chapter_title`` that page's name in the table of systems. ``reference`` lists the
    system's modules in the order its engine reference page shows them (set up, roll,
    result, consequences), each with the heading it goes under; every name in the package's
    ``__all__`` appears under the module that defines it. ``tones`` and ``marks`` are the
    tones and marks of its own (beyond the core's), so the site can draw them before any
    example is rolled.
    """

    package: str
    title: str
    short_title: str
    source: str
    dice: str
    chapter: str
    chapter_title: str
    reference: tuple[tuple[str, str], ...]
    tones: tuple[Tone, ...] = ()
    marks: tuple[Mark, ...] = ()
    sections: tuple[str, ...] = ()

    @property
    def source_title(self) -> str:
        """The title of the source text: ``source`` before its first quoted section."""
        return self.source.split(', "', 1)[0]

    def __post_init__(self) -> None:
        if not _PACKAGE.fullmatch(self.package):
            raise ValueError(f"a system's package is the dotted name of its package (pass "
                             f"package=__name__ in its __init__), not {self.package!r}")
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"{self.package}: a system's package ends in a lower-case name "
                             "of letters, digits and underscores (it names the chapter's "
                             f"folder), not {self.name!r}")
        if not self.chapter.endswith(".md") or self.chapter.startswith("/"):
            raise ValueError(f"{self.title}: the chapter is a page's path under docs/, such "
                             f"as 'verses/action-chaining.md', not {self.chapter!r}")
        for heading, module in self.reference:
            if not heading or not _SECTION.fullmatch(module):
                raise ValueError(f"{self.title}: a reference section is (heading, module "
                                 f"name), not {(heading, module)!r}")
        if not self.reference:
            raise ValueError(f"{self.title}: list the modules of its engine reference")
        missing = [m.name for m in self.marks if m.tone not in (*CORE_TONES, *self.tones)]
        if missing:
            raise ValueError(f"{self.title}: the marks {', '.join(missing)} are drawn in a "
                             "tone the system does not declare (add it to tones=)")

    @property
    def name(self) -> str:
        """The package's own name: ``verses`` for ``rules_core.verses``, ``ember`` for
        ``ember``."""
        return self.package.rpartition(".")[2]


def systems() -> tuple[System, ...]:
    """Every installed system: each entry point of the group :data:`ENTRY_POINT_GROUP`, by
    name. A declaration that does not load, does not name a ``System``, names one whose
    name differs from the entry point's, or takes a name another distribution's system has
    is a :class:`SystemDeclarationError` saying which and how to fix it."""
    found: dict[str, tuple[System, str]] = {}
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = _declared_by(entry)
        try:
            declared = entry.load()
        except Exception as error:
            raise SystemDeclarationError(
                f"the system {entry.name!r} ({where}) does not load: {entry.value} raised "
                f"{type(error).__name__}: {error}") from error
        if not isinstance(declared, System):
            raise SystemDeclarationError(
                f"the system {entry.name!r} ({where}) names {entry.value}, which is a "
                f"{type(declared).__name__}, not a rules_core.system.System")
        if declared.name != entry.name:
            raise SystemDeclarationError(
                f"the system {entry.name!r} ({where}) declares the package "
                f"{declared.package}, whose name is {declared.name!r}: name the entry point "
                f"{declared.name!r}")
        known = found.get(declared.name)
        if known is not None and known[0] != declared:
            raise SystemDeclarationError(
                f"two systems are named {declared.name!r}: {known[0].package} ({known[1]}) "
                f"and {declared.package} ({where}); rename one package")
        found[declared.name] = (declared, where)
    return tuple(system for _, (system, _) in sorted(found.items()))


def _declared_by(entry: importlib.metadata.EntryPoint) -> str:
    """``declared by <distribution> <version>``, as far as the entry point knows it."""
    dist = getattr(entry, "dist", None)
    if dist is None:
        return f"declared as {entry.value}"
    return f"declared by {dist.metadata['Name']} {dist.version}"


def all_tones(declared: tuple[System, ...]) -> tuple[Tone, ...]:
    """The core's tones, then every system's own; a tone name two systems (or a system and
    the core) define differently is refused, since a tone names a class in the page.

    Examples:
        >>> from rules_core.marks import Tone
        >>> one = System("rules_core.one", "One", "One", "", "", "one/index.md", "One",
        ...              (("Rolls", "rolls"),), tones=(Tone("partial", "#8a5a00"),))
        >>> other = System("rules_core.other", "Other", "Other", "", "", "other/index.md",
        ...                "Other", (("Rolls", "rolls"),), tones=(Tone("partial", "#005a8a"),))
        >>> [tone.name for tone in all_tones((one,))][-1]
        'partial'
        >>> all_tones((one, other))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: the tone 'partial' of Other differs from the one ... rename one of them
    """
    tones: dict[str, tuple[Tone, str]] = {t.name: (t, "the core") for t in CORE_TONES}
    for system in declared:
        for tone in system.tones:
            known = tones.get(tone.name)
            if known is not None and known[0] != tone:
                raise ValueError(f"the tone {tone.name!r} of {system.title} differs from the "
                                 f"one {known[1]} declares: rename one of them")
            tones.setdefault(tone.name, (tone, system.title))
    return tuple(tone for tone, _ in tones.values())

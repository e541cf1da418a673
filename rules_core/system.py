"""What a game system declares about itself, and how the site finds every system.

Each system is a package ``rules_core.<name>`` that declares one
[`System`][rules_core.system.System] named ``SYSTEM`` in its ``__init__``. The site reads
the declarations and nothing else: the home page's table of systems, the engine reference
page of each system (its public names, from the package's ``__all__``, grouped by the
modules listed in ``reference``), and the stylesheet's tones all come from them, so adding a
system touches only its package, its chapter, its tests and one line of the navigation.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass

from rules_core.marks import CORE_TONES, Mark, Tone

_SECTION = re.compile(r"[a-z_][a-z0-9_]*")


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
        if not self.package.startswith("rules_core."):
            raise ValueError(f"a system's package is rules_core.<name>, not {self.package!r}")
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
        """The package's own name: ``verses`` for ``rules_core.verses``."""
        return self.package.rpartition(".")[2]


def systems() -> tuple[System, ...]:
    """Every system of the engine: each package ``rules_core.<name>`` that declares a
    ``SYSTEM``, by package name."""
    import rules_core

    found = []
    for info in sorted(pkgutil.iter_modules(rules_core.__path__), key=lambda i: i.name):
        if info.ispkg:
            declared = getattr(importlib.import_module(f"rules_core.{info.name}"), "SYSTEM",
                               None)
            if isinstance(declared, System):
                found.append(declared)
    return tuple(found)


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

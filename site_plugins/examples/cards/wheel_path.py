"""The engine's wheels on ``sys.path``, as the page (and the build's runs under Node) put them.

Runs in the browser under Pyodide. The page writes each wheel it fetched into Pyodide's file
system and puts it on ``sys.path`` as it is (Python imports the compiled modules from the zip,
with no install step). A game system ships in a wheel of its own that holds
``rules_core/<system>/`` only (:mod:`site_plugins.examples.browser_engine.wheels`), while
``rules_core`` itself comes from the core wheel: :func:`join_systems` puts each system wheel's
``rules_core/`` on ``rules_core``'s own path, so that ``import rules_core.<system>`` finds it.
"""

from __future__ import annotations

import sys

#: A system wheel's file name starts so (``rules_core_kruhl-0.2.0+g…-cp314-none-any.whl``);
#: the build names them (``browser_engine.wheels.SYSTEM_WHEEL_PREFIX``).
SYSTEM_WHEEL_PREFIX = "rules_core_"


def join_systems() -> list[str]:
    """Put the ``rules_core/`` of every system wheel on ``sys.path`` on ``rules_core``'s path
    (once each); return the folders added. Call it again after a wheel is added."""
    import rules_core

    added = []
    for entry in sys.path:
        name = entry.rpartition("/")[2]
        inside = f"{entry}/rules_core"
        if (name.startswith(SYSTEM_WHEEL_PREFIX) and name.endswith(".whl")
                and inside not in rules_core.__path__):
            rules_core.__path__.append(inside)
            added.append(inside)
    return added  # no importlib.invalidate_caches(): the folders are new, nothing is cached


def add_wheels(paths: list[str]) -> None:
    """Put the wheels at ``paths`` (already in the file system) on ``sys.path``, first, and
    join the systems among them to ``rules_core``."""
    for path in reversed(paths):
        if path not in sys.path:
            sys.path.insert(0, path)
    join_systems()

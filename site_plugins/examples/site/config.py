"""Options of the ``rules-examples`` MkDocs plugin."""

from __future__ import annotations

from typing import Final, Literal

from mkdocs.config import config_options as c
from mkdocs.config.base import BaseConfigOption, Config, ValidationError

#: The ``reroll`` option's default: Reroll on where Pyodide's npm package is found.
AUTO: Final = "auto"
RerollSetting = bool | Literal["auto"]


class RerollOption(BaseConfigOption[RerollSetting]):
    """``true``, ``false`` or ``auto``: the values ``reroll`` took before ``auto`` (a
    boolean) keep their meaning."""

    def __init__(self, default: RerollSetting = AUTO) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> RerollSetting:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() == AUTO:
            return AUTO
        raise ValidationError(f"expected true, false or auto, not {value!r}")


class ExamplesConfig(Config):
    """``plugins: - rules-examples: {...}`` in ``mkdocs.yml``."""

    enabled = c.Type(bool, default=True)
    """Verify and draw examples; when off, example fences render as plain code blocks."""

    time_limit = c.Type((int, float), default=10.0)
    """Seconds one example (all its statements) may run at build time before it is stopped
    and fails; one that does not stop is killed from outside 2 s later."""

    memory_limit = c.Type(int, default=512)
    """Megabytes of memory the process checking one page may use."""

    jobs = c.Type(int, default=0)
    """Pages checked at once, each in its own process; 0: one per core."""

    reroll = RerollOption()
    """Ship the in-browser engine (Pyodide and the wheel) and give cards a Reroll button.
    ``auto`` (the default): where Pyodide's npm package is found, else build without Reroll
    and say so in one info line (a clone without ``npm ci``, or without Node). ``true``:
    Pyodide is required, and the build stops with an error without it. ``false``: never."""

    pyodide_dir = c.Type(str, default="")
    """Folder of the npm package ``pyodide``; default: ``node_modules/pyodide`` beside
    ``mkdocs.yml``, then in the current folder."""

    snapshot = c.Type(bool, default=True)
    """Take a Pyodide memory snapshot with the engine imported (needs Node) for a fast start.
    The page restores it once a visit has cached it (a second visit, or offline)."""

    snapshot_first_visit = c.Type(bool, default=False)
    """Restore the snapshot on a reader's first visit too: a faster start on fast links, but
    about 7 MB more to download before the first reroll (measured in README.md)."""

    cache_dir = c.Type(str, default="")
    """Where snapshots are cached between builds; default: ``~/.cache/rules-examples``."""

    load_stall_limit = c.Type((int, float), default=30.0)
    """Seconds the engine's download may go without a byte in the browser before the load
    stops and the card names the file that stopped arriving."""

    reroll_time_limit = c.Type((int, float), default=10.0)
    """Seconds one reroll may run in the browser before the watchdog stops the engine."""
    empty_cards = c.Choice(("info", "warn"), default="info")
    """How the build reports a card that shows a reader nothing but code: an ``info`` line,
    or a ``warn``ing (an error under ``strict``: every card says what it establishes)."""

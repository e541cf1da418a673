"""Options of the ``rules-examples`` MkDocs plugin."""

from __future__ import annotations

from typing import Final, Literal

from mkdocs.config import config_options as c
from mkdocs.config.base import BaseConfigOption, Config, ValidationError

from site_plugins.examples.browser_engine.csp_origins import checked_sources

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


class CspSourcesOption(BaseConfigOption[dict[str, tuple[str, ...]]]):
    """A mapping of directive → sources (a list, or one), each directive one that takes
    sources (``connect-src``, ``img-src``…): an unknown one is refused, naming those there
    are, rather than written into a policy that browsers would ignore."""

    def __init__(self) -> None:
        super().__init__()
        self.default: dict[str, tuple[str, ...]] = {}

    def run_validation(self, value: object) -> dict[str, tuple[str, ...]]:
        try:
            return checked_sources({} if value is None else value)
        except ValueError as error:
            raise ValidationError(str(error)) from None


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
    """Ship the in-browser engine (Pyodide and the wheels) and give cards a Reroll button.
    ``auto`` (the default): with the npm package ``pyodide`` beside ``mkdocs.yml``, or the
    pinned one the build installs with npm into ``cache_dir`` (once for every site); where
    neither can be, the build goes on without Reroll and says so in a warning naming the
    command that fixes it (``strict`` stops on it). ``true``: the same, but an error stops
    the build where Pyodide cannot be had. ``false``: never, and nothing is said."""

    pyodide_dir = c.Type(str, default="")
    """Folder of the npm package ``pyodide``; default: ``node_modules/pyodide`` beside
    ``mkdocs.yml``, then in the current folder, then the one installed in ``cache_dir``."""

    snapshot = c.Type(bool, default=True)
    """Take a Pyodide memory snapshot with the engine imported (needs Node) for a fast start.
    The page restores it once a visit has cached it (a second visit, or offline)."""

    snapshot_first_visit = c.Type(bool, default=False)
    """Restore the snapshot on a reader's first visit too: a faster start on fast links, but
    about 7 MB more to download before the first reroll (measured in README.md)."""

    cache_dir = c.Type(str, default="")
    """Where the build keeps what it made (the Pyodide runtime a site without
    ``node_modules`` gets, the trimmed standard library, snapshots, compressed copies), by
    content, shared by every site and clone of the user; default: the user's cache folder,
    ``$XDG_CACHE_HOME/rules-examples`` (``~/.cache/rules-examples``)."""

    load_stall_limit = c.Type((int, float), default=30.0)
    """Seconds the engine's download may go without a byte in the browser before the load
    stops and the card names the file that stopped arriving."""

    reroll_time_limit = c.Type((int, float), default=10.0)
    """Seconds one reroll may run in the browser before the watchdog stops the engine."""

    service_worker = c.Type(bool, default=True)
    """Ship the service worker ``rules-examples-sw.js`` (at the site's root), which keeps the
    engine for a reader's next visit. The page registers it when a reader first uses the
    engine (a reroll, a roll, dice in the prose, a warm-up on intent), never on a mere page
    view. ``false``: none is shipped or registered (a site with a service worker of its own
    at its root, say); Reroll still works, and a later visit downloads the engine again
    unless the browser's own cache still holds it (and restores no snapshot)."""

    offline_pages = c.Type(bool, default=False)
    """Let the service worker keep every page a reader reads from then on (and the page it
    was registered from, with their stylesheets and scripts), for reading and rerolling
    offline. Off by default: it keeps the engine's files and nothing else of the site."""

    content_security_policy = c.Type(bool, default=False)
    """Work out the Content-Security-Policy a host can send with the built site, log it and
    write it into the site (``assets/rules-examples/content-security-policy.txt`` and
    ``.nginx.conf``): the site's own files, the other origins its pages and stylesheets load
    from, each in its directive, and ``csp_sources``. Off by default: no scan, no file, no
    line."""

    csp_sources = CspSourcesOption()
    """What the policy allows beyond what the built pages show, by directive: a request made
    by script, such as a search provider's (``connect-src: [https://search.example.org]``).
    Keywords keep their quotes (``"'self'"``); an unknown directive is a configuration
    error."""
    empty_cards = c.Choice(("info", "warn"), default="info")
    """How the build reports a card that shows a reader nothing but code: an ``info`` line,
    or a ``warn``ing (an error under ``strict``: every card says what it establishes)."""

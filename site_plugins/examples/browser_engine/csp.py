"""The Content-Security-Policy a host can send with a built site, worked out from the site.

A host that sends ``Content-Security-Policy`` tells the reader's browser which code the pages
may run: with the policy below, a page runs only the site's own script files, the few inline
scripts Material for MkDocs writes (allowed by their SHA-256, so an injected one with other
text is refused), and WebAssembly compiled by those scripts (Pyodide), and it loads from no
other origin than those its pages and stylesheets name and those the author adds
(:mod:`~site_plugins.examples.browser_engine.csp_origins`). The policy depends on the build
(Material's inline scripts embed the page's path back to the site's root, and ``404.html``
the ``site_url`` path), so where the author asks for it (the option
``content_security_policy``) the plugin writes it into the built site after every build
(:func:`write_policy`).

What the site needs was checked in Chromium (``tests/browser/test_csp_browser.py``): a
chapter page, the search and a reroll report no violation under :func:`recommended_policy`,
and a policy without ``'wasm-unsafe-eval'`` stops the engine. Pyodide needs no
``'unsafe-eval'``: its runtime calls ``eval`` only to load shared libraries that carry
``EM_ASM``/``EM_JS`` code (and for ``emscripten_run_script``), and the site's engine loads
pure-Python wheels only.

This module does not import MkDocs: it reads a built site's HTML files.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from site_plugins.examples.browser_engine.csp_origins import (
    LOADING_TAG,
    allow,
    also_fetched,
    css_loads,
    loads,
    origin_of,
)
from site_plugins.examples.serving.kept import Kept

#: ``type`` values (lowercased, stripped) whose inline ``<script>`` a browser executes, and as
#: what. HTML's "prepare the script element" checks CSP for classic scripts, module scripts,
#: import maps and speculation rules; any other type (``application/json``, like Material's
#: ``__config`` block) is a data block, never run and never checked, so it needs no hash.
JAVASCRIPT_TYPES = frozenset({
    "application/ecmascript", "application/javascript", "application/x-ecmascript",
    "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
    "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
    "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
    "text/x-javascript",
})
OTHER_EXECUTED_TYPES = {"module": "module", "importmap": "import map",
                        "speculationrules": "speculation rules"}

#: Where :func:`write_policy` writes the policy (one line) and an nginx line carrying it,
#: relative to the site's root: beside the plugin's other assets, where no page links to them.
POLICY_FILE = "assets/rules-examples/content-security-policy.txt"
NGINX_FILE = "assets/rules-examples/content-security-policy.nginx.conf"


@dataclass(frozen=True)
class InlineScript:
    """One inline ``<script>`` a browser runs: where it is, as what, and its source text."""

    page: str
    kind: str
    source: str

    @property
    def hash_source(self) -> str:
        """The CSP source that allows exactly this script: ``'sha256-<base64>'`` of its text
        as the browser hashes it (UTF-8, after HTML's newline normalization)."""
        text = self.source.replace("\r\n", "\n").replace("\r", "\n")
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


@dataclass
class SiteScan:
    """What a built site's pages hold that a policy must allow or cannot allow by hash."""

    scripts: list[InlineScript] = field(default_factory=list)
    #: Pages with a ``<style>`` element or a ``style`` attribute (``style-src`` must allow
    #: inline styles for them).
    inline_styles: list[str] = field(default_factory=list)
    #: ``<page>: <what>`` for event handler attributes and ``javascript:`` URLs, which only
    #: ``'unsafe-inline'`` (or ``'unsafe-hashes'``) allows: the recommended policy blocks them.
    inline_handlers: list[str] = field(default_factory=list)
    #: Whether the site ships WebAssembly (Pyodide's ``pyodide.asm.wasm``, or its ``.gz``).
    wasm: bool = False
    #: The other origins the site loads from, by the directive that governs each fetch.
    origins: dict[str, set[str]] = field(default_factory=dict)

    @property
    def script_hashes(self) -> list[str]:
        """Every distinct inline script's hash source, sorted (pages share most of them)."""
        return sorted({script.hash_source for script in self.scripts})

    def add(self, other: SiteScan) -> None:
        """Add what ``other`` (one page's scan) found."""
        self.scripts.extend(other.scripts)
        self.inline_styles.extend(other.inline_styles)
        self.inline_handlers.extend(other.inline_handlers)
        self.add_loads(other.origins.items())

    def add_loads(self, found: Iterable[tuple[str, Iterable[str]]]) -> None:
        """Add the other origins of URLs fetched under a directive: (directive, URLs); a
        font given as ``data:`` is kept as such (``font-src`` must allow it)."""
        for directive, urls in found:
            for url in urls:
                origin = "data:" if (directive, url) == ("font-src", "data:") else origin_of(url)
                if origin:
                    self.origins.setdefault(directive, set()).add(origin)


def script_kind(attrs: dict[str, str | None]) -> str | None:
    """As what a browser runs an inline ``<script>`` with these attributes: ``"classic"``,
    ``"module"``, ``"import map"``, ``"speculation rules"``, or None for a data block."""
    kind = attrs.get("type")
    if kind is None:
        language = attrs.get("language")
        kind = "" if not language else f"text/{language}"
    kind = kind.strip().lower()
    if not kind or kind in JAVASCRIPT_TYPES:
        return "classic"
    return OTHER_EXECUTED_TYPES.get(kind)


class _PageScanner(HTMLParser):
    """Collects one page's inline scripts, inline styles and inline handlers."""

    def __init__(self, page: str, scan: SiteScan) -> None:
        super().__init__(convert_charrefs=False)
        self.page, self.scan = page, scan
        self.kind: str | None = None
        self.source: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and "src" not in named:
            self.kind, self.source = script_kind(named), []
        self.scan.add_loads((directive, [url]) for directive, url in loads(tag, named) if url)
        if tag == "style" or "style" in named:
            self._style()
        for name, value in attrs:
            if name.startswith("on"):
                self.scan.inline_handlers.append(f"{self.page}: <{tag} {name}=…>")
            elif value and value.strip().lower().startswith("javascript:"):
                self.scan.inline_handlers.append(f"{self.page}: <{tag} {name}=\"javascript:…\">")

    def handle_data(self, data: str) -> None:
        if self.source is not None:
            self.source.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self.source is not None:
            if self.kind is not None:
                self.scan.scripts.append(InlineScript(self.page, self.kind, "".join(self.source)))
            self.kind, self.source = None, None

    def _style(self) -> None:
        if not self.scan.inline_styles or self.scan.inline_styles[-1] != self.page:
            self.scan.inline_styles.append(self.page)


#: A script element, its text running to the first ``</script`` (HTML's own rule).
_SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.IGNORECASE | re.DOTALL)
#: A start tag that may carry an inline style, an event handler or a ``javascript:`` URL,
#: opens a ``<style>`` element, or may load something from another origin
#: (:data:`~site_plugins.examples.browser_engine.csp_origins.LOADING_TAG`). Only these (and
#: script elements) are parsed: a full parse of every page cost seconds on a large site.
_SUSPECT_TAG = re.compile(
    r"<style\b[^>]*>|<[a-zA-Z][^<>]*?(?:\sstyle\s*=|\son[a-zA-Z]+\s*=|javascript:)[^<>]*>|"
    + LOADING_TAG, re.IGNORECASE)


def scan_page(page: str, html: str, scan: SiteScan) -> None:
    """Add one page's inline scripts, inline styles and inline handlers to ``scan``."""
    scanner = _PageScanner(page, scan)
    for element in _SCRIPT_ELEMENT.finditer(html):
        scanner.feed(element[0])
    rest = _SCRIPT_ELEMENT.sub("", html)
    for tag in _SUSPECT_TAG.finditer(rest):
        scanner.feed(tag[0])
        if tag[0][:6].lower() == "<style":
            scanner.feed("</style>")
    scanner.close()


def scan_site(site: Path, kept: Kept[tuple[str, str], SiteScan] | None = None) -> SiteScan:
    """Read every HTML page and stylesheet of the built ``site``; with ``kept`` (``mkdocs
    serve``: the process's scans, ``(page, SHA-256 of its HTML)`` → what the page holds), a
    page whose HTML was scanned before is not parsed again: a save changes one page."""
    scan = SiteScan()
    for path in sorted(site.rglob("*.html")):
        page, html = path.relative_to(site).as_posix(), path.read_text(encoding="utf-8")
        if kept is None:
            scan_page(page, html, scan)
            continue
        key = (page, hashlib.sha256(html.encode("utf-8")).hexdigest())
        found = kept.find(key)
        if found is None:
            found = SiteScan()
            scan_page(page, html, found)
            kept.keep(key, found)
        scan.add(found)
    for stylesheet in sorted(site.rglob("*.css")):
        fetched = css_loads(stylesheet.read_text(encoding="utf-8", errors="replace"))
        scan.add_loads((directive, [url]) for directive, url in fetched)
    scan.add_loads((directive, origins) for directive, origins in
                   also_fetched(scan.origins).items())
    scan.wasm = any(site.rglob("*.wasm")) or any(site.rglob("*.wasm.gz"))
    return scan


def directives(scan: SiteScan, extra: Mapping[str, Sequence[str]] | None = None
               ) -> dict[str, list[str]]:
    """The recommended policy for a scanned site, directive by directive, with the other
    origins it loads from (``scan.origins``) and the author's ``extra`` sources
    (``csp_sources``) added, each to its directive
    (:func:`~site_plugins.examples.browser_engine.csp_origins.allow`).

    - ``default-src 'self'``: anything not named below (fonts, the web app manifest, media)
      comes from the site's own origin only.
    - ``script-src 'self'``: the site's own script files (Material's bundle, the cards, the
      engine's worker, Pyodide's runtime, which the worker imports); plus one ``'sha256-…'``
      per distinct inline script (Material writes three small ones per page), so no other
      inline script runs; plus ``'wasm-unsafe-eval'`` when the site ships WebAssembly: the
      browser compiles Pyodide's ``pyodide.asm.wasm`` only with it. It allows compiling
      WebAssembly, not ``eval`` or ``new Function`` (which stay blocked: nothing needs them).
    - ``style-src 'self'``: the site's stylesheets. Material sets styles through the DOM
      (``element.style``), which CSP allows; only if a page holds a ``<style>`` element or a
      ``style`` attribute is ``'unsafe-inline'`` added.
    - ``img-src 'self' data:``: Material's stylesheets draw their icons (admonitions, lists,
      the search) as ``data:`` SVG masks, which count as images.
    - ``connect-src 'self'``: ``fetch`` to the site only (the engine's files, the search
      index, pages fetched by instant navigation, the service worker's cache fills).
    - ``worker-src 'self'``: the engine's module worker, Material's search worker and the
      service worker, all from the site (no ``blob:`` workers).
    - ``object-src 'none'``: no plugins (``<object>``, ``<embed>``).
    - ``base-uri 'self'``: an injected ``<base>`` cannot point relative URLs elsewhere.
    - ``form-action 'self'``: a form can only submit to the site (it has none).
    """
    script = ["'self'"] + (["'wasm-unsafe-eval'"] if scan.wasm else []) + scan.script_hashes
    style = ["'self'"] + (["'unsafe-inline'"] if scan.inline_styles else [])
    policy = {
        "default-src": ["'self'"],
        "script-src": script,
        "style-src": style,
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
    for directive, origins in sorted(scan.origins.items()):
        allow(policy, directive, sorted(origins))
    for directive, sources in (extra or {}).items():
        allow(policy, directive, sources)
    return policy


def recommended_policy(site: Path, extra: Mapping[str, Sequence[str]] | None = None) -> str:
    """The ``Content-Security-Policy`` header value recommended for the built ``site``."""
    return format_policy(directives(scan_site(site), extra))


def format_policy(policy: dict[str, list[str]]) -> str:
    """A header value from directives: ``name source …; name source …``."""
    return "; ".join(" ".join([name, *sources]) for name, sources in policy.items())


def nginx_line(policy: str) -> str:
    """The nginx directive that sends ``policy`` with every answer (error pages included)."""
    return f'add_header Content-Security-Policy "{policy}" always;'


def write_policy(site: Path, extra: Mapping[str, Sequence[str]] | None = None,
                 kept: Kept[tuple[str, str], SiteScan] | None = None) -> tuple[str, SiteScan]:
    """Work out the built ``site``'s policy, with the author's ``extra`` sources, and write
    it into the site, as a line a host can use (:data:`POLICY_FILE`) and as an nginx snippet
    (:data:`NGINX_FILE`); ``kept`` as for :func:`scan_site`."""
    scan = scan_site(site, kept)
    policy = format_policy(directives(scan, extra))
    (site / POLICY_FILE).parent.mkdir(parents=True, exist_ok=True)
    (site / POLICY_FILE).write_text(policy + "\n", encoding="utf-8")
    (site / NGINX_FILE).write_text(
        "# The Content-Security-Policy for this build of the site (it changes when the\n"
        "# pages' inline scripts do). nginx does not inherit add_header into a location that\n"
        "# has add_header of its own: repeat this line in every such location.\n"
        + nginx_line(policy) + "\n", encoding="utf-8")
    return policy, scan

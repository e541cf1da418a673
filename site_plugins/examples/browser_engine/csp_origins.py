"""The other origins a built site loads from, for its Content-Security-Policy
(:mod:`~site_plugins.examples.browser_engine.csp`), directive by directive.

A site that is not only ours (a theme's fonts, a badge image, a search provider's script, an
embedded video) loads from other origins, and a policy of ``'self'`` alone would block them.
Two sources say which:

* the built pages and stylesheets: every element that makes the browser fetch something
  (:func:`loads`: ``<script src>``, ``<link rel=stylesheet|preload|modulepreload|icon|manifest>``,
  ``<img src srcset>``, ``<source>``, ``<audio>``, ``<video>``, ``<track>``, ``<iframe>``,
  ``<form action>``, ``<input type=image>``) and every ``url()`` of the site's own CSS files
  (:func:`css_loads`: a font in ``@font-face``, an ``@import``, an image), each origin added to
  the directive that governs that fetch; and what Material for MkDocs fetches by script that a
  page names: its repository widget's API (:data:`REPOSITORY_APIS`) and Google Fonts' font
  files, which only Google's stylesheet names;
* what no scan can see, a request made by script (a search provider's API, analytics), which
  the author lists in the option ``csp_sources`` (:func:`checked_sources`).

No MkDocs here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

#: The fetch directives of CSP Level 3 but ``default-src``.
FETCH_DIRECTIVES = (
    "script-src", "script-src-elem", "script-src-attr", "style-src", "style-src-elem",
    "style-src-attr", "img-src", "font-src", "connect-src", "media-src", "object-src",
    "frame-src", "child-src", "worker-src", "manifest-src",
)
#: The directives whose value is a list of sources, which ``csp_sources`` may add to: the
#: fetch directives, and the document and navigation ones that take sources.
SOURCE_DIRECTIVES = ("default-src", *FETCH_DIRECTIVES, "base-uri", "form-action",
                     "frame-ancestors")
#: Where a fetch directive that a policy leaves out takes its sources from (CSP Level 3): a
#: directive added to a policy starts from those, so that what they allowed stays allowed.
#: The other directives fall back to nothing.
FALLBACKS = {
    **dict.fromkeys(FETCH_DIRECTIVES, "default-src"),
    "script-src-elem": "script-src", "script-src-attr": "script-src",
    "style-src-elem": "style-src", "style-src-attr": "style-src",
    "frame-src": "child-src", "worker-src": "script-src",
}
#: The source keywords, which a policy writes in single quotes.
KEYWORDS = frozenset({"self", "none", "unsafe-inline", "unsafe-eval", "unsafe-hashes",
                      "strict-dynamic", "wasm-unsafe-eval", "report-sample",
                      "inline-speculation-rules"})
#: ``<link rel=preload as=…>`` → the directive governing that fetch.
PRELOADS = {"script": "script-src", "style": "style-src", "font": "font-src",
            "image": "img-src", "fetch": "connect-src", "audio": "media-src",
            "video": "media-src", "track": "media-src", "worker": "worker-src",
            "document": "frame-src"}
#: A repository's host → the API Material's header widget asks for its stars and forks
#: (``repo_url``); any other host (GitLab's, a self-hosted one) answers on its own origin.
REPOSITORY_APIS = {"github.com": "https://api.github.com"}
#: A stylesheet origin → the origin of the fonts it names, which no page names.
STYLESHEET_FONTS = {"https://fonts.googleapis.com": "https://fonts.gstatic.com"}

#: A start tag that may load something from another origin (a URL with ``//`` in it), or
#: Material's repository widget: the only tags :func:`loads` needs parsed.
LOADING_TAG = (r"<(?:link|img|source|audio|video|track|iframe|frame|form|input)\b[^<>]*?//[^<>]*>"
               r"|<a\b[^<>]*\bmd-source\b[^<>]*>")
_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}", re.IGNORECASE)
_IMPORT = re.compile(r"""@import\s+(?:url\(\s*)?["']?([^"'()\s;]+)""", re.IGNORECASE)
_URL = re.compile(r"""url\(\s*["']?([^"'()\s]+)""", re.IGNORECASE)
_NOT_ONE_SOURCE = re.compile(r"""[\s;,"]""")


def checked_sources(given: object) -> dict[str, tuple[str, ...]]:
    """``csp_sources`` as an author wrote it (directive → a list of sources, or one),
    checked; a ``ValueError`` that says what to write instead."""
    if not isinstance(given, Mapping):
        raise ValueError("expected a mapping of directive to sources, such as "
                         "{connect-src: [https://search.example.org]}")
    checked: dict[str, tuple[str, ...]] = {}
    for directive, sources in given.items():
        if directive not in SOURCE_DIRECTIVES:
            raise ValueError(f"unknown directive {directive!r}: one that takes sources is one "
                             f"of {', '.join(SOURCE_DIRECTIVES)}")
        listed = [sources] if isinstance(sources, str) else sources
        if not isinstance(listed, list) or not all(isinstance(s, str) for s in listed):
            raise ValueError(f"{directive}: expected a list of sources, such as "
                             "[https://search.example.org]")
        for source in listed:
            if _NOT_ONE_SOURCE.search(source.strip()) or not source.strip():
                raise ValueError(f"{directive}: {source!r} is not one source (a source holds "
                                 "no space, ';', ',' or '\"'): list each on its own")
            if source.strip() in KEYWORDS:
                raise ValueError(f"{directive}: write the keyword {source.strip()} in single "
                                 f"quotes, \"'{source.strip()}'\", or it names a host")
        checked[str(directive)] = tuple(source.strip() for source in listed)
    return checked


def origin_of(url: str) -> str | None:
    """The origin ``url`` is fetched from, as a policy names it, if it is another site's:
    ``https://example.org:8443``, or ``example.org`` for a URL that starts with ``//`` (its
    scheme is the page's); ``None`` for a URL of the site (relative), ``data:`` and the like."""
    url = url.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    host = parts.netloc.rsplit("@", 1)[-1].lower()
    if not host:
        return None
    if url.startswith("//"):
        return host
    return f"{parts.scheme.lower()}://{host}" if parts.scheme.lower() in ("http", "https") \
        else None


def loads(tag: str, attrs: Mapping[str, str | None]) -> list[tuple[str, str]]:
    """What the element ``tag`` makes the browser fetch: (directive, URL) pairs."""
    def value(name: str) -> str:
        return attrs.get(name) or ""

    images = [("img-src", url) for url in _srcset(value("srcset"))]
    if tag == "script":
        return [("script-src", value("src"))]
    if tag == "link":
        return _link(set(value("rel").lower().split()), value("as").lower(), value("href"))
    if tag in ("img", "source"):
        return [("img-src" if tag == "img" else "media-src", value("src")), *images]
    if tag in ("audio", "video", "track"):
        return [("media-src", value("src")), ("img-src", value("poster"))]
    if tag in ("iframe", "frame"):
        return [("frame-src", value("src"))]
    if tag == "form":
        return [("form-action", value("action"))]
    if tag == "input" and value("type").lower() == "image":
        return [("img-src", value("src"))]
    if tag == "a" and "md-source" in value("class").split():
        host = urlsplit(value("href")).netloc.lower()
        return [("connect-src", REPOSITORY_APIS.get(host, value("href")))]
    return []


def _link(rel: set[str], kind: str, href: str) -> list[tuple[str, str]]:
    if "stylesheet" in rel:
        return [("style-src", href)]
    if "modulepreload" in rel:
        return [("script-src", href)]
    if "preload" in rel:
        return [(PRELOADS.get(kind, "default-src"), href)]
    if rel & {"icon", "apple-touch-icon", "mask-icon"}:
        return [("img-src", href)]
    if "manifest" in rel:
        return [("manifest-src", href)]
    return []


def _srcset(srcset: str) -> list[str]:
    """The URLs of a ``srcset`` (``a.png 1x, b.png 2x``)."""
    return [candidate.split()[0] for candidate in srcset.split(",") if candidate.split()]


def css_loads(text: str) -> list[tuple[str, str]]:
    """What a stylesheet makes the browser fetch: (directive, URL) pairs, and a font of
    ``@font-face`` given as ``data:`` (``font-src`` must then allow ``data:``)."""
    found: list[tuple[str, str]] = []
    for block in _FONT_FACE.findall(text):
        for url in _URL.findall(block):
            found.append(("font-src", "data:" if url.lower().startswith("data:") else url))
    rest = _FONT_FACE.sub("", text)
    imports = _IMPORT.findall(rest)
    found += [("style-src", url) for url in imports]
    found += [("img-src", url) for url in _URL.findall(_IMPORT.sub("", rest))]
    return found


def also_fetched(origins: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """What the scanned ``origins`` fetch in turn that nothing of the site names: the fonts of
    a stylesheet from Google Fonts."""
    return {"font-src": {STYLESHEET_FONTS[origin] for origin in origins.get("style-src", ())
                         if origin in STYLESHEET_FONTS}}


def allow(policy: dict[str, list[str]], directive: str, sources: Sequence[str]) -> None:
    """Add ``sources`` to ``directive`` of ``policy``; a directive the policy lacks starts
    from the one it falls back to (:data:`FALLBACKS`), so what that allowed stays allowed."""
    if not sources:
        return
    if directive not in policy:
        policy[directive] = list(_inherited(policy, directive))
    listed = policy[directive]
    if listed == ["'none'"]:
        listed.clear()
    listed.extend(source for source in dict.fromkeys(sources) if source not in listed)


def _inherited(policy: Mapping[str, list[str]], directive: str) -> list[str]:
    while directive in FALLBACKS:
        directive = FALLBACKS[directive]
        if directive in policy:
            return policy[directive]
    return []

"""What stock static hosts send as ``Content-Type``, and a check that a built site needs
nothing they get wrong.

A browser refuses a module script, a worker or a stylesheet served with the wrong type, and a
site cannot set types on a host it does not run: Debian's nginx knows no ``.mjs`` and sends it
as ``application/octet-stream``, so every Reroll button would silently never appear. The
tables below are the stock configurations (Debian 12's nginx 1.22 ``mime.types``, Debian 12's
Apache httpd 2.4 with ``/etc/mime.types``, and GitHub Pages, which follows ``mime-db``) for
the extensions a page loads as something typed; :func:`wrongly_typed` lists every file of a
built site that one of them would serve with a type the page cannot use.
"""

from __future__ import annotations

from pathlib import Path

#: The type a host sends for an extension it does not know.
UNKNOWN = "application/octet-stream"

#: Extension → type, for the extensions a page loads as something typed.
STOCK_TYPES: dict[str, dict[str, str]] = {
    "nginx 1.22 (Debian)": {
        ".js": "application/javascript", ".css": "text/css", ".html": "text/html",
        ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml",
    },
    "Apache httpd 2.4 (Debian)": {
        ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
        ".html": "text/html", ".wasm": "application/wasm", ".json": "application/json",
        ".svg": "image/svg+xml",
    },
    "GitHub Pages": {
        ".js": "text/javascript", ".mjs": "text/javascript", ".cjs": "application/node",
        ".css": "text/css", ".html": "text/html", ".wasm": "application/wasm",
        ".json": "application/json", ".svg": "image/svg+xml",
    },
}

#: How a page uses a file, by extension, and the types that use accepts.
USES = {".js": "script", ".mjs": "script", ".cjs": "script", ".css": "stylesheet",
        ".wasm": "WebAssembly module", ".html": "page", ".svg": "image"}
ACCEPTED = {
    "script": {"text/javascript", "application/javascript"},
    "stylesheet": {"text/css"},
    "WebAssembly module": {"application/wasm"},
    "page": {"text/html"},
    "image": {"image/svg+xml"},
}


def wrongly_typed(site: Path) -> list[str]:
    """Every file of ``site`` that a stock host would serve with a type its use refuses."""
    problems = []
    for path in sorted(site.rglob("*")):
        use = USES.get(path.suffix)
        if use is None or not path.is_file():
            continue
        for host, types in STOCK_TYPES.items():
            sent = types.get(path.suffix, UNKNOWN)
            if sent not in ACCEPTED[use]:
                problems.append(
                    f"{path.relative_to(site).as_posix()}: {host} serves {path.suffix} as "
                    f"{sent}, which a browser refuses for a {use}; ship it as "
                    f"{_better(use)}")
    return problems


def _better(use: str) -> str:
    return {"script": ".js"}.get(use, f"a file every stock host types as {use}")

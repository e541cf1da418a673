"""The README's recommended nginx ``location`` (``benchmarks/nginx/rules.conf``) made ready to
run on this machine, for the hosting tests and the deploy benchmark alike."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The README's recommended configuration, for a site in /srv/www/rules.
RECOMMENDED = ROOT / "benchmarks" / "nginx" / "rules.conf"
#: Debian's brotli_static module for nginx (libnginx-mod-http-brotli-static, which
#: ``make nginx`` installs), which the recommended configuration uses.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")


def recommended_location(www: Path) -> tuple[str, str]:
    """The line that loads the brotli_static module (``""`` where it is not installed) and the
    recommended ``location`` serving ``www/rules`` under ``/rules/`` (without
    ``brotli_static on;`` where the module is missing: the host then sends the ``.gz``)."""
    server = RECOMMENDED.read_text(encoding="utf-8").replace("/srv/www", str(www))
    if BROTLI_MODULE.is_file():
        return f"load_module {BROTLI_MODULE};\n", server
    return "", server.replace("brotli_static on;", "")

"""The recommended Content-Security-Policy: which inline scripts need a hash, and the policy
the build writes into the site. (The browser test, test_csp_browser.py, serves it.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples.browser_engine.csp import (
    NGINX_FILE,
    POLICY_FILE,
    InlineScript,
    nginx_line,
    recommended_policy,
    scan_site,
    script_kind,
    write_policy,
)
from tests.conftest import make_site


def page(body: str, head: str = "") -> str:
    return f"<!doctype html><html><head>{head}</head><body>{body}</body></html>"


def write(site: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    return site


def test_the_hash_is_the_one_the_csp_specification_gives_for_its_example() -> None:
    # CSP Level 3 and MDN: <script>alert('Hello, world.');</script>
    script = InlineScript("index.html", "classic", "alert('Hello, world.');")
    assert script.hash_source == "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"


def test_the_hash_follows_html_s_newline_normalization() -> None:
    crlf = InlineScript("a.html", "classic", "a();\r\nb();\rc();")
    assert crlf.hash_source == InlineScript("a.html", "classic", "a();\nb();\nc();").hash_source


@pytest.mark.parametrize(("attrs", "kind"), [
    ({}, "classic"),
    ({"type": ""}, "classic"),
    ({"type": " Text/JavaScript "}, "classic"),
    ({"type": "application/ecmascript"}, "classic"),
    ({"language": "javascript"}, "classic"),
    ({"type": "module"}, "module"),
    ({"type": "importmap"}, "import map"),
    ({"type": "speculationrules"}, "speculation rules"),
    ({"type": "application/json"}, None),
    ({"type": "text/x-template"}, None),
    ({"language": "vbscript"}, None),
])
def test_only_scripts_a_browser_runs_need_a_hash(attrs: dict[str, str | None],
                                                 kind: str | None) -> None:
    assert script_kind(attrs) == kind


def test_a_scan_hashes_each_distinct_inline_script_once(tmp_path: Path) -> None:
    site = write(tmp_path, {
        "index.html": page('<script>a()</script><script src="x.js"></script>',
                           head='<script id="__config" type="application/json">{"a": 1}'
                                "</script><script>b(1 < 2 && '</div>')</script>"),
        "deep/page/index.html": page("<script>a()</script><script type=module>c()</script>"),
    })
    scan = scan_site(site)
    assert [(s.page, s.kind, s.source) for s in scan.scripts] == [
        ("deep/page/index.html", "classic", "a()"),
        ("deep/page/index.html", "module", "c()"),
        ("index.html", "classic", "b(1 < 2 && '</div>')"),
        ("index.html", "classic", "a()"),
    ]
    assert len(scan.script_hashes) == 3
    assert not scan.inline_styles and not scan.inline_handlers and not scan.wasm


def test_the_policy_allows_what_the_site_holds_and_no_more(tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page("<script>a()</script>")})
    policy = recommended_policy(site)
    digest = InlineScript("", "classic", "a()").hash_source
    assert policy == (
        f"default-src 'self'; script-src 'self' {digest}; style-src 'self'; "
        "img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; "
        "base-uri 'self'; form-action 'self'")
    assert "unsafe-eval" not in policy and "unsafe-inline" not in policy


def test_webassembly_in_the_site_adds_wasm_unsafe_eval_only(tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page("")})
    (site / "engine").mkdir()
    (site / "engine" / "pyodide.asm.wasm.gz").write_bytes(b"")
    assert scan_site(site).wasm
    policy = recommended_policy(site)
    assert "script-src 'self' 'wasm-unsafe-eval';" in policy
    assert "'unsafe-eval'" not in policy


def test_inline_styles_and_handlers_are_found(tmp_path: Path) -> None:
    site = write(tmp_path, {
        "a.html": page('<p style="color: red">x</p><a href="JavaScript:go()">y</a>'),
        "b.html": page('<button onclick="go()">z</button>', head="<style>p {}</style>"),
    })
    scan = scan_site(site)
    assert scan.inline_styles == ["a.html", "b.html"]
    assert scan.inline_handlers == ['a.html: <a href="javascript:…">', "b.html: <button onclick=…>"]
    assert "style-src 'self' 'unsafe-inline';" in recommended_policy(site)


def test_write_policy_writes_the_line_and_the_nginx_snippet(tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page("<script>a()</script>")})
    policy, _ = write_policy(site)
    assert (site / POLICY_FILE).read_text(encoding="utf-8") == policy + "\n"
    snippet = (site / NGINX_FILE).read_text(encoding="utf-8")
    assert snippet.endswith(nginx_line(policy) + "\n")
    assert nginx_line(policy) == f'add_header Content-Security-Policy "{policy}" always;'
    assert '"' not in policy  # nothing in it ends nginx's quoted string


def test_a_material_build_writes_a_policy_with_material_s_inline_scripts(tmp_path: Path) -> None:
    config = load_config(str(make_site(tmp_path, {"index.md": "# Home\n",
                                                  "deep/page.md": "# Deep\n"},
                                       theme="material", plugin_options="reroll: false")))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    site = tmp_path / "site"
    policy = (site / POLICY_FILE).read_text(encoding="utf-8").strip()
    html = (site / "deep" / "page" / "index.html").read_text(encoding="utf-8")
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == 3  # Material's scope, palette and tab-restoring scripts
    for source in inline:
        assert InlineScript("", "classic", source).hash_source in policy
    config_block = re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                             html, re.S)
    assert config_block
    assert InlineScript("", "classic", config_block[1]).hash_source not in policy
    assert "wasm-unsafe-eval" not in policy  # no engine: no WebAssembly

"""The recommended Content-Security-Policy: which inline scripts need a hash, which other
origins the site loads from, what the author adds, and the policy the build writes into the
site where the author asks for it. (The browser test, test_csp_browser.py, serves it.)"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from site_plugins.examples.browser_engine.csp import (
    NGINX_FILE,
    POLICY_FILE,
    InlineScript,
    directives,
    nginx_line,
    recommended_policy,
    scan_site,
    script_kind,
    write_policy,
)
from site_plugins.examples.browser_engine.csp_origins import checked_sources
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
                                       theme="material", plugin_options=POLICY_ON)))
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


POLICY_ON = "reroll: false\n      content_security_policy: true"


def material_build(tmp_path: Path, pages: dict[str, str], plugin_options: str) -> Path:
    config = load_config(str(make_site(tmp_path, pages, theme="material",
                                       plugin_options=plugin_options)))
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    return tmp_path / "site"


def test_without_the_option_a_build_writes_no_policy_and_says_none(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    site = material_build(tmp_path, {"index.md": "# Home\n"}, "reroll: false")
    assert not (site / POLICY_FILE).exists() and not (site / NGINX_FILE).exists()
    assert not [r for r in caplog.records if "Content-Security-Policy" in r.getMessage()]


def test_a_page_with_another_site_s_badge_and_script_gets_their_origins_in_the_policy(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    page = ("# Home\n\n![build](https://img.shields.io/badge/build-passing-green.svg)\n\n"
            '<script src="https://cdn.example.net/widget.js"></script>\n')
    caplog.set_level(logging.INFO)
    site = material_build(tmp_path, {"index.md": page}, POLICY_ON + "\n      csp_sources:"
                          "\n        connect-src: [https://search.example.org]")
    policy = (site / POLICY_FILE).read_text(encoding="utf-8").strip()
    found = dict(re.findall(r"([a-z-]+) ([^;]*)", policy))
    assert found["img-src"] == "'self' data: https://img.shields.io"
    assert found["script-src"].startswith("'self' 'sha256-")
    assert found["script-src"].endswith(" https://cdn.example.net")
    assert found["connect-src"] == "'self' https://search.example.org"
    assert found["default-src"] == "'self'"
    # Material's default fonts: Google's stylesheet, and the font files it names.
    assert found["style-src"].endswith(" https://fonts.googleapis.com")
    assert found["font-src"] == "'self' https://fonts.gstatic.com"
    said = [r.getMessage() for r in caplog.records if "Content-Security-Policy" in r.getMessage()]
    assert said == [f"rules-examples: Content-Security-Policy for hosts (in {POLICY_FILE}): "
                    f"{policy}"]


def test_each_element_s_origin_goes_to_the_directive_that_governs_its_fetch(
        tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page(
        '<img src="./local.png" srcset="https://a.example/1.png 1x, //b.example/2.png 2x">'
        '<iframe src="https://video.example/embed/1"></iframe>'
        '<video src="https://media.example/v.mp4" poster="https://posters.example/p.jpg">'
        '<source src="https://media2.example/v.webm"></video>'
        '<form action="https://forms.example:8443/send"></form>'
        '<a href="https://elsewhere.example/">a link loads nothing</a>',
        head='<link rel="stylesheet" href="https://css.example/s.css">'
             '<link rel="preload" as="font" href="https://fonts.example/f.woff2">'
             '<link rel="icon" href="https://icons.example/i.png">'
             '<link rel="manifest" href="https://apps.example/m.json">'
             '<link rel="canonical" href="https://canonical.example/">'
             '<script src="HTTPS://Scripts.Example/x.js"></script>')})
    assert scan_site(site).origins == {
        "img-src": {"https://a.example", "b.example", "https://posters.example",
                    "https://icons.example"},
        "frame-src": {"https://video.example"},
        "media-src": {"https://media.example", "https://media2.example"},
        "form-action": {"https://forms.example:8443"},
        "style-src": {"https://css.example"},
        "font-src": {"https://fonts.example"},
        "manifest-src": {"https://apps.example"},
        "script-src": {"https://scripts.example"},
    }


def test_a_directive_the_policy_lacks_starts_from_the_one_it_falls_back_to(
        tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page(
        '<iframe src="https://video.example/1"></iframe>', head="<script>a()</script>")})
    policy = directives(scan_site(site), {"script-src-elem": ["https://cdn.example"],
                                          "object-src": ["https://plugins.example"]})
    digest = InlineScript("", "classic", "a()").hash_source
    assert policy["frame-src"] == ["'self'", "https://video.example"]
    assert policy["script-src-elem"] == ["'self'", digest, "https://cdn.example"]
    assert policy["object-src"] == ["https://plugins.example"]  # no longer 'none'


def test_the_site_s_stylesheets_add_their_fonts_imports_and_images(tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page(""), "css/site.css": (
        '@import url("https://fonts.googleapis.com/css?family=Roboto");\n'
        "@font-face { font-family: A; src: url(https://fonts.example/a.woff2) format('woff2'); }\n"
        "@font-face { font-family: B; src: url(data:font/woff2;base64,AAAA); }\n"
        ".hero { background: url('https://images.example/hero.jpg'), url(local.png); }\n")})
    assert scan_site(site).origins == {
        "style-src": {"https://fonts.googleapis.com"},
        "font-src": {"https://fonts.example", "data:", "https://fonts.gstatic.com"},
        "img-src": {"https://images.example"},
    }


def test_material_s_repository_widget_may_ask_github_s_api(tmp_path: Path) -> None:
    site = write(tmp_path, {"index.html": page(
        '<a href="https://github.com/owner/repo" title="Go to repository" class="md-source" '
        'data-md-component="source">repo</a>')})
    assert scan_site(site).origins == {"connect-src": {"https://api.github.com"}}


def test_csp_sources_are_checked_directive_by_directive() -> None:
    assert checked_sources({"connect-src": ["https://a.example", " https://b.example "],
                            "img-src": "https://c.example"}) == {
        "connect-src": ("https://a.example", "https://b.example"),
        "img-src": ("https://c.example",)}


@pytest.mark.parametrize(("given", "words"), [
    ({"scirpt-src": ["https://a.example"]},
     "unknown directive 'scirpt-src': one that takes sources is one of default-src, "
     "script-src, "),
    ({"connect-src": ["https://a.example https://b.example"]},
     "connect-src: 'https://a.example https://b.example' is not one source"),
    ({"connect-src": [3]}, "connect-src: expected a list of sources"),
    ({"connect-src": ["self"]}, "connect-src: write the keyword self in single quotes, "
                                "\"'self'\", or it names a host"),
    (["connect-src"], "expected a mapping of directive to sources"),
])
def test_csp_sources_an_author_mistyped_are_refused_saying_what_to_write(
        given: object, words: str) -> None:
    with pytest.raises(ValueError) as raised:
        checked_sources(given)
    assert str(raised.value).startswith(words), str(raised.value)


def test_an_unknown_directive_in_csp_sources_stops_the_build(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"index.md": "# Home\n"}, plugin_options=POLICY_ON +
                       "\n      csp_sources: {scirpt-src: [https://cdn.example]}")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(config)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 1
    assert ("option 'csp_sources': unknown directive 'scirpt-src': one that takes sources "
            "is one of default-src") in done.stderr, done.stderr

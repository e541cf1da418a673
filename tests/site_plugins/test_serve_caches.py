"""What ``mkdocs serve`` keeps from one build to the next besides pages and search entries:
compiled templates, cards drawn, pages scanned for the Content-Security-Policy. Each gives
what doing the work again would, and does the work again when its input changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest

from site_plugins.examples.browser_engine import csp
from site_plugins.examples.cards.render import render_card
from site_plugins.examples.language.verify import verify_page
from site_plugins.examples.serving import template_cache
from site_plugins.examples.serving.kept import Kept
from site_plugins.examples.serving.serve_state import SERVE
from site_plugins.examples.site import page_cards
from site_plugins.examples.site.page_cards import draw_card
from site_plugins.examples.site.plugin import ExamplesPlugin

PAGE = ('```rules-example title="Rounds"\n>>> from rules_core.kruhl import TurnOrder\n'
        '>>> TurnOrder(["Ana", "Bo"]).play_round()\nRound 1: Ana, Bo\n```\n')


def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates Jinja compiles from now on."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def spy(self: jinja2.Environment, source: Any, name: str | None = None,
            filename: str | None = None, raw: bool = False, defer_init: bool = False) -> Any:
        names.append(str(name))
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", spy)
    return names


def test_templates_are_compiled_once_per_process_and_again_when_edited(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "base.html").write_text("<p>{{ page }}</p>", encoding="utf-8")
    (tmp_path / "main.html").write_text('{% include "base.html" %}!', encoding="utf-8")
    kept = template_cache.KeptTemplates()
    names = compiled(monkeypatch)

    def render() -> str:  # every build of MkDocs makes a new environment
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=kept)
        return env.get_template("main.html").render(page="Combat")

    assert render() == "<p>Combat</p>!"
    assert sorted(names) == ["base.html", "main.html"] and len(kept) == 2
    names.clear()
    assert render() == "<p>Combat</p>!"
    assert names == []
    (tmp_path / "base.html").write_text("<h1>{{ page }}</h1>", encoding="utf-8")
    assert render() == "<h1>Combat</h1>!"
    assert names == ["base.html"]


def test_the_template_cache_holds_at_most_its_limit() -> None:
    kept = template_cache.KeptTemplates(limit=2)
    env = jinja2.Environment(loader=jinja2.DictLoader({"a": "a", "b": "b", "c": "c"}),
                             bytecode_cache=kept)
    for name in "abc":
        env.get_template(name)
    assert len(kept) == 2


@pytest.mark.parametrize("command", ["serve", "build"])
def test_only_serve_gives_the_theme_the_kept_templates(command: str) -> None:
    plugin = ExamplesPlugin()
    plugin.load_config({})
    plugin.command = command
    env = jinja2.Environment()
    plugin.on_env(env, config=None, files=None)  # type: ignore[arg-type]
    assert env.bytecode_cache is (SERVE.templates if command == "serve" else None)


def a_run() -> Any:
    result = verify_page("docs/turns.md", PAGE)
    assert not result.all_failures, [str(f) for f in result.all_failures]
    return result.runs[0]


def test_a_card_is_drawn_once_for_the_same_run(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def spy(run: Any, card_id: str, **options: Any) -> str:
        drawn.append(card_id)
        return render_card(run, card_id, **options)

    monkeypatch.setattr(page_cards, "render_card", spy)
    run = a_run()
    options: dict[str, Any] = {"session_id": "turns", "index": 0, "failures": (), "setup": "",
                               "links": (("TurnOrder", "../reference/#rules_core.turns"),)}
    first = draw_card(run, "rounds", **options)
    assert first == render_card(run, "rounds", session_id="turns", index=0,
                                links=dict(options["links"]))
    assert draw_card(run, "rounds", **options) == first
    assert drawn == ["rounds"]
    # Another id, other failures, or another run (the page checked again): drawn again.
    draw_card(run, "rounds-2", **options)
    failed = draw_card(run, "rounds", **{**options, "failures": ("docs/turns.md:3: no",)})
    assert "does not verify" in failed
    draw_card(a_run(), "rounds", **options)
    assert drawn == ["rounds", "rounds-2", "rounds", "rounds"]


def write_pages(site: Path, pages: dict[str, str]) -> None:
    for name, body in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_a_kept_scan_gives_the_policy_a_full_scan_gives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_pages(tmp_path, {"index.html": "<script>a()</script>",
                           "rules/index.html": '<p style="color: red" onclick="b()">x</p>',
                           "more/index.html": "<script>c()</script>"})
    kept: Kept[tuple[str, str], csp.SiteScan] = Kept(1000)
    parsed: list[str] = []
    real = csp.scan_page

    def spy(page: str, html: str, scan: csp.SiteScan) -> None:
        parsed.append(page)
        real(page, html, scan)

    monkeypatch.setattr(csp, "scan_page", spy)
    assert csp.scan_site(tmp_path, kept) == csp.scan_site(tmp_path)
    parsed.clear()
    write_pages(tmp_path, {"more/index.html": "<script>d()</script>"})
    again = csp.scan_site(tmp_path, kept)
    assert parsed == ["more/index.html"]
    assert again == csp.scan_site(tmp_path)
    assert "'sha256-" in csp.format_policy(csp.directives(again))
    assert again.inline_handlers == ["rules/index.html: <p onclick=…>"]

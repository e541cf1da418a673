"""Example runs → HTML cards that read as rules first and work with JavaScript off.

A card leads with its reader view (``render_reader``: characters, results, refusals, the
values an author gave words) and keeps the engine code behind its own "Show the code"
toggle (``render_code``: the statements and their raw output, names linked to the engine
reference). Pure Python with no MkDocs imports: the build draws the documented roll with
it, and the browser draws rerolls with the same functions under Pyodide. Every value from
a page or a result is escaped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from site_plugins.examples.cards.card_terms import mark_terms
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.render_code import render_code
from site_plugins.examples.cards.render_reader import render_reader
from site_plugins.examples.cards.render_views import render_die, render_explanation
from site_plugins.examples.language.bound_values import TITLE
from site_plugins.examples.language.session import ExampleRun

__all__ = ["bound_span", "card_data", "page_card_data",
           "render_card", "render_code", "render_die", "render_explanation", "render_reader",
           "title_html"]

def render_card(run: ExampleRun, card_id: str, session_id: str, index: int,
                failures: Iterable[str] = (), setup: str = "",
                links: Mapping[str, str] | None = None,
                terms: Mapping[str, str] | None = None) -> str:
    """A whole card: caption with a permalink, the reader view, the code behind its toggle,
    failure notes, and the data a reroll needs.

    ``setup`` is the page's setup (its front matter's ``examples_setup``), shown at the top
    of the page's first card's code, so a reader sees where the examples' names come from.
    ``links`` maps names the page imports from the engine to their reference entries.
    ``terms`` maps the chapter's abbreviations to their tooltips: each use in the reader
    view gets its tooltip (:func:`~site_plugins.examples.cards.card_terms.mark_terms`), and
    the page's first card carries them in its data, so that a reroll's answer marks the new
    view the same way (:mod:`~site_plugins.examples.cards.reroll`).

    The example's steps and documented faces travel in the ``data-rx-example`` attribute
    (escaped JSON), not in a ``<script>`` element, which Material's instant navigation
    would try to run. The code view, the badge and the permalink are left out of the search
    index (``data-search-exclude``): a rule's page should rank for its words, not its code,
    and a search result's snippet should not start with "# ✓ verified".
    """
    example = run.example
    title = example.title or ("Check" if example.kind == "check" else "Worked example")
    failed = list(failures)
    state = "failed" if failed else "verified"
    badge = ('<span class="rx-badge rx-badge-failed" data-search-exclude>✗ does not verify</span>'
             if failed else
             '<span class="rx-badge" data-search-exclude title="Checked against the rules engine '
             'when the site was built">✓ verified</span>')
    alert = "".join(f'<pre class="rx-failure-note" role="alert">{_e(text)}</pre>'
                    for text in failed)
    used = card_links(run, setup, links or {})
    carried = terms if index == 0 else None
    data = _e(json.dumps(card_data(run, session_id, index, setup, used, carried),
                         ensure_ascii=True))
    kind = "rx-check" if example.kind == "check" else "rx-card"
    rerollable = "true" if run.rerollable else "false"
    permalink = (f'<a class="rx-permalink" href="#{_e(card_id)}" data-search-exclude '
                 'title="Link to this example" '
                 f'aria-label="Link to the example “{_e(title)}”">#</a>')
    opened = " open" if failed else ""
    contract = example.contract
    # A card whose contract keeps every face rolls nothing of its own: the page says why it
    # has no Reroll (shown by cards.js, so a page read without JavaScript does not say it).
    kept = (f'<p class="rx-contract rx-kept" hidden>Keeps {_e(contract.keeping)} as '
            "documented: this example has no Reroll of its own.</p>"
            if contract is not None and run.rolls_dice and contract.fixes_all(run.rolls)
            and example.kind == "example" else "")
    return (
        f'<figure class="{kind}" id="{_e(card_id)}" data-rx-session="{_e(session_id)}" '
        f'data-rx-index="{index}" data-rx-state="{state}" data-rx-example="{data}" '
        f'data-rx-rerollable="{rerollable}">'
        f'<figcaption class="rx-caption"><span class="rx-title">'
        f'{title_html(run, title, session_id, index)}</span>'
        f"{permalink} {badge}</figcaption>"
        f"{alert}"
        f'<div class="rx-body">{mark_terms(render_reader(run), terms or {})}</div>'
        f'<div class="rx-controls">{kept}</div>'
        f'<details class="rx-code-view" data-search-exclude{opened}><summary>'
        '<span class="rx-show">Show the code</span><span class="rx-hide">Hide the code</span>'
        f'</summary><div class="rx-code-body">{render_code(run, setup, used)}</div></details>'
        '<p class="rx-status" role="status" aria-live="polite"></p>'
        "</figure>"
    )


def title_html(run: ExampleRun, title: str, session_id: str, index: int) -> str:
    """A card's title, escaped, each bound value in it a span a Reroll rewrites."""
    bound = [(k, b) for k, b in enumerate(run.example.bindings) if b.place == TITLE]
    if not bound or title != run.example.title:
        return _e(title)
    parts, position = [], 0
    for k, binding in bound:
        parts.append(_e(title[position:binding.start]))
        parts.append(bound_span(session_id, index, k, _e(binding.written)))
        position = binding.end
    parts.append(_e(title[position:]))
    return "".join(parts)


def bound_span(session_id: str, index: int, k: int, html_text: str) -> str:
    """The span that holds bound value ``k`` of example ``index``: its documented text, which
    a Reroll replaces with what the new dice made."""
    return (f'<span class="rx-bound" data-rx-session="{_e(session_id)}" data-rx-card="{index}" '
            f'data-rx-bound="{k}">{html_text}</span>')


def page_card_data(runs: Sequence[ExampleRun], session_id: str, setup: str = "",
                   links: Mapping[str, str] | None = None) -> list[dict[str, object]]:
    """Every card of a page as the page sends them to a reroll; the first carries the setup."""
    return [card_data(run, session_id, index, setup if index == 0 else "",
                      card_links(run, setup if index == 0 else "", links or {}))
            for index, run in enumerate(runs)]


def card_links(run: ExampleRun, setup: str, links: Mapping[str, str]) -> dict[str, str]:
    """The page's reference links for the names this card's code (and setup) uses."""
    if not links:
        return {}
    code = "\n".join([setup, *(step.step.source for step in run.steps)])
    return {name: url for name, url in links.items() if name in code}


def card_data(run: ExampleRun, session_id: str, index: int, setup: str = "",
              links: Mapping[str, str] | None = None,
              terms: Mapping[str, str] | None = None) -> dict[str, object]:
    """What a reroll needs to run the card's example again and draw it (sent back by the
    page); the first card also carries the page's setup and its chapter's terms."""
    example = run.example
    extra: dict[str, object] = {"setup": setup} if setup else {}
    if links:
        extra["links"] = dict(links)
    if terms:
        extra["terms"] = dict(terms)
    if example.bindings:
        extra["bindings"] = [{"line": b.line, "written": b.written, "expression": b.expression,
                              "place": b.place} for b in example.bindings]
    if example.contract is not None:
        extra["contract"] = example.contract.with_faces(run.rolls).as_data()
    if example.kind == "check":  # what it documents, to tell whether new dice change it
        extra["outputs"] = [step.output for step in run.steps]
    return {
        "session": session_id,
        "index": index,
        "kind": example.kind,
        "line": example.line,
        "title": example.title,
        "steps": [{"line": s.line, "source": s.source, "expected": s.expected}
                  for s in example.steps],
        "rolls": [list(r) for r in run.rolls],
        **extra,
    }

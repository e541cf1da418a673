"""Each chapter's "Roll your own" page: a form drawn from its system's roll, rolled by the engine.

A system declares the roll its readers can make as ``ROLL_FORM`` (a
:class:`rules_core.roll_form.RollForm`) in its package. The build draws the form from its
fields, with one roll of its default values already made (so the page reads without
JavaScript), on a page of the chapter; in the browser the engine rolls what the reader set
(:func:`roll_answer`) and draws the result with the same renderer as the cards, odds
included. A link carries the values and the faces, and opening it replays exactly them.

Pure Python with no MkDocs imports: the browser answers ``roll`` requests with it.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable
from typing import Any

from rules_core.dice import RandomDice, ScriptedDice
from rules_core.errors import RulesCoreError
from rules_core.roll_form import ChoiceField, NumberField, RollForm
from rules_core.system import System, systems
from site_plugins.examples.cards.escape import escape_html as _e
from site_plugins.examples.cards.render_views import render_explanation

#: The page each chapter's roller is on, inside the chapter's folder.
PAGE_NAME = "roll-your-own.md"
#: The seed of the roll a page shows before a reader rolls (the build's, so every build of
#: the same engine draws the same page).
PAGE_SEED = 1
#: Most faces a roller link may replay.
MAX_FACES = 2000

#: A system's package, as a roll request names it (``rules_core.kruhl``, ``ember``).
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}(\.[A-Za-z_][A-Za-z0-9_]{0,39}){0,3}")


class RollRequestError(ValueError):
    """The page sent a roll request this module cannot read (a bug in the page script)."""


def forms_of(declared: Iterable[System]) -> dict[str, RollForm]:
    """The ``ROLL_FORM`` of each of ``declared`` that has one, by package."""
    forms: dict[str, RollForm] = {}
    for system in declared:
        form = getattr(importlib.import_module(system.package), "ROLL_FORM", None)
        if isinstance(form, RollForm):
            forms[system.package] = form
    return forms


def systems_with_forms() -> dict[str, RollForm]:
    """Every installed system (``rules_core.system.systems``) that declares a
    ``ROLL_FORM``, by package (``rules_core.kruhl``, ``ember``)."""
    return forms_of(systems())


def form_of(package: str) -> RollForm:
    """The ``ROLL_FORM`` of the system whose package is ``package``; a name that is no
    package, or a package that declares no system, is refused (nothing is imported for a
    name that is not a package's)."""
    if not _PACKAGE.fullmatch(package):
        raise RollRequestError(f"{package[:40]!r} is not a game system of the engine")
    try:  # no scan of the file system: a page restored from a snapshot has none to scan
        module = importlib.import_module(package)
    except ImportError:
        raise RollRequestError(f"{package!r} is not a game system of the engine") from None
    declared = getattr(module, "SYSTEM", None)
    if not hasattr(module, "__path__") or not isinstance(declared, System) \
            or declared.package != package:
        raise RollRequestError(f"{package!r} is not a game system of the engine")
    form = getattr(module, "ROLL_FORM", None)
    if not isinstance(form, RollForm):
        raise RollRequestError(f"{package} declares no ROLL_FORM")
    return form


def roll_answer(request_json: str, seed: int | None = None) -> str:
    """Answer a roll request: ``{"system", "values", "dice"?}`` (``system``: the system's
    package, ``rules_core.kruhl``) → the result drawn, the
    values read and the faces rolled, or ``{"error"}`` saying which value is wrong.

    Without ``dice`` the roll uses fresh dice (``seed`` for tests); with them it replays
    exactly those faces (a link), which must be all the roll takes."""
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise RollRequestError("expected a JSON object")
    form = form_of(str(request.get("system", "")))
    values = request.get("values", {})
    if not isinstance(values, dict):
        raise RollRequestError("values must be an object")
    faces = request.get("dice")
    try:
        return json.dumps(_rolled(form, values, faces, seed))
    except RulesCoreError as error:
        return json.dumps({"error": str(error)})


def _rolled(form: RollForm, raw: dict[str, Any], faces: Any, seed: int | None) -> dict[str, Any]:
    values = form.read(raw)
    if faces is None:
        dice: RandomDice | ScriptedDice = RandomDice(seed=seed)
    else:
        if not isinstance(faces, list) or len(faces) > MAX_FACES:
            raise RollRequestError(f"dice must be a list of at most {MAX_FACES} faces")
        dice = ScriptedDice([int(face) for face in faces])
    view = form.roll(values, dice).explain()
    if isinstance(dice, ScriptedDice):
        dice.check_used_up()
        drawn = list(dice.used)
    else:
        drawn = list(dice.rolled)
    words = " ".join(line for line in view.lines[:2] if line)
    return {"html": render_explanation(view), "values": {k: str(v) for k, v in values.items()},
            "dice": drawn, "announcement": f"{view.title}: {words}" if words else view.title}


def render_form(package: str, form: RollForm) -> str:
    """The roller of the system whose package is ``package``: the form's fields, a Roll
    button the page script reveals, and a first roll of the default values, already made,
    with its odds. Its ``data-rx-system`` is the package a roll request names."""
    name = package.rpartition(".")[2]
    fields = "".join(_field(name, field) for field in form.fields)
    first = form.make({}, RandomDice(seed=PAGE_SEED))
    return (
        f'<form class="rx-roller" data-rx-system="{_e(package)}" id="roller-{_e(name)}" '
        f'aria-label="{_e(form.title)}" novalidate data-search-exclude>'
        f'<fieldset class="rx-fields"><legend>{_e(form.title)}</legend>{fields}</fieldset>'
        '<div class="rx-roller-controls" hidden>'
        '<button type="submit" class="md-button md-button--primary rx-roller-roll">Roll</button>'
        '<button type="button" class="md-button rx-roller-link" hidden>Link to this roll</button>'
        "</div>"
        '<p class="rx-roller-nojs">The roller runs the rules engine in your browser, which '
        "needs JavaScript.</p>"
        '<p class="rx-status" role="status" aria-live="polite"></p>'
        '<p class="rx-roller-first">A roll of the values above, made when this site was '
        "built: press Roll for your own.</p>"
        f'<div class="rx-roller-result">{render_explanation(first)}</div>'
        "</form>"
    )


def roller_page(package: str, form: RollForm, chapter_title: str) -> str:
    """The Markdown of a chapter's "Roll your own" page."""
    intro = form.intro or f"Make a roll of {chapter_title} with the engine of this site."
    return (f'---\ndescription: "{chapter_title}: make your own roll, with exact odds."\n'
            "search:\n  boost: 0.5\n---\n\n"
            f"# Roll your own\n\n{intro} The result is worked out by the same rules engine "
            "that checks every example of this chapter, with its exact odds; **Link to this "
            "roll** gives an address that shows the same dice to whoever opens it.\n\n"
            f"{render_form(package, form)}\n")


def _field(name: str, field: NumberField | ChoiceField) -> str:
    ident = f"rx-{name}-{field.name}"
    hint = (f'<small class="rx-field-help" id="{ident}-help">{_e(field.help)}</small>'
            if field.help else "")
    described = f' aria-describedby="{ident}-help"' if field.help else ""
    if isinstance(field, NumberField):
        control = (f'<input type="number" id="{ident}" name="{_e(field.name)}" '
                   f'value="{field.default}" min="{field.minimum}" max="{field.maximum}" '
                   f'step="1" inputmode="numeric" required{described}>')
    else:
        options = "".join(
            f'<option value="{_e(value)}"{" selected" if value == field.default else ""}>'
            f"{_e(label)}</option>" for value, label in field.choices)
        control = f'<select id="{ident}" name="{_e(field.name)}"{described}>{options}</select>'
    return (f'<div class="rx-field"><label for="{ident}">{_e(field.label)}</label>'
            f"{control}{hint}</div>")

"""The stylesheet rules of every tone the systems declare (``rules_core.marks.Tone``).

A card names a die's tone (``rx-tone-<name>``) and a verdict's (``rx-<name>``); how each
tone is drawn comes from the tone's own data: its colours in the light and the dark scheme,
its outline, dashes, fading or strike, and the glyph a verdict starts with. The plugin
appends these rules to the cards' stylesheet, so a system with a tone of its own needs no
CSS. Pure Python: it takes tones, not MkDocs objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.marks import Tone

#: The opacity of a faded or struck die.
FADED_OPACITY = "0.6"


def tone_rules(tones: Iterable[Tone]) -> str:
    """The CSS of ``tones``: their colours in both schemes (and on paper, in the light
    one), then how a die and a verdict in each are drawn.

    Examples:
        >>> from rules_core.marks import Tone
        >>> print(tone_rules([Tone("partial", "#8a5a00", "#f0b75a", outlined=True,
        ...                        glyph="◐")]))  # doctest: +NORMALIZE_WHITESPACE
        :root { --rx-tone-partial: #8a5a00; }
        [data-md-color-scheme="slate"] { --rx-tone-partial: #f0b75a; }
        @media print { [data-md-color-scheme="slate"] { --rx-tone-partial: #8a5a00; } }
        .rx-die.rx-tone-partial .rx-face rect { stroke: var(--rx-tone-partial); stroke-width: 3; }
        .rx-die.rx-tone-partial .rx-marks { color: var(--rx-tone-partial); }
        .rx-verdict.rx-partial { color: var(--rx-tone-partial); }
        .rx-verdict.rx-partial::before { content: "◐ "; }
    """
    tones = tuple(tones)
    coloured = [t for t in tones if t.colour]
    light = " ".join(f"{_var(t)}: {t.colour};" for t in coloured)
    dark = " ".join(f"{_var(t)}: {t.dark or t.colour};" for t in coloured)
    rules = [f":root {{ {light} }}", f'[data-md-color-scheme="slate"] {{ {dark} }}',
             f'@media print {{ [data-md-color-scheme="slate"] {{ {light} }} }}'] if coloured \
        else []
    for tone in tones:
        rules.extend(_die_rules(tone))
        rules.extend(_verdict_rules(tone))
    return "\n".join(rules) + "\n"


def _var(tone: Tone) -> str:
    return f"--rx-tone-{tone.name}"


def _die_rules(tone: Tone) -> list[str]:
    die = f".rx-die.rx-tone-{tone.name}"
    colour = f"var({_var(tone)})"
    dashes = f" stroke-dasharray: {tone.dashes};" if tone.dashes else ""
    rules = []
    if tone.outlined:
        rules.append(f"{die} .rx-face rect {{ stroke: {colour}; stroke-width: 3;{dashes} }}")
    elif dashes:
        rules.append(f"{die} .rx-face rect {{{dashes} }}")
    if tone.faded or tone.struck:
        rules.append(f"{die} .rx-face {{ opacity: {FADED_OPACITY}; }}")
    if tone.struck:
        line = colour if tone.colour else "currentColor"
        rules.append(f'{die}::after {{ content: ""; position: absolute; left: 0.1em; '
                     f"right: 0.1em; top: 1em; border-top: 2px solid {line}; "
                     "transform: rotate(-35deg); }")
    if tone.colour:
        rules.append(f"{die} .rx-marks {{ color: {colour}; }}")
    return rules


def _verdict_rules(tone: Tone) -> list[str]:
    verdict = f".rx-verdict.rx-{tone.name}"
    rules = []
    if tone.colour:
        dashed = " border-style: dashed;" if tone.dashes else ""
        rules.append(f"{verdict} {{ color: var({_var(tone)});{dashed} }}")
    if tone.glyph:
        glyph = tone.glyph.replace("\\", "\\\\").replace('"', '\\"')
        rules.append(f'{verdict}::before {{ content: "{glyph} "; }}')
    return rules

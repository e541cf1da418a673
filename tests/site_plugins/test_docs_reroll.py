"""Every docs example survives Reroll: fresh dice never make its code crash, nor a bound value
of its prose fail to be written.

A refused move ("Refused: …Error") is a fine outcome of new dice; a Python error (an index
into an empty result, a name bound only on success) would show a broken card to a reader, and
a bound value the new dice cannot write (an expression that raises when the roll fails) would
leave its sentence about the documented roll. A bound value that needs what a refused move
never made keeps its documented text, marked so, as a statement not played does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.cards.reroll import parse_cards, rerun
from site_plugins.examples.language.session import DiceMode
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md"))
SEEDS = range(8)


@pytest.mark.parametrize("page", PAGES)
def test_every_example_rerolls_without_a_code_error(page: str) -> None:
    result = verify_page(page, (ROOT / page).read_text(encoding="utf-8"))
    if not result.blocks:
        return
    cards = parse_cards(page_card_data(result.runs, "s", result.setup_source))
    broken = []
    for card, run in zip(cards, result.runs, strict=True):
        if not run.rerollable:
            continue
        for seed in SEEDS:
            for _, rerun_ in rerun(cards, card.index, DiceMode.random(seed)):
                broken.extend(
                    f"{page}:{step.step.line} (Reroll of line {card.example.line}, seed {seed}): "
                    f"{step.code_error}"
                    for step in rerun_.steps if step.code_error
                )
                broken.extend(
                    f"{page}:{bound.binding.line} (Reroll of line {card.example.line}, seed "
                    f"{seed}): {bound.binding.source}: {bound.error}"
                    for bound in rerun_.bound if bound.error and not bound.unmade
                )
    assert not broken, "\n".join(sorted(set(broken))[:20])


def test_the_docs_have_pages_to_check() -> None:
    assert "docs/kruhl/rolling-dice.md" in PAGES and Path(ROOT / PAGES[0]).is_file()

"""Reroll on the Act of Hubris chapter in a real browser: a contested attack keeps both rolls,
the cancelling, the wounds and the odds in step with fresh dice (Debian's Chromium, the built
site on 127.0.0.1, Pyodide inside)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Guard
from tests.browser.test_reroll_browser import card, faces, reroll, text

pytestmark = pytest.mark.browser

MACHETE = "a-machete-against-defense"
#: Mara's pool (Strength 3 + Weaponry 3 + the machete's Edge 2) and Rook's Defense (Wits 2 +
#: Dexterity 2), with his armor's guaranteed success.
ATTACK_DICE, DEFENSE_DICE, ARMOR = 8, 4, 1
TRIES = 4


def test_a_rerolled_attack_cancels_successes_and_wounds_by_the_net(page: Page,
                                                                  guard: Guard) -> None:
    page.goto("/hubris/attacking/")
    attack = card(page, MACHETE)
    assert faces(attack) == [9, 8, 8, 6, 4, 2, 1, 1]
    for _ in range(TRIES):
        reroll(page, MACHETE)
        rolls = attack.locator(".rx-body .rx-roll")
        mara = faces(attack)
        rook = [int(d.get_attribute("data-face") or 0)
                for d in rolls.nth(1).locator(".rx-die").all()]
        assert len(mara) == ATTACK_DICE + mara.count(10)  # each 10 added a die
        assert len(rook) == DEFENSE_DICE + rook.count(10)
        hits = sum(face >= 8 for face in mara)
        stops = max(sum(face >= 8 for face in rook), ARMOR)
        net = max(hits - stops, 0)
        assert rolls.nth(0).locator('.rx-die[data-marks~="success"]').count() == hits
        body = text(attack)
        assert f": {net} net." in body if net else re.search(
            r": no net successes\.|has no successes to cancel\.", body)
        assert re.search(rf"\b[Nn]et successes:? {net}\b", body)
        if net > 5:  # the individual cap: at most 5 wounds from one attack
            assert "One attack inflicts at most 5 wounds (the individual cap): 5 lethal" in body
        elif net:
            assert f"Rook takes {net} lethal wound" in body
        else:
            assert "The attack does nothing to Rook." in body
        expect(attack.locator(".rx-odds")).to_contain_text(
            "Mara's chance of more successes than Rook (Rook's successes cancel Mara's), a hit")
        expect(attack).to_have_attribute("data-rx-shown", "rerolled")

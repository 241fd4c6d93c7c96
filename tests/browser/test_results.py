"""Every deal ends with its result on the screen: after each deal of every game the dialog between
deals shows what happened (for the Preferanzen games and Preferans the contract, each player's tricks
and payment), and it fits the phone (390x844) and the desktop (1366x900). Photos go to artifacts/."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from games import packs
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act, open_table

pytestmark = pytest.mark.browser

DIALOG = "dialog[open]"
# How many deal ends each game is played through (a Preisjass game is long).
DEALS = {"preferanzen": 2, "preference_vienna": 2, "preferans": 2, "schnapsen": 2, "preisjass": 1}
PREF = {"preferanzen", "preference_vienna", "preferans"}
# The score sheet's heading in each game's own word.
SHEET_TITLE = {
    "preferanzen": "Wertung der Partie",
    "preference_vienna": "Wertung der Partie",
    "preferans": "Wertung des Pools (Pulja)",
    "schnapsen": "Wertung des Bummerls",
    "preisjass": "Wertung des Durchgangs",
}

RESULT_JS = """() => {
  const dlg = document.querySelector('dialog[open]');
  const r = dlg.getBoundingClientRect();
  const res = dlg.querySelector('[data-role=deal-result]');
  const cells = f => res ? [...res.querySelectorAll(`[data-field=${f}]`)].map(c => c.textContent.trim()) : [];
  return {
    box: [r.left, r.top, r.right, r.bottom], scrollWidth: document.documentElement.scrollWidth,
    title: dlg.querySelector('h2').textContent, text: dlg.textContent,
    deal: res ? res.dataset.deal : null, contract: cells('contract'), tricks: cells('tricks'),
    payment: cells('payment'), total: cells('total'), points: cells('points'),
    cut: (dlg.querySelector('[data-role=next-cut]') || {}).textContent || '',
    handShown: getComputedStyle(document.querySelector('[data-role=hand]')).visibility,
    next: (b => [b.left, b.top, b.right, b.bottom])(
      dlg.querySelector('[data-action=next-game]').getBoundingClientRect()),
  };
}"""


def _check_result(page: Any, game: str, number: int) -> None:
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(120)
        seen = page.evaluate(RESULT_JS)
        label = f"{game} deal end {number} at {size['width']}x{size['height']}"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"result-{game}-{number}-{size['width']}.png"))
        assert seen["scrollWidth"] <= size["width"], f"{label}: the page scrolls sideways"
        for name in ("box", "next"):
            x, y, r, b = seen[name]
            inside = x >= -1 and y >= -1 and r <= size["width"] + 1 and b <= size["height"] + 1
            assert inside, f"{label}: the {name} {seen[name]} is outside the screen"
        if game in PREF:
            assert seen["title"] == f"Spiel {seen['deal']} ist vorbei", label
            assert len(seen["contract"]) == 1 and seen["contract"][0], label
            # Each of the three players: tricks, payment (a signed number or the sheet's entries), total.
            assert len(seen["tricks"]) == len(seen["payment"]) == len(seen["total"]) == 3, seen
            assert all(p for p in seen["payment"]), seen
        elif game == "preisjass":
            assert seen["title"] == "Spiel 1 ist zu Ende", seen["title"]
            # Points of the game and the standings, then the cut that decides the next game.
            assert len(seen["points"]) == len(seen["total"]) == 4, seen
            assert "Stand nach 1 von 12 Spielen" in seen["text"], seen["text"]
            cut = r"Spiel 2: \S.* hebt \d+ Karten ab; Bodentrumpf ist .+, also ist .+ Trumpf\."
            assert re.fullmatch(cut, seen["cut"]), seen
        else:
            assert "ist zu Ende" in seen["title"], seen["title"]
        assert seen["handShown"] == "hidden", f"{label}: the next deal's hand shows under the result"
    page.set_viewport_size(PHONE)


def _play_until_results(page: Any, game: str) -> list[str]:
    """Plays against the AI, checking each dialog between deals; returns the deal numbers shown."""
    shown: list[str] = []
    started = time.monotonic()
    while len(shown) < DEALS[game]:
        assert time.monotonic() - started < 240, f"{game}: only {len(shown)} deal results in 240 s"
        step = page.wait_for_function(STEP_JS, timeout=60000).json_value()
        kind = step["kind"]
        assert kind != "final", f"{game}: the match ended after {len(shown)} deals"
        if kind == "next":
            _check_result(page, game, len(shown) + 1)
            shown.append(page.evaluate(RESULT_JS)["deal"] or str(len(shown) + 1))
            page.locator(f"{DIALOG} [data-action=next-game]").click()
            page.locator(DIALOG).wait_for(state="detached")
            continue
        act(page, step)
    return shown


@pytest.mark.parametrize("game", packs.names())
def test_a_result_dialog_after_every_deal(new_page: Any, game: str) -> None:
    page, watch = new_page("de", viewport=PHONE)
    open_table(page, game)
    shown = _play_until_results(page, game)
    assert page.locator("[data-role=sheet-box] summary").inner_text() == SHEET_TITLE[game]
    if game in PREF:
        assert shown == ["1", "2"]  # the first two deals, in order, none skipped
    assert watch.problems == []

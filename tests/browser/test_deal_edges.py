"""The table at the edges of a deal, in every game: on the desktop (and the phone) the fanned hand
never covers the score sheet's label below it; after a reload mid-deal the note on who took the last
trick is shown again; and the last deal of a match has its result on the end screen, as every other
deal has it in the dialog between deals."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act, open_table

pytestmark = pytest.mark.browser

GAMES = ["preisjass", "schnapsen", "preferanzen", "preference_vienna", "preferans"]

# The boxes of the hand's cards (as drawn: turned and dipped) and of the score sheet's label.
HAND_AND_LABEL_JS = """() => {
  window.scrollTo(0, 0);
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    cards: [...document.querySelectorAll('.hand button.card')].map(box),
    label: box(document.querySelector('[data-role=sheet-box] summary')),
  };
}"""

NOTE = ".felt .last-trick [data-role=trick-note]"

OPEN_JS = """async ([game, n, options]) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}];
  for (let i = 1; i < n; i += 1) seats.push({kind: 'ai', name: ''});
  return api.post('/api/matches/', {game, seats, name: 'Lena Letzte', options});
}"""


def _apart(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _check_hand_clears_the_label(page: Any, game: str) -> None:
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        boxes = page.evaluate(HAND_AND_LABEL_JS)
        assert boxes["cards"], f"{game}: no hand"
        for card in boxes["cards"]:
            label = boxes["label"]
            assert _apart(card, label), f"{game} {size}: card {card} covers the label {label}"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"deal-edges-hand-{game}-{size['width']}.png"))


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_clears_the_sheet_label_and_the_trick_note_survives_a_reload(
    new_page: Any, game: str
) -> None:
    page, watch = new_page("de", viewport=DESKTOP)
    open_table(page, game)
    page.wait_for_function(STEP_JS, timeout=30000)
    _check_hand_clears_the_label(page, game)
    page.set_viewport_size(DESKTOP)
    # Play until a finished trick is noted, on my turn in the middle of a deal.
    for _ in range(80):
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        assert step["kind"] != "final", f"{game}: the match ended before a trick was noted"
        if step["kind"] == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        if step["phase"] == "play" and page.locator(NOTE).count():
            break
        act(page, step)
    else:
        pytest.fail(f"{game}: no trick note in 80 steps")
    note = page.locator(NOTE).inner_text()
    trick = page.evaluate("() => JSON.stringify(window.kartentisch.app.shown.view.last_trick)")
    page.reload()
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function(STEP_JS, timeout=30000)
    assert page.evaluate("() => JSON.stringify(window.kartentisch.app.shown.view.last_trick)") == trick
    page.locator(NOTE).wait_for(timeout=5000)
    assert page.locator(NOTE).inner_text() == note
    page.screenshot(path=str(ARTIFACTS / f"deal-edges-note-after-reload-{game}-{DESKTOP['width']}.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    assert page.locator(NOTE).is_visible()
    page.screenshot(path=str(ARTIFACTS / f"deal-edges-note-after-reload-{game}-{PHONE['width']}.png"))
    assert watch.problems == []


@pytest.mark.parametrize(
    ("game", "players", "options"), [("schnapsen", 2, {"start_score": 1}), ("preferanzen", 3, {"deals": 1})]
)
def test_the_end_screen_shows_the_result_of_the_last_deal(
    new_page: Any, game: str, players: int, options: dict[str, int]
) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.goto("/")
    created = page.evaluate(OPEN_JS, [game, players, options])
    page.goto(f"/matches/{created['id']}/")
    for _ in range(200):
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        if step["kind"] == "final":
            break
        if step["kind"] == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        act(page, step)
    else:
        pytest.fail(f"{game}: the match did not end in 200 steps")
    final = page.locator("[data-role=final]")
    last = final.locator("[data-role=last-row]")
    last.wait_for()
    view = page.request.get(f"/api/matches/{created['id']}/view/").json()["view"]
    rows = view["deals"] if game == "schnapsen" else view["score_sheet"]
    # The heading of the dialog between deals, for the last deal of the match.
    heading = last.locator("h3").inner_text()
    if game == "schnapsen":
        assert heading == f"Spiel {len(rows)} ist zu Ende", heading
        row = rows[-1]
        winner = last.locator("[data-winner]")
        assert winner.get_attribute("data-winner") == str(row["winner"])
        assert re.match(r"^\S.* gewinnt \d Spielpunkte? – ", last.locator(".deal-winner").inner_text())
    else:
        assert heading == "Spiel 1 ist vorbei", heading
        assert last.locator("table tbody tr").count() == players  # every player's line of the deal
    # The ranking of the match comes first; the dialog between deals is closed.
    assert page.locator("dialog[open]").count() == 0
    order = page.evaluate(
        "() => [...document.querySelectorAll('[data-role=final] > *')].map(e => e.dataset.role || e.tagName)"
    )
    assert order.index("last-row") > 0, order
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        last.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"deal-edges-last-deal-{game}-{size['width']}.png"))
    assert watch.problems == []

"""The edges of a match: a waiting table offers its link to copy; at the end the save line says
"saving…" while the save is pending, then "saved" with the rank reached, or why a seat the stand-in
played is not ranked; and the menu has no "Quit"."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, MOVED_JS, PHONE, STEP_JS

pytestmark = pytest.mark.browser

OPEN_JS = """async ([game, seats, options]) => {
  const api = await import('/static/frontend/js/api.js');
  return api.post('/api/matches/', {game, seats, name: 'Erna Ende', options});
}"""

# Every text the save line shows, in order (it changes while the status is polled).
SAVE_RECORDER_JS = """() => {
  window.__save = [];
  const tick = () => {
    const box = document.querySelector('[data-role=save-status]');
    const text = box ? `${box.dataset.state}: ${box.textContent.trim()}` : '';
    if (text && window.__save[window.__save.length - 1] !== text) window.__save.push(text);
    requestAnimationFrame(tick);
  };
  tick();
}"""


def test_a_waiting_table_shows_its_link_to_copy(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    seats = [{"kind": "human", "name": ""}, {"kind": "human", "name": ""}]
    created = page.evaluate(OPEN_JS, ["schnapsen", seats, {}])
    page.goto(f"/matches/{created['id']}/")
    share = page.locator("[data-role=share-link]")
    share.wait_for()
    url = share.locator("[data-role=share-url]").input_value()
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/matches/{created['id']}/", url), url
    box = share.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    share.locator("[data-action=copy-link]").click()
    page.locator("[data-role=share-done]", has_text="Link kopiert").wait_for()
    assert page.evaluate("() => navigator.clipboard.readText()") == url
    assert watch.problems == []


def test_the_save_line_says_saving_then_saved_with_the_rank(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.goto("/")
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "name": ""}]
    created = page.evaluate(OPEN_JS, ["schnapsen", seats, {"start_score": 1}])
    # The first status answer is held back as "pending", as when the save has not run yet.
    held: list[str] = []

    def status(route: Any) -> None:
        if not held:
            held.append(route.request.url)
            body = {"match_id": created["id"], "saved": False, "state": "pending", "can_retry": True}
            route.fulfill(status=200, content_type="application/json", body=json.dumps(body))
        else:
            route.continue_()

    page.route(re.compile(r".*/api/leaderboard/matches/\d+/status/$"), status)
    page.goto(f"/matches/{created['id']}/")
    page.evaluate(SAVE_RECORDER_JS)
    while True:
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        if step["kind"] == "final":
            break
        if step["kind"] == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        page.locator(".hand[data-ready=true] button.card.legal").first.click()
        page.wait_for_function(MOVED_JS, arg=step["seq"], timeout=30000)
    line = page.locator("[data-role=save-status]:is([data-state=saved], [data-state=unranked])")
    line.wait_for(timeout=15000)
    seen = page.evaluate("() => window.__save")
    assert seen[0] == "saving: Ergebnis wird gespeichert…", seen
    # A place only for a result on the board: the Schnapsen board lists won Bummerls only.
    if line.get_attribute("data-state") == "saved":
        assert re.fullmatch(r"saved: ✓ Ergebnis gespeichert – Platz \d+ in der Bestenliste", seen[-1]), seen
    else:
        assert "nicht in der Bestenliste: Sie führt nur gewonnene Spiele" in seen[-1], seen
        assert "Platz" not in seen[-1], seen
    assert not any("noch nicht gespeichert" in s for s in seen), seen
    assert page.locator("[data-role=save-status] [data-action=save-again]").count() == 0
    page.locator("[data-role=menu] summary").click()
    assert page.locator("[data-action=leave]").count() == 0  # nothing to quit after the end
    assert watch.problems == []


def test_a_seat_the_stand_in_played_is_told_why_it_is_not_ranked(watched_page: Any) -> None:
    """The issue's idle seat in the browser: a one-deal Schnapsen with a one-second move timer, the
    page (and its socket) open, no card played. The stand-in plays every move, and the end screen says
    that this result is not ranked and why, on the phone and the desktop."""
    page, watch = watched_page("de", viewport=PHONE)
    page.goto("/")
    created = page.evaluate(
        """async () => {
          const api = await import('/static/frontend/js/api.js');
          const seats = [{kind: 'human', name: ''}, {kind: 'ai', name: ''}];
          return api.post('/api/matches/', {game: 'schnapsen', seats, name: 'Ida Idle', move_timer: 1,
                                            options: {start_score: 1}});
        }"""
    )
    page.goto(f"/matches/{created['id']}/")
    line = page.locator("[data-role=save-status][data-state=unranked]")
    line.wait_for(timeout=90000)
    text = line.inner_text()
    assert re.fullmatch(
        r"Nicht als Ergebnis eines Menschen gewertet: Die KI-Vertretung traf (\d+) der \1 Entscheidungen "
        r"dieses Platzes \(mehr als ein Viertel\)\.",
        text,
    ), text
    assert page.locator("[data-role=save-status] [data-rank]").count() == 0
    for size, name in ((PHONE, "390"), (DESKTOP, "1366")):
        page.set_viewport_size(size)
        line.scroll_into_view_if_needed()
        box = line.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, box
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"stand-in-unranked-{name}.png"))
    assert watch.problems == []


SACKS_JS = """async () => {
  const mod = await import('/static/frontend/js/games/preisjass.js');
  const view = {scores: [10, 0, 5, 3], sheet: {sacks: [0, 1, 2, 5]}};
  const list = mod.finalSummary({view, seat: 0}, ['Ada', 'Bo', 'Cy', 'Di']);
  return [...list.querySelectorAll('li')].map(li => li.textContent);
}"""


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "de",
            [
                "Ada: 10 Punkte, 0 Säcke",
                "Cy: 5 Punkte, 2 Säcke",
                "Di: 3 Punkte, 5 Säcke",
                "Bo: 0 Punkte, 1 Sack",
            ],
        ),
        (
            "ru",
            [
                "Ada: 10 очков, 0 мешков",
                "Cy: 5 очков, 2 мешка",
                "Di: 3 очка, 5 мешков",
                "Bo: 0 очков, 1 мешок",
            ],
        ),
    ],
)
def test_one_sack_is_singular(new_page: Any, lang: str, expected: list[str]) -> None:
    page, _ = new_page(lang)
    page.goto("/")
    assert page.evaluate(SACKS_JS) == expected

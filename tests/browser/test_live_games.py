"""Live games: one player plays a Schnapsen table against AI (and sits at two more); another, with
/live/ open, sees it appear without reloading, at 390x844 and 1366x900, in German, English and
Russian (the filter by game too), finds it among the lobby's liveliest few, clicks "watch" and sees
the table as a spectator: the trick and the names, never the player's hand. A table against AI whose
player is not at it is not listed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import (
    DESKTOP,
    OPEN_TABLE_JS,
    PHONE,
    SEATS,
    STEP_JS,
    act,
    open_site_menu,
    open_table,
)

pytestmark = pytest.mark.browser

WORDS = {
    "de": {"heading": "Live-Partien", "watch": "Zusehen", "ai": "(KI)", "standing": "Bummerl 7 → 0 · Spiel ",
           "spectator": "Zuschauer", "empty": "An keinem Tisch dieses Spiels wird gerade gespielt."},
    "en": {"heading": "Live games", "watch": "Watch", "ai": "(AI)", "standing": "Bummerl 7 → 0 · Deal ",
           "spectator": "Spectator", "empty": "No table of this game is being played right now."},
    "ru": {"heading": "Сейчас играют", "watch": "Смотреть", "ai": "(ИИ)",
           "standing": "Буммерль 7 → 0 · Сдача ", "spectator": "Зритель",
           "empty": "Сейчас никто не играет в эту игру."},
}  # fmt: skip

# The page's layout facts: no sideways scrolling, and where the first card's parts are.
LAYOUT_JS = """id => {
  const card = document.querySelector(`.live-card[data-match="${id}"]`);
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  return {
    scroll: document.documentElement.scrollWidth,
    card: box(card),
    watch: box(card.querySelector('[data-watch]')),
    columns: getComputedStyle(document.querySelector('.live-list')).gridTemplateColumns.split(' ').length,
  };
}"""


def _switch_language(page: Any, lang: str) -> None:
    open_site_menu(page)
    page.locator(f"header.site button[value={lang}]").click()
    page.wait_for_load_state()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _check_card(page: Any, match_id: int, lang: str) -> Any:
    words = WORDS[lang]
    card = page.locator(f".live-card[data-match='{match_id}']")
    card.wait_for(timeout=20000)
    assert page.locator("h1").inner_text() == words["heading"]
    assert card.locator("[data-watch]").inner_text() == words["watch"]
    assert card.locator(".live-standing").inner_text().startswith(words["standing"]), card.inner_text()
    players = card.locator(".live-players li").all_inner_texts()
    assert len(players) == 2 and players[0].startswith("Lena Layout ") and words["ai"] in players[1], players
    assert all(re.search(r" \d+$", p) for p in players), players  # each with the points still to go
    return card


def test_a_table_against_ai_appears_live_and_is_watched_from_the_list(new_page: Any) -> None:
    viewer, watch_v = new_page("de", viewport=PHONE)
    viewer.goto("/live/?game=schnapsen")
    viewer.locator("[data-role=status][data-state=live]").wait_for()

    # The player opens a table against AI and plays a card: the viewer's list shows it, unreloaded.
    player, watch_p = new_page("de", viewport=DESKTOP)
    open_table(player, "schnapsen")
    match_id = int(player.url.rstrip("/").split("/")[-1])
    act(player, player.wait_for_function(STEP_JS, timeout=30000).json_value())
    _check_card(viewer, match_id, "de")
    assert viewer.evaluate("() => performance.getEntriesByType('navigation').length") == 1  # no reload
    # More tables of other games beside it, their player at each in a tab of its own; a table against
    # AI whose player is not at it is not listed (nothing is played there).
    others = []
    for game in ("preisjass", "preferans"):
        others.append(player.evaluate(OPEN_TABLE_JS, [game, SEATS[game]])["id"])
        tab = player.context.new_page()
        tab.goto(f"/matches/{others[-1]}/")
        tab.locator("[data-role=status][data-state=live]").wait_for()
    away = player.evaluate(OPEN_TABLE_JS, ["schnapsen", SEATS["schnapsen"]])["id"]

    for lang in ("de", "en", "ru"):
        if lang != "de":
            _switch_language(viewer, lang)
            viewer.goto("/live/")
        viewer.set_viewport_size(PHONE)
        _check_card(viewer, match_id, lang)
        layout = viewer.evaluate(LAYOUT_JS, match_id)
        assert layout["scroll"] <= PHONE["width"] and layout["columns"] == 1, layout
        card, button = layout["card"], layout["watch"]
        assert button["x"] + button["w"] <= card["x"] + card["w"], layout
        if lang != "de":  # all games: the other tables are listed after this one
            for other in others:
                viewer.locator(f".live-card[data-match='{other}']").wait_for(timeout=20000)
            ids = viewer.locator(".live-card").evaluate_all("cs => cs.map(c => Number(c.dataset.match))")
            assert away not in ids, ids
        _shot(viewer, f"live-{lang}-390")
        viewer.set_viewport_size(DESKTOP)
        layout = viewer.evaluate(LAYOUT_JS, match_id)
        assert layout["scroll"] <= DESKTOP["width"] and layout["columns"] >= 3, layout
        _shot(viewer, f"live-{lang}-1366")

    # The filter: another game's tables only (none of this one), then this game's again.
    viewer.set_viewport_size(PHONE)
    viewer.select_option("[data-role=game]", "preferans")
    viewer.locator(f".live-card[data-match='{match_id}']").wait_for(state="detached")
    assert "game=preferans" in viewer.url
    if viewer.locator(".live-card").count() == 0:
        assert viewer.locator(".live-empty").inner_text() == WORDS["ru"]["empty"]
    _shot(viewer, "live-ru-390-filtered")
    viewer.select_option("[data-role=game]", "schnapsen")
    _check_card(viewer, match_id, "ru")

    # The lobby lists it among the liveliest few, with a link to the whole list.
    viewer.goto("/")
    line = viewer.locator(f"[data-role=live] li[data-match='{match_id}']")
    line.wait_for()
    assert "Lena Layout" in line.inner_text() and line.locator("[data-watch]").inner_text() == "смотреть"
    assert viewer.locator("[data-role=all-live]").get_attribute("href") == "/live/"
    assert viewer.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    line.scroll_into_view_if_needed()
    _shot(viewer, "live-lobby-ru-390")
    viewer.set_viewport_size(DESKTOP)
    viewer.evaluate("window.scrollTo(0, 0)")
    _shot(viewer, "live-lobby-ru-1366")
    viewer.set_viewport_size(PHONE)

    # Watch: the table as a spectator sees it.
    viewer.goto("/live/")
    viewer.locator(f".live-card[data-match='{match_id}'] [data-watch]").click()
    viewer.wait_for_url(f"**/matches/{match_id}/")
    viewer.locator("[data-role=status][data-state=live]").wait_for()
    viewer.locator(".badge", has_text=WORDS["ru"]["spectator"]).wait_for()
    assert viewer.evaluate("() => window.kartentisch.app.shown.seat") is None
    assert viewer.evaluate("() => window.kartentisch.app.shown.view.hand") == []
    assert viewer.locator(".hand button.card").count() == 0
    _shot(viewer, "live-watch-ru-390")
    for watch in (watch_v, watch_p):
        assert watch.problems == [], watch.problems

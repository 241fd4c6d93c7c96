"""The lobby: a table against AI that its player left is listed as paused with a "Continue" button,
which opens the table where it stopped; at 1366x900 the open tables are in view without scrolling, and
on the phone the lobby does not scroll sideways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act, open_site_menu, open_table

pytestmark = pytest.mark.browser

OPEN_FOR_TWO_JS = """async () => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}];
  return api.post('/api/matches/', {game: 'schnapsen', seats, name: 'Otto Offen', options: {}});
}"""

PAUSED_JS = """async id => {
  const res = await fetch('/api/matches/mine/');
  const match = (await res.json()).matches.find(m => m.id === id);
  return Boolean(match && match.paused);
}"""

# The table as the page shows it: the seq, whose turn, the hand.
SHOWN_JS = """() => {
  const p = window.kartentisch.app.shown;
  return {seq: p.seq, to_move: p.view.to_move, seat: p.seat, hand: p.view.hand};
}"""

WORDS = {"de": ("pausiert", "Weiterspielen"), "en": ("paused", "Continue"), "ru": ("на паузе", "Продолжить")}


def _switch_language(page: Any, lang: str) -> None:
    open_site_menu(page)
    page.locator(f"header.site button[value={lang}]").click()
    page.wait_for_load_state()


def test_a_left_table_against_ai_is_paused_in_the_lobby_and_continues_where_it_stopped(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    open_table(page, "schnapsen")
    act(page, page.wait_for_function(STEP_JS, timeout=30000).json_value())  # one card played
    page.wait_for_function(STEP_JS, timeout=30000)  # the AI answered: my turn again
    match_id = int(page.url.rstrip("/").split("/")[-1])
    stopped = page.evaluate(SHOWN_JS)
    assert stopped["to_move"] == stopped["seat"] == 0 and stopped["seq"] > 1, stopped
    # Away from the table (its socket closed): the table waits for its only human.
    page.goto("/rules/schnapsen/")
    page.wait_for_function(PAUSED_JS, arg=match_id, timeout=10000)
    for lang in ("de", "en", "ru"):
        if lang != "de":
            _switch_language(page, lang)
        page.goto("/")
        row = page.locator(f"[data-role=mine] li[data-match='{match_id}'][data-paused=true]")
        row.wait_for()
        paused, cont = WORDS[lang]
        assert f" – {paused}: " in row.inner_text(), row.inner_text()
        button = row.locator("a[data-action=continue]")
        assert button.inner_text() == cont
        for size in (PHONE, DESKTOP):
            page.set_viewport_size(size)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            row.scroll_into_view_if_needed()
            box = button.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, box
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"lobby-paused-{lang}-{size['width']}.png"))
        page.set_viewport_size(PHONE)
    # Continue: the same table, at the same move, my turn; it plays on.
    page.locator(f"[data-role=mine] li[data-match='{match_id}'] a[data-action=continue]").click()
    page.wait_for_url(f"**/matches/{match_id}/")
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function(STEP_JS, timeout=30000)
    assert page.evaluate(SHOWN_JS) == stopped
    act(page, page.wait_for_function(STEP_JS, timeout=30000).json_value())
    page.wait_for_function(f"() => window.kartentisch.app.shown.seq > {stopped['seq']}")
    # Back at the table (its socket open), the table is not paused.
    assert page.evaluate(PAUSED_JS, match_id) is False
    assert watch.problems == []


def test_the_open_tables_are_in_view_on_the_desktop_lobby(new_page: Any) -> None:
    other, _ = new_page("de", viewport=PHONE)
    other.goto("/")
    created = other.evaluate(OPEN_FOR_TWO_JS)
    page, watch = new_page("de", viewport=DESKTOP)
    open_table(page, "preisjass")  # a running match of my own above the open tables
    page.goto("/")
    row = page.locator(f"[data-role=open] li[data-match='{created['id']}']")
    row.wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    for name in ("h-open", "h-mine"):
        box = page.locator(f"#{name}").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"], (name, box)
    box = row.locator("[data-join]").bounding_box()
    assert box and box["y"] + box["height"] <= DESKTOP["height"], box
    assert box["x"] + box["width"] <= DESKTOP["width"], box
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lobby-open-tables-1366.png"))
    # The phone: one column, no sideways scrolling, the open tables before the finished matches.
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    open_top = page.locator("#h-open").bounding_box()
    history_top = page.locator("#h-history").bounding_box()
    assert open_top and history_top and open_top["y"] < history_top["y"]
    page.screenshot(path=str(ARTIFACTS / "lobby-open-tables-390.png"), full_page=True)
    assert watch.problems == []

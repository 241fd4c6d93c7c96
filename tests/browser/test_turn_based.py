"""Turn-based tables in the browser. Three registered friends play Preferans over several separate
visits: each visit logs in, finds the notification of the turn and the table in the lobby's "My
turn", moves, and goes (Alma in German
on a phone, Bert in English on a desktop, Carla in Russian on a phone). On a server whose day lasts
seconds (TURN_DAY_SECONDS), a player runs out of time: the other sees the choice, lets the AI play
the seat (the late player sees that the AI plays for them), and at a second table ends it. The pages
never scroll sideways on a phone. Screenshots go to artifacts/."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import _pages, _serve, shot
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act, log_in, register

pytestmark = pytest.mark.browser

VIEWPORTS = {"de": PHONE, "en": DESKTOP, "ru": PHONE}
MY_TURN = {"de": "Du bist am Zug", "en": "My turn", "ru": "Твой ход"}
TIME_LEFT = {"de": "noch 1 Tag", "en": "1 day", "ru": "осталось 1 день"}
OPEN_TABLE_JS = """async ([game, seats, days]) => {
  const api = await import('/static/frontend/js/api.js');
  const body = {game, seats: seats.map((kind) => ({kind, name: ''})), options: {}};
  return (await api.post('/api/matches/', {...body, turn_based: true, days_per_move: days})).id;
}"""
JOIN_JS = """async (id) => {
  const api = await import('/static/frontend/js/api.js');
  return (await api.post(`/api/matches/${id}/join/`, {})).seat;
}"""


def _fits(page: Any, lang: str) -> None:
    width = VIEWPORTS[lang]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _summary(page: Any, match_id: str) -> dict[str, Any]:
    resp = page.request.get(f"/api/matches/{match_id}/")
    assert resp.ok, resp.text()
    data: dict[str, Any] = resp.json()
    return data


def _open_by_dialog(page: Any) -> str:
    """Alma opens the table from the new-table dialog: Preferans, two human seats more, turn-based,
    two days per move."""
    page.goto("/new/?game=preferans")
    for seat in ("1", "2"):
        page.locator(f".seat-row[data-seat='{seat}'] select").select_option("human")
    page.get_by_label("Rundenbasiert: über mehrere Tage spielen").check()
    page.locator("#ng-days").select_option("2")
    _fits(page, "de")
    shot(page, "turn-based-new-table-de-390")
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    return str(page.url.rstrip("/").split("/")[-1])


def _join_from_lobby(page: Any, match_id: str, lang: str) -> None:
    page.goto("/")
    row = page.locator(f"[data-role=open] li[data-match='{match_id}']")
    row.wait_for()
    assert {"en": "turn-based, 2 days per move", "ru": "пошагово, 2 дня на ход"}[lang] in row.inner_text()
    row.locator("[data-join]").click()
    page.wait_for_url(re.compile(rf"/matches/{match_id}/$"))


BELL_COUNT = """() => {
  const b = document.querySelector('[data-role=bell-count]');
  return b && !b.hidden ? Number(b.textContent) : 0;
}"""


def _visit(new_page: Any, lang: str, username: str, match_id: str, number: int) -> int:
    """One visit of the player to move: log in; the notification of the turn has arrived (the bell,
    one unread "your turn" for this table); the lobby's "My turn"; the table, their moves; gone.
    Returns how many steps they took."""
    page, watch = new_page(lang, VIEWPORTS[lang])
    log_in(page, username)
    page.goto("/")
    assert page.evaluate(BELL_COUNT) >= 1
    page.goto("/notifications/")
    turns = page.locator("[data-role=notifications] li.unread[data-kind=your_turn] a[href]")
    assert turns.count() == 1, page.locator("[data-role=notifications]").inner_text()
    if number < 1:
        _fits(page, lang)
        shot(page, f"turn-based-notification-{lang}-{VIEWPORTS[lang]['width']}")
    page.goto("/")
    box = page.locator("[data-role=turns-box]")
    box.wait_for()
    assert MY_TURN[lang] in box.locator("h2").inner_text()
    entry = box.locator(f"li[data-match='{match_id}'][data-turn=move]")
    entry.wait_for()
    assert TIME_LEFT[lang] in entry.inner_text(), entry.inner_text()
    _fits(page, lang)
    if number < 3:
        shot(page, f"turn-based-lobby-{lang}-{VIEWPORTS[lang]['width']}")
    entry.locator("a[data-action=play]").click()
    page.wait_for_url(re.compile(rf"/matches/{match_id}/$"))
    page.locator("[data-role=turn-box] [data-role=time-left]").wait_for()
    steps = 0
    for _ in range(6):  # the same seat may move several times in a row (the talon, the contract)
        step = page.wait_for_function(STEP_JS, timeout=20000).json_value()
        if step["kind"] not in ("buttons", "select", "play"):
            break
        if steps == 0 and number < 3:
            _fits(page, lang)
            shot(page, f"turn-based-table-{lang}-{VIEWPORTS[lang]['width']}")
        act(page, step)
        steps += 1
        summary = _summary(page, match_id)
        turn = summary["turn"]
        if (
            summary["status"] != "running"
            or turn is None
            or turn["seat"] != page.evaluate("window.kartentisch.app.shown.seat")
        ):
            break
    # The page says whose move it is now, with their time left.
    page.locator("[data-role=turn-box] [data-role=time-left]").wait_for()
    assert not watch.problems, watch.problems
    page.context.close()
    return steps


def test_three_friends_play_preferans_over_several_visits(new_page: Any) -> None:
    tag = uuid.uuid4().hex[:6]
    people = {"de": f"alma{tag}", "en": f"bert{tag}", "ru": f"carla{tag}"}
    names = {"de": "Alma", "en": "Bert", "ru": "Carla"}
    seat_of: dict[int, str] = {}
    alma, watch_a = new_page("de", PHONE)
    register(alma, people["de"], names["de"] + tag)
    match_id = _open_by_dialog(alma)
    seat_of[0] = "de"
    for lang in ("en", "ru"):
        page, watch = new_page(lang, VIEWPORTS[lang])
        register(page, people[lang], names[lang] + tag)
        _join_from_lobby(page, match_id, lang)
        seat = page.wait_for_function(
            "() => { const k = window.kartentisch; return k && k.app.shown && k.app.shown.seat; }"
        ).json_value()
        seat_of[int(seat)] = lang
        assert not watch.problems, watch.problems
        page.context.close()
    assert sorted(seat_of) == [0, 1, 2]
    assert not watch_a.problems, watch_a.problems
    alma.context.close()

    # Separate visits, whoever is to move: everyone comes at least twice.
    visits = {lang: 0 for lang in people}
    watcher, _ = new_page("en", DESKTOP)
    log_in(watcher, people["en"])
    number = 0
    while min(visits.values()) < 2 and number < 12:
        summary = _summary(watcher, match_id)
        assert summary["status"] == "running" and summary["turn"]["deadline"], summary
        lang = seat_of[summary["turn"]["seat"]]
        assert _visit(new_page, lang, people[lang], match_id, visits[lang]) >= 1
        visits[lang] += 1
        number += 1
    assert min(visits.values()) >= 2, visits
    # Between visits, the others' lobby has nothing for them to do.
    summary = _summary(watcher, match_id)
    waiting = [lang for seat, lang in seat_of.items() if seat != summary["turn"]["seat"]]
    page, _ = new_page(waiting[0], VIEWPORTS[waiting[0]])
    log_in(page, people[waiting[0]])
    page.goto("/")
    page.locator(f"[data-role=mine] li[data-match='{match_id}']").wait_for()
    assert page.locator(f"[data-role=turns] li[data-match='{match_id}']").count() == 0


# --- the overdue flow, on a server whose day lasts seconds -------------------------------------------

DAY_SECONDS = 6


@pytest.fixture(scope="module")
def quick_day_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own with the watchdog thread on and days of DAY_SECONDS seconds."""
    with _serve(
        tmp_path_factory.mktemp("quick-day-server"), WATCHDOG_THREAD="1", TURN_DAY_SECONDS=str(DAY_SECONDS)
    ) as url:
        yield url


@pytest.fixture
def quick_page(browser: Any, quick_day_server: str) -> Iterator[Any]:
    yield from _pages(browser, quick_day_server)


def _two_at_a_schnapsen_table(
    quick_page: Any, first: tuple[str, str], second: tuple[str, str]
) -> tuple[Any, Any, str, list[Any]]:
    """Two registered players at a turn-based Schnapsen table of one day, each on its page."""
    (lang_a, user_a), (lang_b, user_b) = first, second
    a, watch_a = quick_page(lang_a, VIEWPORTS[lang_a])
    register(a, user_a, user_a.capitalize())
    b, watch_b = quick_page(lang_b, VIEWPORTS[lang_b])
    register(b, user_b, user_b.capitalize())
    a.goto("/")
    match_id = str(a.evaluate(OPEN_TABLE_JS, ["schnapsen", ["human", "human"], 1]))
    b.goto("/")
    b.evaluate(JOIN_JS, match_id)
    for page in (a, b):
        page.goto(f"/matches/{match_id}/")
        page.locator(".hand button.card").first.wait_for()
    return a, b, match_id, [watch_a, watch_b]


def _late_and_other(a: Any, b: Any) -> tuple[Any, Any]:
    seat = a.evaluate("window.kartentisch.app.shown.view.to_move")
    mine = a.evaluate("window.kartentisch.app.shown.seat")
    return (a, b) if seat == mine else (b, a)


def test_a_player_runs_out_of_time_and_the_ai_plays_for_them(quick_page: Any) -> None:
    tag = uuid.uuid4().hex[:6]
    a, b, _, watches = _two_at_a_schnapsen_table(quick_page, ("en", f"olga{tag}"), ("ru", f"pavel{tag}"))
    late, other = _late_and_other(a, b)
    late_lang = "en" if late is a else "ru"
    other_lang = "ru" if late is a else "en"
    other.locator("[data-role=turn-box] [data-role=time-left]").wait_for()
    # The late player's days (seconds here) run out: the watchdog marks the seat, nobody plays for it.
    other.locator("[data-role=turn-box] [data-choice=ai]").wait_for(timeout=(DAY_SECONDS + 10) * 1000)
    late.locator("[data-role=turn-box] [data-role=overdue-own]").wait_for(timeout=15000)
    _fits(other, other_lang)
    shot(other, f"turn-based-overdue-choice-{other_lang}-{VIEWPORTS[other_lang]['width']}")
    shot(late, f"turn-based-overdue-own-{late_lang}-{VIEWPORTS[late_lang]['width']}")
    seq = other.evaluate("window.kartentisch.app.shown.seq")
    other.locator("[data-role=turn-box] [data-choice=ai]").click()
    other.wait_for_function("s => window.kartentisch.app.shown.seq > s", arg=seq)  # the AI moved
    late.locator("[data-role=turn-box] [data-role=handed]").wait_for()
    late_seat = late.evaluate("window.kartentisch.app.shown.seat")
    assert other.locator(f".seat[data-seat='{late_seat}'] .badge.auto").count() == 1
    shot(late, f"turn-based-handed-{late_lang}-{VIEWPORTS[late_lang]['width']}")
    assert late.locator(".hand[data-ready=true] button.card.legal").count() == 0
    for watch in watches:
        assert not watch.problems, watch.problems


def test_the_other_player_ends_the_table(quick_page: Any) -> None:
    tag = uuid.uuid4().hex[:6]
    a, b, match_id, watches = _two_at_a_schnapsen_table(
        quick_page, ("de", f"rita{tag}"), ("en", f"sven{tag}")
    )
    late, other = _late_and_other(a, b)
    other_lang = "de" if other is a else "en"
    end = other.locator("[data-role=turn-box] [data-choice=end]")
    end.wait_for(timeout=(DAY_SECONDS + 10) * 1000)
    # The lobby's "My turn" asks the other player to decide, and leads back to the table.
    other.goto("/")
    entry = other.locator(f"[data-role=turns] li[data-match='{match_id}'][data-turn=choice]")
    entry.wait_for()
    _fits(other, other_lang)
    shot(other, f"turn-based-lobby-decide-{other_lang}-{VIEWPORTS[other_lang]['width']}")
    entry.locator("a[data-action=decide]").click()
    end.wait_for()
    _fits(other, other_lang)
    shot(other, f"turn-based-overdue-choice-{other_lang}-{VIEWPORTS[other_lang]['width']}")
    end.click()
    other.locator("dialog.confirm [data-answer=yes]").click()
    other.wait_for_function("() => window.kartentisch.app.shown.match.status === 'abandoned'")
    late.wait_for_function("() => window.kartentisch.app.shown.match.status === 'abandoned'")
    for watch in watches:
        assert not watch.problems, watch.problems
    assert other.locator("[data-role=turn-box]").is_hidden()
    _fits(other, other_lang)
    shot(other, f"turn-based-ended-{other_lang}-{VIEWPORTS[other_lang]['width']}")

"""The post-match analysis in the replay: a Schnapsen Bummerl played to its end by clicking the first
legal card against Anton, then its replay asks for the analysis, shows its progress until it is done,
the summary per player and the evaluation chart, and "next mistake" steps to the first decision the
analysis classed a mistake or a blunder, with the played move, the best move and the loss. A visitor
who did not play reads it without asking; a refusal (quota, busy) is said in the reader's language."""

from __future__ import annotations

import json
import math
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import PHONE, STEP_JS, act, open_table
from tests.browser.test_polish import _csrf, fast_forward

pytestmark = pytest.mark.browser

PANEL_JS = """() => {
  const panel = document.querySelector('[data-role=decision]');
  return {
    hidden: panel.hidden, cls: panel.dataset.class,
    label: (panel.querySelector('[data-role=decision-class]') || {}).textContent,
    heading: (panel.querySelector('[data-role=decision-heading]') || {}).textContent,
    values: [...panel.querySelectorAll('dl dd')].map((dd) => dd.textContent),
    text: panel.textContent,
    slider: Number(document.querySelector('[data-role=slider]').value),
  };
}"""

# The moment as the page writes it (format.js clock): the time of day, with the weekday when not today.
CLOCK_JS = """([iso, loc]) => {
  const d = new Date(iso);
  const today = d.toDateString() === new Date().toDateString();
  const time = {hour: '2-digit', minute: '2-digit'};
  return d.toLocaleString(loc, today ? time : {weekday: 'short', ...time});
}"""


def _russian_game_points(value: float) -> str:
    """A loss in game points as Russian writes it: 1 игровое очко, 2 игровых очка, 5 игровых очков,
    and a fraction in the genitive singular: 0,5 игрового очка. Rounded to hundredths as the page
    rounds (JavaScript's Math.round of value × 100: a half goes up, where Python's round(value, 2) reads
    the binary value and may go down)."""
    hundredths = value * 100
    whole = math.floor(hundredths)
    n = (whole + (hundredths - whole >= 0.5)) / 100
    shown = f"{n:g}".replace(".", ",")
    if n != int(n):
        return f"{shown} игрового очка"
    k = int(n)
    if k % 10 == 1 and k % 100 != 11:
        return f"{shown} игровое очко"
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return f"{shown} игровых очка"
    return f"{shown} игровых очков"


def _play_to_the_end(page: Any) -> None:
    started = time.monotonic()
    while True:
        assert time.monotonic() - started < 300, "the Bummerl did not end in 300 s"
        step = page.wait_for_function(STEP_JS, timeout=60000).json_value()
        if step["kind"] == "final":
            return
        if step["kind"] == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        act(page, step)


def test_the_replay_shows_the_analysis_and_steps_to_a_mistake(new_page: Any) -> None:
    page, watch = new_page("de")
    open_table(page, "schnapsen")
    match_id = int(page.url.rstrip("/").split("/")[-1])
    _play_to_the_end(page)

    page.goto(f"/matches/{match_id}/replay/")
    status = page.locator("[data-role=analysis-status]")
    status.wait_for()
    page.locator("[data-role=analysis-status][data-state=done]").wait_for(timeout=240000)
    analysis = page.request.get(f"/api/matches/{match_id}/analysis/").json()
    assert analysis["status"] == "done"
    decisions = analysis["analysis"]["decisions"]
    serious = [d for d in decisions if d["class"] in ("mistake", "blunder")]
    assert serious, "a Bummerl of first-legal-card play has a mistake somewhere"

    summary = page.locator("[data-role=analysis-summary] tbody tr")
    assert summary.count() == 2
    assert page.locator("[data-role=analysis-chart] svg .series").count() == 2

    page.locator("[data-jump=next-mistake]").click()
    panel = page.evaluate(PANEL_JS)
    replay = page.request.get(f"/api/matches/{match_id}/replay/").json()
    assert replay["steps"][panel["slider"]]["seq"] == serious[0]["seq"]
    assert not panel["hidden"] and panel["cls"] == serious[0]["class"]
    assert panel["label"] == {"mistake": "Fehler", "blunder": "Grober Fehler"}[serious[0]["class"]]
    assert "Gespielt" in panel["text"] and "Bester Zug" in panel["text"] and "Verlust" in panel["text"]
    # the step's heading: its kind, the move played and the best one ("Karte: Herz-Ass — am besten: …")
    assert panel["heading"].startswith("Karte: ") and " — am besten: " in panel["heading"], panel["heading"]
    assert serious[0]["kind"] == "play" and serious[0]["unit"] == "game points"
    shot(page, "replay-analysis-mistake")
    if len(serious) > 1:
        page.locator("[data-jump=next-mistake]").click()
        assert replay["steps"][page.evaluate(PANEL_JS)["slider"]]["seq"] == serious[1]["seq"]
    assert not watch.problems, watch.problems

    # On a phone, in Russian (the longest headers), the page does not scroll sideways.
    phone, phone_watch = new_page("ru", viewport=PHONE)
    phone.goto(f"/matches/{match_id}/replay/")
    phone.locator("[data-role=analysis-status][data-state=done]").wait_for()
    phone.locator("[data-jump=next-mistake]").click()
    # the loss in the plural form Russian uses for that number (not "1 игровых очков")
    ru_panel = phone.evaluate(PANEL_JS)
    assert ru_panel["values"][2] == _russian_game_points(serious[0]["loss"]), ru_panel["values"]
    assert ru_panel["heading"].startswith("Карта: ") and " — лучше: " in ru_panel["heading"]
    shot(phone, "replay-analysis-mistake-390-ru")
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths
    assert not phone_watch.problems, phone_watch.problems


def _refuse(code: str, **details: Any) -> dict[str, Any]:
    """The server's 429 of that code, as the route answers it (the page sees no difference)."""
    body = {"error": {"code": code, "message": f"refused: {code}", **details}}
    headers = {"Retry-After": str(details.get("retry_after", 1))}
    return {"status": 429, "content_type": "application/json", "body": json.dumps(body), "headers": headers}


def test_the_replay_says_why_an_analysis_is_refused(new_page: Any, server: str) -> None:
    """A visitor who did not play reads, but asks for nothing; the player is told in their language
    that the daily quota is used up (and until when), or that the site is busy, in which case the page
    asks again by itself once the time the answer named is up."""
    page, watch = new_page("de")
    watch.allowed_statuses.add(429)
    page.goto("/")
    created = page.request.post(
        "/api/matches/",
        data={
            "game": "schnapsen",
            "options": {"start_score": 1},
            "seats": [{"kind": "human", "name": ""}, {"kind": "ai", "name": "Anton"}],
            "name": "Gast Greta",
        },
        headers={"X-CSRFToken": _csrf(page), "Referer": page.url},
    )
    assert created.status == 201, created.text()
    match_id = int(created.json()["id"])
    assert fast_forward(page, match_id, keep=-1)["match"]["status"] == "finished"
    replay = f"/matches/{match_id}/replay/"

    visitor, visitor_watch = new_page("en")  # any 403 of a request it should not make is a problem
    visitor.goto(replay)
    status = visitor.locator("[data-role=analysis-status][data-state=none]")
    status.wait_for()
    assert status.inner_text() == "This match has not been analysed yet; its players can have it analysed."
    assert not visitor_watch.problems, visitor_watch.problems

    posts: list[str] = []
    available = (datetime.now(UTC) + timedelta(hours=3)).isoformat()

    def quota(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append("quota")
        route.fulfill(**_refuse("analysis_quota", limit=20, available_at=available, retry_after=10800))

    page.route(f"**/api/matches/{match_id}/analysis/", quota)
    expected = {
        "en": "Your analyses in the last 24 hours: 20 of 20. The next one is possible from {time}.",
        "ru": "Ваших анализов за последние 24 часа: 20 из 20. Следующий возможен с {time}.",
    }
    for lang, text in expected.items():
        page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
        page.goto(replay)
        refused = page.locator("[data-role=analysis-status][data-state=refused]")
        refused.wait_for()
        time_shown = page.evaluate(CLOCK_JS, [available, {"en": "en-GB", "ru": "ru-RU"}[lang]])
        assert refused.inner_text() == text.format(time=time_shown)
        assert refused.get_attribute("data-code") == "analysis_quota"
    shot(page, "replay-analysis-quota-ru")
    page.unroute(f"**/api/matches/{match_id}/analysis/")

    def busy_once(route: Any) -> None:
        if route.request.method == "POST" and "busy" not in posts:
            posts.append("busy")
            route.fulfill(**_refuse("analysis_busy", limit=4, retry_after=2))
            return
        if route.request.method == "POST":
            posts.append("real")
        route.continue_()

    page.route(f"**/api/matches/{match_id}/analysis/", busy_once)
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": server}])
    page.goto(replay)
    busy = page.locator("[data-role=analysis-status][data-code=analysis_busy]")
    busy.wait_for()
    assert busy.inner_text() == (
        "Es laufen so viele Analysen, wie die Seite gleichzeitig annimmt; neuer Versuch in 2 Sekunden."
    )
    page.locator("[data-role=analysis-status][data-state=done]").wait_for(timeout=120000)
    assert posts == ["quota", "quota", "busy", "real"]
    assert [p for p in watch.problems if "status of 429" not in p] == []  # the refusals themselves

"""The finished run's save status, the history list, the header links, translated rule options, the
spectator switch, the fair-deal commitment and the deal check on the replay.

Most of each Preisjass run is played through the REST API with the page's own cookies (fast-forward);
the last cards are clicked. Production code has no switch to make a save fail: the failed-save screen
("Ergebnis noch nicht gespeichert" with the retry button) is shown by answering the status request in
the browser (Playwright route), and the retry then goes to the real server. The server side of a
failing save is covered by tests/leaderboard (test_save_flow, test_api)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import next_step, play_and_wait, register
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

CLICKED_CARDS = 3  # the last cards of the run are played in the page


def _csrf(page: Any) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")


def _view(page: Any, match_id: int) -> dict[str, Any]:
    resp = page.request.get(f"/api/matches/{match_id}/view/")
    assert resp.ok, resp.text()
    return dict(resp.json())


def fast_forward(page: Any, match_id: int, keep: int) -> dict[str, Any]:
    """Play my first legal action through the API until only `keep` cards of Preisjass's last game are
    left (keep < 0: to the end of the match)."""
    headers = {"X-CSRFToken": _csrf(page), "Referer": page.url}
    deadline = time.monotonic() + 120

    def far_enough(payload: dict[str, Any]) -> bool:
        view = payload["view"]
        last_game = view.get("game_number") == view.get("games_total", 12)
        kept = keep >= 0 and last_game and len(view["hand"]) <= keep
        return payload["match"]["status"] != "running" or kept

    def my_turn_or_far_enough() -> dict[str, Any] | None:
        payload = _view(page, match_id)
        view = payload["view"]
        mine = view["to_move"] == payload["seat"] and view["legal"]
        return payload if far_enough(payload) or mine else None

    while True:
        payload = wait_until(my_turn_or_far_enough, deadline - time.monotonic(), "the fast-forward (120 s)")
        if far_enough(payload):
            return payload
        view = payload["view"]
        resp = page.request.post(
            f"/api/matches/{match_id}/actions/",
            data={"action": view["legal"][0], "seq": payload["seq"]},
            headers=headers,
        )
        assert resp.status in (200, 201, 409), resp.text()


def finish_by_clicking(page: Any) -> int:
    clicks = 0
    while True:
        step = next_step(page, timeout=30000)
        if step == "play":
            play_and_wait(page)
            clicks += 1
        elif step == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
        else:
            return clicks


def start_quick_run(page: Any, guest_name: str = "") -> int:
    page.goto("/preisjass/")
    page.locator("#qs-ai option").first.wait_for(state="attached")
    if guest_name:
        page.fill("#qs-name", guest_name)
    page.get_by_role("button", name="Durchgang starten").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    return int(page.url.rstrip("/").split("/")[-1])


def test_finished_run_is_saved_and_listed(new_page: Any) -> None:
    page, watch = new_page("de")
    username = f"polish{int(time.time() * 1000) % 10**8}"
    register(page, username, "Polierte Paula")

    # Header: leaderboard and leagues.
    page.goto("/")
    header = page.locator("header.site")
    assert header.get_by_role("link", name="Bestenliste").get_attribute("href") == "/leaderboard/"
    assert header.get_by_role("link", name="Ligen").get_attribute("href") == "/leagues/"
    page.locator("[data-leaderboard=preisjass]").wait_for()

    match_id = start_quick_run(page)
    page.locator(".hand button.card").first.wait_for()
    summary = _view(page, match_id)
    assert summary["is_opener"] is True

    # The fair-deal commitment, shortened, with the whole of it in the tooltip (in the table's menu).
    page.locator("[data-role=menu] > summary").click()
    commitment = summary["match"]["seed_commitment"]
    badge = page.locator("[data-role=commitment]")
    assert commitment[:10] in badge.inner_text() and commitment not in badge.inner_text()
    assert commitment in str(badge.get_attribute("title"))

    # The opener's spectator switch.
    switch = page.locator(".tools label.toggle", has_text="Zuschauer erlaubt").locator("input")
    assert switch.is_checked()
    switch.uncheck()
    page.wait_for_function(
        "id => fetch(`/api/matches/${id}/`).then(r => r.json()).then(m => !m.spectators_allowed)",
        arg=match_id,
    )
    shot(page, "polish-table-tools")

    # Most of the run through the API, away from the table; the last cards by clicking.
    page.goto("/")
    fast_forward(page, match_id, keep=CLICKED_CARDS)
    page.goto(f"/matches/{match_id}/")
    assert finish_by_clicking(page) >= 1

    final = page.locator("[data-role=final]")
    save_line = final.locator("[data-role=save-status]")
    save_line.filter(has_text="Ergebnis gespeichert").wait_for(timeout=15000)
    assert save_line.get_attribute("data-state") == "saved"
    assert final.locator("[data-action=save-again]").count() == 0
    assert final.locator("[data-action=leaderboard]").get_attribute("href") == "/leaderboard/preisjass/"
    assert final.locator("[data-action=replay]").get_attribute("href") == f"/matches/{match_id}/replay/"
    shot(page, "polish-final-saved")

    # A failed save, as the status endpoint reports it (faked in the browser only): the retry button
    # posts the real save, which answers "saved" (each result is stored once).
    failed = {"match_id": match_id, "saved": False, "state": "failed", "can_retry": True}
    page.route(f"**/api/leaderboard/matches/{match_id}/status/", lambda route: route.fulfill(json=failed))
    page.reload()
    save_line.filter(has_text="Ergebnis noch nicht gespeichert").wait_for()
    retry = final.get_by_role("button", name="Ergebnis erneut speichern")
    shot(page, "polish-final-retry")
    with page.expect_response(f"**/api/leaderboard/matches/{match_id}/save/") as answer:
        retry.click()
    assert answer.value.status == 200
    save_line.filter(has_text="Ergebnis gespeichert").wait_for()
    assert save_line.get_attribute("data-state") == "saved" and retry.count() == 0
    page.unroute(f"**/api/leaderboard/matches/{match_id}/status/")

    # History on the home page, with the replay link.
    page.goto("/")
    entry = page.locator(f"[data-role=history] li[data-match='{match_id}']")
    entry.wait_for()
    entry.locator(f"a[data-replay='{match_id}']").click()
    page.wait_for_url(f"**/matches/{match_id}/replay/")

    # The deal check on the replay.
    page.get_by_role("link", name="Kartenverteilung prüfen").click()
    page.locator("[data-verified]").wait_for()
    assert page.locator("[data-verified]").get_attribute("data-verified") == "true"
    log = page.request.get(f"/api/matches/{match_id}/events/").json()
    assert page.locator("[data-field=seed]").inner_text() == log["seed"]
    assert page.locator("[data-field=commitment]").inner_text() == commitment
    shot(page, "polish-verify")

    # The profile lists the match with its replay.
    page.goto("/accounts/profile/")
    assert page.locator(f"a[data-replay='{match_id}']").count() == 1
    assert watch.problems == []


def test_practice_run_says_not_saved(new_page: Any) -> None:
    """A short Schnapsen match (one Bummerl point: one deal) made practice by showing all hands."""
    page, watch = new_page("de")
    page.goto("/")
    created = page.request.post(
        "/api/matches/",
        data={
            "game": "schnapsen",
            "options": {"start_score": 1},
            "seats": [{"kind": "human", "name": ""}, {"kind": "ai", "name": "Anton"}],
            "name": "Gast Gerti",
        },
        headers={"X-CSRFToken": _csrf(page), "Referer": page.url},
    )
    assert created.status == 201, created.text()
    match_id = int(created.json()["id"])
    page.goto(f"/matches/{match_id}/")
    page.locator("[data-role=menu] > summary").click()
    page.locator("[data-action=show-hands]").click()
    page.locator("dialog[open] [data-answer=yes]").click()
    page.locator(".badge.practice").wait_for()
    page.goto("/")
    assert fast_forward(page, match_id, keep=-1)["match"]["status"] == "finished"
    page.goto(f"/matches/{match_id}/")
    save_line = page.locator("[data-role=final] [data-role=save-status]")
    save_line.wait_for()
    assert save_line.get_attribute("data-state") == "not_eligible"
    assert save_line.inner_text() == "Übungsdurchgang: nicht in der Bestenliste."
    assert page.locator("[data-action=save-again]").count() == 0
    status = page.request.get(f"/api/leaderboard/matches/{match_id}/status/").json()
    assert status["state"] == "not_eligible" and status["saved"] is False
    shot(page, "polish-final-practice")
    assert watch.problems == []


def test_new_game_option_labels_are_translated(new_page: Any) -> None:
    page, watch = new_page("de")
    page.goto("/new/?game=preferans")
    options = page.locator("[data-role=options]")
    pool = options.get_by_label("Poolgröße")
    pool.wait_for()
    assert pool.evaluate("e => e.tagName") == "SELECT"
    assert pool.locator("option").all_inner_texts() == ["10", "20", "30"]
    assert pool.input_value() == "20"
    assert options.get_by_label("Variante").locator("option").all_inner_texts() == [
        "Sotschi",
        "Leningrad",
        "Rostow",
    ]
    assert options.get_by_label("Steigende Raspasy (×1, ×2, ×3)").get_attribute("type") == "checkbox"
    assert "ascending_raspasy" not in options.inner_text()
    options.get_by_label("Anzahl der Spieler").select_option("4")
    assert page.locator("[data-role=seats] .seat-row").count() == 4
    shot(page, "polish-new-game-options")

    english, watch_en = new_page("en")
    english.goto("/new/?game=schnapsen")
    en_options = english.locator("[data-role=options]")
    en_options.get_by_label("First dealer").wait_for()
    assert en_options.get_by_label("Bummerl points to start from").input_value() == "7"
    assert watch.problems == [] and watch_en.problems == []

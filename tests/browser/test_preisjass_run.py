"""A registered player plays a whole Preisjass run (12 games) against three AI seats by clicking cards."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.helpers import log_in, log_out, next_step, play_and_wait, register

pytestmark = pytest.mark.browser


def test_full_preisjass_run_by_clicking(new_page: Any) -> None:
    page, watch = new_page("de")
    username = f"jasser{int(time.time() * 1000) % 10**8}"
    register(page, username, "Jasserin Vroni")
    log_out(page)
    log_in(page, username)

    page.goto("/")
    page.get_by_role("heading", name="Offene Tische").wait_for()
    shot(page, "lobby")

    page.goto("/preisjass/")
    # The page's own option ("Anton") is replaced by the labels in words once they load.
    expect(page.locator("#qs-ai option").first).to_have_text("Anton — Grundstufe (Maßstab)")
    expect(page.locator("#qs-ai option").nth(1)).to_contain_text("Punkte pro Spiel, Anton 39")
    page.locator("input[name=ai0]").fill("Anni")
    page.get_by_role("button", name="Durchgang starten").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(page.url.rstrip("/").split("/")[-1])

    page.locator(".seat .name", has_text="Anni").wait_for()
    assert page.locator(".trump-card figcaption").inner_text().startswith("Bodentrumpf")

    plays = 0
    games_seen = 0
    while True:
        step = next_step(page)
        if step == "play":
            if plays == 0:
                shot(page, "table")
            play_and_wait(page)
            plays += 1
        elif step == "next":
            games_seen += 1
            page.locator("dialog[open] [data-action=next-game]").click()
        else:
            break
    assert plays == 12 * 9
    assert games_seen == 11  # the twelfth game ends in the final result instead

    sheet = page.locator("[data-role=sheet-box]")
    sheet.locator("summary").click()
    assert sheet.get_attribute("open") is not None
    assert page.locator(".preisjass-sheet tbody tr").count() == 12
    assert page.locator(".sheet-sum").get_attribute("data-total-all") == "1884"
    totals = [
        int(x.replace(".", "")) for x in page.locator(".preisjass-sheet tr.total td.num").all_inner_texts()
    ]
    assert sum(totals) == 1884
    for column in range(4):
        cells = page.locator(f".preisjass-sheet tbody tr td.num:nth-of-type({column + 2})").all_inner_texts()
        points = [int(re.sub(r"\D", "", c)) for c in cells]
        assert sum(points) == totals[column]
    shot(page, "score-sheet")

    assert watch.problems == []
    page.locator("[data-action=replay]").click()
    page.wait_for_url(f"**/matches/{match_id}/replay/")
    event = page.locator("[data-role=event]")
    page.wait_for_function(
        "() => document.querySelector('[data-role=event]').textContent.trim() !== ''"
        " || document.querySelector('#replay-app [data-role=message]').textContent !== ''"
    )
    assert page.locator("#replay-app [data-role=message]").inner_text() == ""

    first = event.inner_text()
    page.get_by_role("button", name="Nächster Schritt").click()
    page.get_by_role("button", name="Nächster Schritt").click()
    assert event.inner_text() != first
    page.get_by_role("button", name="Letzter Schritt").click()
    last = event.inner_text()
    page.get_by_role("button", name="Vorheriger Schritt").click()
    assert event.inner_text() != last
    assert page.locator(".felt .mini-hand.open").count() == 3  # every hand is visible in the replay
    shot(page, "replay")
    assert watch.problems == []

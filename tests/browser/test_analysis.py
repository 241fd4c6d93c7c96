"""The post-match analysis in the replay: a Schnapsen Bummerl played to its end by clicking the first
legal card against Anton, then its replay asks for the analysis, shows its progress until it is done,
the summary per player and the evaluation chart, and "next mistake" steps to the first decision the
analysis classed a mistake or a blunder, with the played move, the best move and the loss."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import PHONE, STEP_JS, act, open_table

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

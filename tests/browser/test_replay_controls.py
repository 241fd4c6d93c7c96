"""The replay's controls: the step buttons are SVG icons with a visible word each (no font glyph that
may render as a box), autoplay moves on by itself and pauses, the deal and trick jumps land on a deal's
start and a trick's end, and at the step where a deal ends its result is shown. A two-deal Preferanzen session
against the AI is played by clicking first."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act
from tests.browser.test_endings import OPEN_JS

pytestmark = pytest.mark.browser

ICONS_JS = """() => [...document.querySelectorAll('.replay-controls button')].map(b => {
  const svg = b.querySelector('svg');
  const r = (svg || b).getBoundingClientRect();
  const word = b.querySelector('.label');
  return {label: b.getAttribute('aria-label'), svg: !!svg, w: r.width, h: r.height,
          text: word ? word.innerText.trim() : '',
          step: b.dataset.step || b.dataset.jump || b.dataset.action};
})"""

STEP_INFO_JS = """() => ({
  position: document.querySelector('[data-role=position]').textContent,
  event: document.querySelector('[data-role=event]').textContent,
  slider: Number(document.querySelector('[data-role=slider]').value),
})"""


def _play_to_the_end(page: Any) -> None:
    started = time.monotonic()
    while True:
        assert time.monotonic() - started < 240, "the session did not end in 240 s"
        step = page.wait_for_function(STEP_JS, timeout=60000).json_value()
        kind = step["kind"]
        if kind == "final":
            return
        if kind == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        act(page, step)


def test_replay_icons_autoplay_jumps_and_deal_results(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.goto("/")
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "name": ""}, {"kind": "ai", "name": ""}]
    for _ in range(4):  # deals where everyone passed have no trick to jump to: then another table
        created = page.evaluate(OPEN_JS, ["preferanzen", seats, {"deals": 2}])
        match_id = created["id"]
        page.goto(f"/matches/{match_id}/")
        _play_to_the_end(page)
        replay = page.request.get(f"/api/matches/{match_id}/replay/").json()
        if any(s["event"]["type"] == "play" and s["view"]["last_trick"] for s in replay["steps"]):
            break
        page.goto("/")
    types = [s["event"]["type"] for s in replay["steps"]]
    deal_starts = [i for i, kind in enumerate(types) if kind == "deal"]
    assert len(deal_starts) >= 2  # a deal all passed may be dealt again

    page.goto(f"/matches/{match_id}/replay/")
    page.locator("[data-role=position]", has_text="Schritt 1 von").wait_for()
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        icons = page.evaluate(ICONS_JS)
        by_step = {b["step"]: b for b in icons}
        for name in ("first", "prev", "next", "last", "autoplay", "prev-deal", "next-deal"):
            b = by_step[name]
            # An icon drawn, not a glyph (an SVG with room), an accessible name and a visible word.
            assert b["svg"] and b["w"] > 0 and b["h"] > 0 and b["label"] and b["text"], b
        page.screenshot(path=str(ARTIFACTS / f"replay-controls-{size['width']}.png"))
    page.set_viewport_size(PHONE)

    # Next deal from the start lands on the first deal's shuffle, then on the second one's.
    for target in deal_starts[:2]:
        page.locator("[data-jump=next-deal]").click()
        assert page.evaluate(STEP_INFO_JS)["slider"] == target
        assert page.evaluate(STEP_INFO_JS)["event"] == "Die Karten werden gemischt."
    page.locator("[data-jump=prev-deal]").click()
    assert page.evaluate(STEP_INFO_JS)["slider"] == deal_starts[0]

    # Next trick lands on a play that completed a trick: the finished trick is shown.
    page.locator("[data-jump=next-trick]").click()
    at = page.evaluate(STEP_INFO_JS)["slider"]
    step = replay["steps"][at]
    assert step["event"]["type"] == "play" and step["view"]["trick"] == [] and step["view"]["last_trick"]
    # A trick has a card from every seat still playing (two when a defender dropped out).
    assert page.locator(".felt .trick.finished .card").count() == len(step["view"]["playing"])
    assert len(step["view"]["last_trick"]) == len(step["view"]["playing"]) >= 2

    # Go to deal 2 by the select, then step back one: the end of deal 1 with its result.
    page.locator("[data-role=jump-deal]").select_option(str(deal_starts[1]))
    assert page.evaluate(STEP_INFO_JS)["slider"] == deal_starts[1]
    result = page.locator("[data-role=replay-deal-result]")
    assert result.is_hidden()
    sheets = [len(s["view"]["score_sheet"]) for s in replay["steps"]]
    end_of_first = max(i for i in range(deal_starts[1]) if sheets[i] == 1)
    page.locator("[data-role=slider]").fill(str(end_of_first))
    result.wait_for()
    assert result.locator("h2").inner_text() == "Spiel 1 ist vorbei"
    assert page.locator(".sheet-box summary").inner_text() == "Wertung der Partie"
    assert result.locator("[data-role=deal-result] [data-field=payment]").count() == 3
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.screenshot(path=str(ARTIFACTS / f"replay-deal-result-{size['width']}.png"), full_page=True)
    page.set_viewport_size(PHONE)

    # Autoplay moves on by itself, then pauses.
    page.locator("[data-role=speed]").select_option("400")
    before = page.evaluate(STEP_INFO_JS)["slider"]
    page.locator("[data-action=autoplay]").click()
    assert page.locator("[data-action=autoplay]").get_attribute("aria-pressed") == "true"
    moved = "n => Number(document.querySelector('[data-role=slider]').value) >= n + 2"
    page.wait_for_function(moved, arg=before)
    page.locator("[data-action=autoplay]").click()
    assert page.locator("[data-action=autoplay]").get_attribute("aria-pressed") == "false"
    paused = page.evaluate(STEP_INFO_JS)["slider"]
    page.wait_for_timeout(900)
    assert page.evaluate(STEP_INFO_JS)["slider"] == paused
    assert watch.problems == []

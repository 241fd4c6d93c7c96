"""The replay of a match just played against Anton: its analysis was started when the match ended (the
page asks for nothing), the page follows its progress ("decision 12 of 79", through a failed poll) and
shows the figures without a reload; a point of the evaluation chart, clicked or reached with the arrow
keys, moves the replay to that decision and the chart marks it; the seven step buttons carry an icon
and a word each, in one row that fits a 390 px phone, in German, English and Russian."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import _pages, _serve, shot
from tests.browser.helpers import DESKTOP, PHONE
from tests.browser.test_endings import OPEN_JS
from tests.browser.test_polish import fast_forward
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

BUTTONS = ("first", "prev-deal", "prev", "autoplay", "next", "next-deal", "last")
LABELS = {
    # "Ab-spielen": the translation's soft hyphen, where it wraps on a phone
    "de": ["Anfang", "Spiel zurück", "Zurück", "Ab\u00adspielen", "Weiter", "Spiel vor", "Ende"],
    "en": ["First", "Prev deal", "Back", "Play", "Next", "Next deal", "Last"],
    "ru": ["Начало", "Сдача назад", "Назад", "Пуск", "Вперёд", "Сдача вперёд", "Конец"],
}
PROGRESS = {
    "de": "Analysiere Entscheidung 12 von 79 …",
    "en": "Analysing decision 12 of 79…",
    "ru": "Анализ решения 12 из 79…",
}

BUTTONS_JS = """() => [...document.querySelectorAll('.replay-buttons button')].map(b => {
  const r = b.getBoundingClientRect();
  const label = b.querySelector('.label');
  return {name: b.dataset.step || b.dataset.jump || b.dataset.action, aria: b.getAttribute('aria-label'),
          text: label ? label.innerText.trim() : '', svg: !!b.querySelector('svg.icon'),
          top: Math.round(r.top), left: r.left, right: r.right,
          clipped: !label || label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1};
})"""

WIDTHS_JS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
SLIDER_JS = "() => Number(document.querySelector('[data-role=slider]').value)"
MARKER_JS = """() => {
  const m = document.querySelector('[data-role=chart-marker]');
  const current = document.querySelector('[data-role=analysis-chart] rect.pick[aria-current=true]');
  return {shown: m.getAttribute('display') !== 'none', decision: m.dataset.decision,
          current: current ? current.dataset.decision : null};
}"""


@pytest.fixture(scope="module")
def analysing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server as a player runs it: every match with a human player analysed as it ends (the shared
    server of the other tests analyses only on request)."""
    with _serve(tmp_path_factory.mktemp("analysing-server"), ANALYSIS_FOR_PLAYERS="1") as url:
        yield url


@pytest.fixture
def pages(browser: Any, analysing_server: str) -> Iterator[Any]:
    yield from _pages(browser, analysing_server)


def _steps_of_decisions(page: Any, match_id: int) -> tuple[list[int], list[dict[str, Any]]]:
    """The replay step index of every analysed decision, and the decisions."""
    replay = page.request.get(f"/api/matches/{match_id}/replay/").json()
    analysis = page.request.get(f"/api/matches/{match_id}/analysis/").json()
    assert analysis["status"] == "done", analysis["status"]
    index = {step["seq"]: i for i, step in enumerate(replay["steps"])}
    decisions = analysis["analysis"]["decisions"]
    return [index[d["seq"]] for d in decisions], decisions


def _check_buttons(page: Any, lang: str, width: int) -> None:
    buttons = page.evaluate(BUTTONS_JS)
    assert [b["name"] for b in buttons] == list(BUTTONS)
    assert [b["text"] for b in buttons] == LABELS[lang], buttons
    for b in buttons:
        assert b["svg"] and b["aria"] and not b["clipped"], b
        assert b["left"] >= 0 and b["right"] <= width, b
    assert len({b["top"] for b in buttons}) == 1, "the seven buttons are one row"
    widths = page.evaluate(WIDTHS_JS)
    assert widths[0] <= widths[1], widths  # no sideways scroll


def test_the_analysis_started_at_the_end_shows_its_progress_and_its_chart_moves_the_replay(
    pages: Any, analysing_server: str
) -> None:
    page, watch = pages("en", viewport=PHONE)
    page.goto("/")
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "name": ""}]
    match_id = page.evaluate(OPEN_JS, ["schnapsen", seats, {}])["id"]
    assert fast_forward(page, match_id, keep=-1)["match"]["status"] == "finished"
    # started by the match's end, charged to its player: done (or under way) with nobody asking
    url = f"/api/matches/{match_id}/analysis/"
    # (the last move was Anton's: its commit's after-effects may still be on the way)
    wait_until(lambda: page.request.get(url).json()["status"] != "none", 10, "the analysis to start")
    wait_until(lambda: page.request.get(url).json()["status"] == "done", 120, "the analysis")
    real = page.request.get(url).json()

    # The page follows the progress: two counts (a failed poll between them), then the real answer.
    def running(done: int) -> dict[str, Any]:
        return {**real, "status": "running", "analysis": None, "progress": {"done": done, "total": 79}}

    answers = [
        (200, running(11)),
        (503, {"error": {"code": "unavailable", "message": "restarting"}}),
        (200, running(40)),
    ]
    methods: list[str] = []

    def progress(route: Any) -> None:
        methods.append(route.request.method)
        if route.request.method == "GET" and answers:
            code, body = answers.pop(0)
            route.fulfill(status=code, content_type="application/json", body=json.dumps(body))
        else:
            route.continue_()

    watch.allowed_statuses.add(503)
    page.route(f"**{url}", progress)
    page.goto(f"/matches/{match_id}/replay/")
    status = page.locator("[data-role=analysis-status]")
    page.locator("[data-role=analysis-status][data-done='11']").wait_for()
    assert status.inner_text() == PROGRESS["en"]
    bar = page.locator("[data-role=analysis-progress]")
    assert bar.is_visible() and bar.get_attribute("max") == "79" and bar.get_attribute("value") == "11"
    shot(page, "replay-analysis-progress-390-en")
    page.locator("[data-role=analysis-status][data-done='40']").wait_for(timeout=20000)
    assert status.inner_text() == "Analysing decision 41 of 79…"
    page.locator("[data-role=analysis-status][data-state=done]").wait_for(timeout=30000)
    assert bar.is_hidden()
    assert "POST" not in methods, methods  # started at the match's end: the page asked for nothing
    assert [m for m in methods if m == "GET"][:4] == ["GET"] * 4  # the 503 did not end the polling
    page.unroute(f"**{url}")

    steps, decisions = _steps_of_decisions(page, match_id)
    picks = page.locator("[data-role=analysis-chart] rect.pick")
    assert picks.count() == len(decisions) > 3
    # Click (tap) a point: the replay goes to that decision, the chart marks it, its panel shows.
    target = len(decisions) // 2
    picks.nth(target).click()
    assert page.evaluate(SLIDER_JS) == steps[target]
    assert page.evaluate(MARKER_JS) == {"shown": True, "decision": str(target), "current": str(target)}
    assert page.locator("[data-role=decision]").is_visible()
    label = picks.nth(target).get_attribute("aria-label")
    assert label.startswith(f"Decision {target + 1}: "), label
    shot(page, "replay-analysis-chart-picked-390-en")
    # The keys: the arrow on the focused point moves one decision on (not one step as well); Enter.
    picks.nth(target).focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(SLIDER_JS) == steps[target + 1]
    assert page.evaluate(MARKER_JS)["decision"] == str(target + 1)
    page.keyboard.press("Home")
    assert page.evaluate(SLIDER_JS) == steps[0]
    # Stepping the replay moves the marker to the last decision at or before the step.
    page.locator("[data-step=last]").click()
    assert page.evaluate(MARKER_JS)["decision"] == str(len(decisions) - 1)
    # The page's own keys still step the replay (focus off the chart).
    page.locator("h1").click()
    page.keyboard.press("Home")
    assert page.evaluate(SLIDER_JS) == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(SLIDER_JS) == 1
    page.keyboard.press("End")
    assert page.evaluate(SLIDER_JS) == int(page.locator("[data-role=slider]").get_attribute("max"))
    assert [p for p in watch.problems if "status of 503" not in p] == []  # the failed poll itself

    # The controls in every language, on a phone and a desktop: labelled, one row, no sideways scroll.
    artifacts = Path(__file__).resolve().parents[2] / "artifacts"
    artifacts.mkdir(exist_ok=True)
    for lang in ("de", "en", "ru"):
        for size in (PHONE, DESKTOP):
            view, view_watch = pages(lang, viewport=size)
            view.goto(f"/matches/{match_id}/replay/")
            view.locator("[data-role=analysis-status][data-state=done]").wait_for()
            _check_buttons(view, lang, size["width"])
            picks = view.locator("[data-role=analysis-chart] rect.pick")
            picks.nth(1).click()
            assert view.evaluate(SLIDER_JS) == steps[1]
            shot(view, f"replay-analysis-{size['width']}-{lang}")
            top = artifacts / f"replay-controls-row-{size['width']}-{lang}.png"
            view.locator(".replay-controls").screenshot(path=str(top))
            assert not view_watch.problems, view_watch.problems

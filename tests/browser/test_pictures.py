"""Pictures where people would rather look: the home page's game pictures and rules links, a rules page
with its cards (court cards as figures), the AI choice in words in the dialogs, the contract line on
the table, and the score progression chart of a finished match on the final screen and the replay.
Screenshots at phone and desktop size go to artifacts/."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from games import packs
from games.engine import CHANCE, get_rules
from tests.browser.conftest import shot
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
GAMES = packs.names()


@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
def test_home_pictures_and_a_rules_page_render(new_page: Any, size: str, viewport: dict[str, int]) -> None:
    page, watch = new_page("de", viewport)
    page.goto("/")
    page.locator(".game-tile .game-picture").nth(4).wait_for()
    pictures = page.locator(".game-picture")
    assert pictures.count() == 5
    for game in GAMES:
        tile = page.locator(f".game-tile[data-game={game}]")
        assert tile.locator(".game-picture svg.card-svg").count() >= 3
        assert tile.locator(".game-line").inner_text().strip()
        assert tile.locator(f"a[data-rules={game}]").get_attribute("href") == f"/rules/{game}/"
        box = tile.locator(".game-picture").bounding_box()
        assert box and box["width"] > 40 and box["height"] > 30
    shot(page, f"pictures-home-{size}")

    page.locator("a[data-rules=preisjass]").click()
    page.wait_for_url("**/rules/preisjass/")
    page.locator("[data-cards] .card svg").first.wait_for()
    for section in ("ranking", "trumps", "bidding", "scoring"):
        assert page.locator(f"section#{section} h2").is_visible()
    # German court cards are figures (Unter, Ober, König), not letters in a frame.
    assert page.locator("#ranking .card[data-card=KC] .court-K").count() == 1
    assert page.locator("#ranking .card[data-card=QC] .court-Q").count() == 1
    assert page.locator("#trumps .card[data-card=JH] .court-J").count() == 1
    shot(page, f"pictures-rules-preisjass-{size}")
    page.goto("/rules/schnapsen/")
    page.locator("#ranking .card[data-card=QH] .court-Q").wait_for()
    # every court card of both decks, large, for the screenshot
    page.evaluate(
        """async () => {
             const { cardImage } = await import('/static/frontend/js/cards.js');
             const box = document.createElement('div');
             box.id = 'courts';
             box.className = 'court-sheet';
             for (const style of ['german', 'french']) {
               for (const suit of 'CSHD') {
                 for (const rank of 'JQK') box.append(cardImage(rank + suit, style, 'court-sample'));
               }
             }
             document.querySelector('#ranking').append(box);
           }"""
    )
    assert page.locator("#courts .card").count() == 24 and page.locator("#courts .court").count() == 24
    page.locator("#courts").screenshot(path=f"artifacts/pictures-court-cards-{size}.png")
    assert not watch.problems, watch.problems


@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
def test_ai_choice_in_words_and_rules_link_in_the_dialogs(
    new_page: Any, size: str, viewport: dict[str, int]
) -> None:
    page, watch = new_page("de", viewport)
    page.goto("/new/")
    page.locator("#ng-ai option").first.wait_for(state="attached")
    for game in GAMES:
        page.select_option("#ng-game", game)
        labels = page.locator("#ng-ai option").all_inner_texts()
        values = [o.get_attribute("value") for o in page.locator("#ng-ai option").all()]
        assert labels and values[0] == "anton", (game, labels)
        assert labels[0] == "Anton — Grundstufe (Maßstab)"
        assert "random" not in values and not any("Ø —" in label for label in labels), labels
        assert page.locator("[data-role=rules-link]").get_attribute("href") == f"/rules/{game}/"
    page.select_option("#ng-game", "preferanzen")
    assert page.locator("#ng-ai").is_visible()
    shot(page, f"pictures-new-game-{size}")

    page.goto("/preisjass/")
    page.locator("#qs-ai option[value=bernd]").wait_for(state="attached")
    labels = page.locator("#qs-ai option").all_inner_texts()
    assert labels[0] == "Anton — Grundstufe (Maßstab)"
    assert labels[1].startswith("Lena — holt im Schnitt ")  # the beginner, then the stronger levels
    bernd = next(label for label in labels if label.startswith("Bernd"))
    assert re.fullmatch(
        r"Bernd — holt im Schnitt \d+ Punkte pro Spiel, Anton 39 \(95 %-Bereich \d+–\d+\)", bernd
    )
    assert "random" not in page.locator("#qs-ai").inner_html()
    assert not watch.problems, watch.problems


def _csrf(page: Any) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")


def _play_out(page: Any, match_id: int) -> dict[str, Any]:
    headers = {"X-CSRFToken": _csrf(page), "Referer": page.url}
    deadline = time.monotonic() + 120

    def my_turn_or_over() -> dict[str, Any] | None:
        payload = dict(page.request.get(f"/api/matches/{match_id}/view/").json())
        view = payload["view"]
        over = payload["match"]["status"] != "running"
        return payload if over or (view["to_move"] == payload["seat"] and view["legal"]) else None

    while True:
        payload = wait_until(my_turn_or_over, deadline - time.monotonic(), "the match to end (120 s)")
        if payload["match"]["status"] != "running":
            return payload
        view = payload["view"]
        resp = page.request.post(
            f"/api/matches/{match_id}/actions/",
            data={"action": view["legal"][0], "seq": payload["seq"]},
            headers=headers,
        )
        assert resp.status in (200, 201, 409), resp.text()


def test_contract_line_and_score_progression_of_a_finished_bummerl(new_page: Any) -> None:
    page, watch = new_page("de", PHONE)
    page.goto("/new/?game=schnapsen")
    page.fill("#ng-name", "Gast Grete")
    page.locator("#ng-ai option[value=anton]").wait_for(state="attached")
    page.fill("#opt-start_score", "2")
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(page.url.rstrip("/").split("/")[-1])
    # Schnapsen names its trump on the felt beside the stock, so its contract line stays empty
    page.locator(".trump-info p.trump").wait_for()
    assert page.locator(".trump-info p.trump").inner_text().startswith("Trumpf: ")
    assert page.locator("[data-role=contract-line]").is_hidden()
    assert page.locator("[data-role=rules-link]").get_attribute("href") == "/rules/schnapsen/"
    shot(page, "pictures-table-contract-390")

    final = _play_out(page, match_id)
    deals = len(final["view"]["deals"])
    assert deals >= 1
    chart = page.locator("[data-role=score-progress] svg.chart")
    chart.wait_for()
    series = chart.locator("g.series")
    assert series.count() == 2
    assert [series.nth(i).get_attribute("data-points") for i in range(2)] == [str(deals)] * 2
    assert series.nth(0).locator("circle").count() == deals
    legend = page.locator("[data-role=score-progress] .chart-legend li").all_inner_texts()
    assert legend[0] == "Gast Grete" and len(legend) == 2
    shot(page, "pictures-final-chart-390")

    page.goto(f"/matches/{match_id}/replay/")
    replay_chart = page.locator("[data-role=progress] svg.chart")
    replay_chart.wait_for()
    assert replay_chart.locator("g.series").count() == 2
    assert replay_chart.locator("g.series").first.get_attribute("data-points") == str(deals)
    # the last point is the final score of each seat
    final_scores = final["view"]["scores"]
    drawn = page.evaluate(
        """async () => {
             const { scoreProgress } = await import('/static/frontend/js/progress.js');
             const data = await (await fetch(location.pathname.replace('/matches/', '/api/matches/'))).json();
             return scoreProgress(data.steps, ['a', 'b']).series.map((s) => s.values);
           }"""
    )
    assert [values[-1] for values in drawn] == final_scores
    assert all(len(values) == deals for values in drawn)
    shot(page, "pictures-replay-chart")
    assert not watch.problems, watch.problems


def _play_view(game: str, seed: int, raspasy: bool = False) -> dict[str, Any]:
    """The public view of the first trick of a seeded random deal of `game` that has a contract (or a
    raspasy), straight from the engine."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event())
    while state.to_move is not None:
        view = state.view(None)
        if raspasy:
            wanted = bool(view.get("raspasy"))
        else:
            wanted = view.get("contract") is not None or game in ("preisjass", "schnapsen")
        if view["phase"] == "play" and wanted:
            return dict(view)
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            actions = state.legal_actions()
            passes = [a for a in actions if a.get("bid") == "pass"]
            event = passes[0] if raspasy and passes else rng.choice(actions)
        state = rules.apply(state, event)
    raise AssertionError(f"no play phase in {game}")


@pytest.mark.parametrize(
    ("game", "seed", "raspasy", "style", "expected"),
    [
        ("preferans", 3, False, "french", "Bea spielt 10 ohne, Whist: Ada"),
        ("preferans", 1, True, "french", "Raspasy: jeder versucht, möglichst wenige Stiche zu machen"),
        ("preferanzen", 3, False, "french", "Bea spielt Geschäft ♥ Herz, Gegenspieler: Ada"),
        ("preference_vienna", 3, False, "french", "Bea spielt Herz ♥ (Handspiel), Gegenspieler: Ada und Cem"),
        ("preisjass", 3, False, "german", "Trumpf: Schellen (Bodentrumpf) – jeder spielt für sich"),
        ("schnapsen", 3, False, "french", ""),  # the felt names the trump
    ],
)
def test_contract_line_from_real_views(
    new_page: Any, game: str, seed: int, raspasy: bool, style: str, expected: str
) -> None:
    page, watch = new_page("de")
    page.goto("/")
    page.locator("#h-games").wait_for()
    view = _play_view(game, seed, raspasy)
    line = page.evaluate(
        """async ([view, style]) => {
             const { contractLine } = await import('/static/frontend/js/contract.js');
             return contractLine(view, ['Ada', 'Bea', 'Cem', 'Dan'].slice(0, view.hand_sizes.length), style);
           }""",
        [view, style],
    )
    assert line == expected
    assert not watch.problems, watch.problems


def test_rating_history_chart_draws_one_line_per_game(new_page: Any) -> None:
    page, watch = new_page("de", PHONE)
    page.goto("/")
    page.locator("#h-games").wait_for()
    page.evaluate(
        """async () => {
             const box = document.createElement('div');
             box.dataset.role = 'rating-history';
             box.dataset.history = JSON.stringify({ Schnapsen: [0, 1.5, 2.25, 3], Preisjass: [0, -1] });
             document.querySelector('main').prepend(box);
             await import('/static/frontend/js/ratingchart.js');
           }"""
    )
    chart = page.locator("[data-role=rating-history] svg.chart")
    chart.wait_for()
    points = [g.get_attribute("data-points") for g in chart.locator("g.series").all()]
    assert points == ["4", "2"]
    assert chart.locator("text", has_text="Gewertete Partien").count() == 1
    legend = page.locator("[data-role=rating-history] .chart-legend li").all_inner_texts()
    assert legend == ["Schnapsen", "Preisjass"]
    chart.screenshot(path="artifacts/pictures-rating-chart-390.png")
    assert not watch.problems, watch.problems

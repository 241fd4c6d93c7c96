"""A guest plays a whole Schnapsen Bummerl (7 -> 0) against Anton by clicking cards and the panel's
exchange, close and marriage buttons; the final screen and the score sheet are checked against the API."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, shot
from tests.browser.helpers import next_step

pytestmark = pytest.mark.browser

# The table's own knowledge of the current view (window.kartentisch), to know what was legal.
LEGAL_JS = """() => {
  const s = window.kartentisch.app.shown;
  if (!s || !s.view) return [];
  return s.view.legal.filter(a => a.type !== 'play' || a.marriage)
    .map(a => a.type + (a.marriage ? ':marriage' : ''));
}"""


def _view(page: Any, match_id: int) -> dict[str, Any]:
    data: dict[str, Any] = page.request.get(f"/api/matches/{match_id}/view/").json()
    return data


def _ints(page: Any, selector: str, attr: str) -> list[int]:
    return [int(x) for x in page.locator(selector).evaluate_all(f"els => els.map(e => e.dataset.{attr})")]


def _press(page: Any, button: Any) -> None:
    """Press a button or a card and wait until the table shows the state after the action (a card
    may come back at once in the next deal, so waiting for it to leave the hand is not enough)."""
    seq = page.evaluate("() => window.kartentisch.app.shown.seq")
    button.click()
    page.wait_for_function(
        "seq => window.kartentisch.app.shown.seq > seq"
        " || document.querySelector('[data-role=message]').dataset.kind === 'error'",
        arg=seq,
    )
    message = page.locator("[data-role=message]")
    assert message.get_attribute("data-kind") != "error", message.inner_text()


def test_bummerl_against_anton(new_page: Any) -> None:
    page, watch = new_page("de")
    page.goto("/new/?game=schnapsen")
    page.fill("#ng-name", "Gast Grete")
    page.locator("#ng-ai option[value=anton]").wait_for(state="attached")
    seat = page.locator(".seat-row[data-seat='1']")
    assert seat.locator("select").input_value() == "ai"
    seat.locator("input[data-name]").fill("Anton")
    page.locator("input[name=deck][value=french]").check()
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(page.url.rstrip("/").split("/")[-1])
    page.locator(".seat .name", has_text="Anton").wait_for()

    # The stock: a face-down pile with its size and the trump card turned across beneath it.
    pile = page.locator(".schnapsen-stock .pile")
    pile.wait_for()
    view = _view(page, match_id)["view"]
    trump_card = str(pile.locator(".trump-under").get_attribute("data-card"))
    assert re.match(r"^[AKQJT][CSDH]$", trump_card) and trump_card[1] == view["trump"]
    assert 0 < int(str(pile.locator(".stock-count").get_attribute("data-count"))) <= 9
    assert page.locator(".schnapsen-facts [data-bummerl='0']").inner_text() == "7"
    assert page.locator(".schnapsen-facts [data-bummerl='1']").inner_text() == "7"
    shot(page, "schnapsen-table")

    record: dict[str, Any] = {"legal": [], "pressed": [], "plays": 0, "deals_seen": 0, "states": set()}
    closes = 0
    while True:
        step = next_step(page, timeout=30000)
        if step == "next":
            dialog = page.locator("dialog[open]")
            assert dialog.locator(".schnapsen-row-result .deal-winner").inner_text()
            record["deals_seen"] += 1
            if record["deals_seen"] == 1:
                shot(page, "schnapsen-deal-over")
            dialog.locator("[data-action=next-game]").click()
            continue
        if step == "final":
            break
        record["states"].add(page.locator(".schnapsen-stock").get_attribute("data-state"))
        legal = page.evaluate(LEGAL_JS)
        for kind in legal:
            if kind not in record["legal"]:
                record["legal"].append(kind)
        panel = page.locator(".schnapsen-actions")
        if legal:
            panel.wait_for()
            assert panel.locator("button").count() == len(legal)
            assert (
                page.locator(".hand[data-ready=true] button.card.legal").count() > 0
            )  # plain plays stay clickable
        exchange = panel.locator("button[data-type=exchange_trump]")
        marriage = panel.locator("button.marriage")
        close = panel.locator("button[data-type=close]")
        own = page.locator(".schnapsen-facts .own-points")
        points = int(str(own.get_attribute("data-points"))) if own.count() else 0
        if exchange.count():
            assert exchange.inner_text().startswith("Trumpf-Buben tauschen")
            if "exchange" not in record["pressed"]:
                shot(page, "schnapsen-exchange")
            _press(page, exchange)
            record["pressed"].append("exchange")
        elif marriage.count():
            label = marriage.first.inner_text()
            assert re.match(
                r"^Ansagen: (20|40) \((Kreuz|Pik|Herz|Karo)\) – (König|Dame) ausspielen$", label
            ), label
            if "marriage" not in record["pressed"]:
                shot(page, "schnapsen-marriage")
            _press(page, marriage.first)
            record["pressed"].append("marriage")
        elif close.count() and closes < 2 and points >= 40:
            assert close.inner_text() == "Zudrehen"
            _press(page, close)
            closes += 1
            record["pressed"].append("close")
            page.locator(".schnapsen-stock .closed-mark").wait_for()
            shot(page, "schnapsen-closed")
        else:
            _press(page, page.locator(".hand[data-ready=true] button.card.legal").first)
            record["plays"] += 1

    # The final screen: the Bummerl winner and the match score (7 -> 0).
    payload = _view(page, match_id)
    view = payload["view"]
    assert payload["match"]["status"] == "finished"
    scores, game_points = view["scores"], view["game_points"]
    winner = 0 if scores[0] == 0 else 1
    assert scores[winner] == 0 and scores[1 - winner] > 0
    names = ["Gast Grete", "Anton"]
    final = page.locator("[data-role=final]")
    assert final.locator(".bummerl-winner").get_attribute("data-winner") == str(winner)
    assert f"{names[winner]} gewinnt das Bummerl" in final.inner_text()
    ranking = final.locator("ol.ranking li")
    assert ranking.count() == 2
    assert ranking.first.get_attribute("data-seat") == str(winner)
    assert _ints(page, "[data-role=final] ol.ranking li", "score") == [0, scores[1 - winner]]
    shot(page, "schnapsen-final")

    # The score sheet: one row per deal, the game points add up, the count-down runs 7 -> 0.
    page.locator("[data-role=sheet-box] summary").click()
    rows = page.locator(".schnapsen-sheet tbody tr.deal")
    assert rows.count() == len(view["deals"]) == record["deals_seen"] + 1
    for s in (0, 1):
        gp = _ints(page, f".schnapsen-sheet tbody tr.deal td.gp[data-seat='{s}']", "gp")
        stand = _ints(page, f".schnapsen-sheet tbody tr.deal td.stand[data-seat='{s}']", "stand")
        assert gp == [row["game_points"][s] for row in view["deals"]]
        running = 7
        for won, left in zip(gp, stand, strict=True):
            running -= won
            assert left == max(0, running)
        assert sum(gp) == game_points[s]
        total = page.locator(f".schnapsen-sheet tfoot td.gp-total[data-seat='{s}']").get_attribute("data-gp")
        assert int(str(total)) == sum(gp)
        left = page.locator(f".schnapsen-sheet tfoot td.stand-total[data-seat='{s}']").get_attribute(
            "data-stand"
        )
        assert int(str(left)) == scores[s] == max(0, 7 - sum(gp))
    for row, winner_seat in zip(
        view["deals"], _ints(page, ".schnapsen-sheet tbody tr.deal", "winner"), strict=True
    ):
        assert row["winner"] == winner_seat and row["game_points"][winner_seat] in (1, 2, 3)
    assert page.locator(".schnapsen-sheet-wrap .bummerl-winner").get_attribute("data-winner") == str(winner)
    shot(page, "schnapsen-sheet")

    # Every exchange and marriage that was legal on my turn was offered as a button and pressed.
    if "exchange_trump" in record["legal"]:
        assert "exchange" in record["pressed"]
    if "play:marriage" in record["legal"]:
        assert "marriage" in record["pressed"]
    record["states"] = sorted(s for s in record["states"] if s)
    record.update(match=match_id, winner=names[winner], scores=scores, deals=len(view["deals"]))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "schnapsen-run.json").write_text(json.dumps(record, indent=1))
    print("schnapsen run:", json.dumps(record))
    assert watch.problems == []

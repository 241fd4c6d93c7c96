"""A guest plays a whole short Preferans pool (size 10) against two Anton seats through the real table:
the bid ladder, the exchange, the contract, whist / pass, open / closed and every card are clicked at
random (fixed seed) among what the page offers. The pool ends in a settlement that sums to exactly zero,
on the page and in the API's result."""

from __future__ import annotations

import random
import re
import time
from fractions import Fraction
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, shot
from tests.browser.helpers import CLIENT_STATE_JS

pytestmark = pytest.mark.browser

MAX_DEALS = 5

# What the page offers now, once the table is idle and it is this seat's turn (or the final result).
STEP_JS = """() => {
  const fin = document.querySelector('[data-role=final]');
  if (fin && !fin.hidden) return {kind: 'final'};
  if (document.querySelector('dialog[open] [data-action=next-game]')) return {kind: 'next'};
  const k = window.kartentisch;
  if (!k || !k.app.shown || !k.app.shown.view) return false;
  const app = k.app, p = app.shown;
  if (app.pending || app.queue.length || app.pumping || app.overlay) return false;
  if (p.view.to_move !== p.seat) return false;
  const panel = [...document.querySelectorAll('[data-role=actions] .prs-panel button:not([disabled])')];
  if (panel.length) return {kind: 'panel', seq: p.seq, phase: p.view.phase,
    buttons: panel.map(b => [b.dataset.type || '', b.dataset.bid || b.dataset.contract || b.dataset.call
      || b.dataset.mode || b.dataset.card || ''])};
  if (document.querySelector('.hand[data-ready=true] button.card.selectable'))
    return {kind: 'select', seq: p.seq, n: document.querySelectorAll('.hand button.card.selectable').length};
  const legal = document.querySelectorAll('.hand[data-ready=true] button.card.legal');
  if (legal.length) return {kind: 'play', seq: p.seq, n: legal.length};
  return false;
}"""

MOVED_JS = """seq => {
  const k = window.kartentisch;
  const msg = document.querySelector('[data-role=message]');
  return (k.app.shown && k.app.shown.seq !== seq)
    || msg.dataset.kind === 'error' || msg.dataset.kind === 'refused';
}"""


def _wait_moved(page: Any, seq: int) -> None:
    try:
        page.wait_for_function(MOVED_JS, arg=seq, timeout=15000)
    except Exception:
        state = page.evaluate(CLIENT_STATE_JS)
        raise AssertionError(f"no new state after acting at seq {seq}: {state}") from None
    message = page.locator("[data-role=message]")
    assert message.get_attribute("data-kind") not in ("error", "refused"), message.inner_text()


def _choose_panel(rng: random.Random, buttons: list[list[str]], played: bool = True) -> int:
    """A random enabled button. Bidding and the contract are drawn among the lowest three steps (Pass
    half the time), as a player raises step by step; whist, pass, half and open/closed uniformly, except
    that a defender says whist until it has `played` a card (else a pool of a few deals could pass
    without a card of its own: declarer's contracts the defenders both pass, its own passes on whist)."""
    indices = list(range(len(buttons)))
    kind = buttons[0][0]
    if kind == "defend" and not played:
        return next(i for i, (_, value) in enumerate(buttons) if value == "whist")
    if kind in ("bid", "declare"):
        passes = [i for i, (_, value) in enumerate(buttons) if value == "pass"]
        steps = [i for i, (_, value) in enumerate(buttons) if value not in ("pass", "hold")][:3]
        holds = [i for i, (_, value) in enumerate(buttons) if value == "hold"]
        if passes and rng.random() < 0.5:
            return passes[0]
        return rng.choice(steps + holds or indices)
    return rng.choice(indices)


def _set_option(page: Any, key: str, value: str) -> None:
    """The new-game dialog shows a rule option as a select (known values) or an input."""
    field = page.locator(f"#opt-{key}")
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def test_whole_pool_against_anton_settles_to_zero(new_page: Any) -> None:
    rng = random.Random(1001)
    page, watch = new_page("de")
    page.context.add_init_script("localStorage.setItem('kt.sheetOpen', '1');")
    page.goto("/new/?game=preferans")
    page.fill("#ng-name", "Gast Galina")
    page.locator("#opt-pool").wait_for()
    _set_option(page, "pool", "10")
    _set_option(page, "max_deals", str(MAX_DEALS))
    assert page.locator(".seat-row[data-seat='1'] select").input_value() == "ai"
    assert page.locator(".seat-row[data-seat='2'] select").input_value() == "ai"
    assert page.locator("#ng-ai").input_value() == "anton"
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(page.url.rstrip("/").split("/")[-1])
    page.locator(".seat .name", has_text="Gast Galina").wait_for()

    seen: set[str] = set()
    shots: set[str] = set()
    deals_on_sheet = 0
    started = time.monotonic()
    while True:
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        kind = step["kind"]
        if kind == "final":
            break
        assert time.monotonic() - started < 240, "the pool takes too long"
        if kind == "next":  # the result of the deal just finished
            seen.add("deal-result")
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        seq = step["seq"]
        if kind == "panel":
            buttons = step["buttons"]
            seen.add(f"{step['phase']}:{buttons[0][0]}")
            if step["phase"] not in shots:
                shots.add(step["phase"])
                shot(page, f"preferans-panel-{step['phase']}")
            i = _choose_panel(rng, buttons, played="play" in seen)
            page.locator("[data-role=actions] .prs-panel button:not([disabled])").nth(i).click()
        elif kind == "select":
            seen.add("exchange")
            cards = page.locator(".hand button.card.selectable")
            for i in sorted(rng.sample(range(step["n"]), 2)):
                cards.nth(i).click()
            confirm = page.locator("[data-role=actions] button.primary[data-type=exchange]")
            assert confirm.is_enabled()
            if "exchange" not in shots:
                shots.add("exchange")
                shot(page, "preferans-exchange")
            confirm.click()
        else:
            seen.add("play")
            page.locator(".hand[data-ready=true] button.card.legal").nth(rng.randrange(step["n"])).click()
        _wait_moved(page, seq)
        deals = int(page.locator(".prs-sheet").get_attribute("data-deals") or 0)
        if deals > deals_on_sheet:
            deals_on_sheet = deals
            # the sheet is updated after every deal: one log row per deal, the latest one on top of the last
            assert page.locator(".prs-log tbody tr").count() == deals
            if deals == 2:
                shot(page, "preferans-sheet-running")

    assert "bid:bid" in seen and "play" in seen
    box = page.locator("[data-role=sheet-box]")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    sheet = page.locator(".prs-sheet")
    assert sheet.get_attribute("data-over") == "true"
    deals_on_sheet = int(sheet.get_attribute("data-deals") or 0)
    assert page.locator(".prs-log tbody tr").count() == deals_on_sheet
    exacts = page.locator(".prs-summary tr.settlement td[data-exact]").evaluate_all(
        "els => els.map(e => e.dataset.exact)"
    )
    assert len(exacts) == 3
    assert sum((_fraction(e) for e in exacts), Fraction(0)) == 0
    assert page.locator(".prs-zero").get_attribute("data-sum") == "0"
    assert "= 0" in page.locator(".prs-zero").inner_text()
    assert page.locator(".prs-steps li").count() == 5
    assert page.locator(".prs-paper text.pool").count() == 3
    sheet.scroll_into_view_if_needed()
    shot(page, "preferans-sheet-final")
    page.locator(".prs-paper").screenshot(path=str(ARTIFACTS / "preferans-paper.png"))

    replay = page.request.get(f"/api/matches/{match_id}/replay/").json()
    result = replay["result"]
    assert result["finished"] is True
    assert result["end_reason"] in ("pools_full", "max_deals")
    assert sum((_fraction(e) for e in result["totals_exact"]), Fraction(0)) == 0
    assert result["totals_exact"] == exacts
    assert result["deals_played"] == deals_on_sheet <= MAX_DEALS
    if result["end_reason"] == "max_deals":
        assert result["deals_played"] == MAX_DEALS
    if result["deals_played"] > 1:  # every deal but the last ends in its result dialog
        assert "deal-result" in seen
    view = page.request.get(f"/api/matches/{match_id}/view/").json()
    assert view["match"]["status"] == "finished"
    assert view["view"]["scores_exact"] == exacts
    assert view["view"]["sheet"]["pool"] == [
        int(c.split("/")[0]) for c in page.locator(".prs-summary tr.pool td").all_inner_texts()
    ]
    (ARTIFACTS / "preferans-run.txt").write_text(
        f"choices seen: {sorted(seen)}\nend: {result['end_reason']} after {result['deals_played']} deals\n"
        f"settlement: {result['totals_exact']}\n"
    )
    assert watch.problems == []


# --- the panels and the felt from real engine views (deterministic deals) -------------------------------

RENDER_JS = """async ({view, names, what}) => {
  const mod = await import('/static/frontend/js/games/preferans.js');
  window.sent = [];
  const box = document.getElementById('prs-test') || document.body.appendChild(document.createElement('div'));
  box.id = 'prs-test';
  const seats = names.map((name, index) => ({index, name, kind: index ? 'ai' : 'human'}));
  let node;
  const send = a => window.sent.push(a);
  if (what === 'panel') node = mod.actionsPanel({view, match: {seats}, seat: view.seat}, send, 'french');
  else if (what === 'felt') node = mod.felt({view, seats, mySeat: view.seat, style: 'french'});
  else node = mod.sheet(view, names, 'french');
  box.replaceChildren(node || document.createTextNode('null'));
  return Boolean(node);
}"""

NAMES = ["Galina", "Anton", "Berta"]


def _engine(bids: list[str]) -> tuple[Any, Any]:
    from games.engine import get_rules
    from games.engine.cards import DECK_32

    rules = get_rules("preferans")
    state = rules.initial_state(rules.start_event({"pool": 10}))
    state = rules.apply(state, {"type": "deal", "dealer": 2, "deck": list(DECK_32)})
    for bid in bids:
        state = rules.apply(state, {"type": "bid", "seat": state.to_move, "bid": bid})
    return rules, state


def _act(rules: Any, state: Any, **fields: Any) -> Any:
    seat = state.to_move
    action = next(a for a in state.view(seat)["legal"] if all(a.get(k) == v for k, v in fields.items()))
    return rules.apply(state, action)


def _render(page: Any, view: dict[str, Any], what: str) -> bool:
    return bool(page.evaluate(RENDER_JS, {"view": view, "names": NAMES, "what": what}))


def _sent(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.sent"))


def test_panels_and_felt_follow_the_engine_views(new_page: Any) -> None:
    page, watch = new_page("de")
    page.goto("/")

    # Bidding: only the legal steps are enabled; the elder of the last two may say "hier".
    rules, state = _engine(["6S", "6C", "pass"])
    view = state.view(0)
    assert _render(page, view, "panel")
    enabled = page.locator("#prs-test button:not([disabled])").evaluate_all(
        "els => els.map(e => e.dataset.bid)"
    )
    assert sorted(enabled) == sorted(a["bid"] for a in view["legal"])
    assert "hold" in enabled and "MIS" not in enabled  # no misère after an own bid
    assert page.locator("#prs-test [data-bid=MIS]").is_disabled()
    page.locator("#prs-test [data-bid=hold]").click()
    assert _sent(page) == [{"type": "bid", "seat": 0, "bid": "hold"}]
    # The ladder order: 8 ohne, then Misère, then 9♠.
    order = page.locator("#prs-test .prs-ladder button").evaluate_all("els => els.map(e => e.dataset.bid)")
    assert order[order.index("8NT") + 1 : order.index("8NT") + 3] == ["MIS", "9S"]

    # Declarer: the talon on the felt for everybody, the discard only for him, the contract >= the bid.
    rules, state = _engine(["6S", "pass", "pass"])
    assert _render(page, state.view(1), "felt")
    assert len(page.locator("#prs-test .prs-talon .card").all()) == 2
    assert page.locator("#prs-test .prs-discard").count() == 0
    state = _act(rules, state)
    view = state.view(0)
    assert _render(page, view, "felt")
    assert page.locator("#prs-test .prs-discard .card").count() == 2
    assert _render(page, view, "panel")
    enabled = page.locator("#prs-test button:not([disabled])").evaluate_all(
        "els => els.map(e => e.dataset.contract)"
    )
    assert enabled == [a["contract"] for a in view["legal"]] and "MIS" not in enabled and enabled[0] == "6S"
    page.locator("#prs-test [data-contract='6S']").click()
    assert _sent(page) == [{"type": "declare", "seat": 0, "contract": "6S"}]

    # Whisting: the second defender after a pass may say halber Whist at a 6.
    state = _act(rules, state, contract="6S")
    state = _act(rules, state, call="pass")
    assert _render(page, state.view(2), "panel")
    labels = page.locator("#prs-test button:not([disabled])").all_inner_texts()
    assert labels == ["Whist", "Pass", "halber Whist"]
    page.get_by_role("button", name="halber Whist").click()
    assert _sent(page) == [{"type": "defend", "seat": 2, "call": "half"}]

    # A lone whister chooses offen; he then plays his partner's cards from the panel.
    state = _act(rules, state, call="whist")
    assert _render(page, state.view(2), "panel")
    page.get_by_role("button", name="offen").click()
    assert _sent(page) == [{"type": "mode", "seat": 2, "mode": "open"}]
    state = _act(rules, state, mode="open")
    state = _act(rules, state)  # the declarer (forehand) leads
    view = state.view(2)
    assert view["to_move"] == 2 and view["turn"] == 1
    assert _render(page, view, "panel")
    legal = sorted(a["card"] for a in view["legal"])
    assert (
        sorted(
            page.locator("#prs-test .prs-partner button.legal").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        )
        == legal
    )
    assert page.locator("#prs-test .prs-partner button").count() == len(view["open_hands"][1])
    page.locator(f"#prs-test .prs-partner button[data-card='{legal[0]}']").click()
    assert _sent(page) == [{"type": "play", "seat": 2, "card": legal[0]}]
    # The declarer sees both defenders' hands open.
    assert _render(page, state.view(0), "felt")
    assert page.locator("#prs-test .prs-open-hand").count() == 2

    # Misère: both defenders' hands open to everybody, the declarer's stays hidden.
    rules, state = _engine(["MIS", "pass", "pass"])
    state = _act(rules, state)
    assert state.view(None)["contract"] == "MIS"
    assert _render(page, state.view(1), "felt")
    assert page.locator("#prs-test .prs-open-hand").evaluate_all("els => els.map(e => e.dataset.seat)") == [
        "2"
    ]
    assert "Misère" in page.locator("#prs-test .prs-contract").inner_text()
    shot(page, "preferans-felt-misere")

    # Four players, stopped by max_deals after one deal: the sheet of four sectors settles to zero.
    from games.engine import get_rules
    from games.engine.cards import DECK_32

    rules = get_rules("preferans")
    state = rules.initial_state(rules.start_event({"players": 4, "pool": 10, "max_deals": 1}))
    state = rules.apply(state, {"type": "deal", "dealer": 3, "deck": list(DECK_32)})
    while isinstance(state.to_move, int):
        state = rules.apply(state, state.view(state.to_move)["legal"][0])
    view = state.view(1)
    assert _render(page, {**view, "players": 4}, "sheet") and view["phase"] == "over"
    assert page.locator("#prs-test .prs-paper text.pool").count() == 4
    assert page.locator("#prs-test .prs-paper text.whists").count() == 12
    assert page.locator("#prs-test .prs-zero").get_attribute("data-sum") == "0"
    assert page.locator("#prs-test .prs-log tbody tr").count() == 1
    page.locator("#prs-test .prs-paper").screenshot(path=str(ARTIFACTS / "preferans-paper-four.png"))
    assert watch.problems == []

"""The table phone first: at 390x844 and at 1366x900 the hand, the trick, the turn and the choices are
on the screen without scrolling in every game and phase; the own seat is never "away" while connected
(also after a reload and a language switch); who took a trick and its worth is shown after it.

One table against the AI per game, stepped through its phases by clicking; at the first state of each
phase both sizes are checked (the viewport is resized) and photographed to artifacts/."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SEATS = {"preisjass": 4, "schnapsen": 2, "preferanzen": 3, "preference_vienna": 3, "preferans": 3}
# The phases each game has, as the test names them (the engines' talon phases are "talon"/"exchange").
PHASES = {
    "preisjass": {"play", "deal-end"},
    "schnapsen": {"play", "deal-end"},
    "preferanzen": {"bid", "talon", "play", "deal-end"},
    "preference_vienna": {"bid", "talon", "play", "deal-end"},
    "preferans": {"bid", "talon", "play", "deal-end"},
}
PHASE_NAMES = {"exchange": "talon"}
# The worth of a trick in each game's unit: points, or the winner's tricks where a trick has no value.
NOTE = {
    "preisjass": r"^(\S.* sticht|Du stichst), \+\d+$",
    "schnapsen": r"^(\S.* sticht|Du stichst), \+\d+$",
    "preferanzen": r"^(\S.* sticht|Du stichst) \(Stiche: \d+\)$",
    "preference_vienna": r"^(\S.* sticht|Du stichst) \(Stiche: \d+\)$",
    "preferans": r"^(\S.* sticht|Du stichst) \(Stiche: \d+\)$",
}

OPEN_TABLE_JS = """async ([game, n]) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}];
  for (let i = 1; i < n; i += 1) seats.push({kind: 'ai', name: ''});
  return api.post('/api/matches/', {game, seats, name: 'Lena Layout', options: {}});
}"""

# What the page asks of this seat once it is idle: a choice among buttons, cards to select, a card to
# play, the dialog between deals, or the end.
STEP_JS = """() => {
  const fin = document.querySelector('[data-role=final]');
  if (fin && !fin.hidden) return {kind: 'final'};
  if (document.querySelector('dialog[open] [data-action=next-game]')) return {kind: 'next'};
  const k = window.kartentisch;
  if (!k || !k.app.shown || !k.app.shown.view) return false;
  const app = k.app, p = app.shown;
  if (app.pending || app.queue.length || app.pumping || app.overlay) return false;
  if (p.view.to_move !== p.seat) return false;
  const deal = p.view.deal_number || p.view.game_number || p.view.deals_played || 0;
  const base = {seq: p.seq, phase: p.view.phase, deal};
  const selectable = document.querySelectorAll('.hand[data-ready=true] button.card.selectable');
  if (selectable.length) {
    const action = p.view.legal.find(a => Array.isArray(a.cards) || Array.isArray(a.discard)) || {};
    return {...base, kind: 'select', need: (action.cards || action.discard || [0, 0]).length};
  }
  if (document.querySelector('.hand[data-ready=true] button.card.legal')) return {...base, kind: 'play'};
  const buttons = [...document.querySelectorAll('[data-role=actions] button:not([disabled])')];
  if (!buttons.length) return false;
  const labels = buttons.map(b => b.textContent.trim());
  const raise = labels.findIndex(l => !/^(pass|passe)$/i.test(l));
  return {...base, kind: 'buttons', choice: Math.max(raise, 0)};
}"""

MOVED_JS = """seq => window.kartentisch.app.shown.seq !== seq
  || document.querySelector('dialog[open] [data-action=next-game]')
  || ['error', 'refused'].includes(document.querySelector('[data-role=message]').dataset.kind)"""

# Everything that must be on the screen, as boxes; scrolled to the top first.
BOXES_JS = """() => {
  window.scrollTo(0, 0);
  const box = e => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom};
  };
  const out = {};
  const dlg = document.querySelector('dialog[open]');
  if (dlg) {
    out.dialog = box(dlg);
    out.next = box(dlg.querySelector('[data-action=next-game]'));
    return {boxes: out, scrollWidth: document.documentElement.scrollWidth};
  }
  document.querySelectorAll('.hand button.card').forEach((c, i) => { out['card ' + i] = box(c); });
  const actions = document.querySelector('[data-role=actions]');
  if (actions.children.length) out.actions = box(actions);
  const turn = document.querySelector('.turn-line');
  if (turn) out.turn = box(turn);
  const trick = document.querySelector('.felt .trick');
  if (trick.children.length) out.trick = box(trick);
  const me = document.querySelector('.felt .seat .badge.me');
  if (me) out.seat = box(me.closest('.seat'));
  return {boxes: out, scrollWidth: document.documentElement.scrollWidth};
}"""

# The cards on the table as boxes: no card may cover another (and so its corner index).
TRICK_JS = """() => [...document.querySelectorAll('.felt .trick .card')].map(c => {
  const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];
})"""

OWN_AWAY_JS = """() => {
  const me = document.querySelector('.felt .seat .badge.me');
  const seat = me && me.closest('.seat');
  return seat ? [...seat.querySelectorAll('.badge.away')].map(b => b.textContent) : ['no own seat'];
}"""

# Records what the page shows while a finished trick is on screen (the pause after a trick).
OVERLAY_RECORDER_JS = """() => {
  window.__overlay = [];
  const tick = () => {
    const k = window.kartentisch;
    if (k && k.app.overlay && window.__overlay.length < 50) {
      window.__overlay.push({
        note: (document.querySelector('[data-role=info] [data-role=trick-note]') || {}).textContent || '',
        turn: document.querySelectorAll('[data-role=info] .turn-line:not(.trick-note)').length,
        toMove: document.querySelectorAll('.felt .seat.to-move').length,
        trick: document.querySelectorAll('.felt .trick .card').length,
      });
    }
    requestAnimationFrame(tick);
  };
  tick();
}"""


def _check_fits(page: Any, game: str, phase: str) -> None:
    """At both sizes: everything of BOXES_JS inside the viewport, no sideways scrolling; a photo each."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(120)
        measured = page.evaluate(BOXES_JS)
        label = f"{game} {phase} {size['width']}x{size['height']}"
        shot_name = f"layout-{game}-{phase}-{size['width']}"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{shot_name}.png"))
        assert measured["scrollWidth"] <= size["width"], f"{label}: the page scrolls sideways"
        boxes = measured["boxes"]
        assert any(k.startswith("card") for k in boxes) or "dialog" in boxes, f"{label}: no hand"
        for name, b in boxes.items():
            width, height = size["width"] + 1, size["height"] + 1
            inside = b["x"] >= -1 and b["y"] >= -1 and b["r"] <= width and b["b"] <= height
            assert inside, f"{label}: {name} {b} is outside the screen"
        assert page.evaluate(OWN_AWAY_JS) == [], f"{label}: own seat away"
        if phase == "bid":  # the hand is what one bids on: not greyed
            assert page.locator(".hand button.card.illegal").count() == 0, f"{label}: greyed hand"
    page.set_viewport_size(PHONE)


def _open_table(page: Any, game: str) -> None:
    page.goto("/")
    created = page.evaluate(OPEN_TABLE_JS, [game, SEATS[game]])
    page.goto(f"/matches/{created['id']}/")
    page.locator("[data-role=status][data-state=live]").wait_for()


def _walk(page: Any, game: str) -> set[str]:
    """Plays the table until every phase of the game has been checked and a trick note was seen;
    returns the phases checked."""
    wanted = PHASES[game]
    checked: set[str] = set()
    first_deal = None
    notes: list[str] = []
    started = time.monotonic()
    while not (wanted <= checked and notes):
        assert time.monotonic() - started < 150, f"{game}: phases seen {sorted(checked)} in 150 s"
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        kind = step["kind"]
        assert kind != "final", f"{game}: the match ended before the phases {sorted(wanted - checked)}"
        if kind == "next":
            if "deal-end" not in checked:
                checked.add("deal-end")
                _check_fits(page, game, "deal-end")
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        if first_deal is None:
            first_deal = step["deal"]
        elif step["deal"] != first_deal and "deal-end" not in checked:
            # A game without a dialog between deals: the first own move of the next deal.
            checked.add("deal-end")
            _check_fits(page, game, "deal-end")
        phase = PHASE_NAMES.get(step["phase"], step["phase"])
        if phase not in checked:
            checked.add(phase)
            _check_fits(page, game, phase)
        cards = page.evaluate(TRICK_JS)
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                apart = a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1
                assert apart, f"{game}: trick cards overlap {a} {b}"
        note = page.locator(".felt .last-trick [data-role=trick-note]")
        if note.count():
            notes.append(note.inner_text())
        seq = step["seq"]
        if kind == "buttons":
            page.locator("[data-role=actions] button:not([disabled])").nth(step["choice"]).click()
        elif kind == "select":
            cards = page.locator(".hand button.card.selectable")
            for i in range(step["need"]):
                cards.nth(i).click()
            page.locator("[data-role=actions] button.primary").click()
        else:
            page.locator(".hand[data-ready=true] button.card.legal").first.click()
        page.wait_for_function(MOVED_JS, arg=seq, timeout=30000)
        message = page.locator("[data-role=message]")
        assert message.get_attribute("data-kind") not in ("error", "refused"), message.inner_text()
    assert all(re.match(NOTE[game], n) for n in notes), notes
    return checked


@pytest.mark.parametrize("game", ["preferans", "preferanzen", "preference_vienna", "schnapsen"])
def test_hand_and_choices_fit_the_screen_in_every_phase(new_page: Any, game: str) -> None:
    page, watch = new_page("de", viewport=PHONE)
    _open_table(page, game)
    assert PHASES[game] <= _walk(page, game)
    assert watch.problems == []


def test_preisjass_fits_and_shows_who_took_the_trick_before_the_next_turn(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.context.add_init_script("localStorage.setItem('kt.trickPause', '500');")
    _open_table(page, "preisjass")
    page.evaluate(OVERLAY_RECORDER_JS)
    assert PHASES["preisjass"] <= _walk(page, "preisjass")
    seen = page.evaluate("window.__overlay")
    assert seen, "no finished trick was shown"
    for frame in seen:
        # The finished trick with who took it and its points; nobody announced as next yet.
        assert frame["trick"] == 4 and frame["turn"] == 0 and frame["toMove"] == 0, frame
        assert re.match(NOTE["preisjass"], frame["note"]), frame
    # A played card slides in, unless the reader asked for less motion.
    fresh_animation = """() => {
      const card = document.createElement('span');
      card.className = 'card in-trick at-left fresh';
      document.querySelector('.felt .trick').appendChild(card);
      const name = getComputedStyle(card).animationName;
      card.remove();
      return name;
    }"""
    assert page.evaluate(fresh_animation) == "card-in"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(fresh_animation) == "none"
    assert watch.problems == []


def test_own_seat_is_not_away_after_reload_and_language_switch(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    _open_table(page, "schnapsen")
    page.locator(".hand[data-ready=true] button.card.legal").first.wait_for()
    assert page.evaluate(OWN_AWAY_JS) == []
    page.reload()
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function("() => window.kartentisch.live.lastReceived")
    page.wait_for_timeout(300)
    assert page.evaluate(OWN_AWAY_JS) == []
    page.locator("header.site button[value=en]").click()
    page.wait_for_load_state()
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function("() => window.kartentisch.live.lastReceived")
    page.wait_for_timeout(300)
    assert page.locator("[data-role=status]").inner_text() == "connected"
    assert page.evaluate(OWN_AWAY_JS) == []
    shot(page, "layout-own-seat-after-language-switch")
    assert watch.problems == []

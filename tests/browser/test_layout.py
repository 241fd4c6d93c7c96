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
from tests.browser.helpers import DESKTOP, PHONE, STEP_JS, act, open_site_menu, open_table

pytestmark = pytest.mark.browser

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
        act(page, step)
        message = page.locator("[data-role=message]")
        assert message.get_attribute("data-kind") not in ("error", "refused"), message.inner_text()
    assert all(re.match(NOTE[game], n) for n in notes), notes
    return checked


@pytest.mark.parametrize("game", ["preferans", "preferanzen", "preference_vienna", "schnapsen"])
def test_hand_and_choices_fit_the_screen_in_every_phase(new_page: Any, game: str) -> None:
    page, watch = new_page("de", viewport=PHONE)
    open_table(page, game)
    assert PHASES[game] <= _walk(page, game)
    assert watch.problems == []


def test_preisjass_fits_and_shows_who_took_the_trick_before_the_next_turn(new_page: Any) -> None:
    page, watch = new_page("de", viewport=PHONE)
    page.context.add_init_script("localStorage.setItem('kt.trickPause', '500');")
    open_table(page, "preisjass")
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
    open_table(page, "schnapsen")
    page.locator(".hand[data-ready=true] button.card.legal").first.wait_for()
    assert page.evaluate(OWN_AWAY_JS) == []
    page.reload()
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function("() => window.kartentisch.live.lastReceived")
    page.wait_for_timeout(300)
    assert page.evaluate(OWN_AWAY_JS) == []
    open_site_menu(page)
    page.locator("header.site button[value=en]").click()
    page.wait_for_load_state()
    page.locator("[data-role=status][data-state=live]").wait_for()
    page.wait_for_function("() => window.kartentisch.live.lastReceived")
    page.wait_for_timeout(300)
    assert page.locator("[data-role=status]").inner_text() == "connected"
    assert page.evaluate(OWN_AWAY_JS) == []
    shot(page, "layout-own-seat-after-language-switch")
    assert watch.problems == []

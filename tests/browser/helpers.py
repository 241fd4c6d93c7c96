"""Steps shared by the browser tests."""

from __future__ import annotations

from typing import Any

PASSWORD = "kartentisch-Test-9137"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SEATS = {"preisjass": 4, "schnapsen": 2, "preferanzen": 3, "preference_vienna": 3, "preferans": 3}

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

# The page took the step: a new seq shown, the dialog between deals, or an error message.
MOVED_JS = """seq => window.kartentisch.app.shown.seq !== seq
  || document.querySelector('dialog[open] [data-action=next-game]')
  || ['error', 'refused'].includes(document.querySelector('[data-role=message]').dataset.kind)"""

# A hand counts as ready to play only once the page has drawn every state it received and has no
# action on its way: just after a play, the state that ends the turn may still wait in the queue
# while the old hand looks ready (CI counted one play too many in a Preisjass run that way).
NEXT_STEP_JS = """() => {
  if (document.querySelector('dialog[open] [data-action=next-game]')) return 'next';
  const fin = document.querySelector('[data-role=final]');
  if (fin && !fin.hidden) return 'final';
  const app = window.kartentisch && window.kartentisch.app;
  if (!app || app.pending || app.pumping || app.queue.length || app.overlay) return false;
  if (document.querySelector('.hand[data-ready=true] button.card.legal')) return 'play';
  return false;
}"""


# What the table page knows about itself (window.kartentisch), for the message of a failed wait.
CLIENT_STATE_JS = """() => {
  const k = window.kartentisch;
  return {
    pending: k.app.pending, queue: k.app.queue.length, shown: k.app.shown && k.app.shown.seq,
    to_move: k.app.shown && k.app.shown.view.to_move, hand: k.app.shown.view.hand.join(' '),
    dom: [...document.querySelectorAll('.hand button.card')].map(e => e.dataset.card).join(' '),
    ws: k.live.ws && k.live.ws.readyState, seq: k.live.seq, expecting: k.live.expecting,
    stalls: k.live.stalls, sent: k.live.lastSent, got: k.live.lastReceived, now: Date.now(),
    message: document.querySelector('[data-role=message]').textContent,
  };
}"""


# Close every open daily challenge now (server_shell): "game=id" of each one closed.
CLOSE_CHALLENGES = """
import datetime as dt
from django.utils import timezone
from challenges import services
from challenges.models import Challenge
open_ones = list(Challenge.objects.filter(closed_at__isnull=True))
past = timezone.now() - dt.timedelta(seconds=1)
Challenge.objects.filter(pk__in=[c.pk for c in open_ones]).update(closes_at=past)
print(" ".join(f"{c.game}={c.pk}" for c in open_ones if services.challenge_close(challenge_id=c.pk)))
"""


def play_by_api(page: Any, match_id: int, until: Any = None, seconds: float = 90) -> dict[str, Any]:
    """Post my first legal action through the API, in the page's session, until the match is over or
    `until(payload)` holds on my turn; the last /view/ payload."""
    import time

    from tests.waiting import wait_until

    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    headers = {"X-CSRFToken": csrf, "Referer": page.url}
    deadline = time.monotonic() + seconds

    def my_turn_or_over() -> dict[str, Any] | None:
        resp = page.request.get(f"/api/matches/{match_id}/view/")
        assert resp.ok, resp.text()
        payload: dict[str, Any] = resp.json()
        over = payload["match"]["status"] != "running"
        mine = payload["view"]["to_move"] == payload["seat"] and payload["view"]["legal"]
        return payload if over or mine else None

    while True:
        payload = wait_until(my_turn_or_over, deadline - time.monotonic(), f"my turn ({seconds} s)")
        if payload["match"]["status"] != "running" or (until is not None and until(payload)):
            return payload
        resp = page.request.post(
            f"/api/matches/{match_id}/actions/",
            data={"action": payload["view"]["legal"][0], "seq": payload["seq"]},
            headers=headers,
        )
        assert resp.status in (200, 201, 409), resp.text()


def register(page: Any, username: str, display_name: str) -> None:
    page.goto("/accounts/register/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", display_name)
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    page.wait_for_load_state()


def open_site_menu(page: Any) -> None:
    """On a narrow screen the header's links are behind the menu button: open it (a no-op on desktop)."""
    toggle = page.locator("header.site .menu-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def log_out(page: Any) -> None:
    open_site_menu(page)
    page.locator("header.site form[action*=logout] button").click()
    page.wait_for_load_state()


def log_in(page: Any, username: str) -> None:
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    page.wait_for_load_state()


def next_step(page: Any, timeout: float = 20000) -> str:
    return str(page.wait_for_function(NEXT_STEP_JS, timeout=timeout).json_value())


def play_first_legal(page: Any) -> str:
    card = page.locator(".hand[data-ready=true] button.card.legal").first
    name = str(card.get_attribute("data-card"))
    card.click()
    return name


def play_and_wait(page: Any) -> str:
    """Play the first legal card and wait until the table has moved past the state it was played in
    (or a refusal is shown). Waiting for the card to leave the hand would be wrong: the last card of a
    game can be dealt straight back to the same player in the next one."""
    before = page.evaluate("() => window.kartentisch.live.seq")
    name = play_first_legal(page)
    try:
        page.wait_for_function(
            """before => window.kartentisch.live.seq > before
               || document.querySelector('[data-role=message]').dataset.kind === 'error'""",
            arg=before,
            timeout=30000,
        )
    except Exception:
        state = page.evaluate(CLIENT_STATE_JS)
        match_id = page.url.rstrip("/").split("/")[-1]
        fresh = page.request.get(f"/api/matches/{match_id}/view/", timeout=5000).json()
        raise AssertionError(
            f"playing {name} did not move the table on: client {state}; server seq {fresh['seq']}, "
            f"to_move {fresh['view']['to_move']}, hand {fresh['view']['hand']}"
        ) from None
    message = page.locator("[data-role=message]")
    assert message.get_attribute("data-kind") != "error", message.inner_text()
    return name


def act(page: Any, step: dict[str, Any]) -> None:
    """Take the step STEP_JS found (the `choice`-th enabled button, the first `need` selectable cards
    and the confirm button, or the first legal card) and wait until the page has taken it."""
    kind = step["kind"]
    if kind == "buttons":
        page.locator("[data-role=actions] button:not([disabled])").nth(step["choice"]).click()
    elif kind == "select":
        cards = page.locator(".hand button.card.selectable")
        for i in range(step["need"]):
            cards.nth(i).click()
        page.locator("[data-role=actions] button.primary").click()
    else:
        page.locator(".hand[data-ready=true] button.card.legal").first.click()
    page.wait_for_function(MOVED_JS, arg=step["seq"], timeout=30000)


def open_table(page: Any, game: str) -> None:
    """A guest's table against AI seats only, opened and live in `page`."""
    page.goto("/")
    created = page.evaluate(OPEN_TABLE_JS, [game, SEATS[game]])
    page.goto(f"/matches/{created['id']}/")
    page.locator("[data-role=status][data-state=live]").wait_for()

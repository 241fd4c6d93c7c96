"""Steps shared by the browser tests."""

from __future__ import annotations

from typing import Any

PASSWORD = "kartentisch-Test-9137"

NEXT_STEP_JS = """() => {
  if (document.querySelector('dialog[open] [data-action=next-game]')) return 'next';
  const fin = document.querySelector('[data-role=final]');
  if (fin && !fin.hidden) return 'final';
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


def register(page: Any, username: str, display_name: str) -> None:
    page.goto("/accounts/register/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", display_name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    page.wait_for_load_state()


def log_out(page: Any) -> None:
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

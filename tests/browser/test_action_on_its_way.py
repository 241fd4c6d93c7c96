"""An action on its way is offered once: when the state it was sent at arrives again (the answer to a
resync or a poll asked just before the click), the page does not draw the same choice a second time.
The state is held back: once the action has gone unanswered for the page's stall time it counts as
lost and the page draws the state (the player can act again); a refusal draws it at once.

The socket's `act` messages are held back in the page, so the state arrives again while the card is
still on its way, every time (CI once clicked a Vienna bid a second time in that gap)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import DESKTOP, MOVED_JS, NEXT_STEP_JS, STEP_JS, open_table

pytestmark = pytest.mark.browser

# Hold the socket's actions (other messages go out), play the first legal card, and hand the page a
# copy of the state the card was played at, as a late resync answer would. Meanwhile any other state
# of that seq is dropped before the page sees it (the socket's first state after it connected, a
# resync or a poll answer): the page holds back only the newest, which would replace the marked copy.
# With `refuse`, the server's refusal of the card follows in the same call: on a loaded machine a
# second call from the test may come after the stall time, when nothing is held back any more.
HOLD_AND_PLAY_JS = """async (refuse) => {
  const k = window.kartentisch, app = k.app, live = k.live, seq = app.shown.seq;
  const ws = live.ws, send = ws.send.bind(ws), deliver = live.deliver;
  window.heldActs = [];
  ws.send = (m) => (JSON.parse(m).t === 'act' ? window.heldActs.push(m) : send(m));
  live.deliver = (p) => (p && p.seq <= seq && !p.heldMark ? undefined : deliver.call(live, p));
  window.releaseActs = () => {
    ws.send = send;
    live.deliver = deliver;
    window.heldActs.splice(0).forEach(send);
  };
  const again = JSON.parse(JSON.stringify(app.shown));
  again.heldMark = true;  // tells this copy apart once drawn
  document.querySelector('.hand[data-ready=true] button.card.legal').click();
  live.deliver(again);
  await new Promise((r) => setTimeout(r, 300));
  const during = {
    seq, shown: app.shown.seq, pending: app.pending, held: window.heldActs.length,
    ready: document.querySelectorAll('.hand[data-ready=true] button.card.legal').length,
  };
  if (!refuse) return during;
  const sent = app.pendingAt;
  live.onError({code: 'illegal_action', message: 'refused in the test'});
  await new Promise((r) => setTimeout(r, 200));
  const refused = {
    ready: document.querySelectorAll('.hand[data-ready=true] button.card.legal').length,
    pending: app.pending, shown: app.shown.seq, held: app.shown.heldMark === true,
    after: Date.now() - sent,
  };
  return {during, refused};
}"""

# the page is idle, nothing on its way, and offers the hand
READY_JS = f"() => ({NEXT_STEP_JS})() === 'play'"


def _my_card_turn(page: Any) -> dict[str, Any]:
    step: dict[str, Any] = page.wait_for_function(STEP_JS, timeout=30000).json_value()
    assert step["kind"] == "play", f"a Schnapsen table should start at a card to play, not {step}"
    return step


def test_a_repeated_state_does_not_offer_the_choice_again_until_the_action_counts_as_lost(
    new_page: Any,
) -> None:
    page, watch = new_page("de", viewport=DESKTOP)
    open_table(page, "schnapsen")
    step = _my_card_turn(page)

    during = page.evaluate(HOLD_AND_PLAY_JS, False)
    assert during == {"seq": step["seq"], "shown": step["seq"], "pending": True, "held": 1, "ready": 0}

    # The card never reaches the server: after the stall time the page draws the state it held back
    # (still the same seq) and offers the hand again.
    page.wait_for_function(READY_JS, timeout=10000)
    assert page.evaluate("() => window.kartentisch.app.shown.seq") == step["seq"]

    # Released, the held card is stored: the table moves on, without an error.
    page.evaluate("() => window.releaseActs()")
    page.wait_for_function(MOVED_JS, arg=step["seq"], timeout=30000)
    message = page.locator("[data-role=message]")
    assert message.get_attribute("data-kind") != "error", message.inner_text()
    assert watch.problems == []


def test_a_refusal_draws_the_state_held_back_at_once(new_page: Any) -> None:
    page, watch = new_page("de", viewport=DESKTOP)
    open_table(page, "schnapsen")
    step = _my_card_turn(page)
    both = page.evaluate(HOLD_AND_PLAY_JS, True)
    during, waited = both["during"], both["refused"]
    assert during["pending"] is True and during["ready"] == 0, both
    # The server refuses the card (as it would a stale one): the hand is back well inside the stall time.
    assert waited["after"] < 3000, waited  # not the stall time's release
    assert waited["ready"] > 0 and waited["pending"] is False and waited["shown"] == step["seq"]
    assert waited["held"] is True, waited  # the state that arrived meanwhile is the one on screen
    assert page.locator("[data-role=message]").get_attribute("data-kind") == "error"
    assert watch.problems == []

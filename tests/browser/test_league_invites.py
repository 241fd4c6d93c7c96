"""The invite flow in a browser, on a phone and on a desktop: the manager types two letters of a display
name, picks the suggestion from the list with the keyboard, invites and is told so; the invitee finds the
invitation in the lobby and on the league page and accepts it. No sideways scroll at 390px. Screenshots
in de, en and ru go to artifacts/."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, log_in, log_out, register

pytestmark = pytest.mark.browser

CREATE_LEAGUE_JS = """async (body) => {
  const api = await import('/static/frontend/js/api.js');
  return (await api.post('/api/leagues/', body)).id;
}"""

SENT = {"de": "Einladung an", "en": "Invitation sent to", "ru": "Приглашение отправлено"}
LOBBY = {"de": "Einladungen in Ligen", "en": "League invitations", "ru": "Приглашения в лиги"}
ACCEPT = {"de": "Annehmen", "en": "Accept", "ru": "Принять"}


def _fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("lang", "viewport"), [("de", PHONE), ("en", DESKTOP), ("ru", PHONE)])
def test_invite_by_display_name_with_suggestions_then_accept_in_the_lobby(
    new_page: Any, lang: str, viewport: dict[str, int]
) -> None:
    tag = uuid.uuid4().hex[:6]
    host, guest = f"mgr{tag}", f"gst{tag}"
    shown = f"Quirin{tag}"
    page, watch = new_page(lang, viewport)
    width = viewport["width"]
    register(page, guest, shown)
    log_out(page)
    register(page, host, f"Mgr{tag}")
    today = dt.date.today()
    body = {
        "name": f"Runde {tag}",
        "game": "schnapsen",
        "access": "invite",
        "starts_on": str(today),
        "ends_on": str(today + dt.timedelta(days=30)),
    }
    league = page.evaluate(CREATE_LEAGUE_JS, body)
    page.goto(f"/leagues/{league}/")
    field = page.locator("#invite-username")
    field.press_sequentially(shown[:8].lower(), delay=50)  # the start of the display name, any case
    # the list is the field's datalist: the suggestion arrives as one of its options
    listed = "v => [...document.querySelectorAll('#invite-suggestions option')].some(o => o.value === v)"
    page.wait_for_function(listed, arg=guest)
    option = page.locator(f"#invite-suggestions option[value={guest}]")
    assert option.get_attribute("value") == guest and shown in (option.get_attribute("label") or "")
    field.fill(guest)  # what choosing the option puts in the field
    field.press("Enter")  # the keyboard sends the form
    page.wait_for_load_state()
    notice = page.locator("[data-role=notice]")
    assert SENT[lang] in notice.inner_text() and shown in notice.inner_text()
    _fits(page, width)
    page.screenshot(path=str(ARTIFACTS / f"league-invite-sent-{lang}-{width}.png"))

    log_out(page)
    log_in(page, guest)
    page.goto("/")
    box = page.locator("[data-role=league-invitations]")
    assert LOBBY[lang] in box.inner_text() and f"Runde {tag}" in box.inner_text()
    _fits(page, width)
    page.screenshot(path=str(ARTIFACTS / f"league-invite-lobby-{lang}-{width}.png"))
    page.goto(f"/leagues/{league}/")
    assert page.locator("[data-role=invitation]").is_visible()
    _fits(page, width)
    page.goto("/")
    box.get_by_role("button", name=ACCEPT[lang], exact=True).click()
    page.wait_for_load_state()
    assert page.url.rstrip("/").endswith(f"/leagues/{league}")
    assert page.locator("[data-role=invitation]").count() == 0
    assert watch.problems == []

"""Friends on a phone (390x844) in de and ru: a player finds another by two letters of the display name,
asks; the other accepts on /friends/; the first opens a table and invites; the invitation is on the
other's /friends/ page and in the lobby with a link to the table. No sideways scroll. Screenshots go to
artifacts/."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import PHONE, log_in, log_out, register

pytestmark = pytest.mark.browser

OPEN_TWO_SEATS_JS = """async () => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}];
  return (await api.post('/api/matches/', {game: 'schnapsen', seats, name: '', options: {}})).id;
}"""

SENT = {"de": "Anfrage gesendet.", "ru": "Запрос отправлен."}
FRIENDS_NOW = {"de": "Ihr seid jetzt befreundet.", "ru": "Теперь вы друзья."}
INVITED = {"de": "lädt dich an Tisch", "ru": "приглашает вас за стол"}


def _fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_befriend_and_invite_to_a_table_on_a_phone(new_page: Any, lang: str) -> None:
    tag = uuid.uuid4().hex[:6]
    host, guest, shown = f"fh{tag}", f"fg{tag}", f"Wilma{tag}"
    page, _ = new_page(lang, PHONE)
    register(page, guest, shown)
    log_out(page)
    register(page, host, f"Host{tag}")
    page.goto("/friends/")
    field = page.locator("#friend-username")
    field.press_sequentially(shown[:7].lower(), delay=50)
    listed = "v => [...document.querySelectorAll('#friend-suggestions option')].some(o => o.value === v)"
    page.wait_for_function(listed, arg=guest)
    field.fill(guest)
    field.press("Enter")
    page.wait_for_load_state()
    assert SENT[lang] in page.locator("[data-role=notice]").inner_text()
    assert shown in page.locator("[data-role=outgoing]").inner_text()
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / f"friends-asked-{lang}-390.png"), full_page=True)

    log_out(page)
    log_in(page, guest)
    page.goto("/friends/")
    page.locator("[data-role=incoming] button.primary").click()
    page.wait_for_load_state()
    assert FRIENDS_NOW[lang] in page.locator("[data-role=notice]").inner_text()
    assert page.locator(f"[data-friend={host}]").is_visible()

    log_out(page)
    log_in(page, host)
    table = page.evaluate(OPEN_TWO_SEATS_JS)
    page.goto("/friends/")
    row = page.locator(f"[data-friend={guest}]")
    assert row.locator("select option").first.get_attribute("value") == str(table)
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / f"friends-list-{lang}-390.png"), full_page=True)
    row.locator("form[action$='/invite/'] button").click()
    page.wait_for_load_state()

    log_out(page)
    log_in(page, guest)
    page.goto("/friends/")
    invitations = page.locator("[data-role=invitations]")
    assert INVITED[lang] in invitations.inner_text()
    assert invitations.locator(f"a[href='/matches/{table}/']").is_visible()
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / f"friends-invited-{lang}-390.png"), full_page=True)
    page.goto("/")
    assert page.locator(f"[data-role=table-invitations] a[href='/matches/{table}/']").is_visible()
    _fits(page)

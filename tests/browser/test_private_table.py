"""A private table on a phone: opened from the new-table dialog, shared from the table's menu (the
phone's share sheet, else the clipboard), joined by the invitation link; without the link a visitor
cannot take a seat, and the lobby never lists it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import PHONE

pytestmark = pytest.mark.browser

# The phone's share sheet, recorded: what the page handed it.
SHARE_STUB = "navigator.share = async (data) => { window.sharedWith = data; };"


def _open_private(page: Any) -> tuple[str, str]:
    page.goto("/new/?game=schnapsen")
    page.fill("#ng-name", "Alma")
    page.locator(".seat-row[data-seat='1'] select").select_option("human")
    page.get_by_label("Privater Tisch (nur mit Einladungslink)").check()
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.get_by_role("heading", name="Warten auf Mitspieler").wait_for()
    match_id = page.url.rstrip("/").split("/")[-1]
    link = page.locator("[data-role=share-url]").input_value()
    return match_id, link


def test_a_private_table_is_shared_and_joined_by_its_link(new_page: Any) -> None:
    alma, watch_a = new_page("de", PHONE)
    alma.context.grant_permissions(["clipboard-read", "clipboard-write"])
    match_id, link = _open_private(alma)
    assert re.search(rf"/matches/{match_id}/\?invite=[\w-]{{20,}}$", link), link

    alma.locator("[data-role=menu] summary").click()
    alma.locator("[data-action=share]").click()
    alma.locator("[data-role=message]", has_text="Link kopiert").wait_for()
    assert alma.evaluate("navigator.clipboard.readText()") == link
    shot(alma, "private-table-share-de-phone")

    # Without the link: not in the lobby, and no way to a seat.
    carl, watch_c = new_page("en", PHONE)
    carl.goto("/")
    carl.wait_for_load_state("networkidle")
    assert carl.locator(f"[data-join='{match_id}']").count() == 0
    carl.goto(f"/matches/{match_id}/")
    carl.locator("[data-role=invite-required]").wait_for()
    assert carl.locator(".join-form").count() == 0
    assert "?invite=" not in carl.content()
    shot(carl, "private-table-no-invite-en-phone")

    # With it (a phone with a share sheet): a guest takes the free seat, and can pass the link on.
    bert, watch_b = new_page("ru", PHONE)
    bert.context.add_init_script(SHARE_STUB)
    bert.goto(link)
    bert.fill("#join-name", "Bert")
    bert.locator(".join-form button[type=submit]").click()
    for page in (alma, bert):  # the match starts: both seats taken
        page.locator("[data-role=waiting]").wait_for(state="hidden")
        page.locator(".hand button.card").first.wait_for()
    bert.locator("[data-role=menu] summary").click()
    bert.locator("[data-action=share]").click()
    bert.wait_for_function("() => window.sharedWith")
    assert bert.evaluate("window.sharedWith.url") == link
    shot(bert, "private-table-joined-ru-phone")
    for watch in (watch_a, watch_b, watch_c):
        assert not watch.problems, watch.problems


OPEN_THREE_HUMANS_JS = """async () => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}, {kind: 'human', name: ''}];
  return (await api.post('/api/matches/', {game: 'preferans', seats, name: 'Alma', options: {}})).id;
}"""

JOIN_JS = """async (id) => {
  const api = await import('/static/frontend/js/api.js');
  return api.post(`/api/matches/${id}/join/`, {name: 'Carl'});
}"""


def test_a_name_being_typed_survives_another_player_joining(new_page: Any) -> None:
    """The waiting box is redrawn by every state message; the join form is kept, so a visitor typing
    their name while someone else sits down loses neither the text nor the focus (under load the
    socket's first state, too, arrived after the name was typed and wiped it)."""
    alma, _ = new_page("en", PHONE)
    alma.goto("/")
    match_id = alma.evaluate(OPEN_THREE_HUMANS_JS)
    bert, watch_b = new_page("en", PHONE)
    bert.goto(f"/matches/{match_id}/")
    field = bert.locator("#join-name")
    field.press_sequentially("Ber", delay=30)
    carl, _ = new_page("en", PHONE)
    carl.goto("/")
    carl.evaluate(JOIN_JS, match_id)
    bert.locator("[data-role=waiting] .seat-list", has_text="Carl").wait_for()  # the redraw came
    assert field.input_value() == "Ber"
    assert bert.evaluate("document.activeElement && document.activeElement.id") == "join-name"
    field.press_sequentially("t", delay=30)
    bert.locator(".join-form button[type=submit]").click()
    bert.wait_for_function(
        "() => { const k = window.kartentisch; return k && k.app.shown && k.app.shown.seat !== null"
        " && k.app.shown.match.status === 'running'; }"
    )
    names = bert.evaluate("window.kartentisch.app.shown.match.seats.map(s => s.name)")
    assert names == ["Alma", "Carl", "Bert"]
    assert not watch_b.problems, watch_b.problems

"""Play with people, end to end (issue 31's story) in three browsers: Alma (German, phone) and Bert
(English, desktop) become friends, the bell telling Bert of the request and of the invitation; Alma
opens a private table and invites Bert from her friends list; the invitation carries the table's link
and Bert takes the seat with it; they chat, each reading the other's quick phrase in their own
language. Carla (Russian, phone) never finds the private table on the live list; when the two friends
play a public table, she finds it there and watches it: the names, never a hand. Screenshots go to
artifacts/people/."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE, open_site_menu, register

pytestmark = pytest.mark.browser

OPEN_JS = """async (isPrivate) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}];
  return (await api.post('/api/matches/', {game: 'schnapsen', seats, name: '', options: {},
                                           private: isPrivate})).id;
}"""
BELL_JS = """() => Number((document.querySelector('[data-role=bell-count]') || {}).textContent || 0)"""
GOOD_LUCK = {"de": "Viel Glück!", "en": "Good luck!", "ru": "Удачи!"}
THANKS = {"de": "Danke!", "en": "Thanks!", "ru": "Спасибо!"}


def _shot(page: Any, name: str) -> None:
    (ARTIFACTS / "people").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "people" / f"{name}.png"), full_page=True)


def _fits(page: Any, size: dict[str, int]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], page.url


def _bell_rises(page: Any, above: int) -> None:
    """The bell's count goes above `above` (the page polls; a reload asks at once)."""
    page.reload()
    page.wait_for_function(f"() => ({BELL_JS})() > {above}")


def _seated(page: Any) -> None:
    page.locator("[data-role=waiting]").wait_for(state="hidden")
    page.locator(".hand button.card").first.wait_for()


def _open_chat(page: Any) -> None:
    panel = page.locator("[data-role=chat]")
    if panel.is_hidden():
        page.locator("[data-role=chat-toggle]").click()
    panel.wait_for()


def _line(page: Any, text: str) -> None:
    page.locator("[data-role=chat-log] .chat-text", has_text=text).last.wait_for()


def test_friends_invite_by_link_chat_and_a_third_watches_from_the_live_list(new_page: Any) -> None:
    tag = uuid.uuid4().hex[:6]
    alma, watch_a = new_page("de", PHONE)
    bert, watch_b = new_page("en", DESKTOP)
    carla, watch_c = new_page("ru", PHONE)
    register(alma, f"alma{tag}", f"Alma{tag}")
    register(bert, f"bert{tag}", f"Bert{tag}")

    # Friends: Alma asks by name, Bert's bell tells him, he accepts.
    alma.goto("/friends/")
    alma.fill("#friend-username", f"bert{tag}")
    alma.press("#friend-username", "Enter")
    alma.wait_for_load_state()
    _bell_rises(bert, 0)
    bert.goto("/friends/")
    bert.locator("[data-role=incoming] button.primary").click()
    bert.wait_for_load_state()
    assert bert.locator(f"[data-friend=alma{tag}]").is_visible()

    # A private table, and the invitation from the friends list with its link.
    alma.goto("/")
    table = alma.evaluate(OPEN_JS, True)
    alma.goto("/friends/")
    row = alma.locator(f"[data-friend=bert{tag}]")
    row.locator("select").select_option(str(table))
    row.locator("form[action$='/invite/'] button").click()
    alma.wait_for_load_state()
    _fits(alma, PHONE)
    _shot(alma, "friends-de-390")
    _bell_rises(bert, 0)
    bert.goto("/friends/")
    link = bert.locator("[data-role=invitations] a.button").first
    href = str(link.get_attribute("href"))
    assert re.fullmatch(rf"/matches/{table}/\?invite=[\w-]{{20,}}", href), href
    _shot(bert, "invited-en-1366")
    link.click()
    bert.locator(".join-form button[type=submit]").click()
    alma.goto(f"/matches/{table}/")
    for page in (alma, bert):
        _seated(page)

    # They chat: a quick phrase reaches each reader in their own words.
    _open_chat(alma)
    _open_chat(bert)
    alma.locator("[data-phrase=good_luck]").click()
    _line(bert, GOOD_LUCK["en"])
    _line(alma, GOOD_LUCK["de"])
    bert.locator("[data-phrase=thanks]").click()
    _line(alma, THANKS["de"])
    bert.fill("[data-role=chat-form] input", "Servus, Alma!")
    bert.press("[data-role=chat-form] input", "Enter")
    _line(alma, "Servus, Alma!")
    # Bert is at the table: Alma's page does not call him away (his socket came after her page loaded).
    alma.wait_for_function("() => window.kartentisch.app.shown.match.seats.every(s => !s.away)", timeout=5000)
    _fits(alma, PHONE)
    _shot(alma, "private-chat-de-390")
    _shot(bert, "private-chat-en-1366")

    # Carla looks for games to watch: the private table is never on the list.
    carla.goto("/live/")
    carla.locator("[data-role=status][data-state=live]").wait_for()
    assert carla.locator(f".live-card[data-match='{table}']").count() == 0
    assert "invite" not in carla.content()

    # A public table of the two friends (Alma shares its link): Carla finds it live and watches.
    alma.goto("/")
    public = alma.evaluate(OPEN_JS, False)
    bert.goto(f"/matches/{public}/")
    bert.locator(".join-form button[type=submit]").click()
    alma.goto(f"/matches/{public}/")
    for page in (alma, bert):
        _seated(page)
    card = carla.locator(f".live-card[data-match='{public}']")
    card.wait_for(timeout=30000)  # the list is pushed at the next tick, no reload
    names = card.locator(".live-players li").all_inner_texts()
    assert any(f"Alma{tag}" in n for n in names) and any(f"Bert{tag}" in n for n in names), names
    _fits(carla, PHONE)
    _shot(carla, "live-ru-390")
    card.locator("[data-watch]").click()
    carla.wait_for_url(re.compile(rf"/matches/{public}/$"))
    carla.locator(".badge", has_text="Зритель").wait_for()
    carla.locator("[data-role=felt]", has_text=f"Alma{tag}").wait_for()
    assert carla.locator(".hand button.card").count() == 0  # a spectator holds no hand
    _fits(carla, PHONE)
    _shot(carla, "watching-ru-390")
    open_site_menu(carla)
    for watch in (watch_a, watch_b, watch_c):
        assert not watch.problems, watch.problems

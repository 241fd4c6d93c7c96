"""The table chat in Chromium, in de, en and ru: two guests at a Schnapsen table, one on a phone
(390x844), one on a desktop (1366x900). The phone opens the chat from the table's head (under the hand,
covering neither the hand nor the trick; a badge counts what came while it was closed), the desktop
has it beside the table. A quick phrase arrives in the reader's words, free text arrives as text (no
HTML), a text over 300 characters is refused, a message is reported, its author muted. A spectator
reads the spectators' chat only. Screenshots go to artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

OPEN_TWO_SEATS_JS = """async (name) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}];
  return (await api.post('/api/matches/', {game: 'schnapsen', seats, name, options: {}})).id;
}"""
JOIN_JS = """async ([id, name]) => {
  const api = await import('/static/frontend/js/api.js');
  return api.post(`/api/matches/${id}/join/`, {name});
}"""

GOOD_LUCK = {"de": "Viel Glück!", "en": "Good luck!", "ru": "Удачи!"}
THANKS = {"de": "Danke!", "en": "Thanks!", "ru": "Спасибо!"}
TOO_LONG = {
    "de": "höchstens 300 Zeichen",
    "en": "at most 300 characters",
    "ru": "не больше 300 символов",
}
REPORTED = {"de": "Gemeldet.", "en": "Reported.", "ru": "Жалоба отправлена."}
MUTED = {"de": "Stummgeschaltet", "en": "Muted", "ru": "Заглушено"}
REPORT = {"de": "Melden", "en": "Report", "ru": "Пожаловаться"}
SPECTATORS = {"de": "Chat der Zuschauer", "en": "Spectators' chat", "ru": "Чат зрителей"}


def _seated(page: Any) -> None:
    page.locator(".hand button.card").first.wait_for()


def _lines(page: Any) -> list[str]:
    return [s.strip() for s in page.locator("[data-role=chat-log] .chat-text").all_inner_texts()]


def _wait_line(page: Any, text: str) -> None:
    page.locator("[data-role=chat-log] .chat-text", has_text=text).last.wait_for()


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
        or (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"])
    )


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_two_players_chat_on_a_phone_and_a_desktop(new_page: Any, lang: str) -> None:
    alma, watch_a = new_page(lang, PHONE)
    bert, watch_b = new_page(lang, DESKTOP)
    alma.goto("/")
    match_id = alma.evaluate(OPEN_TWO_SEATS_JS, "Alma")
    bert.goto("/")
    bert.evaluate(JOIN_JS, [match_id, "Bert"])
    for page in (alma, bert):
        page.goto(f"/matches/{match_id}/")
        _seated(page)

    # The desktop has the chat beside the table; the phone opens it from the table's head.
    panel_b = bert.locator("[data-role=chat]")
    panel_b.wait_for()
    assert (
        _box(bert, "[data-role=chat]")["x"]
        > _box(bert, "[data-role=felt]")["x"] + _box(bert, "[data-role=felt]")["width"] - 1
    )
    assert alma.locator("[data-role=chat]").is_hidden()
    alma.locator("[data-role=chat-toggle]").click()
    alma.locator("[data-role=chat]").wait_for()
    for part in ("[data-role=hand]", "[data-role=felt]"):
        assert _apart(_box(alma, "[data-role=chat]"), _box(alma, part)), part
    assert alma.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # A quick phrase, in each reader's words; free text as text.
    alma.locator("[data-phrase=good_luck]").click()
    _wait_line(bert, GOOD_LUCK[lang])
    _wait_line(alma, GOOD_LUCK[lang])
    words = "<b>Servus</b> & hallo"
    bert.fill("[data-role=chat-form] input", words)
    bert.press("[data-role=chat-form] input", "Enter")
    _wait_line(alma, words)
    assert alma.locator("[data-role=chat-log] b").count() == 0
    assert _lines(alma) == [GOOD_LUCK[lang], words]

    # Over 300 characters (the field stops at 300; another client may send more): refused, nothing sent.
    assert bert.locator("[data-role=chat-form] input").get_attribute("maxlength") == "300"
    bert.evaluate("window.kartentisch.live.chat({text: 'x'.repeat(301)})")
    bert.locator("[data-role=chat-status][data-kind=error]", has_text=TOO_LONG[lang]).wait_for()
    shot(alma, f"chat-{lang}-phone")
    shot(bert, f"chat-{lang}-desktop")

    # Closed on the phone, a new message shows as a badge.
    alma.locator("[data-role=chat-toggle]").click()
    bert.locator("[data-phrase=thanks]").click()
    alma.locator("[data-role=chat-unread]", has_text="1").wait_for()
    shot(alma, f"chat-{lang}-phone-badge")
    alma.locator("[data-role=chat-toggle]").click()
    _wait_line(alma, THANKS[lang])

    # Report Bert's words to staff, then mute him: his messages leave Alma's chat.
    alma.locator("[data-role=chat-log] .chat-more summary").first.click()
    alma.locator("[data-action=report]").first.click()
    alma.locator("dialog.confirm [data-answer=yes]").click()
    alma.locator("[data-role=chat-status]", has_text=REPORTED[lang]).wait_for()
    alma.locator("[data-role=chat-log] .chat-more summary").first.click()
    alma.locator("[data-action=mute]").first.click()
    alma.locator("[data-role=chat-status]", has_text=MUTED[lang]).wait_for()
    alma.wait_for_function("() => document.querySelectorAll('[data-role=chat-log] li').length === 1")
    assert _lines(alma) == [GOOD_LUCK[lang]]
    assert alma.locator("[data-role=chat-mutes]").is_visible()
    bert.locator("[data-phrase=bye]").click()
    bert.locator("[data-role=chat-log] li").nth(3).wait_for()
    alma.wait_for_timeout(500)
    assert _lines(alma) == [GOOD_LUCK[lang]]
    shot(alma, f"chat-{lang}-phone-muted")

    # A spectator reads the spectators' chat only.
    carl, watch_c = new_page(lang, PHONE)
    carl.goto(f"/matches/{match_id}/")
    carl.locator("[data-role=chat-toggle]").click()
    carl.locator("#chat-title", has_text=SPECTATORS[lang]).wait_for()
    assert _lines(carl) == [] and carl.locator("[data-role=chat-form]").is_hidden()  # anonymous: reads only
    shot(carl, f"chat-{lang}-spectator-phone")
    for watch in (watch_a, watch_b, watch_c):
        assert not watch.problems, watch.problems


OPEN_PREFERANS_JS = """async (name) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}, {kind: 'ai', name: ''}];
  return (await api.post('/api/matches/', {game: 'preferans', seats, name, options: {}})).id;
}"""
PHRASES_ONLY = {"de": "nur Kurznachrichten", "en": "quick phrases only", "ru": "только быстрыми фразами"}
CLOSED = {"de": "Der Chat ist geschlossen.", "en": "the chat is closed.", "ru": "чат закрыт."}


@pytest.mark.parametrize(("lang", "viewport"), [("de", PHONE), ("ru", DESKTOP)])
def test_a_ranked_table_of_three_has_the_quick_phrases_only_and_its_chat_closes_at_the_end(
    new_page: Any, server_dir: Any, lang: str, viewport: dict[str, int]
) -> None:
    from tests.browser.conftest import server_shell

    alma, watch = new_page(lang, viewport)
    alma.goto("/")
    match_id = alma.evaluate(OPEN_PREFERANS_JS, "Alma")
    bert, _ = new_page(lang, PHONE)
    bert.goto("/")
    bert.evaluate(JOIN_JS, [match_id, "Bert"])
    # A league opens ranked tables; here the flag is set on the server, as a league's table has it.
    server_shell(
        server_dir, f"from games.models import Match; Match.objects.filter(pk={match_id}).update(ranked=True)"
    )
    alma.goto(f"/matches/{match_id}/")
    if viewport == PHONE:
        alma.locator("[data-role=chat-toggle]").click()
    alma.locator("[data-role=chat-note]", has_text=PHRASES_ONLY[lang]).wait_for()
    assert alma.locator("[data-role=chat-form]").is_hidden()
    alma.locator("[data-phrase=well_played]").click()
    alma.locator("[data-role=chat-log] li.mine").wait_for()
    shot(alma, f"chat-{lang}-ranked-{'phone' if viewport == PHONE else 'desktop'}")

    server_shell(
        server_dir, f"from games.live.presence import match_abandon; match_abandon(match_id={match_id})"
    )
    alma.reload()
    if viewport == PHONE:
        alma.locator("[data-role=chat-toggle]").click()
    alma.locator("[data-role=chat-note]", has_text=CLOSED[lang]).wait_for()
    assert (
        alma.locator("[data-role=chat-phrases]").is_hidden()
        and alma.locator("[data-role=chat-form]").is_hidden()
    )
    assert alma.locator("[data-role=chat-log] li").count() == 1  # what was said stays readable
    shot(alma, f"chat-{lang}-closed-{'phone' if viewport == PHONE else 'desktop'}")
    assert not watch.problems, watch.problems

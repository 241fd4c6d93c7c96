"""The daily challenge in Chromium, phone (390x844) and desktop (1366x900): from the lobby's box (phone,
German, the Preferanzen challenge) and from the header's link (desktop, English, the Vienna one) to
/challenges/, Play, the challenge played to its end (its first seven deals through the API in the
page's session, the last one by clicking), the score and place on /challenges/ and on the results
page; then the challenges are closed on the server and the field chart, a compare page and the
revealed seed are read in all three languages at both sizes. No page scrolls sideways. Screenshots go
to /tmp/shots-challenges/.

The two players play different challenges: both register from 127.0.0.1, so at the close the entries
of one challenge would be held as two accounts of one person (games.identity.holds)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import _pages, _serve, server_shell
from tests.browser.helpers import (
    CLOSE_CHALLENGES,
    DESKTOP,
    PHONE,
    STEP_JS,
    act,
    open_site_menu,
    play_by_api,
    register,
)

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-challenges")
DEALS = 8


WORDS = {
    "de": {"daily": "Tageschallenge", "place": "Platz", "field": "Wie das Feld jedes Spiel gespielt hat"},
    "en": {"daily": "Daily challenge", "place": "place", "field": "How the field played each deal"},
    "ru": {"daily": "Турнир дня", "place": "место", "field": "Как участники сыграли каждую сдачу"},
}


@pytest.fixture(scope="module")
def challenge_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of its own: the test closes its challenges."""
    tmp = tmp_path_factory.mktemp("challenge-server")
    with _serve(tmp, CHALLENGE_PAR_RUNNER="thread") as url:
        yield url, tmp


@pytest.fixture
def challenge_page(browser: Any, challenge_server: tuple[str, Path]) -> Iterator[Any]:
    yield from _pages(browser, challenge_server[0])


def _snap(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _fits(page: Any) -> None:
    width = page.evaluate("() => window.innerWidth")
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width, (page.url, wide, width)


def _click_to_the_end(page: Any) -> int:
    clicks = 0
    while True:
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        if step["kind"] == "final":
            return clicks
        if step["kind"] == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        act(page, step)
        clicks += 1


def _play_through(page: Any, lang: str, size: str, game: str) -> None:
    card = page.locator(f".challenge-card[data-game={game}]")
    _snap(page, f"{size}-{lang}-1-today")
    _fits(page)
    card.locator("[data-action=play-challenge]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.locator("[data-role=status][data-state=live]").wait_for()
    match_id = int(page.url.rstrip("/").split("/")[-1])
    last_deal = play_by_api(page, match_id, until=lambda p: p["view"]["deals_played"] >= DEALS - 1)
    assert last_deal["match"]["status"] == "running"
    page.reload()
    page.locator("[data-role=status][data-state=live]").wait_for()
    assert _click_to_the_end(page) > 0
    _snap(page, f"{size}-{lang}-2-table-end")
    _fits(page)
    # the entry is finished once its match is: the score and the place on the day's page
    page.goto("/challenges/")
    mine = card.locator("[data-role=my-result]")
    mine.wait_for()
    assert WORDS[lang]["place"] in mine.inner_text()
    assert card.locator("[data-action=play-challenge]").count() == 0
    _snap(page, f"{size}-{lang}-3-today-played")
    _fits(page)
    card.locator("a.button").click()
    page.wait_for_url(re.compile(r"/challenges/\d+/$"))
    me = page.locator("[data-role=me]")
    assert re.fullmatch(r"\d+", me.locator("[data-field=place]").inner_text())
    assert page.locator("tr.mine[data-role=my-row]").count() == 1
    assert page.locator("[data-field=seed]").count() == 0  # secret while open
    _snap(page, f"{size}-{lang}-4-results-open")
    _fits(page)


def test_play_the_daily_challenge_and_read_the_field(
    challenge_page: Any, challenge_server: tuple[str, Path]
) -> None:
    # phone, German: from the lobby's box
    phone, phone_watch = challenge_page("de", PHONE)
    register(phone, "tagesspieler", "Tagesspielerin Großkopf")
    phone.goto("/")
    box = phone.locator("[data-role=todays-challenges]")
    assert WORDS["de"]["daily"] in box.locator("h2").inner_text()
    _snap(phone, "phone-de-0-lobby")
    box.locator("h2 a").click()
    phone.wait_for_url(re.compile(r"/challenges/$"))
    _play_through(phone, "de", "phone", "preferanzen")

    # desktop, English: from the header's link
    desk, desk_watch = challenge_page("en", DESKTOP)
    register(desk, "dailyplayer", "Daily Player")
    desk.goto("/")
    open_site_menu(desk)
    desk.locator("header.site [data-nav=challenges]").click()
    desk.wait_for_url(re.compile(r"/challenges/$"))
    _play_through(desk, "en", "desktop", "preference_vienna")

    closed = dict(pair.split("=") for pair in server_shell(challenge_server[1], CLOSE_CHALLENGES).split())
    for page, size, game in ((phone, "phone", "preferanzen"), (desk, "desktop", "preference_vienna")):
        challenge_id = closed[game]
        for lang in ("de", "en", "ru"):
            host = re.sub(r"^https?://([^:/]+).*", r"\1", page.url)
            cookie = {"name": "django_language", "value": lang, "domain": host, "path": "/"}
            page.context.add_cookies([cookie])
            page.goto(f"/challenges/{challenge_id}/")
            _snap(page, f"{size}-{lang}-5-results-closed")
            assert page.locator("html").get_attribute("lang") == lang
            assert WORDS[lang]["field"] in page.locator("#h-deals").inner_text()
            assert page.locator(".field-deal").count() == DEALS
            share = page.locator(".field-bars .bar").first.evaluate(
                "e => getComputedStyle(e).getPropertyValue('--share').trim()"
            )
            assert share.endswith("%") and float(share[:-1]) > 0
            seed = page.locator("[data-field=seed]").inner_text()
            assert re.fullmatch(r"[0-9a-f]{64}", seed)
            _fits(page)
            page.locator(".field-deal").first.locator("figcaption a").click()
            page.wait_for_url(re.compile(r"/deals/1/$"))
            columns = page.locator(".compare-col")
            assert columns.count() >= 2  # mine and the AI's at least
            loaded = "l => !l.textContent.includes('…')"  # "Loading…" in every language
            page.wait_for_function(f"() => [...document.querySelectorAll('.compare-moves')].every({loaded})")
            assert columns.first.locator(".compare-moves li").count() >= 1
            assert page.locator(".compare-moves li.error").count() == 0
            _snap(page, f"{size}-{lang}-6-compare")
            _fits(page)
        page.goto("/challenges/archive/")
        assert page.locator("[data-role=archive] tbody tr").count() == len(closed)  # every game's, closed
        assert "(" not in page.locator("[data-role=archive]").inner_text()  # a lone entry has no percentage
        _snap(page, f"{size}-ru-7-archive")
        _fits(page)
        page.goto("/challenges/month/")
        assert page.locator("[data-role=monthly]").is_visible()
        _snap(page, f"{size}-ru-8-month")
        _fits(page)
    assert phone_watch.problems == [], phone_watch.problems
    assert desk_watch.problems == [], desk_watch.problems

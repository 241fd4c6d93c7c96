"""The profile in the browser: two registered players play short Schnapsen matches against each other
(through the REST API, with each page's own cookies), one of them analysed; one table against the AI
is left running. Paula's own profile and Bruno's public one then show the figures per game, the
rating chart and the history (replay links, the running table's link) in German, English and Russian,
at 390x844 without sideways scrolling and at 1366x900; screenshots go to artifacts/."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import DESKTOP, PHONE, open_site_menu, register
from tests.browser.test_polish import _csrf
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

ONE_DEAL = {"start_score": 1}  # a Bummerl of one deal


def _post(page: Any, url: str, data: dict[str, Any]) -> Any:
    resp = page.request.post(url, data=data, headers={"X-CSRFToken": _csrf(page), "Referer": page.url})
    assert resp.ok, resp.text()
    return resp.json()


def _create(page: Any, seats: list[dict[str, str]]) -> int:
    body = {"game": "schnapsen", "options": ONE_DEAL, "seats": seats}
    return int(_post(page, "/api/matches/", body)["id"])


def _play_out(pages: list[Any], match_id: int) -> None:
    """Each page plays its seat's first legal action whenever it is to move, until the match ends."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, f"match {match_id} did not end in 120 s"
        moved = False
        for page in pages:
            payload = page.request.get(f"/api/matches/{match_id}/view/").json()
            if payload["match"]["status"] != "running":
                return
            view = payload["view"]
            if view["to_move"] == payload["seat"] and view["legal"]:
                resp = page.request.post(
                    f"/api/matches/{match_id}/actions/",
                    data={"action": view["legal"][0], "seq": payload["seq"]},
                    headers={"X-CSRFToken": _csrf(page), "Referer": page.url},
                )
                assert resp.status in (200, 201, 409), resp.text()
                moved = True
        if not moved:
            time.sleep(0.1)


FITS_JS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def _look(page: Any, path: str, name: str) -> None:
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        page.goto(path)
        page.locator(".game-figure[data-game=schnapsen]").wait_for()
        page.locator("[data-role=rating-history] svg .series").first.wait_for()
        assert page.evaluate(FITS_JS), f"{path} scrolls sideways at {size}"
        shot(page, f"profile-{name}-{label}")


def test_profiles_show_figures_chart_and_history_in_three_languages(new_page: Any) -> None:
    paula, watch = new_page("de")
    bruno, bruno_watch = new_page("de")
    register(paula, "paula", "Paula Profil")
    register(bruno, "bruno", "Bruno Beispiel")
    played = []
    for _ in range(2):
        match_id = _create(paula, [{"kind": "human", "name": ""}, {"kind": "human", "name": ""}])
        _post(bruno, f"/api/matches/{match_id}/join/", {})
        _play_out([paula, bruno], match_id)
        played.append(match_id)
    _post(paula, f"/api/matches/{played[0]}/analysis/", {})
    wait_until(
        lambda: paula.request.get(f"/api/matches/{played[0]}/analysis/").json()["status"] == "done",
        240,
        "the analysis of the first match",
        interval=1,
    )
    running = _create(paula, [{"kind": "human", "name": ""}, {"kind": "ai", "name": "Anton"}])

    paula.goto("/accounts/profile/")
    paula.wait_for_url("**/accounts/players/paula/")
    card = paula.locator(".game-figure[data-game=schnapsen]")
    assert card.locator("[data-field=matches]").inner_text() == "2"
    assert re.match(r"^\d+([.,]\d)? % ", card.locator("[data-field=accuracy]").inner_text())  # analysed
    for match_id in played:
        assert paula.locator(f"tr[data-match='{match_id}'] a[data-replay='{match_id}']").count() == 1
    assert paula.locator(f"tr[data-match='{running}'] a[data-table='{running}']").count() == 1
    # Bruno's name at the table links to his public profile, which shows the same kind of figures
    paula.locator(f"tr[data-match='{played[0]}'] td.opponents a").click()
    paula.wait_for_url("**/accounts/players/bruno/")
    bruno_card = paula.locator(".game-figure[data-game=schnapsen]")
    assert bruno_card.locator("[data-field=matches]").inner_text() == "2"
    assert paula.locator(f"tr[data-match='{running}']").count() == 0  # not Bruno's table

    for lang in ("de", "en", "ru"):
        page, page_watch = new_page(lang)
        page.context.add_cookies(paula.context.cookies())  # signed in as Paula, in `lang`
        _look(page, "/accounts/players/paula/", f"own-{lang}")
        _look(page, "/accounts/players/bruno/", f"public-{lang}")
        assert page_watch.problems == []
    assert watch.problems == [] and bruno_watch.problems == []


def test_a_guest_reaches_their_own_profile_from_the_header(new_page: Any) -> None:
    page, watch = new_page("en", viewport=PHONE)
    page.goto("/")
    body = {"game": "schnapsen", "options": ONE_DEAL, "name": "Gast Gerti"}
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "name": "Anton"}]
    match_id = int(_post(page, "/api/matches/", {**body, "seats": seats})["id"])
    _play_out([page], match_id)
    page.goto("/")
    open_site_menu(page)
    page.locator("header.site a[data-nav=guest-profile]").click()
    page.wait_for_url("**/accounts/profile/")
    assert page.locator("h1").inner_text() == "Gast Gerti"
    assert page.locator(".game-figure[data-game=schnapsen] [data-field=matches]").inner_text() == "1"
    assert page.locator(f"tr[data-match='{match_id}'] a[data-replay='{match_id}']").count() == 1
    assert page.evaluate(FITS_JS)
    shot(page, "profile-guest-en-phone")
    assert watch.problems == []

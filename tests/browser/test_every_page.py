"""No page scrolls sideways on a phone: at 390x844, in German, English and Russian, a visitor and a
registered player (with a finished match, running tables of every game and a league) follow every link
the site shows them, breadth first from the lobby (two pages of each shape), and on every page reached
the document is no wider than the screen. The pages are found by following links, not listed, so a new
page is walked as soon as something links to it. Each page's screenshot goes to artifacts/every-page/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

import pytest

from tests.browser.conftest import ARTIFACTS, server_shell
from tests.browser.helpers import CLOSE_CHALLENGES, OPEN_TABLE_JS, PHONE, SEATS, play_by_api, register
from tests.browser.test_polish import _csrf, fast_forward
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

# Not pages a player reads (the admin, the API and its docs, files) or links that act (log out,
# the language switch posts a form).
SKIP = re.compile(r"^/(admin|api|static|media|i18n|jsi18n|metrics|healthz|readyz)(/|$)|^/accounts/logout/")
MAX_PAGES = 80
# Pages of one shape (the same path but for its numbers: a deal of a challenge, a player, a match) are
# laid out by one template; two of each are walked, not all of them.
PER_SHAPE = 2
# A page from each kind the walk must have reached, or it did not walk the site.
MUST_REACH = {
    "visitor": [r"^/$", r"^/new/", r"^/rules/\w+/$", r"^/leaderboard/\w+/$", r"^/leagues/$",
                r"^/accounts/login/$", r"^/accounts/register/$", r"^/live/$"],
    "player": [r"^/$", r"^/live/$", r"^/accounts/profile/$", r"^/matches/\d+/$", r"^/matches/\d+/replay/$",
               r"^/leagues/\d+/$", r"^/leaderboard/\w+/$", r"^/accounts/players/\w+/$",
               r"^/challenges/$", r"^/challenges/archive/$", r"^/challenges/\d+/$",
               r"^/challenges/\d+/deals/\d+/$", r"^/notifications/$", r"^/notifications/settings/$"],
}  # fmt: skip

LINKS_JS = """() => [...document.querySelectorAll('a[href]')].map(a => a.href)"""
WIDTH_JS = """() => ({
  doc: document.documentElement.scrollWidth,
  body: document.body.scrollWidth,
  wide: [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                 && getComputedStyle(e).position !== 'fixed')
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')),
  // a box of the page that scrolls sideways inside it is a sideways scroll too
  scrollers: [...document.querySelectorAll('body *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1
                 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
    .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')),
})"""


def _path(url: str, origin: str) -> str | None:
    url = urldefrag(url)[0]
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}" != origin:
        return None
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return None if SKIP.search(parts.path) else path


def _walk(page: Any, origin: str, label: str) -> list[str]:
    """Visit every page linked from the lobby (breadth first, at most MAX_PAGES); return the paths,
    failing with every page that is wider than the phone."""
    queue, seen = ["/"], {"/"}
    shapes: dict[str, int] = {}
    visited: list[str] = []
    too_wide: list[tuple[str, Any]] = []
    while queue and len(visited) < MAX_PAGES:
        path = queue.pop(0)
        response = page.goto(path)
        assert response is not None and response.status == 200, (label, path, response and response.status)
        page.wait_for_load_state("load")
        page.wait_for_timeout(400)  # the scripts render lists and tables after load
        if re.search(r"/replay/$", path) and page.locator("[data-role=analysis-summary]").count() == 0:
            page.wait_for_timeout(1500)  # a finished analysis is fetched after the replay
        width = page.evaluate(WIDTH_JS)
        name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "lobby"
        (ARTIFACTS / "every-page").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "every-page" / f"{label}-{name}.png"), full_page=True)
        if max(width["doc"], width["body"]) > PHONE["width"] or width["scrollers"]:
            too_wide.append((path, width))
        visited.append(path)
        for url in page.evaluate(LINKS_JS):
            found = _path(url, origin)
            if found is None or found in seen:
                continue
            seen.add(found)
            shape = re.sub(r"\d+", "N", found)
            shapes[shape] = shapes.get(shape, 0) + 1
            if shapes[shape] <= PER_SHAPE:
                queue.append(found)
    assert too_wide == [], (label, too_wide)
    return visited


def _reached_all(visited: list[str], kind: str) -> None:
    for pattern in MUST_REACH[kind]:
        assert any(re.search(pattern, p) for p in visited), (kind, pattern, visited)


def _finished_challenge(page: Any, server_dir: Path) -> None:
    """Today's Preferanzen challenge played to its end through the API and closed, unless an earlier
    walker of this server did so: its results page shows the field's play and links its deals'
    comparisons."""
    page.goto("/challenges/")
    play = page.locator(".challenge-card[data-game=preferanzen] [data-action=play-challenge]")
    if play.count() == 0:
        return
    play.click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(page.url.rstrip("/").split("/")[-1])
    assert play_by_api(page, match_id)["match"]["status"] == "finished"
    assert "preferanzen=" in server_shell(server_dir, CLOSE_CHALLENGES)


def _set_up_player(page: Any, username: str, server_dir: Path) -> None:
    """A player with a finished, analysed Schnapsen match, a running table of every game, a league and
    a closed daily challenge."""
    register(page, username, username.title())
    _finished_challenge(page, server_dir)
    page.goto("/")
    finished = page.evaluate(OPEN_TABLE_JS, ["schnapsen", SEATS["schnapsen"]])
    page.goto(f"/matches/{finished['id']}/")
    page.locator("[data-role=status][data-state=live]").wait_for()
    assert fast_forward(page, finished["id"], keep=-1)["match"]["status"] != "running"
    # its analysis done, so that the replay shows the summary, the chart and a decision
    headers = {"X-CSRFToken": _csrf(page), "Referer": page.url}
    analysis = f"/api/matches/{finished['id']}/analysis/"
    assert page.request.post(analysis, headers=headers).status in (200, 202)
    wait_until(lambda: page.request.get(analysis).json()["status"] == "done", 120, "the analysis")
    for game, seats in SEATS.items():
        page.evaluate(OPEN_TABLE_JS, [game, seats])
    page.goto("/leagues/")
    page.fill("input[name=name]", f"Liga {username}")
    page.select_option("select[name=game]", "schnapsen")
    page.locator("form[data-role=league-form] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/leagues/\d+/$"))


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_no_page_scrolls_sideways_on_a_phone(new_page: Any, server: str, server_dir: Path, lang: str) -> None:
    page, watch = new_page(lang, PHONE)
    _reached_all(_walk(page, server, f"{lang}-visitor"), "visitor")

    player, player_watch = new_page(lang, PHONE)
    _set_up_player(player, f"walker_{lang}", server_dir)
    _reached_all(_walk(player, server, f"{lang}-player"), "player")
    assert watch.problems == [] and player_watch.problems == [], (watch.problems, player_watch.problems)

"""Every leaderboard fits a 390px phone without sideways scroll (the opponents and the date fold under
the name), shows all its columns at 1366px, and says in a sentence what it ranks, in de, en and ru.
The boards are seeded with long names and several AI opponents, the widest rows a board shows.
Screenshots go to artifacts/."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, ROOT, _pages, _serve, _server_env, shot
from tests.browser.helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

GAMES = ("preisjass", "schnapsen", "preferanzen", "preference_vienna", "preferans")

SEED = """
from decimal import Decimal
from games.models import Match
from leaderboard.models import LeaderboardEntry
names = ["Maximiliane Großkopf-Wimmer", "Александра Константинопольская", "Anna", "Paul"]
games = {"preisjass": 4, "schnapsen": 2, "preferanzen": 3, "preference_vienna": 3, "preferans": 3}
for game, seats in games.items():
    for n in range(6):
        match = Match.objects.create(game=game, status="finished", seed="s", seed_commitment="c")
        for seat in range(seats):
            ai = seat > 0
            LeaderboardEntry.objects.create(
                game=game, match=match, seat=seat, display_name=names[2 + seat % 2] if ai else names[n % 2],
                is_ai=ai, points=Decimal(1000 - 37 * n - seat), sacks=3 if game == "preisjass" else None,
                ai_version="dora" if ai else "", opponent_ai_versions=["carla", "dora", "anton"][: seats - 1],
            )
"""

SENTENCE = {
    "de": ("Gewertet wird:", "Säcke"),
    "en": ("What it ranks:", "Sacks"),
    "ru": ("Что в ней считается:", "Мешки"),
}


@pytest.fixture(scope="module")
def board_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("board-server")
    with _serve(tmp) as url:
        env = _server_env(tmp / "db.sqlite3")
        subprocess.run([sys.executable, "manage.py", "shell", "-c", SEED], cwd=ROOT, env=env, check=True)
        yield url


@pytest.fixture
def board_page(browser: Any, board_server: str) -> Iterator[Any]:
    yield from _pages(browser, board_server)


def _fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    table = page.locator("table.leaderboard")
    assert table.evaluate(
        "t => t.scrollWidth <= t.clientWidth && t.getBoundingClientRect().right <= innerWidth"
    )


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_every_board_fits_a_phone_and_says_what_it_ranks(board_page: Any, lang: str) -> None:
    page, watch = board_page(lang, PHONE)
    for game in GAMES:
        page.goto(f"/leaderboard/{game}/")
        ranks = page.locator("[data-board-ranks]")
        assert SENTENCE[lang][0] in ranks.inner_text()
        assert page.locator("table.leaderboard tbody tr").count() == 6 * (
            4 if game == "preisjass" else 3 if game != "schnapsen" else 2
        )
        _fits(page, PHONE["width"])
        # the folded columns are still there, under the name
        first = page.locator("table.leaderboard tbody tr").first
        assert first.locator(".board-more").is_visible()
        assert not page.locator("table.leaderboard th.board-wide").first.is_visible()
        if game == "preisjass":
            assert page.get_by_role("columnheader", name=SENTENCE[lang][1]).is_visible()
        if game in ("preisjass", "schnapsen"):
            shot(page, f"leaderboard-{game}-phone-{lang}")
            page.screenshot(path=str(ARTIFACTS / f"leaderboard-{game}-phone-{lang}-top.png"))
    assert watch.problems == []


def test_a_board_on_the_desktop_shows_every_column(board_page: Any) -> None:
    page, watch = board_page("en", DESKTOP)
    page.goto("/leaderboard/preisjass/")
    _fits(page, DESKTOP["width"])
    headers = page.locator("table.leaderboard thead th")
    assert [h.strip() for h in headers.all_inner_texts()] == [
        "Rank",
        "Name",
        "Points",
        "Sacks",
        "Against AI",
        "Date",
        "Replay",
    ]
    assert not page.locator("table.leaderboard .board-more").first.is_visible()
    shot(page, "leaderboard-preisjass-desktop-en")
    page.screenshot(path=str(ARTIFACTS / "leaderboard-preisjass-desktop-en-top.png"))
    assert watch.problems == []

"""The boards' cached bodies (leaderboard.bodies): what the cache serves equals what a fresh build gives, a
save that enters the board clears them (and one below it does not), and guests and players get the same
public body, the reader's own parts outside it."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from games.models import Match, MatchStatus
from leaderboard import bodies, cache, selectors
from leaderboard.models import LeaderboardEntry
from leaderboard.services import leaderboard_save_match
from tests import factories
from tests.leaderboard.conftest import entry
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db

BASE = "http://testserver/api/leaderboard/preisjass/"


def new_match(game: str = "preisjass") -> Match:
    return Match.objects.create(game=game, status=MatchStatus.FINISHED, seed="s", seed_commitment="c")


@pytest.fixture
def board_110() -> list[LeaderboardEntry]:
    """110 Preisjass entries, some with equal points, AI rows among them."""
    matches = [new_match() for _ in range(28)]
    return [
        entry(matches[i // 4], i % 4, points=500 - i // 3, seconds=i, is_ai=i % 5 == 0) for i in range(110)
    ]


def test_each_cached_api_page_equals_a_fresh_build_and_the_served_body(board_110) -> None:
    c = APIClient()
    for size, pages in ((25, 4), (50, 2)):
        for page in range(1, pages + 1):
            served = c.get(f"/api/leaderboard/preisjass/?page={page}&page_size={size}")
            assert served.status_code == 200
            fresh = bodies.api_page_build("preisjass", page, size)
            assert cache.body_get(cache.api_key("preisjass", page, size)) == fresh
            assert served.content == bodies.api_answer_from(fresh, BASE).body
            expected = selectors.board_page("preisjass", page, size)
            body = json.loads(served.content)
            assert body["results"] == expected["results"]
            assert (body["page"], body["pages"], body["count"]) == (page, pages, 100)
            after = f"{BASE}?page={page + 1}&page_size={size}" if page < pages else None
            before = f"{BASE}?page={page - 1}&page_size={size}" if page > 1 else None
            assert (body["next"], body["previous"]) == (after, before)
    # the host is the request's: the same cached page answers another host name with its own links
    other = c.get("/api/leaderboard/preisjass/?page=2", HTTP_HOST="localhost").json()
    assert other["next"] == "http://localhost/api/leaderboard/preisjass/?page=3&page_size=25"
    assert other["results"] == selectors.board_page("preisjass", 2, 25)["results"]


def test_the_cached_page_table_equals_a_fresh_build_in_each_language(board_110, client: Client) -> None:
    for language in ("de", "en", "ru"):
        page = client.get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        with translation.override(language):
            fresh = bodies.board_table_build("preisjass")
        stored = cache.body_get(cache.table_key("preisjass", language))
        assert stored is not None and stored.decode() == fresh
        assert fresh in page
    assert "Rang" in cache.body_get(cache.table_key("preisjass", "de")).decode()  # type: ignore[union-attr]


def _finished_duel(a, b) -> Match:
    match = factories.two_player_match("duel", a, b, cards=3)
    play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def test_a_save_that_enters_the_board_clears_its_bodies(duel, django_capture_on_commit_callbacks) -> None:
    a, b = factories.user("anna"), factories.user("ben")
    entry(new_match(duel), 0, 1, name="Early", game=duel)
    c, page = APIClient(), Client()
    assert [r["name"] for r in c.get(f"/api/leaderboard/{duel}/").json()["results"]] == ["Early"]
    assert "Early" in page.get(f"/leaderboard/{duel}/").content.decode()
    assert "Anna" not in page.get(f"/leaderboard/{duel}/").content.decode()
    assert cache.body_get(cache.api_key(duel, 1, 25)) is not None  # cached now

    match = _finished_duel(a, b)
    with django_capture_on_commit_callbacks(execute=True):
        leaderboard_save_match(match_id=match.pk)
    saved = LeaderboardEntry.objects.filter(match=match, unranked="")
    ranked = set(saved.values_list("display_name", flat=True))
    assert ranked  # the winner at least
    names = {r["name"] for r in c.get(f"/api/leaderboard/{duel}/").json()["results"]}
    assert names == ranked | {"Early"}
    html = page.get(f"/leaderboard/{duel}/").content.decode()
    assert all(f">{name}</a>" in html for name in ranked)  # their profile links
    assert cache.body_get(cache.api_key(duel, 1, 25)) == bodies.api_page_build(duel, 1, 25)


def test_a_save_below_the_top_100_keeps_the_cached_bodies(duel, django_capture_on_commit_callbacks) -> None:
    a, b = factories.user("anna"), factories.user("ben")
    matches = [new_match(duel) for _ in range(25)]
    for i in range(100):
        entry(matches[i // 4], i % 4, 1000, game=duel)
    c = APIClient()
    first = c.get(f"/api/leaderboard/{duel}/?page=4").content
    key = cache.api_key(duel, 4, 25)
    stored = cache.body_get(key)
    assert stored is not None

    match = _finished_duel(a, b)
    with django_capture_on_commit_callbacks(execute=True):
        leaderboard_save_match(match_id=match.pk)
    assert LeaderboardEntry.objects.filter(match=match).count() == 2  # saved, below the board
    assert cache.body_get(key) == stored == bodies.api_page_build(duel, 4, 25)
    assert c.get(f"/api/leaderboard/{duel}/?page=4").content == first


def test_guests_and_players_get_the_same_public_bodies(board_110) -> None:
    guest, player = APIClient(), APIClient()
    zoe = factories.user("zoe")
    player.force_login(zoe)
    for path in ("/api/leaderboard/preisjass/", "/api/leaderboard/preisjass/?page=3&page_size=25"):
        as_guest, as_player = guest.get(path), player.get(path)
        assert as_guest.content == as_player.content and as_guest["ETag"] == as_player["ETag"]
        assert "Cookie" not in as_player.get("Vary", "") and not as_player.cookies

    guest_page = Client().get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    player_client = Client()
    player_client.force_login(zoe)
    player_page = player_client.get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = cache.body_get(cache.table_key("preisjass", "en"))
    assert table is not None
    assert table.decode() in guest_page and table.decode() in player_page
    # the reader's own name is in the page's menu, never in the shared body
    assert ">Zoe</a>" in player_page and "Zoe" not in table.decode() and ">Zoe</a>" not in guest_page

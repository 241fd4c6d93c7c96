"""Only a best result enters a board and is told a place: a lost Schnapsen Bummerl and a result that
scored nothing are saved, shown to their player with why, and never ranked; each board page says in a
sentence what it ranks."""

from __future__ import annotations

import html
import importlib

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from games.models import Match, MatchStatus
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry
from tests import factories
from tests.leaderboard.conftest import entry
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


@pytest.fixture
def finished_bummerl() -> tuple[Match, dict[int, object]]:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("schnapsen", anna, ben, start_score=3)
    play_to_end(match, {0: anna, 1: ben})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match, {0: anna, 1: ben}


def test_the_loser_of_a_schnapsen_bummerl_is_told_no_place(finished_bummerl) -> None:
    match, players = finished_bummerl
    winner = load_state(match).result()["winner"]
    loser = 1 - winner
    saved = client_for(players[loser]).post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert saved.status_code == 200 and saved.json()["state"] == "saved"

    for seat in (winner, loser):
        status = client_for(players[seat]).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
        assert status["ranks"] == {str(winner): 1}
        assert status["unranked"][str(loser)]["reason"] == "not_won"
        assert str(winner) not in status["unranked"]
    status = (
        client_for(players[loser])
        .get(f"/api/leaderboard/matches/{match.pk}/status/", HTTP_ACCEPT_LANGUAGE="en")
        .json()
    )
    assert status["unranked"][str(loser)]["message"] == (
        "Result saved, not on the leaderboard: it lists won matches only."
    )

    board = client_for().get("/api/leaderboard/schnapsen/").json()
    assert [(r["match_id"], r["seat"], r["rank"]) for r in board["results"]] == [(match.pk, winner, 1)]
    # the lost Bummerl is kept (its player sees it), only off the ranks
    assert LeaderboardEntry.objects.get(match=match, seat=loser).unranked == "not_won"


def test_a_result_that_scored_nothing_gets_no_place_even_on_an_empty_board(duel) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("duel", anna, ben, cards=3)
    play_to_end(match, {0: anna, 1: ben})
    totals = load_state(match).result()["totals"]
    client_for(anna).post(f"/api/leaderboard/matches/{match.pk}/save/")
    status = client_for(anna).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    scored = [seat for seat in (0, 1) if totals[seat] > 0]
    assert sorted(status["ranks"]) == [str(s) for s in scored]
    for seat in (0, 1):
        if totals[seat] <= 0:
            assert status["unranked"][str(seat)]["reason"] == "no_points"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Won Bummerls, ranked by the winner's game points"),
        ("de", "Gewonnene Bummerl, gereiht nach den Spielpunkten des Siegers"),
        ("ru", "Выигранные буммерли по игровым очкам победителя"),
    ],
)
def test_the_board_page_says_what_it_ranks(lang: str, words: str) -> None:
    page = client_for().get("/leaderboard/schnapsen/", HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == 200
    assert words in html.unescape(page.content.decode())


def test_entries_saved_before_leave_the_ranks_when_they_are_no_best_result(players_matches) -> None:
    first, second = players_matches
    won = entry(first, 0, 7, game="schnapsen")
    lost = entry(first, 1, 4, game="schnapsen")
    nothing = entry(second, 0, 0)
    scored = entry(second, 1, 30)
    migration = importlib.import_module("leaderboard.migrations.0003_best_results_only")
    migration.mark_no_best_results(apps, None)
    reasons = {e.pk: e.unranked for e in LeaderboardEntry.objects.all()}
    assert reasons == {won.pk: "", lost.pk: "not_won", nothing.pk: "no_points", scored.pk: ""}


@pytest.fixture
def players_matches() -> tuple[Match, Match]:
    anna, ben = factories.user("anna"), factories.user("ben")
    return (
        factories.two_player_match("schnapsen", anna, ben),
        factories.two_player_match("schnapsen", anna, ben),
    )


def test_the_boards_index_says_what_each_board_ranks() -> None:
    page = html.unescape(client_for().get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Won Bummerls, ranked by the winner's game points" in page
    assert "Card points over a whole run of twelve games" in page

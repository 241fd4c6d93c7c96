"""Duplicate rounds: a table is seen by its own players only until the whole round is over (every
route: REST, pages, profile lists, save status, admin, websocket), and league tables never show all
hands."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from rest_framework.test import APIClient

from accounts.models import User
from games.errors import Forbidden
from games.models import Match, MatchEvent
from games.services.matches import SeatSpec, match_create, match_show_hands
from leagues import services
from leagues.models import LeagueMatch
from tests import factories
from tests.games.test_consumers import connect, receive
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db

ROUTES = ("", "view/", "replay/", "events/", "verify/")


def client_for(user: User | None = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def duel_round(players: list[User]) -> tuple[Match, Match]:
    """Two duel tables of one round: anna (seat 0) and ben at the first, dora (seat 0) and carl at
    the second."""
    anna, ben, carl, dora = players
    league = make_league(anna)
    join(league, ben, carl, dora)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    first, second = (
        Match.objects.get(pk=link.match_id)
        for link in LeagueMatch.objects.filter(round=round_).order_by("table")
    )
    return first, second


def refused(response) -> bool:
    return response.status_code == 403 and response.json()["error"]["code"] == "embargoed"


@pytest.fixture
def staff() -> User:
    return User.objects.create_superuser(username="staff", password="pw-staff-1", display_name="Staff")


def test_only_the_players_of_an_embargoed_table_see_it_until_the_round_is_over(duel, players, staff) -> None:
    anna, ben, carl, dora = players
    first, second = duel_round(players)
    erik = factories.user("erik")
    league_id = LeagueMatch.objects.get(match=second).season.league_id
    outsiders = [client_for(anna), client_for(ben), client_for(erik), client_for(staff), client_for()]
    for c in outsiders:
        for route in ROUTES:
            assert refused(c.get(f"/api/matches/{second.pk}/{route}")), route
        assert refused(c.get(f"/api/leaderboard/matches/{second.pk}/status/"))
        for html in (f"/matches/{second.pk}/", f"/matches/{second.pk}/replay/"):
            response = c.get(html)
            assert response.status_code == 403 and 'data-error="embargoed"' in response.content.decode()
        # The lists of carl's matches do not name the table to anyone but its players.
        profile = c.get("/accounts/players/carl/")
        assert second.pk not in [m.match_id for m in profile.context["history"].rows]
        league_page = c.get(f"/leagues/{league_id}/players/carl/")
        assert second.pk not in [m["match_id"] for m in league_page.context["matches"]]
        assert f"/matches/{second.pk}/" not in league_page.content.decode()

    # Its own players still see their own seat, their table's page and it in their lists.
    cc = client_for(carl)
    view = cc.get(f"/api/matches/{second.pk}/view/").json()
    assert view["seat"] == 1 and view["match"]["embargoed"] and len(view["view"]["hand"]) == 3
    assert cc.get(f"/matches/{second.pk}/").status_code == 200
    assert second.pk in [m.match_id for m in cc.get("/accounts/players/carl/").context["history"].rows]
    assert second.pk in [
        m["match_id"] for m in cc.get(f"/leagues/{league_id}/players/carl/").context["matches"]
    ]
    # ... but not its log, replay or seed yet (a refusal of its own, not the embargo's).
    assert cc.get(f"/api/matches/{second.pk}/events/").status_code == 403

    # Staff read no event of a table of the round in the admin either.
    admin = client_for(staff)
    listed = admin.get("/admin/games/matchevent/").context["cl"].result_list
    assert not {e.match_id for e in listed} & {first.pk, second.pk}
    deal = MatchEvent.objects.get(match=second, type="deal")
    assert admin.get(f"/admin/games/matchevent/{deal.pk}/change/").status_code == 302  # "does not exist"
    page = admin.get(f"/admin/games/match/{second.pk}/change/")
    assert [len(f.formset.forms) for f in page.context["inline_admin_formsets"]] == [2, 0]  # seats, events

    # Once every table of the round is over, it is a finished match like any other.
    play_to_end(first, {0: anna, 1: ben})
    play_to_end(second, {0: dora, 1: carl})
    assert services.rounds_release_finished() in (0, 1)  # the finish signal may have released it
    second.refresh_from_db()
    assert not second.embargoed
    anon = client_for()
    spectator = anon.get(f"/api/matches/{second.pk}/view/").json()
    assert spectator["seat"] is None and spectator["view"]["hand"] == []
    assert anon.get(f"/api/matches/{second.pk}/events/").json()["seed"] == second.seed
    assert anon.get(f"/api/matches/{second.pk}/verify/").json()["verified"]
    assert len(anon.get(f"/api/matches/{second.pk}/replay/").json()["steps"]) == second.version
    assert anon.get(f"/matches/{second.pk}/replay/").status_code == 200
    assert second.pk in [m.match_id for m in anon.get("/accounts/players/carl/").context["history"].rows]
    listed = admin.get("/admin/games/matchevent/").context["cl"].result_list
    assert {e.match_id for e in listed} >= {first.pk, second.pk}
    page = admin.get(f"/admin/games/match/{second.pk}/change/")
    assert [len(f.formset.forms) for f in page.context["inline_admin_formsets"]] == [2, second.version]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_of_an_embargoed_table_refuses_everyone_not_seated_at_it(duel, players) -> None:
    anna, _, carl, _ = players
    _, second = await sync_to_async(duel_round)(players)
    for who in (anna, None):
        comm, connected = await connect(second.pk, who)
        assert connected
        reply = await receive(comm)
        assert reply["t"] == "error" and reply["code"] == "embargoed" and "d" not in reply
        closed = await comm.receive_output(timeout=2)
        assert closed == {"type": "websocket.close", "code": 4403}
    comm, _ = await connect(second.pk, carl)
    state = await receive(comm)
    assert state["t"] == "state" and state["d"]["seat"] == 1 and len(state["d"]["view"]["hand"]) == 3
    await comm.disconnect()


def test_league_tables_never_show_all_hands(players) -> None:
    anna = players[0]
    league = make_league(anna, game="preisjass", ai_version="random")
    table = services.league_table_open(
        league_id=league.pk, user=anna, seats=["human", "ai", "ai", "ai"], ai_version="random"
    )
    ca = client_for(anna)
    response = ca.post(f"/api/matches/{table.pk}/show-hands/")
    assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"
    # A duplicate round's table (embargoed too): its hands are every table's deals.
    round_ = services.duplicate_round_open(
        league_id=league.pk, user=anna, tables=[[anna]], ai_version="random"
    )
    in_round = LeagueMatch.objects.get(round=round_).match_id
    assert ca.post(f"/api/matches/{in_round}/show-hands/").status_code == 403
    assert "all_hands" not in ca.get(f"/api/matches/{in_round}/view/").json()
    assert not Match.objects.filter(practice=True).exists()


def test_an_embargoed_table_never_shows_all_hands(players) -> None:
    anna = factories.actor(players[0])
    match = match_create(
        game="preisjass",
        creator=anna,
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        ai_version="random",
        embargoed=True,
    )
    with pytest.raises(Forbidden):
        match_show_hands(match_id=match.pk, actor=anna)
    match.refresh_from_db()
    assert not match.practice


def test_a_round_s_results_are_published_only_when_the_round_is_released(
    duel, players, django_capture_on_commit_callbacks
) -> None:
    """A finished table's score tells the sister tables how the shared deals went: no leaderboard entry,
    standing or rating until every table of the round is over; then all of them, and the rebuild
    agrees with the live projection."""
    from django.core.management import call_command

    from leaderboard.models import LeaderboardEntry
    from leagues.models import ProjectedMatch, Rating, Standing

    anna, ben, carl, dora = players
    first, second = duel_round(players)
    with django_capture_on_commit_callbacks(execute=True):  # the finish signal and its listeners
        play_to_end(first, {0: anna, 1: ben})
    first.refresh_from_db()
    assert first.status == "finished" and first.embargoed
    held = (LeaderboardEntry, ProjectedMatch, Standing, Rating)
    assert [model.objects.count() for model in held] == [0, 0, 0, 0]
    call_command("leaderboard_save_pending", verbosity=0)  # the repair command holds them back too
    call_command("rebuild_standings", verbosity=0)
    assert [model.objects.count() for model in held] == [0, 0, 0, 0]
    refusal = client_for(anna).post(f"/api/leaderboard/matches/{first.pk}/save/")
    assert refusal.status_code >= 400 and LeaderboardEntry.objects.count() == 0

    with django_capture_on_commit_callbacks(execute=True):  # the last table: released and published
        play_to_end(second, {0: dora, 1: carl})
    assert {e.match_id for e in LeaderboardEntry.objects.all()} == {first.pk, second.pk}
    assert set(ProjectedMatch.objects.values_list("match_id", flat=True)) == {first.pk, second.pk}
    assert Standing.objects.count() == 4 and Rating.objects.count() == 4

    def state() -> tuple[list[tuple], list[tuple]]:
        standings = sorted(Standing.objects.values_list("user_id", "points", "matches"))
        ratings = sorted(Rating.objects.values_list("user_id", "mu", "sigma", "matches"))
        return standings, ratings

    live = state()
    call_command("rebuild_standings", verbosity=0)
    assert state() == live

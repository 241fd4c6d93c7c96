"""League tables seat league members only (a guest or a non-member at the table would make the match
silently stop counting), and a match where one person held two seats is never counted or rated."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.live.actors import Actor
from games.models import Seat
from games.services.matches import match_join
from leagues import projection, services
from leagues.models import ProjectedMatch, Rating, SeasonResult, Standing
from tests import factories
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def test_guests_and_non_members_may_not_join_a_league_table(duel, players) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna)
    join(league, ben)
    r = client_for(anna).post(
        f"/api/leagues/{league.pk}/tables/", {"seats": ["human", "human"]}, format="json"
    )
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    # The generic join endpoint (what the lobby uses) refuses a guest and a registered non-member.
    r = client_for().post(f"/api/matches/{match_id}/join/", {"name": "Gast Gerd"}, format="json")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_member"
    assert "Stammtisch" in r.json()["error"]["message"]
    r = client_for(carl).post(f"/api/matches/{match_id}/join/", {}, format="json")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_member"
    assert Seat.objects.get(match_id=match_id, index=1).is_free
    # A member may.
    assert client_for(ben).post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200


def test_the_join_service_refuses_them_too(duel, players) -> None:
    from leagues.errors import NotMember

    anna, carl = players[0], players[2]
    league = make_league(anna)
    match = services.league_table_open(league_id=league.pk, user=anna, seats=["human", "human"])
    with pytest.raises(NotMember):
        match_join(match_id=match.pk, actor=Actor(guest_token="g" * 32, display_name="Gast"))
    with pytest.raises(NotMember):
        match_join(match_id=match.pk, actor=factories.actor(carl))
    assert Seat.objects.get(match=match, index=1).is_free


def test_a_league_match_with_one_person_at_two_seats_never_counts(
    duel, players, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    from games.identity import seating
    from games.live.actors import Origin

    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    one_browser = Origin(browser="b" * 32)
    match = services.league_table_open(
        league_id=league.pk, user=anna, seats=["human", "human"], origin=one_browser
    )
    # Seated past the join check (the backstop): the projection still refuses to rank the match.
    monkeypatch.setattr(seating, "holds_a_seat", lambda seats, actor: False)
    match_join(match_id=match.pk, actor=Actor.for_user(ben, one_browser))
    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(match, {0: anna, 1: ben})
    record = ProjectedMatch.objects.get(match=match)  # projected live when the match finished
    assert (record.counted, record.rated) == (False, False)
    assert not Standing.objects.exists() and not SeasonResult.objects.exists() and not Rating.objects.exists()
    call_command("rebuild_standings", verbosity=0)
    assert not Standing.objects.exists() and not Rating.objects.exists()
    assert ProjectedMatch.objects.get(match=match).counted is False


def test_different_browsers_still_count(duel, players) -> None:
    from games.live.actors import Origin

    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = services.league_table_open(
        league_id=league.pk, user=anna, seats=["human", "human"], origin=Origin(browser="a" * 32)
    )
    match_join(match_id=match.pk, actor=Actor.for_user(ben, Origin(browser="b" * 32)))
    play_to_end(match, {0: anna, 1: ben})
    projection.project_match(match_id=match.pk)
    assert ProjectedMatch.objects.get(match=match).counted is True
    assert Standing.objects.count() == 2 and Rating.objects.count() == 2

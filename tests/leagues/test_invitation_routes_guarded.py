"""The invitation routes and the name suggestions refuse forged, anonymous and malformed requests:
a clear error, and the invitation stays as it was."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from leagues import services
from leagues.models import Invitation, Membership
from tests import factories
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db


def _invited(duel: str, players) -> tuple:
    anna, ben = players[:2]
    league = make_league(anna, access="invite")
    services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    return league, anna, ben


def test_a_cross_site_post_neither_declines_nor_accepts(duel, players) -> None:
    league, _, ben = _invited(duel, players)
    page = Client(enforce_csrf_checks=True)
    page.force_login(ben)
    assert page.post(f"/leagues/{league.pk}/decline/").status_code == 403
    assert page.post(f"/leagues/{league.pk}/join/").status_code == 403
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(ben)
    for route in ("decline", "accept"):
        assert api.post(f"/api/leagues/{league.pk}/invitations/{route}/").status_code == 403
    assert Invitation.objects.filter(league=league, user=ben, accepted_at__isnull=True).exists()
    assert not Membership.objects.filter(league=league, user=ben).exists()


def test_another_player_cannot_take_or_drop_someone_elses_invitation(duel, players) -> None:
    league, _, ben = _invited(duel, players)
    carl = players[2]
    api = APIClient()
    api.force_login(carl)
    assert api.post(f"/api/leagues/{league.pk}/invitations/accept/").status_code == 403
    assert api.post(f"/api/leagues/{league.pk}/invitations/decline/").status_code == 403
    assert APIClient().post(f"/api/leagues/{league.pk}/invitations/decline/").status_code in (401, 403)
    assert Invitation.objects.filter(league=league, user=ben, accepted_at__isnull=True).exists()
    assert not Membership.objects.filter(league=league, user=carl).exists()


def test_malformed_ids_are_404(duel, players) -> None:
    league, _, ben = _invited(duel, players)
    api = APIClient()
    api.force_login(ben)
    for league_id in ("abc", "1.5", "-1", "99999999999999999999"):
        assert api.post(f"/api/leagues/{league_id}/invitations/decline/").status_code == 404
    assert api.post("/api/leagues/424242/invitations/decline/").status_code == 404
    assert Invitation.objects.filter(league=league, user=ben).exists()


def test_a_huge_or_odd_query_gets_a_short_answer(players) -> None:
    anna = players[0]
    bert = factories.user("bertram")
    bert.email = "zed@example.org"
    bert.save()
    api = APIClient()
    api.force_login(anna)
    r = api.get("/api/leagues/players/", {"q": "b" * 100_000})
    assert r.status_code == 200 and r.json()["players"] == [] and len(r.json()["q"]) == 40
    for q in ("%%", "__", "ze", "zed@"):
        r = api.get("/api/leagues/players/", {"q": q})
        assert r.status_code == 200 and r.json()["players"] == [], q  # LIKE wildcards and addresses
    assert "example.org" not in api.get("/api/leagues/players/", {"q": "ber"}).content.decode()

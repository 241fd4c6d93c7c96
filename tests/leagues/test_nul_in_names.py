"""A NUL character in a typed or linked player name is a clear refusal, never a server error
(PostgreSQL cannot compare text with NUL: run these under DATABASE_URL=postgres://... too)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from leagues.models import Invitation
from tests import factories
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db


def test_player_pages_answer_404(duel, players) -> None:
    league = make_league(players[0])
    visitor = Client(raise_request_exception=False)
    assert visitor.get("/accounts/players/an%00na/").status_code == 404
    assert visitor.get(f"/leagues/{league.pk}/players/an%00na/").status_code == 404


def test_an_invitation_to_a_name_with_nul_is_refused(duel, players) -> None:
    anna = players[0]
    league = make_league(anna, access="invite")
    page = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(anna)
    r = page.post(f"/leagues/{league.pk}/invite/", {"username": "be\x00n"})
    assert r.status_code == 404 and "There is no player" in r.content.decode()
    assert not Invitation.objects.filter(league=league).exists()


def test_suggestions_refuse_a_query_with_nul(players) -> None:
    api = APIClient(raise_request_exception=False)
    api.force_login(players[0])
    r = api.get("/api/leagues/players/", {"q": "be\x00"})
    assert r.status_code == 400 and "q" in r.json()["error"]["fields"]
    assert factories.user("benno").is_active  # the suggestions still work after it
    assert api.get("/api/leagues/players/", {"q": "benn"}).json()["players"][0]["username"] == "benno"

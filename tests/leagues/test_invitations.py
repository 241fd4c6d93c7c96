"""League invitations through the public routes: the inviter is told it worked (or exactly why not),
the invitee finds it in the lobby and on the league page and accepts or declines it; players are found
by user name or display name, and the invite field's suggestions never tell more than names."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from leagues.models import Invitation, Membership
from tests import factories
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db


def client_for(user=None, lang: str = "en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if user is not None:
        c.force_login(user)
    return c


def invite(league_id: int, inviter, name: str, lang: str = "en"):
    return client_for(inviter, lang).post(f"/leagues/{league_id}/invite/", {"username": name}, follow=True)


def test_inviting_by_display_name_is_confirmed_and_shown_to_the_invitee(duel, players) -> None:
    anna, ben = players[:2]
    ben.display_name = "Benedikt Bauer"
    ben.save()
    league = make_league(anna, access="invite")
    page = invite(league.pk, anna, "benedikt bauer")
    assert page.status_code == 200
    assert "Invitation sent to Benedikt Bauer." in page.content.decode()
    assert Invitation.objects.filter(league=league, user=ben, invited_by=anna).exists()

    lobby = client_for(ben).get("/").content.decode()
    assert 'data-role="league-invitations"' in lobby and "Stammtisch" in lobby
    assert f'action="/leagues/{league.pk}/decline/"' in lobby
    detail = client_for(ben).get(f"/leagues/{league.pk}/").content.decode()
    assert "Anna invited you to this league." in detail
    # others see no invitation in their lobby
    assert 'data-role="league-invitations"' not in client_for(players[2]).get("/").content.decode()

    assert client_for(ben).post(f"/leagues/{league.pk}/join/").status_code == 302
    assert Membership.objects.filter(league=league, user=ben).exists()
    assert 'data-role="league-invitations"' not in client_for(ben).get("/").content.decode()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Invitation sent to Ben."),
        ("de", "Einladung an Ben gesendet."),
        ("ru", "Приглашение отправлено: Ben."),
    ],
)
def test_the_confirmation_speaks_the_page_language(duel, players, lang: str, words: str) -> None:
    league = make_league(players[0], access="invite")
    assert words in invite(league.pk, players[0], "BEN", lang).content.decode()


def test_each_refusal_says_why_and_changes_nothing(duel, players) -> None:
    anna, carl = players[0], players[2]
    league = make_league(anna, access="invite")
    invite(league.pk, anna, "ben")
    cases = [
        (anna, "nobody", 404, "There is no player nobody."),
        (anna, "anna", 409, "Anna is already a member of this league."),
        (anna, "ben", 409, "Ben is already invited to this league."),
        (carl, "dora", 403, "Only the league&#x27;s creator can invite players to it."),
    ]
    for inviter, name, status, words in cases:
        r = client_for(inviter).post(f"/leagues/{league.pk}/invite/", {"username": name})
        assert r.status_code == status, name
        assert words in r.content.decode(), name
    assert list(Invitation.objects.values_list("user__username", flat=True)) == ["ben"]


def test_declining_removes_the_invitation(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna, access="invite")
    invite(league.pk, anna, "ben")
    r = client_for(ben).post(f"/leagues/{league.pk}/decline/", {"next": "/"}, follow=True)
    assert r.redirect_chain == [("/", 302)]
    assert "Invitation declined." in r.content.decode()
    assert not Invitation.objects.filter(league=league).exists()
    assert not Membership.objects.filter(league=league, user=ben).exists()
    again = client_for(ben).post(f"/leagues/{league.pk}/decline/")
    assert again.status_code == 403 and "You have no invitation to this league." in again.content.decode()
    api = APIClient()
    api.force_login(ben)
    assert api.post(f"/api/leagues/{league.pk}/invitations/decline/").status_code == 403


def test_suggestions_match_the_start_of_either_name_and_tell_only_names(players) -> None:
    anna = players[0]
    factories.user("benno")
    bert = factories.user("zz_bert")
    bert.display_name = "Bertram"
    bert.email = "bertram@example.org"
    bert.save()
    for n in range(12):
        factories.user(f"bulk{n:02d}")
    api = APIClient()
    assert api.get("/api/leagues/players/?q=be").status_code == 403  # logged-in players only
    api.force_login(anna)

    def names(q: str) -> list[str]:
        r = api.get("/api/leagues/players/", {"q": q})
        assert r.status_code == 200
        return [p["username"] for p in r.json()["players"]]

    assert names("b") == []  # two letters at least
    # user name or display name, any case; "ben" is the name of an AI (games.identity.names): left out
    assert names("BE") == ["benno", "zz_bert"]
    assert names("an") == []  # never the asker
    assert len(names("bu")) == 10  # ten at most
    body = api.get("/api/leagues/players/", {"q": "bert"}).json()
    assert body["players"] == [{"username": "zz_bert", "display_name": "Bertram"}]
    assert "example.org" not in str(body)


def test_suggestions_leave_out_the_names_the_ais_hold(players) -> None:
    from games.identity.names import reserved_match

    ai_like = factories.user("annaki")
    ai_like.display_name = "Anton (KI)"
    ai_like.save()
    assert reserved_match("Anton (KI)") is not None
    api = APIClient()
    api.force_login(players[1])
    factories.user("annelie")
    assert api.get("/api/leagues/players/", {"q": "ann"}).json()["players"] == [
        {"username": "annelie", "display_name": "Annelie"}
    ]  # neither "anna" (an AI's name) nor "Anton (KI)"


def test_suggestions_are_throttled(players, monkeypatch, settings: Any) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {**rates, "writes": "3/min"})
    cache.clear()
    api = APIClient()
    api.force_login(players[0])
    codes = [api.get("/api/leagues/players/", {"q": "be"}).status_code for _ in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[-1] == 429

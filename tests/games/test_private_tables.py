"""Private tables: opened with "private": true, seated by invitation link only, never listed, never
ranked; the link is shown to the table's own players alone, and a join without it changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.errors import BadRequest
from games.models import Match, MatchEvent, MatchStatus
from games.services.matches import SeatSpec, match_create, match_join
from leaderboard.errors import NotEligible
from leaderboard.models import LeaderboardEntry
from leaderboard.services import check_eligible
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def create_duel(c: APIClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    r = c.post("/api/matches/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


@pytest.fixture
def private(duel: str) -> tuple[dict[str, Any], Match, APIClient]:
    anna = factories.user("anna")
    ca = client_for(anna)
    summary = create_duel(ca, private=True)
    return summary, Match.objects.get(pk=summary["id"]), ca


def test_the_creator_gets_the_invitation_link(private) -> None:
    summary, match, ca = private
    assert summary["private"] is True and match.private
    assert len(match.invite_token) >= 20
    assert summary["invite_url"] == f"http://testserver/matches/{match.pk}/?invite={match.invite_token}"
    detail = ca.get(f"/api/matches/{match.pk}/").json()
    assert detail["invite_url"] == summary["invite_url"]
    assert ca.get(f"/api/matches/{match.pk}/view/").json()["match"]["invite_url"] == summary["invite_url"]


def test_a_public_table_has_no_token_and_no_invite_url(duel) -> None:
    summary = create_duel(client_for(factories.user("anna")))
    assert summary["private"] is False and "invite_url" not in summary
    assert Match.objects.get(pk=summary["id"]).invite_token == ""


def test_a_private_table_is_not_in_the_lobby(private) -> None:
    summary, _, _ = private
    public = create_duel(client_for(factories.user("carl")))
    lobby = [m["id"] for m in client_for().get("/api/matches/").json()["matches"]]
    assert lobby == [public["id"]]
    assert summary["id"] not in lobby


def test_others_never_see_the_token(private) -> None:
    _, match, _ = private
    for c in (client_for(), client_for(factories.user("ben"))):
        for route in ("", "view/"):
            r = c.get(f"/api/matches/{match.pk}/{route}")
            assert r.status_code == 200
            assert match.invite_token not in r.content.decode()
            assert "invite_url" not in (r.json() if not route else r.json()["match"])
        page = c.get(f"/matches/{match.pk}/")
        assert page.status_code == 200 and match.invite_token not in page.content.decode()


def test_a_join_without_or_with_a_wrong_token_is_refused_and_changes_nothing(private) -> None:
    _, match, _ = private
    cb = client_for(factories.user("ben"))
    for body in ({}, {"invite": ""}, {"invite": "wrong"}, {"invite": match.invite_token[:-1]}):
        r = cb.post(f"/api/matches/{match.pk}/join/", body, format="json")
        assert r.status_code == 403, body
        assert r.json()["error"]["code"] == "invite_required"
    too_long = cb.post(f"/api/matches/{match.pk}/join/", {"invite": "x" * 65}, format="json")
    assert too_long.status_code == 400
    match.refresh_from_db()
    assert match.status == MatchStatus.OPEN and match.seats.get(index=1).is_free
    assert not MatchEvent.objects.filter(match=match).exists()


def test_the_invitation_takes_a_free_seat(private) -> None:
    _, match, _ = private
    cb = client_for(factories.user("ben"))
    r = cb.post(f"/api/matches/{match.pk}/join/", {"invite": match.invite_token}, format="json")
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert r.json()["match"]["invite_url"].endswith(f"?invite={match.invite_token}")
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING


def test_a_guest_with_a_name_joins_by_the_link(private) -> None:
    _, match, _ = private
    guest = client_for()
    page = guest.get(f"/matches/{match.pk}/?invite={match.invite_token}")
    assert f'data-invite="{match.invite_token}"' in page.content.decode()
    assert 'data-invite-url=""' in page.content.decode()  # not seated yet: no link to share
    r = guest.post(
        f"/api/matches/{match.pk}/join/", {"name": "Gast", "invite": match.invite_token}, format="json"
    )
    assert r.status_code == 200 and r.json()["match"]["seats"][1]["name"] == "Gast"
    seated = guest.get(f"/matches/{match.pk}/").content.decode()
    assert f'data-invite-url="http://testserver/matches/{match.pk}/?invite={match.invite_token}"' in seated


def test_a_private_table_is_never_ranked_league_or_shared_deal(duel) -> None:
    anna = factories.actor(factories.user("anna"))
    for ranked, embargoed in ((True, False), (False, True)):
        with pytest.raises(BadRequest, match="private table is friendly"):
            match_create(
                game=duel,
                creator=anna,
                seats=[SeatSpec(), SeatSpec()],
                private=True,
                ranked=ranked,
                embargoed=embargoed,
            )
    assert not Match.objects.exists()


def test_bad_private_flag_changes_nothing(duel) -> None:
    c = client_for(factories.user("anna"))
    body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "private": "maybe"}
    assert c.post("/api/matches/", body, format="json").status_code == 400
    assert not Match.objects.exists()


def test_a_finished_private_table_is_not_on_the_leaderboard(duel) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = match_create(
        game=duel,
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec()],
        options={"cards": 3},
        private=True,
    )
    match_join(match_id=match.pk, actor=factories.actor(ben), invite=match.invite_token)
    play_to_end(match, {0: anna, 1: ben})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    with pytest.raises(NotEligible, match="private table is friendly"):
        check_eligible(match)
    r = client_for(anna).post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_eligible"
    assert not LeaderboardEntry.objects.filter(match=match).exists()


def test_a_private_table_is_not_in_anothers_view_of_the_profile(duel) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    hidden = match_create(
        game=duel, creator=factories.actor(anna), seats=[SeatSpec(), SeatSpec()], private=True
    )
    shown = match_create(game=duel, creator=factories.actor(anna), seats=[SeatSpec(), SeatSpec()])
    for viewer in (client_for(), client_for(ben)):
        page = viewer.get("/accounts/players/anna/").content.decode()
        assert f'data-match="{shown.pk}"' in page and f'data-match="{hidden.pk}"' not in page
    own = client_for(anna).get("/accounts/players/anna/").content.decode()
    assert f'data-match="{hidden.pk}"' in own

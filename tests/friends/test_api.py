"""/api/friends/: every route with good and bad input; a refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from accounts.models import User
from friends.models import Block, Friendship, TableInvitation
from friends.selectors import is_blocked
from games.models import Match, MatchStatus, Seat
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories
from tests.friends.conftest import client_for

pytestmark = pytest.mark.django_db


def state() -> tuple[Any, ...]:
    return (
        sorted(Friendship.objects.values_list("asker_id", "asked_id", "accepted_at")),
        sorted(Block.objects.values_list("blocker_id", "blocked_id")),
        sorted(TableInvitation.objects.values_list("sender_id", "recipient_id", "match_id")),
    )


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    assert response.json()["error"]["code"] == code, response.json()


def befriend(a: User, b: User) -> None:
    assert client_for(a).post("/api/friends/", {"username": b.username}, format="json").status_code == 201
    assert client_for(b).post(f"/api/friends/{a.username}/accept/").status_code == 200


def test_ask_accept_and_list_both_ways(players: list[User]) -> None:
    anna, ben, _ = players
    asked = client_for(anna).post("/api/friends/", {"username": "Ben"}, format="json")  # the display name
    assert asked.status_code == 201
    assert [p["username"] for p in asked.json()["outgoing"]] == ["ben"]
    pending = client_for(ben).get("/api/friends/").json()
    assert [p["username"] for p in pending["incoming"]] == ["anna"] and pending["friends"] == []
    accepted = client_for(ben).post("/api/friends/anna/accept/")
    assert accepted.status_code == 200
    friend = accepted.json()["friends"][0]
    assert friend["username"] == "anna" and friend["online"] is False and friend["table"] is None
    assert [f["username"] for f in client_for(anna).get("/api/friends/").json()["friends"]] == ["ben"]
    assert accepted.json()["incoming"] == []


def test_asking_back_accepts_the_waiting_request(players: list[User]) -> None:
    anna, ben, _ = players
    client_for(anna).post("/api/friends/", {"username": "ben"}, format="json")
    back = client_for(ben).post("/api/friends/", {"username": "anna"}, format="json")
    assert back.status_code == 201 and [f["username"] for f in back.json()["friends"]] == ["anna"]


def test_bad_requests_change_nothing(players: list[User]) -> None:
    anna, ben, _ = players
    client_for(anna).post("/api/friends/", {"username": "ben"}, format="json")
    before = state()
    c = client_for(anna)
    refused(c.post("/api/friends/", {"username": "anna"}, format="json"), 400, "self_friend")
    refused(c.post("/api/friends/", {"username": "nobody"}, format="json"), 404, "not_found")
    refused(c.post("/api/friends/", {"username": "ben"}, format="json"), 409, "already_asked")
    refused(c.post("/api/friends/", {"username": "x\x00y"}, format="json"), 400, "invalid")
    refused(c.post("/api/friends/x%00y/accept/"), 404, "not_found")
    refused(c.post("/api/friends/", {"username": "b" * 151}, format="json"), 400, "invalid")
    refused(c.post("/api/friends/", {}, format="json"), 400, "invalid")
    refused(c.post("/api/friends/", {"username": "ben", "extra": 1}, format="json"), 400, "invalid")
    refused(c.post("/api/friends/", "{", content_type="application/json"), 400, "malformed_json")
    refused(c.post("/api/friends/ben/accept/"), 404, "not_found")  # her own request, not one to her
    refused(c.post("/api/friends/carl/accept/"), 404, "not_found")
    refused(c.post("/api/friends/nobody/decline/"), 404, "not_found")
    refused(client_for(ben).delete("/api/friends/anna/"), 404, "not_found")  # he cannot withdraw hers
    refused(c.delete("/api/friends/carl/block/"), 404, "not_found")
    refused(c.post("/api/friends/anna/block/"), 400, "self_friend")
    assert state() == before


def test_guests_are_refused(players: list[User]) -> None:
    guest = client_for()
    for method, path in [
        ("get", "/api/friends/"),
        ("post", "/api/friends/"),
        ("post", "/api/friends/anna/accept/"),
        ("post", "/api/friends/anna/decline/"),
        ("delete", "/api/friends/anna/"),
        ("post", "/api/friends/anna/block/"),
        ("post", "/api/friends/anna/invite/"),
    ]:
        r = getattr(guest, method)(path, {"username": "anna"}, format="json")
        assert r.status_code in (401, 403) and r.json()["error"]["code"] == "not_authenticated", path
    assert state() == ([], [], [])


def test_decline_and_withdraw_and_remove(players: list[User]) -> None:
    anna, ben, _ = players
    client_for(anna).post("/api/friends/", {"username": "ben"}, format="json")
    assert client_for(ben).post("/api/friends/anna/decline/").json()["incoming"] == []
    client_for(anna).post("/api/friends/", {"username": "carl"}, format="json")
    assert client_for(anna).delete("/api/friends/carl/").json()["outgoing"] == []
    befriend(anna, ben)
    assert client_for(ben).delete("/api/friends/anna/").json()["friends"] == []
    assert not Friendship.objects.exists()


def test_block_removes_the_friendship_and_refuses_requests(players: list[User]) -> None:
    anna, ben, carl = players
    befriend(anna, ben)
    client_for(carl).post("/api/friends/", {"username": "anna"}, format="json")
    blocked = client_for(anna).post("/api/friends/ben/block/")
    assert blocked.status_code == 201 and blocked.json()["friends"] == []
    assert [p["username"] for p in blocked.json()["blocked"]] == ["ben"]
    assert is_blocked(anna.pk, ben.pk) and is_blocked(ben.pk, anna.pk) and not is_blocked(anna.pk, carl.pk)
    before = state()
    r = client_for(ben).post("/api/friends/", {"username": "anna"}, format="json")
    refused(r, 403, "blocked")
    assert "block" not in r.json()["error"]["message"].replace("blocked", "")  # no more than needed
    refused(client_for(anna).post("/api/friends/", {"username": "ben"}, format="json"), 403, "blocked")
    assert state() == before
    assert client_for(anna).delete("/api/friends/ben/block/").status_code == 200
    assert not is_blocked(anna.pk, ben.pk)
    assert Friendship.objects.filter(asker=carl).exists()  # carl's request untouched


def open_table(owner: User, **kwargs: Any) -> Match:
    return match_create(
        game="duel",
        creator=factories.actor(owner),
        seats=[SeatSpec(), SeatSpec()],
        options={"cards": 3},
        **kwargs,
    )


def test_invite_a_friend_to_a_table(duel: str, players: list[User]) -> None:
    anna, ben, carl = players
    befriend(anna, ben)
    table = open_table(anna)
    made = client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    assert made.status_code == 201 and made.json()["match"] == table.pk
    invitations = client_for(ben).get("/api/friends/").json()["invitations"]
    assert [(i["from"]["username"], i["match"]) for i in invitations] == [("anna", table.pk)]
    before = state()
    c = client_for(anna)
    refused(c.post("/api/friends/carl/invite/", {"match": table.pk}, format="json"), 403, "not_friends")
    refused(c.post("/api/friends/ben/invite/", {"match": 10**17}, format="json"), 409, "match_not_running")
    refused(c.post("/api/friends/ben/invite/", {"match": "x"}, format="json"), 400, "invalid")
    refused(c.post("/api/friends/nobody/invite/", {"match": table.pk}, format="json"), 404, "not_found")
    refused(
        client_for(ben).post("/api/friends/anna/invite/", {"match": open_table(carl).pk}, format="json"),
        403,
        "forbidden",
    )  # not a table of his
    assert state() == before
    invitation = invitations[0]["id"]
    refused(client_for(carl).delete(f"/api/friends/invitations/{invitation}/"), 404, "not_found")
    assert client_for(ben).delete(f"/api/friends/invitations/{invitation}/").json()["invitations"] == []


def test_a_blocked_player_cannot_invite_and_old_invitations_go(duel: str, players: list[User]) -> None:
    anna, ben, _ = players
    befriend(anna, ben)
    table = open_table(anna)
    client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    client_for(ben).post("/api/friends/anna/block/")
    assert not TableInvitation.objects.exists()
    refused(
        client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json"), 403, "blocked"
    )
    assert not TableInvitation.objects.exists()


def test_online_and_current_table_never_an_embargoed_one(duel: str, players: list[User]) -> None:
    anna, ben, _ = players
    befriend(anna, ben)
    hidden = factories.two_player_match("duel", ben, anna, cards=3)
    Match.objects.filter(pk=hidden.pk).update(embargoed=True)
    hidden.seats.filter(user=ben).update(connections=1)
    friend = client_for(anna).get("/api/friends/").json()["friends"][0]
    assert friend["online"] is True and friend["table"] is None
    Match.objects.filter(pk=hidden.pk).update(embargoed=False, deal_event="c" * 64)
    assert client_for(anna).get("/api/friends/").json()["friends"][0]["table"] is None
    Match.objects.filter(pk=hidden.pk).update(deal_event="")
    assert Match.objects.get(pk=hidden.pk).status == MatchStatus.RUNNING
    assert client_for(anna).get("/api/friends/").json()["friends"][0]["table"] == hidden.pk
    Match.objects.filter(pk=hidden.pk).update(status=MatchStatus.FINISHED)
    friend = client_for(anna).get("/api/friends/").json()["friends"][0]
    assert friend["online"] is False and friend["table"] is None


def test_one_row_per_pair_whichever_way_round(players: list[User]) -> None:
    anna, ben, _ = players
    Friendship.objects.create(asker=anna, asked=ben)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(asker=ben, asked=anna)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(asker=anna, asked=anna)


def test_an_invitation_goes_once_the_friend_sits_at_the_table_or_it_starts(
    duel: str, players: list[User]
) -> None:
    anna, ben, _ = players
    befriend(anna, ben)
    table = open_table(anna)
    client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    assert len(client_for(ben).get("/api/friends/").json()["invitations"]) == 1
    match_join(match_id=table.pk, actor=factories.actor(ben))  # the table is full: it starts
    assert client_for(ben).get("/api/friends/").json()["invitations"] == []
    Match.objects.filter(pk=table.pk).update(status=MatchStatus.OPEN)  # open, but he sits there
    assert client_for(ben).get("/api/friends/").json()["invitations"] == []
    Seat.objects.filter(match=table, user=ben).update(user=None)
    assert len(client_for(ben).get("/api/friends/").json()["invitations"]) == 1


def test_a_private_tables_invitation_carries_its_link_and_a_blocked_player_stays_off(
    duel: str, players: list[User]
) -> None:
    anna, ben, carl = players
    befriend(anna, ben)
    table = open_table(anna, private=True)
    assert (
        client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json").status_code
        == 201
    )
    (invitation,) = client_for(ben).get("/api/friends/").json()["invitations"]
    assert invitation["url"] == f"/matches/{table.pk}/?invite={table.invite_token}"
    # carl has the link but anna blocked him: the table refuses him, and nothing changes
    assert client_for(anna).post("/api/friends/carl/block/").status_code in (200, 201)
    joined = client_for(carl).post(
        f"/api/matches/{table.pk}/join/", {"invite": table.invite_token}, format="json"
    )
    refused(joined, 403, "blocked")
    assert Match.objects.get(pk=table.pk).seats.filter(user=carl).count() == 0
    assert client_for(ben).post(
        f"/api/matches/{table.pk}/join/", {"invite": table.invite_token}, format="json"
    ).status_code in (200, 201)

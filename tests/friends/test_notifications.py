"""A friend request and an invitation to a table notify the player they are for (through the public
routes), once: asking again the same day, or a refused request, rings no bell."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from notifications.models import Notification
from notifications.selectors import notification_row
from tests.friends.conftest import client_for
from tests.friends.test_api import befriend, open_table

pytestmark = pytest.mark.django_db


def notes(user: User, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=kind))


def test_a_friend_request_notifies_the_asked_player_once_a_day(players: list[User]) -> None:
    anna, ben, _ = players
    assert client_for(anna).post("/api/friends/", {"username": "ben"}, format="json").status_code == 201
    [note] = notes(ben, "friend_request")
    assert note.url == "/friends/" and note.params == {"from": "Anna", "username": "anna"}
    assert notification_row(note)["text"] == "Anna möchte mit dir befreundet sein."
    # withdrawn and asked again the same day: no second ring
    client_for(anna).delete("/api/friends/ben/")
    client_for(anna).post("/api/friends/", {"username": "ben"}, format="json")
    assert len(notes(ben, "friend_request")) == 1
    # asking back accepts the request: nothing for anna
    client_for(ben).post("/api/friends/", {"username": "anna"}, format="json")
    assert not Notification.objects.filter(user=anna).exists()


def test_refused_requests_notify_nobody(players: list[User]) -> None:
    anna, ben, _ = players
    client_for(anna).post("/api/friends/", {"username": "anna"}, format="json")  # oneself
    client_for(anna).post("/api/friends/", {"username": "nobody"}, format="json")
    client_for(ben).post("/api/friends/anna/block/")
    assert client_for(anna).post("/api/friends/", {"username": "ben"}, format="json").status_code == 403
    assert not Notification.objects.exists()


def test_a_table_invitation_notifies_with_the_tables_link(duel: str, players: list[User]) -> None:
    anna, ben, _ = players
    befriend(anna, ben)
    Notification.objects.all().delete()
    table = open_table(anna, private=True)
    made = client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    assert made.status_code == 201
    [note] = notes(ben, "table_invitation")
    # a private table's invitation carries its link, as on the friends page
    assert note.url == f"/matches/{table.pk}/?invite={table.invite_token}"
    assert note.params == {"from": "Anna", "match": table.pk, "game": "duel"}
    assert notification_row(note)["text"].startswith(f"Anna lädt dich an Tisch {table.pk} (")
    # the same invitation again: nothing new
    client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    assert len(notes(ben, "table_invitation")) == 1
    assert not notes(anna, "table_invitation")


def test_nothing_leaks_a_private_tables_link_to_anyone_else(duel: str, players: list[User]) -> None:
    anna, ben, carl = players
    befriend(anna, ben)
    table = open_table(anna, private=True)
    client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    for user in (anna, carl):
        body: Any = client_for(user).get("/api/notifications/").json()
        assert table.invite_token not in str(body)
    assert table.invite_token in str(client_for(ben).get("/api/notifications/").json())


def test_answering_a_request_or_dismissing_an_invitation_settles_its_notification(
    duel: str, players: list[User]
) -> None:
    anna, ben, carl = players
    client_for(anna).post("/api/friends/", {"username": "ben"}, format="json")
    client_for(carl).post("/api/friends/", {"username": "ben"}, format="json")
    assert unread(ben) == 2
    client_for(ben).post("/api/friends/anna/accept/")
    assert unread(ben) == 1  # carl's request still waits
    client_for(ben).post("/api/friends/carl/decline/")
    assert unread(ben) == 0
    table = open_table(anna)
    client_for(anna).post("/api/friends/ben/invite/", {"match": table.pk}, format="json")
    assert unread(ben) == 1
    invitation = client_for(ben).get("/api/friends/").json()["invitations"][0]["id"]
    client_for(ben).delete(f"/api/friends/invitations/{invitation}/")
    assert unread(ben) == 0


def unread(user: User) -> int:
    return int(client_for(user).get("/api/notifications/count/").json()["unread"])

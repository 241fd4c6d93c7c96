"""/api/notifications/: the list with its unread count, marking read, the channels per kind and push
subscriptions. Bad input gets a clear error and changes nothing; nobody reads or changes another
player's notifications, choices or subscriptions; guests are refused."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from accounts.models import User
from notifications import services
from notifications.kinds import Kind
from notifications.models import ChannelSetting, Notification, PushSubscription
from tests.notifications.conftest import Browser, client_for

pytestmark = pytest.mark.django_db

API = "/api/notifications/"


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["error"]["code"] == code and body["error"]["message"], body
    return dict(body["error"])


def make(user: User, n: int, kind: str = Kind.FRIEND_REQUEST) -> list[Notification]:
    made = []
    for i in range(n):
        note = services.notify(
            user=user, kind=kind, params={"from": f"P{i}"}, url="/friends/", key=f"{kind}:{user.pk}:{i}"
        )
        assert note is not None
        made.append(note)
    return made


def state() -> tuple[Any, ...]:
    return (
        sorted(Notification.objects.values_list("pk", "user_id", "read_at")),
        sorted(ChannelSetting.objects.values_list("user_id", "kind", "channel", "enabled")),
        sorted(PushSubscription.objects.values_list("user_id", "endpoint")),
    )


def test_the_list_is_mine_newest_first_paginated_with_the_unread_count(players: list[User]) -> None:
    anna, ben, _ = players
    mine = make(anna, 23)
    make(ben, 2)
    c = client_for(anna)
    c.cookies["django_language"] = "en"
    first = c.get(API).json()
    assert first["unread"] == 23 and first["count"] == 23 and first["pages"] == 2 and first["page"] == 1
    assert [r["id"] for r in first["results"]] == [n.pk for n in reversed(mine)][:20]
    row = first["results"][0]
    assert row == {
        "id": mine[-1].pk,
        "kind": "friend_request",
        "title": "Friend request",
        "text": "P22 wants to be your friend.",
        "url": "/friends/",
        "params": {"from": "P22"},
        "created_at": row["created_at"],
        "read": False,
    }
    second = c.get(API, {"page": 2}).json()
    assert [r["id"] for r in second["results"]] == [n.pk for n in reversed(mine)][20:]
    assert c.get(f"{API}count/").json() == {"unread": 23}
    # in the reader's language
    c.cookies["django_language"] = "ru"
    assert c.get(API).json()["results"][0]["text"] == "P22 хочет добавить вас в друзья."


def test_bad_pages_are_refused(players: list[User]) -> None:
    c = client_for(players[0])
    refused(c.get(API, {"page": "x"}), 400, "invalid")
    refused(c.get(API, {"page": 0}), 400, "invalid")
    refused(c.get(API, {"page": 3}), 404, "not_found")
    refused(c.get(API, {"pgae": 1}), 400, "invalid")
    assert c.get(API, {"page": 1}).json()["results"] == []  # page 1 exists, empty


def test_mark_read_by_ids_or_all_and_bad_input_changes_nothing(players: list[User]) -> None:
    anna, ben, _ = players
    a1, a2, a3 = make(anna, 3)
    [b1] = make(ben, 1)
    c = client_for(anna)
    before = state()
    for body, status, code in (
        ({}, 400, "invalid"),
        ({"ids": []}, 400, "invalid"),
        ({"ids": "1"}, 400, "invalid"),
        ({"ids": ["x"]}, 400, "invalid"),
        ({"ids": [0]}, 400, "invalid"),
        ({"ids": [a1.pk], "all": True}, 400, "invalid"),
        ({"all": False}, 400, "invalid"),
        ({"ids": [a1.pk], "unknown": 1}, 400, "invalid"),
        ({"ids": list(range(1, 300))}, 400, "invalid"),
        ({"ids": [a1.pk, b1.pk]}, 404, "not_found"),  # someone else's: the whole request is refused
        ({"ids": [a1.pk, 10**17]}, 404, "not_found"),
    ):
        refused(c.post(f"{API}read/", body, format="json"), status, code)
    refused(c.post(f"{API}read/", "not json", content_type="application/json"), 400, "malformed_json")
    assert state() == before
    # ben cannot mark anna's as read, and learns nothing of them (the same 404 as for no such id)
    error = refused(client_for(ben).post(f"{API}read/", {"ids": [a1.pk]}, format="json"), 404, "not_found")
    assert "friend" not in error["message"]
    assert state() == before

    done = c.post(f"{API}read/", {"ids": [a1.pk, a2.pk]}, format="json")
    assert done.status_code == 200 and done.json() == {"marked": 2, "unread": 1}
    assert [r["read"] for r in c.get(API).json()["results"]] == [False, True, True]
    assert c.post(f"{API}read/", {"all": True}, format="json").json() == {"marked": 1, "unread": 0}
    assert Notification.objects.get(pk=b1.pk).read_at is None
    assert a3.pk


def test_preferences_read_and_set_per_kind_and_channel(players: list[User], vapid: Any) -> None:
    anna, ben, _ = players
    c = client_for(anna)
    got = c.get(f"{API}preferences/").json()
    assert got["preferences"]["your_turn"] == {"site": True, "email": False, "push": True}
    assert got["preferences"]["challenge_result"] == {"site": True, "push": True}
    assert got["email_verified"] is True
    assert got["push"]["available"] is True and got["push"]["public_key"] == vapid[1]
    assert got["push"]["endpoints"] == []
    assert set(got["names"]) == {k.value for k in Kind}

    put = c.put(
        f"{API}preferences/",
        {"preferences": {"your_turn": {"email": True}, "friend_request": {"site": False, "push": False}}},
        format="json",
    )
    assert put.status_code == 200, put.content
    after = put.json()["preferences"]
    assert after["your_turn"] == {"site": True, "email": True, "push": True}
    assert after["friend_request"] == {"site": False, "email": False, "push": False}
    # ben's are his own
    assert client_for(ben).get(f"{API}preferences/").json()["preferences"]["your_turn"]["email"] is False


def test_bad_preferences_are_refused_by_name_and_change_nothing(players: list[User]) -> None:
    c = client_for(players[0])
    before = state()
    for body, code in (
        ({"preferences": {"no_such_kind": {"site": True}}}, "unknown_kind"),
        ({"preferences": {"your_turn": {"fax": True}}}, "unknown_channel"),
        ({"preferences": {"challenge_result": {"email": True}}}, "unknown_channel"),
        ({"preferences": {"your_turn": {"site": "yes"}}}, "bad_request"),
        ({"preferences": {"your_turn": {"site": False}, "friend_request": 1}}, "bad_request"),
        ({"preferences": []}, "bad_request"),
        ({"preferences": {}}, "bad_request"),
        ({}, "invalid"),
        ({"preferences": {"your_turn": {"site": False}}, "extra": 1}, "invalid"),
    ):
        error = refused(c.put(f"{API}preferences/", body, format="json"), 400, code)
        if code == "unknown_kind":
            assert error["kind"] == "no_such_kind"
    assert state() == before


def test_push_subscribe_and_unsubscribe(players: list[User], vapid: Any) -> None:
    anna, ben, _ = players
    c = client_for(anna)
    browser = Browser.new()
    made = c.post(f"{API}push/", browser.subscription(), format="json")
    assert made.status_code == 201 and made.json() == {"endpoint": browser.endpoint, "subscribed": True}
    assert c.get(f"{API}preferences/").json()["push"]["endpoints"] == [browser.endpoint]
    # the same browser again: still one subscription
    assert c.post(f"{API}push/", browser.subscription(), format="json").status_code == 201
    assert PushSubscription.objects.count() == 1
    # ben sees none of hers and cannot end it
    assert client_for(ben).get(f"{API}preferences/").json()["push"]["endpoints"] == []
    refused(
        client_for(ben).delete(f"{API}push/", {"endpoint": browser.endpoint}, format="json"), 404, "not_found"
    )
    assert PushSubscription.objects.count() == 1

    before = state()
    bad = browser.subscription()
    for body, code in (
        ({**bad, "endpoint": "https://attacker.example.org/collect"}, "bad_subscription"),
        ({**bad, "endpoint": "http://fcm.googleapis.com/fcm/send/x"}, "bad_subscription"),
        ({**bad, "keys": {"p256dh": "AAAA", "auth": bad["keys"]["auth"]}}, "bad_subscription"),
        ({**bad, "keys": {"p256dh": bad["keys"]["p256dh"], "auth": "!!!"}}, "bad_subscription"),
        ({**bad, "keys": {"p256dh": bad["keys"]["p256dh"]}}, "invalid"),
        ({**bad, "extra": True}, "invalid"),
        ({"endpoint": bad["endpoint"]}, "invalid"),
    ):
        refused(c.post(f"{API}push/", body, format="json"), 400, code)
    refused(c.delete(f"{API}push/", {}, format="json"), 400, "invalid")
    refused(
        c.delete(f"{API}push/", {"endpoint": "https://fcm.googleapis.com/none"}, format="json"),
        404,
        "not_found",
    )
    assert state() == before

    done = c.delete(f"{API}push/", {"endpoint": browser.endpoint}, format="json")
    assert done.status_code == 200 and done.json()["subscribed"] is False
    assert not PushSubscription.objects.exists()


def test_push_off_without_keys(players: list[User]) -> None:
    c = client_for(players[0])
    assert c.get(f"{API}preferences/").json()["push"] == {
        "available": False,
        "public_key": "",
        "endpoints": [],
    }
    refused(c.post(f"{API}push/", Browser.new().subscription(), format="json"), 409, "push_unavailable")
    assert not PushSubscription.objects.exists()


def test_guests_have_no_notifications(players: list[User]) -> None:
    guest = APIClient()
    for method, path, body in (
        ("get", API, None),
        ("get", f"{API}count/", None),
        ("post", f"{API}read/", {"all": True}),
        ("get", f"{API}preferences/", None),
        ("put", f"{API}preferences/", {"preferences": {"your_turn": {"site": False}}}),
        ("post", f"{API}push/", Browser.new().subscription()),
        ("delete", f"{API}push/", {"endpoint": "https://fcm.googleapis.com/x"}),
    ):
        response = getattr(guest, method)(path, body, format="json") if body else getattr(guest, method)(path)
        refused(response, 403, "not_authenticated")


def test_writes_need_the_csrf_token(players: list[User]) -> None:
    make(players[0], 1)
    c = APIClient(enforce_csrf_checks=True)
    c.force_login(players[0])
    response = c.post(f"{API}read/", {"all": True}, format="json")
    assert response.status_code == 403 and response.json()["error"]["code"]
    assert Notification.objects.filter(read_at__isnull=True).count() == 1


def test_writes_are_throttled(players: list[User], settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {**rates, "writes": "2/min"})
    c = client_for(players[0])
    for _ in range(2):
        assert c.post(f"{API}read/", {"all": True}, format="json").status_code == 200
    refused(c.post(f"{API}read/", {"all": True}, format="json"), 429, "throttled")
    assert c.get(f"{API}count/").status_code == 200  # reads are not throttled


def test_the_schema_describes_every_route(client: Any) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert {"get"} <= set(paths["/api/notifications/"])
    assert {"get"} <= set(paths["/api/notifications/count/"])
    assert {"post"} <= set(paths["/api/notifications/read/"])
    assert {"get", "put"} <= set(paths["/api/notifications/preferences/"])
    assert {"post", "delete"} <= set(paths["/api/notifications/push/"])

"""/api/matches/{id}/chat/report/ and /api/chat/mutes/: good and bad input, guests, CSRF, the schema;
a refusal changes nothing. Staff read the reports in the admin."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from chat import services
from chat.models import ChatMessage, ChatMute, ChatReport
from tests import factories
from tests.chat.conftest import Table, actor, guest

pytestmark = pytest.mark.django_db


def client_for(user: User | None = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    assert response.json()["error"]["code"] == code, response.json()


def said(table: Table, user: User | None = None, text: str = "grr") -> ChatMessage:
    return services.chat_post(match_id=table.match.pk, actor=actor(user or table.ben), text=text)


def test_report_a_message_and_staff_see_it_in_the_admin(table: Table) -> None:
    services.chat_post(match_id=table.match.pk, actor=actor(table.anna), phrase="good_luck")
    bad = said(table, text="<script>alert(1)</script> you fool")
    url = f"/api/matches/{table.match.pk}/chat/report/"
    made = client_for(table.anna).post(url, {"message": bad.pk, "reason": "insult"}, format="json")
    assert made.status_code == 201 and made.json()["message"] == bad.pk
    again = client_for(table.anna).post(url, {"message": bad.pk}, format="json")
    assert again.status_code == 200 and again.json()["id"] == made.json()["id"]
    report = ChatReport.objects.get()
    assert [line["id"] for line in report.conversation][-1] == bad.pk

    staff = factories.user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    admin = Client()
    admin.force_login(staff)
    listing = admin.get("/admin/chat/chatreport/")
    assert listing.status_code == 200 and "insult" in listing.content.decode()
    page = admin.get(f"/admin/chat/chatreport/{report.pk}/change/").content.decode()
    assert f"/admin/games/match/{table.match.pk}/change/" in page and f"/matches/{table.match.pk}/" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; you fool" in page and "<script>alert(1)" not in page
    assert "Good luck!" in page
    admin.post(
        "/admin/chat/chatreport/", {"action": "mark_handled", "_selected_action": [report.pk]}, follow=True
    )
    report.refresh_from_db()
    assert report.handled_at is not None and report.handled_by == staff
    assert admin.get("/admin/chat/chatmessage/").status_code == 200
    assert admin.get(f"/admin/chat/chatmessage/{bad.pk}/change/").status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({}, 400, "invalid"),
        ({"message": "x"}, 400, "invalid"),
        ({"message": 1, "reason": "r" * 301}, 400, "invalid"),
        ({"message": 1, "extra": 1}, 400, "invalid"),
        ({"message": 10**9}, 404, "not_found"),
    ],
)
def test_bad_reports_change_nothing(table: Table, body: dict[str, Any], status: int, code: str) -> None:
    said(table)
    response = client_for(table.anna).post(f"/api/matches/{table.match.pk}/chat/report/", body, format="json")
    refused(response, status, code)
    assert not ChatReport.objects.exists()


def test_reports_of_messages_one_cannot_see_are_refused(table: Table) -> None:
    message = said(table)
    url = f"/api/matches/{table.match.pk}/chat/report/"
    refused(client_for(table.zoe).post(url, {"message": message.pk}, format="json"), 404, "not_found")
    refused(client_for(table.ben).post(url, {"message": message.pk}, format="json"), 400, "own_message")
    refused(client_for().post(url, {"message": message.pk}, format="json"), 403, "not_authenticated")
    refused(
        client_for(table.anna).post(
            "/api/matches/999999/chat/report/", {"message": message.pk}, format="json"
        ),
        404,
        "not_found",
    )
    assert not ChatReport.objects.exists()


def test_mute_list_and_unmute(table: Table) -> None:
    message = said(table)
    anna = client_for(table.anna)
    muted = anna.post("/api/chat/mutes/", {"message": message.pk}, format="json")
    assert muted.status_code == 201
    [mute] = muted.json()["mutes"]
    assert mute["name"] == "Ben" and set(mute) == {"id", "name", "created_at"}
    assert anna.post("/api/chat/mutes/", {"message": message.pk}, format="json").status_code == 200
    assert anna.get("/api/chat/mutes/").json()["mutes"] == [mute]
    assert client_for(table.ben).get("/api/chat/mutes/").json()["mutes"] == []
    refused(client_for(table.ben).delete(f"/api/chat/mutes/{mute['id']}/"), 404, "not_found")  # not Ben's
    assert anna.delete(f"/api/chat/mutes/{mute['id']}/").json() == {"mutes": []}
    refused(anna.delete(f"/api/chat/mutes/{mute['id']}/"), 404, "not_found")


@pytest.mark.parametrize(
    ("who", "body", "status", "code"),
    [
        ("anna", {}, 400, "invalid"),
        ("anna", {"message": -1}, 400, "invalid"),
        ("anna", {"message": True}, 400, "invalid"),
        ("ben", "own", 400, "own_message"),
        ("zoe", "own", 404, "not_found"),  # a spectator cannot see the players' chat
        (None, "own", 403, "not_authenticated"),
    ],
)
def test_bad_mutes_change_nothing(table: Table, who: str | None, body: Any, status: int, code: str) -> None:
    message = said(table)
    user = getattr(table, who) if who else None
    payload = {"message": message.pk} if body == "own" else body
    refused(client_for(user).post("/api/chat/mutes/", payload, format="json"), status, code)
    assert not ChatMute.objects.exists()


def test_a_guest_mutes_and_reports_by_its_session_with_csrf(table: Table) -> None:
    message = services.chat_post(match_id=table.match.pk, actor=guest(), text="hi")  # a guest spectator
    other = services.chat_post(match_id=table.match.pk, actor=actor(table.zoe), text="silly")
    c = APIClient(enforce_csrf_checks=True)
    session = c.session
    session.update({"guest_token": "h" * 32, "guest_name": "Hanna"})
    session.save()
    no_token = c.post("/api/chat/mutes/", {"message": other.pk}, format="json")
    refused(no_token, 403, "permission_denied")
    c.get("/")  # the page sets the CSRF cookie
    token = c.cookies["csrftoken"].value
    assert (
        c.post("/api/chat/mutes/", {"message": other.pk}, format="json", HTTP_X_CSRFTOKEN=token).status_code
        == 201
    )
    url = f"/api/matches/{table.match.pk}/chat/report/"
    assert c.post(url, {"message": message.pk}, format="json", HTTP_X_CSRFTOKEN=token).status_code == 201
    assert ChatReport.objects.get().reporter_name == "Hanna"


def test_the_schema_names_the_chat_routes() -> None:
    paths = client_for().get("/api/schema/?format=json").json()["paths"]
    assert "/api/matches/{match_id}/chat/report/" in paths
    assert {"get", "post"} <= set(paths["/api/chat/mutes/"]) and "delete" in paths[
        "/api/chat/mutes/{mute_id}/"
    ]

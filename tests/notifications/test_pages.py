"""The pages: the bell on every page for a logged-in player, the list (following a notification marks it
read and goes where it points), "mark all as read", the settings form, the manifest and the service
worker. Another player's notification is a 404; a guest has no bell and is sent to log in."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from notifications import selectors, services
from notifications.kinds import Kind
from notifications.models import Notification, PushSubscription
from tests.notifications.conftest import Browser, player

pytestmark = pytest.mark.django_db


def browser(user: User | None = None, lang: str = "en") -> Client:
    c = Client()
    c.cookies["django_language"] = lang
    if user is not None:
        c.force_login(user)
    return c


def ask(reader: User, n: int = 1) -> list[Notification]:
    made = []
    for i in range(n):
        note = services.notify(
            user=reader, kind=Kind.FRIEND_REQUEST, params={"from": f"Ben{i}"}, url="/friends/", key=f"k{i}"
        )
        assert note
        made.append(note)
    return made


def bell(html: str) -> str:
    found = re.search(r'<a class="bell".*?</a>', html, re.S)
    assert found, "no bell"
    return found.group(0)


def test_the_bell_shows_the_unread_count_on_every_page(players: list[User]) -> None:
    anna = players[0]
    c = browser(anna)
    home = bell(c.get("/").content.decode())
    assert 'data-count="0"' in home and 'aria-label="Notifications"' in home and "hidden" in home
    ask(anna, 3)
    for path in ("/", "/friends/", "/leagues/", f"/accounts/players/{anna.username}/"):
        shown = bell(c.get(path).content.decode())
        assert (
            'data-count="3"' in shown
            and ">3</span>" in shown
            and 'aria-label="Notifications: 3 unread"' in shown
        )
    ru = bell(browser(anna, "ru").get("/").content.decode())
    assert 'aria-label="Уведомления: непрочитанных — 3"' in ru
    # a guest has no bell (and no poll script)
    page = browser().get("/").content.decode()
    assert 'class="bell"' not in page and "bell.js" not in page and "pwa.js" in page


def test_the_list_opens_a_notification_and_marks_it_read(players: list[User]) -> None:
    anna, ben, _ = players
    first, second = ask(anna, 2)
    c = browser(anna)
    page = c.get("/notifications/").content.decode()
    assert page.index("Ben1 wants to be your friend.") < page.index("Ben0 wants to be your friend.")
    assert page.count('class="unread"') == 2 and 'data-role="read-all"' in page
    opened = c.get(f"/notifications/{first.pk}/")
    assert opened.status_code == 302 and opened["Location"] == "/friends/"
    first.refresh_from_db()
    assert first.read_at is not None and selectors.unread_count(anna.pk) == 1
    # another player's notification is not there for ben (and stays unread)
    assert browser(ben).get(f"/notifications/{second.pk}/").status_code == 404
    second.refresh_from_db()
    assert second.read_at is None
    assert browser(ben).get("/notifications/999999999/").status_code == 404
    # mark all read
    done = c.post("/notifications/read/", follow=True)
    assert done.status_code == 200 and "Every notification is marked read." in done.content.decode()
    assert selectors.unread_count(anna.pk) == 0
    assert 'data-role="read-all"' not in c.get("/notifications/").content.decode()


def test_pages_of_notifications(players: list[User]) -> None:
    anna = players[0]
    ask(anna, 25)
    c = browser(anna)
    second = c.get("/notifications/", {"page": 2}).content.decode()
    assert second.count('data-kind="friend_request"') == 5 and 'rel="prev"' in second
    assert c.get("/notifications/", {"page": 3}).status_code == 404
    assert c.get("/notifications/", {"page": "x"}).status_code == 404


def test_guests_are_sent_to_log_in(players: list[User]) -> None:
    for path in ("/notifications/", "/notifications/settings/", "/notifications/1/"):
        response = browser().get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), path
    assert browser().post("/notifications/read/").status_code == 302


def test_the_settings_form_switches_channels_per_kind(players: list[User]) -> None:
    anna = players[0]
    c = browser(anna)
    page = c.get("/notifications/settings/").content.decode()
    assert 'name="your_turn.email"' in page and 'name="challenge_result.email"' not in page
    assert 'data-state="unavailable"' in page  # no VAPID keys here
    assert 'data-role="email-state" data-state="ok"' in page
    saved = c.post(
        "/notifications/settings/",
        {
            "your_turn.site": "on",
            "your_turn.email": "on",
            "your_turn.push": "on",
            "friend_request.push": "on",
        },
        follow=True,
    )
    assert "Your notification settings are saved." in saved.content.decode()
    prefs = selectors.preferences(anna.pk)
    assert prefs["your_turn"] == {"site": True, "email": True, "push": True}
    assert prefs["friend_request"] == {"site": False, "email": False, "push": True}
    assert prefs["challenge_result"] == {"site": False, "push": False}


def test_the_settings_say_when_e_mail_cannot_reach_the_player(vapid: Any) -> None:
    lone = player("lone", email=False)
    page = browser(lone).get("/notifications/settings/").content.decode()
    assert 'data-role="email-state" data-state="none"' in page
    assert f'data-key="{vapid[1]}"' in page and 'data-state="busy"' in page
    lone.email = "lone@example.org"
    lone.save()
    page = browser(lone).get("/notifications/settings/").content.decode()
    assert 'data-role="email-state" data-state="unverified"' in page


def test_the_profile_links_the_settings(players: list[User]) -> None:
    anna, ben, _ = players
    own = browser(anna).get(f"/accounts/players/{anna.username}/").content.decode()
    assert 'href="/notifications/settings/"' in own
    other = browser(anna).get(f"/accounts/players/{ben.username}/").content.decode()
    assert 'href="/notifications/settings/"' not in other.split("</header>")[1]


def test_the_manifest_makes_the_site_installable(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f5d3a" and manifest["name"] == "Kartentisch"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and any(i.get("purpose") == "maskable" for i in manifest["icons"])
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page and 'name="theme-color"' in page


def test_the_service_worker_is_served_for_the_whole_site(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert 'addEventListener("push"' in source and 'addEventListener("notificationclick"' in source
    assert client.post("/sw.js").status_code == 405


def test_staff_see_notifications_and_subscriptions_but_no_endpoint(players: list[User], vapid: Any) -> None:
    anna = players[0]
    ask(anna, 1)
    sub = Browser.new("secret-capability").subscription()
    services.push_subscribe(user=anna, endpoint=sub["endpoint"], keys=sub["keys"])
    staff = User.objects.create_superuser("boss", "boss@example.org", "pw-boss-123456")
    c = browser(staff)
    for model in ("notification", "channelsetting", "pushsubscription"):
        assert c.get(f"/admin/notifications/{model}/").status_code == 200, model
    listed = c.get("/admin/notifications/pushsubscription/").content.decode()
    assert "fcm.googleapis.com" in listed and "secret-capability" not in listed
    row = PushSubscription.objects.get()
    detail = c.get(f"/admin/notifications/pushsubscription/{row.pk}/change/").content.decode()
    assert "secret-capability" not in detail

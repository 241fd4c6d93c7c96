"""A visitor registers, logs out and in again, and sees a profile page; staff see the admin."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games.models import MatchEvent
from tests import factories

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"


def test_register_logout_login_profile() -> None:
    c = Client()
    r = c.post(
        "/accounts/register/",
        {
            "username": "anna.k",
            "display_name": "Anna K.",
            "email": "anna.k@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert r.status_code == 302 and r["Location"] == "/accounts/profile/"
    user = User.objects.get(username="anna.k")
    assert user.display_name == "Anna K." and user.check_password(PASSWORD)
    page = c.get("/accounts/profile/", follow=True)
    assert page.status_code == 200 and "Anna K." in page.content.decode()
    assert c.post("/accounts/logout/").status_code == 302
    assert c.get("/accounts/profile/").status_code == 302  # back to the login page
    r = c.post("/accounts/login/", {"username": "anna.k", "password": PASSWORD})
    assert r.status_code == 302
    assert "Anna K." in c.get("/accounts/profile/", follow=True).content.decode()


def test_register_requires_a_display_name_and_matching_passwords() -> None:
    c = Client()
    r = c.post(
        "/accounts/register/",
        {"username": "ben", "display_name": " ", "password1": PASSWORD, "password2": "x"},
    )
    assert r.status_code == 200 and not User.objects.filter(username="ben").exists()
    html = r.content.decode()
    assert "errorlist" in html


def test_wrong_password_is_refused() -> None:
    factories.user("anna", password=PASSWORD)
    r = Client().post("/accounts/login/", {"username": "anna", "password": "wrong"})
    assert r.status_code == 200 and "_auth_user_id" not in Client().session


def test_public_profile_escapes_the_display_name() -> None:
    u = factories.user("mallory")
    u.display_name = "<script>alert(1)</script>"
    u.save()
    html = Client().get("/accounts/players/mallory/").content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_home_page_serves() -> None:
    r = Client().get("/")
    assert r.status_code == 200 and b"Kartentisch" in r.content


def test_admin_manages_matches_and_shows_events_read_only(duel) -> None:
    staff = User.objects.create_superuser("boss", "boss@example.org", PASSWORD, display_name="Boss")
    match = factories.two_player_match(duel, factories.user("anna"), factories.user("ben"))
    event = MatchEvent.objects.get(match=match, seq=1)
    c = Client()
    c.force_login(staff)
    assert c.get("/admin/games/match/").status_code == 200
    assert c.get(f"/admin/games/match/{match.pk}/change/").status_code == 200
    assert c.get("/admin/accounts/user/").status_code == 200
    page = c.get(f"/admin/games/matchevent/{event.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert c.get(f"/admin/games/matchevent/{event.pk}/delete/").status_code == 403
    assert c.post(f"/admin/games/match/{match.pk}/delete/", {"post": "yes"}).status_code == 403
    assert MatchEvent.objects.filter(match=match).count() == 2

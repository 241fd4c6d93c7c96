"""The e-mail routes refuse what a forged or anonymous request asks: no CSRF token, no login, a GET on
a POST route, a malformed link. Nothing changes and no mail is sent."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from tests import factories

pytestmark = pytest.mark.django_db


def _player() -> User:
    user = factories.user("anna")
    user.email = "anna@example.org"
    user.save()
    return user


def test_a_cross_site_post_changes_no_address_and_sends_no_link() -> None:
    user = _player()
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(user)
    assert forged.post("/accounts/email/", {"email": "mallory@example.net"}).status_code == 403
    assert forged.post("/accounts/email/verify/").status_code == 403
    user.refresh_from_db()
    assert user.email == "anna@example.org" and user.email_verified_at is None
    assert mail.outbox == []


def test_anonymous_and_wrong_method_requests_change_nothing() -> None:
    user = _player()
    anonymous = Client()
    for path in ("/accounts/email/", "/accounts/email/verify/"):
        r = anonymous.post(path, {"email": "mallory@example.net"})
        assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    own = Client()
    own.force_login(user)
    assert own.get("/accounts/email/verify/").status_code == 405  # a link in a page sends nothing
    user.refresh_from_db()
    assert user.email == "anna@example.org" and mail.outbox == []


@pytest.mark.parametrize("token", ["x" * 5000, "a:b:c", "..", "%00", "eyJ1IjoxfQ"])
def test_a_malformed_verification_link_is_a_clear_400(token: str) -> None:
    user = _player()
    r = Client().get(f"/accounts/email/verify/{token}/")
    assert r.status_code == 400
    user.refresh_from_db()
    assert user.email_verified_at is None
    assert "anna@example.org" not in r.content.decode()

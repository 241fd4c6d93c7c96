"""Accounts that recover, through the public routes: registration asks for an e-mail address and mails
a signed link that confirms it; a forgotten password is reset by mail (which also lifts a stranger's
login lockout on the username); a logged-in player changes their password."""

from __future__ import annotations

import datetime as dt
import re
import time
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import mail
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"
NEW_PASSWORD = "Neues-Blatt-4711"
VERIFY_LINK = re.compile(r"http://testserver(/accounts/email/verify/[^/\s]+/)")
RESET_LINK = re.compile(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


def register(client: Client, username: str, email: str, **headers: Any) -> Any:
    body = {"username": username, "display_name": username.title(), "email": email}
    return client.post(
        "/accounts/register/", {**body, "password1": PASSWORD, "password2": PASSWORD}, **headers
    )


def link(pattern: re.Pattern[str], message: mail.EmailMessage) -> str:
    found = pattern.search(str(message.body))
    assert found, message.body
    return found.group(1)


def reset_password(client: Client, email: str, password: str = NEW_PASSWORD) -> Any:
    """The forgotten-password pages as a browser walks them; answers the last response."""
    assert client.get("/accounts/password/reset/").status_code == 200
    sent = len(mail.outbox)
    r = client.post("/accounts/password/reset/", {"email": email})
    assert r.status_code == 302 and r["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == sent + 1
    r = client.get(link(RESET_LINK, mail.outbox[-1]))  # Django swaps the token for a session key
    assert r.status_code == 302 and r["Location"].endswith("/set-password/")
    form = client.get(r["Location"])
    assert form.status_code == 200 and form.context["validlink"]
    return client.post(r["Location"], {"new_password1": password, "new_password2": password})


def login(username: str, password: str, address: str = "203.0.113.9") -> Any:
    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": password})


# --- registration and verification -------------------------------------------------------------------


def test_registration_mails_a_link_that_confirms_the_address() -> None:
    c = Client()
    r = register(c, "lotte", "Lotte@Example.ORG")
    assert r.status_code == 302
    lotte = User.objects.get(username="lotte")
    assert (
        lotte.email == "Lotte@example.org" and lotte.email_verified_at is None
    )  # the domain's case is not the mailbox's
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["Lotte@example.org"]
    assert mail.outbox[0].subject == "Kartentisch: bestätige deine E-Mail-Adresse"  # the site's language
    profile = c.get("/accounts/profile/", follow=True).content.decode()
    assert (
        "Bitte bestätige deine Adresse." in profile and "Wir haben einen Link an Lotte@example.org" in profile
    )
    # Another visitor sees neither the address nor the reminder.
    public = Client().get("/accounts/players/lotte/").content.decode()
    assert "Lotte@example.org" not in public and "Bitte bestätige" not in public

    page = Client().get(link(VERIFY_LINK, mail.outbox[0]))  # from any browser: the link is the proof
    assert page.status_code == 200 and "Adresse bestätigt" in page.content.decode()
    lotte.refresh_from_db()
    assert lotte.email_verified
    profile = c.get("/accounts/profile/", follow=True).content.decode()
    assert "Bitte bestätige" not in profile and "bestätigt" in profile
    # Following the link again does no harm.
    assert Client().get(link(VERIFY_LINK, mail.outbox[0])).status_code == 200


def test_the_verification_mail_speaks_the_visitors_language() -> None:
    register(Client(), "olga", "olga@example.org", HTTP_ACCEPT_LANGUAGE="ru")
    assert mail.outbox[0].subject == "Kartentisch: подтвердите адрес электронной почты"
    assert "Здравствуйте, Olga!" in mail.outbox[0].body and "3 дня" in mail.outbox[0].body


def test_an_unverified_account_plays() -> None:
    c = APIClient()
    register(c, "lotte", "lotte@example.org")
    assert not User.objects.get(username="lotte").email_verified
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "name": ""}]
    r = c.post("/api/matches/", {"game": "schnapsen", "seats": seats, "options": {}}, format="json")
    assert r.status_code == 201, r.content


def test_an_expired_link_is_refused_with_a_clear_page() -> None:
    register(Client(), "lotte", "lotte@example.org")
    path = link(VERIFY_LINK, mail.outbox[0])
    four_days_later = time.time() + 4 * 24 * 3600
    with mock.patch("django.core.signing.time.time", return_value=four_days_later):
        r = Client(HTTP_ACCEPT_LANGUAGE="en").get(path)
    assert r.status_code == 400
    assert "This link does not work" in r.content.decode() and "has expired" in r.content.decode()
    assert not User.objects.get(username="lotte").email_verified


@pytest.mark.parametrize(
    "mangle",
    [
        lambda path: path[:-6] + "x" + path[-5:],  # a character of the signature changed
        lambda path: path.replace("/verify/", "/verify/x"),
        lambda path: "/accounts/email/verify/not-a-token/",
    ],
)
def test_a_bad_token_verifies_nothing(mangle: Any) -> None:
    register(Client(), "lotte", "lotte@example.org")
    r = Client(HTTP_ACCEPT_LANGUAGE="en").get(mangle(link(VERIFY_LINK, mail.outbox[0])))
    assert r.status_code == 400 and "is not valid" in r.content.decode()
    assert not User.objects.get(username="lotte").email_verified


def test_a_link_to_a_previous_address_stops_working() -> None:
    c = Client()
    register(c, "lotte", "lotte@example.org")
    old = link(VERIFY_LINK, mail.outbox[0])
    r = c.post("/accounts/email/", {"email": "lotte.k@example.net", "password": PASSWORD})
    assert r.status_code == 302
    assert len(mail.outbox) == 2 and mail.outbox[1].to == ["lotte.k@example.net"]
    assert Client().get(old).status_code == 400
    assert Client().get(link(VERIFY_LINK, mail.outbox[1])).status_code == 200
    lotte = User.objects.get(username="lotte")
    assert lotte.email == "lotte.k@example.net" and lotte.email_verified


def test_the_profile_resends_the_link_once_a_minute() -> None:
    c = Client()
    register(c, "lotte", "lotte@example.org")
    assert len(mail.outbox) == 1
    r = c.post("/accounts/email/verify/", follow=True)  # within the minute of the registration's mail
    assert len(mail.outbox) == 1 and "Eben wurde schon ein Link geschickt" in r.content.decode()
    # the minute is over: its slot leaves the cache (any backend: locmem here, Redis in CI)
    lotte = User.objects.get(username="lotte")
    assert cache.delete(f"accounts:mail:verify:lotte@example.org:{lotte.pk}")
    r = c.post("/accounts/email/verify/", follow=True)
    assert len(mail.outbox) == 2 and "Wir haben einen neuen Link an lotte@example.org" in r.content.decode()
    assert link(VERIFY_LINK, mail.outbox[1])
    assert Client().get("/accounts/email/verify/").status_code == 302  # to the login page
    assert c.get("/accounts/email/verify/").status_code == 405  # a resend is a POST


@pytest.mark.parametrize("typed", ["lotte@example.org", "LOTTE@EXAMPLE.ORG", " Lotte@example.org "])
def test_an_address_belongs_to_one_account_whatever_its_case(typed: str) -> None:
    register(Client(), "lotte", "lotte@example.org")
    r = register(Client(), "kurt", typed)
    assert r.status_code == 200 and not User.objects.filter(username="kurt").exists()
    assert r.context["form"].errors["email"] == ["Es gibt schon ein Konto mit dieser E-Mail-Adresse."]
    # Nor may another account change to it.
    c = Client()
    register(c, "greta", "greta@example.org")
    r = c.post("/accounts/email/", {"email": typed, "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")
    assert r.status_code == 200
    assert r.context["form"].errors["email"] == ["An account with this e-mail address already exists."]
    assert User.objects.get(username="greta").email == "greta@example.org"


def test_registration_needs_an_address() -> None:
    for email in ["", "not-an-address"]:
        r = register(Client(), "lotte", email, HTTP_ACCEPT_LANGUAGE="en")
        assert r.status_code == 200 and "email" in r.context["form"].errors
    assert not User.objects.exists() and not mail.outbox


# --- forgotten password -------------------------------------------------------------------------------


def test_a_forgotten_password_is_reset_by_mail() -> None:
    register(Client(), "lotte", "lotte@example.org")
    c = Client()
    r = reset_password(c, "LOTTE@example.org")
    assert r.status_code == 302 and r["Location"] == "/accounts/password/reset/done/"
    done = c.get(r["Location"]).content.decode()
    assert "Passwort gesetzt" in done
    assert c.session["_auth_user_id"] == str(User.objects.get(username="lotte").pk)  # logged in
    message = mail.outbox[-1]
    assert message.subject == "Kartentisch: Passwort zurücksetzen" and message.to == ["lotte@example.org"]
    assert "Dein Benutzername ist lotte." in message.body and "3 Tage lang" in message.body
    # The old password is gone, the new one logs in, and the mailbox is proven too.
    assert login("lotte", PASSWORD).status_code == 200
    assert login("lotte", NEW_PASSWORD).status_code == 302
    assert User.objects.get(username="lotte").email_verified
    # The link worked once.
    used = Client(HTTP_ACCEPT_LANGUAGE="en").get(link(RESET_LINK, message), follow=True)
    assert not used.context["validlink"] and "expired or was used already" in used.content.decode()


def test_the_reset_mail_speaks_the_visitors_language() -> None:
    register(Client(), "olga", "olga@example.org")
    Client().post("/accounts/password/reset/", {"email": "olga@example.org"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert mail.outbox[-1].subject == "Kartentisch: сброс пароля"
    assert "Ваше имя пользователя: olga." in mail.outbox[-1].body


def test_an_unknown_address_gets_the_same_answer_and_no_mail() -> None:
    r = Client().post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert r.status_code == 302 and r["Location"] == "/accounts/password/reset/sent/"
    assert not mail.outbox


def test_one_account_gets_one_reset_mail_a_minute() -> None:
    register(Client(), "lotte", "lotte@example.org")
    mail.outbox.clear()
    for _ in range(3):
        r = Client().post("/accounts/password/reset/", {"email": "lotte@example.org"})
        assert r.status_code == 302
    assert len(mail.outbox) == 1


def test_an_expired_or_forged_reset_link_says_so() -> None:
    register(Client(), "lotte", "lotte@example.org")
    Client().post("/accounts/password/reset/", {"email": "lotte@example.org"})
    path = link(RESET_LINK, mail.outbox[-1])
    later = PasswordResetTokenGenerator()._now() + dt.timedelta(days=4)
    with mock.patch.object(PasswordResetTokenGenerator, "_now", return_value=later):
        expired = Client().get(path, follow=True)
    assert not expired.context["validlink"] and "ist abgelaufen" in expired.content.decode()
    forged_path = path[:-3] + "zz/"
    forged = Client().get(forged_path, follow=True)
    assert not forged.context["validlink"]
    r = Client().post(forged_path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert r.status_code == 200 and not r.context["validlink"]
    assert User.objects.get(username="lotte").check_password(PASSWORD)


def test_a_password_reset_lifts_a_strangers_lockout_of_the_username() -> None:
    register(Client(), "lotte", "lotte@example.org")
    # A stranger, from addresses of their own, types ten wrong passwords for lotte.
    codes = [login("lotte", "wrong", f"198.51.100.{i + 1}").status_code for i in range(10)]
    assert codes == [200] * 9 + [429]
    locked = login("lotte", PASSWORD)
    assert locked.status_code == 429 and "Passwort vergessen?" in locked.content.decode()
    assert "/accounts/password/reset/" in locked.content.decode()
    # The lockout page's link works: lotte resets her password and is logged in.
    c = Client(REMOTE_ADDR="203.0.113.9")
    assert reset_password(c, "lotte@example.org").status_code == 302
    assert "_auth_user_id" in c.session
    # And her username is no longer locked: a fresh login with the new password goes through.
    assert c.post("/accounts/logout/").status_code == 302
    r = c.post("/accounts/login/", {"username": "lotte", "password": NEW_PASSWORD})
    assert r.status_code == 302 and "_auth_user_id" in c.session


def test_the_login_page_links_the_forgotten_password_page() -> None:
    for language, text in [
        ("de", "Passwort vergessen?"),
        ("en", "Forgot password?"),
        ("ru", "Забыли пароль?"),
    ]:
        html = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert 'href="/accounts/password/reset/"' in html and text in html


# --- changing the password -----------------------------------------------------------------------------


def test_a_player_changes_their_password() -> None:
    c = Client()
    register(c, "lotte", "lotte@example.org")
    assert Client().get("/accounts/password/change/").status_code == 302  # to the login page
    assert c.get("/accounts/password/change/").status_code == 200
    wrong = c.post(
        "/accounts/password/change/",
        {"old_password": "nope", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200 and "old_password" in wrong.context["form"].errors
    r = c.post(
        "/accounts/password/change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert r.status_code == 302 and r["Location"] == "/accounts/password/change/done/"
    assert "Passwort geändert" in c.get(r["Location"]).content.decode()
    assert "_auth_user_id" in c.session  # this session stays logged in
    assert User.objects.get(username="lotte").check_password(NEW_PASSWORD)
    assert login("lotte", PASSWORD).status_code == 200 and login("lotte", NEW_PASSWORD).status_code == 302


def test_changing_the_address_asks_for_the_password() -> None:
    """A session alone (borrowed, stolen) cannot send the account's reset links elsewhere."""
    c = Client()
    register(c, "lotte", "lotte@example.org")
    sent = len(mail.outbox)
    for password in ("", "not-lottes-password"):
        r = c.post(
            "/accounts/email/",
            {"email": "thief@example.net", "password": password},
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert r.status_code == 200 and "password" in r.context["form"].errors
    r = c.post("/accounts/email/", {"email": "thief@example.net", "password": "x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.context["form"].errors["password"] == ["Das ist nicht dein Passwort."]
    assert User.objects.get(username="lotte").email == "lotte@example.org" and len(mail.outbox) == sent

"""Brute force: logins (site and admin) lock after 10 failures per account and per address, each on its
own, with a clear page; registrations are limited to 30 an hour per address."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from tests import factories

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"


def login(path: str, username: str, password: str, address: str, **headers: Any) -> Any:
    return Client(REMOTE_ADDR=address, **headers).post(path, {"username": username, "password": password})


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_ten_wrong_passwords_lock_the_account_from_any_address(path: str) -> None:
    User.objects.create_superuser("anna", "anna@example.org", PASSWORD, display_name="Anna")
    codes = [login(path, "anna", "wrong", f"198.51.100.{i + 1}").status_code for i in range(10)]
    assert codes == [200] * 9 + [429]  # the form again with its error, then the lockout page
    r = login(path, "anna", PASSWORD, "203.0.113.50")
    assert r.status_code == 429 and "_auth_user_id" not in r.client.session
    assert "Anmeldung gesperrt" in r.content.decode()
    # Other accounts from other addresses are not affected.
    User.objects.create_superuser("ben", "ben@example.org", PASSWORD, display_name="Ben")
    assert login(path, "ben", PASSWORD, "203.0.113.51").status_code == 302


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_ten_failures_from_one_address_lock_that_address_for_every_account(path: str) -> None:
    User.objects.create_superuser("anna", "anna@example.org", PASSWORD, display_name="Anna")
    codes = [login(path, f"guess{i}", "wrong", "198.51.100.7").status_code for i in range(10)]
    assert codes == [200] * 9 + [429]
    r = login(path, "anna", PASSWORD, "198.51.100.7")
    assert r.status_code == 429 and "_auth_user_id" not in r.client.session
    # The account itself is not locked: from another address it logs in.
    assert login(path, "anna", PASSWORD, "198.51.100.8").status_code == 302


def test_a_made_up_forwarded_for_does_not_escape_the_address_lock() -> None:
    factories.user("anna", password=PASSWORD)
    for i in range(10):
        login("/accounts/login/", f"guess{i}", "wrong", "198.51.100.7", HTTP_X_FORWARDED_FOR=f"10.1.1.{i}")
    r = login("/accounts/login/", "anna", PASSWORD, "198.51.100.7", HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert r.status_code == 429


def test_nine_failures_do_not_lock() -> None:
    factories.user("anna", password=PASSWORD)
    for i in range(9):
        login("/accounts/login/", "anna", "wrong", f"198.51.100.{i + 1}")
    assert login("/accounts/login/", "anna", PASSWORD, "198.51.100.1").status_code == 302


def test_the_lockout_page_is_german_by_default_and_english_on_request() -> None:
    factories.user("anna", password=PASSWORD)
    for _ in range(10):
        login("/accounts/login/", "anna", "wrong", "198.51.100.7")
    german = login("/accounts/login/", "anna", PASSWORD, "198.51.100.7").content.decode()
    assert "Anmeldung gesperrt" in german and "30 Minuten" in german
    english = login(
        "/accounts/login/", "anna", PASSWORD, "198.51.100.7", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Login locked" in english and "30 minutes" in english


def register(client: Client, name: str) -> int:
    body = {"username": name, "display_name": name, "email": f"{name}@example.org", "password1": PASSWORD}
    body["password2"] = PASSWORD
    return client.post("/accounts/register/", body).status_code


def test_the_31st_registration_in_an_hour_from_one_address_is_refused() -> None:
    codes = [register(Client(REMOTE_ADDR="198.51.100.7"), f"player{i}") for i in range(30)]
    assert codes == [302] * 30 and User.objects.count() == 30
    r = Client(REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="10.0.0.1").post(
        "/accounts/register/",
        {"username": "p31", "display_name": "p31", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert r.status_code == 429 and not User.objects.filter(username="p31").exists()
    assert "Zu viele Registrierungen" in r.content.decode()
    # Another address may still register.
    assert register(Client(REMOTE_ADDR="198.51.100.8"), "p32") == 302

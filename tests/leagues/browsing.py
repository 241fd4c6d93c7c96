"""A player's browser on the league pages and API: register, log in and out, join, open a round."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

PASSWORD = "kartentisch-pw-1"
COOKIE = "kt_browser"  # games.identity.browser.COOKIE
PHONE = {"HTTP_USER_AGENT": "Mozilla/5.0 (Linux; Android 14) Firefox/133.0", "HTTP_ACCEPT_LANGUAGE": "de-AT"}


def register(c: APIClient, username: str) -> None:
    """The registration form, as a browser sends it (it logs the new account in)."""
    body = {"username": username, "display_name": username.capitalize(), "email": f"{username}@example.org"}
    body["password1"] = PASSWORD
    r = c.post("/accounts/register/", {**body, "password2": PASSWORD})
    assert r.status_code == 302, r.content


def log_out(c: APIClient) -> None:
    assert c.post("/accounts/logout/").status_code == 302


def log_in(c: APIClient, username: str) -> None:
    assert c.post("/accounts/login/", {"username": username, "password": PASSWORD}).status_code == 302


def join(c: APIClient, league: int) -> None:
    assert c.post(f"/api/leagues/{league}/join/").status_code == 201


def new_player(league: int, username: str, **client: Any) -> APIClient:
    """A player in a browser of their own who registers and joins the league."""
    c = APIClient(**client)
    register(c, username)
    join(c, league)
    return c


def open_round(manager: APIClient, league: int, tables: list[list[str]]):
    body = {"tables": tables, "ai_version": "random"}
    return manager.post(f"/api/leagues/{league}/rounds/", body, format="json")

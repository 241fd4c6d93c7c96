"""The browser a request comes from: a random token in a long-lived cookie of its own. Logging out
flushes the session, not this cookie, so seats taken as several accounts (or as a guest and an account)
in one browser are still seen as one person's (games.seating)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from config.client_address import client_address
from games.actors import Actor, Origin

COOKIE = "kt_browser"
MAX_AGE = 5 * 365 * 24 * 3600
_TOKEN = re.compile(r"[0-9a-f]{32}")


def _http(request: Any) -> HttpRequest:
    return getattr(request, "_request", request)  # a DRF Request wraps the HttpRequest


def browser_token(request: Any) -> str:
    """This browser's token; a new one (set as a cookie by the middleware) when it has none yet. Only
    asked for when a seat is taken, so public pages and the leaderboard never set the cookie."""
    http = _http(request)
    token = getattr(http, "_browser_token", "")
    if not token:
        token = http.COOKIES.get(COOKIE, "")
        if not _TOKEN.fullmatch(token):
            token = secrets.token_hex(16)
            http._browser_token_new = True  # type: ignore[attr-defined]
        http._browser_token = token  # type: ignore[attr-defined]
    return token


def device_signature(request: Any) -> str:
    """A short hash of what the browser says about itself (User-Agent, Accept-Language): not an identity,
    only a signal that, with the same address, two accounts are likely one person's device."""
    meta = _http(request).META
    said = f"{meta.get('HTTP_USER_AGENT', '')}\n{meta.get('HTTP_ACCEPT_LANGUAGE', '')}"
    return hashlib.sha256(said.encode("utf-8", "replace")).hexdigest()[:32]


def request_origin(request: Any) -> Origin:
    session = getattr(request, "session", None)
    return Origin(
        browser=browser_token(request),
        session=session.get("guest_token", "") if session else "",
        address=client_address(_http(request))[:45],
        device=device_signature(request),
    )


def with_origin(actor: Actor, request: Any) -> Actor:
    """The actor, with where it acts from (for taking a seat)."""
    return dataclasses.replace(actor, origin=request_origin(request))


class BrowserTokenMiddleware:
    """Sets the browser cookie on a response whose request was given a new token."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "_browser_token_new", False):
            response.set_cookie(
                COOKIE,
                request._browser_token,  # type: ignore[attr-defined]
                max_age=MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response

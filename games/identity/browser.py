"""The browser a request comes from: a random token in a long-lived cookie of its own. Logging out
flushes the session, not this cookie, so seats taken as several accounts (or as a guest and an account)
in one browser are still seen as one person's (games.identity.seating)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games.identity.sightings import sighting_record
from games.live.actors import Actor, Origin
from ops.client_address import client_address, scope_client_address

COOKIE = "kt_browser"
MAX_AGE = 5 * 365 * 24 * 3600
_TOKEN = re.compile(r"[0-9a-f]{32}")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


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


def _signature(user_agent: str, languages: str) -> str:
    # No User-Agent (a script, a test client): no device signal at all, or every such client from one
    # address would look like one device.
    if not user_agent:
        return ""
    said = f"{user_agent}\n{languages}"
    return hashlib.sha256(said.encode("utf-8", "replace")).hexdigest()[:32]


def device_signature(request: Any) -> str:
    """A short hash of what the browser says about itself (User-Agent, Accept-Language): not an identity,
    only a signal that, with the same address, two accounts are likely one person's device."""
    meta = _http(request).META
    return _signature(meta.get("HTTP_USER_AGENT", ""), meta.get("HTTP_ACCEPT_LANGUAGE", ""))


def request_origin(request: Any) -> Origin:
    session = getattr(request, "session", None)
    return Origin(
        browser=browser_token(request),
        session=session.get("guest_token", "") if session else "",
        address=client_address(_http(request))[:45],
        device=device_signature(request),
    )


def scope_origin(scope: Mapping[str, Any]) -> Origin:
    """Where a websocket comes from. A socket cannot set a cookie: a browser without a token has none."""
    token = (scope.get("cookies") or {}).get(COOKIE, "")
    headers = {name.lower(): value.decode("latin-1") for name, value in scope.get("headers") or ()}
    session = scope.get("session")
    return Origin(
        browser=token if _TOKEN.fullmatch(token) else "",
        session=session.get("guest_token", "") if session is not None else "",
        address=scope_client_address(scope)[:45],
        device=_signature(headers.get(b"user-agent", ""), headers.get(b"accept-language", "")),
    )


def with_origin(actor: Actor, request: Any) -> Actor:
    """The actor, with where it acts from (for taking a seat)."""
    return dataclasses.replace(actor, origin=request_origin(request))


def _acting_user(request: HttpRequest) -> int | None:
    user = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else None


class BrowserTokenMiddleware:
    """Notes where an account or guest acted from (every write: logins, registrations, seats, moves;
    games.identity.sightings), and sets the browser cookie on a response whose request was given a new
    token. After the view: a login, a registration or a guest's first name is seen as its result."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method not in SAFE_METHODS:
            user_id = _acting_user(request)
            session = getattr(request, "session", None)
            if user_id is not None or (session is not None and session.get("guest_token")):
                sighting_record(user_id=user_id, origin=request_origin(request))
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

"""The board API answered in front of Django: `GET /api/leaderboard/<game>/` straight from the page's
cached body (leaderboard.bodies), one Redis GET, whenever the answer would be exactly the Django view's.
Anything else goes on to Django unchanged (which also fills the cache on a miss): another path or
method, other query parameters, the browsable API, a host Django refuses, a request it would redirect
to HTTPS, a page not in the cache.

Why: through Django's handler, its middleware and DRF the view cost several times the Redis round trip
that fetches its body (docs/scaling.md, "Leaderboard reads"). The answer still passes through the
response half of Django's header middleware (security headers, X-Frame-Options, the CSP), so its
headers are the view's, but for the locale middleware's Content-Language and `Vary: Accept-Language`
(the body is the same in every language); tests/leaderboard/test_asgi.py compares the two answers.
These requests are counted by `kartentisch_leaderboard_api_cached_total`, not by Django's metrics."""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.test.signals import setting_changed
from django.utils.module_loading import import_string

from leaderboard import bodies, cache
from leaderboard.models import TOP_N
from leaderboard.services import board_games
from ops import metrics

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[Mapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

_PATH = re.compile(r"/api/leaderboard/([-\w]+)/")
_PARAM = re.compile(r"(page|page_size)=([1-9][0-9]{0,2})")
# The middleware whose response half sets headers on the view's answer; run in settings order.
_HEADER_MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
)


class BoardAnswers:
    """ASGI: the board pages from the cache, everything else to `app` (Django's ASGI handler)."""

    def __init__(self, app: App) -> None:
        self.app = app
        # (secure, status) -> the headers every such answer has (all but its ETag and length)
        self._headers: dict[tuple[bool, int], list[tuple[bytes, bytes]]] = {}
        setting_changed.connect(self._settings_changed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            answer = await self.answer(scope)
            if answer is not None:
                metrics.LEADERBOARD_API_CACHED.inc()
                status, headers, body = answer
                await send({"type": "http.response.start", "status": status, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)

    async def answer(self, scope: Scope) -> tuple[int, list[tuple[bytes, bytes]], bytes] | None:
        """The view's answer from the cache (status, headers, body), or None when Django must answer."""
        wanted = _wanted(scope)
        if wanted is None:
            return None
        game, page, page_size = wanted
        request = ASGIRequest(scope, io.BytesIO())
        try:
            base = request.build_absolute_uri(request.path)  # checks the host as Django does
        except DisallowedHost:
            return None
        secure = request.is_secure()
        if settings.SECURE_SSL_REDIRECT and not secure:
            return None  # SecurityMiddleware redirects it
        stored = await cache.body_get_async(cache.api_key(game, page, page_size))
        if stored is None:
            return None
        answer = bodies.api_answer_from(stored, base)
        unchanged = bodies.not_modified(request.headers.get("If-None-Match", ""), answer.etag)
        status, body = (304, b"") if unchanged else (200, answer.body)
        headers = [
            *self._fixed_headers(request, secure, status),
            (b"ETag", answer.etag.encode()),
            (b"Content-Length", str(len(body)).encode()),
        ]
        return status, headers, body

    def _fixed_headers(self, request: HttpRequest, secure: bool, status: int) -> list[tuple[bytes, bytes]]:
        """The headers the view and Django's header middleware give every answer of this kind, worked
        out once by running them on an empty answer (they depend on the settings and on HTTPS only)."""
        key = (secure, status)
        if key not in self._headers:
            response: HttpResponseBase = HttpResponse(status=status, content_type="application/json")
            bodies.api_headers(response, etag="")
            response["Allow"] = "GET, HEAD, OPTIONS"  # as DRF's APIView answers
            chain = [import_string(p)(_no_view) for p in settings.MIDDLEWARE if p in _HEADER_MIDDLEWARE]
            for middleware in reversed(chain):  # responses pass the stack bottom-up
                response = middleware.process_response(request, response)
            if status == 304:
                del response["Content-Type"]
            self._headers[key] = [
                (name.encode("latin-1"), value.encode("latin-1"))
                for name, value in response.items()
                if name != "ETag"
            ]
        return self._headers[key]

    def _settings_changed(self, **kwargs: object) -> None:
        self._headers.clear()  # tests that change the settings


def _no_view(request: HttpRequest) -> HttpResponseBase:
    raise AssertionError("only the middleware's response half is used")


def _wanted(scope: Scope) -> tuple[str, int, int] | None:
    """(game, page, page_size) of a request the cache may answer: the board's path, at most the two
    parameters in this order as plain numbers, a page that can exist, JSON accepted."""
    path = _PATH.fullmatch(scope["path"])
    if path is None or path[1] not in board_games():
        return None
    params = _params(scope.get("query_string", b""))
    if params is None:
        return None
    page, page_size = params.get("page", 1), params.get("page_size", cache.PAGE_SIZES[0])
    if page_size not in cache.PAGE_SIZES or page > -(-TOP_N // page_size):
        return None
    for name, value in scope.get("headers", ()):
        if name == b"accept" and not _json_accepted(value):
            return None  # DRF picks another renderer (the browsable API) or answers 406
    return path[1], page, page_size


def _params(query: bytes) -> dict[str, int] | None:
    """`page` and `page_size` as plain numbers, each at most once; None for anything else."""
    found: dict[str, int] = {}
    for part in query.decode("latin-1").split("&") if query else ():
        param = _PARAM.fullmatch(part)
        if param is None or param[1] in found:
            return None
        found[param[1]] = int(param[2])
    return found


def _json_accepted(accept: bytes) -> bool:
    """Whether DRF would render JSON for this Accept header: JSON named, or only "*/*" (an HTML type or
    "text/*" picks the browsable API, anything else gets a 406)."""
    parts = [[piece.strip() for piece in part.split(b";")] for part in accept.split(b",")]
    if any(not p.startswith(b"q=") for part in parts for p in part[1:]):
        return False  # a parameter such as `indent=4` changes DRF's rendering
    types = {part[0] for part in parts}
    if b"text/html" in types or b"text/*" in types:
        return False
    return b"application/json" in types or b"*/*" in types or b"application/*" in types

"""The board API answered in front of Django (leaderboard.asgi): from the cached page, the same answer
(body, status and headers) the view gives; everything it cannot answer exactly goes on to Django."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest
from django.test import Client, override_settings

from games.models import Match, MatchStatus
from leaderboard import cache
from leaderboard.asgi import BoardAnswers
from tests.leaderboard.conftest import entry

pytestmark = pytest.mark.django_db

# Set by the view and Django's header middleware; the answer in front of Django sets each alike.
SAME = (
    "Content-Type",
    "Content-Length",
    "ETag",
    "Cache-Control",
    "Access-Control-Allow-Origin",
    "Allow",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "Content-Security-Policy",
    "Strict-Transport-Security",
)


class Django:
    """Stands for Django's ASGI handler: counts the requests handed on."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        await send({"type": "http.response.start", "status": 599, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def scope(
    query: bytes = b"", *, path: str = "/api/leaderboard/preisjass/", method: str = "GET", **options: Any
) -> dict[str, Any]:
    headers = [(b"host", options.get("host", b"testserver")), *options.get("headers", [])]
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": options.get("scheme", "http"),
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query,
        "headers": headers,
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }


def call(request: dict[str, Any]) -> tuple[int, dict[str, str], bytes, int]:
    """Status, headers and body of the answer, and how many requests reached Django."""
    django = Django()
    answers = BoardAnswers(django)
    sent: list[Mapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Mapping[str, Any]) -> None:
        sent.append(message)

    async def run() -> None:
        try:
            await answers(request, receive, send)
        finally:
            await cache.body_client_close()

    asyncio.run(run())
    headers = {name.decode(): value.decode() for name, value in sent[0].get("headers", [])}
    return sent[0]["status"], headers, b"".join(m.get("body", b"") for m in sent[1:]), django.calls


@pytest.fixture
def board() -> None:
    matches = [
        Match.objects.create(game="preisjass", status=MatchStatus.FINISHED, seed="s") for _ in range(30)
    ]
    for i in range(120):
        entry(matches[i // 4], i % 4, points=1000 - i, seconds=i, name=f"Spieler {i} «ä»")


def test_a_cached_page_is_answered_as_the_view_answers_it(board) -> None:
    view = Client().get("/api/leaderboard/preisjass/?page=2&page_size=25")  # fills the cache
    assert view.status_code == 200
    status, headers, body, to_django = call(scope(b"page=2&page_size=25"))
    assert (status, to_django) == (200, 0)
    assert body == view.content
    assert {h: headers.get(h) for h in SAME} == {h: view.get(h) for h in SAME}
    assert "Accept" in headers["Vary"] and "Cookie" not in headers["Vary"]

    tag = view["ETag"]
    again = Client().get("/api/leaderboard/preisjass/?page=2&page_size=25", HTTP_IF_NONE_MATCH=tag)
    status, headers, body, to_django = call(
        scope(b"page=2&page_size=25", headers=[(b"if-none-match", tag.encode())])
    )
    assert (status, body, to_django, again.status_code, again.content) == (304, b"", 0, 304, b"")
    assert headers["ETag"] == again["ETag"] == tag
    assert call(scope(b"page=3", headers=[(b"if-none-match", tag.encode())]))[3] == 1  # not cached yet


@override_settings(SECURE_HSTS_SECONDS=3600)
def test_over_https_it_sets_the_security_headers_django_sets(board) -> None:
    view = Client().get("/api/leaderboard/preisjass/", secure=True)
    assert view["Strict-Transport-Security"].startswith("max-age=3600")
    status, headers, body, to_django = call(scope(scheme="https"))
    assert (status, to_django, body) == (200, 0, view.content)  # the links say https
    assert {h: headers.get(h) for h in SAME} == {h: view.get(h) for h in SAME}


@pytest.mark.parametrize(
    "request_",
    [
        scope(b"page=4"),  # no cached page 4 yet: Django builds and caches it
        scope(b"page=2&format=json"),
        scope(b"page=02"),
        scope(b"page=2&page=3"),
        scope(b"page=2page_size=25"),
        scope(b"page=9"),
        scope(b"page_size=30"),
        scope(headers=[(b"accept", b"text/html,application/xhtml+xml,*/*;q=0.8")]),  # browsable API
        scope(headers=[(b"accept", b"text/*")]),  # the browsable API too
        scope(headers=[(b"accept", b"image/png")]),  # DRF answers 406
        scope(headers=[(b"accept", b"application/json; indent=4")]),  # DRF indents it
        scope(method="HEAD"),
        scope(method="POST"),
        scope(path="/api/leaderboard/no-such-game/"),
        scope(path="/api/leaderboard/matches/"),
        scope(path="/api/leaderboard/preisjass"),
        scope(host=b"evil.example"),  # Django answers 400 (DisallowedHost)
    ],
    ids=lambda s: (
        f"{s['method']} {s['path']}?{s['query_string'].decode()} {s['headers'][-1][1].decode()[:12]}"
    ),
)
def test_what_it_cannot_answer_exactly_goes_to_django(board, request_) -> None:
    for page in (1, 2, 3):
        assert Client().get(f"/api/leaderboard/preisjass/?page={page}").status_code == 200
    assert call(request_)[3] == 1


@pytest.mark.parametrize("accept", [b"application/json", b"*/*", b"application/json;q=0.9, */*;q=0.1"])
def test_a_request_for_json_is_answered_from_the_cache(board, accept: bytes) -> None:
    view = Client().get("/api/leaderboard/preisjass/", HTTP_ACCEPT=accept.decode())
    status, _headers, body, to_django = call(scope(headers=[(b"accept", accept)]))
    assert (status, to_django, body) == (200, 0, view.content)


def test_a_request_django_redirects_to_https_goes_to_django(board) -> None:
    Client().get("/api/leaderboard/preisjass/")
    with override_settings(SECURE_SSL_REDIRECT=True):
        assert call(scope())[3] == 1
        assert call(scope(scheme="https"))[3] == 0

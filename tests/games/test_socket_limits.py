"""Websocket limits beyond one socket's rate: a message budget per actor shared by all its sockets,
at most WS_SEAT_SOCKETS sockets per seat, and a cap on lobby sockets and lobby messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from config.asgi import application
from games.models import SeatSocket
from tests import factories

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def _cookie(user: Any | None) -> bytes:
    session = SessionStore()
    if user is not None:
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{django_settings.SESSION_COOKIE_NAME}={session.session_key}".encode()


async def socket(path: str, user: Any | None = None) -> WebsocketCommunicator:
    cookie = await sync_to_async(_cookie)(user)
    comm = WebsocketCommunicator(application, path, headers=[*HEADERS, (b"cookie", cookie)])
    connected, _ = await comm.connect()
    assert connected
    return comm


async def connect(match_id: int, user: Any | None = None) -> WebsocketCommunicator:
    return await socket(f"/ws/matches/{match_id}/", user)


async def receive(comm: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=5))


@pytest.fixture
def table(duel):
    anna, ben = factories.user("anna"), factories.user("ben")
    return factories.two_player_match(duel, anna, ben), anna, ben


async def test_the_message_budget_is_shared_by_all_sockets_of_a_player(table, settings) -> None:
    settings.WS_ACTOR_MESSAGES = 10
    match, anna, ben = table
    first = await connect(match.pk, anna)
    second = await connect(match.pk, anna)
    other = await connect(match.pk, ben)
    for comm in (first, second, other):
        await receive(comm)
    replies = []
    for i in range(12):
        comm = first if i % 2 else second
        await comm.send_json_to({"t": "ping"})
        replies.append(await receive(comm))
    assert [r["t"] for r in replies[:10]] == ["pong"] * 10
    assert [r.get("code") for r in replies[10:]] == ["throttled", "throttled"]
    # Another player's budget is their own.
    await other.send_json_to({"t": "ping"})
    assert (await receive(other))["t"] == "pong"
    for comm in (first, second, other):
        await comm.disconnect()


async def test_a_seat_holds_at_most_five_sockets(table) -> None:
    match, anna, _ = table
    open_ = []
    for _ in range(5):
        comm = await connect(match.pk, anna)
        assert (await receive(comm))["t"] == "state"
        open_.append(comm)
    sixth = await connect(match.pk, anna)
    error = await receive(sixth)
    assert error["t"] == "error" and error["code"] == "too_many_sockets"
    assert (await sixth.receive_output(timeout=2)) == {"type": "websocket.close", "code": 4429}
    assert await sync_to_async(SeatSocket.objects.filter(match=match, seat_index=0).count)() == 5
    # Spectators are not seats; and a closed socket makes room again.
    spectator = await connect(match.pk)
    assert (await receive(spectator))["t"] == "state"
    await open_.pop().disconnect()
    again = await connect(match.pk, anna)
    assert (await receive(again))["t"] == "state"
    for comm in [*open_, again, spectator]:
        await comm.disconnect()


async def lobby(user: Any | None = None) -> WebsocketCommunicator:
    return await socket("/ws/lobby/", user)


async def test_lobby_sockets_per_player_are_capped(table, settings) -> None:
    settings.WS_LOBBY_SOCKETS = 2
    _, anna, ben = table
    first, second = await lobby(anna), await lobby(anna)
    for comm in (first, second):
        assert (await receive(comm))["t"] == "lobby"
    third = await lobby(anna)
    assert (await receive(third))["code"] == "too_many_sockets"
    assert (await third.receive_output(timeout=2))["code"] == 4429
    bens = await lobby(ben)  # another player has their own count
    assert (await receive(bens))["t"] == "lobby"
    await first.disconnect()
    fourth = await lobby(anna)
    assert (await receive(fourth))["t"] == "lobby"
    for comm in (second, bens, fourth):
        await comm.disconnect()


async def test_a_lobby_flood_is_cut_off(table, settings) -> None:
    settings.WS_LOBBY_MESSAGES = 3
    _, anna, _ = table
    comm = await lobby(anna)
    await receive(comm)
    codes = []
    for _ in range(4):
        await comm.send_json_to({"t": "ping"})
        codes.append((await receive(comm))["code"])
    assert codes == ["read_only"] * 3 + ["throttled"]
    assert (await comm.receive_output(timeout=2))["code"] == 4429

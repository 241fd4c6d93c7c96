"""The live list on the lobby socket (games/live/watchfeed.py): `?live=top` adds the liveliest few to the
open tables, `?live=all` (`&game=`) sends the whole list instead; a `live` message on connect and then
only when the list changed, from one read per tick and filter for all the process's sockets. A socket
without `live` (an old client) gets the lobby messages as before and never a `live` one."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.live import watchfeed, watchlist
from games.live.presence import match_leave
from tests import factories
from tests.games.test_live_list import against_ai
from tests.games.test_socket_limits import socket
from tests.test_helpers_play import play_to_end

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
TICK = 0.2


@pytest.fixture(autouse=True)
def _quick_ticks(settings: Any) -> None:
    settings.LIVE_TICK = TICK


async def receive(comm: WebsocketCommunicator, timeout: float = 5) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=timeout))


async def live_until(comm: WebsocketCommunicator, ids: list[int], timeout: float = 5) -> dict[str, Any]:
    """The socket's messages until a `live` one lists exactly `ids` (in that order); that message."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        message = await receive(comm, max(deadline - loop.time(), 0.01))
        if message["t"] == "live" and [m["id"] for m in message["d"]["matches"]] == ids:
            return message


async def no_live(comm: WebsocketCommunicator, seconds: float) -> None:
    """No `live` message for `seconds` (the open tables' `lobby` messages may come)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while (left := deadline - loop.time()) > 0:
        # (receive_from's timeout would end the consumer: receive_nothing only looks)
        if not await comm.receive_nothing(timeout=min(left, 0.1), interval=0.02):
            message = await receive(comm)
            assert message["t"] != "live", message


async def test_the_lobby_gets_the_liveliest_few_and_their_changes() -> None:
    anna, ben, carl = [await sync_to_async(factories.user)(n) for n in ("anna", "ben", "carl")]
    lobby = await socket("/ws/lobby/?live=top", carl)
    assert (await receive(lobby))["t"] == "lobby"
    assert await receive(lobby) == {"t": "live", "d": {"matches": []}}
    match = await sync_to_async(factories.two_player_match)("schnapsen", anna, ben)
    shown = await live_until(lobby, [match.pk])
    assert shown["d"]["matches"][0] == (await sync_to_async(watchlist.live_list)())[0]
    await no_live(lobby, 4 * TICK)  # unchanged: nothing more is sent, tick after tick
    await sync_to_async(play_to_end)(match, {0: anna, 1: ben})
    await live_until(lobby, [])
    await lobby.disconnect()


async def test_the_lobby_shows_at_most_the_top_few() -> None:
    users = [await sync_to_async(factories.user)(f"p{i}") for i in range(watchlist.TOP + 1)]
    ids = [(await sync_to_async(against_ai)(u)).pk for u in users]
    lobby = await socket("/ws/lobby/?live=top")
    assert (await receive(lobby))["t"] == "lobby"
    top = (await receive(lobby))["d"]["matches"]
    assert len(top) == watchlist.TOP and {m["id"] for m in top} < set(ids)
    await lobby.disconnect()
    everything = await socket("/ws/lobby/?live=all")
    assert len((await receive(everything))["d"]["matches"]) == watchlist.TOP + 1
    await everything.disconnect()


async def test_the_whole_list_of_one_game_comes_instead_of_the_open_tables() -> None:
    anna, ben, carl = [await sync_to_async(factories.user)(n) for n in ("anna", "ben", "carl")]
    duel = await sync_to_async(factories.two_player_match)("schnapsen", anna, ben)
    solo = await sync_to_async(against_ai)(carl)
    comm = await socket("/ws/lobby/?live=all&game=preisjass")
    first = await receive(comm)
    assert first["t"] == "live" and [m["id"] for m in first["d"]["matches"]] == [solo.pk]
    await sync_to_async(match_leave)(match_id=solo.pk, actor=factories.actor(carl))  # abandoned
    await live_until(comm, [])
    # no open-table messages and no other game's tables on this socket
    await sync_to_async(match_leave)(match_id=duel.pk, actor=factories.actor(anna))
    assert await comm.receive_nothing(timeout=4 * TICK, interval=0.05)
    await comm.disconnect()


async def test_a_lobby_socket_without_live_never_gets_the_live_list() -> None:
    anna, ben = [await sync_to_async(factories.user)(n) for n in ("anna", "ben")]
    old = await socket("/ws/lobby/")
    assert (await receive(old))["t"] == "lobby"
    await sync_to_async(factories.two_player_match)("schnapsen", anna, ben)  # opened, then joined
    for _ in range(2):
        assert (await receive(old))["t"] == "lobby"
    assert await old.receive_nothing(timeout=4 * TICK, interval=0.05)
    await old.disconnect()


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("live=everything", "live is one of top, all"),
        ("live=all&game=skat", "game is one of"),
        ("game=schnapsen", "game filters the live list"),
    ],
)
async def test_a_bad_subscription_is_refused_and_the_socket_stays_a_lobby(query: str, says: str) -> None:
    comm = await socket(f"/ws/lobby/?{query}")
    error = await receive(comm)
    assert error["t"] == "error" and error["code"] == "bad_request" and error["message"].startswith(says)
    assert (await receive(comm))["t"] == "lobby"
    assert await comm.receive_nothing(timeout=3 * TICK, interval=0.05)
    await comm.disconnect()


async def test_one_read_per_tick_serves_every_socket(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    reads: list[str | None] = []
    read = watchlist._read

    def counted(game: str | None, now: float) -> list[dict[str, Any]]:
        reads.append(game)
        return read(game, now)

    monkeypatch.setattr(watchlist, "_read", counted)
    settings.LIVE_TICK = 1.0
    anna = await sync_to_async(factories.user)("anna")
    match = await sync_to_async(against_ai)(anna)
    sockets = [await socket("/ws/lobby/?live=all") for _ in range(6)]
    for comm in sockets:
        assert [m["id"] for m in (await receive(comm))["d"]["matches"]] == [match.pk]
    await asyncio.sleep(2.5)  # two ticks
    assert 1 <= len(reads) <= 3, reads  # once per tick (the first on connect), not once per socket
    for comm in sockets:
        assert await comm.receive_nothing(timeout=0.1)
        await comm.disconnect()


async def test_the_tick_stops_with_the_last_socket() -> None:
    comm = await socket("/ws/lobby/?live=top")
    await receive(comm)
    await receive(comm)
    ticker = watchfeed._ticker
    assert ticker is not None and not ticker.done()
    await comm.disconnect()
    await asyncio.wait_for(ticker, timeout=5 * TICK)

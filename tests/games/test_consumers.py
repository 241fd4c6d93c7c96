"""The websocket protocol: state on connect, moves pushed to every seat with their own view only,
errors for bad input with nothing appended, spectators, throttling, refused origins."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from config.asgi import application
from games.live.presence import match_abandon
from games.models import Match, MatchEvent, Seat, SeatSocket
from games.signals import process_released
from tests import factories

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
ORIGIN = (b"origin", b"http://127.0.0.1")


def _session_cookie(user: Any | None = None, **data: Any) -> bytes:
    session = SessionStore()
    if user is not None:
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.update(data)
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}".encode()


async def connect(
    match_id: int, user: Any | None = None, origin: tuple[bytes, bytes] = ORIGIN, **session: Any
):
    cookie = await sync_to_async(_session_cookie)(user, **session)
    comm = WebsocketCommunicator(
        application,
        f"/ws/matches/{match_id}/",
        headers=[origin, (b"cookie", cookie), (b"host", b"127.0.0.1")],
    )
    connected, _ = await comm.connect()
    return comm, connected


async def receive(comm: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=5))


@pytest.fixture
def table(duel):
    anna, ben = factories.user("anna"), factories.user("ben")
    return factories.two_player_match(duel, anna, ben), anna, ben


async def test_connect_sends_own_view_and_moves_reach_every_seat(table) -> None:
    match, anna, ben = table
    a, ok_a = await connect(match.pk, anna)
    b, ok_b = await connect(match.pk, ben)
    spectator, ok_s = await connect(match.pk)
    assert ok_a and ok_b and ok_s
    first_a, first_b, first_s = await receive(a), await receive(b), await receive(spectator)
    assert first_a["t"] == "state" and first_a["seq"] == 2 and first_a["d"]["seat"] == 0
    assert first_s["d"]["seat"] is None and first_s["d"]["view"]["hand"] == []
    hand_a, hand_b = first_a["d"]["view"]["hand"], first_b["d"]["view"]["hand"]
    assert not set(hand_a) & set(json.dumps(first_b).split('"'))  # b's message holds none of a's cards

    await a.send_json_to({"t": "act", "action": {"type": "play", "card": hand_a[0]}, "seq": 2})
    pushed = [await receive(a), await receive(b), await receive(spectator)]
    assert [m["seq"] for m in pushed] == [3, 3, 3]
    assert pushed[1]["d"]["view"]["hand"] == hand_b and pushed[1]["d"]["view"]["to_move"] == 1
    for message in pushed[1:]:
        assert not set(hand_a[1:]) & set(json.dumps(message).split('"'))
    for comm in (a, b, spectator):
        await comm.disconnect()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", "malformed_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"t": "dance"}), "bad_message"),
        (json.dumps({"t": "act", "action": {"type": "play", "card": "AH"}}), "bad_message"),
        (json.dumps({"t": "act", "action": {"type": "play", "card": "AH"}, "seq": 2, "x": 1}), "bad_message"),
        (json.dumps({"t": "act", "action": {"type": "play", "card": "AH"}, "seq": 1}), "stale_seq"),
        ("x" * 5000, "bad_message"),
    ],
)
async def test_bad_messages_get_an_error_and_change_nothing(table, message: str, code: str) -> None:
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    await receive(a)
    await a.send_to(text_data=message)
    reply = await receive(a)
    assert reply["t"] == "error" and reply["code"] == code and reply["seq"] == 2
    await a.send_json_to({"t": "ping"})
    assert (await receive(a))["t"] == "pong"  # the connection is kept
    assert await sync_to_async(MatchEvent.objects.filter(match=match).count)() == 2
    await a.disconnect()


async def test_wrong_turn_spectator_and_anonymous_cannot_act(table) -> None:
    match, _, ben = table
    b, _ = await connect(match.pk, ben)
    anon, _ = await connect(match.pk)
    hand_b = (await receive(b))["d"]["view"]["hand"]
    await receive(anon)
    await b.send_json_to({"t": "act", "action": {"type": "play", "card": hand_b[0]}, "seq": 2})
    assert (await receive(b))["code"] == "not_your_turn"
    await anon.send_json_to({"t": "act", "action": {"type": "play", "card": hand_b[0]}, "seq": 2})
    assert (await receive(anon))["code"] == "not_seated"
    assert await sync_to_async(MatchEvent.objects.filter(match=match).count)() == 2
    await b.disconnect()
    await anon.disconnect()


async def test_spectators_switched_off_are_refused(table) -> None:
    match, _, _ = table
    match.spectators_allowed = False
    await sync_to_async(match.save)()
    comm, connected = await connect(match.pk)
    assert connected
    reply = await receive(comm)
    assert reply["t"] == "error" and reply["code"] == "forbidden"
    assert (await comm.receive_output(timeout=2))["type"] == "websocket.close"


async def test_a_spectator_is_closed_once_spectators_are_switched_off(table) -> None:
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    spectator, _ = await connect(match.pk)
    hand = (await receive(a))["d"]["view"]["hand"]
    assert (await receive(spectator))["d"]["seat"] is None
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(spectators_allowed=False)
    await a.send_json_to({"t": "act", "action": {"type": "play", "card": hand[0]}, "seq": 2})
    assert (await receive(a))["seq"] == 3
    reply = await receive(spectator)  # the move's state is not the spectator's any more
    assert reply["t"] == "error" and reply["code"] == "forbidden" and "d" not in reply
    assert await spectator.receive_output(timeout=2) == {"type": "websocket.close", "code": 4403}
    await a.disconnect()


async def test_cross_origin_handshake_is_refused(table) -> None:
    match, anna, _ = table
    _, connected = await connect(match.pk, anna, origin=(b"origin", b"http://evil.example"))
    assert not connected


async def test_more_than_100_messages_in_20_seconds_are_throttled(table) -> None:
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    await receive(a)
    replies = []
    for _ in range(101):
        await a.send_json_to({"t": "ping"})
        replies.append(await receive(a))
    assert [r["t"] for r in replies[:100]] == ["pong"] * 100
    assert replies[100]["code"] == "throttled"
    await a.disconnect()


async def test_guest_session_acts_on_its_own_seat_only(duel) -> None:
    from games.live.actors import Actor
    from games.services.matches import SeatSpec, match_create

    guest = Actor(guest_token="g1", display_name="Gustav")
    match = await sync_to_async(match_create)(
        game=duel, creator=guest, seats=[SeatSpec(), SeatSpec(kind="ai")], ai_version="random"
    )
    mine, _ = await connect(match.pk, guest_token="g1", guest_name="Gustav")
    other, _ = await connect(match.pk, guest_token="g2", guest_name="Mallory")
    state = await receive(mine)
    assert state["d"]["seat"] == 0
    assert (await receive(other))["d"]["seat"] is None
    card = state["d"]["view"]["hand"][0]
    await other.send_json_to({"t": "act", "action": {"type": "play", "card": card}, "seq": state["seq"]})
    assert (await receive(other))["code"] == "not_seated"
    await mine.send_json_to({"t": "act", "action": {"type": "play", "card": card}, "seq": state["seq"]})
    after = await receive(mine)
    assert after["t"] == "state" and after["seq"] > state["seq"]
    await mine.disconnect()
    await other.disconnect()


async def test_a_move_stored_by_another_process_is_caught_up_from_the_stream(table, monkeypatch) -> None:
    """This process never held the state after the move: the sockets catch up from the stored events."""
    from games.live import snapshots
    from games.live.actors import Actor
    from games.services.matches import match_act

    match, anna, ben = table
    a, _ = await connect(match.pk, anna)
    b, _ = await connect(match.pk, ben)
    hand_a = (await receive(a))["d"]["view"]["hand"]
    hand_b = (await receive(b))["d"]["view"]["hand"]
    # The process keeps the state it had before the move (seq 2), as if another one stored it.
    monkeypatch.setattr(snapshots.state_cache, "put", lambda match_id, state: None)
    await sync_to_async(match_act)(
        match_id=match.pk,
        actor=Actor.for_user(anna),
        action={"type": "play", "card": hand_a[0]},
        expected_seq=2,
    )
    pushed_a, pushed_b = await receive(a), await receive(b)
    assert pushed_a["seq"] == pushed_b["seq"] == 3
    assert pushed_a["d"]["view"]["hand"] == hand_a[1:] and pushed_b["d"]["view"]["hand"] == hand_b
    assert pushed_b["d"]["view"]["to_move"] == 1
    await a.disconnect()
    await b.disconnect()


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
async def test_moves_reach_sockets_through_redis_pub_sub(table, settings) -> None:
    """The deployment's layer: the append publishes from its own thread (games.live.dispatch._publish) on
    the channel the pub/sub layer subscribes the match's group to."""
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [settings.REDIS_URL], "prefix": f"test{id(table)}"},
        }
    }
    channel_layers.backends.clear()
    try:
        match, anna, ben = table
        a, _ = await connect(match.pk, anna)
        b, _ = await connect(match.pk, ben)
        hand_a = (await receive(a))["d"]["view"]["hand"]
        await receive(b)
        await a.send_json_to({"t": "act", "action": {"type": "play", "card": hand_a[0]}, "seq": 2})
        assert [(await receive(a))["seq"], (await receive(b))["seq"]] == [3, 3]
        await a.disconnect()
        await b.disconnect()
    finally:
        channel_layers.backends.clear()


@pytest.fixture(scope="module")
def two_redis_servers(tmp_path_factory: pytest.TempPathFactory):
    """Two private redis-server children: the channel layer's shards (the shared server is not used)."""
    from tests.live.cluster import RedisServer

    servers = [RedisServer(tmp_path_factory.mktemp("shards")) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()


def _publishes(url: str) -> int:
    import redis

    client = redis.Redis.from_url(url)
    try:
        return int(client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))
    finally:
        client.close()


@pytest.mark.parametrize("shard", [0, 1])
async def test_moves_reach_sockets_through_a_layer_sharded_over_two_redis_servers(
    table, settings, two_redis_servers, shard: int
) -> None:
    """CHANNEL_REDIS_URLS names two servers: the layer subscribes the match's group on the one its
    name hashes to, and the append (games.live.dispatch._publish, from its own thread) publishes there."""
    from channels.layers import channel_layers
    from channels_redis.utils import _consistent_hash

    match, anna, ben = table
    hosts = [server.url for server in two_redis_servers]
    # A prefix that puts this match's group on the shard under test.
    prefix = next(
        p
        for p in (f"shard{shard}x{i}" for i in range(1000))
        if _consistent_hash(f"{p}__group__match.{match.pk}", 2) == shard
    )
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": hosts, "prefix": prefix},
        }
    }
    channel_layers.backends.clear()
    before = [_publishes(url) for url in hosts]
    try:
        a, _ = await connect(match.pk, anna)
        b, _ = await connect(match.pk, ben)
        hand_a = (await receive(a))["d"]["view"]["hand"]
        await receive(b)
        await a.send_json_to({"t": "act", "action": {"type": "play", "card": hand_a[0]}, "seq": 2})
        assert [(await receive(a))["seq"], (await receive(b))["seq"]] == [3, 3]
        await a.disconnect()
        await b.disconnect()
    finally:
        channel_layers.backends.clear()
    published = [_publishes(url) - was for url, was in zip(hosts, before, strict=True)]
    assert published[shard] >= 1 and published[1 - shard] == 0, published


async def test_a_process_counted_dead_closes_its_seated_sockets_for_a_reconnect(table) -> None:
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    spectator, _ = await connect(match.pk)
    await receive(a)
    await receive(spectator)
    # The heartbeat's thread finds the process released by the watchdog.
    await asyncio.to_thread(process_released.send, sender=None)
    assert await a.receive_output(timeout=5) == {"type": "websocket.close", "code": 4503}
    await spectator.send_json_to({"t": "ping"})
    assert (await receive(spectator))["t"] == "pong"  # a spectator is not counted, and stays
    await a.disconnect()  # the server tells the consumer its socket closed
    seat = await sync_to_async(Seat.objects.get)(match=match, index=0)
    assert seat.connections == 0 and not await sync_to_async(SeatSocket.objects.exists)()
    await spectator.disconnect()


async def test_a_socket_counts_for_the_seat_it_was_counted_for(table) -> None:
    """Anna leaves the open table while her socket stays (as a spectator's): closing it later takes
    it off her old seat's count."""
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    await receive(a)
    assert (await sync_to_async(Seat.objects.get)(match=match, index=0)).connections == 1
    await sync_to_async(Seat.objects.filter(match=match, index=0).update)(user=None)  # seat freed
    await a.send_json_to({"t": "resync"})
    assert (await receive(a))["d"]["seat"] is None
    await a.disconnect()
    assert (await sync_to_async(Seat.objects.get)(match=match, index=0)).connections == 0


async def test_a_returning_player_is_not_away_in_its_first_state(table) -> None:
    """A reload closes the socket (the seat counts as away) and opens a new one: the state the new
    socket gets first already counts it, so the page never shows its own seat away."""
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    assert (await receive(a))["d"]["match"]["seats"][0]["away"] is False
    await a.disconnect()
    seat = await sync_to_async(Seat.objects.get)(match=match, index=0)
    assert seat.connections == 0 and seat.away_since is not None
    again, ok = await connect(match.pk, anna)
    assert ok
    first = await receive(again)
    assert first["t"] == "state" and first["d"]["seat"] == 0
    assert first["d"]["match"]["seats"][0]["away"] is False
    assert (await sync_to_async(Seat.objects.get)(match=match, index=0)).connections == 1
    await again.disconnect()


async def test_an_abandoned_match_is_pushed_and_opened_with_no_turn_and_no_action(table) -> None:
    match, anna, _ = table
    a, ok = await connect(match.pk, anna)
    assert ok
    first = await receive(a)
    assert first["d"]["view"]["to_move"] == 0 and first["d"]["view"]["legal"]
    await sync_to_async(match_abandon)(match_id=match.pk)
    pushed = await receive(a)
    assert pushed["d"]["match"]["status"] == "abandoned"
    assert pushed["d"]["view"]["to_move"] is None and pushed["d"]["view"]["legal"] == []
    await a.disconnect()
    again, ok = await connect(match.pk, anna)
    opened = await receive(again)
    assert opened["d"]["view"]["to_move"] is None and opened["d"]["view"]["legal"] == []
    await again.disconnect()

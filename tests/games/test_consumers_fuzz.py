"""Hostile websocket traffic: paths that match no route, deep nesting, a command id reused with another
action, and a seeded fuzz of a few hundred random messages (moves and chat) against the match and
lobby consumers. Every reply is a documented message (state, pong, lobby, chat, chat_history or error
with code and message), the socket survives or closes with a documented code, and nothing is
appended."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import Match, MatchEvent
from games.store.events import load_state
from tests import factories
from tests.games.test_consumers import ORIGIN, _session_cookie, connect, receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
HEADERS = [ORIGIN, (b"host", b"127.0.0.1")]
CLOSE_CODES = {1000, 4403, 4404, 4429}


def check_reply(message: dict[str, Any]) -> str:
    """The documented shapes of a server message; returns its type."""
    kind = message["t"]
    if kind == "error":
        assert isinstance(message["code"], str) and isinstance(message["message"], str), message
        assert "seq" not in message or message["seq"] is None or isinstance(message["seq"], int)
    elif kind == "state":
        assert isinstance(message["seq"], int) and isinstance(message["d"], dict)
    elif kind == "lobby":
        assert isinstance(message["d"]["matches"], list)
    elif kind == "presence":
        assert isinstance(message["seat"], int) and isinstance(message["away"], bool), message
    elif kind == "chat":
        assert isinstance(message["id"], int) and isinstance(message["from"], str), message
        assert isinstance(message["text"], str) and len(message["text"]) <= 300, message
        assert message["seat"] is None or isinstance(message["seat"], int)
    elif kind == "chat_history":
        assert isinstance(message["messages"], list) and isinstance(message["open"], bool), message
    else:
        assert kind == "pong", message
    return str(kind)


async def events(match: Match) -> int:
    return await sync_to_async(MatchEvent.objects.filter(match=match).count)()


@pytest.fixture
def table() -> tuple[Match, Any, Any]:
    anna, ben = factories.user("anna"), factories.user("ben")
    return factories.two_player_match("schnapsen", anna, ben), anna, ben


async def test_a_path_that_matches_no_route_is_closed_with_4404() -> None:
    for path in ("/ws/nowhere/", "/ws/matches/abc/", "/ws/matches/²/", "/", "/ws/lobby/extra/"):
        comm = WebsocketCommunicator(application, path, headers=HEADERS)
        connected, _ = await comm.connect()
        assert connected
        reply = json.loads(await comm.receive_from(timeout=5))
        assert (reply["t"], reply["code"]) == ("error", "not_found")
        assert (await comm.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4404}


async def test_json_nested_too_deeply_is_malformed_and_the_socket_survives(table) -> None:
    match, anna, _ = table
    a, _ = await connect(match.pk, anna)
    await receive(a)
    for text in ("[" * 4000, "[" * 2000 + "]" * 2000, '{"":' * 1020):
        await a.send_to(text_data=text)
        reply = await receive(a)
        assert (reply["t"], reply["code"]) == ("error", "malformed_json")
    await a.send_json_to({"t": "ping"})
    assert (await receive(a))["t"] == "pong"
    assert await events(match) == 2
    await a.disconnect()


async def test_a_command_id_resent_with_another_action_is_a_conflict(duel) -> None:
    anna, ben = await sync_to_async(factories.user)("anna"), await sync_to_async(factories.user)("ben")
    match = await sync_to_async(factories.two_player_match)(duel, anna, ben)
    a, _ = await connect(match.pk, anna)
    hand = (await receive(a))["d"]["view"]["hand"]
    first = {"t": "act", "action": {"type": "play", "card": hand[0]}, "seq": 2, "command_id": "k"}
    await a.send_json_to(first)
    assert (await receive(a))["seq"] == 3
    for seq in (2, 3):
        await a.send_json_to(
            {"t": "act", "action": {"type": "play", "card": hand[1]}, "seq": seq, "command_id": "k"}
        )
        reply = await receive(a)
        assert (reply["t"], reply["code"]) == ("error", "command_conflict")
    await a.send_json_to(first)
    assert await a.receive_nothing(timeout=0.3)  # the same command again: an idempotent no-op
    assert await events(match) == 3
    await a.disconnect()


# -- the seeded fuzz ----------------------------------------------------------------------------------

Frame = tuple[str | None, bytes | None]
_TEXTS = ["", "x", "\x00", "\ud800", "AH", "play", "é²", "NaN", "-1", "ws/../", "🂡" * 3]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: odd numbers, odd strings, nested containers."""
    pick = rng.randrange(10 if depth < 4 else 7)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 2, 2**63, -(2**64), 10 ** rng.randint(19, 300)])
    if pick == 2:
        return rng.choice([0.5, -0.0, 1e308, 2.0, float(rng.randint(0, 5))])
    if pick in (3, 4):
        return rng.choice(_TEXTS)
    if pick in (5, 6):
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(0, 12)))
    if pick in (7, 8):
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {str(junk(rng, 4)): junk(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def act_message(rng: random.Random, seq: int) -> dict[str, Any]:
    action: Any = rng.choice(
        [
            junk(rng),
            {"type": rng.choice(["play", "close", "exchange_trump", "deal", "start", junk(rng)])},
            {"type": "play", "card": junk(rng)},
            {"type": "play", "card": junk(rng), "marriage": junk(rng), "seat": junk(rng)},
            {"type": "deal", "dealer": 0, "deck": junk(rng)},
        ]
    )
    message: dict[str, Any] = {"t": "act", "action": action, "seq": rng.choice([seq, seq, junk(rng)])}
    if rng.random() < 0.7:
        message["command_id"] = rng.choice([junk(rng), "\x00", "\ud800", "c" * 65, f"fuzz-{rng.random()}"])
    if rng.random() < 0.2:
        message[str(junk(rng, 4))] = junk(rng)
    return message


def chat_message(rng: random.Random) -> dict[str, Any]:
    message: dict[str, Any] = {"t": rng.choice(["chat", "chat", "chat_history"])}
    fields = rng.choice([("text",), ("phrase",), ("text", "phrase"), ()])
    if "text" in fields:
        message["text"] = rng.choice([junk(rng), "x" * rng.randint(290, 400), "Servus", " ", "\u202e"])
    if "phrase" in fields:
        message["phrase"] = rng.choice([junk(rng), "good_luck", "GOOD_LUCK", ""])
    if rng.random() < 0.2:
        message[str(junk(rng, 4))] = junk(rng)
    return message


def fuzz_frames(rng: random.Random, seq: int, count: int) -> list[Frame]:
    frames: list[Frame] = []
    for _ in range(count):
        pick = rng.randrange(9)
        if pick <= 2:
            text = json.dumps(act_message(rng, seq), allow_nan=True)
        elif pick == 8:
            text = json.dumps(chat_message(rng), allow_nan=True)
        elif pick == 3:
            text = json.dumps({"t": junk(rng), **({"x": junk(rng)} if rng.random() < 0.5 else {})})
        elif pick == 4:
            text = json.dumps(junk(rng))
        elif pick == 5:
            frames.append((None, rng.randbytes(rng.randint(0, 64))))
            continue
        elif pick == 6:
            depth = rng.randint(100, 4000)
            text = rng.choice(["[" * depth, '{"t":' * (depth // 5), "[" * depth + "]" * depth][:3])
        else:
            text = rng.choice(
                [
                    "x" * rng.randint(4097, 20_000),
                    '{"t": "act", "seq": 1e999999}',
                    '{"t": "act", "seq": ' + "9" * 5000 + "}",
                    '{"t": "ping"',
                    "\x00",
                    '{"t": "resync"}',
                    '{"t": "ping"}',
                    json.dumps({"t": "act", "action": {}, "seq": seq})[:-1],
                ]
            )
        frames.append((text, None))
    return frames


def _harmless(match: Match, seat: int, frame: Frame) -> Frame:
    """The fuzz must append nothing: a frame that happens to hold a legal action is spoilt."""
    text, _ = frame
    try:
        message = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return frame
    if not isinstance(message, dict) or not isinstance(message.get("action"), dict):
        return frame
    legal = load_state(match).legal_actions()
    action = {**message["action"], "seat": seat}
    if action in legal or {**action, "card": None} in [{**a, "card": None} for a in legal]:
        message["action"] = {**message["action"], "type": "spoilt"}
        return json.dumps(message), None
    return frame


async def test_seeded_fuzz_of_the_match_and_lobby_consumers(table, settings) -> None:
    # The fuzz checks shapes, not rates (tests/games/test_socket_limits.py does): no limit may end it.
    settings.WS_THROTTLE_MESSAGES = settings.WS_ACTOR_MESSAGES = settings.WS_LOBBY_MESSAGES = 10_000
    match, anna, ben = table
    rng = random.Random(15)
    to_move = (await sync_to_async(load_state)(match)).to_move
    assert isinstance(to_move, int)
    player = anna if to_move == 0 else ben
    sockets = {"player": await connect(match.pk, player), "spectator": await connect(match.pk)}
    for comm, connected in sockets.values():
        assert connected
        check_reply(await receive(comm))
    lobby = WebsocketCommunicator(application, "/ws/lobby/", headers=HEADERS)
    assert (await lobby.connect())[0]
    check_reply(json.loads(await lobby.receive_from(timeout=5)))

    frames = fuzz_frames(rng, seq=2, count=300)
    kinds: dict[str, int] = {}
    for i, frame in enumerate(frames):
        comm = sockets["player" if i % 3 else "spectator"][0]
        text, data = await sync_to_async(_harmless)(match, to_move, frame)
        await comm.send_to(text_data=text, bytes_data=data)
        kind = check_reply(await receive(comm))
        while kind == "presence":  # a seat's away mark, between a frame and its reply
            kind = check_reply(await receive(comm))
        kinds[kind] = kinds.get(kind, 0) + 1
        if i % 10 == 0:
            await lobby.send_to(text_data=text, bytes_data=data)
            assert check_reply(json.loads(await lobby.receive_from(timeout=5))) == "error"
    assert kinds["error"] > 200 and set(kinds) <= {
        "error",
        "state",
        "pong",
        "chat",
        "chat_history",
        "presence",
    }
    for comm, _ in sockets.values():  # every socket survived (a seat's away mark may have come since)
        while not await comm.receive_nothing(timeout=0.1):
            assert check_reply(json.loads(await comm.receive_from(timeout=1))) == "presence"
        await comm.send_json_to({"t": "ping"})
        assert (await receive(comm))["t"] == "pong"
        await comm.disconnect()
    await lobby.disconnect()
    assert await events(match) == 2


async def test_random_paths_are_answered_or_closed_with_a_documented_code(table) -> None:
    match, anna, _ = table
    rng = random.Random(404)
    cookie = await sync_to_async(_session_cookie)(anna)
    paths = [f"/ws/matches/{match.pk}/", f"/ws/matches/{10**40}/", "/ws/matches/0/", "/ws/lobby/"]
    for _ in range(25):
        parts = [str(junk(rng, 4)).replace("\x00", "") for _ in range(rng.randint(0, 3))]
        paths.append("/ws/" + "/".join(p for p in parts) + rng.choice(["", "/"]))
    for path in paths:
        comm = WebsocketCommunicator(application, path, headers=[*HEADERS, (b"cookie", cookie)])
        connected, _ = await comm.connect()
        assert connected, path
        first = await comm.receive_output(timeout=5)
        assert first["type"] == "websocket.send", path
        kind = check_reply(json.loads(first["text"]))
        if kind == "error":
            closed = await comm.receive_output(timeout=5)
            assert closed["type"] == "websocket.close" and closed["code"] in CLOSE_CODES, path
        else:
            await comm.disconnect()
    assert await events(match) == 2

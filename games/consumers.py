"""Websockets. Thin: authenticate by session, call the same services and selectors as the REST API.

Messages (`t` is the type):
  server -> client  {"t": "state", "seq": n, "d": <seat payload>}   on connect and after every change
                    {"t": "error", "code": "...", "message": "...", "seq": n}
                    {"t": "pong"}   {"t": "lobby", "d": {"matches": [...]}}
  client -> server  {"t": "act", "action": {...}, "seq": n, "command_id": "..."}
                    {"t": "resync"}   {"t": "ping"}

The group message carries only the new seq; every consumer builds its own seat's view, so no
message ever holds another seat's hidden cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games import selectors
from games.actors import Actor, actor_from_request
from games.dispatch import LOBBY_GROUP, group_name, register_server_loop
from games.errors import GameError, NotSeated
from games.services import presence
from games.services.matches import match_act

MAX_MESSAGE = 4096
_ACT_FIELDS = {"t", "action", "seq", "command_id"}


class _Scope:
    """Adapts a websocket scope to what actor_from_request reads (user, session)."""

    def __init__(self, scope: dict[str, Any]) -> None:
        self.user = scope.get("user")
        self.session = scope.get("session")


class MatchConsumer(AsyncWebsocketConsumer):
    match_id: int
    actor: Actor
    seat: int | None
    _recent: deque[float]

    async def connect(self) -> None:
        register_server_loop(asyncio.get_running_loop())
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.actor = actor_from_request(_Scope(self.scope))
        self._recent = deque()
        try:
            payload = await database_sync_to_async(self._payload)()
        except GameError as exc:
            await self.accept()
            await self._error(exc.code, exc.message)
            await self.close(code=4403 if exc.status == 403 else 4404)
            return
        self.seat = payload["seat"]
        await self.channel_layer.group_add(group_name(self.match_id), self.channel_name)
        await self.accept()
        if self.seat is not None:
            await database_sync_to_async(presence.seat_connected)(match_id=self.match_id, seat=self.seat)
            self._present = True
        await self._send("state", payload, seq=payload["seq"])

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        # A channel-layer failure (Redis restarting) ends the consumer without disconnect(); the seat
        # must still stop counting this socket, or it would never count as away again.
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._leave_seat()

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "seat"):
            return
        await self._leave_seat()
        await self.channel_layer.group_discard(group_name(self.match_id), self.channel_name)

    async def _leave_seat(self) -> None:
        if getattr(self, "_present", False):
            self._present = False
            await database_sync_to_async(presence.seat_disconnected)(match_id=self.match_id, seat=self.seat)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self._throttled():
            await self._error("throttled", "too many messages: at most 100 in 20 seconds")
            return
        if text_data is None or len(text_data) > MAX_MESSAGE:
            await self._error("bad_message", f"send one JSON text message of at most {MAX_MESSAGE} bytes")
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self._error("malformed_json", "the message is not valid JSON")
            return
        if not isinstance(message, dict):
            await self._error("bad_message", "a message is a JSON object with a type field 't'")
            return
        kind = message.get("t")
        if kind == "ping":
            await self._send("pong")
        elif kind == "resync":
            await self._send_state()
        elif kind == "act":
            await self._act(message)
        else:
            await self._error("bad_message", f"unknown message type {kind!r}")

    async def _act(self, message: dict[str, Any]) -> None:
        unknown = sorted(set(message) - _ACT_FIELDS)
        seq, command_id = message.get("seq"), message.get("command_id")
        if unknown:
            await self._error("bad_message", f"unknown field {unknown[0]!r}")
        elif not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(message.get("action"), dict):
            await self._error("bad_message", "an action needs 'action' (object) and 'seq' (integer)")
        elif command_id is not None and (not isinstance(command_id, str) or len(command_id) > 64):
            await self._error("bad_message", "command_id is a string of at most 64 characters")
        elif self.seat is None:
            await self._error(NotSeated.code, "spectators cannot act")
        else:
            try:
                await database_sync_to_async(match_act)(
                    match_id=self.match_id,
                    actor=self.actor,
                    action=message["action"],
                    expected_seq=seq,
                    command_id=command_id,
                )
            except GameError as exc:
                await self._error(exc.code, exc.message)
            # On success the group message brings the new state to every seat, this one included.

    async def match_update(self, event: dict[str, Any]) -> None:
        # "refresh": something besides the event stream changed (practice, abandoned): read afresh.
        await self._send_state(None if event.get("refresh") else event.get("seq"))

    async def _send_state(self, seq: int | None = None) -> None:
        try:
            payload = await database_sync_to_async(self._payload)(seq)
        except GameError as exc:
            await self._error(exc.code, exc.message)
            return
        await self._send("state", payload, seq=payload["seq"])

    def _payload(self, seq: int | None = None) -> dict[str, Any]:
        # After a broadcast (seq known) the sockets of this process share one read of the match row.
        return selectors.match_view(selectors.match_get_at(self.match_id, seq), self.actor)

    def _throttled(self) -> bool:
        now = time.monotonic()
        window = settings.WS_THROTTLE_WINDOW
        while self._recent and now - self._recent[0] > window:
            self._recent.popleft()
        self._recent.append(now)
        return len(self._recent) > settings.WS_THROTTLE_MESSAGES

    async def _error(self, code: str, message: str) -> None:
        seq = None
        with contextlib.suppress(GameError):
            seq = (await database_sync_to_async(selectors.match_get)(self.match_id)).version
        await self._send("error", code=code, message=message, seq=seq)

    async def _send(self, kind: str, data: Any = None, **fields: Any) -> None:
        message: dict[str, Any] = {"t": kind, **fields}
        if data is not None:
            message["d"] = data
        await self.send(text_data=json.dumps(message, separators=(",", ":")))


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.lobby_update({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(
            text_data=json.dumps({"t": "error", "code": "read_only", "message": "the lobby is read-only"})
        )

    async def lobby_update(self, event: dict[str, Any]) -> None:
        matches = await database_sync_to_async(
            lambda: [selectors.match_summary(m) for m in selectors.open_matches()]
        )()
        await self.send(text_data=json.dumps({"t": "lobby", "d": {"matches": matches}}))

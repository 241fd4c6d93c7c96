"""Websockets. Thin: authenticate by session, call the same services and selectors as the REST API.

Messages (`t` is the type):
  server -> client  {"t": "state", "seq": n, "d": <seat payload>}   on connect and after every change
                    {"t": "error", "code": "...", "message": "...", "seq": n}
                    {"t": "pong"}   {"t": "lobby", "d": {"matches": [...]}}
                    {"t": "presence", "seat": s, "away": bool}   a seat went away or came back
                    the table talk's messages (games/live/talk.py; the chat app: "chat", "chat_history")
                    {"t": "live", "d": {"matches": [...]}}   (lobby?live=top|all, games/live/watchfeed.py)
  client -> server  {"t": "act", "action": {...}, "seq": n, "command_id": "..."}
                    {"t": "resync"}   {"t": "ping"}   the table talk's kinds

The group message carries only public facts (the new seq and the table's public summary); every
consumer sends its own seat's view (games/live/snapshots.py), so no message ever holds another seat's
hidden cards.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.dispatch import receiver

from games import selectors
from games.errors import GameError, NotSeated
from games.identity.browser import scope_origin
from games.identity.sightings import sighting_record
from games.live import presence, snapshots, socket_limits, watchfeed, wire
from games.live.actors import Actor, actor_from_request
from games.live.dispatch import LOBBY_GROUP, group_name, register_server_loop, server_loop
from games.live.talk import Talk, audience_of, speaker_key, talk_registered
from games.services.matches import match_act
from games.signals import process_released
from ops import metrics, profiling

T = TypeVar("T")
MAX_MESSAGE = 4096
# A socket reads its actor's mutes again after this many seconds (a mute made at another table, or
# at this one through another web process's socket, reaches it at the latest then).
MUTES_MAX_AGE = 60.0
# Server-side timing of moves (LOG_TIMING=1; `python -m bench live` reads it): wall-clock times, so
# the lines of both web processes on one machine can be matched by match and seq.
timing = logging.getLogger("games.timing")
_ACT_FIELDS = {"t", "action", "seq", "command_id"}


def _is_command_id(value: Any) -> bool:
    # Printable: no NUL (PostgreSQL text refuses it) and no lone surrogate (not encodable as UTF-8).
    return isinstance(value, str) and len(value) <= 64 and value.isprintable()


class _Scope:
    """Adapts a websocket scope to what actor_from_request reads (user, session)."""

    def __init__(self, scope: dict[str, Any]) -> None:
        self.user = scope.get("user")
        self.session = scope.get("session")


def _in_thread(fn: Callable[..., T], executor: Executor | None = None) -> Callable[..., Awaitable[T]]:
    """Database work off the event loop, in a thread pool (by default the loop's): one socket's query
    or append never queues behind another's (channels' default runs them all on one thread)."""
    return database_sync_to_async(profiling.in_thread(fn), thread_sensitive=False, executor=executor)


# Presence writes get threads of their own: a storm of connects or disconnects (a web process
# restarting, a network blip) must not delay the moves.
_presence_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="presence")


class _Consumer(AsyncWebsocketConsumer):
    metrics_kind = "other"
    _open = False  # counted in the websocket gauge

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        if not self._open:
            self._open = True
            metrics.WEBSOCKETS.labels(self.metrics_kind).inc()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:  # however the socket ended, disconnect() or not
            if self._open:
                self._open = False
                metrics.WEBSOCKETS.labels(self.metrics_kind).dec()

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every message, by a hop to its one
        # shared sync thread: under load every socket's every message queues there. The database
        # work here runs in pool threads that close stale connections themselves (_in_thread).
        profiling.loop_tick()
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


# The seated sockets of this process, to close when the watchdog has counted the process dead.
_seated: weakref.WeakSet[MatchConsumer] = weakref.WeakSet()


@receiver(process_released)
def _reconnect_all(**kwargs: Any) -> None:
    """Sent in the heartbeat's thread: close every seated socket, on the server's loop; the clients
    reconnect at once, and their seats count them again."""
    loop = server_loop()
    if loop is not None:
        asyncio.run_coroutine_threadsafe(_close_seated(), loop)


async def _close_seated() -> None:
    # 4503, in the manner of 4403 and 4404: "come back". (daphne's websocket library refuses the
    # standard 1012, "service restart": a server may only send 1000 or 3000-4999.)
    await asyncio.gather(*(consumer.close(code=4503) for consumer in list(_seated)))


class MatchConsumer(_Consumer):
    metrics_kind = "match"
    match_id: int
    actor: Actor
    seat: int | None = None
    opener: bool = False
    sent_seq: int = -1  # the newest state this socket was sent
    _counted: int | None = None  # the seat whose socket count includes this socket
    _recent: deque[float]
    _speaker = ""  # this socket's actor as the table talk names it
    _muted: frozenset[str] | None = None  # the speakers it mutes, read when the first words arrive
    _muted_at = 0.0

    async def connect(self) -> None:
        register_server_loop(asyncio.get_running_loop())
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.actor = actor_from_request(_Scope(self.scope))
        self._actor_key = socket_limits.actor_key(self.actor, self.scope)
        self._speaker = speaker_key(self.actor)
        self._recent = deque()
        self._socket_key = uuid.uuid4().hex
        try:
            snapshot = await _in_thread(self._read)()
            text = snapshot.message(self.seat, self.opener)
        except GameError as exc:
            await self.accept()
            await self._error(exc.code, exc.message)
            await self.close(code=4403 if exc.status == 403 else 4404)
            return
        if self.seat is not None and await _in_thread(socket_limits.seat_sockets_full)(
            self.match_id, self.seat
        ):
            await self.accept()
            limit = settings.WS_SEAT_SOCKETS
            await self._error("too_many_sockets", f"this seat already has {limit} open connections")
            await self.close(code=socket_limits.CLOSE_TOO_MANY)
            return
        await self.channel_layer.group_add(group_name(self.match_id), self.channel_name)
        await self.accept()
        if await self._mark_present():
            # Read again now that this socket counts: the first state must not show its own seat away.
            await self._send_fresh_state()
            return
        await self._send_text(snapshot.seq, text)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        # A channel-layer failure (Redis restarting) ends the consumer without disconnect(); the seat
        # must still stop counting this socket, or it would never count as away again.
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._leave_seat()

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "match_id"):
            return
        await self._leave_seat()
        await self.channel_layer.group_discard(group_name(self.match_id), self.channel_name)

    async def _mark_present(self) -> bool:
        """Count this socket for its seat, once; True when it was counted now."""
        if self.seat is not None and self._counted is None:
            self._counted = self.seat  # the seat this socket counts for, even if self.seat changes
            _seated.add(self)
            enter = _in_thread(presence.seat_connected, _presence_pool)
            await enter(match_id=self.match_id, seat=self._counted, socket=self._socket_key)
            # Where the seat is played from (games.identity.entries: one person, one entry per event).
            note = _in_thread(sighting_record, _presence_pool)
            await note(user_id=self.actor.user_id, origin=scope_origin(self.scope))
            return True
        return False

    async def _leave_seat(self) -> None:
        if self._counted is not None:
            seat, self._counted = self._counted, None
            _seated.discard(self)
            leave = _in_thread(presence.seat_disconnected, _presence_pool)
            await leave(match_id=self.match_id, seat=seat, socket=self._socket_key)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self._throttled():
            await self._error("throttled", "too many messages: at most 100 in 20 seconds")
            return
        if text_data is None or len(text_data) > MAX_MESSAGE:
            await self._error("bad_message", f"send one JSON text message of at most {MAX_MESSAGE} bytes")
            return
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            await self._error("malformed_json", "the message is not valid JSON")
            return
        if not isinstance(message, dict):
            await self._error("bad_message", "a message is a JSON object with a type field 't'")
            return
        kind = message.get("t")
        if kind == "ping":
            await self._send("pong")
        elif kind == "resync":
            await self._send_fresh_state()
        elif kind == "act":
            await self._act(message)
        elif isinstance(kind, str) and (talk := talk_registered()) is not None and kind in talk.kinds:
            await self._talk(talk, message)
        else:
            await self._error("bad_message", f"unknown message type {kind!r}")

    async def _act(self, message: dict[str, Any]) -> None:
        unknown = sorted(set(message) - _ACT_FIELDS)
        seq, command_id = message.get("seq"), message.get("command_id")
        if unknown:
            await self._error("bad_message", f"unknown field {unknown[0]!r}")
        elif not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(message.get("action"), dict):
            await self._error("bad_message", "an action needs 'action' (object) and 'seq' (integer)")
        elif command_id is not None and not _is_command_id(command_id):
            await self._error("bad_message", "command_id is a printable string of at most 64 characters")
        elif self.seat is None:
            await self._error(NotSeated.code, "spectators cannot act")
        else:
            arrived = time.time()
            try:
                await _in_thread(match_act)(
                    match_id=self.match_id,
                    actor=self.actor,
                    action=message["action"],
                    expected_seq=seq,
                    command_id=command_id,
                )
            except GameError as exc:
                await self._error(exc.code, exc.message)
                return
            if timing.isEnabledFor(logging.DEBUG):  # stored acts only, with their time of arrival
                timing.debug("act %s %s %s %.6f", self.match_id, seq, self.seat, arrived)
            # On success the group message brings the new state to every seat, this one included.

    async def _talk(self, talk: Talk, message: dict[str, Any]) -> None:
        try:
            replies = await _in_thread(talk.receive)(self.match_id, self.actor, message)
        except GameError as exc:
            await self._error(exc.code, exc.message)
            return
        for reply in replies:
            await self.send(text_data=json.dumps(reply, separators=(",", ":")))

    async def match_talk(self, event: dict[str, Any]) -> None:
        """Words said at the table: to this socket only when it is in their audience (players hear
        players, spectators spectators) and its actor has not muted the speaker."""
        if event["audience"] != audience_of(self.seat):
            return
        talk = talk_registered()
        speaker = event["speaker"]
        mine = bool(self._speaker) and speaker == self._speaker
        if talk is not None and self._speaker and not mine:  # an anonymous listener mutes nobody
            if self._muted is None or time.monotonic() - self._muted_at > MUTES_MAX_AGE:
                self._muted = await _in_thread(talk.muted)(self.actor)
                self._muted_at = time.monotonic()
            if speaker in self._muted:
                return
        message = {**event["message"], "mine": True} if mine else event["message"]
        await self.send(text_data=json.dumps(message, separators=(",", ":")))

    async def match_mutes(self, event: dict[str, Any]) -> None:
        if self._speaker and event["muter"] == self._speaker:
            self._muted = None  # read again before the next words are passed on

    async def match_update(self, event: dict[str, Any]) -> None:
        summary = event.get("summary")
        if event.get("refresh") or summary is None or (self.seat is None and self.sent_seq < 1):
            # Something besides the event stream changed (practice, abandoned), or a spectator's
            # table just started (the spectator may have taken a seat): read the match afresh.
            await self._send_fresh_state()
            return
        if int(summary["seq"]) <= self.sent_seq:
            return
        try:
            snapshot = snapshots.from_summary(self.match_id, summary)
            if snapshot is None:
                snapshot = await _in_thread(snapshots.caught_up)(self.match_id, summary)
            if snapshot.seq > self.sent_seq:
                await self._send_text(snapshot.seq, snapshot.message(self.seat, self.opener))
        except GameError as exc:
            await self._refused(exc)

    async def match_presence(self, event: dict[str, Any]) -> None:
        """A seat came back or went away: told as it is, to a socket that has had a state to mark."""
        if self.sent_seq >= 0:
            await self._send("presence", seat=int(event["seat"]), away=bool(event["away"]))

    async def _send_fresh_state(self) -> None:
        was_seated = self.seat is not None
        try:
            snapshot = await _in_thread(self._read)()
            text = snapshot.message(self.seat, self.opener)
        except GameError as exc:
            await self._refused(exc)
            return
        if not was_seated:
            await self._mark_present()
        await self._send_text(snapshot.seq, text)

    async def _refused(self, exc: GameError) -> None:
        """A state this socket may not be sent: the error, and when the table is no longer this
        socket's to see (spectators switched off, an embargoed table), the close as on connect."""
        await self._error(exc.code, exc.message)
        if exc.status == 403:
            await self.close(code=4403)

    def _read(self) -> snapshots.Snapshot:
        """Database work: the match afresh, and who this socket is at it."""
        match = selectors.match_get(self.match_id)
        self.seat = selectors.seat_index_of(match, self.actor)
        self.opener = self.actor.opened(match)
        return snapshots.from_match(match)

    def _throttled(self) -> bool:
        """This socket's own rate, then the budget its actor shares across all its sockets."""
        now = time.monotonic()
        window = settings.WS_THROTTLE_WINDOW
        while self._recent and now - self._recent[0] > window:
            self._recent.popleft()
        self._recent.append(now)
        if len(self._recent) > settings.WS_THROTTLE_MESSAGES:
            return True
        return socket_limits.over_budget(self._actor_key, "match", settings.WS_ACTOR_MESSAGES)

    async def _error(self, code: str, message: str) -> None:
        # The newest seq this process knows, without a query: errors must stay cheap under a flood.
        latest = snapshots.latest(self.match_id)
        seq = latest.seq if latest is not None else (self.sent_seq if self.sent_seq >= 0 else None)
        await self._send("error", code=code, message=message, seq=seq)

    async def _send_text(self, seq: int, text: str) -> None:
        self.sent_seq = max(self.sent_seq, seq)
        await self.send(text_data=text)
        if timing.isEnabledFor(logging.DEBUG):
            timing.debug("sent %s %s %s %.6f", self.match_id, seq, self.seat, time.time())

    async def _send(self, kind: str, data: Any = None, **fields: Any) -> None:
        message: dict[str, Any] = {"t": kind, **fields}
        if data is not None:
            message["d"] = data
        await self.send(text_data=wire.dumps(message))


class LobbyConsumer(_Consumer):
    """The open tables (`lobby`) on every change; with `?live=top` also the liveliest few running
    tables, with `?live=all` (`&game=`) the whole live list instead of the open tables (`live`)."""

    metrics_kind = "lobby"
    _key = ""
    _counted = False
    live_key: watchfeed.Key | None = None
    live_sent = ""

    async def connect(self) -> None:
        # Every lobby socket reads the open tables on every change: their number per actor is capped.
        self._key = socket_limits.actor_key(actor_from_request(_Scope(self.scope)), self.scope)
        await self.accept()
        if not socket_limits.lobby_sockets.enter(self._key, settings.WS_LOBBY_SOCKETS):
            limit = settings.WS_LOBBY_SOCKETS
            await self._refuse("too_many_sockets", f"at most {limit} open lobby connections")
            return
        self._counted = True
        try:
            query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
            self.live_key = watchfeed.key_of(query)
        except GameError as exc:  # the socket stays a plain lobby socket, and says why
            await self.send(text_data=json.dumps({"t": "error", "code": exc.code, "message": exc.message}))
        if self.live_key is None or self.live_key[0] != "all":
            await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
            await self.lobby_update({})
        if self.live_key is not None:
            await watchfeed.join(self)

    async def disconnect(self, code: int) -> None:
        watchfeed.leave(self)
        if self._counted:
            self._counted = False
            socket_limits.lobby_sockets.leave(self._key)
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if socket_limits.over_budget(self._key, "lobby", settings.WS_LOBBY_MESSAGES):
            await self._refuse("throttled", "too many messages on the lobby connection")
            return
        await self.send(
            text_data=json.dumps({"t": "error", "code": "read_only", "message": "the lobby is read-only"})
        )

    async def _refuse(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"t": "error", "code": code, "message": message}))
        await self.close(code=socket_limits.CLOSE_TOO_MANY)

    async def lobby_update(self, event: dict[str, Any]) -> None:
        matches = await database_sync_to_async(
            lambda: [selectors.match_summary(m) for m in selectors.open_matches()]
        )()
        await self.send(text_data=json.dumps({"t": "lobby", "d": {"matches": matches}}))


class NoRouteConsumer(AsyncWebsocketConsumer):
    """A websocket path that names no endpoint: accepted only to say so, then closed with 4404 (the
    router would raise, and the client would see the connection drop without a reason)."""

    async def connect(self) -> None:
        await self.accept()
        message = {"t": "error", "code": "not_found", "message": "no websocket endpoint at this path"}
        await self.send(text_data=json.dumps(message))
        await self.close(code=4404)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=4404)

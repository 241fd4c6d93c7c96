"""Side effects after a commit: tell the match's channel group, and signal what is due next.

Only public facts go through the group (the new `seq`, the status and the table's public summary);
every consumer then builds its own seat's view. This module is a leaf of the live-play core: the
services call it, and it calls no service. An AI seat to move is announced with the `ai_move_due`
signal (the AI service starts the move), a finished match with `match_finished`, an abandoned one
with `match_abandoned`, a human seat's turn starting at a turn-based table with `turn_due`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
from typing import TYPE_CHECKING, Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash
from django.conf import settings
from django.db import transaction

from games.selectors import match_summary
from games.services.turn_clock import turn_due_kwargs
from games.signals import ai_move_due, match_abandoned, match_finished, turn_due

if TYPE_CHECKING:
    from games.engine import GameState
    from games.models import Match

log = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


LOBBY_GROUP = "lobby"


def on_commit_after_append(match: Match, version: int, state: GameState, acted: int | None = None) -> None:
    """After the commit of an append (`acted`: the seat whose action it stored; None: the start)."""
    to_move = state.to_move
    ai_turn = isinstance(to_move, int) and any(
        s.index == to_move and (s.is_ai or s.autoplay or s.handed_to_ai) for s in match.seats.all()
    )
    match_id, status = match.pk, match.status
    delay = settings.AI_MOVE_DELAY
    if ai_turn and trick_just_completed(state):
        # Everyone sees the finished trick this long (table.js shows it as long) before the next lead.
        delay = max(delay, settings.TRICK_PAUSE)
    # The table's public summary rides along, so the sockets need not read the match row again.
    summary = match_summary(match)
    turn = turn_due_kwargs(match, acted)
    transaction.on_commit(lambda: after_append(match_id, version, status, ai_turn, delay, summary, turn))


def trick_just_completed(state: GameState) -> bool:
    public = state.view(None)
    return not public.get("trick") and bool(public.get("last_trick"))


def after_append(
    match_id: int,
    version: int,
    status: str,
    ai_turn: bool,
    delay: float = 0.0,
    summary: dict[str, Any] | None = None,
    turn: dict[str, Any] | None = None,
) -> None:
    broadcast(match_id, {"type": "match.update", "seq": version, "status": status, "summary": summary})
    if ai_turn:
        ai_move_due.send(sender=None, match_id=match_id, seq=version, delay=delay)
    if turn is not None:
        turn_due.send_robust(sender=None, **turn)
    if status == "finished":
        match_finished.send_robust(sender=None, match_id=match_id)


_server_loop: asyncio.AbstractEventLoop | None = None


def register_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Called by the consumers: the event loop the ASGI server runs them on."""
    global _server_loop
    _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    loop = _server_loop
    return loop if loop is not None and loop.is_running() else None


def broadcast(match_id: int, message: dict[str, object]) -> None:
    _group_send(group_name(match_id), message)


def _group_send(group: str, message: dict[str, object]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = server_loop()
        if isinstance(layer, RedisPubSubChannelLayer):
            _publish(layer, group, message)
        elif loop is not None and not _running_on(loop):
            # A thread of the ASGI server (an append from a socket or a request, the embedded AI
            # runner, the watchdog): hand the send to the server's loop and go on. Waiting for it
            # would hold the thread while the loop is busy; the in-memory layer's queues belong to
            # that loop and must not be touched from another one.
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            future.add_done_callback(functools.partial(_log_failure, group))
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception:  # a broadcast that fails must not undo a stored move; clients resync by seq
        log.exception("broadcast to %s failed", group)


def _publish(layer: RedisPubSubChannelLayer, group: str, message: dict[str, object]) -> None:
    """What the pub/sub layer's group_send does, from this thread and without an event loop: publish
    the serialised message on the group's channel, on the Redis host the layer's hash of that channel
    picks (the name and the shard as the layer makes them, which tests/games/test_consumers.py checks
    through the layer, over one host and two). Through the layer, every send from sync code would wait
    for the server's loop, and the layer serialises its publishes."""
    layers: dict[str, Any] = settings.CHANNEL_LAYERS
    config = layers["default"].get("CONFIG", {})
    channel = f"{config.get('prefix', 'asgi')}__group__{group}"
    hosts = config["hosts"]
    _redis(hosts[_consistent_hash(channel, len(hosts))]).publish(channel, layer.serialize(message))


@functools.cache
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)  # a thread-safe connection pool, reset after a fork


def _running_on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _log_failure(group: str, future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("broadcast to %s failed", group, exc_info=future.exception())


def broadcast_refresh(match_id: int, version: int, status: str) -> None:
    """Something besides the event stream changed (practice, abandoned): sockets read the match afresh."""
    broadcast(match_id, {"type": "match.update", "seq": version, "status": status, "refresh": True})


def broadcast_presence(match_id: int, seat: int, away: bool) -> None:
    """A seat of a running real-time table became away, or came back: its mark on every page."""
    broadcast(match_id, {"type": "match.presence", "seat": seat, "away": away})


def after_abandon(match_id: int, version: int) -> None:
    """After the commit that ended a match as abandoned: its sockets read it afresh, its listeners
    (the leagues: the round's release) hear of it."""
    broadcast_refresh(match_id, version, "abandoned")
    match_abandoned.send_robust(sender=None, match_id=match_id)


def after_hand_over(match_id: int, version: int, delay: float) -> None:
    """After the commit that handed a turn-based seat to the AI: the sockets read the table afresh,
    and the AI's move for the seat is due."""
    broadcast_refresh(match_id, version, "running")
    ai_move_due.send(sender=None, match_id=match_id, seq=version, delay=delay)


def broadcast_lobby() -> None:
    _group_send(LOBBY_GROUP, {"type": "lobby.update"})

"""The live list on the lobby socket (games/live/consumers.py `LobbyConsumer`).

A lobby socket opened with `?live=top` also gets the liveliest few tables, `?live=all` the whole live
list (`&game=<name>`: of one game) instead of the open tables, as `{"t": "live", "d": {"matches":
[...]}}`: once on connect, then whenever it changed.

No message per move: each web process runs one tick every `LIVE_TICK` seconds while it holds such a
socket. The tick reads the list once per filter in use (games/live/watchlist.py, at most once per
tick), serialises each filter's message once, and sends it only to the sockets whose last live
message differs; an unchanged list sends nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings

from games.errors import BadRequest
from games.live import watchlist
from ops import profiling

log = logging.getLogger(__name__)
T = TypeVar("T")
MODES = ("top", "all")
Key = tuple[str, str | None]  # (mode, game or None)


class Subscriber(Protocol):
    live_key: Key
    live_sent: str

    async def send(self, text_data: str | None = None) -> None: ...


_subscribers: weakref.WeakSet[Any] = weakref.WeakSet()
_ticker: asyncio.Task[None] | None = None
_texts: dict[Key, tuple[list[dict[str, Any]], str]] = {}


def key_of(query: dict[str, list[str]]) -> Key | None:
    """The socket's subscription from its query string (None: none asked for); BadRequest for a mode
    or a game that does not exist."""
    mode = (query.get("live") or [""])[0]
    game = watchlist.game_filter((query.get("game") or [""])[0])
    if not mode:
        if game:
            raise BadRequest("game filters the live list: ask for it with live=top or live=all")
        return None
    if mode not in MODES:
        raise BadRequest(f"live is one of {', '.join(MODES)}")
    return mode, game


def message(key: Key) -> str:
    """Database work: the `live` message of one subscription, serialised once per list read."""
    mode, game = key
    entries = watchlist.live_list(game)
    kept = _texts.get(key)
    if kept is not None and kept[0] is entries:
        return kept[1]
    shown = entries[: watchlist.TOP] if mode == "top" else entries
    text = json.dumps({"t": "live", "d": {"matches": shown}}, separators=(",", ":"))
    if kept is not None and kept[1] == text:
        text = kept[1]  # the same object again: the sockets' comparison stops at identity
    _texts[key] = (entries, text)
    return text


async def join(consumer: Subscriber) -> None:
    """Send the socket its first live message and keep it posted."""
    _subscribers.add(consumer)
    await _send(consumer, await _in_thread(message)(consumer.live_key))
    _start_ticker()


def leave(consumer: Subscriber) -> None:
    _subscribers.discard(consumer)


async def tick() -> None:
    """Send every subscribed socket of this process the live list, where it changed."""
    subscribers: list[Subscriber] = list(_subscribers)
    texts: dict[Key, str] = {}
    for key in {c.live_key for c in subscribers}:
        texts[key] = await _in_thread(message)(key)
    for consumer in subscribers:
        try:
            await _send(consumer, texts[consumer.live_key])
        except Exception:  # a socket closing meanwhile; the others still get theirs
            log.debug("live message not sent", exc_info=True)


def clear() -> None:
    """Forget the serialised messages (tests)."""
    _texts.clear()


async def _send(consumer: Subscriber, text: str) -> None:
    if text is consumer.live_sent or text == consumer.live_sent:
        return
    consumer.live_sent = text
    await consumer.send(text_data=text)


def _start_ticker() -> None:
    global _ticker
    loop = asyncio.get_running_loop()
    if _ticker is None or _ticker.done() or _ticker.get_loop() is not loop:
        _ticker = loop.create_task(_run())


async def _run() -> None:
    while _subscribers:
        await asyncio.sleep(max(settings.LIVE_TICK, 0.1))
        try:
            await tick()
        except Exception:  # a failed read (the database away) must not end the feed
            log.exception("live list tick failed")


def _in_thread(fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    return database_sync_to_async(profiling.in_thread(fn), thread_sensitive=False)

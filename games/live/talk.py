"""Table talk on the match socket: the client messages an app built on games adds to it (the chat app
registers itself here in its `ready()`, as the friends app registers its seat rule), and the group
messages that carry what was said. games never imports that app.

Two audiences at a table, never mixed: the seated players hear the players, the spectators hear the
spectators. The speaker's audience is decided from their seat when they speak; a socket's audience
follows its own seat when the message reaches it (the consumer decides per socket, as it builds each
seat's view). A speaker is named by an opaque key (`speaker_key`), never by a guest's token: that
token is a secret of the guest's seats, and group messages cross the channel layer.
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol

from games.live.actors import Actor
from games.live.dispatch import broadcast

PLAYERS = "players"
SPECTATORS = "spectators"


def audience_of(seat: int | None) -> str:
    return SPECTATORS if seat is None else PLAYERS


def speaker_key(actor: Actor) -> str:
    """ "u<id>" for an account, "g<hash of its session token>" for a guest, "" for an anonymous visitor
    (who may listen but not speak: there is nobody to mute or report)."""
    if actor.user_id is not None:
        return f"u{actor.user_id}"
    if actor.guest_token:
        return "g" + hashlib.sha256(actor.guest_token.encode()).hexdigest()[:32]
    return ""


class Talk(Protocol):
    """What the match socket asks of the registered talk (both run in a thread: they read the database)."""

    kinds: frozenset[str]  # the client message types (`t`) it answers

    def receive(self, match_id: int, actor: Actor, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Handle one client message of one of `kinds`; the messages for this socket alone. Raises
        GameError for bad input, which then changes nothing."""
        ...

    def muted(self, actor: Actor) -> frozenset[str]:
        """The speaker keys whose words `actor` does not want to get."""
        ...


_registered: Talk | None = None


def talk_register(talk: Talk) -> None:
    global _registered
    _registered = talk


def talk_registered() -> Talk | None:
    return _registered


def talk_send(match_id: int, *, audience: str, speaker: str, message: dict[str, Any]) -> None:
    """After a commit: `message` to every socket of the match in `audience` whose actor has not muted
    `speaker` (the socket marks it `"mine": true` for the speaker's own sockets)."""
    broadcast(match_id, {"type": "match.talk", "audience": audience, "speaker": speaker, "message": message})


def talk_mutes_changed(match_id: int, *, muter: str) -> None:
    """After a commit: the sockets of `muter` at this match read their mutes again."""
    broadcast(match_id, {"type": "match.mutes", "muter": muter})

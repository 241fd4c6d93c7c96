"""The chat on the match socket (registered with games.live.talk by ChatConfig.ready):

client -> server  {"t": "chat", "text": "..."}  or  {"t": "chat", "phrase": "good_luck"}
                  {"t": "chat_history"}
server -> client  {"t": "chat", "id": n, "from": name, "seat": s or null, "text": "...",
                   "phrase": key (a quick phrase only), "at": ISO time, "mine": true (one's own)}
                  {"t": "chat_history", "audience", "messages": [...], "open", "can_write",
                   "phrases_only", "phrases": [keys]}
a refusal is the socket's {"t": "error", "code", "message", "seq"} and stores nothing.
"""

from __future__ import annotations

from typing import Any

from chat import selectors, services
from chat.errors import BadMessage
from games.live.actors import Actor

_CHAT_FIELDS = frozenset({"t", "text", "phrase"})


def _chat_fields(message: dict[str, Any]) -> tuple[str | None, str | None]:
    unknown = sorted(set(message) - _CHAT_FIELDS, key=str)
    if unknown:
        raise BadMessage(f"unknown field {str(unknown[0])[:40]!r}")
    text, phrase = message.get("text"), message.get("phrase")
    if not (text is None or isinstance(text, str)) or not (phrase is None or isinstance(phrase, str)):
        raise BadMessage("'text' and 'phrase' are strings")
    return text, phrase


class ChatTalk:
    kinds = frozenset({"chat", "chat_history"})

    def receive(self, match_id: int, actor: Actor, message: dict[str, Any]) -> list[dict[str, Any]]:
        if message["t"] == "chat_history":
            if len(message) > 1:
                raise BadMessage("chat_history takes no fields")
            return [selectors.chat_history(match_id=match_id, actor=actor)]
        text, phrase = _chat_fields(message)
        services.chat_post(match_id=match_id, actor=actor, text=text, phrase=phrase)
        return []  # the group message brings it to every socket of its audience, this one included

    def muted(self, actor: Actor) -> frozenset[str]:
        return selectors.muted_keys(actor)

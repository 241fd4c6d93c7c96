"""Reads of the table chat: who may speak or listen at a table and to whom, the recent messages a
socket may see, the speakers an actor mutes."""

from __future__ import annotations

from typing import Any

from chat.errors import NotFound
from chat.models import ChatMessage, ChatMute
from chat.phrases import PHRASES
from friends.models import Block
from games.errors import Forbidden
from games.live.actors import Actor
from games.live.talk import audience_of, speaker_key
from games.models import Match
from games.selectors import match_get, seat_index_of, visibility_check

HISTORY = 50  # messages a socket gets on asking
CONVERSATION_BEFORE, CONVERSATION_AFTER = 40, 10  # a report's conversation around the reported message


def phrases_only(match: Match) -> bool:
    """Only the quick phrases for the players, until the match ends: at a ranked table of three or more
    seats (two of them could signal their cards to each other in words) and at every table of a
    shared-deal event (duplicate round, daily challenge), whose results are compared with the other
    tables of the event (docs/security.md, "Table chat")."""
    return bool(match.deal_event) or (match.ranked and len(match.seats.all()) >= 3)


def listener_seat(match: Match, actor: Actor) -> int | None:
    """The actor's seat at the table (None: a spectator), once they may see the table's chat at all:
    an embargoed table's chat is its players' alone, and a spectator of a table whose spectators are
    switched off hears nothing there until the match is over (as with its view)."""
    seat = seat_index_of(match, actor)
    visibility_check(embargoed=match.embargoed, seat=seat)
    if seat is None and not match.spectators_allowed and not match.is_over:
        raise Forbidden("spectators are switched off at this table")
    return seat


def message_json(message: ChatMessage) -> dict[str, Any]:
    """A message as the socket sends it. A phrase's `text` is its English words; clients show the
    phrase's own words in their language."""
    shown: dict[str, Any] = {
        "t": "chat",
        "id": message.pk,
        "from": message.author_name,
        "seat": message.seat,
        "text": message.text or PHRASES.get(message.phrase, message.phrase),
        "at": message.created_at.isoformat(),
    }
    if message.phrase:
        shown["phrase"] = message.phrase
    return shown


def muted_keys(actor: Actor) -> frozenset[str]:
    """The speakers whose words the actor does not get: those they muted, and for an account the
    players it blocked or who blocked it (friends.Block)."""
    key = speaker_key(actor)
    if not key:
        return frozenset()
    keys = set(ChatMute.objects.filter(muter_key=key).values_list("muted_key", flat=True))
    if actor.user_id is not None:
        blocks = Block.objects.filter(blocker_id=actor.user_id).values_list("blocked_id", flat=True)
        blockers = Block.objects.filter(blocked_id=actor.user_id).values_list("blocker_id", flat=True)
        keys |= {f"u{pk}" for pk in (*blocks, *blockers)}
    return frozenset(keys)


def chat_history(*, match_id: int, actor: Actor) -> dict[str, Any]:
    """The last HISTORY messages the actor may see at the table (players': the players' chat,
    spectators': the spectators'), without muted speakers, oldest first; and what they may send."""
    match = match_get(match_id)
    seat = listener_seat(match, actor)
    me = speaker_key(actor)
    recent = (
        ChatMessage.objects.filter(match=match, audience=audience_of(seat))
        .exclude(author_key__in=muted_keys(actor))
        .order_by("-id")[:HISTORY]
    )
    messages = [
        {**message_json(m), "mine": True} if me and m.author_key == me else message_json(m) for m in recent
    ]
    return {
        "t": "chat_history",
        "audience": audience_of(seat),
        "messages": messages[::-1],
        "open": not match.is_over,
        "can_write": bool(me),
        "phrases_only": seat is not None and phrases_only(match),
        "phrases": list(PHRASES),
    }


def visible_message(*, message_id: int, actor: Actor, match_id: int | None = None) -> ChatMessage:
    """A message of the table's chat the actor may see now (of `match_id` when given), else NotFound:
    a message of another audience, or of a table they may not see, is as unknown as a missing one."""
    message = ChatMessage.objects.filter(pk=message_id).first()
    if message is None or (match_id is not None and message.match_id != match_id):
        raise NotFound(f"no chat message {message_id} at this table")
    try:
        seat = listener_seat(match_get(message.match_id), actor)
    except Forbidden as exc:  # an embargoed table, spectators switched off
        raise NotFound(f"no chat message {message_id} at this table") from exc
    if audience_of(seat) != message.audience:
        raise NotFound(f"no chat message {message_id} at this table")
    return message


def conversation(message: ChatMessage) -> list[dict[str, Any]]:
    """The messages of the reported one's audience around it (muted ones too: staff read them all),
    oldest first, each with its author's key so that staff tell two speakers of one name apart."""
    same = ChatMessage.objects.filter(match_id=message.match_id, audience=message.audience)
    before = list(same.filter(id__lte=message.pk).order_by("-id")[:CONVERSATION_BEFORE])[::-1]
    after = list(same.filter(id__gt=message.pk).order_by("id")[:CONVERSATION_AFTER])
    return [{**message_json(m), "author": m.author_key} for m in before + after]


def mutes_of(actor: Actor) -> list[dict[str, Any]]:
    key = speaker_key(actor)
    mutes = ChatMute.objects.filter(muter_key=key).order_by("-created_at") if key else ChatMute.objects.none()
    return [{"id": m.pk, "name": m.muted_name, "created_at": m.created_at.isoformat()} for m in mutes]

"""Writes of the table chat: saying something at a table, muting a speaker, reporting a message.

Each checks in the order a reader would: the input's own shape, who speaks, whether the table is
theirs to speak at, whether it is still running, the rules of that table, the rate. Refused, nothing
is stored and nothing sent; stored, the words go to their audience after the commit."""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import IntegrityError, transaction

from chat import selectors
from chat.errors import (
    BadMessage,
    EmptyText,
    MatchOver,
    NotAuthenticated,
    NotFound,
    OwnMessage,
    PhrasesOnly,
    TextTooLong,
    Throttled,
    UnknownPhrase,
)
from chat.models import MAX_TEXT, ChatMessage, ChatMute, ChatReport
from chat.phrases import PHRASES
from games.identity.names import cleaned
from games.live.actors import Actor
from games.live.socket_limits import over_budget
from games.live.talk import audience_of, speaker_key, talk_mutes_changed, talk_send
from games.selectors import match_get


def _speaker(actor: Actor, doing: str) -> str:
    key = speaker_key(actor)
    if not key:
        raise NotAuthenticated(f"log in, or sit at a table as a guest, to {doing}")
    return key


def chat_text_clean(text: str) -> str:
    """The words as stored and shown: at most MAX_TEXT characters as typed (else TextTooLong), on one
    line, without control, invisible and BiDi control characters (an override would turn around the
    rest of the line on every screen), not empty (else EmptyText)."""
    if len(text) > MAX_TEXT:
        raise TextTooLong(f"a chat message has at most {MAX_TEXT} characters, this one {len(text)}")
    if any(unicodedata.category(c) == "Cs" for c in text):  # a lone surrogate: not text at all
        raise BadMessage("the text is not valid Unicode")
    words = cleaned(text)
    if not words:
        raise EmptyText("the message is empty")
    return words


def chat_post(
    *, match_id: int, actor: Actor, text: str | None = None, phrase: str | None = None
) -> ChatMessage:
    """Say `text` or the quick phrase `phrase` at the table: a seated player to the players, anyone
    else to the spectators."""
    if (text is None) == (phrase is None):
        raise BadMessage("a chat message has either 'text' or 'phrase'")
    if phrase is not None and phrase not in PHRASES:
        raise UnknownPhrase(f"no quick phrase {phrase[:40]!r}; they are: {', '.join(PHRASES)}")
    words = chat_text_clean(text) if text is not None else ""
    key = _speaker(actor, "chat")
    match = match_get(match_id)
    seat = selectors.listener_seat(match, actor)
    if match.is_over:
        raise MatchOver("the match is over: its chat is closed")
    if words and seat is not None and selectors.phrases_only(match):
        raise PhrasesOnly("at this table the players chat with the quick phrases only, until the match ends")
    if over_budget(key, "chat", settings.CHAT_MESSAGES):
        limit, window = settings.CHAT_MESSAGES, round(settings.WS_THROTTLE_WINDOW)
        raise Throttled(f"too many chat messages: at most {limit} in {window} seconds")
    name = next((s.display_name for s in match.seats.all() if s.index == seat), "") or actor.display_name
    message = ChatMessage.objects.create(
        match=match,
        audience=audience_of(seat),
        author_key=key,
        author_user_id=actor.user_id,
        author_name=cleaned(name)[:40] or "?",
        seat=seat,
        text=words,
        phrase=phrase or "",
    )
    shown = selectors.message_json(message)
    audience = message.audience
    transaction.on_commit(lambda: talk_send(match.pk, audience=audience, speaker=key, message=shown))
    return message


def chat_mute(*, actor: Actor, message_id: int) -> tuple[ChatMute, bool]:
    """Get no more words from the author of a message one can see, at any table. (mute, made now)"""
    key = _speaker(actor, "mute a player")
    message = selectors.visible_message(message_id=message_id, actor=actor)
    if message.author_key == key:
        raise OwnMessage("you cannot mute yourself")
    try:
        with transaction.atomic():
            mute = ChatMute.objects.create(
                muter_key=key,
                muter_user_id=actor.user_id,
                muted_key=message.author_key,
                muted_user_id=message.author_user_id,
                muted_name=message.author_name,
                match_id=message.match_id,
            )
    except IntegrityError:  # muted already (or at the same moment from another window)
        return ChatMute.objects.get(muter_key=key, muted_key=message.author_key), False
    match_id = message.match_id
    transaction.on_commit(lambda: talk_mutes_changed(match_id, muter=key))
    return mute, True


def chat_unmute(*, actor: Actor, mute_id: int) -> None:
    key = _speaker(actor, "unmute a player")
    mute = ChatMute.objects.filter(pk=mute_id, muter_key=key).first()
    if mute is None:
        raise NotFound(f"no mute {mute_id} of yours")
    match_id = mute.match_id
    mute.delete()
    if match_id is not None:
        transaction.on_commit(lambda: talk_mutes_changed(match_id, muter=key))


def chat_report(*, match_id: int, actor: Actor, message_id: int, reason: str = "") -> tuple[ChatReport, bool]:
    """Report a message of the table to staff, with the conversation around it. Reporting the same
    message again changes nothing. (report, made now)"""
    # The table first, as every route of a table answers (NotFound, Embargoed, spectators switched off).
    selectors.listener_seat(match_get(match_id), actor)
    key = _speaker(actor, "report a message")
    message = selectors.visible_message(message_id=message_id, actor=actor, match_id=match_id)
    if message.author_key == key:
        raise OwnMessage("you cannot report your own message")
    reason = cleaned(reason)[:MAX_TEXT]
    found = ChatReport.objects.filter(message=message, reporter_key=key).first()
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            report = ChatReport.objects.create(
                match_id=match_id,
                message=message,
                reporter_key=key,
                reporter_user_id=actor.user_id,
                reporter_name=cleaned(actor.display_name)[:40] or "?",
                reason=reason,
                conversation=selectors.conversation(message),
            )
    except IntegrityError:  # the same report at the same moment
        return ChatReport.objects.get(message=message, reporter_key=key), False
    return report, True

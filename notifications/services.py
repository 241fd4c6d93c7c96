"""Writes: notify a player, mark notifications read, set the channels per kind, push subscriptions.

`notify` is what the other apps call (friends, leagues, challenges; the turn-based tables through the
`turn_due` signal): it stores the in-site notification in the caller's transaction and, after the
commit, hands e-mail and push to the delivery (notifications.dispatch). It never sends anything itself,
so a request or a challenge's close never waits on a mail server."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from notifications import dispatch, selectors
from notifications.errors import (
    BadRequest,
    BadSubscription,
    NotFound,
    PushUnavailable,
    UnknownChannel,
    UnknownKind,
)
from notifications.kinds import CHANNELS, Channel
from notifications.models import ChannelSetting, Notification, PushSubscription, Reader
from notifications.mutes import is_muted
from notifications.push import push_available

MAX_KEY = 200
MAX_URL = 300
MAX_ENDPOINT = 1000
#: players per query (SQLite takes a few hundred parameters a query at most on old versions)
CHUNK = 400


@dataclass(frozen=True)
class Note:
    """One notification to make: for `user_id`, of `kind`, keyed by `key` (the event's name: the same
    key for the same player is made once). `actor_id`: the player it comes from, if any (a reader who
    blocked them, or whom they blocked, gets nothing: notifications.mutes)."""

    user_id: int
    kind: str
    params: Mapping[str, Any]
    url: str
    key: str
    actor_id: int | None = None


def _check(note: Note) -> None:
    if note.kind not in CHANNELS:
        raise ValueError(f"unknown notification kind {note.kind!r}")
    parts = urlsplit(note.url)
    if not note.url.startswith("/") or note.url.startswith("//") or parts.scheme or parts.netloc:
        raise ValueError(f"a notification links to a path on this site, not {note.url!r}")
    if len(note.url) > MAX_URL or not note.key or len(note.key) > MAX_KEY:
        raise ValueError("a notification's url or key is too long, or its key empty")


def notify(
    *,
    user: User | int | None,
    kind: str,
    params: Mapping[str, Any],
    url: str,
    key: str,
    actor: User | int | None = None,
) -> Notification | None:
    """Notify one player of one event. None when nothing was made: a guest (no account), the same
    event notified before, a sender the reader blocked (or who blocked them), or every channel of
    the kind switched off."""
    if user is None:
        return None
    user_id = user if isinstance(user, int) else user.pk
    actor_id = actor if isinstance(actor, int) or actor is None else actor.pk
    made = notify_many([Note(user_id=user_id, kind=kind, params=params, url=url, key=key, actor_id=actor_id)])
    return made[0] if made else None


def notify_many(notes: Sequence[Note]) -> list[Notification]:
    """notify() for many players at once (a challenge's close): per CHUNK of them one query for the
    players' choices and one insert. Returns the notifications made, in the order of `notes`."""
    for note in notes:
        _check(note)
    made: list[Notification] = []
    with transaction.atomic():
        for start in range(0, len(notes), CHUNK):
            made += _notify_chunk(notes[start : start + CHUNK])
    return made


def _notify_chunk(notes: Sequence[Note]) -> list[Notification]:
    wanted = [n for n in notes if not is_muted(n.user_id, n.actor_id)]
    if not wanted:
        return []
    user_ids = {n.user_id for n in wanted}
    choices = selectors.choices_of(user_ids, {n.kind for n in wanted})
    now = timezone.now()
    with transaction.atomic():
        taken = set(
            Notification.objects.filter(user_id__in=user_ids, key__in={n.key for n in wanted}).values_list(
                "user_id", "key"
            )
        )
        rows: dict[tuple[int, str], Notification] = {}
        for note in wanted:
            mine = choices[note.user_id][note.kind]
            if (
                (note.user_id, note.key) in taken
                or (note.user_id, note.key) in rows
                or not any(mine.values())
            ):
                continue
            rows[(note.user_id, note.key)] = Notification(
                user_id=note.user_id,
                kind=note.kind,
                params=dict(note.params),
                url=note.url,
                key=note.key,
                created_at=now,
                in_site=mine[Channel.SITE],
            )
        if not rows:
            return []
        # A racing twin of the same event is skipped by the constraint; the rows read back are ours.
        Notification.objects.bulk_create(rows.values(), ignore_conflicts=True, batch_size=500)
        stored = {
            (n.user_id, n.key): n
            for n in Notification.objects.filter(
                user_id__in={u for u, _ in rows}, key__in={k for _, k in rows}, created_at=now
            )
        }
        made = [stored[pair] for pair in rows if pair in stored]
        outward = [
            n.pk
            for n in made
            if choices[n.user_id][n.kind].get(Channel.EMAIL) or choices[n.user_id][n.kind].get(Channel.PUSH)
        ]
        if outward:
            transaction.on_commit(lambda: dispatch.delivery_start(outward))
    return made


def notifications_settle(*, user_id: int, under: str, keep_key: str = "") -> int:
    """What a notification told the player is done with (a request answered, an invitation taken or
    declined, a turn played): their unread notifications keyed `under` or below it (`your_turn:5`
    takes `your_turn:5:12`, never `your_turn:50:1`), all but `keep_key`, are marked read, so the bell
    counts only what still waits for them."""
    waiting = Notification.objects.filter(
        Q(key=under) | Q(key__startswith=f"{under}:"), user_id=user_id, read_at__isnull=True
    ).exclude(key=keep_key)
    return waiting.update(read_at=timezone.now())


# --- reading ----------------------------------------------------------------------------------------


def notifications_read(*, user: User, ids: Sequence[int] | None) -> int:
    """Mark the player's notifications `ids` read (all of them when None). Any id that is not one of
    theirs refuses the whole request: nothing changes. Returns how many were unread."""
    mine = Notification.objects.filter(user=user, in_site=True)
    if ids is not None:
        wanted = set(ids)
        if not wanted:
            raise BadRequest("name at least one notification, or all")
        found = set(mine.filter(pk__in=wanted).values_list("pk", flat=True))
        missing = sorted(wanted - found)
        if missing:
            shown = ", ".join(str(i) for i in missing[:10])
            raise NotFound(f"no notification of yours with the id {shown}", ids=missing[:10])
        mine = mine.filter(pk__in=wanted)
    return mine.filter(read_at__isnull=True).update(read_at=timezone.now())


def notification_open(*, user: User, notification_id: int) -> Notification:
    """The player follows a notification: it is read from now on."""
    found = Notification.objects.filter(user=user, in_site=True, pk=notification_id).first()
    if found is None:
        raise NotFound("no such notification")
    if found.read_at is None:
        found.read_at = timezone.now()
        found.save(update_fields=["read_at"])
    return found


# --- channels per kind ------------------------------------------------------------------------------


def choices_check(choices: object) -> dict[str, dict[str, bool]]:
    """`{kind: {channel: bool}}` as a player may send it; any unknown kind or channel, a channel the
    kind is never sent on, or a value other than true/false refuses the whole of it."""
    if not isinstance(choices, Mapping) or not choices:
        raise BadRequest("preferences: an object of kinds, each an object of channels")
    checked: dict[str, dict[str, bool]] = {}
    for kind, channels in choices.items():
        if kind not in CHANNELS:
            raise UnknownKind(f"no notification kind {str(kind)[:40]!r}", kind=str(kind)[:40])
        if not isinstance(channels, Mapping) or not channels:
            raise BadRequest(f"preferences.{kind}: an object of channels, each true or false")
        for channel, on in channels.items():
            if channel not in CHANNELS[kind]:
                raise UnknownChannel(
                    f"{kind} is not sent by {str(channel)[:40]!r}",
                    kind=kind,
                    channel=str(channel)[:40],
                )
            if not isinstance(on, bool):
                raise BadRequest(f"preferences.{kind}.{channel}: true or false")
            checked.setdefault(kind, {})[channel] = on
    return checked


def preferences_set(*, user: User, choices: object) -> dict[str, dict[str, bool]]:
    """Set the channels named (the others stay as they are); returns every choice afterwards."""
    checked = choices_check(choices)
    with transaction.atomic():
        for kind, channels in checked.items():
            for channel, on in channels.items():
                ChannelSetting.objects.update_or_create(
                    user=user, kind=kind, channel=channel, defaults={"enabled": on}
                )
    return selectors.choices_of({user.pk}, set(CHANNELS))[user.pk]


def email_unsubscribe(*, user_id: int, kind: str) -> None:
    """The e-mail's unsubscribe link: no more e-mail of this kind."""
    if kind not in CHANNELS or Channel.EMAIL not in CHANNELS[kind]:
        raise UnknownKind(f"no notification kind {kind[:40]!r} goes by e-mail")
    ChannelSetting.objects.update_or_create(
        user_id=user_id, kind=kind, channel=Channel.EMAIL, defaults={"enabled": False}
    )


def reader_language_note(*, user_id: int, language: str) -> None:
    """Remember the language of the site the player uses, for their e-mails and pushes (a cache
    entry spares the database the write while it stays the same)."""
    language = (language or settings.LANGUAGE_CODE).split("-")[0]
    if language not in dict(settings.LANGUAGES):
        return
    cache_key = f"notifications:language:{user_id}"
    if cache.get(cache_key) == language:
        return
    Reader.objects.update_or_create(user_id=user_id, defaults={"language": language})
    cache.set(cache_key, language, timeout=24 * 3600)


# --- push subscriptions -----------------------------------------------------------------------------


def _key_bytes(value: object, name: str, length: int) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise BadSubscription(f"keys.{name}: the browser's base64url key")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as exc:
        raise BadSubscription(f"keys.{name} is not base64url") from exc
    if len(raw) != length or (name == "p256dh" and raw[0] != 4):
        raise BadSubscription(f"keys.{name} is not a key of the Web Push kind")
    return value.rstrip("=")


def endpoint_check(endpoint: object) -> str:
    """An https URL of a known push service (WEBPUSH_ENDPOINT_HOSTS): the server posts to it, so it
    must never be an address of the player's choosing."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise BadSubscription("endpoint: the subscription's https URL")
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    known = any(host == h or host.endswith("." + h) for h in settings.WEBPUSH_ENDPOINT_HOSTS)
    if parts.scheme != "https" or not known or parts.username or parts.password or parts.port:
        raise BadSubscription("endpoint: not a push service this server sends to")
    return endpoint


def push_subscribe(*, user: User, endpoint: object, keys: object) -> PushSubscription:
    """Store a browser's subscription for the player (a browser that was another account's before is
    this player's now: the subscription belongs to whoever subscribed last)."""
    if not push_available():
        raise PushUnavailable("Web Push is not set up on this server")
    checked = endpoint_check(endpoint)
    if not isinstance(keys, Mapping):
        raise BadSubscription("keys: the subscription's p256dh and auth")
    p256dh = _key_bytes(keys.get("p256dh"), "p256dh", 65)
    auth = _key_bytes(keys.get("auth"), "auth", 16)
    made, _ = PushSubscription.objects.update_or_create(
        endpoint=checked,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "created_at": timezone.now(),
            "last_failure_at": None,
            "last_failure": "",
        },
    )
    return made


def push_unsubscribe(*, user: User, endpoint: object) -> None:
    if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT:
        raise BadSubscription("endpoint: the subscription's https URL")
    if not PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0]:
        raise NotFound("no such push subscription of yours")


def push_subscriptions_forget(*, user_id: int, subscription_ids: Sequence[int]) -> int:
    """On logout: the subscriptions this session made stop reaching the browser."""
    return PushSubscription.objects.filter(user_id=user_id, pk__in=list(subscription_ids)).delete()[0]

"""Reads: a player's notifications and unread count, their channel choices, their push subscriptions.
Every read is of one player's own rows: nothing here takes another player's id from a request."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from notifications import texts
from notifications.kinds import CHANNELS, DEFAULTS, Kind
from notifications.models import ChannelSetting, Notification, PushSubscription, Reader
from notifications.push import push_available

PAGE_SIZE = 20


def shown(user_id: int) -> QuerySet[Notification]:
    """The player's notifications in the site, newest first."""
    return Notification.objects.filter(user_id=user_id, in_site=True).order_by("-created_at", "-pk")


def unread_count(user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, in_site=True, read_at__isnull=True).count()


def notifications_page(user_id: int, number: int, size: int = PAGE_SIZE) -> Page[Notification]:
    """One page of the player's notifications; raises django.core.paginator.InvalidPage past the end
    (page 1 always exists, empty or not)."""
    return Paginator(shown(user_id), size, allow_empty_first_page=True).page(number)


def notification_row(note: Notification) -> dict[str, Any]:
    """One notification as the API and the page show it, its words in the active language."""
    return {
        "id": note.pk,
        "kind": note.kind,
        "title": texts.title(note.kind),
        "text": texts.body(note.kind, note.params),
        "url": note.url,
        "params": note.params,
        "created_at": note.created_at.isoformat(),
        "read": note.read_at is not None,
    }


def choices_of(user_ids: Iterable[int], kinds: Iterable[str]) -> dict[int, dict[str, dict[str, bool]]]:
    """Per player and kind, every channel the kind is sent on with the player's choice (or the
    default); a channel the kind is never sent on is absent."""
    users, wanted = set(user_ids), [k for k in dict.fromkeys(kinds) if k in CHANNELS]
    found: dict[int, dict[str, dict[str, bool]]] = {
        u: {k: {c: DEFAULTS[c] for c in CHANNELS[k]} for k in wanted} for u in users
    }
    rows = ChannelSetting.objects.filter(user_id__in=users, kind__in=wanted).values_list(
        "user_id", "kind", "channel", "enabled"
    )
    for user_id, kind, channel, enabled in rows:
        if kind in found[user_id] and channel in found[user_id][kind]:
            found[user_id][kind][channel] = enabled
    return found


def preferences(user_id: int) -> dict[str, dict[str, bool]]:
    """Every kind (in the settings page's order) with its channels and the player's choices."""
    return choices_of({user_id}, [k.value for k in Kind])[user_id]


def language_of(user_id: int) -> str:
    found = Reader.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return found or settings.LANGUAGE_CODE


def push_endpoints(user_id: int) -> list[str]:
    return list(
        PushSubscription.objects.filter(user_id=user_id)
        .order_by("created_at")
        .values_list("endpoint", flat=True)
    )


def push_public_key() -> str:
    """The key a browser subscribes with (the VAPID public key), or "" while push is off."""
    return settings.WEBPUSH_VAPID_PUBLIC_KEY.rstrip("=") if push_available() else ""

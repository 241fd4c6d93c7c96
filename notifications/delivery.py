"""Delivery of stored notifications by e-mail and push, as each reader chose, in each reader's language.

Each channel is taken over by a conditional update of the notification (`mailed_at`, `pushed_at`)
before anything is sent, so a task that runs twice (a worker lost after the send, a retry) sends each
message once. An e-mail that fails is given back for a retry; a push that fails is not retried (the
push service keeps a message for an offline browser itself)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.conf import settings
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Seat
from notifications import mail, push, selectors, texts
from notifications.kinds import Channel, Kind
from notifications.models import Notification, PushSubscription, Reader

log = logging.getLogger(__name__)


def _claim(note: Notification, field: str) -> bool:
    rows: QuerySet[Notification] = Notification.objects.filter(pk=note.pk, **{f"{field}__isnull": True})
    return rows.update(**{field: timezone.now()}) == 1


def _at_the_table(note: Notification) -> bool:
    """A player whose socket is open at the table sees their turn there: no e-mail, no push."""
    match_id = note.params.get("match")
    return isinstance(match_id, int) and (
        Seat.objects.filter(match_id=match_id, user_id=note.user_id, connections__gt=0).exists()
    )


def _mail(note: Notification) -> bool:
    """False when the mail failed (its claim is given back)."""
    if not note.user.email_verified or not _claim(note, "mailed_at"):
        return True
    try:
        mail.mail_compose(note).send()
    except Exception:
        log.exception("mailing notification %s failed", note.pk)
        Notification.objects.filter(pk=note.pk).update(mailed_at=None)
        return False
    return True


def _topic(note: Notification) -> str:
    match_id = note.params.get("match")
    return f"turn-{match_id}" if note.kind == Kind.YOUR_TURN and isinstance(match_id, int) else ""


def _push(note: Notification) -> int:
    subscriptions = list(PushSubscription.objects.filter(user_id=note.user_id))
    if not subscriptions or not push.push_available() or not _claim(note, "pushed_at"):
        return 0
    topic = _topic(note)
    # A click opens the notification through the site's list (which marks it read), when it is there.
    url = reverse("notification-open", args=[note.pk]) if note.in_site else note.url
    payload = {
        "title": texts.title(note.kind),
        "body": texts.body(note.kind, note.params),
        "url": url,
        "tag": topic or f"note-{note.pk}",
        "id": note.pk,
    }
    return sum(push.push_send(s, payload, topic=topic) for s in subscriptions)


def notifications_deliver(*, ids: Sequence[int]) -> list[int]:
    """Send what each reader chose for these notifications (skipping the ones read meanwhile).
    Returns the ids whose e-mail failed, for a retry."""
    notes = list(Notification.objects.filter(pk__in=list(ids), read_at__isnull=True).select_related("user"))
    if not notes:
        return []
    users = {n.user_id for n in notes}
    choices = selectors.choices_of(users, {n.kind for n in notes})
    languages = dict(Reader.objects.filter(user_id__in=users).values_list("user_id", "language"))
    failed = []
    for note in notes:
        mine = choices[note.user_id].get(note.kind, {})
        if not note.user.is_active or (note.kind == Kind.YOUR_TURN and _at_the_table(note)):
            continue
        with translation.override(languages.get(note.user_id, settings.LANGUAGE_CODE)):
            if mine.get(Channel.EMAIL) and not _mail(note):
                failed.append(note.pk)
            if mine.get(Channel.PUSH):
                _push(note)
    return failed

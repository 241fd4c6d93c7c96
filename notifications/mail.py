"""A notification as an e-mail, in the reader's language, through Django's mail backend (EMAIL_URL).

Every e-mail carries a link to the settings and a one-click unsubscribe link for its kind (also as
the List-Unsubscribe header, RFC 8058), signed so that it works without logging in."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse

from notifications import texts
from notifications.models import Notification

_SALT = "notifications.unsubscribe"


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=_SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[int, str] | None:
    """(user id, kind) of an unsubscribe link, or None for a link that was not ours."""
    try:
        data = signing.loads(token, salt=_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("k"), str):
        return None
    return data["u"], data["k"]


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def mail_compose(note: Notification) -> EmailMessage:
    """The e-mail of `note` in the active language (the caller activates the reader's)."""
    unsubscribe = absolute(
        reverse("notification-unsubscribe", args=[unsubscribe_token(note.user_id, note.kind)])
    )
    context = {
        "user": note.user,
        "text": texts.body(note.kind, note.params),
        "link": absolute(note.url),
        "settings_link": absolute(reverse("notification-settings")),
        "unsubscribe_link": unsubscribe,
    }
    subject = f"Kartentisch: {texts.title(note.kind)}"
    body = render_to_string("notifications/email/body.txt", context)
    return EmailMessage(
        subject,
        body,
        None,
        [note.user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )

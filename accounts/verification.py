"""E-mail verification: a signed, expiring link to the account's address; following it marks the
address verified. The token signs the account and the address it was sent to, so a link stops
working once the address changes, and it needs no table: django.core.signing with the SECRET_KEY."""

from __future__ import annotations

import datetime as dt
import enum
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.models import User

_SALT = "accounts.verification"


class Outcome(enum.Enum):
    VERIFIED = "verified"
    EXPIRED = "expired"
    INVALID = "invalid"


def verification_token(user: User) -> str:
    return signing.dumps({"u": user.pk, "e": user.email.lower()}, salt=_SALT, compress=True)


def mail_allowed(user: User, kind: str) -> bool:
    """At most one mail of this kind to one account per ACCOUNT_MAIL_INTERVAL seconds (the first
    caller in the interval takes the slot). A verification's kind names the address: a corrected
    address gets its link at once."""
    interval = settings.ACCOUNT_MAIL_INTERVAL
    return interval <= 0 or bool(cache.add(f"accounts:mail:{kind}:{user.pk}", 1, timeout=interval))


def verification_send(*, user: User, base_url: str) -> bool:
    """Mail a verification link for `user`'s address (in the active language); False when nothing
    was sent: no address, already verified, or one was sent moments ago."""
    if not user.email or user.email_verified or not mail_allowed(user, f"verify:{user.email.lower()}"):
        return False
    link = base_url.rstrip("/") + reverse("email-verify", args=[verification_token(user)])
    context: dict[str, Any] = {
        "user": user,
        "link": link,
        "days": round(settings.EMAIL_VERIFICATION_DAYS),
    }
    subject = render_to_string("accounts/email/verify_subject.txt", context).strip()
    body = render_to_string("accounts/email/verify_body.txt", context)
    send_mail(subject, body, None, [user.email])
    return True


def verification_confirm(token: str) -> tuple[Outcome, User | None]:
    """Follow a link: mark the address it was sent to verified, if the account still has it."""
    max_age = dt.timedelta(days=settings.EMAIL_VERIFICATION_DAYS)
    try:
        data = signing.loads(token, salt=_SALT, max_age=max_age)
    except signing.SignatureExpired:
        return Outcome.EXPIRED, None
    except signing.BadSignature:
        return Outcome.INVALID, None
    user = User.objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or not user.email or user.email.lower() != data.get("e"):
        return Outcome.INVALID, None
    if user.email_verified_at is None:
        User.objects.filter(pk=user.pk, email_verified_at__isnull=True).update(
            email_verified_at=timezone.now()
        )
        user.refresh_from_db(fields=["email_verified_at"])
    return Outcome.VERIFIED, user

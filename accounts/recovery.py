"""After a password reset: the reset link proved the player holds the account's address, so the
login lockout on their username (django-axes) is lifted and the address counts as verified. A
stranger who types wrong passwords for a known username locks it for LOGIN_COOLOFF_MINUTES, again
and again; a reset link always gets its owner back in."""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.utils import timezone

from accounts.models import User


def password_reset_completed(user: User) -> None:
    axes_reset(username=user.get_username())
    if user.email and user.email_verified_at is None:
        User.objects.filter(pk=user.pk).update(email_verified_at=timezone.now())
        user.email_verified_at = timezone.now()

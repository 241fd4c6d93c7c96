"""`{% notification_bell %}`: the header's bell with the unread count (nothing for a guest), kept up to
date by notifications/js/bell.js; `{% notification_head %}`: the manifest, the theme colour and the
scripts every page loads (the service worker's registration, the bell's poll)."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.utils.translation import gettext

from notifications.pwa import THEME
from notifications.selectors import unread_count

register = template.Library()


def bell_label(count: int) -> str:
    return gettext("Notifications: %(n)s unread") % {"n": count} if count else gettext("Notifications")


@register.inclusion_tag("notifications/_bell.html", takes_context=True)
def notification_bell(context: Any) -> dict[str, Any]:
    user = getattr(context.get("request"), "user", None)
    if user is None or not user.is_authenticated:
        return {"show": False}
    count = unread_count(user.pk)
    return {
        "show": True,
        "count": count,
        "label": bell_label(count),
        "poll_seconds": settings.NOTIFICATIONS_POLL_SECONDS,
    }


@register.inclusion_tag("notifications/_head.html", takes_context=True)
def notification_head(context: Any) -> dict[str, Any]:
    user = getattr(context.get("request"), "user", None)
    return {"theme": THEME, "registered": bool(user is not None and user.is_authenticated)}

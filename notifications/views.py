"""The pages: /notifications/ (the list; following one marks it read), the settings per kind and
channel, and the e-mails' unsubscribe link. Reads through selectors, writes through services."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import InvalidPage
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt, ensure_csrf_cookie
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from games.errors import GameError
from notifications import mail, selectors, services
from notifications.kinds import CHANNELS, Channel, Kind
from notifications.push import push_available


def _user(request: HttpRequest) -> User:
    user = cast(User, request.user)
    services.reader_language_note(user_id=user.pk, language=get_language() or "")
    return user


@login_required
@ensure_csrf_cookie
def notifications_index(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    try:
        number = int(request.GET.get("page", "1"))
        page = selectors.notifications_page(user.pk, number)
    except (ValueError, InvalidPage) as exc:
        raise Http404("no such page of notifications") from exc
    rows = [{**selectors.notification_row(n), "when": n.created_at} for n in page.object_list]
    context = {"page": page, "rows": rows, "unread": selectors.unread_count(user.pk)}
    return render(request, "notifications/index.html", context)


@login_required
def notification_open(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Follow a notification: it is read, and the player goes where it points."""
    try:
        found = services.notification_open(user=_user(request), notification_id=notification_id)
    except GameError as exc:
        raise Http404("no such notification") from exc
    if not url_has_allowed_host_and_scheme(found.url, allowed_hosts=None) or not found.url.startswith("/"):
        return HttpResponseRedirect(reverse("notifications"))
    return HttpResponseRedirect(found.url)


@login_required
@require_POST
def notifications_read_all(request: HttpRequest) -> HttpResponse:
    services.notifications_read(user=_user(request), ids=None)
    messages.success(request, _("Every notification is marked read."))
    return HttpResponseRedirect(reverse("notifications"))


def _rows(choices: dict[str, dict[str, bool]]) -> list[dict[str, object]]:
    """The settings form: a row per kind, a cell per channel (None where the kind is never sent)."""
    return [
        {
            "kind": kind.value,
            "name": kind.label,
            "cells": [
                {"channel": c.value, "name": c.label, "on": choices[kind].get(c)}
                if c in CHANNELS[kind]
                else None
                for c in Channel
            ],
        }
        for kind in Kind
    ]


@login_required
@ensure_csrf_cookie
@require_http_methods(["GET", "POST"])
def notification_settings(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    if request.method == "POST":
        choices = {
            kind: {channel: f"{kind}.{channel}" in request.POST for channel in channels}
            for kind, channels in CHANNELS.items()
        }
        services.preferences_set(user=user, choices=choices)
        messages.success(request, _("Your notification settings are saved."))
        return HttpResponseRedirect(reverse("notification-settings"))
    context = {
        "rows": _rows(selectors.preferences(user.pk)),
        "channels": list(Channel),
        "email_verified": user.email_verified,
        "has_email": bool(user.email),
        "push_available": push_available(),
        "push_key": selectors.push_public_key(),
    }
    return render(request, "notifications/settings.html", context)


@csrf_exempt  # the signed token is the authority: mail clients post the one-click unsubscribe (RFC 8058)
@require_http_methods(["GET", "POST"])
def email_unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = mail.unsubscribe_read(token)
    kind = Kind(found[1]) if found and found[1] in CHANNELS and Channel.EMAIL in CHANNELS[found[1]] else None
    if found is None or kind is None or not User.objects.filter(pk=found[0], is_active=True).exists():
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=404)
    done = request.method == "POST"
    if done:
        services.email_unsubscribe(user_id=found[0], kind=kind)
    context = {"kind_name": kind.label, "done": done, "token": token}
    return render(request, "notifications/unsubscribe.html", context)
